import ConformanceJSON
import ConformanceKit

/// `leeep.push.payload`, check 8: the value rules. "website_id・app_id・source_content_id・ugc_id は先頭が0で
/// ない1〜19桁の数字文字列です。notification_id・delivery_id は1〜128文字で、先頭は英数字、残りは英数字・.・_・:・-
/// を使用できます。blog_slug は1〜255 Unicodeコードポイントです。"
extension LeeepPushPayload {
  /// One value tried against a rule, classified by hand from the rule's text.
  struct ValueCase {
    let name: String
    let value: String
    let valid: Bool
    let why: String
    let tags: [String]

    init(_ name: String, _ value: String, _ valid: Bool, _ why: String, _ tags: [String] = []) {
      self.name = name
      self.value = value
      self.valid = valid
      self.why = why
      self.tags = tags
    }
  }

  static func valueFiles() -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    for key in ["website_id", "app_id", "source_content_id", "ugc_id"] {
      files.append(valueFile(key: key, rule: "numeric ID ^[1-9][0-9]{0,18}$", cases: numericIDCases))
    }
    for key in ["notification_id", "delivery_id"] {
      files.append(valueFile(key: key, rule: "opaque ID ^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$", cases: opaqueIDCases))
    }
    files.append(
      valueFile(key: "blog_slug", rule: "1 to 255 Unicode scalars, anything else allowed", cases: blogSlugCases))
    return files
  }

  /// One file per key: accepted boundaries (with the output) and `invalid_value` rejections.
  static func valueFile(key: String, rule: String, cases: [ValueCase]) -> GeneratedFile {
    var file = builder("check 8, \(key): \(rule); accepted boundaries and invalid_value")
    let base = key == "blog_slug" ? PushSample.blog : PushSample.coordinate
    for valueCase in cases {
      let sample = base.setting(key, to: valueCase.value)
      if valueCase.valid {
        file.add(
          id: "\(key).\(valueCase.name)", description: "\(key): \(valueCase.why)",
          tags: ["valid"] + valueCase.tags, input: .object(sample.data), context: sample.matchingContext,
          expect: .accept(output: sample.output))
      } else {
        // The file's scope stays: check 8 comes before check 9, so a website or app ID that breaks
        // its rule is invalid_value even though it also differs from the expected scope.
        file.add(
          id: "\(key).\(valueCase.name)", description: "\(key): \(valueCase.why)",
          tags: ["invalid"] + valueCase.tags, input: .object(sample.data), expect: reject("invalid_value", key))
      }
    }
    return file.file(at: "\(folder)/values/\(key).json")
  }

  /// Numeric ID: 1–19 ASCII digits, no leading zero, compared as text.
  static let numericIDCases: [ValueCase] = [
    ValueCase("length.1-digit", "1", true, "one digit is the shortest numeric ID", ["boundary"]),
    ValueCase("length.1-digit-9", "9", true, "the single digit 9"),
    ValueCase("length.2-digits", "10", true, "a trailing zero is fine"),
    ValueCase("all-digits", "1234567890", true, "every ASCII digit"),
    ValueCase("length.18-digits", "123456789012345678", true, "18 digits"),
    ValueCase("length.19-digits", "1234567890123456789", true, "19 digits is the longest numeric ID", ["boundary"]),
    ValueCase("length.19-digits-min", "1000000000000000000", true, "the smallest 19-digit ID", ["boundary"]),
    ValueCase(
      "max.19-nines", "9999999999999999999", true, "9999999999999999999 is valid: a string rule, over Int64",
      ["boundary", "cross-sdk"]),
    ValueCase("int64-max", "9223372036854775807", true, "Int64.max", ["boundary", "cross-sdk"]),
    ValueCase(
      "int64-max-plus-1", "9223372036854775808", true, "Int64.max + 1 is valid: never converted to an integer",
      ["boundary", "cross-sdk"]),
    ValueCase(
      "double-precision", "9007199254740993", true, "2^53 + 1 is kept exactly (a JavaScript number would round it)",
      ["cross-sdk"]),
    ValueCase("empty", "", false, "the empty string has no digit", ["boundary"]),
    ValueCase("zero", "0", false, "0 starts with a zero", ["boundary"]),
    ValueCase("zero-zero", "00", false, "00 starts with a zero"),
    ValueCase("leading-zero", "01024", false, "a leading zero is not allowed", ["boundary"]),
    ValueCase("leading-zeros-19", "0000000000000000001", false, "19 characters but a leading zero"),
    ValueCase("length.20-digits", "12345678901234567890", false, "20 digits is one too many", ["boundary"]),
    ValueCase("length.20-digits-min", "10000000000000000000", false, "the smallest 20-digit number", ["boundary"]),
    ValueCase("length.20-nines", "99999999999999999999", false, "20 nines", ["boundary"]),
    ValueCase("uint64-max", "18446744073709551615", false, "UInt64.max has 20 digits", ["cross-sdk"]),
    ValueCase("uint64-max-plus-1", "18446744073709551616", false, "UInt64.max + 1", ["cross-sdk"]),
    ValueCase("length.40-digits", String(repeating: "1234567890", count: 4), false, "40 digits"),
    ValueCase("sign.minus", "-1024", false, "a minus sign is not a digit"),
    ValueCase("sign.plus", "+1024", false, "a plus sign is not a digit"),
    ValueCase("sign.minus-zero", "-0", false, "-0"),
    ValueCase("space.leading", " 1024", false, "a leading space is never trimmed"),
    ValueCase("space.trailing", "1024 ", false, "a trailing space is never trimmed"),
    ValueCase("space.inner", "10 24", false, "an inner space"),
    ValueCase("space.only", " ", false, "a single space"),
    ValueCase("newline.trailing", "1024\n", false, "a trailing newline never matches $", ["boundary"]),
    ValueCase("newline.leading", "\n1024", false, "a leading newline"),
    ValueCase("crlf.trailing", "1024\r\n", false, "a trailing CR LF"),
    ValueCase("tab.trailing", "1024\t", false, "a trailing tab"),
    ValueCase("nbsp.trailing", "1024\u{A0}", false, "a trailing no-break space", ["unicode"]),
    ValueCase("ideographic-space.leading", "\u{3000}1024", false, "a leading ideographic space", ["unicode"]),
    ValueCase("nul.trailing", "1024\u{0}", false, "a trailing NUL", ["security"]),
    ValueCase("zero-width-space.inner", "10\u{200B}24", false, "a zero-width space inside", ["unicode", "security"]),
    ValueCase("bom.leading", "\u{FEFF}1024", false, "a leading byte order mark", ["unicode", "security"]),
    ValueCase("decimal-point", "1024.0", false, "a decimal point (a Double turned into text)"),
    ValueCase("exponent", "1e3", false, "exponent notation"),
    ValueCase("hex", "0x400", false, "hexadecimal notation"),
    ValueCase("thousands-comma", "1,024", false, "a thousands separator"),
    ValueCase("underscore-separator", "1_024", false, "an underscore separator"),
    ValueCase("letters", "abc", false, "letters"),
    ValueCase("letter-suffix", "1024a", false, "a trailing letter"),
    ValueCase("digits.full-width", "１０２４", false, "full-width digits are not ASCII digits", ["unicode"]),
    ValueCase("digits.full-width-one", "１", false, "one full-width digit", ["unicode", "boundary"]),
    ValueCase("digits.full-width-mixed", "10２4", false, "one full-width digit among ASCII ones", ["unicode"]),
    ValueCase("digits.arabic-indic", "١٠٢٤", false, "Arabic-Indic digits", ["unicode"]),
    ValueCase("digits.arabic-indic-after-ascii", "1٠٢٤", false, "Arabic-Indic digits after an ASCII 1", ["unicode"]),
    ValueCase("digits.extended-arabic-indic", "۱۰۲۴", false, "Extended Arabic-Indic (Persian) digits", ["unicode"]),
    ValueCase("digits.devanagari", "१०२४", false, "Devanagari digits", ["unicode"]),
    ValueCase("digits.bengali", "১০২৪", false, "Bengali digits", ["unicode"]),
    ValueCase("digits.thai", "๑๐๒๔", false, "Thai digits", ["unicode"]),
    ValueCase("digits.mathematical-bold", "𝟏𝟎𝟐𝟒", false, "mathematical bold digits (4-byte scalars)", ["unicode"]),
    ValueCase("digits.superscript", "¹⁰²⁴", false, "superscript digits", ["unicode"]),
    ValueCase("digits.circled", "①", false, "a circled digit", ["unicode"]),
    ValueCase("digits.roman-numeral", "Ⅻ", false, "a Roman numeral", ["unicode"]),
    ValueCase("digits.kanji", "千二十四", false, "kanji numerals", ["unicode"]),
  ]

  /// Opaque ID: 1–128 characters, ASCII letter or digit first, then letters, digits and `._:-`.
  static let opaqueIDCases: [ValueCase] = {
    var cases = [
      ValueCase("length.1-lowercase", "a", true, "one lowercase letter", ["boundary"]),
      ValueCase("length.1-uppercase", "Z", true, "one uppercase letter", ["boundary"]),
      ValueCase(
        "length.1-digit-0", "0", true, "one digit, even 0 (opaque IDs have no leading-zero rule)", ["boundary"]),
      ValueCase("length.1-digit-9", "9", true, "the digit 9", ["boundary"]),
      ValueCase("leading-zeros", "0001", true, "leading zeros are fine in an opaque ID"),
      ValueCase(
        "length.127", String(repeating: "a", count: 127), true, "127 characters", ["boundary"]),
      ValueCase(
        "length.128", "N" + String(repeating: "0123456789abcdef", count: 8).dropFirst(), true,
        "128 characters is the longest opaque ID", ["boundary"]),
      ValueCase(
        "length.128-punctuation", "x" + String(repeating: ".", count: 127), true,
        "a letter and 127 dots: 128 characters", ["boundary"]),
      ValueCase(
        "alphabet", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", true,
        "every ASCII letter and digit"),
      ValueCase("all-allowed-punctuation", "0._:-", true, "a digit then every allowed punctuation mark"),
      ValueCase("uuid.lowercase", "3f2504e0-4f89-41d3-9a0c-0305e82c3301", true, "a lowercase UUID"),
      ValueCase("uuid.uppercase", "3F2504E0-4F89-41D3-9A0C-0305E82C3301", true, "an uppercase UUID"),
      ValueCase("colon-namespaced", "campaign:2024:summer", true, "colon-separated parts"),
      ValueCase("fcm-ios-message-id", "1717200000000001", true, "an iOS FCM message id (digits) is a valid opaque ID"),
      ValueCase("empty", "", false, "the empty string has no first character", ["boundary"]),
      ValueCase(
        "length.129", String(repeating: "a", count: 129), false, "129 characters is one too many", ["boundary"]),
      ValueCase("length.256", String(repeating: "a", count: 256), false, "256 characters"),
      ValueCase("first.dot", ".a", false, "the first character may not be '.'"),
      ValueCase("first.underscore", "_a", false, "the first character may not be '_'"),
      ValueCase("first.colon", ":a", false, "the first character may not be ':'"),
      ValueCase("first.hyphen", "-a", false, "the first character may not be '-'"),
      ValueCase("only.hyphen", "-", false, "a lone '-' (allowed only after the first character)", ["boundary"]),
      ValueCase("space.leading", " a1", false, "a leading space is never trimmed"),
      ValueCase("space.trailing", "a1 ", false, "a trailing space is never trimmed"),
      ValueCase("space.inner", "a 1", false, "an inner space"),
      ValueCase("tab.inner", "a\t1", false, "an inner tab"),
      ValueCase("newline.trailing", "a1\n", false, "a trailing newline never matches $", ["boundary"]),
      ValueCase("nul.inner", "a\u{0}1", false, "a NUL", ["security"]),
      ValueCase("letters.latin-nfc", "caf\u{E9}", false, "é (NFC) is not an ASCII letter", ["unicode"]),
      ValueCase("letters.latin-nfd", "cafe\u{301}", false, "a combining accent (NFD) is not allowed", ["unicode"]),
      ValueCase("letters.sharp-s", "stra\u{DF}e", false, "ß is not an ASCII letter", ["unicode"]),
      ValueCase("letters.japanese", "通知1", false, "Japanese letters", ["unicode"]),
      ValueCase("letters.japanese-after-ascii", "ntf-通知", false, "Japanese letters after ASCII ones", ["unicode"]),
      ValueCase(
        "letters.cyrillic-lookalike", "ntf-\u{0430}", false, "Cyrillic а looks like a Latin a", ["unicode", "security"]),
      ValueCase("letters.greek", "\u{03B1}1", false, "a Greek letter first", ["unicode"]),
      ValueCase("letters.full-width", "ＡＢＣ", false, "full-width letters", ["unicode"]),
      ValueCase("letters.mathematical-bold", "\u{1D400}1", false, "a mathematical bold A (4-byte)", ["unicode"]),
      ValueCase("emoji", "ntf-\u{1F389}", false, "an emoji", ["unicode"]),
      ValueCase("zero-width-space", "a\u{200B}1", false, "a zero-width space", ["unicode", "security"]),
      ValueCase("bom.leading", "\u{FEFF}a1", false, "a leading byte order mark", ["unicode", "security"]),
      ValueCase(
        "fcm-android-message-id", "0:1717200000000001%31bd1c9631bd1c96", false,
        "an Android FCM message id holds '%'", ["cross-sdk"]),
      ValueCase("url", "https://shop.example/n/1", false, "a URL holds '/'"),
      ValueCase("percent-encoded", "a%2F1", false, "a percent escape holds '%'"),
    ]
    // Every ASCII punctuation mark the rule does not allow, after a valid first character.
    let disallowed = Array("!\"#$%&'()*+,/;<=>?@[\\]^`{|}~".unicodeScalars)
    let names: [Unicode.Scalar: String] = [
      "!": "exclamation", "\"": "quotation", "#": "number-sign", "$": "dollar", "%": "percent",
      "&": "ampersand", "'": "apostrophe", "(": "left-parenthesis", ")": "right-parenthesis", "*": "asterisk",
      "+": "plus", ",": "comma", "/": "slash", ";": "semicolon", "<": "less-than", "=": "equals",
      ">": "greater-than", "?": "question", "@": "at", "[": "left-bracket", "\\": "backslash",
      "]": "right-bracket", "^": "caret", "`": "grave", "{": "left-brace", "|": "vertical-bar",
      "}": "right-brace", "~": "tilde",
    ]
    for scalar in disallowed {
      let name = names[scalar]!
      cases.append(ValueCase("punctuation.\(name)", "a\(scalar)1", false, "'\(scalar)' is not allowed"))
    }
    for (scalar, name) in [("!", "exclamation"), ("@", "at"), ("#", "number-sign")] {
      cases.append(ValueCase("first.\(name)", "\(scalar)a", false, "the first character may not be '\(scalar)'"))
    }
    // Each allowed punctuation mark in the middle and at the end.
    for (scalar, name) in [(".", "dot"), ("_", "underscore"), (":", "colon"), ("-", "hyphen")] {
      cases.append(
        ValueCase("punctuation.\(name).inner", "a\(scalar)1", true, "'\(scalar)' is allowed after the first character"))
      cases.append(ValueCase("punctuation.\(name).last", "a\(scalar)", true, "'\(scalar)' may be the last character"))
      cases.append(
        ValueCase("punctuation.\(name).repeated", "a\(scalar)\(scalar)\(scalar)", true, "'\(scalar)' may repeat"))
    }
    return cases
  }()

  /// Builds a string of `count` copies of a scalar.
  static func scalars(_ scalar: Unicode.Scalar, _ count: Int) -> String {
    String(repeating: String(scalar), count: count)
  }

  /// blog_slug: 1–255 Unicode scalars (not graphemes, not UTF-16 units, not bytes); anything else
  /// allowed, and the value is kept exactly, never trimmed or normalised.
  static let blogSlugCases: [ValueCase] = {
    let widths: [(String, Unicode.Scalar)] = [
      ("1-byte", "s"), ("2-byte", "\u{E9}"), ("3-byte", "\u{8A9E}"), ("4-byte", "\u{1F600}"),
    ]
    var cases = [ValueCase("length.0", "", false, "the empty slug has 0 scalars", ["boundary"])]
    for (name, scalar) in widths {
      let unicode = name == "1-byte" ? ["boundary"] : ["boundary", "unicode"]
      cases.append(ValueCase("length.1-scalar-\(name)", scalars(scalar, 1), true, "one \(name) scalar", unicode))
      cases.append(ValueCase("length.255-scalars-\(name)", scalars(scalar, 255), true, "255 \(name) scalars", unicode))
      cases.append(ValueCase("length.256-scalars-\(name)", scalars(scalar, 256), false, "256 \(name) scalars", unicode))
    }
    let mixed = "s\u{E9}\u{8A9E}\u{1F600}"
    cases += [
      ValueCase(
        "length.255-scalars-mixed", String(repeating: mixed, count: 63) + "s\u{E9}\u{8A9E}", true,
        "255 scalars of 1, 2, 3 and 4 bytes", ["boundary", "unicode"]),
      ValueCase(
        "length.256-scalars-mixed", String(repeating: mixed, count: 64), false, "256 scalars of 1, 2, 3 and 4 bytes",
        ["boundary", "unicode"]),
      ValueCase(
        "length.1000-scalars", scalars("s", 1000), false, "1000 scalars", ["boundary"]),
      ValueCase(
        "utf16.128-astral", scalars("\u{1F600}", 128), true,
        "128 astral scalars are 256 UTF-16 units but 128 scalars", ["unicode", "cross-sdk"]),
      ValueCase(
        "utf16.255-astral-510-units", scalars("\u{1D11E}", 255), true,
        "255 astral scalars (510 UTF-16 units, 1020 bytes) are within 255 scalars",
        ["boundary", "unicode", "cross-sdk"]),
      ValueCase(
        "bytes.86-3-byte", scalars("\u{3042}", 86), true, "86 scalars are 258 bytes: bytes do not count",
        ["unicode"]),
      ValueCase(
        "combining.255-one-grapheme", "e" + scalars("\u{301}", 254), true,
        "e and 254 combining acute accents: one grapheme, 255 scalars", ["boundary", "unicode"]),
      ValueCase(
        "combining.256-one-grapheme", "e" + scalars("\u{301}", 255), false,
        "e and 255 combining acute accents: one grapheme, 256 scalars", ["boundary", "unicode"]),
      ValueCase(
        "combining.stacked", "a\u{301}\u{308}\u{323}\u{304}", true, "a letter with four combining marks, kept",
        ["unicode"]),
      ValueCase(
        "combining.only-mark", "\u{301}", true, "a lone combining mark is one scalar", ["unicode", "boundary"]),
      ValueCase(
        "zwj.family-255",
        String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", count: 36) + "abc", true,
        "36 ZWJ family emoji (7 scalars each) and 3 letters: 39 graphemes, 255 scalars", ["boundary", "unicode"]),
      ValueCase(
        "zwj.family-256",
        String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", count: 36) + "abcd", false,
        "36 ZWJ family emoji and 4 letters: 40 graphemes, 256 scalars", ["boundary", "unicode"]),
      ValueCase(
        "zwj.family-37", String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", count: 37),
        false,
        "37 ZWJ family emoji: 37 graphemes but 259 scalars", ["unicode"]),
      ValueCase(
        "zwj.family-one", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", true,
        "one ZWJ family emoji (7 scalars)", ["unicode"]),
      ValueCase(
        "flags.255", String(repeating: "\u{1F1EF}\u{1F1F5}", count: 127) + "a", true,
        "127 flags (2 scalars each) and a letter: 255 scalars",
        ["boundary", "unicode"]),
      ValueCase(
        "flags.256", String(repeating: "\u{1F1EF}\u{1F1F5}", count: 128), false,
        "128 flags: 128 graphemes, 256 scalars",
        ["boundary", "unicode"]),
      ValueCase(
        "emoji.skin-tone", "\u{1F44D}\u{1F3FD}", true, "an emoji with a skin-tone modifier (2 scalars)", ["unicode"]),
      ValueCase("emoji.variation-selector", "\u{2764}\u{FE0F}", true, "a heart with VS16 (2 scalars)", ["unicode"]),
      ValueCase("normalization.nfc", "caf\u{E9}", true, "an NFC slug is kept in NFC", ["unicode"]),
      ValueCase("normalization.nfd", "cafe\u{301}", true, "an NFD slug is kept in NFD, never normalised", ["unicode"]),
      ValueCase(
        "normalization.nfc-255", scalars("\u{E9}", 255), true, "255 NFC é are 255 scalars (510 in NFD)",
        ["boundary", "unicode"]),
      ValueCase(
        "normalization.nfd-256", String(repeating: "e\u{301}", count: 128), false,
        "128 NFD é are 256 scalars (128 in NFC): counted as given", ["boundary", "unicode"]),
      ValueCase(
        "normalization.nfd-254", String(repeating: "e\u{301}", count: 127), true,
        "127 NFD é are 254 scalars", ["unicode"]),
      ValueCase("normalization.hangul-nfc", "한글", true, "Hangul syllables (NFC) kept", ["unicode"]),
      ValueCase(
        "normalization.hangul-nfd", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", true,
        "Hangul jamo (NFD) kept as given", ["unicode"]),
      ValueCase(
        "normalization.hangul-nfd-256", String(repeating: "\u{1112}\u{1161}\u{11AB}", count: 85) + "\u{1112}", false,
        "85 NFD Hangul syllables and a jamo: 256 scalars (86 in NFC)", ["boundary", "unicode"]),
      ValueCase(
        "normalization.compatibility", "\u{FB01}", true, "the ﬁ ligature is not folded to fi", ["unicode"]),
      ValueCase("control.nul", "\u{0}", true, "a lone NUL is one scalar; anything is allowed", ["security"]),
      ValueCase("control.tab", "summer\tsale", true, "a tab is kept"),
      ValueCase("control.newline-inner", "summer\nsale", true, "a newline is kept"),
      ValueCase("control.newline-trailing", "summer\n", true, "a trailing newline is kept, never trimmed"),
      ValueCase("control.delete", "\u{7F}", true, "DEL is allowed"),
      ValueCase("control.escape-sequence", "\u{1B}[31mred", true, "an ANSI escape sequence is kept", ["security"]),
      ValueCase("control.c1-nel", "a\u{85}b", true, "a C1 control (NEL) is kept", ["unicode"]),
      ValueCase("control.line-separator", "a\u{2028}b", true, "U+2028 is kept", ["unicode"]),
      ValueCase("whitespace.space", " ", true, "a single space is a valid slug: never trimmed", ["boundary"]),
      ValueCase("whitespace.padded", "  summer  ", true, "surrounding spaces are kept"),
      ValueCase("whitespace.ideographic", "\u{3000}", true, "an ideographic space is kept", ["unicode"]),
      ValueCase("format.zero-width-space", "\u{200B}", true, "a zero-width space is one scalar", ["unicode"]),
      ValueCase("format.bom", "\u{FEFF}summer", true, "a leading BOM is kept", ["unicode", "security"]),
      ValueCase(
        "format.rtl-override", "summer\u{202E}txt.exe", true, "a right-to-left override is kept",
        ["unicode", "security"]),
      ValueCase("noncharacter.fffe", "\u{FFFE}", true, "U+FFFE is a scalar like any other", ["unicode"]),
      ValueCase("noncharacter.ffff", "\u{FFFF}", true, "U+FFFF is a scalar like any other", ["unicode"]),
      ValueCase("noncharacter.10ffff", "\u{10FFFF}", true, "U+10FFFF, the last scalar", ["unicode", "boundary"]),
      ValueCase("private-use", "\u{E000}", true, "a private-use scalar", ["unicode"]),
      ValueCase("replacement-character", "\u{FFFD}", true, "U+FFFD is kept", ["unicode"]),
      ValueCase("url-path.slash", "2024/summer", true, "a slash is allowed"),
      ValueCase(
        "url-path.dot-dot", "../../etc/passwd", true, "a path traversal is just text to the parser", ["security"]),
      ValueCase(
        "url.full", "https://shop.example/blog/summer", true, "a full URL is 1–255 scalars (the rule allows it)"),
      ValueCase("url.query-fragment", "summer?x=1#top", true, "query and fragment characters are kept"),
      ValueCase("url.percent-encoded", "%E5%A4%8F", true, "a percent-encoded slug is kept encoded, never decoded"),
      ValueCase("markup", "<script>alert(1)</script>", true, "markup is kept as text", ["security"]),
      ValueCase("sql", "' OR 1=1 --", true, "quotes are kept as text", ["security"]),
      ValueCase("json-text", "{\"slug\":\"summer\"}", true, "JSON text is just a string"),
      ValueCase("digits", "2024", true, "digits only"),
      ValueCase("digits.zero", "0", true, "a lone 0 is a valid slug (not a numeric ID)"),
    ]
    return cases
  }()
}
