import ConformanceJSON
import ConformanceKit

/// `leeep.blog-match` (docs/suites/leeep.blog-match.md): `LeeepPushPayload.parse` then
/// `matchesPublicBlogDetail(websiteId:slug:ugcId:isPublic:)`. "ブログ通知のwebsite・slug・UGC IDと一致し、
/// isPublic がtrueの場合にtrueを返します。コーデ通知や不一致の場合はfalseです。"
///
/// Input `{"data", "website_id", "slug", "ugc_id", "is_public"}`. Arguments are checked first in that
/// order (`invalid_argument`, field: the argument); `data` may be any JSON value, its faults are the
/// payload's and are reported as docs/suites/leeep.push.payload.md reports them; other argument keys are ignored.
extension LeeepBlogMatch: GeneratedSuite {
  static let source = "LEEEP iOS SDK reference, Push: payload.matchesPublicBlogDetail (docs/suites/leeep.blog-match.md)"

  static func files() -> [GeneratedFile] {
    [matches(), invalidArgument(), payloadErrors(), contextFree()]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source, context: LeeepPushPayload.context)
  }

  static let blog = PushSample.blog

  /// The argument list of a call: `data` and the four values, in the order the API lists them.
  static func call(
    data: JSONValue, websiteID: JSONValue?, slug: JSONValue?, ugcID: JSONValue?, isPublic: JSONValue?
  ) -> JSONObject {
    var arguments: JSONObject = ["data": data]
    if let websiteID { arguments["website_id"] = websiteID }
    if let slug { arguments["slug"] = slug }
    if let ugcID { arguments["ugc_id"] = ugcID }
    if let isPublic { arguments["is_public"] = isPublic }
    return arguments
  }

  /// A call whose arguments are taken from `sample` (so they match it), then overridden.
  static func call(
    for sample: PushSample, data: JSONObject? = nil, websiteID: String? = nil, slug: String? = nil,
    ugcID: String? = nil, isPublic: Bool = true
  ) -> JSONObject {
    call(
      data: .object(data ?? sample.data), websiteID: .string(websiteID ?? sample.websiteID),
      slug: .string(slug ?? sample.blogSlug ?? "summer-coordinate-2024"), ugcID: .string(ugcID ?? sample.ugcID),
      isPublic: .bool(isPublic))
  }

  static func matches(_ value: Bool) -> GeneratedExpectation {
    .accept(output: ["matches": .bool(value)])
  }

  /// The accepted calls: true only for a public blog whose website, slug and UGC ID all equal.
  static func matches() -> GeneratedFile {
    var file = builder("matchesPublicBlogDetail: true only for a public blog with equal website, slug and ugc_id")
    func add(
      _ id: String, _ description: String, _ tags: [String], _ input: JSONObject, _ value: Bool,
      context: JSONObject? = nil
    ) {
      file.add(
        id: id, description: description, tags: ["valid"] + tags, input: .object(input), context: context,
        expect: matches(value))
    }
    // True.
    add("true.public-blog", "a public blog with the notification's website, slug and ugc_id", [], call(for: blog), true)
    add(
      "true.arguments-reordered", "argument order in the object does not matter", [],
      call(for: blog).ordered(["is_public", "ugc_id", "slug", "website_id", "data"]), true)
    add(
      "true.data-keys-reversed", "the data map's key order does not matter", [],
      call(for: blog, data: blog.data.ordered(blog.data.keys.reversed())), true)
    let slugs: [(String, String, String, [String])] = [
      ("japanese", "夏のコーデ特集", "a Japanese slug, same bytes on both sides", ["unicode"]),
      ("nfd-both", "cafe\u{301}-2024", "an NFD slug given in NFD on both sides", ["unicode"]),
      ("nfc-both", "caf\u{E9}-2024", "an NFC slug given in NFC on both sides", ["unicode"]),
      (
        "255-scalars", String(repeating: "\u{1F600}", count: 255), "a 255-scalar slug of 4-byte scalars",
        ["boundary", "unicode"]
      ),
      ("1-scalar", "s", "a one-scalar slug", ["boundary"]),
      ("zwj-emoji", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "a ZWJ emoji slug", ["unicode"]),
      ("spaces-kept", "  summer  ", "a slug with surrounding spaces, kept on both sides", []),
      ("trailing-newline", "summer\n", "a slug ending in a newline, on both sides", []),
      ("percent-encoded", "%E5%A4%8F", "a percent-encoded slug, encoded on both sides", []),
      ("url", "https://shop.example/blog/summer", "a URL used as the slug on both sides", []),
      ("nul", "a\u{0}b", "a slug holding NUL, on both sides", ["security"]),
    ]
    for (name, slug, description, tags) in slugs {
      let sample = blog.setting("blog_slug", to: slug)
      add("true.slug.\(name)", description, tags, call(for: sample), true)
    }
    let longSample = PushSample(
      websiteID: "9999999999999999999", appID: "1234567890123456789", sourceContentID: "1",
      ugcID: "9223372036854775808", blogSlug: "s")
    add(
      "true.19-digit-ids", "19-digit website and ugc IDs compared as text", ["boundary", "cross-sdk"],
      call(for: longSample), true,
      context: LeeepPushPayload.scopeContext(websiteID: "9999999999999999999", appID: "1234567890123456789"))
    add(
      "true.extra-argument-ignored", "an extra argument key is ignored", [], call(for: blog).with("extra", 1), true)
    add(
      "true.camel-case-extra-ignored", "\"isPublic\": false beside \"is_public\": true is ignored", [],
      call(for: blog).with("isPublic", false), true)
    add(
      "true.null-extra-ignored", "an extra argument holding null is ignored", [],
      call(for: blog).with("app_id", .null), true)
    add(
      "true.ugc-equals-website", "a blog whose ugc_id has the website's digits", [],
      call(for: blog.setting("ugc_id", to: "1024")), true)

    // False: a coordinate never matches.
    let coordinate = PushSample.coordinate
    add(
      "false.coordinate", "a coordinate (コーデ) notification is never a blog detail", [],
      call(for: coordinate, slug: "summer-coordinate-2024"), false)
    add(
      "false.coordinate.empty-slug", "a coordinate with an empty slug argument", [], call(for: coordinate, slug: ""),
      false)
    add(
      "false.coordinate.not-public", "a coordinate with is_public false", [],
      call(for: coordinate, slug: "summer-coordinate-2024", isPublic: false), false)
    add(
      "false.coordinate.source-as-ugc", "a coordinate, ugc_id argument set to its source_content_id", [],
      call(for: coordinate, slug: "summer", ugcID: coordinate.sourceContentID), false)
    // False: not public.
    add("false.not-public", "every value equal but is_public false", [], call(for: blog, isPublic: false), false)
    // False: one value differs, public or not.
    let websiteMismatches: [(String, String, [String])] = [
      ("other", "2048", []), ("leading-zero", "01024", []), ("full-width", "１０２４", ["unicode"]),
      ("trailing-space", "1024 ", []), ("empty", "", ["boundary"]), ("app-id-given", "88", []),
      ("19-nines", "9999999999999999999", []),
    ]
    for (name, value, tags) in websiteMismatches {
      add(
        "false.website.\(name)", "website_id argument \(LeeepPushPayload.debugQuoted(value)) differs from 1024", tags,
        call(for: blog, websiteID: value), false)
    }
    let slugMismatches: [(String, String, [String])] = [
      ("capitalised", "Summer-coordinate-2024", []), ("uppercase", "SUMMER-COORDINATE-2024", []),
      ("trailing-space", "summer-coordinate-2024 ", []), ("leading-space", " summer-coordinate-2024", []),
      ("trailing-newline", "summer-coordinate-2024\n", []), ("prefix", "summer-coordinate", []),
      ("extended", "summer-coordinate-20245", []), ("empty", "", ["boundary"]),
      ("path", "/blog/summer-coordinate-2024", []), ("url", "https://shop.example/blog/summer-coordinate-2024", []),
      ("trailing-slash", "summer-coordinate-2024/", []), ("full-width", "ｓｕｍｍｅｒ-ｃｏｏｒｄｉｎａｔｅ-２０２４", ["unicode"]),
      ("zero-width-space", "summer-coordinate-2024\u{200B}", ["unicode", "security"]),
      ("underscores", "summer_coordinate_2024", []),
    ]
    for (name, value, tags) in slugMismatches {
      add(
        "false.slug.\(name)", "slug argument \(LeeepPushPayload.debugQuoted(value)) differs byte for byte", tags,
        call(for: blog, slug: value), false)
    }
    let ugcMismatches: [(String, String, [String])] = [
      ("other", "90003", []), ("leading-zero", "090002", []), ("full-width", "９０００２", ["unicode"]),
      ("trailing-space", "90002 ", []), ("empty", "", ["boundary"]), ("source-content-id-given", "5002", []),
      ("notification-id-given", "ntf-20240601-0002", []),
    ]
    for (name, value, tags) in ugcMismatches {
      add(
        "false.ugc.\(name)", "ugc_id argument \(LeeepPushPayload.debugQuoted(value)) differs from 90002", tags,
        call(for: blog, ugcID: value), false)
    }
    // Unicode normalisation: NFC and NFD spellings are different slugs ("scalar by scalar").
    let normalisation: [(String, String, String, String)] = [
      ("latin", "caf\u{E9}-2024", "cafe\u{301}-2024", "é"),
      ("katakana", "\u{30AC}\u{30A4}\u{30C9}", "\u{30AB}\u{3099}\u{30A4}\u{30C8}\u{3099}", "ガイド"),
      ("hangul", "\u{D55C}\u{AE00}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", "한글"),
    ]
    for (name, nfc, nfd, shown) in normalisation {
      add(
        "false.normalization.\(name).nfc-payload-nfd-argument",
        "payload slug in NFC, argument in NFD (\(shown)): canonically equivalent but different scalars", ["unicode"],
        call(for: blog.setting("blog_slug", to: nfc), slug: nfd), false)
      add(
        "false.normalization.\(name).nfd-payload-nfc-argument",
        "payload slug in NFD, argument in NFC (\(shown)): canonically equivalent but different scalars", ["unicode"],
        call(for: blog.setting("blog_slug", to: nfd), slug: nfc), false)
    }
    add(
      "false.compatibility.ligature", "payload ﬁ (U+FB01) against the argument \"fi\": no compatibility folding",
      ["unicode"],
      call(for: blog.setting("blog_slug", to: "\u{FB01}"), slug: "fi"), false)
    add(
      "false.percent-encoding.encoded-payload", "payload slug percent-encoded, argument decoded: never decoded", [],
      call(for: blog.setting("blog_slug", to: "%E5%A4%8F"), slug: "夏"), false)
    add(
      "false.percent-encoding.encoded-argument", "payload slug decoded, argument percent-encoded", [],
      call(for: blog.setting("blog_slug", to: "夏"), slug: "%E5%A4%8F"), false)
    add(
      "false.emoji.zwj-vs-parts", "a ZWJ sequence against the same emoji without joiners", ["unicode"],
      call(
        for: blog.setting("blog_slug", to: "\u{1F468}\u{200D}\u{1F469}"), slug: "\u{1F468}\u{1F469}"), false)
    // Several differences, and the same differences when not public.
    let combinations: [(String, String, String?, String?, String?)] = [
      ("website-and-slug", "website and slug", "2048", "other", nil),
      ("slug-and-ugc", "slug and ugc_id", nil, "other", "90003"),
      ("website-and-ugc", "website and ugc_id", "2048", nil, "90003"),
      ("all-three", "website, slug and ugc_id", "2048", "other", "90003"),
    ]
    for (name, what, website, slug, ugc) in combinations {
      for isPublic in [true, false] {
        add(
          "false.differs.\(name).\(isPublic ? "public" : "not-public")", "\(what) differ, is_public \(isPublic)", [],
          call(for: blog, websiteID: website, slug: slug, ugcID: ugc, isPublic: isPublic), false)
      }
    }
    for (name, website, slug, ugc) in [
      ("website", "2048", nil, nil), ("slug", nil, "other", nil), ("ugc", nil, nil, "90003"),
    ] as [(String, String?, String?, String?)] {
      add(
        "false.differs.\(name).not-public", "\(name) differs and is_public false", [],
        call(for: blog, websiteID: website, slug: slug, ugcID: ugc, isPublic: false), false)
    }
    return file.file(at: "\(folder)/matches.json")
  }

  /// Arguments missing or of the wrong type: invalid_argument, the first in the fixed order.
  static func invalidArgument() -> GeneratedFile {
    var file = builder("invalid_argument: an argument missing or of the wrong type (field: the first in a fixed order)")
    func invalid(_ id: String, _ description: String, _ input: JSONValue, field: String?) {
      file.add(
        id: id, description: description, tags: ["invalid"], input: input,
        expect: .reject(error: "invalid_argument", field: field))
    }
    let good = call(for: blog)
    // Not an argument list at all: no argument to name.
    let notObjects: [(String, JSONValue)] = [
      ("null", .null), ("true", true), ("number", 1), ("string", "summer-coordinate-2024"),
      ("array-of-arguments", [.object(blog.data), "1024", "summer-coordinate-2024", "90002", true]),
    ]
    for (name, value) in notObjects {
      invalid("not-an-object.\(name)", "a JSON \(value.typeName) is not an argument object", value, field: nil)
    }
    invalid(
      "shape.data-map-itself", "the data map alone, not wrapped in arguments: data is missing", .object(blog.data),
      field: "data")
    for key in ["data", "website_id", "slug", "ugc_id", "is_public"] {
      invalid("\(key).missing", "\(key) is missing", .object(good.without(key)), field: key)
    }
    let wrongStrings: [(String, JSONValue)] = [
      ("number", 1024), ("null", .null), ("boolean", true), ("object", ["value": "1024"]), ("array", ["1024"]),
    ]
    for key in ["website_id", "slug", "ugc_id"] {
      for (name, value) in wrongStrings {
        invalid(
          "\(key).type.\(name)", "\(key) as a JSON \(value.typeName) is not a string", .object(good.with(key, value)),
          field: key)
      }
    }
    let wrongBooleans: [(String, JSONValue)] = [
      ("string-true", "true"), ("string-false", "false"), ("number-1", 1), ("number-0", 0), ("null", .null),
      ("array", [true]), ("object", ["value": true]), ("string-yes", "yes"),
    ]
    for (name, value) in wrongBooleans {
      invalid(
        "is_public.type.\(name)",
        "is_public as \(Wording.quoted(value)) is not a boolean",
        .object(good.with("is_public", value)), field: "is_public")
    }
    // The fixed order: data, website_id, slug, ugc_id, is_public.
    invalid("order.empty-object", "no argument at all: data is reported first", [:], field: "data")
    invalid(
      "order.data-before-website_id", "data missing and website_id a number: data first",
      .object(good.without("data").with("website_id", 1024)), field: "data")
    invalid(
      "order.website_id-before-slug", "website_id a number and slug missing: website_id first",
      .object(good.with("website_id", 1024).without("slug")), field: "website_id")
    invalid(
      "order.slug-before-ugc_id", "slug null and ugc_id missing: slug first",
      .object(good.with("slug", .null).without("ugc_id")), field: "slug")
    invalid(
      "order.ugc_id-before-is_public", "ugc_id a number and is_public a string: ugc_id first",
      .object(good.with("ugc_id", 90002).with("is_public", "true")), field: "ugc_id")
    invalid(
      "order.only-data", "only data: website_id is the first missing argument", ["data": .object(blog.data)],
      field: "website_id")
    invalid(
      "order.all-wrong-types", "every argument but data of the wrong type: website_id first",
      .object(good.with("website_id", 1024).with("slug", 1).with("ugc_id", 90002).with("is_public", "true")),
      field: "website_id")
    invalid(
      "order.reverse-document-order", "is_public wrong and written first, website_id missing: website_id first",
      .object(
        JSONObject([.init(key: "is_public", value: "yes")]).merging(good.without("website_id").without("is_public"))),
      field: "website_id")
    // Arguments come before the payload's own checks.
    invalid(
      "before-payload.not-an-object", "is_public missing and data not an object: the argument first",
      .object(good.without("is_public").with("data", "{}")), field: "is_public")
    invalid(
      "before-payload.foreign-scope", "slug a number and the payload for another website: the argument first",
      .object(good.with("slug", 1).with("data", .object(blog.data.with("website_id", "2048")))), field: "slug")
    invalid(
      "before-payload.non-string-value", "ugc_id null and the payload's ugc_id a number: the argument first",
      .object(good.with("ugc_id", .null).with("data", .object(blog.data.with("ugc_id", 90002)))), field: "ugc_id")
    // Other spellings are other keys: they do not stand in for an argument.
    invalid(
      "spelling.camel-case", "websiteId, ugcId and isPublic instead of the snake_case names: website_id is missing",
      .object(
        good.renaming("website_id", to: "websiteId").renaming("ugc_id", to: "ugcId").renaming(
          "is_public", to: "isPublic")),
      field: "website_id")
    invalid(
      "spelling.capitalised-data", "\"Data\" instead of \"data\"", .object(good.renaming("data", to: "Data")),
      field: "data")
    invalid(
      "spelling.blog_slug-for-slug", "\"blog_slug\" (the payload key) instead of the slug argument",
      .object(good.renaming("slug", to: "blog_slug")), field: "slug")
    return file.file(at: "\(folder)/invalid-argument.json")
  }

  /// Valid arguments, but a data map that docs/suites/leeep.push.payload.md rejects: its error and field as they are.
  static func payloadErrors() -> GeneratedFile {
    var file = builder(
      "the data map's own error, reported as docs/suites/leeep.push.payload.md reports it, before any matching")
    func payload(
      _ id: String, _ description: String, _ tags: [String], _ data: JSONValue, _ error: String, _ field: String?,
      isPublic: Bool = true
    ) {
      var arguments = call(for: blog)
      arguments["data"] = data
      arguments["is_public"] = .bool(isPublic)
      file.add(
        id: id, description: description, tags: ["invalid"] + tags, input: .object(arguments),
        expect: .reject(error: error, field: field))
    }
    let data = blog.data
    payload("data.null", "data null: the payload's not_an_object (data is present)", [], .null, "not_an_object", nil)
    payload("data.number", "data a number: not_an_object", [], 2, "not_an_object", nil)
    payload("data.boolean", "data true: not_an_object", [], true, "not_an_object", nil)
    payload(
      "data.json-string", "the data map JSON-encoded as a string: not_an_object", ["integration-mistake"],
      .string(JSONSerializer.compact.string(from: .object(data))), "not_an_object", nil)
    payload("data.array", "the data map in an array: not_an_object", [], [.object(data)], "not_an_object", nil)
    payload("data.empty-map", "an empty data map: missing_key schema_version", [], [:], "missing_key", "schema_version")
    payload(
      "data.ugc_id-number", "the payload's ugc_id a number: non_string_value", [], .object(data.with("ugc_id", 90002)),
      "non_string_value", "ugc_id")
    payload(
      "data.schema-number-2", "schema_version the number 2: non_string_value", [],
      .object(data.with("schema_version", 2)), "non_string_value", "schema_version")
    payload(
      "data.schema-legacy-1", "schema_version \"1\": unsupported_schema", ["legacy-schema"],
      .object(data.with("schema_version", "1")), "unsupported_schema", "schema_version")
    payload(
      "data.schema-missing", "no schema_version", [], .object(data.without("schema_version")), "missing_key",
      "schema_version")
    payload(
      "data.unknown-key", "FCM's gcm.message_id left in: unknown_key", ["integration-mistake"],
      .object(data.with("gcm.message_id", "1717200000000001")), "unknown_key", "gcm.message_id")
    payload(
      "data.ios-userinfo", "the whole userInfo with aps: non_string_value aps", ["integration-mistake"],
      .object((["aps": ["alert": "新着"]] as JSONObject).merging(data)), "non_string_value", "aps")
    for key in LeeepPushPayload.requiredKeys {
      payload(
        "data.missing.\(key)", "the payload lacks \(key): missing_key", [], .object(data.without(key)), "missing_key",
        key)
    }
    payload(
      "data.target_type-invalid", "target_type \"Blog\": invalid_value", [], .object(data.with("target_type", "Blog")),
      "invalid_value", "target_type")
    payload(
      "data.blog-without-slug", "a blog without blog_slug: missing_key blog_slug", [],
      .object(data.without("blog_slug")),
      "missing_key", "blog_slug")
    payload(
      "data.coordinate-with-slug", "a coordinate carrying blog_slug: unknown_key blog_slug", [],
      .object(PushSample.coordinate.data.with("blog_slug", "summer-coordinate-2024")), "unknown_key", "blog_slug")
    let invalidValues: [(String, String, [String])] = [
      ("website_id", "01024", []), ("app_id", "0", []), ("notification_id", "-ntf", []), ("delivery_id", "dlv/1", []),
      ("source_content_id", "５００２", ["unicode"]), ("ugc_id", "90002\n", []),
    ]
    for (key, value, tags) in invalidValues {
      payload(
        "data.invalid.\(key)", "\(key) \(LeeepPushPayload.debugQuoted(value)) breaks its rule: invalid_value", tags,
        .object(data.with(key, .string(value))), "invalid_value", key)
    }
    payload(
      "data.invalid.blog_slug-empty", "an empty blog_slug (and an empty slug argument would not save it)",
      ["boundary"], .object(data.with("blog_slug", "")), "invalid_value", "blog_slug")
    payload(
      "data.invalid.blog_slug-256-scalars", "a 256-scalar blog_slug: invalid_value", ["boundary", "unicode"],
      .object(data.with("blog_slug", .string(String(repeating: "\u{1F600}", count: 256)))), "invalid_value", "blog_slug"
    )
    payload(
      "data.foreign-website", "a blog for website 2048: foreign_scope website_id", ["foreign-scope"],
      .object(data.with("website_id", "2048")), "foreign_scope", "website_id")
    payload(
      "data.foreign-app", "a blog for app 89: foreign_scope app_id", ["foreign-scope"],
      .object(data.with("app_id", "89")), "foreign_scope", "app_id")
    payload(
      "data.foreign-both", "website and app both foreign: website_id", ["foreign-scope"],
      .object(data.with("website_id", "2048").with("app_id", "89")), "foreign_scope", "website_id")
    payload(
      "data.foreign-website.not-public", "is_public false does not hide the payload's foreign_scope", ["foreign-scope"],
      .object(data.with("website_id", "2048")), "foreign_scope", "website_id", isPublic: false)
    payload(
      "data.unknown-key.not-public", "is_public false does not hide the payload's unknown_key", [],
      .object(data.with("url", "https://shop.example/blog/summer")), "unknown_key", "url", isPublic: false)
    // The payload is parsed before matching: mismatching arguments do not hide its error.
    var mismatched = call(for: blog, websiteID: "2048", slug: "other", ugcID: "1")
    mismatched["data"] = .object(data.with("delivery_id", ""))
    file.add(
      id: "data.invalid-with-mismatching-arguments",
      description: "an empty delivery_id is reported even though no argument matches", tags: ["invalid"],
      input: .object(mismatched), expect: .reject(error: "invalid_value", field: "delivery_id"))
    var argumentsFromForeign = call(for: blog.setting("website_id", to: "2048"))
    argumentsFromForeign["website_id"] = "2048"
    file.add(
      id: "data.foreign-with-matching-arguments",
      description: "arguments equal to a foreign payload's values do not make it match: foreign_scope",
      tags: ["invalid", "foreign-scope"], input: .object(argumentsFromForeign),
      expect: .reject(error: "foreign_scope", field: "website_id"))
    return file.file(at: "\(folder)/payload-errors.json")
  }

  /// The argument checks and the payload's checks 1–8 need no expected scope (the payload's check
  /// 9 is the first to compare with it), so each is reported for a test with no context at all
  /// (docs/vector-format.md: context is optional) or with an `expected_scope` the suite could not use. The file
  /// has no context.
  static func contextFree() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name,
      description: "invalid_argument and the payload's checks 1-8 need no expected_scope: reported without a context",
      source: source)
    func add(
      _ id: String, _ description: String, _ tags: [String], _ input: JSONValue, _ error: String, _ field: String?,
      context: JSONObject? = nil
    ) {
      file.add(
        id: "context-free.\(id)", description: description, tags: ["invalid"] + tags, input: input,
        context: context, expect: .reject(error: error, field: field))
    }
    add(
      "invalid_argument.not-an-object", "no context: an array of arguments is invalid_argument (no field)",
      ["integration-mistake"], [.object(call(for: blog))], "invalid_argument", nil)
    add(
      "invalid_argument.data-missing", "no context: a call without data is invalid_argument data", [],
      .object(call(for: blog).without("data")), "invalid_argument", "data")
    add(
      "invalid_argument.is_public-string", "no context: is_public \"true\" is invalid_argument is_public", [],
      .object(call(for: blog).with("is_public", "true")), "invalid_argument", "is_public")
    add(
      "payload.not_an_object", "no context: data null is the payload's not_an_object", [],
      .object(call(for: blog).with("data", .null)), "not_an_object", nil)
    add(
      "payload.non_string_value", "no context: data with ugc_id as a number is non_string_value ugc_id", [],
      .object(call(for: blog, data: blog.data.with("ugc_id", 90002))), "non_string_value", "ugc_id")
    add(
      "payload.unsupported_schema", "no context: data with schema_version \"1\" is unsupported_schema",
      ["legacy-schema"], .object(call(for: blog, data: blog.data.with("schema_version", "1"))), "unsupported_schema",
      "schema_version")
    add(
      "payload.missing_key.blog_slug", "no context: a blog data map without blog_slug is missing_key blog_slug", [],
      .object(call(for: blog, data: blog.data.without("blog_slug"))), "missing_key", "blog_slug")
    add(
      "payload.invalid_value.app_id", "no context: data with app_id 088 is invalid_value app_id", [],
      .object(call(for: blog, data: blog.data.with("app_id", "088"))), "invalid_value", "app_id")
    add(
      "unusable-scope.payload.invalid_value.blog_slug",
      "an expected_scope that is a string is never read before the payload's check 9: an empty blog_slug is invalid_value",
      ["boundary"], .object(call(for: blog, data: blog.data.with("blog_slug", ""))), "invalid_value", "blog_slug",
      context: ["expected_scope": "1024"])
    add(
      "unusable-scope.invalid_argument.slug",
      "an expected_scope with a non-numeric website_id is never read before the payload's check 9: slug null is invalid_argument",
      [], .object(call(for: blog).with("slug", .null)), "invalid_argument", "slug",
      context: ["expected_scope": ["website_id": "shop", "app_id": "88"]])
    return file.file(at: "\(folder)/context-free.json")
  }
}
