import ConformanceJSON
import ConformanceKit

/// `leeep.push.payload`, the rules about keys and value types: check 2 (`non_string_value`),
/// check 4 (`unknown_key`), check 5 (`missing_key`), check 6 (`target_type`) and check 7
/// (`blog_slug` present exactly for blog targets).
extension LeeepPushPayload {
  static func keyFiles() -> [GeneratedFile] {
    [nonStringValue(), missingKey(), unknownKey(), targetType(), blogSlugPresence()]
  }

  /// The string a key holds in the valid samples, for "the right value, wrong JSON type" variants.
  static func sampleString(_ key: String, _ sample: PushSample) -> String {
    sample.data[key]?.stringValue ?? "x"
  }

  /// The non-string JSON values every key is tried with. `natural` is the key's own value written
  /// as the JSON type an app might produce by mistake (a decoded number, a wrapped string).
  static func nonStringVariants(natural: String) -> [(name: String, value: JSONValue, tags: [String])] {
    let asNumber: JSONValue =
      JSONNumber(literal: natural).map { .number($0) } ?? .number(JSONNumber(2024))
    return [
      ("number.integer", asNumber, []),
      ("number.zero", 0, []),
      ("number.negative", -1, []),
      ("number.fraction", .number(JSONNumber(literal: "1.5")!), []),
      ("number.float-form", .number(JSONNumber(literal: "1024.0")!), []),
      ("number.exponent", .number(JSONNumber(literal: "1e3")!), []),
      ("number.19-nines", .number(JSONNumber(literal: "9999999999999999999")!), ["cross-sdk"]),
      ("number.20-digits", .number(JSONNumber(literal: "12345678901234567890")!), ["cross-sdk"]),
      ("boolean.true", true, []),
      ("boolean.false", false, []),
      ("null", .null, []),
      ("object.empty", [:], []),
      ("object.wrapped", ["value": .string(natural)], []),
      ("array.empty", [], []),
      ("array.wrapped", [.string(natural)], []),
    ]
  }

  /// Check 2: every value must be a JSON string, whichever key holds it.
  static func nonStringValue() -> GeneratedFile {
    var file = builder("check 2, non_string_value: every value is a JSON string (field: first such key)")
    let coordinateKeys = PushSample.coordinate.data.keys
    for key in coordinateKeys {
      for variant in nonStringVariants(natural: sampleString(key, .coordinate)) {
        file.add(
          id: "\(key).type.\(variant.name)",
          description: "\(key) as a JSON \(variant.value.typeName) (\(variant.name)) is not a string",
          tags: ["invalid"] + variant.tags, input: .object(PushSample.coordinate.data.with(key, variant.value)),
          expect: reject("non_string_value", key))
      }
    }
    for variant in nonStringVariants(natural: sampleString("blog_slug", .blog)) {
      file.add(
        id: "blog_slug.type.\(variant.name)",
        description: "blog_slug of a blog as a JSON \(variant.value.typeName) (\(variant.name)) is not a string",
        tags: ["invalid"] + variant.tags, input: .object(PushSample.blog.data.with("blog_slug", variant.value)),
        expect: reject("non_string_value", "blog_slug"))
    }
    for (name, value) in [("number", JSONValue(2024)), ("null", .null), ("object", ["slug": "summer"])] {
      file.add(
        id: "blog_slug.type.\(name).on-coordinate",
        description: "blog_slug as \(Wording.kind(name)) on a coordinate: check 2 comes before check 7's unknown_key",
        tags: ["invalid"], input: .object(PushSample.coordinate.data.with("blog_slug", value)),
        expect: reject("non_string_value", "blog_slug"))
    }
    // Unknown keys are checked for strings too, before check 4 ever looks at their names.
    let unknownNonStrings: [(String, String, JSONValue, [String])] = [
      (
        "aps", "aps", ["alert": ["title": "新着コーデ", "body": "スタッフが投稿しました"], "sound": "default"], ["integration-mistake"]
      ),
      ("aps-content-available", "aps", ["content-available": 1], ["integration-mistake"]),
      ("google-sent-time", "google.sent_time", .number(JSONNumber(literal: "1717200000000")!), ["integration-mistake"]),
      ("google-ttl", "google.ttl", 2_419_200, ["integration-mistake"]),
      ("notification", "notification", ["title": "新着コーデ"], ["integration-mistake"]),
      ("data", "data", .object(PushSample.coordinate.data), ["integration-mistake"]),
      ("respondo-object", "respondo", ["type": "message"], ["cross-sdk"]),
      ("extra-null", "extra", .null, []),
      ("empty-key", "", 0, []),
    ]
    for (name, key, value, tags) in unknownNonStrings {
      file.add(
        id: "non_string_value.unknown-key.\(name)",
        description:
          "an unknown key \"\(key)\" with the \(value.typeName) value \(JSONSerializer.compact.string(from: value)): check 2 comes before check 4",
        tags: ["invalid"] + tags, input: .object(PushSample.coordinate.data.with(key, value)),
        expect: reject("non_string_value", key))
    }
    file.add(
      id: "non_string_value.unknown-key.aps-with-only-schema-version",
      description: "an object-valued aps beside only schema_version: check 2 comes before check 5",
      tags: ["invalid"], input: ["schema_version": "2", "aps": [:]], expect: reject("non_string_value", "aps"))

    // Several non-string values: the field is the first key in byte order, whatever the document order.
    let orderCases: [(String, String, JSONObject, String)] = [
      (
        "website_id-and-app_id", "website_id and app_id both numbers: app_id sorts first",
        PushSample.coordinate.data.with("website_id", 1024).with("app_id", 88), "app_id"
      ),
      (
        "all-numeric-ids", "every numeric ID a number: app_id sorts first",
        PushSample.coordinate.data.with("website_id", 1024).with("app_id", 88).with("source_content_id", 5001)
          .with("ugc_id", 90001), "app_id"
      ),
      (
        "document-order-ignored", "ugc_id (written first) and delivery_id both null: delivery_id sorts first",
        JSONObject([.init(key: "ugc_id", value: .null)]).merging(PushSample.coordinate.data.without("ugc_id"))
          .with("delivery_id", .null), "delivery_id"
      ),
      (
        "uppercase-before-lowercase", "\"Website_Id\" (unknown) sorts before \"app_id\": uppercase bytes are smaller",
        PushSample.coordinate.data.with("app_id", 88).with("Website_Id", 1024), "Website_Id"
      ),
      (
        "unknown-before-known", "\"aps\" sorts before \"website_id\"",
        PushSample.coordinate.data.with("website_id", 1024).with("aps", [:]), "aps"
      ),
      (
        "schema_version-last", "schema_version and target_type both numbers: schema_version sorts first",
        PushSample.coordinate.data.with("target_type", 1).with("schema_version", 2), "schema_version"
      ),
      (
        "prefix-first", "\"app\" sorts before \"app_id\" (a prefix comes first)",
        PushSample.coordinate.data.with("app_id", 88).with("app", 1), "app"
      ),
      (
        "digit-before-letter", "\"1\" sorts before \"A\"", PushSample.coordinate.data.with("A", .null).with("1", .null),
        "1"
      ),
      (
        "uppercase-before-underscore", "\"Z\" (0x5A) sorts before \"_meta\" (0x5F): not a case-insensitive order",
        PushSample.coordinate.data.with("_meta", [:]).with("Z", []), "Z"
      ),
      (
        "empty-key-first", "the empty key sorts before every other key",
        PushSample.coordinate.data.with("app_id", 88).with("", .null), ""
      ),
      (
        "nfd-before-nfc", "\"cafe\\u0301\" (NFD) sorts before \"caf\\u00e9\" (NFC) by UTF-8 bytes; they are two keys",
        PushSample.coordinate.data.with("caf\u{E9}", 1).with("cafe\u{301}", 1), "cafe\u{301}"
      ),
      (
        "utf8-not-utf16-order",
        "unknown_key: U+FF77 sorts before U+1F511 by UTF-8 bytes (UTF-16 code units would reverse them)",
        PushSample.coordinate.data.with("\u{1F511}", 1).with("\u{FF77}", 1), "\u{FF77}"
      ),
    ]
    for (name, description, data, field) in orderCases {
      let tags = name.contains("nfd") || name.contains("utf8") ? ["invalid", "unicode", "cross-sdk"] : ["invalid"]
      file.add(
        id: "non_string_value.order.\(name)", description: description, tags: tags, input: .object(data),
        expect: reject("non_string_value", field))
    }
    return file.file(at: "\(folder)/invalid/non-string-value.json")
  }

  /// Check 3 (schema_version) and check 5: keys that must be present.
  static func missingKey() -> GeneratedFile {
    var file = builder("checks 3 and 5, missing_key: schema_version, then the seven keys in order")
    for (target, sample) in [("coordinate", PushSample.coordinate), ("blog", PushSample.blog)] {
      for key in ["schema_version"] + requiredKeys {
        file.add(
          id: "\(key).missing.\(target)", description: "a \(target) payload without \(key)",
          tags: ["invalid"], input: .object(sample.data.without(key)), expect: reject("missing_key", key))
      }
    }
    file.add(
      id: "missing_key.empty-map", description: "the empty map misses schema_version first",
      tags: ["invalid", "boundary"],
      input: [:], expect: reject("missing_key", "schema_version"))
    // Growing maps: each one misses the next key of check 5's order.
    var partial: JSONObject = ["schema_version": "2"]
    for (index, key) in requiredKeys.enumerated() {
      let previous = index == 0 ? "schema_version" : requiredKeys[index - 1]
      file.add(
        id: "missing_key.only-through.\(previous)",
        description: "keys present up to \(previous): the first missing one is \(key)", tags: ["invalid"],
        input: .object(partial), expect: reject("missing_key", key))
      partial = partial.with(key, PushSample.coordinate.data[key]!)
    }
    // Shrinking from the end: the order of check 5 decides, not how many are missing.
    for (index, key) in requiredKeys.enumerated() where index + 1 < requiredKeys.count {
      var data = PushSample.coordinate.data
      for later in requiredKeys[index...] { data = data.without(later) }
      file.add(
        id: "missing_key.missing-from.\(key)",
        description: "\(key) and every later required key missing: \(key) is reported",
        tags: ["invalid"], input: .object(data), expect: reject("missing_key", key))
    }
    file.add(
      id: "schema_version.only-key-missing",
      description: "every other key present and valid: schema_version is still required", tags: ["invalid"],
      input: .object(PushSample.blog.data.without("schema_version")), expect: reject("missing_key", "schema_version"))
    return file.file(at: "\(folder)/invalid/missing-key.json")
  }

  static let requiredKeys = [
    "website_id", "app_id", "notification_id", "delivery_id", "target_type", "source_content_id", "ugc_id",
  ]

  /// Spellings of a schema key that are other keys: byte-for-byte comparison, no folding.
  static func spellingVariants(of key: String) -> [(name: String, key: String, tags: [String])] {
    let parts = key.split(separator: "_").map(String.init)
    func capitalised(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
    let lowerCamel = parts[0] + parts.dropFirst().map(capitalised).joined()
    let fullWidth = String(
      String.UnicodeScalarView(
        key.unicodeScalars.map { scalar in
          scalar.value >= 0x21 && scalar.value <= 0x7E ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar
        }))
    // The first Latin letter that has a Cyrillic lookalike is replaced by it.
    let lookalikes: [(Unicode.Scalar, Unicode.Scalar)] = [
      ("a", "\u{0430}"), ("c", "\u{0441}"), ("e", "\u{0435}"), ("i", "\u{0456}"), ("o", "\u{043E}"),
      ("p", "\u{0440}"),
    ]
    let homoglyph: String = {
      var scalars = Array(key.unicodeScalars)
      guard
        let index = scalars.firstIndex(where: { scalar in lookalikes.contains { $0.0 == scalar } }),
        let replacement = lookalikes.first(where: { $0.0 == scalars[index] })?.1
      else { preconditionFailure("\(key) has no letter with a Cyrillic lookalike") }
      scalars[index] = replacement
      return String(String.UnicodeScalarView(scalars))
    }()
    return [
      ("capitalised-words", parts.map(capitalised).joined(separator: "_"), []),
      ("capitalised-first", capitalised(key), []),
      ("uppercase", key.uppercased(), []),
      ("lower-camel", lowerCamel, ["cross-sdk"]),
      ("upper-camel", capitalised(lowerCamel), ["cross-sdk"]),
      ("kebab", parts.joined(separator: "-"), []),
      ("dotted", parts.joined(separator: "."), []),
      ("leading-space", " " + key, []),
      ("trailing-space", key + " ", []),
      ("trailing-newline", key + "\n", []),
      ("trailing-nul", key + "\u{0}", ["security"]),
      ("zero-width-space", parts.joined(separator: "_\u{200B}"), ["unicode", "security"]),
      ("full-width", fullWidth, ["unicode"]),
      ("cyrillic-lookalike", homoglyph, ["unicode", "security"]),
    ]
  }

  /// Check 4: a key outside schema 2's list, the first in byte order.
  static func unknownKey() -> GeneratedFile {
    var file = builder("check 4, unknown_key: only schema 2's keys, compared byte for byte (field: first such key)")
    // Other SDKs' and transports' keys with string values, added to a valid payload.
    let foreignKeys: [(String, String, [String])] = [
      ("aps", "{\"alert\":\"新着コーデ\"}", ["integration-mistake"]),
      ("gcm.message_id", "1717200000000001", ["integration-mistake"]),
      ("gcm.n.e", "1", ["integration-mistake"]),
      ("gcm.notification.title", "新着コーデ", ["integration-mistake"]),
      ("google.c.a.e", "1", ["integration-mistake"]),
      ("google.c.a.c_id", "1234567890123456789", ["integration-mistake"]),
      ("google.c.a.ts", "1717200000", ["integration-mistake"]),
      ("google.c.sender.id", "123456789012", ["integration-mistake"]),
      ("google.c.fid", "cAbCdEfGhIjKlMnOpQr_-0", ["integration-mistake"]),
      ("google.message_id", "0:1717200000000001%31bd1c9631bd1c96", ["integration-mistake"]),
      ("google.sent_time", "1717200000000", ["integration-mistake"]),
      ("google.ttl", "2419200", ["integration-mistake"]),
      ("google.original_priority", "high", ["integration-mistake"]),
      ("google.delivered_priority", "high", ["integration-mistake"]),
      ("google.product_id", "111881503", ["integration-mistake"]),
      ("from", "123456789012", ["integration-mistake"]),
      ("collapse_key", "com.example.shop", ["integration-mistake"]),
      ("message_type", "gcm", ["integration-mistake"]),
      ("fcm_options", "{\"image\":\"https://shop.example/a.png\"}", ["integration-mistake"]),
      ("notification", "{\"title\":\"新着コーデ\"}", ["integration-mistake"]),
      ("title", "新着コーデ", ["integration-mistake"]),
      ("body", "スタッフが新しいコーデを投稿しました", ["integration-mistake"]),
      ("image", "https://shop.example/a.png", []),
      ("url", "https://shop.example/coordinate/5001", []),
      ("link", "https://shop.example/coordinate/5001", []),
      ("deep_link", "shop://coordinate/5001", []),
      ("click_action", "FLUTTER_NOTIFICATION_CLICK", ["cross-sdk"]),
      ("sound", "default", []),
      ("badge", "1", []),
      ("category", "LEEEP", []),
      ("thread-id", "leeep", []),
      ("mutable-content", "1", []),
      ("content-available", "1", []),
      ("priority", "high", []),
      ("android_channel_id", "leeep", []),
      ("respondo", "{\"type\":\"message\"}", ["cross-sdk"]),
      ("popinfo", "1", ["cross-sdk"]),
      ("adapty", "1", ["cross-sdk"]),
    ]
    for (key, value, tags) in foreignKeys {
      let name = key.idFragment()
      file.add(
        id: "unknown_key.foreign.\(name)",
        description: "\"\(key)\" is not a key of schema 2 (another SDK's or the transport's)",
        tags: ["invalid"] + tags, input: .object(PushSample.coordinate.data.with(key, .string(value))),
        expect: reject("unknown_key", key))
    }
    // Keys that sound like LEEEP's but are not in the list.
    let leeepLike = [
      "slug", "post_id", "staff_id", "product_id", "brand_code", "tag_id", "user_id", "member_id", "target_url",
      "target_id", "type", "version", "schema", "id", "scope", "target", "campaign_id", "ugc_post_id", "blog_id",
      "source_id", "website", "app", "expected_scope", "is_public",
    ]
    for key in leeepLike {
      file.add(
        id: "unknown_key.leeep-like.\(key)", description: "\"\(key)\" sounds like LEEEP's but is not a key of schema 2",
        tags: ["invalid"], input: .object(PushSample.coordinate.data.with(key, "1")),
        expect: reject("unknown_key", key))
    }
    file.add(
      id: "unknown_key.leeep-like.url-on-blog", description: "a blog has no URL field either (遷移URLを指定するフィールドはありません)",
      tags: ["invalid"], input: .object(PushSample.blog.data.with("url", "https://shop.example/blog/summer")),
      expect: reject("unknown_key", "url"))
    file.add(
      id: "unknown_key.empty-key", description: "the empty key is not a key of schema 2",
      tags: ["invalid", "boundary"],
      input: .object(PushSample.coordinate.data.with("", "")), expect: reject("unknown_key", ""))
    file.add(
      id: "unknown_key.empty-value", description: "an unknown key with an empty string value is still unknown",
      tags: ["invalid"], input: .object(PushSample.coordinate.data.with("extra", "")),
      expect: reject("unknown_key", "extra"))

    // Every schema key spelt another way: renamed (the real key absent) and added (both present).
    for key in ["schema_version"] + requiredKeys + ["blog_slug"] {
      let sample = key == "blog_slug" ? PushSample.blog : PushSample.coordinate
      for variant in spellingVariants(of: key) {
        // Renaming schema_version leaves it missing, and check 3 comes before check 4.
        let renamedExpectation =
          key == "schema_version" ? reject("missing_key", "schema_version") : reject("unknown_key", variant.key)
        file.add(
          id: "unknown_key.spelling.\(key).\(variant.name).renamed",
          description: key == "schema_version"
            ? "schema_version spelt \(variant.name) instead: missing_key schema_version (check 3) before unknown_key"
            : "\(key) spelt \(variant.name) instead is an unknown key (check 4 before missing_key)",
          tags: ["invalid"] + variant.tags, input: .object(sample.data.renaming(key, to: variant.key)),
          expect: renamedExpectation)
        file.add(
          id: "unknown_key.spelling.\(key).\(variant.name).added",
          description: "\(key) spelt \(variant.name) beside the real key is an unknown key",
          tags: ["invalid"] + variant.tags, input: .object(sample.data.with(variant.key, sample.data[key]!)),
          expect: reject("unknown_key", variant.key))
      }
    }

    // Several unknown keys: the first in byte order.
    let orderCases: [(String, String, [(String, String)], String)] = [
      (
        "uppercase-before-lowercase", "\"Website_Id\" sorts before \"aps\"", [("aps", "x"), ("Website_Id", "1024")],
        "Website_Id"
      ),
      (
        "gcm-before-google", "\"gcm.message_id\" sorts before \"google.c.a.e\"",
        [("google.c.a.e", "1"), ("gcm.message_id", "1717200000000001")], "gcm.message_id"
      ),
      (
        "dot-before-underscore", "\"google.c\" (0x2E) sorts before \"google_c\" (0x5F)",
        [("google_c", "1"), ("google.c", "1")], "google.c"
      ),
      (
        "uppercase-before-underscore", "\"Zeta\" (0x5A) sorts before \"_meta\" (0x5F): not a case-insensitive order",
        [("_meta", "1"), ("Zeta", "1")], "Zeta"
      ),
      ("space-first", "\" app_id\" (0x20) sorts before every letter", [("zz", "1"), (" app_id", "88")], " app_id"),
      ("prefix-first", "\"app\" sorts before \"app_idx\"", [("app_idx", "1"), ("app", "1")], "app"),
      (
        "document-order-ignored", "the last written unknown key may be the first in byte order",
        [("url", "https://shop.example/"), ("title", "t"), ("body", "b")], "body"
      ),
      (
        "nfd-before-nfc", "\"cafe\\u0301\" (NFD) sorts before \"caf\\u00e9\" (NFC): two different keys",
        [("caf\u{E9}", "1"), ("cafe\u{301}", "1")], "cafe\u{301}"
      ),
      (
        "nfc-after-f", "\"caf\\u00e9\" (NFC) sorts after \"caff\" by UTF-8 bytes",
        [("caf\u{E9}", "1"), ("caff", "1")], "caff"
      ),
      (
        "utf8-not-utf16-order",
        "non_string_value: U+FF77 sorts before U+1F511 by UTF-8 bytes (UTF-16 code units would reverse them)",
        [("\u{1F511}", "1"), ("\u{FF77}", "1")], "\u{FF77}"
      ),
      ("ascii-before-non-ascii", "\"z\" sorts before \"\\u00e0\"", [("\u{E0}", "1"), ("z", "1")], "z"),
    ]
    for (name, description, extra, field) in orderCases {
      var data = PushSample.coordinate.data
      for (key, value) in extra { data = data.with(key, .string(value)) }
      let tags =
        field.unicodeScalars.contains { !$0.isASCII } || name.contains("nf") ? ["invalid", "unicode"] : ["invalid"]
      file.add(
        id: "unknown_key.order.\(name)", description: description, tags: tags, input: .object(data),
        expect: reject("unknown_key", field))
    }
    file.add(
      id: "unknown_key.unicode-key.japanese", description: "a Japanese key is unknown", tags: ["invalid", "unicode"],
      input: .object(PushSample.coordinate.data.with("ウェブサイトID", "1024")), expect: reject("unknown_key", "ウェブサイトID"))
    file.add(
      id: "unknown_key.unicode-key.nfd-only", description: "an NFD key is kept as written in the field",
      tags: ["invalid", "unicode"],
      input: .object(PushSample.coordinate.data.with("cafe\u{301}", "1")), expect: reject("unknown_key", "cafe\u{301}"))
    file.add(
      id: "unknown_key.unicode-key.nfc-only", description: "an NFC key is kept as written in the field",
      tags: ["invalid", "unicode"],
      input: .object(PushSample.coordinate.data.with("caf\u{E9}", "1")), expect: reject("unknown_key", "caf\u{E9}"))
    file.add(
      id: "unknown_key.blog", description: "a blog payload with an extra key", tags: ["invalid"],
      input: .object(PushSample.blog.data.with("post_id", "5002")), expect: reject("unknown_key", "post_id"))
    return file.file(at: "\(folder)/invalid/unknown-key.json")
  }

  /// Check 6: target_type is exactly `coordinate` or `blog`.
  static func targetType() -> GeneratedFile {
    var file = builder("check 6, invalid_value target_type: exactly \"coordinate\" (コーデ) or \"blog\"")
    let values: [(String, String, [String])] = [
      ("empty", "", ["boundary"]),
      ("capitalised.coordinate", "Coordinate", []),
      ("uppercase.coordinate", "COORDINATE", []),
      ("capitalised.blog", "Blog", []),
      ("uppercase.blog", "BLOG", []),
      ("leading-space.blog", " blog", []),
      ("trailing-space.blog", "blog ", []),
      ("trailing-newline.blog", "blog\n", ["boundary"]),
      ("trailing-newline.coordinate", "coordinate\n", ["boundary"]),
      ("trailing-nul.coordinate", "coordinate\u{0}", ["security"]),
      ("short.coord", "coord", []),
      ("plural.coordinates", "coordinates", []),
      ("plural.blogs", "blogs", []),
      ("japanese.kode", "コーデ", ["unicode"]),
      ("japanese.blog", "ブログ", ["unicode"]),
      ("link-kind.post", "post", []),
      ("link-kind.ugc", "ugc", []),
      ("link-kind.staff", "staff", []),
      ("link-kind.product", "product", []),
      ("link-kind.review_form", "review_form", []),
      ("link-kind.other", "other", []),
      ("none", "none", []),
      ("null-word", "null", []),
      ("both", "blog,coordinate", []),
      ("full-width.blog", "ｂｌｏｇ", ["unicode"]),
      ("cyrillic-lookalike.blog", "bl\u{043E}g", ["unicode", "security"]),
      ("zero-width-space.blog", "blog\u{200B}", ["unicode", "security"]),
      ("bom.blog", "\u{FEFF}blog", ["unicode", "security"]),
      ("number-text.1", "1", []),
      ("number-text.2", "2", []),
    ]
    for (name, value, tags) in values {
      file.add(
        id: "target_type.\(name).coordinate-fields",
        description: "target_type \(debugQuoted(value)) is neither coordinate nor blog", tags: ["invalid"] + tags,
        input: .object(PushSample.coordinate.data.with("target_type", .string(value))),
        expect: reject("invalid_value", "target_type"))
      file.add(
        id: "target_type.\(name).with-blog_slug",
        description: "target_type \(debugQuoted(value)) with a blog_slug: check 6 comes before check 7",
        tags: ["invalid"] + tags, input: .object(PushSample.blog.data.with("target_type", .string(value))),
        expect: reject("invalid_value", "target_type"))
    }
    return file.file(at: "\(folder)/invalid/target-type.json")
  }

  /// Check 7: a blog needs blog_slug; a coordinate must not have one.
  static func blogSlugPresence() -> GeneratedFile {
    var file = builder("check 7: blog without blog_slug is missing_key, coordinate with blog_slug is unknown_key")
    let blogWithoutSlug = PushSample.blog.data.without("blog_slug")
    let coordinateWithSlug = PushSample.coordinate.data.with("blog_slug", "summer-coordinate-2024")
    let cases: [(String, String, [String], JSONObject, String, String)] = [
      ("blog.without-slug", "a blog target needs blog_slug", [], blogWithoutSlug, "missing_key", "blog_slug"),
      (
        "blog.without-slug.keys-reversed", "a blog target needs blog_slug, whatever the key order", [],
        blogWithoutSlug.ordered(blogWithoutSlug.keys.reversed()), "missing_key", "blog_slug"
      ),
      (
        "blog.without-slug.invalid-website_id", "missing blog_slug (check 7) before invalid website_id (check 8)",
        [], blogWithoutSlug.with("website_id", "01024"), "missing_key", "blog_slug"
      ),
      (
        "blog.without-slug.foreign-scope", "missing blog_slug (check 7) before a foreign website (check 9)",
        ["foreign-scope"], blogWithoutSlug.with("website_id", "2048"), "missing_key", "blog_slug"
      ),
      (
        "blog.slug-renamed-slug", "\"slug\" instead of blog_slug is unknown_key slug (check 4 before check 7)", [],
        PushSample.blog.data.renaming("blog_slug", to: "slug"), "unknown_key", "slug"
      ),
      (
        "coordinate.with-slug", "a coordinate target must not carry blog_slug", [], coordinateWithSlug,
        "unknown_key", "blog_slug"
      ),
      (
        "coordinate.with-empty-slug", "a coordinate with an empty blog_slug: check 7, not the slug's value rule",
        ["boundary"], PushSample.coordinate.data.with("blog_slug", ""), "unknown_key", "blog_slug"
      ),
      (
        "coordinate.with-256-scalar-slug", "a coordinate with an over-long blog_slug: check 7 before check 8",
        ["boundary"], PushSample.coordinate.data.with("blog_slug", .string(String(repeating: "a", count: 256))),
        "unknown_key", "blog_slug"
      ),
      (
        "coordinate.with-slug.invalid-website_id", "blog_slug on a coordinate (check 7) before invalid website_id",
        [], coordinateWithSlug.with("website_id", "0"), "unknown_key", "blog_slug"
      ),
      (
        "coordinate.with-slug.foreign-app", "blog_slug on a coordinate (check 7) before a foreign app (check 9)",
        ["foreign-scope"], coordinateWithSlug.with("app_id", "89"), "unknown_key", "blog_slug"
      ),
      (
        "coordinate.with-slug-and-slug", "with both blog_slug and slug, check 4 names slug (blog_slug is a schema key)",
        [], coordinateWithSlug.with("slug", "summer"), "unknown_key", "slug"
      ),
      (
        "coordinate.with-slug.keys-reversed", "blog_slug on a coordinate, keys reversed", [],
        coordinateWithSlug.ordered(coordinateWithSlug.keys.reversed()), "unknown_key", "blog_slug"
      ),
    ]
    for (id, description, tags, data, error, field) in cases {
      file.add(
        id: "blog_slug.presence.\(id)", description: description, tags: ["invalid"] + tags, input: .object(data),
        expect: reject(error, field))
    }
    return file.file(at: "\(folder)/invalid/blog-slug-presence.json")
  }

  /// A value as it reads in a description: JSON string syntax, escapes visible.
  static func debugQuoted(_ text: String) -> String {
    var output = ""
    JSONSerializer.writeString(text, to: &output)
    return output
  }
}

extension String {
  /// An id fragment for a key such as `gcm.message_id`: ASCII letters, digits, `.`, `_` and `-`
  /// kept (ids allow them), anything else replaced by `-`.
  func idFragment() -> String {
    String(
      String.UnicodeScalarView(
        unicodeScalars.map { scalar in
          scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
            ? scalar : "-"
        }))
  }
}
