import ConformanceJSON
import ConformanceKit

/// `respondo.push.payload` (docs/suites/respondo.push.payload.md): the push handed to `Respondo.handlePush` (iOS `userInfo`)
/// or `RespondoPushPayload.from(data)` / `Respondo.handlePushData(message.data)` (FCM `data`).
///
/// Every case is written once and generated for both transports: on `ios` the `respondo` value
/// is the object itself, on `android` it is that object as JSON text in a string. Each file
/// holds one group of rules for one platform, under `respondo/push-payload/<platform>/`.
extension RespondoPushPayload: GeneratedSuite {
  static let source = "Respondo guide, プッシュ通知: ペイロードの形式, タップとフォアグラウンドの処理"

  enum Platform: String, CaseIterable {
    case ios
    case android

    var transport: String { self == .ios ? "iOS userInfo (APNs)" : "Android/Flutter data map (FCM)" }
  }

  // MARK: The guide's example

  static let conversationID = "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
  static let messageID = "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63"
  static let deepLink = "respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
  static let deepLinkPrefix = "respondo://conversation/"

  /// The Respondo guide's "respondo ペイロード" example, character for character.
  static let guideExample = """
    {
      "respondo": {
        "type": "message",
        "conversation_id": "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90",
        "message_id": "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63",
        "deep_link": "respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
      }
    }
    """

  /// The value of the guide example's `respondo` key, exactly as the guide prints it (with its
  /// line breaks and indentation): what `data["respondo"]` holds on Android.
  static let guideRespondoText = """
    {
        "type": "message",
        "conversation_id": "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90",
        "message_id": "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63",
        "deep_link": "respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
      }
    """

  /// The guide's message payload as an object.
  static let message: JSONObject = [
    "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID),
    "deep_link": .string(deepLink),
  ]

  /// A campaign push: `delivery_id` for the open beacon, an optional deep link, extra flat keys.
  static let campaign: JSONObject = ["type": "campaign", "delivery_id": "dlv_20240501_0001"]

  static let otherUUID = "5f0c2b9e-7d41-4c3a-8e6f-0a9b1c2d3e4f"

  // MARK: The vendor's SDKs

  /// The check (docs/suites/respondo.push.payload.md, "Checks, in order") that reports `error`.
  /// `missing_key` and `invalid_value` are reported by check 5 (type) or 6 (message, campaign).
  static func check(reporting error: String) -> ClosedRange<Int> {
    switch error {
    case "not_an_object": 1...1
    case "not_respondo": 2...2
    case "invalid_encoding": 3...3
    case "non_string_value": 4...4
    case "missing_key", "invalid_value": 5...6
    case "unknown_key", "deep_link_mismatch": 6...6
    default: preconditionFailure("\(error) is no error of \(name)")
    }
  }

  /// The JSON readers of the vendor's SDKs, for the texts that break a rule of strict RFC 8259
  /// JSON: a test whose text one of them still reads as an object names it in its rules.
  enum LenientReader: String {
    /// sdk-android 0.2.0: kotlinx-serialization-json 1.7.3 with `isLenient` (unquoted keys and
    /// values, the last of duplicate keys, escapes decoded without a surrogate or control
    /// character check). What it reads is either taken as a push (another verdict) or, with its
    /// quotes kept in the keys, not taken as Respondo's (another error).
    case android = "read-by-android-sdk"
    /// sdk-ios 0.1.0-0.3.0: Foundation's JSONSerialization on the string form (the last of
    /// duplicate keys, a leading byte order mark skipped).
    case ios = "read-by-ios-sdk"
  }

  /// Whether the Android SDK takes a push as Respondo's: its payload has `type` or
  /// `conversation_id` as a JSON primitive other than null (a number or boolean counts, read as
  /// its text).
  static func androidTakesAsItsOwn(_ respondo: JSONObject) -> Bool {
    ["type", "conversation_id"].contains { key in
      switch respondo[key] {
      case .string?, .number?, .bool?: true
      default: false
      }
    }
  }

  /// The respondo object a test's input holds: the object itself, or the JSON text of one.
  static func respondoObject(_ input: JSONValue) -> JSONObject? {
    switch input.objectValue?["respondo"] {
    case .object(let object)?: return object
    case .string(let text)?: return (try? JSONParser().parse(text))?.objectValue
    default: return nil
    }
  }

  /// Where the Respondo SDKs (sdk-ios 0.1.0-0.3.0, sdk-android 0.2.0) give another verdict,
  /// output or error on the test's own platform (docs/suites/respondo.push.payload.md, "The
  /// vendor's SDK"):
  /// - a rejection by checks 4 to 6, except a `type` one the SDK refuses too: iOS checks `type`
  ///   exactly; Android does not take a push with neither `type` nor `conversation_id`;
  /// - a text rejected for strict JSON that the platform's reader still reads as an object;
  /// - on Android, an accepted campaign with extra keys: its payload object keeps only the keys
  ///   it knows.
  static let vendorNote = VendorNote { test in
    let platform = test.context["platform"]?.stringValue
    switch test.expect {
    case .accept(let output):
      if platform == Platform.android.rawValue, case .object(let extra)? = output?.objectValue?["extra"],
        !extra.isEmpty
      {
        return ["extra keys on Android"]
      }
      return []
    case .reject(let error, let field):
      var rules: [String] = []
      if check(reporting: error).lowerBound >= 4 {
        let refusedToo =
          field == "type"
          && (platform == Platform.ios.rawValue
            || !(respondoObject(test.input).map(androidTakesAsItsOwn) ?? false))
        if !refusedToo { rules.append("checks 4-6") }
      }
      if platform == Platform.android.rawValue && test.rules.contains(LenientReader.android.rawValue) {
        rules.append(LenientReader.android.rawValue)
      }
      if platform == Platform.ios.rawValue && test.rules.contains(LenientReader.ios.rawValue) {
        rules.append(LenientReader.ios.rawValue)
      }
      return rules
    }
  }

  // MARK: Files

  static func files() -> [GeneratedFile] {
    Platform.allCases.flatMap { platform in
      [
        guideExample(platform), routing(platform), encoding(platform), values(platform), type(platform),
        messageRules(platform), campaignRules(platform),
      ]
    } + [contextFree()]
  }

  /// Steps 1 and 2 need no platform, so they are reported for a test with no context at all (the contract
  /// 1: context is optional) or with a platform the suite could not use. The file has no context;
  /// step 3 is the first to read the platform.
  static func contextFree() -> GeneratedFile {
    var builder = VectorFileBuilder(
      suite: name, description: "not_an_object and not_respondo need no platform: reported without a context",
      source: source, vendorNote: vendorNote)
    func add(
      _ id: String, _ description: String, tags: [String], _ input: JSONValue, _ error: String,
      context: JSONObject? = nil
    ) {
      builder.add(
        id: "context-free.\(id)", description: description, tags: tags, input: input, context: context,
        expect: .reject(error))
    }
    add(
      "not_an_object.null", "no context: null is not_an_object, which needs no platform", tags: ["invalid"], .null,
      "not_an_object")
    add(
      "not_an_object.array", "no context: an array holding the push is not_an_object", tags: ["invalid"],
      [push(message, .ios)], "not_an_object")
    add(
      "not_an_object.string", "no context: the push as JSON text is not_an_object", tags: ["invalid"],
      .string(JSONSerializer.compact.string(from: push(message, .ios))), "not_an_object")
    add(
      "not_respondo.empty", "no context: an empty map has no respondo key, which needs no platform",
      tags: ["foreign-scope"], [:], "not_respondo")
    add(
      "not_respondo.aps-only", "no context: an APNs userInfo with only aps is not_respondo",
      tags: ["foreign-scope"], ["aps": ["alert": ["title": "Sale", "body": "20% off today"]]], "not_respondo")
    add(
      "not_respondo.fcm-data", "no context: an FCM data map without respondo is not_respondo",
      tags: ["foreign-scope"], ["screen": "order", "order_id": "A-100"], "not_respondo")
    add(
      "not_respondo.unusable-platform",
      "a platform the suite cannot use (flutter) is never read before step 3: no respondo key is not_respondo",
      tags: ["foreign-scope"], ["screen": "order"], "not_respondo", context: ["platform": "flutter"])
    return builder.file(at: "\(folder)/context-free.json")
  }

  /// The expected output of an accepted message push, as docs/suites/respondo.push.payload.md defines it.
  static func messageOutput(conversationID: String, messageID: String) -> JSONValue {
    [
      "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID),
      "deep_link": .string(deepLinkPrefix + conversationID),
    ]
  }

  /// The expected output of an accepted campaign push.
  static func campaignOutput(deliveryID: String, extra: JSONObject, deepLink: String? = nil) -> JSONValue {
    var output: JSONObject = ["type": "campaign", "delivery_id": .string(deliveryID), "extra": .object(extra)]
    if let deepLink { output["deep_link"] = .string(deepLink) }
    return .object(output)
  }

  /// The `respondo` value as the platform's transport carries it.
  static func encode(_ payload: JSONValue, for platform: Platform) -> JSONValue {
    switch platform {
    case .ios: payload
    case .android: .string(JSONSerializer.compact.string(from: payload))
    }
  }

  /// A push holding only the `respondo` key.
  static func push(_ payload: JSONObject, _ platform: Platform) -> JSONValue {
    ["respondo": encode(.object(payload), for: platform)]
  }

  // MARK: The guide's examples

  static func guideExample(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(platform: platform, group: "guide", description: "the Respondo guide's own example payload")
    switch platform {
    case .ios:
      file.accept(
        "example-verbatim", "the guide's example payload, verbatim, as an iOS userInfo (respondo is an object)",
        input: JSONValue.parsing(guideExample),
        output: messageOutput(conversationID: conversationID, messageID: messageID))
      var userInfo = JSONValue.parsing(guideExample).objectValue!
      userInfo["aps"] = [
        "alert": ["title": "サポート", "body": "担当者から返信が届きました"], "sound": "default", "badge": 1,
      ]
      file.accept(
        "example-with-aps",
        "the guide's example inside a real userInfo: title and body travel in aps.alert, outside respondo",
        input: .object(userInfo), output: messageOutput(conversationID: conversationID, messageID: messageID))
    case .android:
      file.accept(
        "example-verbatim",
        "the guide's example payload on Android: data[\"respondo\"] holds the guide's object text verbatim",
        input: ["respondo": .string(guideRespondoText)],
        output: messageOutput(conversationID: conversationID, messageID: messageID))
      file.accept(
        "example-compact", "the guide's example payload as the one-line JSON string an FCM data map carries",
        input: push(message, platform), output: messageOutput(conversationID: conversationID, messageID: messageID))
      file.accept(
        "example-with-app-data",
        "other keys of the FCM data map (the app's own data) sit beside respondo and are not looked at",
        input: ["respondo": encode(.object(message), for: platform), "screen": "inbox", "badge": "3"],
        output: messageOutput(conversationID: conversationID, messageID: messageID))
    }
    return file.file()
  }

  // MARK: not_an_object, not_respondo

  static func routing(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(
      platform: platform, group: "routing",
      description: "pushes that are not objects, and pushes without the root respondo key (handlePush returns false)")
    let nonObjects: [(String, JSONValue, String)] = [
      ("null", .null, "null is not a push"), ("number", 1, "a number is not a push"),
      ("boolean", true, "a boolean is not a push"),
      ("array", [push(message, platform)], "an array holding the push is not a push"),
      (
        "string", .string(JSONSerializer.compact.string(from: push(message, platform))),
        "the push serialized to JSON text is a string, not the push"
      ),
    ]
    for (name, value, description) in nonObjects {
      file.reject("not_an_object.\(name)", description, input: value, error: "not_an_object")
    }
    if platform == .android {
      file.reject(
        "not_an_object.respondo-string-alone",
        "passing data[\"respondo\"] (the JSON string) instead of the data map",
        tags: ["invalid", "integration-mistake"], input: encode(.object(message), for: platform),
        error: "not_an_object")
    }

    let notOurs = ["foreign-scope"]
    file.reject(
      "not_respondo.empty", "an empty data map has no respondo key", tags: notOurs, input: [:], error: "not_respondo")
    let leeepData: JSONObject = [
      "schema_version": "2", "website_id": "1001", "app_id": "2002", "notification_id": "ntf-20240501-0001",
      "delivery_id": "dlv:8f2c", "target_type": "blog", "source_content_id": "3003", "ugc_id": "4004",
      "blog_slug": "spring-coordinate",
    ]
    var leeepPush = leeepData
    if platform == .ios { leeepPush["aps"] = ["alert": ["title": "新着ブログ", "body": "春のコーデ"]] }
    file.reject(
      "not_respondo.leeep-push", "a LEEEP push (schema 2 data map) belongs to another SDK",
      tags: ["foreign-scope", "cross-sdk"], input: .object(leeepPush), error: "not_respondo")
    switch platform {
    case .ios:
      file.reject(
        "not_respondo.aps-only", "a plain APNs userInfo with only aps is the app's own notification",
        tags: notOurs, input: ["aps": ["alert": ["title": "Sale", "body": "20% off today"], "badge": 1]],
        error: "not_respondo")
      file.reject(
        "not_respondo.firebase-userinfo",
        "a userInfo of a Firebase push (aps, gcm.message_id, google.c.*) without respondo",
        tags: notOurs,
        input: [
          "aps": ["alert": ["title": "Order", "body": "Shipped"]], "gcm.message_id": "1714550400000001",
          "google.c.a.e": "1", "google.c.sender.id": "123456789012", "order_id": "A-100",
        ], error: "not_respondo")
      file.reject(
        "not_respondo.inside-aps", "respondo nested inside aps is not at the root of userInfo",
        tags: ["invalid", "integration-mistake"],
        input: ["aps": ["alert": ["title": "t", "body": "b"], "respondo": .object(message)]], error: "not_respondo")
    case .android:
      file.reject(
        "not_respondo.fcm-data", "an FCM data map of the app's own feature has no respondo key", tags: notOurs,
        input: ["screen": "order", "order_id": "A-100"], error: "not_respondo")
      file.reject(
        "not_respondo.remote-message",
        "passing the whole message (data and notification) instead of message.data",
        tags: ["invalid", "integration-mistake"],
        input: [
          "data": push(message, platform), "notification": ["title": "サポート", "body": "返信が届きました"],
          "messageId": "0:1714550400000001%abc",
        ], error: "not_respondo")
      file.reject(
        "not_respondo.fcm-v1-message",
        "the FCM HTTP v1 send request (message.data) is not the received data map",
        tags: ["invalid", "integration-mistake"],
        input: ["message": ["token": "fcm-token", "data": push(message, platform)]], error: "not_respondo")
    }
    file.reject(
      "not_respondo.payload-without-root",
      "the respondo object itself, without the root respondo key, is not recognised",
      tags: ["invalid", "integration-mistake"], input: .object(message), error: "not_respondo")
    let keySpellings: [(String, String, String, [String])] = [
      ("capitalised", "Respondo", "the root key is case-sensitive: Respondo", ["invalid"]),
      ("uppercase", "RESPONDO", "the root key is case-sensitive: RESPONDO", ["invalid"]),
      ("leading-space", " respondo", "a leading space makes another key", ["invalid"]),
      ("trailing-space", "respondo ", "a trailing space makes another key", ["invalid"]),
      ("trailing-newline", "respondo\n", "a trailing newline makes another key", ["invalid", "boundary"]),
      ("snake-suffix", "respondo_payload", "respondo_payload is not respondo", ["invalid"]),
      ("fullwidth", "ｒｅｓｐｏｎｄｏ", "the key ｒｅｓｐｏｎｄｏ in full-width letters is another key", ["invalid", "unicode"]),
      (
        "cyrillic-o", "respond\u{043E}", "a Cyrillic о looks like o but is another key",
        ["invalid", "unicode", "security"]
      ),
      ("zero-width-space", "\u{200B}respondo", "a leading U+200B makes another key", ["invalid", "unicode"]),
    ]
    for (name, key, description, tags) in keySpellings {
      file.reject(
        "not_respondo.key-\(name)", description, tags: tags,
        input: .object(JSONObject([JSONObject.Member(key: key, value: encode(.object(message), for: platform))])),
        error: "not_respondo")
    }
    return file.file()
  }

  // MARK: invalid_encoding

  /// Why a string in the `respondo` value does not give the respondo object.
  enum TextFault {
    /// No JSON reader reads it, strict or lenient (nothing, white space, a cut text).
    case notJSON
    /// Breaks a rule of strict RFC 8259 JSON (a duplicate key, a comment, single quotes, unquoted
    /// keys, trailing text, …); `readBy`: the vendor SDKs' readers that still read an object.
    case notStrictJSON(readBy: Set<LenientReader>)
    /// Strict JSON, but not an object.
    case notAnObject

    var readers: Set<LenientReader> {
      if case .notStrictJSON(let readers) = self { return readers }
      return []
    }
  }

  /// Strings that never give a respondo object under the contract's strict reading, on either
  /// platform, each with the rule it breaks.
  static func invalidTexts(compactText: String) -> [(String, String, String, [String], TextFault)] {
    [
      ("empty-string", "", "an empty string is not JSON", ["invalid", "boundary"], .notJSON),
      ("whitespace-only", "  \n", "white space alone is not JSON", ["invalid"], .notJSON),
      ("json-null", "null", "the text null is JSON but not an object", ["invalid"], .notAnObject),
      ("json-number", "123", "a JSON number is not an object", ["invalid"], .notAnObject),
      ("json-true", "true", "a JSON boolean is not an object", ["invalid"], .notAnObject),
      ("json-array", "[]", "a JSON array is not an object", ["invalid"], .notAnObject),
      (
        "json-array-of-object", "[\(compactText)]", "an array holding the object is not an object", ["invalid"],
        .notAnObject
      ),
      (
        "double-encoded", JSONSerializer.compact.string(from: .string(compactText)),
        "the object encoded twice is a JSON string, not an object", ["invalid", "integration-mistake"], .notAnObject
      ),
      (
        "trailing-comma", #"{"type": "campaign", "delivery_id": "d1",}"#, "a trailing comma is not JSON",
        ["invalid"], .notStrictJSON(readBy: [])
      ),
      (
        "single-quotes", "{'type': 'campaign', 'delivery_id': 'd1'}", "single quotes are not JSON", ["invalid"],
        .notStrictJSON(readBy: [.android])
      ),
      (
        "unquoted-keys", #"{type: "campaign", delivery_id: "d1"}"#, "unquoted keys are not JSON", ["invalid"],
        .notStrictJSON(readBy: [.android])
      ),
      ("truncated", String(compactText.dropLast()), "a text cut before its closing brace", ["invalid"], .notJSON),
      (
        "comment", #"{"type": "campaign", /* beacon */ "delivery_id": "d1"}"#, "comments are not JSON", ["invalid"],
        .notStrictJSON(readBy: [])
      ),
      (
        "trailing-text", compactText + " x", "text after the object is not JSON", ["invalid"],
        .notStrictJSON(readBy: [])
      ),
      (
        "two-objects", compactText + compactText, "two objects in a row are not one JSON value", ["invalid"],
        .notStrictJSON(readBy: [])
      ),
      (
        "kotlin-map-tostring", "{type=campaign, delivery_id=d1}", "a Kotlin Map.toString() is not JSON",
        ["invalid", "integration-mistake"], .notStrictJSON(readBy: [])
      ),
      (
        "nan-value", #"{"type": "campaign", "delivery_id": NaN}"#, "NaN is not a JSON value", ["invalid"],
        .notStrictJSON(readBy: [.android])
      ),
      (
        "byte-order-mark", "\u{FEFF}" + compactText, "a byte order mark before the object is not JSON",
        ["invalid", "unicode"], .notStrictJSON(readBy: [.ios])
      ),
      (
        "lone-surrogate-escape", #"{"type": "campaign", "delivery_id": "\ud800"}"#,
        "an escaped lone surrogate is not a Unicode scalar", ["invalid", "unicode"], .notStrictJSON(readBy: [.android])
      ),
      (
        "invalid-escape", #"{"type": "campaign", "delivery_id": "\x41"}"#, "\\x is not a JSON escape", ["invalid"],
        .notStrictJSON(readBy: [])
      ),
      (
        "raw-control-character", "{\"type\": \"campaign\", \"delivery_id\": \"d\u{1}1\"}",
        "a raw control character inside a JSON string is not JSON", ["invalid"], .notStrictJSON(readBy: [.android])
      ),
      (
        "duplicate-type", #"{"type": "message", "type": "campaign", "delivery_id": "d1"}"#,
        "a duplicate key: two parsers could read two different pushes", ["invalid", "security"],
        .notStrictJSON(readBy: [.android, .ios])
      ),
      (
        "duplicate-same-value", #"{"type": "campaign", "delivery_id": "d1", "delivery_id": "d1"}"#,
        "a duplicate key is invalid even with the same value", ["invalid", "security"],
        .notStrictJSON(readBy: [.android, .ios])
      ),
    ]
  }

  static func encoding(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(
      platform: platform, group: "encoding",
      description: platform == .ios
        ? "the respondo value must be an object, or a string holding a JSON object, on iOS"
        : "the respondo value must be a string holding a JSON object on Android")
    func reject(
      _ id: String, _ description: String, tags: [String] = ["invalid"], _ value: JSONValue,
      fault: TextFault? = nil
    ) {
      file.reject(
        id, description, tags: tags, input: ["respondo": value], error: "invalid_encoding", field: "respondo",
        rules: Set((fault?.readers ?? []).map(\.rawValue)))
    }
    let compactText = JSONSerializer.compact.string(from: .object(message))
    let output = messageOutput(conversationID: conversationID, messageID: messageID)
    let wrongKinds: [(String, JSONValue, String)] = [
      ("null", .null, "null"), ("number", 1, "a number"), ("boolean", true, "a boolean"),
      ("empty-array", [], "an empty array"),
      ("array-of-payload", [.object(message)], "an array holding the payload"),
    ]
    switch platform {
    case .ios:
      // FCM delivers an iOS push with every data value a string: the iOS SDK reads that form too.
      file.accept(
        "android-json-string",
        "a string holding the JSON object (the form FCM delivers an iOS push in) is read like the object",
        tags: ["valid", "cross-sdk"], input: ["respondo": .string(compactText)], output: output)
      file.accept(
        "fcm-userinfo",
        "the userInfo of an iOS push sent through FCM (aps, gcm.message_id, respondo as a JSON string)",
        tags: ["valid", "cross-sdk"],
        input: [
          "aps": ["alert": ["title": "サポート", "body": "担当者から返信が届きました"]],
          "gcm.message_id": "1714550400000001", "google.c.sender.id": "123456789012",
          "respondo": .string(compactText),
        ], output: output)
      file.reject(
        "string-empty-object", "a string \"{}\" is an empty respondo object: type is missing",
        tags: ["invalid", "boundary"], input: ["respondo": "{}"], error: "missing_key", field: "type")
      for (name, value, what) in wrongKinds {
        reject(name, "\(what) is neither an object nor a string holding one", value)
      }
    case .android:
      reject(
        "ios-object", "the iOS form (an object) is the wrong kind of value in an FCM data map",
        tags: ["invalid", "integration-mistake"], .object(message))
      reject("empty-object", "an empty object is still an object, not a string", [:])
      for (name, value, what) in wrongKinds {
        reject(name, "\(what) is not a string holding JSON", value)
      }
    }
    for (name, text, description, tags, fault) in invalidTexts(compactText: compactText) {
      reject(name, description, tags: tags, .string(text), fault: fault)
    }
    file.accept(
      "surrounding-whitespace", "JSON allows white space around the object (RFC 8259 ws)",
      tags: ["valid", "boundary"], input: ["respondo": .string(" \n\t" + compactText + "\r\n ")], output: output)
    file.accept(
      "escaped-slashes", "\\/ in the JSON text is a plain slash in the deep link", tags: ["valid", "boundary"],
      input: [
        "respondo": .string(
          #"{"type":"message","conversation_id":"a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90","message_id":"e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63","deep_link":"respondo:\/\/conversation\/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"}"#
        )
      ], output: output)
    file.accept(
      "unicode-escapes", "\\u escapes in keys and values decode to the same text (\\u0074ype is type)",
      tags: ["valid", "boundary"],
      input: [
        "respondo": .string(
          #"{"\u0074ype":"\u006dessage","conversation_id":"a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90","message_id":"e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63","deep_link":"respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"}"#
        )
      ], output: output)
    file.accept(
      "tight-json", "JSON without any white space, as servers usually write it", tags: ["valid"],
      input: [
        "respondo": .string(
          #"{"type":"message","conversation_id":"a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90","message_id":"e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63","deep_link":"respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"}"#
        )
      ], output: output)
    return file.file()
  }

  // MARK: non_string_value

  static func values(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(
      platform: platform, group: "values",
      description: "every value inside the respondo object is a flat string (field: first such key in key order)")
    func reject(_ id: String, _ description: String, tags: [String] = ["invalid"], _ payload: JSONObject, field: String)
    {
      file.reject(
        id, description, tags: tags, input: push(payload, platform), error: "non_string_value", field: field)
    }
    let kinds: [(String, JSONValue)] = [
      ("null", .null), ("number", 1), ("boolean", false), ("array", []), ("object", [:]),
    ]
    // Each message key with another kind of value, so that every JSON kind is seen once.
    let keysAndKinds: [(String, Int)] = [("type", 0), ("conversation_id", 1), ("message_id", 2), ("deep_link", 3)]
    for (key, offset) in keysAndKinds {
      let (kindName, value) = kinds[offset]
      var payload = message
      payload[key] = value
      reject("message.\(key).\(kindName)", "\(key) is a JSON \(kindName), not a string", payload, field: key)
    }
    var objectDeepLink = message
    objectDeepLink["deep_link"] = ["url": .string(deepLink)]
    reject(
      "message.deep_link.object", "deep_link as an object with a url is not a flat string", objectDeepLink,
      field: "deep_link")
    var numericType = message
    numericType["type"] = 1
    reject("message.type.number", "type is a number, not a string", numericType, field: "type")
    var nested = message
    nested["respondo"] = .object(message)
    reject(
      "nested-respondo", "a respondo object nested in respondo is not a string",
      tags: ["invalid", "integration-mistake"], nested, field: "respondo")
    // The shape of the Respondo SDKs' own test fixtures: title, body and the author's name in a
    // nested data object. The guide rules it out: every value is a flat string, and title and body
    // travel in aps.alert / message.notification.
    var fixture = message
    fixture["data"] = ["title": "サポート", "body": "担当者から返信が届きました", "author_name": "佐藤"]
    reject(
      "vendor-fixture.nested-data",
      "the vendor SDKs' test fixture shape: a nested data object (title, body, author name) is not a flat string",
      tags: ["invalid", "integration-mistake"], fixture, field: "data")
    var extraNumber = message
    extraNumber["badge"] = 3
    reject(
      "message.unknown-key-number", "a non-string value is reported before the key is found unknown",
      extraNumber, field: "badge")

    var campaignNumber = campaign
    campaignNumber["delivery_id"] = 20_240_501
    reject("campaign.delivery_id.number", "a numeric delivery_id is not a string", campaignNumber, field: "delivery_id")
    var campaignNull = campaign
    campaignNull["deep_link"] = .null
    reject(
      "campaign.deep_link.null", "deep_link null is a non-string value, not an absent deep link",
      tags: ["invalid", "boundary"], campaignNull, field: "deep_link")
    var campaignExtraNumber = campaign
    campaignExtraNumber["discount"] = 20
    reject(
      "campaign.extra.number", "an extra campaign key with a number is not a flat string", campaignExtraNumber,
      field: "discount")
    var campaignExtraObject = campaign
    campaignExtraObject["coupon"] = ["code": "SPRING", "percent": "20"]
    reject(
      "campaign.extra.object", "extra campaign data nested in an object is not flat", campaignExtraObject,
      field: "coupon")
    var campaignExtraBool = campaign
    campaignExtraBool["silent"] = true
    reject(
      "campaign.extra.boolean", "an extra campaign key with a boolean is not a string", campaignExtraBool,
      field: "silent")

    var twoNonStrings = JSONObject([
      .init(key: "message_id", value: 2), .init(key: "conversation_id", value: 1), .init(key: "type", value: "message"),
      .init(key: "deep_link", value: .string(deepLink)),
    ])
    reject(
      "order.key-order-not-document-order",
      "with two non-string values the field is the first in key order (conversation_id), not in document order",
      twoNonStrings, field: "conversation_id")
    twoNonStrings = JSONObject([
      .init(key: "type", value: "campaign"), .init(key: "delivery_id", value: "d1"), .init(key: "zone", value: 1),
      .init(key: "Zone", value: 2),
    ])
    reject(
      "order.uppercase-first", "key order compares bytes: Zone (0x5A) comes before zone (0x7A)", twoNonStrings,
      field: "Zone")
    twoNonStrings = JSONObject([
      .init(key: "type", value: "campaign"), .init(key: "delivery_id", value: "d1"),
      .init(key: "\u{1F600}", value: 1), .init(key: "\u{FF61}", value: 2),
    ])
    reject(
      "order.utf8-not-utf16",
      "unknown_key: key order is UTF-8 byte order: U+FF61 comes before U+1F600 (UTF-16 order would put the emoji first)",
      tags: ["invalid", "unicode", "cross-sdk"], twoNonStrings, field: "\u{FF61}")
    reject(
      "order.before-missing-type", "a non-string value is reported before the missing type",
      ["conversation_id": 1], field: "conversation_id")
    reject(
      "order.before-invalid-type", "a non-string value is reported before an unknown type",
      ["type": "reply", "conversation_id": 1], field: "conversation_id")
    reject(
      "order.before-missing-key", "a non-string value is reported before a missing key",
      ["type": "message", "message_id": .null], field: "message_id")
    return file.file()
  }

  // MARK: type

  static func type(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(
      platform: platform, group: "type", description: "type is required and is message or campaign")
    file.reject(
      "missing.empty-object", "an empty respondo object has no type", input: push([:], platform),
      error: "missing_key", field: "type")
    var withoutType = message
    withoutType["type"] = nil
    file.reject(
      "missing.message-fields", "message fields without type", input: push(withoutType, platform),
      error: "missing_key", field: "type")
    var kindInstead = message
    kindInstead["type"] = nil
    kindInstead["kind"] = "message"
    file.reject(
      "missing.kind-instead", "kind is not type", tags: ["invalid", "integration-mistake"],
      input: push(kindInstead, platform), error: "missing_key", field: "type")
    let values: [(String, String, String, [String])] = [
      ("empty", "", "an empty type", ["invalid", "boundary"]),
      ("capitalised-message", "Message", "type is case-sensitive: Message", ["invalid"]),
      ("uppercase-campaign", "CAMPAIGN", "type is case-sensitive: CAMPAIGN", ["invalid"]),
      ("reply", "reply", "reply is not a Respondo push type", ["invalid"]),
      ("broadcast", "broadcast", "broadcast is not a Respondo push type", ["invalid"]),
      ("plural", "messages", "messages (plural) is not message", ["invalid"]),
      ("trailing-space", "message ", "type \"message \": a trailing space is never trimmed", ["invalid"]),
      (
        "trailing-newline", "message\n", "type \"message\\n\": a trailing newline is never trimmed",
        ["invalid", "boundary"]
      ),
      ("leading-space", " campaign", "type \" campaign\": a leading space is never trimmed", ["invalid"]),
      ("fullwidth", "ｍｅｓｓａｇｅ", "type ｍｅｓｓａｇｅ in full-width letters is another value", ["invalid", "unicode"]),
      (
        "cyrillic-e", "m\u{0435}ssage", "a Cyrillic е looks like e but is another value",
        ["invalid", "unicode", "security"]
      ),
    ]
    for (name, value, description, tags) in values {
      var payload = message
      payload["type"] = .string(value)
      file.reject(
        "invalid_value.\(name)", description, tags: tags, input: push(payload, platform), error: "invalid_value",
        field: "type")
    }
    file.reject(
      "invalid_value.before-missing-keys", "an unknown type is reported before any missing key of message or campaign",
      input: push(["type": "reply"], platform), error: "invalid_value", field: "type")
    var campaignTypedMessage = message
    campaignTypedMessage["type"] = "campaign"
    file.reject(
      "campaign-with-message-fields", "type decides the rules: a campaign needs delivery_id even with message fields",
      input: push(campaignTypedMessage, platform), error: "missing_key", field: "delivery_id")
    var messageTypedCampaign = campaign
    messageTypedCampaign["type"] = "message"
    file.reject(
      "message-with-campaign-fields", "type decides the rules: a message needs conversation_id",
      input: push(messageTypedCampaign, platform), error: "missing_key", field: "conversation_id")
    return file.file()
  }

  // MARK: message

  static func messageRules(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(
      platform: platform, group: "message",
      description: "message pushes: required keys, no other keys, canonical UUIDs, the matching deep link")
    func accept(
      _ id: String, _ description: String, tags: [String] = ["valid"], _ payload: JSONObject, conversation: String,
      message: String
    ) {
      file.accept(
        id, description, tags: tags, input: push(payload, platform),
        output: messageOutput(conversationID: conversation, messageID: message))
    }
    func reject(
      _ id: String, _ description: String, tags: [String] = ["invalid"], _ payload: JSONObject, _ error: String,
      field: String
    ) {
      file.reject(id, description, tags: tags, input: push(payload, platform), error: error, field: field)
    }
    func with(_ changes: [(String, JSONValue?)], base: JSONObject = message) -> JSONObject {
      var payload = base
      for (key, value) in changes { payload[key] = value }
      return payload
    }
    func withIDs(conversation: String, message messageValue: String) -> JSONObject {
      with([
        ("conversation_id", .string(conversation)), ("message_id", .string(messageValue)),
        ("deep_link", .string(deepLinkPrefix + conversation)),
      ])
    }

    // Accepted.
    let zero = "00000000-0000-0000-0000-000000000000"
    let max = "ffffffff-ffff-ffff-ffff-ffffffffffff"
    accept(
      "valid.nil-uuids", "the nil UUID is canonical (lowercase hex, 8-4-4-4-12)", tags: ["valid", "boundary"],
      withIDs(conversation: zero, message: zero), conversation: zero, message: zero)
    accept(
      "valid.max-uuids", "the all-f UUID is canonical", tags: ["valid", "boundary"],
      withIDs(conversation: max, message: max), conversation: max, message: max)
    accept(
      "valid.same-id", "nothing requires message_id to differ from conversation_id",
      withIDs(conversation: conversationID, message: conversationID), conversation: conversationID,
      message: conversationID)
    accept(
      "valid.other-ids", "another conversation and message",
      withIDs(conversation: otherUUID, message: "0189f7e2-3c4d-7a1b-9c2d-4e5f6a7b8c9d"),
      conversation: otherUUID, message: "0189f7e2-3c4d-7a1b-9c2d-4e5f6a7b8c9d")
    let reordered = JSONObject([
      .init(key: "deep_link", value: .string(deepLink)), .init(key: "message_id", value: .string(messageID)),
      .init(key: "conversation_id", value: .string(conversationID)), .init(key: "type", value: "message"),
    ])
    accept(
      "valid.key-order", "the order keys are written in does not matter", reordered, conversation: conversationID,
      message: messageID)

    // missing_key, in order.
    for key in ["conversation_id", "message_id", "deep_link"] {
      reject("missing_key.\(key)", "a message needs \(key)", with([(key, nil)]), "missing_key", field: key)
    }
    reject(
      "missing_key.only-type", "only type: conversation_id is the first missing key", ["type": "message"],
      "missing_key", field: "conversation_id")
    reject(
      "missing_key.order.conversation_id-first", "conversation_id and message_id missing: conversation_id is reported",
      with([("conversation_id", nil), ("message_id", nil)]), "missing_key", field: "conversation_id")
    reject(
      "missing_key.order.message_id-before-deep_link", "message_id and deep_link missing: message_id is reported",
      with([("message_id", nil), ("deep_link", nil)]), "missing_key", field: "message_id")
    reject(
      "missing_key.order.conversation_id-before-deep_link",
      "conversation_id and deep_link missing: conversation_id is reported",
      with([("conversation_id", nil), ("deep_link", nil)]), "missing_key", field: "conversation_id")
    reject(
      "missing_key.before-unknown_key", "a missing key is reported before an unknown key",
      with([("deep_link", nil), ("badge", "3")]), "missing_key", field: "deep_link")
    reject(
      "missing_key.before-invalid_value", "a missing key is reported before an invalid conversation_id",
      with([("conversation_id", .string(conversationID.uppercased())), ("message_id", nil)]), "missing_key",
      field: "message_id")
    reject(
      "missing_key.camel-case", "conversationId (camelCase) is not conversation_id",
      tags: ["invalid", "integration-mistake"],
      with([("conversation_id", nil), ("conversationId", .string(conversationID))]), "missing_key",
      field: "conversation_id")

    // unknown_key.
    let unknownKeys: [(String, String, String, [String])] = [
      ("delivery_id", "delivery_id", "delivery_id belongs to campaigns, not to messages", ["invalid"]),
      (
        "title", "title", "the title travels in aps.alert / notification, never inside respondo",
        ["invalid", "integration-mistake"]
      ),
      ("badge", "badge", "an extra key on a message", ["invalid"]),
      ("capitalised-type", "Type", "Type differs from type", ["invalid"]),
      ("empty-key", "", "the empty key is a key", ["invalid", "boundary"]),
      ("trailing-space", "deep_link ", "deep_link with a trailing space is another key", ["invalid"]),
      (
        "cyrillic-o", "c\u{043E}nversation_id", "a Cyrillic о in conversation_id makes another key",
        ["invalid", "unicode", "security"]
      ),
      (
        "camel-case-extra", "conversationId", "conversationId beside conversation_id is an extra key",
        ["invalid", "cross-sdk"]
      ),
    ]
    for (name, key, description, tags) in unknownKeys {
      reject(
        "unknown_key.\(name)", description, tags: tags, with([(key, .string(conversationID))]), "unknown_key",
        field: key)
    }
    reject(
      "unknown_key.order.body-before-title", "title and body: body is first in key order",
      with([("title", "サポート"), ("body", "返信が届きました")]), "unknown_key", field: "body")
    reject(
      "unknown_key.order.uppercase-first", "key order compares bytes: B_extra (0x42) comes before a_extra (0x61)",
      with([("a_extra", "1"), ("B_extra", "2")]), "unknown_key", field: "B_extra")
    reject(
      "unknown_key.order.utf8-not-utf16",
      "non_string_value: key order is UTF-8 byte order: U+FF61 comes before U+1F600 (UTF-16 order would put the emoji first)",
      tags: ["invalid", "unicode", "cross-sdk"], with([("\u{1F600}", "1"), ("\u{FF61}", "2")]), "unknown_key",
      field: "\u{FF61}")
    reject(
      "unknown_key.order.nfd-before-nfc", "e + U+0301 (NFD, starts 0x65) comes before é (NFC, 0xC3 0xA9): two keys",
      tags: ["invalid", "unicode"], with([("caf\u{E9}", "1"), ("cafe\u{301}", "2")]), "unknown_key",
      field: "cafe\u{301}")
    reject(
      "unknown_key.before-invalid_value", "an unknown key is reported before an invalid conversation_id",
      with([("conversation_id", "1"), ("badge", "3")]), "unknown_key", field: "badge")

    // invalid_value conversation_id, message_id (canonical UUID).
    // The most telling shapes, plus one missing dash and one dash moved (the contract pattern's groups).
    let conversationShapes =
      RespondoUUIDShapes.payloadSubset
      + RespondoUUIDShapes.positionShapes.filter { ["dash-1-missing", "dash-4-moved-left"].contains($0.id) }
    for shape in conversationShapes {
      reject(
        "invalid_value.conversation_id.\(shape.id)", "conversation_id: \(shape.description)", tags: shape.tags,
        withIDs(conversation: shape.value, message: messageID), "invalid_value", field: "conversation_id")
    }
    for shape in RespondoUUIDShapes.payloadSubset.prefix(8) {
      reject(
        "invalid_value.message_id.\(shape.id)", "message_id: \(shape.description)", tags: shape.tags,
        with([("message_id", .string(shape.value))]), "invalid_value", field: "message_id")
    }
    reject(
      "invalid_value.conversation_id.numeric", "a numeric conversation ID is not a UUID",
      with([("conversation_id", "12345"), ("deep_link", "respondo://conversation/12345")]),
      "invalid_value", field: "conversation_id")
    reject(
      "invalid_value.order.conversation_id-first", "both ids invalid: conversation_id is reported",
      withIDs(conversation: conversationID.uppercased(), message: messageID.uppercased()), "invalid_value",
      field: "conversation_id")
    reject(
      "invalid_value.order.message_id-before-deep_link",
      "an invalid message_id is reported before a deep link mismatch",
      with([("message_id", .string(messageID.uppercased())), ("deep_link", .string(deepLinkPrefix + otherUUID))]),
      "invalid_value", field: "message_id")

    // deep_link_mismatch.
    let links: [(String, String, String, [String])] = [
      ("other-conversation", deepLinkPrefix + otherUUID, "the deep link names another conversation", ["invalid"]),
      (
        "message-id", deepLinkPrefix + messageID, "the deep link names the message id instead of the conversation",
        ["invalid"]
      ),
      (
        "uppercase-id", deepLinkPrefix + conversationID.uppercased(),
        "the id in the deep link is compared exactly (uppercase differs)", ["invalid"]
      ),
      ("uppercase-scheme", "RESPONDO://conversation/" + conversationID, "the scheme is compared exactly", ["invalid"]),
      ("trailing-slash", deepLink + "/", "a trailing slash makes another link", ["invalid", "boundary"]),
      ("query", deepLink + "?message_id=" + messageID, "a query makes another link", ["invalid"]),
      ("fragment", deepLink + "#latest", "a fragment makes another link", ["invalid"]),
      (
        "universal-link", "https://respondo.example/conversation/" + conversationID,
        "an https link is not the respondo link", ["invalid"]
      ),
      ("missing-host", "respondo://" + conversationID, "respondo://<id> without conversation/", ["invalid"]),
      (
        "plural-host", "respondo://conversations/" + conversationID, "conversations (plural) is another link",
        ["invalid"]
      ),
      ("empty", "", "an empty deep link", ["invalid", "boundary"]),
      ("prefix-only", deepLinkPrefix, "the prefix without the id", ["invalid", "boundary"]),
      ("leading-space", " " + deepLink, "a deep_link with a leading space: never trimmed", ["invalid"]),
      (
        "trailing-newline", deepLink + "\n", "a deep_link with a trailing newline: never trimmed",
        ["invalid", "boundary"]
      ),
      (
        "percent-encoded", "respondo://conversation/a1c4e7b2%2D5d38-4f6a-9e10-3b7c2d5f8a90",
        "percent-encoding is never decoded", ["invalid"]
      ),
      ("id-only", conversationID, "the bare id is not a deep link", ["invalid", "integration-mistake"]),
    ]
    for (name, link, description, tags) in links {
      reject(
        "deep_link_mismatch.\(name)", description, tags: tags, with([("deep_link", .string(link))]),
        "deep_link_mismatch", field: "deep_link")
    }
    return file.file()
  }

  // MARK: campaign

  static func campaignRules(_ platform: Platform) -> GeneratedFile {
    var file = PayloadFile(
      platform: platform, group: "campaign",
      description: "campaign pushes: delivery_id, an optional deep link, every other key kept in extra")
    func accept(
      _ id: String, _ description: String, tags: [String] = ["valid"], _ payload: JSONObject, _ output: JSONValue
    ) {
      file.accept(id, description, tags: tags, input: push(payload, platform), output: output)
    }
    func reject(
      _ id: String, _ description: String, tags: [String] = ["invalid"], _ payload: JSONObject, _ error: String,
      field: String
    ) {
      file.reject(id, description, tags: tags, input: push(payload, platform), error: error, field: field)
    }
    func with(_ changes: [(String, JSONValue?)]) -> JSONObject {
      var payload = campaign
      for (key, value) in changes { payload[key] = value }
      return payload
    }
    let delivery = "dlv_20240501_0001"
    let appLink = "myshop://sale/spring"

    accept(
      "valid.minimal", "type and delivery_id only: extra is an empty object, no deep_link", campaign,
      campaignOutput(deliveryID: delivery, extra: [:]))
    accept(
      "valid.respondo-deep-link", "a campaign deep link into a conversation is kept",
      with([("deep_link", .string(deepLink))]),
      campaignOutput(deliveryID: delivery, extra: [:], deepLink: deepLink))
    accept(
      "valid.app-deep-link", "the campaign's deep link is whatever the campaign set; only emptiness is checked",
      with([("deep_link", .string(appLink))]), campaignOutput(deliveryID: delivery, extra: [:], deepLink: appLink))
    accept(
      "valid.https-deep-link", "an https deep link is kept as it is",
      with([("deep_link", "https://shop.example/sale?utm_source=push")]),
      campaignOutput(deliveryID: delivery, extra: [:], deepLink: "https://shop.example/sale?utm_source=push"))
    accept(
      "valid.deep-link-not-uuid", "a campaign deep link is not held to the conversation-link rules",
      tags: ["valid", "boundary"], with([("deep_link", "respondo://conversation/NOT-A-UUID")]),
      campaignOutput(deliveryID: delivery, extra: [:], deepLink: "respondo://conversation/NOT-A-UUID"))
    accept(
      "valid.extra-one", "an extra flat string key from the campaign's push data is kept",
      with([("coupon", "SPRING24")]),
      campaignOutput(deliveryID: delivery, extra: ["coupon": "SPRING24"]))
    accept(
      "valid.extra-many-with-deep-link", "several extra keys and a deep link: deep_link is not repeated in extra",
      with([("deep_link", .string(appLink)), ("coupon", "SPRING24"), ("segment", "vip"), ("campaign_id", "cmp-42")]),
      campaignOutput(
        deliveryID: delivery, extra: ["campaign_id": "cmp-42", "coupon": "SPRING24", "segment": "vip"],
        deepLink: appLink))
    accept(
      "valid.extra-empty-value",
      "an extra key with an empty string is kept (only delivery_id and deep_link must be non-empty)",
      tags: ["valid", "boundary"], with([("note", "")]), campaignOutput(deliveryID: delivery, extra: ["note": ""]))
    accept(
      "valid.extra-message-keys", "conversation_id and message_id are ordinary extra keys on a campaign",
      with([("conversation_id", .string(conversationID)), ("message_id", "not-checked")]),
      campaignOutput(
        deliveryID: delivery, extra: ["conversation_id": .string(conversationID), "message_id": "not-checked"]))
    accept(
      "valid.extra-title-body", "title and body keys in the campaign data are kept like any other key",
      with([("title", "春のセール"), ("body", "20%オフ")]),
      campaignOutput(deliveryID: delivery, extra: ["body": "20%オフ", "title": "春のセール"]))
    accept(
      "valid.extra-capitalised-keys", "Type and Deep_Link are not type and deep_link: they go to extra",
      with([("Type", "message"), ("Deep_Link", "x")]),
      campaignOutput(deliveryID: delivery, extra: ["Deep_Link": "x", "Type": "message"]))
    accept(
      "valid.extra-empty-key", "the empty key is kept in extra", tags: ["valid", "boundary"], with([("", "v")]),
      campaignOutput(deliveryID: delivery, extra: ["": "v"]))
    accept(
      "valid.extra-nfc-and-nfd-keys", "café in NFC and in NFD are two different keys, both kept",
      tags: ["valid", "unicode"], with([("caf\u{E9}", "nfc"), ("cafe\u{301}", "nfd")]),
      campaignOutput(deliveryID: delivery, extra: ["caf\u{E9}": "nfc", "cafe\u{301}": "nfd"]))
    accept(
      "valid.extra-nfd-value", "values are kept byte for byte, never normalised", tags: ["valid", "unicode"],
      with([("label", "cafe\u{301}")]), campaignOutput(deliveryID: delivery, extra: ["label": "cafe\u{301}"]))
    accept(
      "valid.extra-japanese", "Japanese keys and values are kept", tags: ["valid", "unicode"], with([("クーポン", "春")]),
      campaignOutput(deliveryID: delivery, extra: ["クーポン": "春"]))
    accept(
      "valid.extra-whitespace-value", "values are never trimmed", with([("code", " A1 ")]),
      campaignOutput(deliveryID: delivery, extra: ["code": " A1 "]))
    let keyOrder = JSONObject([
      .init(key: "zeta", value: "1"), .init(key: "delivery_id", value: .string(delivery)),
      .init(key: "alpha", value: "2"),
      .init(key: "type", value: "campaign"),
    ])
    accept(
      "valid.key-order", "document order does not matter", keyOrder,
      campaignOutput(deliveryID: delivery, extra: ["alpha": "2", "zeta": "1"]))
    for (name, value, description, tags) in [
      (
        "whitespace-only", "  ", "a delivery_id of spaces is not empty: only the empty string is rejected",
        ["valid", "boundary"]
      ),
      ("uuid", otherUUID, "a UUID delivery_id", ["valid"]),
      ("single-character", "7", "a one-character delivery_id", ["valid", "boundary"]),
      ("japanese", "配信-1", "delivery_id has no format beyond being non-empty", ["valid", "unicode"]),
      ("long", String(repeating: "d", count: 1024), "delivery_id has no maximum length", ["valid", "boundary"]),
    ] {
      accept(
        "valid.delivery_id.\(name)", description, tags: tags, with([("delivery_id", .string(value))]),
        campaignOutput(deliveryID: value, extra: [:]))
    }

    reject(
      "missing_key.delivery_id", "a campaign needs delivery_id for the open beacon", ["type": "campaign"],
      "missing_key", field: "delivery_id")
    reject(
      "missing_key.delivery_id.camel-case", "deliveryId (camelCase) is not delivery_id",
      tags: ["invalid", "integration-mistake"],
      ["type": "campaign", "deliveryId": .string(delivery)], "missing_key", field: "delivery_id")
    reject(
      "missing_key.delivery_id.with-deep-link", "a deep link does not replace delivery_id",
      ["type": "campaign", "deep_link": .string(appLink)], "missing_key", field: "delivery_id")
    reject(
      "missing_key.before-empty-deep-link", "a missing delivery_id is reported before an empty deep link",
      ["type": "campaign", "deep_link": ""], "missing_key", field: "delivery_id")
    reject(
      "invalid_value.delivery_id.empty", "an empty delivery_id", tags: ["invalid", "boundary"],
      with([("delivery_id", "")]), "invalid_value", field: "delivery_id")
    reject(
      "invalid_value.deep_link.empty", "a present deep link must not be empty (absent means no deep link)",
      tags: ["invalid", "boundary"], with([("deep_link", "")]), "invalid_value", field: "deep_link")
    reject(
      "invalid_value.order.delivery_id-first", "both empty: delivery_id is reported", tags: ["invalid", "boundary"],
      with([("delivery_id", ""), ("deep_link", "")]), "invalid_value", field: "delivery_id")
    return file.file()
  }
}

/// One vector file of `respondo.push.payload`: one group of rules for one platform. Ids are
/// `<platform>.<group>.<case>`, unique across the suite.
struct PayloadFile {
  let platform: RespondoPushPayload.Platform
  let group: String
  var builder: VectorFileBuilder

  init(platform: RespondoPushPayload.Platform, group: String, description: String) {
    self.platform = platform
    self.group = group
    builder = VectorFileBuilder(
      suite: RespondoPushPayload.name, description: "\(platform.transport): \(description)",
      source: RespondoPushPayload.source, context: ["platform": .string(platform.rawValue)],
      vendorNote: RespondoPushPayload.vendorNote)
    builder.descriptionLead = VectorFileBuilder.lead(fromContext: "platform")
  }

  mutating func accept(
    _ id: String, _ description: String, tags: [String] = ["valid"], input: JSONValue, output: JSONValue
  ) {
    builder.add(
      id: "\(platform.rawValue).\(group).\(id)", description: description, tags: tags, input: input,
      expect: .accept(output: output))
  }

  mutating func reject(
    _ id: String, _ description: String, tags: [String] = ["invalid"], input: JSONValue, error: String,
    field: String? = nil, rules: Set<String> = []
  ) {
    builder.add(
      id: "\(platform.rawValue).\(group).\(id)", description: description, tags: tags, input: input,
      expect: .reject(error: error, field: field), rules: rules)
  }

  func file() -> GeneratedFile {
    builder.file(at: "\(RespondoPushPayload.folder)/\(platform.rawValue)/\(group).json")
  }
}
