import ConformanceJSON
import ConformanceKit

/// `leeep.push.payload` (docs/suites/leeep.push.payload.md): `LeeepPushPayload.parse` over a notification's data map.
///
/// Every expectation below is written from the rule the vector breaks and docs/suites/leeep.push.payload.md's check order,
/// never from running a parser. The groups live in `PushPayload*Vectors.swift`, one file per
/// family of rules; this file holds what they share.
extension LeeepPushPayload: GeneratedSuite {
  static let source = "LEEEP iOS SDK reference, Push: LeeepPushPayload.parse (docs/suites/leeep.push.payload.md)"

  /// The scope every file expects unless a test says otherwise: the app's configuration.
  static let expectedWebsiteID = "1024"
  static let expectedAppID = "88"

  static func scopeContext(websiteID: String, appID: String) -> JSONObject {
    ["expected_scope": ["website_id": .string(websiteID), "app_id": .string(appID)]]
  }

  static let context = scopeContext(websiteID: expectedWebsiteID, appID: expectedAppID)

  static func files() -> [GeneratedFile] {
    var files = [valid(), notAnObject()]
    files += keyFiles()
    files += valueFiles()
    files += scenarioFiles()
    files += precedenceFiles()
    files.append(contextFree())
    return files
  }

  static func builder(_ description: String, source: String = source) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source, context: context)
  }

  /// Rejection with the field the failing check names.
  static func reject(_ error: String, _ field: String?) -> GeneratedExpectation {
    .reject(error: error, field: field)
  }
}

/// A payload that passes every check, described by its values; the data map and the output
/// docs/suites/leeep.push.payload.md promises are both derived from them.
struct PushSample: Sendable {
  var schemaVersion = "2"
  var websiteID = LeeepPushPayload.expectedWebsiteID
  var appID = LeeepPushPayload.expectedAppID
  var notificationID = "ntf-20240601-0001"
  var deliveryID = "dlv:88:20240601.0001"
  var sourceContentID = "5001"
  var ugcID = "90001"
  /// `nil` for a coordinate (コーデ) target; a slug makes it a blog target.
  var blogSlug: String? = nil

  static let coordinate = PushSample()
  static let blog = PushSample(
    notificationID: "ntf-20240601-0002", deliveryID: "dlv:88:20240601.0002", sourceContentID: "5002",
    ugcID: "90002", blogSlug: "summer-coordinate-2024")

  var targetType: String { blogSlug == nil ? "coordinate" : "blog" }

  /// The notification's data map, keys in the order the reference lists them.
  var data: JSONObject {
    var map: JSONObject = [
      "schema_version": .string(schemaVersion), "website_id": .string(websiteID), "app_id": .string(appID),
      "notification_id": .string(notificationID), "delivery_id": .string(deliveryID),
      "target_type": .string(targetType), "source_content_id": .string(sourceContentID),
      "ugc_id": .string(ugcID),
    ]
    if let blogSlug { map["blog_slug"] = .string(blogSlug) }
    return map
  }

  /// docs/suites/leeep.push.payload.md's output: the scope, the two delivery IDs and the target (a blog adds `slug`).
  var output: JSONValue {
    var target: JSONObject = [
      "type": .string(targetType), "source_content_id": .string(sourceContentID), "ugc_id": .string(ugcID),
    ]
    if let blogSlug { target["slug"] = .string(blogSlug) }
    return [
      "scope": ["website_id": .string(websiteID), "app_id": .string(appID)],
      "notification_id": .string(notificationID), "delivery_id": .string(deliveryID),
      "target": .object(target),
    ]
  }

  /// A test context naming this sample's own scope when it is not the file's default, so that
  /// a boundary website or app ID is accepted rather than reported as foreign.
  var matchingContext: JSONObject? {
    if websiteID.utf8.elementsEqual(LeeepPushPayload.expectedWebsiteID.utf8)
      && appID.utf8.elementsEqual(LeeepPushPayload.expectedAppID.utf8)
    {
      return nil
    }
    return LeeepPushPayload.scopeContext(websiteID: websiteID, appID: appID)
  }

  /// Replaces the value of one schema key by name (the generator's own fixed key names).
  func setting(_ key: String, to value: String) -> PushSample {
    var copy = self
    switch key {
    case "schema_version": copy.schemaVersion = value
    case "website_id": copy.websiteID = value
    case "app_id": copy.appID = value
    case "notification_id": copy.notificationID = value
    case "delivery_id": copy.deliveryID = value
    case "source_content_id": copy.sourceContentID = value
    case "ugc_id": copy.ugcID = value
    case "blog_slug": copy.blogSlug = value
    default: preconditionFailure("PushSample has no settable key \(key)")
    }
    return copy
  }
}

extension JSONObject {
  /// A copy with `key` set (replaced in place, or appended).
  func with(_ key: String, _ value: JSONValue) -> JSONObject {
    var copy = self
    copy[key] = value
    return copy
  }

  /// A copy without `key`.
  func without(_ key: String) -> JSONObject {
    var copy = self
    copy[key] = nil
    return copy
  }

  /// A copy with `key` renamed to `newKey`, kept at the same position.
  func renaming(_ key: String, to newKey: String) -> JSONObject {
    JSONObject(members.map { $0.key.utf8.elementsEqual(key.utf8) ? Member(key: newKey, value: $0.value) : $0 })
  }

  /// A copy with the members in the given key order (every key must exist).
  func ordered(_ keys: [String]) -> JSONObject {
    precondition(keys.count == count, "ordered(_:) needs every key once")
    return JSONObject(keys.map { Member(key: $0, value: self[$0]!) })
  }
}

extension LeeepPushPayload {
  /// Whole payloads that pass every check: both targets, key orders, extreme but valid values.
  static func valid() -> GeneratedFile {
    var file = builder("payloads that pass every check of docs/suites/leeep.push.payload.md, with the output they give")
    func accept(_ id: String, _ description: String, _ tags: [String], _ sample: PushSample, data: JSONObject? = nil) {
      file.add(
        id: id, description: description, tags: ["valid"] + tags, input: .object(data ?? sample.data),
        context: sample.matchingContext, expect: .accept(output: sample.output))
    }
    accept("valid.coordinate", "a coordinate (コーデ) notification, keys in the reference's order", [], .coordinate)
    accept("valid.blog", "a blog notification: blog_slug is required and becomes target.slug", [], .blog)
    let coordinateKeys = PushSample.coordinate.data.keys
    let blogKeys = PushSample.blog.data.keys
    accept(
      "valid.coordinate.keys-reversed", "document order of keys does not matter", [], .coordinate,
      data: PushSample.coordinate.data.ordered(coordinateKeys.reversed()))
    accept(
      "valid.blog.keys-reversed", "document order of keys does not matter (blog)", [], .blog,
      data: PushSample.blog.data.ordered(blogKeys.reversed()))
    accept(
      "valid.coordinate.keys-byte-order", "keys already in byte order", [], .coordinate,
      data: PushSample.coordinate.data.ordered(PushSample.coordinate.data.keysInByteOrder))
    accept(
      "valid.blog.keys-byte-order", "keys already in byte order (blog)", [], .blog,
      data: PushSample.blog.data.ordered(PushSample.blog.data.keysInByteOrder))
    accept(
      "valid.blog.slug-first", "blog_slug may come first in the map", [], .blog,
      data: PushSample.blog.data.ordered(["blog_slug"] + blogKeys.dropLast()))
    accept(
      "valid.coordinate.target-type-last", "target_type may come after the IDs it qualifies", [], .coordinate,
      data: PushSample.coordinate.data.ordered(coordinateKeys.filter { $0 != "target_type" } + ["target_type"]))

    let nines = "9999999999999999999"
    accept(
      "valid.coordinate.all-numeric-ids-19-nines",
      "every numeric ID at 9999999999999999999: a string rule, valid though it exceeds Int64",
      ["boundary", "cross-sdk"],
      PushSample(websiteID: nines, appID: nines, sourceContentID: nines, ugcID: nines))
    accept(
      "valid.coordinate.all-numeric-ids-1", "every numeric ID at its shortest, \"1\"", ["boundary"],
      PushSample(websiteID: "1", appID: "1", sourceContentID: "1", ugcID: "1"))
    accept(
      "valid.coordinate.same-value-everywhere", "one number may serve as every ID at once", [],
      PushSample(
        websiteID: "7", appID: "7", notificationID: "7", deliveryID: "7", sourceContentID: "7", ugcID: "7"))
    let longOpaque = String(repeating: "A1b2:c3.d4_e5-f6", count: 8)
    accept(
      "valid.coordinate.opaque-ids-128", "notification_id and delivery_id at 128 characters", ["boundary"],
      PushSample(notificationID: longOpaque, deliveryID: String(longOpaque.reversed())))
    accept(
      "valid.coordinate.opaque-ids-1", "notification_id and delivery_id at one character", ["boundary"],
      PushSample(notificationID: "n", deliveryID: "0"))
    accept(
      "valid.coordinate.uuid-ids", "UUIDs (any case) are opaque IDs", [],
      PushSample(
        notificationID: "3f2504e0-4f89-41d3-9a0c-0305e82c3301", deliveryID: "3F2504E0-4F89-41D3-9A0C-0305E82C3301"))
    accept(
      "valid.blog.japanese-slug", "a Japanese slug is kept as given (URLエンコード前の値)", ["unicode"],
      PushSample.blog.setting("blog_slug", to: "夏のコーデ特集"))
    accept(
      "valid.blog.ids-equal-website", "a blog whose IDs repeat the website ID", [],
      PushSample.blog.setting("source_content_id", to: "1024").setting("ugc_id", to: "1024"))
    accept(
      "valid.blog.nines-scope", "a blog in a 19-digit website and app", ["boundary"],
      PushSample.blog.setting("website_id", to: nines).setting("app_id", to: "1234567890123456789"))
    accept(
      "valid.coordinate.scope-website-equals-app",
      "website_id and app_id may hold the same digits", [],
      PushSample(websiteID: "88", appID: "88"))
    return file.file(at: "\(folder)/valid.json")
  }

  /// Check 1: the input is not a JSON object.
  static func notAnObject() -> GeneratedFile {
    var file = builder("check 1, not_an_object: the data map must be a JSON object")
    let encoded = JSONSerializer.compact.string(from: .object(PushSample.coordinate.data))
    let cases: [(String, String, [String], JSONValue)] = [
      ("null", "null (no data map at all)", [], .null),
      ("true", "a JSON boolean", [], true),
      ("false", "false", [], false),
      ("number", "a JSON number", [], 2),
      ("number.zero", "the number 0", [], 0),
      ("string.empty", "the empty string", [], ""),
      ("string.schema-version", "the string \"2\"", [], "2"),
      (
        "string.json-encoded-map", "the valid data map JSON-encoded as a string", ["integration-mistake"],
        .string(encoded)
      ),
      ("array.empty", "an empty array", [], []),
      (
        "array.of-map", "a valid data map wrapped in an array", ["integration-mistake"],
        [.object(PushSample.coordinate.data)]
      ),
      (
        "array.of-pairs", "the data map as an array of [key, value] pairs", ["integration-mistake"],
        .array(PushSample.coordinate.data.members.map { [.string($0.key), $0.value] })
      ),
      ("array.of-strings", "an array of strings", [], ["schema_version", "2"]),
    ]
    for (name, what, tags, input) in cases {
      file.add(
        id: "not_an_object.\(name)", description: "\(what) is not an object: not_an_object",
        tags: ["invalid"] + tags, input: input, expect: .reject(error: "not_an_object", field: nil))
    }
    return file.file(at: "\(folder)/invalid/not-an-object.json")
  }

  /// Checks 1–8 need no expected scope (check 9 is the first to compare with it), so each is
  /// reported for a test with no context at all (docs/vector-format.md: context is optional) or with an
  /// `expected_scope` the suite could not use. The file has no context.
  static func contextFree() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name, description: "checks 1-8 need no expected_scope: they are reported without a context",
      source: source)
    func add(
      _ id: String, _ description: String, _ tags: [String], _ input: JSONValue, _ error: String, _ field: String?,
      context: JSONObject? = nil
    ) {
      file.add(
        id: "context-free.\(id)", description: description, tags: ["invalid"] + tags, input: input,
        context: context, expect: reject(error, field))
    }
    let coordinate = PushSample.coordinate.data
    let blog = PushSample.blog.data
    add(
      "not_an_object.json-encoded-map", "no context: check 1, the data map JSON-encoded as a string is not_an_object",
      ["integration-mistake"], .string(JSONSerializer.compact.string(from: .object(coordinate))), "not_an_object", nil
    )
    add(
      "non_string_value.ugc_id", "no context: check 2, ugc_id as a JSON number is non_string_value ugc_id", [],
      .object(coordinate.with("ugc_id", 90001)), "non_string_value", "ugc_id")
    add(
      "missing_key.schema_version", "no context: check 3, no schema_version is missing_key schema_version", [],
      .object(coordinate.without("schema_version")), "missing_key", "schema_version")
    add(
      "unsupported_schema.1", "no context: check 3, the legacy schema_version \"1\" is unsupported_schema",
      ["legacy-schema"], .object(coordinate.with("schema_version", "1")), "unsupported_schema", "schema_version")
    add(
      "unknown_key.gcm-message-id", "no context: check 4, a gcm.message_id string is unknown_key gcm.message_id",
      ["integration-mistake"], .object(coordinate.with("gcm.message_id", "1717200000000001")), "unknown_key",
      "gcm.message_id")
    add(
      "missing_key.website_id", "no context: check 5, no website_id is missing_key website_id", [],
      .object(coordinate.without("website_id")), "missing_key", "website_id")
    add(
      "invalid_value.target_type", "no context: check 6, target_type Blog (not blog) is invalid_value target_type",
      [], .object(coordinate.with("target_type", "Blog")), "invalid_value", "target_type")
    add(
      "missing_key.blog_slug", "no context: check 7, a blog without blog_slug is missing_key blog_slug", [],
      .object(blog.without("blog_slug")), "missing_key", "blog_slug")
    add(
      "unknown_key.blog_slug", "no context: check 7, a coordinate with blog_slug is unknown_key blog_slug", [],
      .object(coordinate.with("blog_slug", "summer")), "unknown_key", "blog_slug")
    add(
      "invalid_value.website_id", "no context: check 8, website_id 01024 (leading zero) is invalid_value website_id",
      [], .object(coordinate.with("website_id", "01024")), "invalid_value", "website_id")
    add(
      "invalid_value.blog_slug", "no context: check 8, an empty blog_slug is invalid_value blog_slug", ["boundary"],
      .object(blog.with("blog_slug", "")), "invalid_value", "blog_slug")
    add(
      "unusable-scope.string",
      "an expected_scope that is a string is never read before check 9: app_id 088 is invalid_value app_id", [],
      .object(coordinate.with("app_id", "088")), "invalid_value", "app_id", context: ["expected_scope": "1024"])
    add(
      "unusable-scope.no-app-id",
      "an expected_scope without app_id is never read before check 9: aps is non_string_value aps",
      ["integration-mistake"], .object(coordinate.with("aps", ["alert": "x"])), "non_string_value", "aps",
      context: ["expected_scope": ["website_id": "1024"]])
    return file.file(at: "\(folder)/context-free.json")
  }
}
