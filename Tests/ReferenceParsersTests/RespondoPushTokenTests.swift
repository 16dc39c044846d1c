import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// `respondo.push.token` (docs/suites/respondo.push.token.md): each check, its field, and the order of the checks.
@Suite struct RespondoPushTokenTests {
  let suite = RespondoPushToken()

  /// `count` lowercase hex characters.
  func hex(_ count: Int) -> String {
    String(String(repeating: "0123456789abcdef", count: count / 16 + 1).prefix(count))
  }

  let fcmToken = "dGhpc2lzYW5leGFtcGxlSQ:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ-hQMRKRrZuJAEcl7B338qju5"

  func evaluate(_ platform: JSONValue?, _ token: JSONValue?) throws -> Outcome {
    var object = JSONObject()
    if let platform { object["platform"] = platform }
    if let token { object["token"] = token }
    return try suite.evaluate(.object(object), context: [:])
  }

  func accepted(_ transport: String, _ token: String) -> Outcome {
    .accept(output: ["transport": .string(transport), "token": .string(token)])
  }

  @Test func rejectsNonObjects() throws {
    for input: JSONValue in [.null, .string(hex(64)), 1, ["ios"]] {
      #expect(try suite.evaluate(input, context: [:]) == .reject(error: "not_an_object", field: nil))
    }
  }

  @Test func platformIsCheckedFirst() throws {
    for platform: JSONValue? in [nil, .null, "", "iOS", "flutter", "flutter_ios", "ios ", 1] {
      #expect(try evaluate(platform, .null) == .reject(error: "invalid_value", field: "platform"))
    }
  }

  @Test(arguments: ["ios", "flutter-ios", "android", "flutter-android"])
  func missingAndNonStringTokens(platform: String) throws {
    for token: JSONValue? in [nil, .null, ""] {
      #expect(try evaluate(.string(platform), token) == .reject(error: "missing_token", field: "token"))
    }
    for token: JSONValue in [1, false, [.string(hex(64))], ["token": .string(hex(64))]] {
      #expect(try evaluate(.string(platform), token) == .reject(error: "invalid_value", field: "token"))
    }
  }

  @Test(arguments: ["ios", "flutter-ios"])
  func iOSNeedsAnAPNsDeviceToken(platform: String) throws {
    for length in [64, 66, 200] {
      #expect(try evaluate(.string(platform), .string(hex(length))) == accepted("apns", hex(length)))
    }
    for token in [hex(62), hex(63), hex(65), hex(201), hex(202), hex(64).uppercased(), hex(64) + "\n", " "] {
      #expect(
        try evaluate(.string(platform), .string(token)) == .reject(error: "invalid_apns_token", field: "token"),
        "\(token)")
    }
    // A colon marks an FCM token whatever else is wrong with it (here: 4097 characters).
    for token in [fcmToken, ":", fcmToken + String(repeating: "A", count: 4097 - fcmToken.utf8.count)] {
      #expect(try evaluate(.string(platform), .string(token)) == .reject(error: "fcm_token_on_ios", field: "token"))
    }
  }

  @Test(arguments: ["android", "flutter-android"])
  func androidNeedsAnFCMRegistrationToken(platform: String) throws {
    let longest = String(repeating: "a", count: 4096)
    for token in [fcmToken, "a", ":", longest, hex(64).uppercased(), hex(63), hex(65), hex(128)] {
      #expect(try evaluate(.string(platform), .string(token)) == accepted("fcm", token))
    }
    // Exactly 64 lowercase hex characters is an APNs token, though the FCM alphabet allows it.
    #expect(
      try evaluate(.string(platform), .string(hex(64))) == .reject(error: "apns_token_on_android", field: "token"))
    for token in [longest + "a", "a.b", "a+b", "a/b", "a=", "a b", fcmToken + "\n", "\u{E9}", "\u{FF21}"] {
      #expect(
        try evaluate(.string(platform), .string(token)) == .reject(error: "invalid_fcm_token", field: "token"),
        "\(token)")
    }
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 200, "the respondo.push.token corpus has \(count) vectors, fewer than 200")
  }
}
