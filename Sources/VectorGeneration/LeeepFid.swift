import ConformanceJSON
import ConformanceKit

/// `leeep.fid` (docs/suites/leeep.fid.md): `not_a_string`, then `invalid_fid` unless `^[cdef][A-Za-z0-9_-]{21}$`.
///
/// Every expectation below is derived from that rule as restated here (``FIDRule``), never from
/// running a parser: a vector names the one character, length or shape it changes.
extension LeeepFid: GeneratedSuite {
  static let source = "LEEEP iOS SDK reference, Push: value は [cdef][A-Za-z0-9_-]{21}"
  /// A valid FID: `c` and 21 characters using every class the rule allows.
  static let base = "cAbCdEfGhIjKlMnOpQr_-0"
  /// A valid FID that holds none of the samples of ``positionClasses``, so replacing any of its
  /// characters with a sample always changes it.
  static let positionBase = "eaB1cD2fG3hJ4kL5mN6pR8"

  static func files() -> [GeneratedFile] {
    [
      valid(), types(), length(), firstCharacter(), lastCharacter(), positions(), lookalike(),
      tokens(), surrounding(),
    ]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source)
  }

  /// The expectation the FID rule gives a string built to be valid or not.
  static func expectation(_ text: String, valid: Bool) -> GeneratedExpectation {
    valid ? .accept(output: .string(text)) : .reject("invalid_fid")
  }

  /// `text` with the character at `offset` (an index into an ASCII string) replaced.
  static func replacing(_ text: String, at offset: Int, with replacement: String) -> String {
    let characters = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    result.append(contentsOf: characters[..<offset])
    result.append(contentsOf: replacement.unicodeScalars)
    result.append(contentsOf: characters[(offset + 1)...])
    return String(result)
  }

  // MARK: valid.json

  static func valid() -> GeneratedFile {
    var file = builder("Firebase Installation IDs that match the FID rule")
    for first in ["c", "d", "e", "f"] {
      let fid = first + String(base.dropFirst())
      file.add(
        id: "valid.first-\(first)", description: "an FID may start with \(first)",
        tags: ["valid"], input: .string(fid), expect: .accept(output: .string(fid)))
    }
    file.add(
      id: "valid.all-underscore-tail", description: "the 21 tail characters may all be '_'",
      tags: ["valid", "boundary"], input: .string("d" + String(repeating: "_", count: 21)),
      expect: .accept(output: .string("d" + String(repeating: "_", count: 21))))
    file.add(
      id: "valid.all-dash-tail", description: "the 21 tail characters may all be '-'",
      tags: ["valid", "boundary"], input: .string("e" + String(repeating: "-", count: 21)),
      expect: .accept(output: .string("e" + String(repeating: "-", count: 21))))
    let tails: [(id: String, description: String, fid: String)] = [
      ("valid.all-digit-tail", "the 21 tail characters may all be ASCII digits", "c012345678901234567890"),
      ("valid.all-uppercase-tail", "the 21 tail characters may all be uppercase letters", "dABCDEFGHIJKLMNOPQRSTU"),
      ("valid.all-lowercase-tail", "the 21 tail characters may all be lowercase letters", "eabcdefghijklmnopqrstu"),
      (
        "valid.range-edges", "A, Z, a, z, 0 and 9 (the edges of each allowed range) are allowed",
        "cAZaz09_-AZaz09_-AZaz0"
      ),
      ("valid.repeated-first", "the tail may repeat the first letter", "f" + String(repeating: "f", count: 21)),
      ("valid.all-z-tail", "'z', the last lowercase letter, fills the tail", "c" + String(repeating: "z", count: 21)),
      ("valid.all-Z-tail", "'Z', the last uppercase letter, fills the tail", "d" + String(repeating: "Z", count: 21)),
      ("valid.all-9-tail", "'9', the last ASCII digit, fills the tail", "e" + String(repeating: "9", count: 21)),
      ("valid.all-0-tail", "'0', the first ASCII digit, fills the tail", "f" + String(repeating: "0", count: 21)),
      (
        "valid.firebase-sample", "an FID shaped like those Firebase issues (base64url, 22 characters)",
        "fK3q9Xz_Rb-2mLw7TnYc0a"
      ),
      ("valid.dash-underscore-alternating", "'-' and '_' may follow each other in any order", "c-_-_-_-_-_-_-_-_-_-_-"),
    ]
    for tail in tails {
      file.add(
        id: tail.id, description: tail.description, tags: ["valid"], input: .string(tail.fid),
        expect: .accept(output: .string(tail.fid)))
    }
    return file.file(at: "\(folder)/valid.json")
  }

  // MARK: types.json

  static func types() -> GeneratedFile {
    var file = builder("JSON values that are not strings: not_a_string")
    let nonStrings: [(String, JSONValue)] = [
      ("null", .null), ("number", 12345), ("boolean", true), ("array", [.string(base)]),
      ("object", ["fid": .string(base)]), ("boolean-false", false), ("number-zero", 0),
      ("number-negative", -1), ("number-fraction", .number(JSONNumber(uncheckedLiteral: "1.5"))),
      ("number-exponent", .number(JSONNumber(uncheckedLiteral: "1e21"))), ("array-empty", []),
      ("object-empty", .object([:])),
    ]
    for (name, value) in nonStrings {
      file.add(
        id: "type.\(name)", description: "\(Wording.quoted(value)) is not a string",
        tags: ["invalid"], input: value, expect: .reject("not_a_string"))
    }
    return file.file(at: "\(folder)/types.json")
  }

  // MARK: length.json

  /// Strings of every length from 0 to 40, all made of allowed characters and starting with `c`:
  /// only 22 is an FID. Each is a prefix of `base` followed by more allowed characters.
  static func length() -> GeneratedFile {
    var file = builder("lengths 0 to 40 of allowed characters: only 22 characters is an FID")
    let long = base + "AbCdEfGhIjKlMnOpQr"
    for count in 0...40 {
      let text = String(long.prefix(count))
      let valid = count == 22
      var tags = [valid ? "valid" : "invalid"]
      if [0, 1, 21, 22, 23].contains(count) { tags.append("boundary") }
      let description: String
      switch count {
      case 0: description = "the empty string"
      case 22: description = "22 characters is the one length an FID has"
      case 21: description = "21 characters is one short of 22"
      case 23: description = "23 characters is one over 22"
      case 1: description = "1 character is not 22"
      default: description = "\(count) characters is not 22"
      }
      file.add(
        id: "length.\(count)", description: description, tags: tags, input: .string(text),
        expect: expectation(text, valid: valid))
    }
    return file.file(at: "\(folder)/length.json")
  }

  // MARK: first-character.json and last-character.json

  /// An id-safe name for an ASCII byte: the letter or digit itself, a word for the rest.
  static func asciiName(_ byte: UInt8) -> String {
    let names: [UInt8: String] = [
      0x00: "nul", 0x09: "tab", 0x0A: "newline", 0x0D: "carriage-return", 0x20: "space",
      0x21: "exclamation", 0x22: "quote", 0x23: "hash", 0x24: "dollar", 0x25: "percent",
      0x26: "ampersand", 0x27: "apostrophe", 0x28: "left-paren", 0x29: "right-paren",
      0x2A: "asterisk", 0x2B: "plus", 0x2C: "comma", 0x2D: "dash", 0x2E: "dot", 0x2F: "slash",
      0x3A: "colon", 0x3B: "semicolon", 0x3C: "less-than", 0x3D: "equals", 0x3E: "greater-than",
      0x3F: "question", 0x40: "at-sign", 0x5B: "left-bracket", 0x5C: "backslash",
      0x5D: "right-bracket", 0x5E: "caret", 0x5F: "underscore", 0x60: "backtick",
      0x7B: "left-brace", 0x7C: "pipe", 0x7D: "right-brace", 0x7E: "tilde", 0x7F: "del",
    ]
    if let name = names[byte] { return name }
    if Contract.isASCIIAlphanumeric(byte) { return String(UnicodeScalar(byte)) }
    let hex = String(byte, radix: 16, uppercase: true)
    return "control-" + String(repeating: "0", count: 2 - hex.count) + hex
  }

  /// How a description shows a character: printable ASCII quoted, anything else as U+XXXX.
  static func shown(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      if scalar.value > 0x20 && scalar.value < 0x7F { return "'\(scalar)'" }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// The rule's tail class `[A-Za-z0-9_-]`.
  static func isAllowedInTail(_ byte: UInt8) -> Bool {
    Contract.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  /// The rule's first class `[cdef]`.
  static func isAllowedFirst(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "c")...UInt8(ascii: "f")).contains(byte)
  }

  /// Every ASCII character (and a few non-ASCII ones) in the first position; `c`–`f` are in
  /// valid.json. Only `[cdef]` may start an FID, so all of these are `invalid_fid`.
  static func firstCharacter() -> GeneratedFile {
    var file = builder("the first character must be one of c d e f (case-sensitive)")
    for byte in UInt8(0)...0x7F where !isAllowedFirst(byte) {
      let first = String(UnicodeScalar(byte))
      let text = first + String(base.dropFirst())
      let description: String
      var tags = ["invalid"]
      switch byte {
      case UInt8(ascii: "C")...UInt8(ascii: "F"):
        description = "the first character must be lowercase \(first.lowercased()), not uppercase \(first)"
        tags.append("boundary")
      case UInt8(ascii: "b"), UInt8(ascii: "g"):
        description = "the first character must be one of c d e f, not its neighbour \(first)"
        tags.append("boundary")
      default:
        description = "the first character must be one of c d e f, not \(shown(first))"
      }
      if byte < 0x20 || byte == 0x7F { tags.append("security") }
      file.add(
        id: "first.\(asciiName(byte))", description: description, tags: tags, input: .string(text),
        expect: .reject("invalid_fid"))
    }
    let nonASCII: [(String, String, String)] = [
      ("non-ascii-letter", "\u{E9}", "a non-ASCII letter"),
      ("full-width-letter", "\u{FF43}", "a full-width letter"),
      ("full-width-digit", "\u{FF11}", "a full-width digit"),
    ]
    for (name, first, what) in nonASCII {
      file.add(
        id: "first.\(name)", description: "the first character must be one of c d e f, not \(what) \(shown(first))",
        tags: ["invalid", "unicode"], input: .string(first + String(base.dropFirst())),
        expect: .reject("invalid_fid"))
    }
    return file.file(at: "\(folder)/first-character.json")
  }

  /// Every ASCII character in the last position: exactly `[A-Za-z0-9_-]` is allowed, so the
  /// neighbours of each range (`@ [ ` { / : ^`) are caught.
  static func lastCharacter() -> GeneratedFile {
    var file = builder("every ASCII character as the last character: only [A-Za-z0-9_-] is allowed")
    for byte in UInt8(0)...0x7F {
      let character = String(UnicodeScalar(byte))
      let text = String(base.dropLast()) + character
      let valid = isAllowedInTail(byte)
      var tags = [valid ? "valid" : "invalid"]
      if [0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5E, 0x60, 0x61, 0x7A, 0x7B].contains(byte) {
        tags.append("boundary")
      }
      if byte < 0x20 || byte == 0x7F { tags.append("security") }
      file.add(
        id: "last.\(asciiName(byte))",
        description: valid
          ? "\(shown(character)) is allowed as the last character"
          : "\(shown(character)) is outside [A-Za-z0-9_-], so it cannot end an FID",
        tags: tags, input: .string(text), expect: expectation(text, valid: valid))
    }
    return file.file(at: "\(folder)/last-character.json")
  }

  // MARK: positions.json

  struct CharacterClass {
    let name: String
    let what: String
    let sample: String
    /// Whether `[A-Za-z0-9_-]` holds the sample; no sample is in `[cdef]`.
    let allowedInTail: Bool
    var tags: [String] = []
  }

  static let positionClasses: [CharacterClass] = [
    CharacterClass(name: "uppercase", what: "an uppercase letter", sample: "Q", allowedInTail: true),
    CharacterClass(name: "lowercase", what: "a lowercase letter outside c-f", sample: "x", allowedInTail: true),
    CharacterClass(name: "digit", what: "an ASCII digit", sample: "7", allowedInTail: true),
    CharacterClass(name: "underscore", what: "'_'", sample: "_", allowedInTail: true),
    CharacterClass(name: "dash", what: "'-'", sample: "-", allowedInTail: true),
    CharacterClass(name: "dot", what: "'.'", sample: ".", allowedInTail: false),
    CharacterClass(name: "plus", what: "'+' (base64, not base64url)", sample: "+", allowedInTail: false),
    CharacterClass(name: "slash", what: "'/' (base64, not base64url)", sample: "/", allowedInTail: false),
    CharacterClass(name: "equals", what: "'=' (base64 padding)", sample: "=", allowedInTail: false),
    CharacterClass(name: "space", what: "a space", sample: " ", allowedInTail: false),
    CharacterClass(name: "colon", what: "':' (as in an FCM token)", sample: ":", allowedInTail: false),
    CharacterClass(
      name: "non-ascii-letter", what: "the non-ASCII letter U+00E9", sample: "\u{E9}", allowedInTail: false,
      tags: ["unicode"]),
    CharacterClass(
      name: "full-width-letter", what: "the full-width letter U+FF21", sample: "\u{FF21}", allowedInTail: false,
      tags: ["unicode"]),
    CharacterClass(
      name: "full-width-digit", what: "the full-width digit U+FF17", sample: "\u{FF17}", allowedInTail: false,
      tags: ["unicode"]),
    CharacterClass(name: "nul", what: "NUL (U+0000)", sample: "\u{0}", allowedInTail: false, tags: ["security"]),
    CharacterClass(name: "newline", what: "a newline", sample: "\n", allowedInTail: false),
  ]

  /// Each class of ``positionClasses`` at each of the 22 positions of ``positionBase``: position 0
  /// takes only `[cdef]` (no sample is one), positions 1–21 take `[A-Za-z0-9_-]`.
  static func positions() -> GeneratedFile {
    var file = builder("each character class at each of the 22 positions")
    for position in 0..<22 {
      for characterClass in positionClasses {
        let text = replacing(positionBase, at: position, with: characterClass.sample)
        let valid = position > 0 && characterClass.allowedInTail
        let description: String
        if position == 0 {
          description = "position 0 holds \(characterClass.what); only c d e f may start an FID"
        } else if valid {
          description = "position \(position) holds \(characterClass.what), which [A-Za-z0-9_-] allows"
        } else {
          description = "position \(position) holds \(characterClass.what), outside [A-Za-z0-9_-]"
        }
        file.add(
          id: "position.\(position).\(characterClass.name)", description: description,
          tags: [valid ? "valid" : "invalid"] + characterClass.tags, input: .string(text),
          expect: expectation(text, valid: valid))
      }
    }
    return file.file(at: "\(folder)/positions.json")
  }

  // MARK: lookalike.json

  /// Characters that look like allowed ones but are not ASCII: all `invalid_fid`.
  static func lookalike() -> GeneratedFile {
    var file = builder("look-alike characters: the rule is on ASCII bytes, never on appearance or NFKC")
    let firsts: [(String, String, String)] = [
      ("first-cyrillic-es", "\u{441}", "Cyrillic small es, which looks like c"),
      ("first-cyrillic-ie", "\u{435}", "Cyrillic small ie, which looks like e"),
      ("first-full-width-c", "\u{FF43}", "full-width c"),
      ("first-full-width-d", "\u{FF44}", "full-width d"),
      ("first-full-width-e", "\u{FF45}", "full-width e"),
      ("first-full-width-f", "\u{FF46}", "full-width f"),
      ("first-greek-lunate-sigma", "\u{3F2}", "Greek lunate sigma, which looks like c"),
      ("first-greek-epsilon", "\u{3B5}", "Greek small epsilon, which looks like e"),
      ("first-small-capital-c", "\u{1D04}", "Latin letter small capital c"),
      ("first-roman-numeral-c", "\u{217D}", "small Roman numeral one hundred (NFKC gives c)"),
      ("first-mathematical-c", "\u{1D41C}", "mathematical bold small c (4 UTF-8 bytes)"),
      ("first-c-cedilla", "\u{E7}", "c with cedilla"),
    ]
    for (id, first, what) in firsts {
      file.add(
        id: id, description: "the first character is \(what) \(shown(first)), not ASCII",
        tags: ["invalid", "unicode", "security"], input: .string(first + String(base.dropFirst())),
        expect: .reject("invalid_fid"))
    }
    // Position 1 of `base` is `A`; each replaces it.
    let tails: [(String, String, String)] = [
      ("tail-cyrillic-a", "\u{410}", "Cyrillic capital A"),
      ("tail-greek-alpha", "\u{391}", "Greek capital alpha"),
      ("tail-cyrillic-o", "\u{43E}", "Cyrillic small o"),
      ("tail-greek-omicron", "\u{3BF}", "Greek small omicron"),
      ("tail-kelvin-sign", "\u{212A}", "Kelvin sign (NFKC gives K)"),
      ("tail-dotless-i", "\u{131}", "Latin small dotless i"),
      ("tail-full-width-low-line", "\u{FF3F}", "full-width low line, which looks like _"),
      ("tail-hyphen", "\u{2010}", "hyphen U+2010, which looks like -"),
      ("tail-non-breaking-hyphen", "\u{2011}", "non-breaking hyphen"),
      ("tail-minus-sign", "\u{2212}", "minus sign"),
      ("tail-en-dash", "\u{2013}", "en dash"),
      ("tail-full-width-hyphen-minus", "\u{FF0D}", "full-width hyphen-minus"),
      ("tail-arabic-indic-digit", "\u{663}", "Arabic-Indic digit three (a Unicode Nd digit)"),
      ("tail-devanagari-digit", "\u{967}", "Devanagari digit one (a Unicode Nd digit)"),
      ("tail-superscript-two", "\u{B2}", "superscript two"),
      ("tail-mathematical-digit", "\u{1D7CF}", "mathematical bold digit one (4 UTF-8 bytes)"),
      ("tail-combining-acute", "\u{301}", "a combining acute accent on the c before it"),
    ]
    for (id, character, what) in tails {
      let text = replacing(base, at: 1, with: character)
      file.add(
        id: id, description: "position 1 is \(what) \(shown(character)), not an allowed ASCII character",
        tags: ["invalid", "unicode", "security"], input: .string(text), expect: .reject("invalid_fid"))
    }
    let inserted: [(String, String, String)] = [
      ("inserted-zero-width-space", "\u{200B}", "a zero-width space"),
      ("inserted-soft-hyphen", "\u{AD}", "a soft hyphen"),
      ("inserted-zero-width-joiner", "\u{200D}", "a zero-width joiner"),
    ]
    for (id, character, what) in inserted {
      let text = String(base.prefix(11)) + character + String(base.dropFirst(11))
      file.add(
        id: id, description: "\(what) \(shown(character)) inside an otherwise valid FID is invisible but not allowed",
        tags: ["invalid", "unicode", "security"], input: .string(text), expect: .reject("invalid_fid"))
    }
    let twentyTwoBytes = String(base.prefix(20)) + "\u{E9}"
    file.add(
      id: "22-bytes-21-scalars",
      description: "22 UTF-8 bytes from 20 ASCII characters and U+00E9: the byte length fits, the characters do not",
      tags: ["invalid", "unicode", "boundary"], input: .string(twentyTwoBytes), expect: .reject("invalid_fid"))
    let twentyTwoUTF16 = String(base.prefix(20)) + "\u{1F600}"
    file.add(
      id: "22-utf16-units-21-scalars",
      description: "22 UTF-16 units from 20 ASCII characters and an emoji (a surrogate pair)",
      tags: ["invalid", "unicode", "boundary"], input: .string(twentyTwoUTF16), expect: .reject("invalid_fid"))
    return file.file(at: "\(folder)/lookalike.json")
  }

  // MARK: tokens.json

  static let fcmTokenSuffix =
    ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ-hQMRKRrZuJAEcl7B338qju59zJMjw2DELjzEvxwYv7hH5Ynpc1ODQ0aT4U4OFEeco8ohsN5PjL1iC2dNtk2BAokeMCg2ZXKqpc8FXKmhX94kIxQ"
  static let apnsToken = String(repeating: "0123456789abcdef", count: 4)

  /// Other push identifiers an app has at hand: only the FID is accepted (LEEEP iOS SDK reference, Push: "FCMトークン・
  /// APNsトークンは受理しません"; "installation ID・Firebase FID・端末固有ID" are different things).
  static func tokens() -> GeneratedFile {
    var file = builder("FCM registration tokens, APNs tokens and other device IDs are not FIDs")
    func reject(_ id: String, _ description: String, _ text: String) {
      file.add(
        id: id, description: description, tags: ["invalid", "integration-mistake"], input: .string(text),
        expect: .reject("invalid_fid"))
    }
    reject("fcm-registration-token", "an FCM registration token (FID:APA91b…) is not an FID", base + fcmTokenSuffix)
    reject("apns-device-token", "a 64-character APNs device token is not an FID", apnsToken)
    reject(
      "fcm-registration-token.other-fid", "an FCM registration token built on another FID is not an FID",
      "fK3q9Xz_Rb-2mLw7TnYc0a" + fcmTokenSuffix)
    reject(
      "fcm-registration-token.legacy", "a legacy GCM/FCM token (APA91b… without an FID) is not an FID",
      String(fcmTokenSuffix.dropFirst()))
    reject("fcm-registration-token.fid-colon", "an FID followed by the token's ':' is not an FID", base + ":")
    reject(
      "fcm-registration-token.cut-at-22",
      "the first 22 characters of a legacy APA91b token are not an FID (first character 'A')",
      String(fcmTokenSuffix.dropFirst().prefix(22)))
    reject(
      "apns-device-token.uppercase", "an APNs token in uppercase hex is not an FID", apnsToken.uppercased())
    reject(
      "apns-device-token.starts-with-c", "a 64-character APNs token starting with c is not an FID",
      "c" + String(apnsToken.dropFirst()))
    reject(
      "apns-device-token.description", "an APNs token as NSData describes it (<… …>) is not an FID",
      "<"
        + stride(from: 0, to: 64, by: 8).map { offset in
          String(apnsToken.dropFirst(offset).prefix(8))
        }.joined(separator: " ") + ">")
    reject(
      "apns-device-token.base64", "a 32-byte APNs token in base64 is not an FID",
      "ASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4mrze8=")
    reject(
      "apns-device-token.200-hex", "a 200-character APNs token is not an FID",
      String(repeating: "0123456789abcdef", count: 12) + "01234567")
    reject(
      "firebase-installation-auth-token", "a Firebase installation auth token (a JWT) is not an FID",
      "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJhcHBJZCI6IjE6MTIzOmlvczphYmMiLCJmaWQiOiJjQWJDZEVmR2hJaktsTW5PcFFyXy0wIn0.sig"
    )
    reject(
      "identifier-for-vendor", "a device ID (iOS identifierForVendor UUID) is not an FID",
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    reject(
      "android-id", "a device ID (16 hex characters of Settings.Secure.ANDROID_ID) is not an FID", "9774d56d682e549c")
    reject("fid-with-prefix", "an FID prefixed with 'fid:' is not an FID", "fid:" + base)
    reject("fid-json-quoted", "an FID still wrapped in JSON quotes is not an FID", "\"" + base + "\"")
    // The rule is a pattern: a hex string of the right shape matches it. The SDK cannot tell it
    // from an FID, so neither does the reference.
    let hexShaped = "cdef0123456789abcdef01"
    file.add(
      id: "hex-shaped-like-fid",
      description: "22 lowercase hex characters starting with c match the FID pattern: the rule checks shape only",
      tags: ["valid", "boundary"], input: .string(hexShaped), expect: .accept(output: .string(hexShaped)))
    let fidOfToken = String(base)
    file.add(
      id: "fcm-registration-token.fid-part",
      description: "the part of an FCM registration token before ':' is the FID itself",
      tags: ["valid"], input: .string(fidOfToken), expect: .accept(output: .string(fidOfToken)))
    return file.file(at: "\(folder)/tokens.json")
  }

  // MARK: surrounding.json

  /// White space, line ends and NUL around an otherwise valid FID: never trimmed, so all invalid.
  static func surrounding() -> GeneratedFile {
    var file = builder("characters around a valid FID: never trimmed, a trailing newline never matches $")
    let cases: [(id: String, description: String, text: String, tags: [String])] = [
      ("trailing-newline", "a trailing newline never matches the end of the pattern", base + "\n", ["boundary"]),
      ("trailing-crlf", "a trailing CR LF is not trimmed", base + "\r\n", ["boundary"]),
      ("trailing-carriage-return", "a trailing CR is not trimmed", base + "\r", ["boundary"]),
      ("leading-newline", "a leading newline is not trimmed", "\n" + base, []),
      ("leading-space", "a leading space is not trimmed", " " + base, []),
      ("trailing-space", "a trailing space is not trimmed", base + " ", []),
      ("surrounding-spaces", "spaces on both sides are not trimmed", " " + base + " ", []),
      ("leading-tab", "a leading tab is not trimmed", "\t" + base, []),
      ("trailing-tab", "a trailing tab is not trimmed", base + "\t", []),
      (
        "trailing-nul", "a trailing NUL is part of the string (C-string truncation must not hide it)", base + "\u{0}",
        ["security"]
      ),
      ("leading-nul", "a leading NUL is part of the string", "\u{0}" + base, ["security"]),
      (
        "nul-instead-of-last", "21 characters and NUL: 22 bytes, but NUL is not allowed",
        String(base.dropLast()) + "\u{0}", ["security", "boundary"]
      ),
      ("trailing-ideographic-space", "a trailing U+3000 is not trimmed", base + "\u{3000}", ["unicode"]),
      ("trailing-no-break-space", "a trailing U+00A0 is not trimmed", base + "\u{A0}", ["unicode"]),
      ("trailing-zero-width-space", "a trailing U+200B is not trimmed", base + "\u{200B}", ["unicode"]),
      ("leading-byte-order-mark", "a leading U+FEFF (BOM) is not trimmed", "\u{FEFF}" + base, ["unicode"]),
    ]
    for item in cases {
      file.add(
        id: item.id, description: item.description, tags: ["invalid"] + item.tags, input: .string(item.text),
        expect: .reject("invalid_fid"))
    }
    return file.file(at: "\(folder)/surrounding.json")
  }
}
