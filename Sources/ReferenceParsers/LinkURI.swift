/// The URI reader of `leeep.link` (docs/suites/leeep.link.md): RFC 3986 restricted to what the contract accepts,
/// read on the string's UTF-8 bytes. Foundation's `URL`/`URLComponents` are not used on purpose:
/// their leniency (spaces, backslashes, IDNA, dot-segment removal) differs across platforms.
///
/// Both tapped URLs and route patterns go through this reader; a pattern may also hold `{name}`
/// placeholders as whole path segments and whole query values.
enum LinkURI {
  /// Why a string is not an accepted URI or pattern, in words (shown in context errors).
  struct Failure: Error, Sendable, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  enum Scheme: Sendable, Equatable {
    case http, https

    /// `80` for http, `443` for https: written or not, the default port is the same origin.
    var defaultPort: [UInt8] { self == .http ? Array("80".utf8) : Array("443".utf8) }
  }

  /// Scheme, host and port as compared: scheme and host in ASCII lowercase, the port as its
  /// decimal digits without leading zeros, `nil` when absent, empty or the scheme's default.
  struct Origin: Sendable, Equatable {
    var scheme: Scheme
    var host: [UInt8]
    var port: [UInt8]?
  }

  /// The five components of an absolute URI with an authority, as raw byte slices.
  struct Components {
    var scheme: ArraySlice<UInt8>
    var authority: ArraySlice<UInt8>
    var path: ArraySlice<UInt8>
    var query: ArraySlice<UInt8>?
    var fragment: ArraySlice<UInt8>?
  }

  /// Splits `scheme "://" authority path [ "?" query ] [ "#" fragment ]` (RFC 3986 section 3).
  /// A string without `scheme:` (relative, scheme-relative `//host/…`) or without `//` after it
  /// (`https:host/…`, `javascript:…`) has no host, which the contract requires.
  static func split(_ bytes: [UInt8]) throws(Failure) -> Components {
    guard let colon = bytes.firstIndex(of: ASCII.colon) else {
      throw Failure("not an absolute URI: no scheme")
    }
    let scheme = bytes[..<colon]
    guard let first = scheme.first, ASCII.isLetter(first),
      scheme.allSatisfy({
        ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == ASCII.plus || $0 == ASCII.hyphen || $0 == ASCII.dot
      })
    else { throw Failure("not an absolute URI: invalid scheme") }
    let rest = bytes[(colon + 1)...]
    guard rest.starts(with: [ASCII.slash, ASCII.slash]) else {
      throw Failure("no authority: `//host` must follow the scheme")
    }
    let authorityStart = rest.startIndex + 2
    let authorityEnd =
      rest[authorityStart...].firstIndex {
        $0 == ASCII.slash || $0 == ASCII.question || $0 == ASCII.hash
      } ?? rest.endIndex
    let pathEnd =
      rest[authorityEnd...].firstIndex { $0 == ASCII.question || $0 == ASCII.hash } ?? rest.endIndex
    var components = Components(
      scheme: scheme, authority: rest[authorityStart..<authorityEnd], path: rest[authorityEnd..<pathEnd],
      query: nil, fragment: nil)
    var cursor = pathEnd
    if cursor < rest.endIndex, rest[cursor] == ASCII.question {
      let queryEnd = rest[(cursor + 1)...].firstIndex(of: ASCII.hash) ?? rest.endIndex
      components.query = rest[(cursor + 1)..<queryEnd]
      cursor = queryEnd
    }
    if cursor < rest.endIndex {
      components.fragment = rest[(cursor + 1)...]
    }
    return components
  }

  /// The origin of `components`: an http(s) scheme (any ASCII case), no userinfo, a host (a
  /// registered name of unreserved characters, or an IPv6 literal), an optional decimal port.
  static func origin(of components: Components) throws(Failure) -> Origin {
    let scheme: Scheme
    switch Array(components.scheme.map(ASCII.lowercased)) {
    case Array("https".utf8): scheme = .https
    case Array("http".utf8): scheme = .http
    default: throw Failure("scheme is not http or https")
    }
    let authority = components.authority
    guard !authority.contains(ASCII.at) else { throw Failure("userinfo (`@`) in the authority") }
    let host: ArraySlice<UInt8>
    let portText: ArraySlice<UInt8>?
    if authority.first == ASCII.leftBracket {
      guard let close = authority.firstIndex(of: ASCII.rightBracket) else {
        throw Failure("IPv6 literal without `]`")
      }
      host = authority[...close]
      guard isIPv6Address(authority[(authority.startIndex + 1)..<close]) else {
        throw Failure("invalid IPv6 literal")
      }
      let after = authority[(close + 1)...]
      if after.isEmpty {
        portText = nil
      } else if after.first == ASCII.colon {
        portText = after.dropFirst()
      } else {
        throw Failure("unexpected text after the IPv6 literal")
      }
    } else if let colon = authority.firstIndex(of: ASCII.colon) {
      host = authority[..<colon]
      portText = authority[(colon + 1)...]
    } else {
      host = authority
      portText = nil
    }
    guard !host.isEmpty else { throw Failure("empty host") }
    if host.first != ASCII.leftBracket {
      guard !host.contains(ASCII.percent) else { throw Failure("percent-encoding in the host") }
      guard host.allSatisfy(ASCII.isUnreserved) else {
        throw Failure("host has a character other than letters, digits, `-`, `.`, `_`, `~`")
      }
    }
    return Origin(
      scheme: scheme, host: host.map(ASCII.lowercased), port: try port(portText, default: scheme.defaultPort))
  }

  /// RFC 3986 `port = *DIGIT`. An empty port is no port (RFC 3986 6.2.3); leading zeros do not
  /// change the number; the default port of the scheme is no port; above 65535 is no TCP port.
  static func port(_ text: ArraySlice<UInt8>?, default defaultPort: [UInt8]) throws(Failure) -> [UInt8]? {
    guard let text, !text.isEmpty else { return nil }
    guard text.allSatisfy(ASCII.isDigit) else { throw Failure("port is not ASCII digits") }
    var digits = Array(text.drop { $0 == ASCII.zero })
    if digits.isEmpty { digits = [ASCII.zero] }
    if digits.count > 5 || (digits.count == 5 && Array("65535".utf8).lexicographicallyPrecedes(digits)) {
      throw Failure("port is above 65535")
    }
    return digits == defaultPort ? nil : digits
  }

  /// The path's segments as raw text: the empty path and `/` have none; one trailing `/` is
  /// ignored (`/blog/x/` is `blog`, `x`); a second one is an empty segment. `isPlaceholder`
  /// lets a pattern's `{name}` segments through the character check.
  static func segments(
    of path: ArraySlice<UInt8>, isPlaceholder: (ArraySlice<UInt8>) -> Bool = { _ in false }
  ) throws(Failure) -> [ArraySlice<UInt8>] {
    guard !path.isEmpty else { return [] }
    var segments = path.dropFirst().split(separator: ASCII.slash, omittingEmptySubsequences: false)
    for segment in segments where !isPlaceholder(segment) {
      guard isValid(segment, allowing: ASCII.isPathCharacter) else {
        throw Failure("path has a character outside RFC 3986 or a bad `%` escape")
      }
      if isDotSegment(segment) { throw Failure("path has a `.` or `..` segment") }
    }
    if segments.last?.isEmpty == true { segments.removeLast() }
    return segments
  }

  /// A query or fragment: RFC 3986 `*( pchar / "/" / "?" )`.
  static func isValidQueryOrFragment(_ text: ArraySlice<UInt8>) -> Bool {
    isValid(text) { ASCII.isPathCharacter($0) || $0 == ASCII.slash || $0 == ASCII.question }
  }

  /// `.` or `..`, raw or percent-encoded (`%2e`, `%2E%2e`, `.%2E`…).
  static func isDotSegment(_ segment: ArraySlice<UInt8>) -> Bool {
    guard let decoded = percentDecoded(segment) else { return false }
    return decoded == [ASCII.dot] || decoded == [ASCII.dot, ASCII.dot]
  }

  /// Every byte is `allowed` or starts a `%HH` escape (two hexadecimal digits, either case).
  static func isValid(_ text: ArraySlice<UInt8>, allowing allowed: (UInt8) -> Bool) -> Bool {
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      if byte == ASCII.percent {
        guard text.endIndex - index >= 3, ASCII.isHexDigit(text[index + 1]), ASCII.isHexDigit(text[index + 2])
        else { return false }
        index += 3
      } else {
        guard allowed(byte) else { return false }
        index += 1
      }
    }
    return true
  }

  /// The bytes `text` stands for, each `%HH` replaced by its byte (decoded once: `%252F` is
  /// `%2F`); `nil` for a bad escape.
  static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == ASCII.percent {
        guard text.endIndex - index >= 3, let high = ASCII.hexValue(text[index + 1]),
          let low = ASCII.hexValue(text[index + 2])
        else { return nil }
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(text[index])
        index += 1
      }
    }
    return bytes
  }

  /// The text `bytes` encode when they are well-formed UTF-8 (RFC 3629: no overlong forms, no
  /// surrogates, nothing above U+10FFFF, no truncated or stray bytes); `nil` otherwise.
  static func decodedUTF8(_ bytes: [UInt8]) -> String? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        secondRange = 0x80...0x9F
      case 0xF0:
        length = 4
        secondRange = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        secondRange = 0x80...0x8F
      default: return nil
      }
      guard bytes.count - index >= length else { return nil }
      if length > 1 {
        guard secondRange.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
          return nil
        }
      }
      index += length
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// RFC 3986 `IPv6address` (no zone identifier, no IPvFuture): eight 16-bit groups of 1–4
  /// hexadecimal digits, at most one `::` standing for one or more zero groups, the last two
  /// groups optionally written as a dotted IPv4 address.
  static func isIPv6Address(_ text: ArraySlice<UInt8>) -> Bool {
    let doubleColon: [UInt8] = [ASCII.colon, ASCII.colon]
    var head = text
    var tail: ArraySlice<UInt8>? = nil
    if let range = text.firstRange(of: doubleColon) {
      head = text[..<range.lowerBound]
      tail = text[range.upperBound...]
      if tail!.firstRange(of: doubleColon) != nil { return false }
    }
    func groups(_ part: ArraySlice<UInt8>, mayEndWithIPv4: Bool) -> Int? {
      if part.isEmpty { return 0 }
      let pieces = part.split(separator: ASCII.colon, omittingEmptySubsequences: false)
      var count = 0
      for (offset, piece) in pieces.enumerated() {
        if mayEndWithIPv4, offset == pieces.count - 1, piece.contains(ASCII.dot) {
          guard isIPv4Address(piece) else { return nil }
          count += 2
        } else {
          guard (1...4).contains(piece.count), piece.allSatisfy(ASCII.isHexDigit) else { return nil }
          count += 1
        }
      }
      return count
    }
    guard let headCount = groups(head, mayEndWithIPv4: tail == nil) else { return false }
    guard let tail else { return headCount == 8 }
    guard let tailCount = groups(tail, mayEndWithIPv4: true) else { return false }
    return headCount + tailCount <= 7
  }

  /// Dotted-decimal IPv4 (RFC 3986 `dec-octet`: 0–255 without leading zeros).
  static func isIPv4Address(_ text: ArraySlice<UInt8>) -> Bool {
    let octets = text.split(separator: ASCII.dot, omittingEmptySubsequences: false)
    guard octets.count == 4 else { return false }
    return octets.allSatisfy { octet in
      guard (1...3).contains(octet.count), octet.allSatisfy(ASCII.isDigit) else { return false }
      if octet.count > 1, octet.first == ASCII.zero { return false }
      return octet.count < 3 || !Array("255".utf8).lexicographicallyPrecedes(octet)
    }
  }

  /// Byte classes and constants, ASCII only.
  enum ASCII {
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")
    static let hash = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let percent = UInt8(ascii: "%")
    static let dot = UInt8(ascii: ".")
    static let plus = UInt8(ascii: "+")
    static let hyphen = UInt8(ascii: "-")
    static let zero = UInt8(ascii: "0")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let leftBracket = UInt8(ascii: "[")
    static let rightBracket = UInt8(ascii: "]")
    static let leftBrace = UInt8(ascii: "{")
    static let rightBrace = UInt8(ascii: "}")
    static let underscore = UInt8(ascii: "_")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case 0x30...0x39: byte - 0x30
      case 0x41...0x46: byte - 0x41 + 10
      case 0x61...0x66: byte - 0x61 + 10
      default: nil
      }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// RFC 3986 `unreserved`: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
      isLetter(byte) || isDigit(byte) || byte == hyphen || byte == dot || byte == underscore
        || byte == UInt8(ascii: "~")
    }

    /// RFC 3986 `sub-delims`: `! $ & ' ( ) * + , ; =`.
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
        UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
        UInt8(ascii: "="):
        true
      default: false
      }
    }

    /// RFC 3986 `pchar` without `pct-encoded` (escapes are checked separately).
    static func isPathCharacter(_ byte: UInt8) -> Bool {
      isUnreserved(byte) || isSubDelimiter(byte) || byte == colon || byte == at
    }
  }
}
