import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// `respondo.push.payload` (docs/suites/respondo.push.payload.md): each check, its field, and the order of the checks.
@Suite struct RespondoPushPayloadTests {
  let suite = RespondoPushPayload()
  let conversationID = "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
  let messageID = "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63"
  var deepLink: String { "respondo://conversation/" + conversationID }
  var message: JSONObject {
    [
      "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID),
      "deep_link": .string(deepLink),
    ]
  }

  /// Evaluates `payload` under the root key, as an object on iOS and as JSON text on Android.
  func evaluate(_ payload: JSONObject, platform: String) throws -> Outcome {
    let encoded: JSONValue =
      platform == "ios" ? .object(payload) : .string(JSONSerializer.compact.string(from: .object(payload)))
    return try suite.evaluate(["respondo": encoded], context: ["platform": .string(platform)])
  }

  func outcome(_ input: JSONValue, platform: String = "ios") throws -> Outcome {
    try suite.evaluate(input, context: ["platform": .string(platform)])
  }

  func with(_ changes: [(String, JSONValue?)], base: JSONObject? = nil) -> JSONObject {
    var payload = base ?? message
    for (key, value) in changes { payload[key] = value }
    return payload
  }

  @Test(arguments: ["ios", "android"])
  func acceptsTheSeedMessage(platform: String) throws {
    #expect(
      try evaluate(message, platform: platform)
        == .accept(output: [
          "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID),
          "deep_link": .string(deepLink),
        ]))
  }

  @Test func acceptsTheSeedTextVerbatimOnBothPlatforms() throws {
    let seed = try JSONParser().parse(
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
    guard case .accept = try outcome(seed, platform: "ios") else {
      Issue.record("the seed example must be accepted on iOS")
      return
    }
    let inner = JSONSerializer.pretty.string(from: seed.objectValue!["respondo"]!)
    guard case .accept = try outcome(["respondo": .string(inner)], platform: "android") else {
      Issue.record("the seed example as text must be accepted on Android")
      return
    }
  }

  static let unusableContexts: [JSONObject] = [[:], ["platform": "flutter"], ["platform": "IOS"], ["platform": 1]]

  @Test(arguments: unusableContexts)
  func contextPlatformMustBeIOSOrAndroid(_ context: JSONObject) {
    #expect(throws: ContextError.self) { try suite.evaluate(["respondo": .object(message)], context: context) }
    // Step 3 is the first to read the platform: any respondo value needs it, even one no platform takes.
    #expect(throws: ContextError.self) { try suite.evaluate(["respondo": 1], context: context) }
  }

  /// Steps 1 and 2 need no platform: they are reported with the context missing or broken.
  @Test(arguments: unusableContexts)
  func theFirstTwoStepsNeedNoPlatform(_ context: JSONObject) throws {
    #expect(try suite.evaluate([], context: context) == .reject(error: "not_an_object", field: nil))
    #expect(try suite.evaluate("respondo", context: context) == .reject(error: "not_an_object", field: nil))
    #expect(
      try suite.evaluate(["aps": ["alert": "hi"]], context: context) == .reject(error: "not_respondo", field: nil))
  }

  @Test func notAnObjectComesFirst() throws {
    for input: JSONValue in [.null, 1, "respondo", [.object(["respondo": .object(message)])]] {
      #expect(try outcome(input) == .reject(error: "not_an_object", field: nil))
    }
  }

  @Test(arguments: ["ios", "android"])
  func withoutTheRootKeyItIsNotRespondo(platform: String) throws {
    #expect(try outcome([:], platform: platform) == .reject(error: "not_respondo", field: nil))
    #expect(try outcome(.object(message), platform: platform) == .reject(error: "not_respondo", field: nil))
    #expect(
      try outcome(["Respondo": .object(message)], platform: platform) == .reject(error: "not_respondo", field: nil))
  }

  @Test func keysOutsideRespondoAreNotLookedAt() throws {
    let input: JSONValue = ["aps": ["alert": ["title": "t"], "badge": 1], "respondo": .object(message), "x": .null]
    guard case .accept = try outcome(input) else {
      Issue.record("aps and other root keys must be ignored")
      return
    }
  }

  @Test func theValueMustHaveThePlatformsKind() throws {
    let wrongKind = Outcome.reject(error: "invalid_encoding", field: "respondo")
    #expect(try outcome(["respondo": .object(message)], platform: "android") == wrongKind)
    for value: JSONValue in [.null, 1, true, []] {
      #expect(try outcome(["respondo": value], platform: "ios") == wrongKind)
      #expect(try outcome(["respondo": value], platform: "android") == wrongKind)
    }
  }

  @Test func iOSReadsTheObjectAndTheJSONString() throws {
    let text = JSONValue.string(JSONSerializer.compact.string(from: .object(message)))
    let fromObject = try outcome(["respondo": .object(message)], platform: "ios")
    guard case .accept = fromObject else {
      Issue.record("the seed's object must be accepted on iOS, got \(fromObject)")
      return
    }
    #expect(try outcome(["respondo": text], platform: "ios") == fromObject)
    #expect(try outcome(["respondo": "{}"], platform: "ios") == .reject(error: "missing_key", field: "type"))
  }

  @Test(arguments: ["ios", "android"])
  func textIsParsedStrictly(platform: String) throws {
    let wrongKind = Outcome.reject(error: "invalid_encoding", field: "respondo")
    let texts = [
      "", "null", "[]", "\"{}\"", "{'type': 'campaign'}", #"{"type": "campaign", "delivery_id": "d",}"#,
      #"{"type": "campaign", "type": "campaign", "delivery_id": "d"}"#, #"{"type": "\ud800"}"#,
      "\u{FEFF}{}", "{} {}",
    ]
    for text in texts {
      #expect(try outcome(["respondo": .string(text)], platform: platform) == wrongKind, "\(text)")
    }
    // White space around the object is JSON.
    #expect(
      try outcome(["respondo": .string(" {} \n")], platform: platform)
        == .reject(error: "missing_key", field: "type"))
  }

  @Test(arguments: ["ios", "android"])
  func nonStringValuesAreReportedByKeyOrder(platform: String) throws {
    #expect(
      try evaluate(with([("message_id", 1), ("conversation_id", .null)]), platform: platform)
        == .reject(error: "non_string_value", field: "conversation_id"))
    // Bytes: "Z" (0x5A) before "a" (0x61); U+FF61 (EF BD A1) before U+1F600 (F0 9F 98 80).
    #expect(
      try evaluate(with([("a", 1), ("Z", 2)]), platform: platform)
        == .reject(error: "non_string_value", field: "Z"))
    #expect(
      try evaluate(with([("\u{1F600}", 1), ("\u{FF61}", 2)]), platform: platform)
        == .reject(error: "non_string_value", field: "\u{FF61}"))
    // Before the type is looked at.
    #expect(
      try evaluate(["conversation_id": 1], platform: platform)
        == .reject(error: "non_string_value", field: "conversation_id"))
  }

  @Test(arguments: ["ios", "android"])
  func typeIsRequiredAndKnown(platform: String) throws {
    #expect(try evaluate([:], platform: platform) == .reject(error: "missing_key", field: "type"))
    for type in ["", "Message", "message ", "reply"] {
      #expect(
        try evaluate(["type": .string(type)], platform: platform) == .reject(error: "invalid_value", field: "type"))
    }
  }

  @Test func messageMissingKeysInOrder() throws {
    #expect(
      try evaluate(["type": "message"], platform: "ios") == .reject(error: "missing_key", field: "conversation_id"))
    #expect(
      try evaluate(with([("message_id", nil), ("deep_link", nil)]), platform: "ios")
        == .reject(error: "missing_key", field: "message_id"))
    #expect(
      try evaluate(with([("deep_link", nil), ("badge", "1")]), platform: "ios")
        == .reject(error: "missing_key", field: "deep_link"))
  }

  @Test func messageUnknownKeyIsTheFirstInKeyOrder() throws {
    #expect(
      try evaluate(with([("title", "t"), ("body", "b")]), platform: "ios")
        == .reject(error: "unknown_key", field: "body"))
    // NFD "cafe\u{301}" (0x65 …) sorts before NFC "caf\u{E9}" (0xC3 …). Outcome's `==` compares the
    // field with Swift's canonical equality, which cannot tell them apart: compare the bytes.
    let outcome = try evaluate(with([("caf\u{E9}", "1"), ("cafe\u{301}", "2")]), platform: "ios")
    guard case .reject("unknown_key", let field?) = outcome else {
      Issue.record("expected unknown_key, got \(outcome)")
      return
    }
    #expect(Array(field.utf8) == Array("cafe\u{301}".utf8))
    // Before the ids are checked.
    #expect(
      try evaluate(with([("conversation_id", "x"), ("extra", "1")]), platform: "ios")
        == .reject(error: "unknown_key", field: "extra"))
  }

  @Test func messageIDsMustBeCanonicalUUIDs() throws {
    #expect(
      try evaluate(
        with([
          ("conversation_id", .string(conversationID.uppercased())), ("message_id", .string(messageID.uppercased())),
        ]), platform: "ios") == .reject(error: "invalid_value", field: "conversation_id"))
    #expect(
      try evaluate(
        with([("message_id", .string("{" + messageID + "}")), ("deep_link", "respondo://conversation/other")]),
        platform: "ios") == .reject(error: "invalid_value", field: "message_id"))
  }

  @Test func messageDeepLinkMustNameTheConversation() throws {
    for link in [
      "respondo://conversation/" + messageID, deepLink + "/", deepLink + "\n",
      "RESPONDO://conversation/" + conversationID,
      "",
    ] {
      #expect(
        try evaluate(with([("deep_link", .string(link))]), platform: "ios")
          == .reject(error: "deep_link_mismatch", field: "deep_link"))
    }
  }

  @Test(arguments: ["ios", "android"])
  func campaignKeepsEveryOtherKey(platform: String) throws {
    let payload: JSONObject = [
      "type": "campaign", "delivery_id": "d-1", "deep_link": "myshop://sale", "coupon": "A", "caf\u{E9}": "1",
      "cafe\u{301}": "2", "conversation_id": "not-checked",
    ]
    #expect(
      try evaluate(payload, platform: platform)
        == .accept(output: [
          "type": "campaign", "delivery_id": "d-1", "deep_link": "myshop://sale",
          "extra": ["coupon": "A", "caf\u{E9}": "1", "cafe\u{301}": "2", "conversation_id": "not-checked"],
        ]))
    #expect(
      try evaluate(["type": "campaign", "delivery_id": "d"], platform: platform)
        == .accept(output: ["type": "campaign", "delivery_id": "d", "extra": [:]]))
  }

  @Test func extraKeepsNFCAndNFDKeysApart() throws {
    let outcome = try evaluate(
      ["type": "campaign", "delivery_id": "d", "caf\u{E9}": "1", "cafe\u{301}": "2"], platform: "ios")
    guard case .accept(let output) = outcome, case .object(let extra)? = output.objectValue?["extra"] else {
      Issue.record("expected an accepted campaign, got \(outcome)")
      return
    }
    #expect(extra.count == 2)
    #expect(extra["caf\u{E9}"] == "1")
    #expect(extra["cafe\u{301}"] == "2")
  }

  @Test func campaignChecksInOrder() throws {
    #expect(
      try evaluate(["type": "campaign", "deep_link": ""], platform: "ios")
        == .reject(error: "missing_key", field: "delivery_id"))
    #expect(
      try evaluate(["type": "campaign", "delivery_id": "", "deep_link": ""], platform: "ios")
        == .reject(error: "invalid_value", field: "delivery_id"))
    #expect(
      try evaluate(["type": "campaign", "delivery_id": "d", "deep_link": ""], platform: "ios")
        == .reject(error: "invalid_value", field: "deep_link"))
    #expect(
      try evaluate(["type": "campaign", "delivery_id": "d", "deep_link": .null], platform: "ios")
        == .reject(error: "non_string_value", field: "deep_link"))
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 200, "the respondo.push.payload corpus has \(count) vectors, fewer than 200")
  }
}
