import ConformanceJSON
import ConformanceKit

/// `leeep.push.payload` scenarios: legacy and wrong schemas (check 3), foreign scope (check 9),
/// and the integration mistakes the reference warns about. Each expectation names the check that fires
/// first, worked out by hand from docs/suites/leeep.push.payload.md's order and written next to the vector.
extension LeeepPushPayload {
  static func scenarioFiles() -> [GeneratedFile] {
    [legacySchema(), foreignScope(), integrationMistakes()]
  }

  /// Check 3: "schema_version は文字列の "2" を使用します", exactly; legacy values fail.
  static func legacySchema() -> GeneratedFile {
    var file = builder("check 3: schema_version must be exactly the string \"2\"; legacy and wrong schemas")
    let values: [(String, String, [String])] = [
      ("legacy.1", "1", ["legacy-schema"]),
      ("legacy.1.0", "1.0", ["legacy-schema"]),
      ("legacy.full-width-1", "１", ["legacy-schema", "unicode"]),
      ("wrong.0", "0", []),
      ("wrong.3", "3", []),
      ("wrong.2.0", "2.0", []),
      ("wrong.2.1", "2.1", []),
      ("wrong.20", "20", []),
      ("wrong.22", "22", []),
      ("wrong.02", "02", []),
      ("wrong.plus-2", "+2", []),
      ("wrong.minus-2", "-2", []),
      ("wrong.v2", "v2", []),
      ("wrong.word-two", "two", []),
      ("wrong.roman-II", "II", []),
      ("wrong.empty", "", ["boundary"]),
      ("wrong.leading-space", " 2", ["boundary"]),
      ("wrong.trailing-space", "2 ", ["boundary"]),
      ("wrong.trailing-newline", "2\n", ["boundary"]),
      ("wrong.leading-newline", "\n2", []),
      ("wrong.trailing-nul", "2\u{0}", ["security"]),
      ("wrong.full-width-2", "２", ["unicode"]),
      ("wrong.arabic-indic-2", "٢", ["unicode"]),
      ("wrong.devanagari-2", "२", ["unicode"]),
      ("wrong.superscript-2", "²", ["unicode"]),
      ("wrong.bom-2", "\u{FEFF}2", ["unicode", "security"]),
      ("wrong.2-zero-width-space", "2\u{200B}", ["unicode", "security"]),
    ]
    for (name, value, tags) in values {
      file.add(
        id: "schema_version.\(name)", description: "schema_version \(debugQuoted(value)) is not exactly \"2\"",
        tags: ["invalid"] + tags, input: .object(PushSample.coordinate.data.with("schema_version", .string(value))),
        expect: reject("unsupported_schema", "schema_version"))
    }
    file.add(
      id: "schema_version.legacy.1.blog", description: "a blog payload tagged schema \"1\"",
      tags: ["invalid", "legacy-schema"], input: .object(PushSample.blog.data.with("schema_version", "1")),
      expect: reject("unsupported_schema", "schema_version"))
    // Not a string at all: check 2 (non_string_value) comes before check 3.
    let nonStrings: [(String, JSONValue, [String])] = [
      ("number-2", 2, []),
      ("number-2.0", .number(JSONNumber(literal: "2.0")!), []),
      ("number-1", 1, ["legacy-schema"]),
      ("null", .null, []),
      ("true", true, []),
      ("array", ["2"], []),
      ("object", ["version": "2"], []),
    ]
    for (name, value, tags) in nonStrings {
      file.add(
        id: "schema_version.non-string.\(name)",
        description:
          "schema_version as \(Wording.quoted(value)): non_string_value (check 2) before check 3",
        tags: ["invalid"] + tags, input: .object(PushSample.coordinate.data.with("schema_version", value)),
        expect: reject("non_string_value", "schema_version"))
    }
    // Whole payloads of other schema generations. Their shapes are illustrative: the point is
    // which check fires first.
    let legacyV1: JSONObject = [
      "schema_version": "1", "website_id": "1024", "app_id": "88", "notification_id": "ntf-1",
      "content_type": "coordinate", "content_id": "5001", "url": "https://shop.example/coordinate/5001",
    ]
    file.add(
      id: "schema_version.payload.v1-shape",
      description: "a schema 1 payload with keys schema 2 lacks: unsupported_schema (check 3) before unknown_key",
      tags: ["invalid", "legacy-schema"], input: .object(legacyV1),
      expect: reject("unsupported_schema", "schema_version"))
    file.add(
      id: "schema_version.payload.v1-numeric-website_id",
      description: "a schema 1 payload with a numeric website_id: non_string_value (check 2) before check 3",
      tags: ["invalid", "legacy-schema"], input: .object(legacyV1.with("website_id", 1024)),
      expect: reject("non_string_value", "website_id"))
    file.add(
      id: "schema_version.payload.v1-foreign-website",
      description: "a schema 1 payload for another website: unsupported_schema (check 3) before foreign_scope",
      tags: ["invalid", "legacy-schema", "foreign-scope"], input: .object(legacyV1.with("website_id", "2048")),
      expect: reject("unsupported_schema", "schema_version"))
    file.add(
      id: "schema_version.payload.unversioned",
      description: "a payload from before schema_version existed: missing_key schema_version before unknown_key",
      tags: ["invalid", "legacy-schema"],
      input: ["website_id": "1024", "type": "coordinate", "id": "5001", "url": "https://shop.example/coordinate/5001"],
      expect: reject("missing_key", "schema_version"))
    file.add(
      id: "schema_version.payload.version-key-instead",
      description:
        "\"version\": \"2\" instead of schema_version: missing_key schema_version (check 3) before unknown_key",
      tags: ["invalid"], input: .object(PushSample.coordinate.data.renaming("schema_version", to: "version")),
      expect: reject("missing_key", "schema_version"))
    file.add(
      id: "schema_version.payload.schema-1-with-schema-2-keys",
      description: "every schema 2 key valid, but tagged \"1\": the tag decides", tags: ["invalid", "legacy-schema"],
      input: .object(PushSample.blog.data.with("schema_version", "1")),
      expect: reject("unsupported_schema", "schema_version"))
    file.add(
      id: "schema_version.payload.future-3-with-new-key",
      description: "a future schema 3 payload with a new key: unsupported_schema (check 3) before unknown_key",
      tags: ["invalid"],
      input: .object(PushSample.coordinate.data.with("schema_version", "3").with("campaign_id", "77")),
      expect: reject("unsupported_schema", "schema_version"))
    file.add(
      id: "schema_version.payload.schema-2-with-legacy-key",
      description: "schema 2 with a leftover schema 1 key: unknown_key", tags: ["invalid"],
      input: .object(PushSample.coordinate.data.with("content_id", "5001")), expect: reject("unknown_key", "content_id")
    )
    file.add(
      id: "schema_version.payload.only-schema-1",
      description: "only schema_version \"1\": unsupported_schema before missing keys",
      tags: ["invalid", "legacy-schema"], input: ["schema_version": "1"],
      expect: reject("unsupported_schema", "schema_version"))
    return file.file(at: "\(folder)/legacy-schema.json")
  }

  /// Check 9: "別website・別アプリ宛ての通知は解析に失敗します"; the website is compared first.
  static func foreignScope() -> GeneratedFile {
    var file = builder("check 9, foreign_scope: website_id, then app_id, must equal the expected scope")
    func foreign(_ id: String, _ description: String, _ data: JSONObject, _ field: String, context: JSONObject? = nil) {
      file.add(
        id: "foreign_scope.\(id)", description: description, tags: ["invalid", "foreign-scope"], input: .object(data),
        context: context,
        expect: reject("foreign_scope", field))
    }
    let coordinate = PushSample.coordinate.data
    let websites: [(String, String)] = [
      ("other", "2048"), ("next", "1025"), ("extended", "10240"), ("prefix", "102"), ("one", "1"),
      ("19-nines", "9999999999999999999"), ("equals-expected-app", "88"),
    ]
    for (name, value) in websites {
      foreign(
        "website.\(name)", "website_id \(value) is not the expected 1024",
        coordinate.with("website_id", .string(value)),
        "website_id")
    }
    foreign(
      "website.other.blog", "a blog for website 2048", PushSample.blog.data.with("website_id", "2048"), "website_id")
    let apps: [(String, String)] = [
      ("other", "89"), ("extended", "880"), ("prefix", "8"), ("equals-expected-website", "1024"),
      ("19-nines", "9999999999999999999"),
    ]
    for (name, value) in apps {
      foreign(
        "app.\(name)", "app_id \(value) is not the expected 88", coordinate.with("app_id", .string(value)), "app_id")
    }
    foreign("app.other.blog", "a blog for app 89", PushSample.blog.data.with("app_id", "89"), "app_id")
    foreign(
      "app.staging-app", "a notification for the staging Push app (検証用と本番用のアプリは…別のPushアプリID)",
      coordinate.with("app_id", "89"), "app_id")
    foreign(
      "both.other", "website and app both differ: the website is reported",
      coordinate.with("website_id", "2048").with("app_id", "89"), "website_id")
    foreign(
      "both.swapped", "website_id and app_id swapped: the website is reported",
      coordinate.with("website_id", "88").with("app_id", "1024"), "website_id")
    foreign(
      "both.other.blog", "a blog whose website and app both differ",
      PushSample.blog.data.with("website_id", "2048").with("app_id", "89"), "website_id")

    // A 19-digit configured scope, compared digit by digit as text.
    let longContext = scopeContext(websiteID: "1234567890123456789", appID: "9223372036854775808")
    let longSample = PushSample(websiteID: "1234567890123456789", appID: "9223372036854775808")
    file.add(
      id: "foreign_scope.long-scope.equal", description: "a 19-digit website and app equal to the configured ones",
      tags: ["valid", "foreign-scope", "boundary"], input: .object(longSample.data), context: longContext,
      expect: .accept(output: longSample.output))
    foreign(
      "long-scope.website-last-digit", "a 19-digit website_id that differs in its last digit",
      longSample.data.with("website_id", "1234567890123456788"), "website_id", context: longContext)
    foreign(
      "long-scope.website-prefix", "an 18-digit prefix of the configured website_id",
      longSample.data.with("website_id", "123456789012345678"), "website_id", context: longContext)
    foreign(
      "long-scope.app-last-digit", "an app_id one above Int64.max + 1 (text differs in the last digit)",
      longSample.data.with("app_id", "9223372036854775809"), "app_id", context: longContext)
    file.add(
      id: "foreign_scope.context.expected-scope-of-another-app",
      description: "the same payload, configured for app 89, is foreign",
      tags: ["invalid", "foreign-scope"], input: .object(coordinate),
      context: scopeContext(websiteID: "1024", appID: "89"), expect: reject("foreign_scope", "app_id"))
    file.add(
      id: "foreign_scope.context.expected-scope-of-another-website",
      description: "the same payload, configured for website 2048",
      tags: ["invalid", "foreign-scope"], input: .object(coordinate),
      context: scopeContext(websiteID: "2048", appID: "88"), expect: reject("foreign_scope", "website_id"))

    // Foreign scope together with an earlier fault: the earlier check wins.
    let earlier: [(String, String, JSONObject, String, String)] = [
      (
        "website.with-invalid-app_id", "invalid app_id (check 8) before the foreign website (check 9)",
        coordinate.with("website_id", "2048").with("app_id", "0"), "invalid_value", "app_id"
      ),
      (
        "website.with-invalid-ugc_id", "invalid ugc_id (check 8) before the foreign website",
        coordinate.with("website_id", "2048").with("ugc_id", "090001"), "invalid_value", "ugc_id"
      ),
      (
        "website.with-invalid-notification_id", "invalid notification_id (check 8) before the foreign website",
        coordinate.with("website_id", "2048").with("notification_id", "-ntf"), "invalid_value", "notification_id"
      ),
      (
        "website.with-empty-slug", "an empty blog_slug (check 8) before the foreign website",
        PushSample.blog.data.with("website_id", "2048").with("blog_slug", ""), "invalid_value", "blog_slug"
      ),
      (
        "website.with-missing-delivery_id", "missing delivery_id (check 5) before the foreign website",
        coordinate.with("website_id", "2048").without("delivery_id"), "missing_key", "delivery_id"
      ),
      (
        "website.with-unknown-key", "an unknown key (check 4) before the foreign website",
        coordinate.with("website_id", "2048").with("gcm.message_id", "1717200000000001"), "unknown_key",
        "gcm.message_id"
      ),
      (
        "website.with-legacy-schema", "schema \"1\" (check 3) before the foreign website",
        coordinate.with("website_id", "2048").with("schema_version", "1"), "unsupported_schema", "schema_version"
      ),
      (
        "website.with-non-string-ugc_id", "a numeric ugc_id (check 2) before the foreign website",
        coordinate.with("website_id", "2048").with("ugc_id", 90001), "non_string_value", "ugc_id"
      ),
      (
        "app.with-invalid-target_type", "target_type \"news\" (check 6) before the foreign app",
        coordinate.with("app_id", "89").with("target_type", "news"), "invalid_value", "target_type"
      ),
      (
        "app.with-coordinate-slug", "blog_slug on a coordinate (check 7) before the foreign app",
        coordinate.with("app_id", "89").with("blog_slug", "summer"), "unknown_key", "blog_slug"
      ),
      (
        "app.with-invalid-website_id", "website_id \"01024\" is invalid (check 8), not foreign",
        coordinate.with("app_id", "89").with("website_id", "01024"), "invalid_value", "website_id"
      ),
      (
        "both.with-invalid-delivery_id", "invalid delivery_id (check 8) before a foreign website and app",
        coordinate.with("website_id", "2048").with("app_id", "89").with("delivery_id", "dlv/1"), "invalid_value",
        "delivery_id"
      ),
      (
        "website.full-width-digits", "the expected website in full-width digits is invalid (check 8), not foreign",
        coordinate.with("website_id", "１０２４"), "invalid_value", "website_id"
      ),
      (
        "website.trailing-space", "the expected website with a trailing space is invalid (check 8), not foreign",
        coordinate.with("website_id", "1024 "), "invalid_value", "website_id"
      ),
      (
        "app.leading-zero", "the expected app with a leading zero is invalid (check 8), not foreign",
        coordinate.with("app_id", "088"), "invalid_value", "app_id"
      ),
    ]
    for (id, description, data, error, field) in earlier {
      file.add(
        id: "foreign_scope.earlier-check.\(id)", description: description, tags: ["invalid", "foreign-scope"],
        input: .object(data),
        expect: reject(error, field))
    }
    return file.file(at: "\(folder)/foreign-scope.json")
  }

  /// The mistakes the reference warns about: "iOSでは userInfo 全体ではなく、APNs/FCMの配送情報を除いたdata部分を渡し
  /// ます", the data map as anything but a map of strings, other SDKs' payloads.
  static func integrationMistakes() -> GeneratedFile {
    var file = builder(
      "integration mistakes: the whole userInfo, encoded or wrapped data, other SDKs' payloads; never repaired",
      source: source + "; Respondo guide, プッシュ通知: ペイロードの形式")
    func mistake(
      _ id: String, _ description: String, _ tags: [String], _ input: JSONValue, _ error: String, _ field: String?
    ) {
      file.add(
        id: "mistake.\(id)", description: description, tags: ["invalid", "integration-mistake"] + tags, input: input,
        expect: reject(error, field))
    }
    let data = PushSample.coordinate.data
    let blogData = PushSample.blog.data
    let aps: JSONValue = [
      "alert": ["title": "新着コーデ", "body": "スタッフが新しいコーデを投稿しました"], "sound": "default", "mutable-content": 1,
    ]
    let fcmDelivery: JSONObject = [
      "gcm.message_id": "1717200000000001", "google.c.a.e": "1", "google.c.sender.id": "123456789012",
      "google.c.fid": "cAbCdEfGhIjKlMnOpQr_-0",
    ]
    // The whole iOS userInfo: the only non-string top-level value is aps, so check 2 names aps.
    mistake(
      "ios.userinfo-whole", "the whole iOS userInfo: aps is an object, so non_string_value aps (check 2)", [],
      .object((["aps": aps] as JSONObject).merging(fcmDelivery).merging(data)), "non_string_value", "aps")
    mistake(
      "ios.userinfo-whole.blog", "the whole iOS userInfo of a blog notification: non_string_value aps", [],
      .object((["aps": aps] as JSONObject).merging(fcmDelivery).merging(blogData)), "non_string_value", "aps")
    mistake(
      "ios.userinfo-whole.data-first", "the whole userInfo with the data keys first: byte order still names aps", [],
      .object(data.merging(fcmDelivery).merging(["aps": aps])), "non_string_value", "aps")
    mistake(
      "ios.userinfo-silent", "a silent push's userInfo: aps {content-available: 1} is an object", [],
      .object((["aps": ["content-available": 1]] as JSONObject).merging(fcmDelivery).merging(data)), "non_string_value",
      "aps")
    // aps removed, FCM's keys kept: all strings, so check 4 names the first delivery key in byte order.
    mistake(
      "ios.userinfo-without-aps", "aps removed but FCM's delivery keys kept: unknown_key gcm.message_id (gcm < google)",
      [], .object(data.merging(fcmDelivery)), "unknown_key", "gcm.message_id")
    mistake(
      "ios.userinfo-google-keys-only", "only google.c.* delivery keys left: unknown_key google.c.a.e", [],
      .object(data.merging(["google.c.sender.id": "123456789012", "google.c.a.e": "1"])), "unknown_key", "google.c.a.e")
    mistake(
      "ios.userinfo-aps-json-string", "aps turned into a JSON string: every value is a string, so unknown_key aps", [],
      .object(data.merging(["aps": "{\"alert\":\"新着コーデ\"}", "gcm.message_id": "1717200000000001"])), "unknown_key",
      "aps")
    // Android: the launcher intent's extras carry typed delivery values (google.sent_time is a long).
    let androidExtras: JSONObject = [
      "google.delivered_priority": "high", "google.sent_time": .number(JSONNumber(literal: "1717200000000")!),
      "google.ttl": 2_419_200, "google.original_priority": "high", "from": "123456789012",
      "google.message_id": "0:1717200000000001%31bd1c9631bd1c96", "collapse_key": "com.example.shop",
    ]
    mistake(
      "android.intent-extras",
      "the launcher intent's extras: google.sent_time and google.ttl are numbers, sent_time sorts first",
      [], .object(androidExtras.merging(data)), "non_string_value", "google.sent_time")
    mistake(
      "android.remote-message-strings",
      "RemoteMessage fields copied in as strings: unknown_key collapse_key (first in byte order)", [],
      .object(
        data.merging([
          "from": "123456789012", "google.message_id": "0:1717200000000001%31bd1c9631bd1c96",
          "collapse_key": "com.example.shop",
        ])), "unknown_key", "collapse_key")
    // Flutter: RemoteMessage.toMap() instead of message.data. First non-string key in byte order: category (null).
    let flutterMap: JSONValue = [
      "senderId": .null, "category": .null, "collapseKey": .null, "contentAvailable": false, "data": .object(data),
      "from": "123456789012", "messageId": "1717200000000001", "messageType": .null, "mutableContent": true,
      "notification": ["title": "新着コーデ", "body": "スタッフが新しいコーデを投稿しました"],
      "sentTime": .number(JSONNumber(literal: "1717200000000")!), "threadId": .null, "ttl": .null,
    ]
    mistake(
      "flutter.remote-message-to-map",
      "Flutter's RemoteMessage.toMap() instead of message.data: non_string_value category",
      ["cross-sdk"], flutterMap, "non_string_value", "category")
    mistake(
      "flutter.json-encoded-data", "jsonEncode(message.data): the data map as a JSON string is not an object",
      ["cross-sdk"],
      .string(JSONSerializer.compact.string(from: .object(data))), "not_an_object", nil)
    mistake(
      "encoded.json-string", "the data map JSON-encoded as a string", [],
      .string(JSONSerializer.compact.string(from: .object(blogData))), "not_an_object", nil)
    mistake(
      "encoded.double-json-string", "the data map JSON-encoded twice", [],
      .string(JSONSerializer.compact.string(from: .string(JSONSerializer.compact.string(from: .object(data))))),
      "not_an_object", nil)
    mistake(
      "encoded.kotlin-map-to-string", "Kotlin's Map.toString() of the data map", ["cross-sdk"],
      .string(
        "{" + data.members.map { "\($0.key)=\($0.value.stringValue!)" }.joined(separator: ", ") + "}"),
      "not_an_object", nil)
    mistake(
      "encoded.query-string", "the data map as a URL query string", [],
      .string(data.members.map { "\($0.key)=\($0.value.stringValue!)" }.joined(separator: "&")), "not_an_object", nil)
    mistake(
      "wrapped.data-key", "the data map nested under \"data\": non_string_value data", [],
      ["data": .object(data)], "non_string_value", "data")
    mistake(
      "wrapped.data-key-string",
      "the data map as a JSON string under \"data\": all strings, missing_key schema_version", [],
      ["data": .string(JSONSerializer.compact.string(from: .object(data)))], "missing_key", "schema_version")
    mistake(
      "wrapped.fcm-v1-message", "the FCM HTTP v1 send body: non_string_value message", [],
      ["message": ["token": "fcm-token", "data": .object(data)]], "non_string_value", "message")
    mistake(
      "wrapped.array-of-messages", "a list of data maps", [], [.object(data), .object(blogData)], "not_an_object", nil)
    // Respondo's payload ("ペイロードは常にルートの respondo キーの下に置かれます", Respondo guide, プッシュ通知), verbatim.
    let respondo = JSONValue.parsing(
      """
      {
        "respondo": {
          "type": "message",
          "conversation_id": "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90",
          "message_id": "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63",
          "deep_link": "respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
        }
      }
      """)
    let respondoInner = respondo.objectValue!["respondo"]!
    mistake(
      "other-sdk.respondo-ios", "Respondo's iOS payload: the respondo object is not a string", ["cross-sdk"], respondo,
      "non_string_value", "respondo")
    mistake(
      "other-sdk.respondo-ios-userinfo", "Respondo's iOS userInfo with aps: aps sorts before respondo", ["cross-sdk"],
      .object((["aps": aps] as JSONObject).merging(respondo.objectValue!)), "non_string_value", "aps")
    mistake(
      "other-sdk.respondo-android",
      "Respondo's Android data (respondo holds a JSON string): missing_key schema_version",
      ["cross-sdk"], ["respondo": .string(JSONSerializer.compact.string(from: respondoInner))],
      "missing_key", "schema_version")
    mistake(
      "other-sdk.respondo-beside-leeep", "Respondo's Android key beside a LEEEP payload: unknown_key respondo",
      ["cross-sdk"], .object(data.with("respondo", .string(JSONSerializer.compact.string(from: respondoInner)))),
      "unknown_key", "respondo")
    mistake(
      "other-sdk.respondo-flat", "Respondo's flat strings passed directly: missing_key schema_version", ["cross-sdk"],
      respondoInner, "missing_key", "schema_version")
    // App-side conversions.
    mistake(
      "app.ids-decoded-as-numbers", "IDs decoded into integers: app_id is the first number in byte order", [],
      .object(
        data.with("website_id", 1024).with("app_id", 88).with("source_content_id", 5001).with("ugc_id", 90001)),
      "non_string_value", "app_id")
    mistake(
      "app.schema-version-as-number", "schema_version sent as the number 2: non_string_value (check 2) before check 3",
      [],
      .object(data.with("schema_version", 2)), "non_string_value", "schema_version")
    mistake(
      "app.website-id-from-double", "website_id formatted from a Double (\"1024.0\"): invalid_value", [],
      .object(data.with("website_id", "1024.0")), "invalid_value", "website_id")
    mistake(
      "app.camel-case-keys", "every key converted to camelCase: schema_version is missing (check 3 before check 4)", [],
      .object(
        JSONObject(
          data.members.map { member in
            let parts = member.key.split(separator: "_").map(String.init)
            let camel = parts[0] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            return JSONObject.Member(key: camel, value: member.value)
          })), "missing_key", "schema_version")
    mistake(
      "app.camel-case-keys-but-schema",
      "every key but schema_version in camelCase: unknown_key appId (first in byte order)",
      [],
      .object(
        data.renaming("website_id", to: "websiteId").renaming("app_id", to: "appId")
          .renaming("notification_id", to: "notificationId").renaming("delivery_id", to: "deliveryId")
          .renaming("target_type", to: "targetType").renaming("source_content_id", to: "sourceContentId")
          .renaming("ugc_id", to: "ugcId")), "unknown_key", "appId")
    mistake(
      "app.title-body-in-data", "the notification's title and body copied into data: unknown_key body", [],
      .object(data.with("title", "新着コーデ").with("body", "スタッフが新しいコーデを投稿しました")), "unknown_key", "body")
    mistake(
      "app.url-added", "a transition URL added to data (遷移URLを指定するフィールドはありません): unknown_key url", [],
      .object(data.with("url", "https://shop.example/coordinate/5001")), "unknown_key", "url")
    mistake(
      "app.no-data", "no data at all (message.data absent, passed as null)", [], .null, "not_an_object", nil)
    mistake(
      "app.empty-data", "an empty data map (a push sent without LEEEP data)", [], [:], "missing_key", "schema_version")
    mistake(
      "app.trimmed-value-left-padded", "a value padded by a template (\" 5001\"): never trimmed, invalid_value", [],
      .object(data.with("source_content_id", " 5001")), "invalid_value", "source_content_id")
    return file.file(at: "\(folder)/integration-mistakes.json")
  }
}
