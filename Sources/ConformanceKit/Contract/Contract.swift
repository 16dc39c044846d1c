import ConformanceJSON
import ConformanceLowLevel

/// Constants the contract (docs/vector-format.md and docs/suites) fixes for every vector file.
public enum Contract {
  /// The value of a vector file's `format` key.
  public static let format = "conformance-vectors/1"

  /// The suites, in the contract's order.
  public static let suites: [String] = [
    "leeep.push.payload",
    "leeep.fid",
    "leeep.push.destination",
    "leeep.user-id",
    "leeep.blog-match",
    "leeep.link",
    "respondo.push.payload",
    "respondo.deep-link",
    "respondo.push.token",
    "adapty.onboarding.event",
    "fanship.sequence",
    "leeep.push.client",
    "respondo.push.session",
    "leeep.tracking",
    "leeep.tag-view",
    "adapty.presentation",
    "leeep.scroll-request",
  ]

  /// Tags with a meaning the contract defines; other tags are allowed and shown as they are.
  public static let standardTags: [String] = [
    "valid", "invalid", "foreign-scope", "legacy-schema", "boundary", "unicode", "cross-sdk",
    "integration-mistake", "security", "vendor-divergence", "explored",
  ]

  /// `^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`, checked on bytes (a trailing newline never matches).
  public static func isValidTestID(_ id: String) -> Bool {
    // On the contiguous bytes: the generic walk over a `UTF8View` cost about a thousand
    // instructions per id, and every test's id is checked.
    withUTF8Bytes(of: id, isValidTestID)
  }

  static func isValidTestID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let base = bytes.baseAddress, bytes.count <= 128, isASCIIAlphanumeric(first) else {
      return false
    }
    // Eight bytes at a time, then byte by byte: a byte loop of range checks was a fortieth of
    // a run (every test's id is checked when its file is read).
    var index = 1
    while index + 8 <= bytes.count {
      guard isTestIDWord(ByteWord.load(base, at: index)) else { return false }
      index += 8
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard
        isASCIIAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: "-")
      else { return false }
      index += 1
    }
    return true
  }

  /// Whether all eight bytes of `word` are `[A-Za-z0-9._-]`: each range test marks exactly the
  /// bytes in its range once the word is known to be ASCII (``ByteWord/within(_:_:inASCII:)``).
  @inline(__always)
  private static func isTestIDWord(_ word: UInt64) -> Bool {
    guard ByteWord.nonASCII(word) == 0 else { return false }
    let allowed =
      ByteWord.within(0x30, 0x39, inASCII: word) | ByteWord.within(0x41, 0x5A, inASCII: word)
      | ByteWord.within(0x61, 0x7A, inASCII: word) | ByteWord.within(0x2E, 0x2E, inASCII: word)
      | ByteWord.within(0x5F, 0x5F, inASCII: word) | ByteWord.within(0x2D, 0x2D, inASCII: word)
    return allowed == 0x8080_8080_8080_8080
  }

  static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }
}
