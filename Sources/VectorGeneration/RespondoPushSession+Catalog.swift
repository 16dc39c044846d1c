import ConformanceJSON
import ConformanceKit

// Every rejection of the payload rules (docs/suites/respondo.push.payload.md), as the session
// suite meets them in a `receive` or a `tap`: each written once with its error code, in the form
// each family carries it.

extension RespondoPushSession {
  static let c1 = conversation(1)

  /// A rejected push whose respondo object travels as each family carries it.
  static func rejectedObject(_ code: String, _ what: String, _ respondo: JSONObject, divergent: Bool = true) -> Push {
    Push(
      kind: .rejected(code: code, ios: wrap(respondo, .ios), android: wrap(respondo, .android)), what: what,
      vendorDivergent: divergent)
  }

  /// A rejected push given as the same input on both families.
  static func rejectedInput(_ code: String, _ what: String, _ input: JSONValue, foreign: Bool = false) -> Push {
    Push(kind: .rejected(code: code, ios: input, android: input), what: what, foreign: foreign)
  }

  /// A valid message with one key changed (`nil` removes it).
  static func messageWith(_ changes: [(String, JSONValue?)]) -> JSONObject {
    var object = message(c1, messageID(1))
    for (key, value) in changes { object[key] = value }
    return object
  }

  static let rejectionCases: [(name: String, push: Push)] = {
    var cases: [(String, Push)] = []
    // 1. not_an_object
    cases.append(("not_an_object.array", rejectedInput("not_an_object", "an array is not a push", [])))
    cases.append(("not_an_object.null", rejectedInput("not_an_object", "null is not a push", .null)))
    cases.append(
      ("not_an_object.string", rejectedInput("not_an_object", "the respondo text alone is not a push", "respondo")))
    // 2. not_respondo: the app handles it itself.
    cases.append(
      (
        "not_respondo.aps-only",
        rejectedInput(
          "not_respondo", "an APNs push of the app's own, no respondo key",
          ["aps": ["alert": "Your order shipped"]], foreign: true)
      ))
    cases.append(
      (
        "not_respondo.other-sdk",
        rejectedInput(
          "not_respondo", "another SDK's FCM data map", ["leeep": "{\"kind\":\"blog\"}", "google.c.a.e": "1"],
          foreign: true)
      ))
    cases.append(
      (
        "not_respondo.capitalised-key",
        rejectedInput(
          "not_respondo", "Respondo with a capital R is another key",
          ["Respondo": .object(message(c1, messageID(1)))], foreign: true)
      ))
    cases.append(
      ("not_respondo.empty", rejectedInput("not_respondo", "an empty data map", .object([:]), foreign: true)))
    // 3. invalid_encoding, iOS: the value must be an object.
    let iosValues: [(String, JSONValue, String)] = [
      ("number", 1, "a number"), ("array", [.object(message(c1, messageID(1)))], "an array"),
      ("null", .null, "null"), ("boolean", true, "a boolean"),
    ]
    for (name, value, what) in iosValues {
      cases.append(
        (
          "invalid_encoding.ios-\(name)",
          Push(
            kind: .rejected(code: "invalid_encoding", ios: ["respondo": value], android: nil),
            what: "the respondo value is \(what), not an object")
        ))
    }
    // 3. invalid_encoding, Android: the value must be a string holding a JSON object.
    var iosForm = Push(
      kind: .rejected(code: "invalid_encoding", ios: nil, android: wrap(message(c1, messageID(1)), .ios)),
      what: "the respondo value as an object (the iOS form) in an FCM data map")
    iosForm.otherPlatformsForm = true
    cases.append(("invalid_encoding.android-object", iosForm))
    let notObjects: [(String, JSONValue, String)] = [
      ("number", 1, "a number"), ("null", .null, "null"), ("empty-string", "", "the empty string"),
      ("not-json", "type=message", "text that is not JSON"), ("json-array", "[]", "a JSON array in the string"),
      ("json-string", "\"message\"", "a JSON string in the string"),
    ]
    for (name, value, what) in notObjects {
      cases.append(
        (
          "invalid_encoding.android-\(name)",
          Push(
            kind: .rejected(code: "invalid_encoding", ios: nil, android: ["respondo": value]),
            what: "the respondo value is \(what), not a string holding a JSON object")
        ))
    }
    // Strict JSON inside the string. The Android SDK's lenient reader (kotlinx-serialization,
    // isLenient) still reads an object from some: a divergence there; it refuses a trailing comma
    // and a comment as this contract does.
    let lenient: [(String, String, String, Bool)] = [
      (
        "duplicate-key", "{\"type\":\"campaign\",\"delivery_id\":\"d-1\",\"delivery_id\":\"d-2\"}",
        "a duplicate key", true
      ),
      ("unquoted-keys", "{type:\"campaign\",delivery_id:\"d-1\"}", "unquoted keys", true),
      ("single-quotes", "{'type':'campaign','delivery_id':'d-1'}", "single quotes", true),
      ("trailing-comma", "{\"type\":\"campaign\",\"delivery_id\":\"d-1\",}", "a trailing comma", false),
      ("nan", "{\"type\":\"campaign\",\"delivery_id\":\"d-1\",\"score\":NaN}", "NaN", true),
      ("lone-surrogate", "{\"type\":\"campaign\",\"delivery_id\":\"\\ud800\"}", "a lone surrogate escape", true),
      ("comment", "/* respondo */{\"type\":\"campaign\",\"delivery_id\":\"d-1\"}", "a comment", false),
    ]
    for (name, text, what, readByTheAndroidSDK) in lenient {
      cases.append(
        (
          "invalid_encoding.android-\(name)",
          Push(
            kind: .rejected(code: "invalid_encoding", ios: nil, android: ["respondo": .string(text)]),
            what: "the JSON text in the string has \(what): not strict JSON", vendorDivergent: readByTheAndroidSDK)
        ))
    }
    // 4. non_string_value
    cases.append(
      (
        "non_string_value.number",
        rejectedObject("non_string_value", "message_id as a number", messageWith([("message_id", 1)]))
      ))
    cases.append(
      (
        "non_string_value.nested-data",
        rejectedObject(
          "non_string_value", "a nested data object (title, body) inside respondo",
          messageWith([("data", ["title": "Support", "body": "A new reply"])]))
      ))
    cases.append(
      (
        "non_string_value.campaign-boolean",
        rejectedObject(
          "non_string_value", "a campaign's extra key as a boolean",
          ["type": "campaign", "delivery_id": "d-1", "promo": true])
      ))
    // 5. type
    cases.append(("missing_key.type", rejectedObject("missing_key", "no type", messageWith([("type", nil)]))))
    for (name, type) in [("capitalised", "Message"), ("unknown", "chat"), ("empty", "")] {
      cases.append(
        (
          "invalid_value.type-\(name)",
          rejectedObject(
            "invalid_value", "type \"\(type)\" is neither message nor campaign", messageWith([("type", .string(type))]))
        ))
    }
    // 6. message
    for key in ["conversation_id", "message_id", "deep_link"] {
      cases.append(
        ("missing_key.\(key)", rejectedObject("missing_key", "a message without \(key)", messageWith([(key, nil)]))))
    }
    cases.append(
      (
        "unknown_key.title",
        rejectedObject("unknown_key", "a message with a title key", messageWith([("title", "Support")]))
      ))
    cases.append(
      (
        "invalid_value.conversation_id",
        rejectedObject(
          "invalid_value", "an uppercase conversation_id (not a canonical UUID)",
          messageWith([
            ("conversation_id", .string(c1.uppercased())),
            ("deep_link", .string("respondo://conversation/" + c1.uppercased())),
          ]))
      ))
    cases.append(
      (
        "invalid_value.message_id",
        rejectedObject("invalid_value", "a message_id that is not a UUID", messageWith([("message_id", "msg-1")]))
      ))
    cases.append(
      (
        "deep_link_mismatch.other-conversation",
        rejectedObject(
          "deep_link_mismatch", "the deep link names another conversation",
          messageWith([("deep_link", .string("respondo://conversation/" + conversation(2)))]))
      ))
    cases.append(
      (
        "deep_link_mismatch.https",
        rejectedObject(
          "deep_link_mismatch", "a web link instead of respondo://conversation/<id>",
          messageWith([("deep_link", .string("https://respondo.example/c/" + c1))]))
      ))
    // 6. campaign
    cases.append(
      (
        "missing_key.delivery_id",
        rejectedObject(
          "missing_key", "a campaign without delivery_id", ["type": "campaign", "deep_link": "https://x.example"])
      ))
    cases.append(
      (
        "invalid_value.delivery_id",
        rejectedObject("invalid_value", "an empty delivery_id", ["type": "campaign", "delivery_id": ""])
      ))
    cases.append(
      (
        "invalid_value.deep_link",
        rejectedObject(
          "invalid_value", "a campaign's empty deep_link", ["type": "campaign", "delivery_id": "d-1", "deep_link": ""])
      ))
    return cases
  }()

  /// A message the payload rules reject that carries message `m`'s id: a rejected push marks nothing seen.
  static func rejectedCarrying(message m: Int) -> Push {
    rejectedObject(
      "deep_link_mismatch", "message \(m) with a deep link to another conversation",
      [
        "type": "message", "conversation_id": .string(c1), "message_id": .string(messageID(m)),
        "deep_link": .string("respondo://conversation/" + conversation(2)),
      ])
  }
}
