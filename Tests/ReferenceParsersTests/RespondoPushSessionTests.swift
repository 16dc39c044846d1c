import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

private let conversation = "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
private let otherConversation = "5f0c2b9e-7d41-4c3a-8e6f-0a9b1c2d3e4f"
private let apnsToken = String(repeating: "0b30557a", count: 8)
private let fcmToken = "dGhpc2lzYW5leGFtcGxlSQ:APA91bHPRgkF_example-token_1234"

private func messageID(_ n: Int) -> String { "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c6\(n)" }

private func messageObject(_ n: Int, in conversationID: String = conversation) -> JSONObject {
  [
    "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID(n)),
    "deep_link": .string("respondo://conversation/" + conversationID),
  ]
}

/// The push as the platform's family carries it: an object in `userInfo`, JSON text in FCM data.
private func push(_ respondo: JSONObject, android: Bool) -> JSONValue {
  android
    ? ["respondo": .string(JSONSerializer.compact.string(from: .object(respondo)))]
    : ["aps": ["alert": "hi"], "respondo": .object(respondo)]
}

private func receive(_ payload: JSONValue) -> JSONValue { ["step": "receive", "payload": payload] }
private func tap(_ payload: JSONValue) -> JSONValue { ["step": "tap", "payload": payload] }
private func appState(_ state: String) -> JSONValue { ["step": "app_state", "state": .string(state)] }
private func open(_ id: String) -> JSONValue { ["step": "open_conversation", "conversation_id": .string(id)] }
private let close: JSONValue = ["step": "close_conversation"]
private func setToken(_ token: JSONValue) -> JSONValue { ["step": "set_token", "token": token] }
private let clearToken: JSONValue = ["step": "clear_token"]

private func session(_ steps: [JSONValue], platform: String = "ios") throws -> Outcome {
  try RespondoPushSession().evaluate(.array(steps), context: ["platform": .string(platform)])
}

private func output(
  _ results: [String], open: String? = nil, token: JSONValue = .null, beacons: [String] = []
) -> Outcome {
  .accept(output: [
    "results": .array(results.map { .string($0) }), "open_conversation": open.map { .string($0) } ?? .null,
    "token": token, "beacons": .array(beacons.map { .string($0) }),
  ])
}

@Suite struct RespondoPushSessionTests {
  // MARK: Context

  @Test func anUnusablePlatformIsAContextError() throws {
    let suite = RespondoPushSession()
    let list = "ios, android, flutter-ios, flutter-android"
    let cases: [(JSONObject, String)] = [
      ([:], "missing; one of \(list)"),
      (["platform": 1], "must be a string, got number"),
      (["platform": "web"], "unknown value; one of \(list)"),
      (["platform": "iOS"], "unknown value; one of \(list)"),
      (["platform": "flutter"], "unknown value; one of \(list)"),
    ]
    for (context, reason) in cases {
      #expect(throws: ContextError(key: "platform", reason: reason)) {
        try suite.evaluate([], context: context)
      }
      // The array checks come first: they are reported whatever the context holds.
      #expect(try suite.evaluate("x", context: context) == .reject(error: "not_an_array", field: nil))
      #expect(
        try suite.evaluate([clearToken, ["step": "clear_token", "token": .null]], context: context)
          == .reject(error: "invalid_step", field: "1"))
    }
  }

  // MARK: Steps

  @Test func theFreshStateAndEveryStepAlone() throws {
    #expect(try session([]) == output([]))
    #expect(try session([receive(push(messageObject(1), android: false))]) == output(["shown"]))
    #expect(try session([tap(push(messageObject(1), android: false))]) == output(["opened"], open: conversation))
    #expect(try session([open(conversation)]) == output(["ok"], open: conversation))
    #expect(try session([open(conversation), close]) == output(["ok", "ok"]))
    #expect(try session([clearToken]) == output(["ok"]))
    #expect(
      try session([setToken(.string(apnsToken))])
        == output(["ok"], token: ["transport": "apns", "token": .string(apnsToken)]))
  }

  @Test func appStatesKeepOrCloseTheConversation() throws {
    #expect(try session([open(conversation), appState("background")]) == output(["ok", "ok"], open: conversation))
    #expect(try session([open(conversation), appState("foreground")]) == output(["ok", "ok"], open: conversation))
    #expect(try session([open(conversation), appState("terminated")]) == output(["ok", "ok"]))
  }

  // MARK: Deduplication and suppression

  @Test(arguments: [false, true])
  func aSeenMessageIDIsADuplicate(_ android: Bool) throws {
    let platform = android ? "android" : "ios"
    let first = push(messageObject(1), android: android)
    #expect(try session([receive(first), receive(first)], platform: platform) == output(["shown", "duplicate"]))
    #expect(
      try session([tap(first), receive(first)], platform: platform)
        == output(["opened", "duplicate"], open: conversation))
    // A tap opens a message even when it was seen.
    #expect(
      try session([receive(first), tap(first)], platform: platform) == output(["shown", "opened"], open: conversation))
    // By message_id alone, across app states.
    let elsewhere = push(messageObject(1, in: otherConversation), android: android)
    #expect(
      try session([receive(first), appState("terminated"), receive(elsewhere)], platform: platform)
        == output(["shown", "ok", "duplicate"]))
  }

  @Test func suppressionNeedsTheForegroundAndTheOpenConversation() throws {
    let first = push(messageObject(1), android: false)
    let second = push(messageObject(2), android: false)
    let other = push(messageObject(3, in: otherConversation), android: false)
    #expect(try session([tap(first), receive(second)]) == output(["opened", "suppressed"], open: conversation))
    #expect(try session([tap(first), receive(other)]) == output(["opened", "shown"], open: conversation))
    #expect(
      try session([tap(first), appState("background"), receive(second)])
        == output(["opened", "ok", "shown"], open: conversation))
    #expect(try session([tap(first), close, receive(second)]) == output(["opened", "ok", "shown"]))
    #expect(
      try session([tap(first), appState("terminated"), appState("foreground"), receive(second)])
        == output(["opened", "ok", "ok", "shown"]))
    #expect(try session([open(conversation), receive(second)]) == output(["ok", "shown"], open: conversation))
    #expect(
      try session([appState("foreground"), open(conversation), receive(second)])
        == output(["ok", "ok", "suppressed"], open: conversation))
    // A duplicate is reported before suppression.
    #expect(
      try session([receive(second), tap(first), receive(second)])
        == output(["shown", "opened", "duplicate"], open: conversation))
  }

  @Test func campaignsAreNeverDeduplicatedOrSuppressedAndTheirTapsSendBeacons() throws {
    let linked = push(
      ["type": "campaign", "delivery_id": "d-1", "deep_link": "https://x.example", "k": "v"], android: true)
    let plain = push(["type": "campaign", "delivery_id": "d-2"], android: true)
    let message = push(messageObject(1), android: true)
    #expect(
      try session([tap(message), receive(linked), receive(linked)], platform: "android")
        == output(["opened", "shown", "shown"], open: conversation))
    #expect(
      try session([tap(linked), tap(plain), tap(linked)], platform: "flutter-android")
        == output(["opened_link", "opened_app", "opened_link"], beacons: ["d-1", "d-2", "d-1"]))
    // The campaign tap brought the app forward without opening a conversation.
    #expect(
      try session([tap(plain), open(conversation), receive(message)], platform: "android")
        == output(["opened_app", "ok", "suppressed"], open: conversation, beacons: ["d-2"]))
  }

  // MARK: Payload and token rules

  @Test func payloadRejectionsAreTheirCodesAndChangeNothing() throws {
    var mismatched = messageObject(1)
    mismatched["deep_link"] = .string("respondo://conversation/" + otherConversation)
    let cases: [(JSONValue, String, String)] = [
      ([], "not_an_object", "ios"),
      (["aps": ["alert": "hi"]], "not_respondo", "ios"),
      (["respondo": 1], "invalid_encoding", "ios"),
      (push(messageObject(1), android: false), "invalid_encoding", "android"),
      (
        ["respondo": "{\"type\":\"campaign\",\"delivery_id\":\"a\",\"delivery_id\":\"b\"}"], "invalid_encoding",
        "android"
      ),
      (push(["type": "campaign", "delivery_id": 1], android: false), "non_string_value", "flutter-ios"),
      (push(["delivery_id": "d"], android: true), "missing_key", "flutter-android"),
      (push(mismatched, android: false), "deep_link_mismatch", "ios"),
      (push(["type": "campaign", "delivery_id": ""], android: true), "invalid_value", "android"),
    ]
    let android = ["android", "flutter-android"]
    for (payload, code, platform) in cases {
      let valid = push(messageObject(1), android: android.contains(platform))
      #expect(try session([receive(payload), receive(valid)], platform: platform) == output([code, "shown"]))
      #expect(
        try session([tap(payload), open(conversation), receive(valid)], platform: platform)
          == output([code, "ok", "shown"], open: conversation), "\(platform) \(code)")
    }
  }

  @Test func tokensFollowTheTokenRulesForThePlatform() throws {
    let apns: JSONValue = ["transport": "apns", "token": .string(apnsToken)]
    let fcm: JSONValue = ["transport": "fcm", "token": .string(fcmToken)]
    for platform in ["ios", "flutter-ios"] {
      #expect(try session([setToken(.string(fcmToken))], platform: platform) == output(["fcm_token_on_ios"]))
      #expect(
        try session([setToken(.null), setToken(.string(apnsToken))], platform: platform)
          == output(["missing_token", "ok"], token: apns))
    }
    for platform in ["android", "flutter-android"] {
      #expect(try session([setToken(.string(apnsToken))], platform: platform) == output(["apns_token_on_android"]))
      #expect(try session([setToken(.string(fcmToken))], platform: platform) == output(["ok"], token: fcm))
    }
    // Rotation replaces, a rejected token keeps the registered one, logout clears it.
    let rotated = fcmToken + "x"
    #expect(
      try session([setToken(.string(fcmToken)), setToken(.string(rotated))], platform: "android")
        == output(["ok", "ok"], token: ["transport": "fcm", "token": .string(rotated)]))
    #expect(
      try session([setToken(.string(fcmToken)), setToken("bad token")], platform: "android")
        == output(["ok", "invalid_fcm_token"], token: fcm))
    #expect(try session([setToken(.string(apnsToken)), clearToken]) == output(["ok", "ok"]))
    #expect(try session([setToken("")]) == output(["missing_token"]))
  }

  // MARK: Shape

  @Test func stepArgumentsAreChecked() throws {
    let bad: [JSONValue] = [
      ["step": "receive"], ["step": "tap", "payload": [:], "extra": 1],
      ["step": "open_conversation", "conversation_id": .string(conversation.uppercased())],
      ["step": "open_conversation", "conversation_id": 1], ["step": "app_state", "state": "inactive"],
      ["step": "set_token"], ["step": "set_token", "token": 1], ["step": "clear_token", "token": .null],
      ["step": "logout"], ["step": "setToken", "token": .null],
    ]
    for item in bad {
      #expect(try session([clearToken, item]) == .reject(error: "invalid_step", field: "1"), "\(item)")
    }
  }

  @Test func aLongTraceKeepsItsBookkeeping() throws {
    var steps: [JSONValue] = []
    var results: [String] = []
    for n in 0..<2_000 {
      let digits = String(n, radix: 16)
      let id = String(repeating: "0", count: 8 - digits.utf8.count) + digits + "-0000-4000-9000-000000000000"
      let message: JSONObject = [
        "type": "message", "conversation_id": .string(conversation), "message_id": .string(id),
        "deep_link": .string("respondo://conversation/" + conversation),
      ]
      steps += [receive(push(message, android: true)), receive(push(message, android: true))]
      results += ["shown", "duplicate"]
    }
    #expect(try session(steps, platform: "android") == output(results))
  }

  // MARK: Committed vectors

  @Test func committedVectorsAgree() throws {
    let count = try CommittedVectorAgreement.check(RespondoPushSession())
    #expect(count >= 500)
  }
}
