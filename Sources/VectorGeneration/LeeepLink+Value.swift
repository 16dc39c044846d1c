import ConformanceJSON
import ConformanceKit

/// Percent-decoding of captured values (UTF-8, once) and the rules on them: `slug` 1–255
/// scalars, `id` a numeric ID, any other name non-empty.
extension LeeepLink {
  static func percentEncoding() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "captured values are percent-decoded once as UTF-8; literal text is never decoded; a bad % escape anywhere is not an RFC 3986 URI",
      context: siteContext)
    func blog(_ id: String, _ description: String, _ segment: String, slug: String, tags: [String] = []) {
      file.match(id, description, "\(site)/blog/\(segment)", kind: "blog", params: ["slug": slug], tags: tags)
    }
    func blogOther(_ id: String, _ description: String, _ segment: String, tags: [String] = []) {
      file.other(id, description, "\(site)/blog/\(segment)", tags: tags)
    }
    let scalars: [(String, String, String, String)] = [
      ("pct.utf8.three-byte", "%E3%81%82", "あ", "a three-byte UTF-8 sequence"),
      ("pct.utf8.two-byte", "%C3%A9", "é", "a two-byte UTF-8 sequence"),
      ("pct.utf8.four-byte", "%F0%9F%8C%B8", "🌸", "a four-byte UTF-8 sequence"),
      ("pct.utf8.lowest-two-byte", "%C2%80", "\u{80}", "U+0080, the lowest two-byte scalar"),
      ("pct.utf8.highest-two-byte", "%DF%BF", "\u{7FF}", "U+07FF, the highest two-byte scalar"),
      ("pct.utf8.lowest-three-byte", "%E0%A0%80", "\u{800}", "U+0800, the lowest three-byte scalar"),
      ("pct.utf8.before-surrogates", "%ED%9F%BF", "\u{D7FF}", "U+D7FF, just below the surrogates"),
      ("pct.utf8.after-surrogates", "%EE%80%80", "\u{E000}", "U+E000, just above the surrogates"),
      ("pct.utf8.noncharacter-fffe", "%EF%BF%BE", "\u{FFFE}", "U+FFFE, a noncharacter but a scalar"),
      ("pct.utf8.noncharacter-ffff", "%EF%BF%BF", "\u{FFFF}", "U+FFFF, a noncharacter but a scalar"),
      ("pct.utf8.lowest-four-byte", "%F0%90%80%80", "\u{10000}", "U+10000, the lowest four-byte scalar"),
      ("pct.utf8.highest-scalar", "%F4%8F%BF%BF", "\u{10FFFF}", "U+10FFFF, the highest scalar"),
      ("pct.utf8.byte-order-mark", "%EF%BB%BFspring", "\u{FEFF}spring", "a leading U+FEFF, kept"),
      ("pct.utf8.zero-width-space", "spring%E2%80%8B", "spring\u{200B}", "a trailing U+200B, kept"),
    ]
    for (id, segment, slug, what) in scalars {
      blog(id, "\(what) decodes to its scalar", segment, slug: slug, tags: ["unicode", "boundary"])
    }
    blog("pct.hex.lowercase", "lowercase hex digits decode the same", "%c3%bc", slug: "ü", tags: ["unicode"])
    blog("pct.hex.mixed-case", "mixed-case hex digits decode the same", "%C3%bC", slug: "ü", tags: ["unicode"])
    blog(
      "pct.unicode.nfc-kept", "an NFC é is kept as U+00E9, never normalised", "caf%C3%A9", slug: "caf\u{E9}",
      tags: ["unicode"])
    blog(
      "pct.unicode.nfd-kept", "an NFD é is kept as e U+0301: a different slug from the NFC one", "cafe%CC%81",
      slug: "cafe\u{301}", tags: ["unicode"])
    blog("pct.ascii.space", "%20 decodes to a space", "spring%20coordinate", slug: "spring coordinate")
    blog("pct.ascii.nul", "%00 decodes to U+0000, kept as data", "a%00b", slug: "a\u{0}b")
    blog("pct.ascii.newline", "%0A decodes to a newline, kept (a slug allows anything)", "spring%0A", slug: "spring\n")
    blog("pct.ascii.unreserved-letters", "encoded unreserved letters decode to themselves", "%73pring", slug: "spring")
    blog("pct.ascii.percent", "%25 decodes to %", "100%25", slug: "100%")
    blog("pct.ascii.question-mark", "%3F decodes to ? inside the value", "a%3Fb", slug: "a?b")
    blog("pct.ascii.hash", "%23 decodes to # inside the value", "a%23b", slug: "a#b")
    blog("pct.slash.inside-segment", "%2F decodes to / within the one segment value", "a%2Fb", slug: "a/b")
    blog("pct.slash.lowercase", "%2f decodes to / within the one segment value", "a%2fb", slug: "a/b")
    blog("pct.slash.whole-segment", "a segment of only %2F is the slug /", "%2F", slug: "/")
    file.match(
      "pct.slash.in-query", "%2F in a query value decodes to /", "\(site)/column?id=a%2Fb", kind: "blog",
      params: ["slug": "a/b"])
    file.other(
      "pct.slash.does-not-split", "%2F never splits segments: /blog%2Fspring is one segment", "\(site)/blog%2Fspring")
    blog("pct.double-encoded.slash", "decoding happens once: %252F is %2F", "a%252Fb", slug: "a%2Fb")
    blog("pct.double-encoded.percent", "decoding happens once: %2525 is %25", "%2525", slug: "%25")
    file.match(
      "pct.id.encoded-digits", "the id rule applies after decoding: %31%32%33 is 123", "\(site)/posts/%31%32%33",
      kind: "post", params: ["id": "123"])
    file.other(
      "pct.id.encoded-leading-zero", "%30%31 decodes to 01, not a numeric ID", "\(site)/posts/%30%31")
    let badEscapes: [(String, String, String)] = [
      ("pct.bad-escape.lone-percent", "spring%", "a % at the end"),
      ("pct.bad-escape.one-digit", "spring%4", "a % with one hex digit"),
      ("pct.bad-escape.non-hex", "%zz", "a % with non-hex digits"),
      ("pct.bad-escape.second-not-hex", "%4g", "a % whose second digit is not hex"),
      ("pct.bad-escape.double-percent", "%%41", "a % before the escape %41"),
      ("pct.bad-escape.percent-u", "%u3042", "an IIS-style %u3042 escape"),
    ]
    for (id, segment, what) in badEscapes {
      blogOther(id, "\(what) is not an RFC 3986 URI", segment)
    }
    blogOther(
      "pct.bad-escape.full-width-percent", "a full-width ％ is non-ASCII, not an escape", "％41", tags: ["unicode"])
    file.other("pct.bad-escape.in-query-value", "a bad escape in the captured query value", "\(site)/column?id=a%zz")
    file.other(
      "pct.bad-escape.in-other-parameter", "a bad escape in an ignored parameter still makes the link no RFC 3986 URI",
      "\(site)/column?id=spring&utm_campaign=50%off")
    file.other("pct.bad-escape.in-literal-segment", "a bad escape in a literal segment", "\(site)/bl%og/spring")
    return file.file(at: "\(folder)/percent-encoding.json")
  }

  static func badUTF8() -> GeneratedFile {
    var file = LinkVectorFile(
      description: "a captured value whose %-decoded bytes are not well-formed UTF-8 (RFC 3629) matches no route",
      context: siteContext)
    let sequences: [(String, String, String)] = [
      ("lone-continuation-80", "%80", "a lone continuation byte 0x80"),
      ("lone-continuation-bf", "%BF", "a lone continuation byte 0xBF"),
      ("truncated-two-byte", "%C3", "a two-byte sequence cut after its lead byte"),
      ("truncated-three-byte-one", "%E3", "a three-byte sequence cut after its lead byte"),
      ("truncated-three-byte-two", "%E3%81", "a three-byte sequence cut after two bytes"),
      ("truncated-four-byte", "%F0%9F%8C", "a four-byte sequence cut after three bytes"),
      ("truncated-before-ascii", "%E3%81a", "a three-byte sequence interrupted by an ASCII letter"),
      ("truncated-at-end-after-text", "spring%E3%81", "text followed by a cut sequence"),
      ("overlong-slash-two-byte", "%C0%AF", "an overlong two-byte /"),
      ("overlong-nul", "%C0%80", "an overlong two-byte NUL (modified UTF-8)"),
      ("overlong-c1", "%C1%BF", "an overlong two-byte sequence with lead 0xC1"),
      ("overlong-slash-three-byte", "%E0%80%AF", "an overlong three-byte /"),
      ("overlong-three-byte-max", "%E0%9F%BF", "an overlong three-byte U+07FF"),
      ("overlong-slash-four-byte", "%F0%80%80%AF", "an overlong four-byte /"),
      ("overlong-four-byte-max", "%F0%8F%BF%BF", "an overlong four-byte U+FFFF"),
      ("surrogate-high", "%ED%A0%80", "an encoded high surrogate U+D800"),
      ("surrogate-low", "%ED%BF%BF", "an encoded low surrogate U+DFFF"),
      ("surrogate-pair-cesu8", "%ED%A0%BD%ED%B8%80", "a CESU-8 surrogate pair instead of a four-byte sequence"),
      ("above-max-scalar", "%F4%90%80%80", "a sequence above U+10FFFF"),
      ("lead-f5", "%F5%80%80%80", "the lead byte 0xF5, never valid"),
      ("five-byte", "%F8%88%80%80%80", "a five-byte sequence"),
      ("byte-fe", "%FE", "the byte 0xFE"),
      ("byte-ff", "%FF", "the byte 0xFF"),
      ("bad-continuation", "%E3%41%82", "a three-byte sequence whose second byte is ASCII"),
      ("extra-continuation", "%C3%A9%A9", "a valid é followed by a stray continuation byte"),
      ("latin-1", "caf%E9", "Latin-1 é (0xE9) instead of UTF-8"),
      ("shift-jis", "%82%A0", "Shift_JIS あ instead of UTF-8"),
    ]
    for (name, segment, what) in sequences {
      file.other(
        "pct.bad-utf8.\(name)", "\(what) is not UTF-8: the slug cannot be decoded", "\(site)/blog/\(segment)",
        tags: ["unicode"])
    }
    file.other(
      "pct.bad-utf8.in-query-value", "bad UTF-8 in the captured query value", "\(site)/column?id=%FF", tags: ["unicode"]
    )
    file.match(
      "pct.bad-utf8.in-review-form",
      "bad UTF-8 in product_id fails every route that captures it; the bare route matches",
      "\(site)/reviews/new?product_id=%FF", kind: "review_form", params: [:], tags: ["unicode"])
    file.match(
      "pct.bad-utf8.in-other-parameter", "only captured values are decoded: bad UTF-8 in an ignored parameter is fine",
      "\(site)/column?utm_source=%FF&id=spring", kind: "blog", params: ["slug": "spring"], tags: ["unicode"])
    return file.file(at: "\(folder)/bad-utf8.json")
  }

  static func capturedValues() -> GeneratedFile {
    var file = LinkVectorFile(
      description: "captured values: slug 1–255 scalars, id a numeric ID ^[1-9][0-9]{0,18}$, any other name non-empty",
      context: siteContext)
    func post(_ id: String, _ description: String, _ value: String, tags: [String] = []) {
      file.match(id, description, "\(site)/posts/\(value)", kind: "post", params: ["id": value], tags: tags)
    }
    func postOther(_ id: String, _ description: String, _ segment: String, tags: [String] = []) {
      file.other(id, description, "\(site)/posts/\(segment)", tags: tags)
    }
    post("id.one-digit", "a one-digit id", "1", tags: ["boundary"])
    post(
      "id.19-digits", "19 nines is the longest numeric ID, though above Int64", "9999999999999999999",
      tags: ["boundary"])
    post("id.int64-max", "Int64.max is a numeric ID", "9223372036854775807", tags: ["boundary"])
    post(
      "id.int64-max-plus-one", "Int64.max + 1 is a numeric ID: never converted to an integer", "9223372036854775808",
      tags: ["boundary"])
    postOther("id.20-digits", "20 digits is over 19", "10000000000000000000", tags: ["boundary"])
    postOther("id.zero", "0 does not start with 1–9", "0", tags: ["boundary"])
    postOther("id.leading-zero", "0123 has a leading zero", "0123")
    postOther("id.negative", "-1 is not ASCII digits only", "-1")
    postOther("id.plus-sign", "+1 has a sign", "+1")
    postOther("id.decimal", "1.0 is not an integer string", "1.0")
    postOther("id.exponent", "1e3 is not digits only", "1e3")
    postOther("id.hex", "0x1F is not decimal digits", "0x1F")
    postOther("id.letters", "a slug-like value is not a numeric ID", "spring")
    postOther("id.digits-then-letter", "12a is not digits only", "12a")
    postOther("id.thousands-comma", "1,000 is not digits only", "1,000")
    postOther("id.thousands-underscore", "1_000 is not digits only", "1_000")
    postOther("id.fullwidth-digits", "full-width １２ are not ASCII digits", "%EF%BC%91%EF%BC%92", tags: ["unicode"])
    postOther("id.arabic-indic-digit", "Arabic-Indic ١ is not an ASCII digit", "%D9%A1", tags: ["unicode"])
    postOther("id.encoded-leading-space", "%201 decodes to ' 1', never trimmed", "%201")
    postOther("id.encoded-trailing-newline", "1%0A decodes to '1\\n': a trailing newline never matches", "1%0A")
    file.other("id.staff-name", "a staff link with a name instead of a numeric id", "\(site)/staff/taro")
    file.other("id.ugc-leading-zero", "a UGC link with a leading zero id", "\(site)/ugc/020001")
    file.other(
      "id.product-sku", "a product link with a SKU: the placeholder is named id, so it must be a numeric ID",
      "\(site)/products/SKU-001")

    func blog(_ id: String, _ description: String, _ segment: String, slug: String, tags: [String]) {
      file.match(id, description, "\(site)/blog/\(segment)", kind: "blog", params: ["slug": slug], tags: tags)
    }
    func blogOther(_ id: String, _ description: String, _ segment: String, tags: [String]) {
      file.other(id, description, "\(site)/blog/\(segment)", tags: tags)
    }
    blog("slug.one-scalar", "a one-scalar slug is the shortest", "a", slug: "a", tags: ["boundary"])
    let ascii255 = String(repeating: "a", count: 255)
    let ascii256 = String(repeating: "a", count: 256)
    blog("slug.length.255-ascii", "255 ASCII scalars is the longest slug", ascii255, slug: ascii255, tags: ["boundary"])
    blogOther("slug.length.256-ascii", "256 ASCII scalars is over 255", ascii256, tags: ["boundary"])
    file.match(
      "slug.length.255-ascii-query", "255 scalars is the longest slug in a query value",
      "\(site)/column?id=\(ascii255)",
      kind: "blog", params: ["slug": ascii255], tags: ["boundary"])
    file.other(
      "slug.length.256-ascii-query", "256 scalars is over 255 in a query value", "\(site)/column?id=\(ascii256)",
      tags: ["boundary"])
    let hiragana = "%E3%81%82"
    blog(
      "slug.length.255-three-byte", "255 three-byte scalars (765 bytes, 2295 characters encoded) is within 255 scalars",
      String(repeating: hiragana, count: 255), slug: String(repeating: "あ", count: 255), tags: ["boundary", "unicode"])
    blogOther(
      "slug.length.256-three-byte", "256 three-byte scalars is over 255", String(repeating: hiragana, count: 256),
      tags: ["boundary", "unicode"])
    let blossom = "%F0%9F%8C%B8"
    blog(
      "slug.length.255-four-byte", "255 four-byte scalars is within 255 scalars (UTF-16 would count 510)",
      String(repeating: blossom, count: 255), slug: String(repeating: "🌸", count: 255), tags: ["boundary", "unicode"])
    blogOther(
      "slug.length.256-four-byte", "256 four-byte scalars is over 255", String(repeating: blossom, count: 256),
      tags: ["boundary", "unicode"])
    let combining = "e%CC%81"
    blog(
      "slug.length.255-scalars-128-graphemes", "127 e+U+0301 pairs and an e are 255 scalars (128 graphemes): within",
      String(repeating: combining, count: 127) + "e", slug: String(repeating: "e\u{301}", count: 127) + "e",
      tags: ["boundary", "unicode"])
    blogOther(
      "slug.length.256-scalars-128-graphemes", "128 e+U+0301 pairs are 256 scalars though only 128 graphemes: over",
      String(repeating: combining, count: 128), tags: ["boundary", "unicode"])
    let flag = "%F0%9F%87%AF%F0%9F%87%B5"
    blog(
      "slug.length.255-scalars-flags", "127 flags (two scalars each) and an a are 255 scalars",
      String(repeating: flag, count: 127) + "a", slug: String(repeating: "🇯🇵", count: 127) + "a",
      tags: ["boundary", "unicode"])
    blogOther(
      "slug.length.256-scalars-flags", "128 flags are 256 scalars", String(repeating: flag, count: 128),
      tags: ["boundary", "unicode"])
    blog(
      "slug.length.255-after-decoding", "254 letters and %41 decode to 255 scalars: the limit counts decoded scalars",
      String(repeating: "a", count: 254) + "%41", slug: String(repeating: "a", count: 254) + "A", tags: ["boundary"])
    blogOther(
      "slug.length.256-after-decoding", "255 letters and %41 decode to 256 scalars", ascii255 + "%41",
      tags: ["boundary"])
    blog(
      "slug.length.255-all-encoded", "255 escapes %41 (765 characters raw) decode to 255 scalars",
      String(repeating: "%41", count: 255), slug: String(repeating: "A", count: 255), tags: ["boundary"])
    let reviewPath = "\(site)/reviews/new"
    let long = String(repeating: "x", count: 300)
    file.match(
      "other-name.no-length-limit", "a placeholder other than slug and id only needs a non-empty value: 300 characters",
      "\(reviewPath)?product_id=\(long)", kind: "review_form", params: ["product_id": long], tags: ["boundary"])
    file.match(
      "other-name.zero", "product_id 0 is non-empty: the numeric-ID rule is only for id", "\(reviewPath)?product_id=0",
      kind: "review_form", params: ["product_id": "0"])
    file.match(
      "other-name.encoded-space", "product_id %20 decodes to a space: non-empty", "\(reviewPath)?product_id=%20",
      kind: "review_form", params: ["product_id": " "])
    file.match(
      "other-name.case-of-id", "{ID} is not {id}: the numeric-ID rule is for the exact name id", "\(site)/p/abc",
      kind: "post", params: ["ID": "abc"], context: context(["post": "https://shop.example/p/{ID}"]))
    file.match(
      "other-name.case-of-slug", "{Slug} is not {slug}: no 255-scalar limit", "\(site)/b/\(ascii256)", kind: "blog",
      params: ["Slug": ascii256], tags: ["boundary"], context: context(["blog": "https://shop.example/b/{Slug}"]))
    return file.file(at: "\(folder)/captured-values.json")
  }
}
