import ConformanceJSON
import ConformanceKit

/// `leeep.user-id` (docs/suites/leeep.user-id.md): `not_a_string`, `empty`, `too_long` (over 255 UTF-8 bytes),
/// `whitespace_only`; otherwise the string unchanged.
///
/// Expectations come from the rule as restated here: byte lengths are computed by the generator
/// from how the string is built, and White_Space membership from ``whiteSpace``, the property's
/// list written out (Unicode 16 PropList.txt), never from a parser or a library's idea of space.
extension LeeepUserId: GeneratedSuite {
  static let source = "LEEEP iOS SDK reference, Push: userId はUTF-8で1〜255バイト、空白だけの値は不可"

  /// Every scalar with the Unicode White_Space property, with an id-safe name.
  static let whiteSpace: [(scalar: UInt32, name: String)] = [
    (0x09, "tab"), (0x0A, "line-feed"), (0x0B, "vertical-tab"), (0x0C, "form-feed"),
    (0x0D, "carriage-return"), (0x20, "space"), (0x85, "next-line"), (0xA0, "no-break-space"),
    (0x1680, "ogham-space-mark"), (0x2000, "en-quad"), (0x2001, "em-quad"), (0x2002, "en-space"),
    (0x2003, "em-space"), (0x2004, "three-per-em-space"), (0x2005, "four-per-em-space"),
    (0x2006, "six-per-em-space"), (0x2007, "figure-space"), (0x2008, "punctuation-space"),
    (0x2009, "thin-space"), (0x200A, "hair-space"), (0x2028, "line-separator"),
    (0x2029, "paragraph-separator"), (0x202F, "narrow-no-break-space"),
    (0x205F, "medium-mathematical-space"), (0x3000, "ideographic-space"),
  ]

  /// Scalars that look blank, or that some platform calls space, but lack White_Space.
  static let notWhiteSpace: [(scalar: UInt32, name: String, why: String)] = [
    (0x200B, "zero-width-space", "U+200B ZERO WIDTH SPACE is not White_Space (docs/suites/leeep.user-id.md)"),
    (
      0xFEFF, "byte-order-mark",
      "U+FEFF ZERO WIDTH NO-BREAK SPACE (BOM) is not White_Space (docs/suites/leeep.user-id.md)"
    ),
    (0x180E, "mongolian-vowel-separator", "U+180E MONGOLIAN VOWEL SEPARATOR lost White_Space in Unicode 6.3"),
    (0x2060, "word-joiner", "U+2060 WORD JOINER is not White_Space"),
    (0x200C, "zero-width-non-joiner", "U+200C ZERO WIDTH NON-JOINER is not White_Space"),
    (0x200D, "zero-width-joiner", "U+200D ZERO WIDTH JOINER is not White_Space"),
    (0x00AD, "soft-hyphen", "U+00AD SOFT HYPHEN is not White_Space"),
    (0x2800, "braille-blank", "U+2800 BRAILLE PATTERN BLANK looks blank but is not White_Space"),
    (0x3164, "hangul-filler", "U+3164 HANGUL FILLER looks blank but is not White_Space"),
    (0xFFA0, "halfwidth-hangul-filler", "U+FFA0 HALFWIDTH HANGUL FILLER is not White_Space"),
    (0x115F, "hangul-choseong-filler", "U+115F HANGUL CHOSEONG FILLER is not White_Space"),
    (0x034F, "combining-grapheme-joiner", "U+034F COMBINING GRAPHEME JOINER is not White_Space"),
    (0x200E, "left-to-right-mark", "U+200E LEFT-TO-RIGHT MARK is not White_Space"),
    (0x001C, "file-separator", "U+001C is not White_Space (Python isspace and Java isWhitespace say it is)"),
    (0x001D, "group-separator", "U+001D is not White_Space (Python isspace and Java isWhitespace say it is)"),
    (0x001E, "record-separator", "U+001E is not White_Space (Python isspace and Java isWhitespace say it is)"),
    (0x001F, "unit-separator", "U+001F is not White_Space (Python isspace and Java isWhitespace say it is)"),
    (0x0000, "nul", "U+0000 NUL is not White_Space, and the rule allows any other scalar"),
  ]

  /// Ids the first version of this corpus used, kept so that reports stay comparable.
  static let legacyWhiteSpaceIDs: [UInt32: String] = [0x20: "whitespace.space"]
  static let legacyNotWhiteSpaceIDs: [UInt32: String] = [0x200B: "zero-width-space"]

  static func files() -> [GeneratedFile] {
    [valid(), types(), length(), whitespaceOnly(), notWhitespace(), unchanged()]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source)
  }

  static func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  // MARK: valid.json

  static func valid() -> GeneratedFile {
    var file = builder("member IDs that are accepted unchanged")
    let values: [(id: String, description: String, value: String, tags: [String])] = [
      ("valid.ascii", "a plain ASCII member ID is accepted unchanged", "member-0001", []),
      ("valid.single-byte", "one byte is the shortest ID", "a", ["boundary"]),
      ("valid.digits", "a numeric string stays a string", "0012345", []),
      ("valid.email", "an e-mail address is a valid member ID", "user@example.com", []),
      ("valid.uuid", "a UUID is a valid member ID", "3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b", []),
      ("valid.japanese", "a Japanese member ID", "会員番号１２３", ["unicode"]),
      ("valid.emoji", "an emoji is allowed", "\u{1F600}", ["unicode"]),
      (
        "valid.zwj-sequence", "an emoji ZWJ sequence is kept scalar for scalar",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", ["unicode"]
      ),
      ("valid.right-to-left", "an Arabic member ID (right-to-left)", "\u{639}\u{636}\u{648}", ["unicode"]),
      ("valid.string-null", "the text \"null\" is a string, not a logout", "null", ["integration-mistake"]),
      ("valid.json-text", "JSON-looking text is just text", "{\"id\":1}", []),
      ("valid.inner-space", "a space between other characters is kept", "member 0001", []),
      ("valid.nul-inside", "NUL is not White_Space and the rule allows it", "member\u{0}0001", ["security"]),
      ("valid.single-dot", "a single non-space punctuation character is not blank", ".", ["boundary"]),
    ]
    for item in values {
      file.add(
        id: item.id, description: item.description, tags: ["valid"] + item.tags, input: .string(item.value),
        expect: .accept(output: .string(item.value)))
    }
    return file.file(at: "\(folder)/valid.json")
  }

  // MARK: types.json

  static func types() -> GeneratedFile {
    var file = builder("JSON values that are not strings: not_a_string")
    let values: [(String, String, JSONValue)] = [
      ("type.null", "null (logout) is not a member ID string", .null),
      ("type.number", "a JSON number is not a string", 1001),
      ("type.number-zero", "the number 0 is not a string", 0),
      ("type.number-negative", "a negative number is not a string", -1),
      ("type.number-fraction", "a fraction is not a string", .number(JSONNumber(uncheckedLiteral: "1.5"))),
      (
        "type.number-large", "a number beyond Int64 is not a string",
        .number(JSONNumber(uncheckedLiteral: "99999999999999999999"))
      ),
      ("type.boolean-true", "true is not a string", true),
      ("type.boolean-false", "false is not a string", false),
      ("type.array-empty", "an empty array is not a string", []),
      ("type.array", "an array holding a member ID is not a string", ["member-0001"]),
      ("type.object-empty", "an empty object is not a string", .object([:])),
      ("type.object", "an object holding a member ID is not a string", ["userId": "member-0001"]),
    ]
    for (id, description, value) in values {
      file.add(id: id, description: description, tags: ["invalid"], input: value, expect: .reject("not_a_string"))
    }
    file.add(
      id: "empty", description: "the empty string is under 1 byte", tags: ["invalid", "boundary"], input: "",
      expect: .reject("empty"))
    return file.file(at: "\(folder)/types.json")
  }

  // MARK: length.json

  /// A string built from runs of the same scalar, with its byte length known from the build.
  struct Build {
    let id: String
    let description: String
    let runs: [(count: Int, scalar: UInt32)]
    var tags: [String] = []

    var text: String { runs.map { String(repeating: LeeepUserId.scalar($0.scalar), count: $0.count) }.joined() }

    /// UTF-8 bytes, from the scalar values (1 byte below U+0080, 2 below U+0800, 3 below
    /// U+10000, else 4), independent of the String's own count.
    var byteCount: Int {
      runs.reduce(0) { total, run in
        let width = run.scalar < 0x80 ? 1 : run.scalar < 0x800 ? 2 : run.scalar < 0x10000 ? 3 : 4
        return total + run.count * width
      }
    }

    /// The byte count the id names (`length.255-…`), checked against ``byteCount`` so that a
    /// miscounted build fails at generation instead of pinning a wrong boundary.
    func checked() -> Build {
      let named = id.split(separator: ".")[1].prefix { $0.isNumber }
      precondition(Int(named) == byteCount, "\(id) is \(byteCount) bytes, not \(named)")
      return self
    }
  }

  static func length() -> GeneratedFile {
    var file = builder("byte length: 1 to 255 UTF-8 bytes, whatever the number of characters")
    let a: UInt32 = 0x61  // a: 1 byte
    let eAcute: UInt32 = 0xE9  // é: 2 bytes
    let kanji: UInt32 = 0x4F1A  // 会: 3 bytes
    let emoji: UInt32 = 0x1F600  // 😀: 4 bytes
    let combiningAcute: UInt32 = 0x301  // 2 bytes
    let builds: [Build] = [
      Build(id: "length.255-ascii", description: "255 one-byte characters is the longest ID", runs: [(255, a)]),
      Build(id: "length.256-ascii", description: "256 one-byte characters is over 255 bytes", runs: [(256, a)]),
      Build(id: "length.254-ascii", description: "254 one-byte characters is under the limit", runs: [(254, a)]),
      Build(id: "length.1000-ascii", description: "1000 one-byte characters is far over the limit", runs: [(1000, a)]),
      Build(
        id: "length.254-2-byte", description: "127 two-byte characters are 254 bytes", runs: [(127, eAcute)],
        tags: ["unicode"]),
      Build(
        id: "length.255-2-byte-and-1-byte", description: "127 two-byte characters and one ASCII are 255 bytes",
        runs: [(127, eAcute), (1, a)], tags: ["unicode"]),
      Build(
        id: "length.256-2-byte",
        description: "128 two-byte characters are 256 bytes: too long though only 128 characters and UTF-16 units",
        runs: [(128, eAcute)], tags: ["unicode"]),
      Build(
        id: "length.255-3-byte", description: "85 three-byte characters are exactly 255 bytes", runs: [(85, kanji)],
        tags: ["unicode"]),
      Build(
        id: "length.258-3-byte", description: "86 three-byte characters are 258 bytes: too long at 86 characters",
        runs: [(86, kanji)], tags: ["unicode"]),
      Build(
        id: "length.255-3-byte-and-1-byte", description: "84 three-byte characters and 3 ASCII are 255 bytes",
        runs: [(84, kanji), (3, a)], tags: ["unicode"]),
      Build(
        id: "length.256-3-byte-and-1-byte", description: "84 three-byte characters and 4 ASCII are 256 bytes",
        runs: [(84, kanji), (4, a)], tags: ["unicode"]),
      Build(
        id: "length.255-3-byte-and-2-byte", description: "83 three-byte and 3 two-byte characters are 255 bytes",
        runs: [(83, kanji), (3, eAcute)], tags: ["unicode"]),
      Build(
        id: "length.252-4-byte", description: "63 four-byte characters are 252 bytes", runs: [(63, emoji)],
        tags: ["unicode"]),
      Build(
        id: "length.255-4-byte-and-1-byte", description: "63 four-byte characters and 3 ASCII are 255 bytes",
        runs: [(63, emoji), (3, a)], tags: ["unicode"]),
      Build(
        id: "length.256-4-byte",
        description: "64 four-byte characters are 256 bytes: too long at 64 scalars and 128 UTF-16 units",
        runs: [(64, emoji)], tags: ["unicode"]),
      Build(
        id: "length.256-4-byte-and-1-byte", description: "63 four-byte characters and 4 ASCII are 256 bytes",
        runs: [(63, emoji), (4, a)], tags: ["unicode"]),
      Build(
        id: "length.255-4-byte-and-3-byte",
        description: "62 four-byte and 2 three-byte characters and 1 ASCII are 255 bytes",
        runs: [(62, emoji), (2, kanji), (1, a)], tags: ["unicode"]),
      Build(
        id: "length.256-4-byte-and-3-byte",
        description: "62 four-byte and 2 three-byte characters and 2 ASCII are 256 bytes",
        runs: [(62, emoji), (2, kanji), (2, a)], tags: ["unicode"]),
      Build(
        id: "length.255-mixed-widths",
        description: "1-, 2-, 3- and 4-byte characters mixed to exactly 255 bytes",
        runs: [(25, a), (25, eAcute), (25, kanji), (20, emoji), (25, a)], tags: ["unicode"]),
      Build(
        id: "length.256-mixed-widths",
        description: "1-, 2-, 3- and 4-byte characters mixed to 256 bytes",
        runs: [(25, a), (25, eAcute), (25, kanji), (20, emoji), (26, a)], tags: ["unicode"]),
      Build(
        id: "length.255-one-grapheme",
        description: "one grapheme of 255 bytes (e and 127 combining accents) is within the limit",
        runs: [(1, 0x65), (127, combiningAcute)], tags: ["unicode"]),
      Build(
        id: "length.257-one-grapheme",
        description: "one grapheme of 257 bytes (e and 128 combining accents) is too long though it is one character",
        runs: [(1, 0x65), (128, combiningAcute)], tags: ["unicode"]),
      Build(
        id: "length.255-nfd",
        description: "85 NFD é (e + U+0301) are 255 bytes: within the limit",
        runs: Array(repeating: [(1, 0x65), (1, combiningAcute)], count: 85).flatMap { $0 }, tags: ["unicode"]),
      Build(
        id: "length.258-nfd",
        description: "86 NFD é are 258 bytes: too long, though their NFC form (172 bytes) would fit; never normalise",
        runs: Array(repeating: [(1, 0x65), (1, combiningAcute)], count: 86).flatMap { $0 }, tags: ["unicode"]),
      Build(
        id: "length.172-nfc",
        description: "86 NFC é are 172 bytes: within the limit", runs: [(86, eAcute)], tags: ["unicode"]),
    ]
    for build in builds.map({ $0.checked() }) {
      let valid = build.byteCount <= 255
      var tags = [valid ? "valid" : "invalid"]
      if [254, 255, 256].contains(build.byteCount) { tags.append("boundary") }
      file.add(
        id: build.id, description: build.description, tags: tags + build.tags, input: .string(build.text),
        expect: valid ? .accept(output: .string(build.text)) : .reject("too_long"))
    }
    // Length is checked before white space: an over-long blank string is too long.
    let blanks: [Build] = [
      Build(
        id: "order.256-spaces", description: "256 spaces: too_long is checked before whitespace_only",
        runs: [(256, 0x20)]),
      Build(
        id: "order.258-ideographic-spaces",
        description: "86 U+3000 (258 bytes): too_long is checked before whitespace_only", runs: [(86, 0x3000)],
        tags: ["unicode"]),
      Build(
        id: "order.256-no-break-spaces",
        description: "128 U+00A0 (256 bytes): too_long is checked before whitespace_only", runs: [(128, 0xA0)],
        tags: ["unicode"]),
      Build(
        id: "order.255-spaces", description: "255 spaces fit the length, so whitespace_only applies",
        runs: [(255, 0x20)]),
      Build(
        id: "order.255-ideographic-spaces",
        description: "85 U+3000 (255 bytes) fit the length, so whitespace_only applies", runs: [(85, 0x3000)],
        tags: ["unicode"]),
    ]
    for build in blanks.map({ $0.checked() }) {
      let tooLong = build.byteCount > 255
      file.add(
        id: build.id, description: build.description, tags: ["invalid", "boundary"] + build.tags,
        input: .string(build.text), expect: .reject(tooLong ? "too_long" : "whitespace_only"))
    }
    return file.file(at: "\(folder)/length.json")
  }

  // MARK: whitespace.json

  /// Every White_Space scalar alone, doubled, and around a space: whitespace_only.
  static func whitespaceOnly() -> GeneratedFile {
    var file = builder("strings whose every scalar has the Unicode White_Space property: whitespace_only")
    for (value, name) in whiteSpace {
      let character = scalar(value)
      let tags = value < 0x80 ? ["invalid"] : ["invalid", "unicode"]
      file.add(
        id: legacyWhiteSpaceIDs[value] ?? "whitespace.\(name)",
        description: value == 0x20
          ? "a single space is whitespace only" : "U+\(hex(value)) alone is White_Space only",
        tags: tags, input: .string(character), expect: .reject("whitespace_only"))
      file.add(
        id: "whitespace.\(name).run", description: "a run of three U+\(hex(value)) is White_Space only",
        tags: tags, input: .string(String(repeating: character, count: 3)), expect: .reject("whitespace_only"))
    }
    let runs: [(String, String, [UInt32])] = [
      ("whitespace.all", "all 25 White_Space scalars in one string", whiteSpace.map(\.scalar)),
      ("whitespace.crlf", "CR LF (one grapheme, two White_Space scalars)", [0x0D, 0x0A]),
      ("whitespace.tab-newline-space", "tab, newline and space", [0x09, 0x0A, 0x20]),
      ("whitespace.space-and-ideographic", "an ASCII space next to U+3000", [0x20, 0x3000]),
      (
        "whitespace.java-non-whitespace",
        "U+00A0, U+2007 and U+202F (Java's isWhitespace says no; White_Space says yes)", [0xA0, 0x2007, 0x202F]
      ),
      ("whitespace.line-and-paragraph-separators", "U+2028 and U+2029", [0x2028, 0x2029]),
    ]
    for (id, description, scalars) in runs {
      file.add(
        id: id, description: description + " is White_Space only", tags: ["invalid", "unicode"],
        input: .string(scalars.map(scalar).joined()), expect: .reject("whitespace_only"))
    }
    return file.file(at: "\(folder)/whitespace.json")
  }

  // MARK: not-whitespace.json

  /// Blank-looking scalars without White_Space are valid IDs, alone or among spaces.
  static func notWhitespace() -> GeneratedFile {
    var file = builder("blank-looking scalars that lack White_Space: valid member IDs, kept unchanged")
    for (value, name, why) in notWhiteSpace {
      let alone = scalar(value)
      var tags = ["valid", "unicode"]
      if (0x1C...0x1F).contains(value) || value == 0x180E { tags.append("cross-sdk") }
      if value == 0 { tags.append("security") }
      file.add(
        id: legacyNotWhiteSpaceIDs[value] ?? "not-whitespace.\(name)", description: why + ", so it is a valid ID",
        tags: tags, input: .string(alone), expect: .accept(output: .string(alone)))
      let padded = " " + alone + " "
      file.add(
        id: "not-whitespace.\(name).between-spaces",
        description: "U+\(hex(value)) between two spaces: not every scalar is White_Space",
        tags: ["valid", "unicode"], input: .string(padded), expect: .accept(output: .string(padded)))
    }
    return file.file(at: "\(folder)/not-whitespace.json")
  }

  // MARK: unchanged.json

  /// The output is the input byte for byte: no trimming, no normalisation (LEEEP iOS SDK reference, Push: "前後空白除去や
  /// Unicode正規化を行いません").
  static func unchanged() -> GeneratedFile {
    var file = builder("the output is the input byte for byte: never trimmed, never normalised")
    func accept(_ id: String, _ description: String, _ value: String, _ tags: [String] = []) {
      file.add(
        id: id, description: description, tags: ["valid"] + tags, input: .string(value),
        expect: .accept(output: .string(value)))
    }
    accept("padded-kept", "surrounding spaces are kept, never trimmed", " member ")
    accept("padded.leading-space", "a leading space is kept", " member")
    accept("padded.trailing-space", "a trailing space is kept", "member ")
    accept("padded.tab-newline", "a leading tab and a trailing newline are kept", "\tmember\n")
    accept("padded.crlf", "a trailing CR LF is kept", "member\r\n")
    for (value, name) in whiteSpace where value != 0x20 {
      accept(
        "padded.trailing-\(name)", "a trailing U+\(hex(value)) is kept, never trimmed", "member" + scalar(value),
        ["unicode"])
    }
    accept("normalization.nfc", "NFC José (U+00E9) is kept in NFC", "Jos\u{E9}", ["unicode"])
    accept("normalization.nfd", "NFD José (e + U+0301) is kept in NFD, not composed", "Jose\u{301}", ["unicode"])
    accept("normalization.hangul-nfc", "a precomposed Hangul syllable is kept", "\u{D55C}", ["unicode"])
    accept(
      "normalization.hangul-nfd", "conjoining Hangul jamo are kept, not composed", "\u{1112}\u{1161}\u{11AB}",
      ["unicode"])
    accept(
      "normalization.angstrom-sign", "U+212B ANGSTROM SIGN is kept (NFC would give U+00C5)", "\u{212B}", ["unicode"])
    accept("normalization.a-ring", "U+00C5 is kept", "\u{C5}", ["unicode"])
    accept("normalization.kelvin-sign", "U+212A KELVIN SIGN is kept (NFC would give K)", "\u{212A}", ["unicode"])
    accept("normalization.ligature", "the ligature U+FB01 is kept (NFKC would give fi)", "\u{FB01}le", ["unicode"])
    accept(
      "normalization.full-width", "full-width ＡＢＣ１２３ is kept (NFKC would give ASCII)",
      "\u{FF21}\u{FF22}\u{FF23}\u{FF11}\u{FF12}\u{FF13}", ["unicode"])
    accept(
      "normalization.combining-order", "combining marks in non-canonical order are kept as given",
      "a\u{301}\u{323}", ["unicode"])
    accept("case.kept", "letter case is kept: MEMBER and member are different IDs", "MEMBER-0001")
    return file.file(at: "\(folder)/unchanged.json")
  }
}
