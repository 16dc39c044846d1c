import ConformanceJSON
import ConformanceKit

// The generator's own statement of `respondo.push.session`'s rules (docs/suites/respondo.push.session.md),
// with the payloads and tokens it uses, each written with the result the payload and token rules
// give it (docs/suites/respondo.push.payload.md, docs/suites/respondo.push.token.md). Expected
// results are derived from these, never from running the reference parser.

extension RespondoPushSession {
  /// How a platform hands over pushes, and the transport its token must be for.
  enum Family {
    /// iOS and Flutter on iOS: the `respondo` value is an object (as APNs delivers it); APNs tokens.
    case ios
    /// Android and Flutter on Android: the `respondo` value is a string holding a JSON object; FCM tokens.
    case android
  }

  struct Platform {
    let name: String
    let family: Family
    var context: JSONObject { ["platform": .string(name)] }
  }

  static let platforms = [
    Platform(name: "ios", family: .ios), Platform(name: "android", family: .android),
    Platform(name: "flutter-ios", family: .ios), Platform(name: "flutter-android", family: .android),
  ]

  // MARK: Pushes

  /// A push as the generator knows it: what the payload rules make of it.
  struct Push {
    enum Kind {
      case message(conversationID: String, messageID: String)
      case campaign(deliveryID: String, deepLink: String?, extra: [(String, String)])
      /// A push the payload rules reject, with its error code and its input per family (nil
      /// where the case does not exist for that family).
      case rejected(code: String, ios: JSONValue?, android: JSONValue?)
    }

    let kind: Kind
    /// Why the payload rules reject it (for descriptions), or what it is.
    let what: String
    /// An `invalid_encoding` whose text the Android SDK's lenient reader still reads as an
    /// object (docs/suites/respondo.push.payload.md, "The vendor's SDK"). The respondo object's
    /// own checks are judged from the payload itself (``isVendorDivergent(on:)``).
    var vendorDivergent = false
    /// Not Respondo's push at all.
    var foreign = false
    /// The other platform's form of the payload.
    var otherPlatformsForm = false
    /// The JSON text of an accepted push's respondo string on Android, when it is not the
    /// compact text of its object (white space around it).
    var androidText: String?
    /// The respondo value on iOS as a string holding this JSON text instead of an object (the
    /// form FCM delivers; the iOS SDK reads both).
    var iosText: String?

    var code: String? {
      if case .rejected(let code, _, _) = kind { return code }
      return nil
    }

    /// Whether the family's SDK gives this rejected push another result: it takes a push the
    /// respondo object's own checks reject (iOS: `type` is `message` or `campaign`; Android: it
    /// has `type` or `conversation_id`), or it refuses it for another reason than its `type`.
    func isVendorDivergent(on family: Family) -> Bool {
      guard case .rejected(let code, _, _) = kind else { return false }
      guard RespondoPushPayload.check(reporting: code).lowerBound >= 4 else { return vendorDivergent }
      guard let object = RespondoPushPayload.respondoObject(payload(family)) else { return true }
      let typeIsRefused = !(object["type"] == "message" || object["type"] == "campaign")
      let taken = family == .ios ? !typeIsRefused : RespondoPushPayload.androidTakesAsItsOwn(object)
      return taken || !(typeIsRefused && ["missing_key", "invalid_value", "non_string_value"].contains(code))
    }

    func exists(for family: Family) -> Bool {
      guard case .rejected(_, let ios, let android) = kind else { return true }
      return (family == .ios ? ios : android) != nil
    }

    /// The input given to the step: an iOS `userInfo` or an FCM `data` map.
    func payload(_ family: Family) -> JSONValue {
      if family == .android, let androidText { return ["respondo": .string(androidText)] }
      if family == .ios, let iosText { return RespondoPushSession.iosPush(respondo: .string(iosText)) }
      switch kind {
      case .message(let conversationID, let messageID):
        return wrap(RespondoPushSession.message(conversationID, messageID), family)
      case .campaign(let deliveryID, let deepLink, let extra):
        var object: JSONObject = ["type": "campaign", "delivery_id": .string(deliveryID)]
        if let deepLink { object["deep_link"] = .string(deepLink) }
        for (key, value) in extra { object[key] = .string(value) }
        return wrap(object, family)
      case .rejected(_, let ios, let android):
        guard let input = family == .ios ? ios : android else {
          preconditionFailure("\(what) has no \(family) form")
        }
        return input
      }
    }
  }

  /// The respondo object of a message push, keys in the guide's order.
  static func message(_ conversationID: String, _ messageID: String) -> JSONObject {
    [
      "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID),
      "deep_link": .string("respondo://conversation/" + conversationID),
    ]
  }

  /// The respondo object as the family carries it: beside `aps` in `userInfo`, or as JSON text in
  /// the FCM data map.
  static func wrap(_ respondo: JSONObject, _ family: Family) -> JSONValue {
    switch family {
    case .ios: iosPush(respondo: .object(respondo))
    case .android:
      ["respondo": .string(JSONSerializer.compact.string(from: .object(respondo)))]
    }
  }

  /// An iOS `userInfo`: the alert in `aps`, the respondo value beside it.
  static func iosPush(respondo: JSONValue) -> JSONValue {
    ["aps": ["alert": ["title": "Support", "body": "A new reply"]], "respondo": respondo]
  }

  /// A canonical UUID for conversation or message `n`: lowercase hex, deterministic, a different
  /// UUID for every `n` (the last group is `n` times an odd constant, a bijection modulo 2^48).
  static func uuid(_ kind: UInt8, _ n: Int) -> String {
    let mixed = (UInt64(n) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(kind) &* 0x1000) & 0xFFFF_FFFF_FFFF
    let head = (mixed >> 13 ^ UInt64(kind) &* 0x5BD1_E995) & 0xFFFF_FFFF
    let middle = (mixed >> 7) & 0xFFF
    return hex(head, 8) + "-" + hex(mixed >> 32 & 0xFFFF, 4) + "-4" + hex(middle, 3) + "-9" + hex(mixed & 0xFFF, 3)
      + "-" + hex(mixed, 12)
  }

  /// `value` as `digits` lowercase hex digits (zero-padded, cut to the last digits).
  static func hex(_ value: UInt64, _ digits: Int) -> String {
    let text = String(value, radix: 16)
    let padded = String(repeating: "0", count: max(0, digits - text.utf8.count)) + text
    return String(padded.suffix(digits))
  }

  static func conversation(_ n: Int) -> String { uuid(1, n) }
  static func messageID(_ n: Int) -> String { uuid(2, n) }

  static func message(conversation c: Int, message m: Int) -> Push {
    Push(
      kind: .message(conversationID: conversation(c), messageID: messageID(m)),
      what: "message \(m) in conversation \(c)")
  }

  static func campaign(_ deliveryID: String, deepLink: String? = nil, extra: [(String, String)] = []) -> Push {
    Push(
      kind: .campaign(deliveryID: deliveryID, deepLink: deepLink, extra: extra),
      what: "campaign \(deliveryID)" + (deepLink == nil ? " without a deep link" : " with a deep link"))
  }

  // MARK: Tokens

  /// A token as the generator knows it: what the token rules give it on each transport.
  struct Token {
    let name: String
    let value: JSONValue
    let what: String
    /// The token rules' verdict on iOS kinds (APNs) and on Android kinds (FCM): nil = accepted.
    let onIOS: String?
    let onAndroid: String?
    /// The guide's mistake (the Flutter getToken() on iOS, its mirror on Android).
    var isMistake = false

    func result(_ family: Family) -> String? { family == .ios ? onIOS : onAndroid }
    /// Accepted on one transport and rejected on the other.
    var transportMatters: Bool { (onIOS == nil) != (onAndroid == nil) }
  }

  static let apnsToken = RespondoPushToken.apnsToken
  static let otherAPNsToken = String(RespondoPushToken.hex(66).reversed())
  static let fcmToken = RespondoPushToken.fcmToken
  static let rotatedFCMToken =
    RespondoPushToken.fid + ":APA91b" + String(RespondoPushToken.fcmBody(140).reversed())

  static let tokens: [Token] = [
    Token(
      name: "apns", value: .string(apnsToken), what: "a 64-character APNs device token (lowercase hex)", onIOS: nil,
      onAndroid: "apns_token_on_android", isMistake: true),
    Token(
      name: "apns-200", value: .string(RespondoPushToken.hex(200)),
      what: "a 200-character APNs token (the longest); on Android the FCM alphabet admits it", onIOS: nil,
      onAndroid: nil),
    Token(
      name: "fcm", value: .string(fcmToken), what: "an FCM registration token from getToken()",
      onIOS: "fcm_token_on_ios", onAndroid: nil, isMistake: true),
    Token(
      name: "null", value: .null, what: "null, as getAPNSToken() gives just after launch", onIOS: "missing_token",
      onAndroid: "missing_token"),
    Token(name: "empty", value: "", what: "the empty string", onIOS: "missing_token", onAndroid: "missing_token"),
    Token(
      name: "uppercase-hex", value: .string(apnsToken.uppercased()),
      what: "the device token written with %02X (uppercase hex)", onIOS: "invalid_apns_token", onAndroid: nil),
    Token(
      name: "data-description", value: .string(RespondoPushToken.dataDescription),
      what: "the device token's Data.description (<… …>)", onIOS: "invalid_apns_token",
      onAndroid: "invalid_fcm_token"),
    Token(
      name: "odd-hex", value: .string(RespondoPushToken.hex(63)), what: "63 lowercase hex characters (odd)",
      onIOS: "invalid_apns_token", onAndroid: nil),
    Token(
      name: "space", value: "abc def", what: "a token with a space", onIOS: "invalid_apns_token",
      onAndroid: "invalid_fcm_token"),
  ]

  static func token(_ name: String) -> Token {
    guard let token = tokens.first(where: { $0.name == name }) else { preconditionFailure("no token \(name)") }
    return token
  }

  /// The token each family registers in the flows (the right transport).
  static func goodToken(_ family: Family) -> Token { family == .ios ? token("apns") : token("fcm") }
  /// A second good token: a new APNs token on iOS, a rotated FCM token on Android.
  static func rotatedToken(_ family: Family) -> Token {
    family == .ios
      ? Token(
        name: "apns-new", value: .string(otherAPNsToken), what: "another APNs device token", onIOS: nil,
        onAndroid: nil)
      : Token(
        name: "fcm-rotated", value: .string(rotatedFCMToken), what: "the rotated FCM token (onTokenRefresh)",
        onIOS: "fcm_token_on_ios", onAndroid: nil)
  }
  /// The other transport's token: the mistake.
  static func wrongToken(_ family: Family) -> Token { family == .ios ? token("fcm") : token("apns") }

  // MARK: Steps

  enum Step {
    case receive(Push)
    case tap(Push)
    case openConversation(String)
    case closeConversation
    case appState(String)
    case setToken(Token)
    case clearToken

    func json(_ family: Family) -> JSONValue {
      switch self {
      case .receive(let push): TraceStepShapes.step("receive", [("payload", push.payload(family))])
      case .tap(let push): TraceStepShapes.step("tap", [("payload", push.payload(family))])
      case .openConversation(let id): TraceStepShapes.step("open_conversation", [("conversation_id", .string(id))])
      case .closeConversation: TraceStepShapes.step("close_conversation")
      case .appState(let state): TraceStepShapes.step("app_state", [("state", .string(state))])
      case .setToken(let token): TraceStepShapes.step("set_token", [("token", token.value)])
      case .clearToken: TraceStepShapes.step("clear_token")
      }
    }
  }

  /// The session as the rules describe it.
  struct Session {
    let family: Family
    var appState = "background"
    var openConversation: String?
    var seen: Set<String> = []
    var token: JSONValue = .null
    var beacons: [String] = []

    init(_ family: Family) { self.family = family }

    /// One step's result.
    mutating func apply(_ step: Step) -> String {
      switch step {
      case .receive(let push):
        switch push.kind {
        case .rejected(let code, _, _): return code
        case .campaign: return "shown"
        case .message(let conversationID, let messageID):
          if seen.contains(messageID) { return "duplicate" }
          seen.insert(messageID)
          return appState == "foreground" && openConversation == conversationID ? "suppressed" : "shown"
        }
      case .tap(let push):
        switch push.kind {
        case .rejected(let code, _, _): return code
        case .campaign(let deliveryID, let deepLink, _):
          beacons.append(deliveryID)
          appState = "foreground"
          return deepLink == nil ? "opened_app" : "opened_link"
        case .message(let conversationID, let messageID):
          appState = "foreground"
          openConversation = conversationID
          seen.insert(messageID)
          return "opened"
        }
      case .openConversation(let id):
        openConversation = id
        return "ok"
      case .closeConversation:
        openConversation = nil
        return "ok"
      case .appState(let state):
        appState = state
        if state == "terminated" { openConversation = nil }
        return "ok"
      case .setToken(let token):
        if let error = token.result(family) { return error }
        token.value.stringValue.map {
          self.token = ["transport": family == .ios ? "apns" : "fcm", "token": .string($0)]
        }
        return "ok"
      case .clearToken:
        token = .null
        return "ok"
      }
    }
  }

  /// The output the rules give a whole trace.
  static func output(_ steps: [Step], _ family: Family) -> JSONValue {
    var session = Session(family)
    let results = steps.map { JSONValue.string(session.apply($0)) }
    return [
      "results": .array(results), "open_conversation": session.openConversation.map { .string($0) } ?? .null,
      "token": session.token, "beacons": .array(session.beacons.map { .string($0) }),
    ]
  }

  /// The token results: every rejection by the token rules of a string token is a vendor
  /// divergence (the vendor's setPushToken(String) registers any string).
  static let tokenRejections: Set<String> = [
    "missing_token", "invalid_value", "fcm_token_on_ios", "invalid_apns_token", "apns_token_on_android",
    "invalid_fcm_token",
  ]

  /// The rules of docs/suites/respondo.push.session.md, "The vendor's SDK", that a trace's
  /// expected result depends on; the suite's ``VendorNote`` tags a vector that names any.
  enum VendorRule: String, CaseIterable {
    /// A `duplicate` result: the vendor's SDKs deduplicate on a tap, not on arrival.
    case duplicateOnArrival = "duplicate-on-arrival"
    /// A `suppressed` result: the vendor's SDKs leave suppression to the server.
    case suppression
    /// A second tap of one message: the vendor's SDKs have seen it and do not open it again.
    case repeatedTap = "repeated-tap"
    /// A payload rejected by the respondo object's own checks or by strict JSON in its text.
    case payloadChecks = "payload-checks"
    /// A token the token rules reject: the vendor's setPushToken(String) registers any string
    /// and rejects nothing (a null token included: it has no rejection for one either).
    case tokenChecks = "token-checks"
    /// An Android campaign tapped while no token is registered: the Android SDK sends the open
    /// beacon only with a token (its setPushToken registers any string), so `beacons` lacks it.
    case beaconWithoutToken = "beacon-without-token"
  }

  static let vendorNote = VendorNote { test in
    test.rules.filter { VendorRule(rawValue: $0) != nil }.sorted()
  }

  /// Tags derived from what a trace exercises (docs/suites/respondo.push.session.md, "Tags").
  static func tags(_ steps: [Step], _ family: Family, extra: [String] = []) -> [String] {
    tagsAndVendorRules(steps, family, extra: extra).tags
  }

  /// The trace's tags (without `vendor-divergence`, which the ``VendorNote`` adds) and the
  /// vendor rules its expected result depends on.
  static func tagsAndVendorRules(
    _ steps: [Step], _ family: Family, extra: [String] = []
  ) -> (tags: [String], vendorRules: Set<String>) {
    var session = Session(family)
    var results: [String] = []
    var invalid = false
    var vendorRules: Set<String> = []
    var tappedMessages: Set<String> = []
    // Whether the vendor's SDK holds a token: any string passed to setPushToken, until cleared.
    var vendorHasToken = false
    var tags: [String] = []
    func tag(_ name: String) { if !tags.contains(name) { tags.append(name) } }
    for step in steps {
      let result = session.apply(step)
      results.append(result)
      switch step {
      case .receive(let push), .tap(let push):
        if push.code != nil { invalid = true }
        if push.isVendorDivergent(on: family) { vendorRules.insert(VendorRule.payloadChecks.rawValue) }
        if case .tap = step, case .campaign = push.kind, family == .android, !vendorHasToken {
          vendorRules.insert(VendorRule.beaconWithoutToken.rawValue)
        }
        if case .tap = step, case .message(_, let messageID) = push.kind,
          !tappedMessages.insert(messageID).inserted
        {
          vendorRules.insert(VendorRule.repeatedTap.rawValue)
        }
        if push.foreign { tag("foreign-scope") }
        if push.otherPlatformsForm { tag("cross-sdk") }
      case .setToken(let token):
        if case .string = token.value { vendorHasToken = true }
        if tokenRejections.contains(result) {
          invalid = true
          vendorRules.insert(VendorRule.tokenChecks.rawValue)
        }
        // The platforms differ on this token, and it is what the vector is about (not the
        // platform's own token registered on the way).
        let incidental = [goodToken(family).name, rotatedToken(family).name].contains(token.name)
        if token.transportMatters && !incidental { tag("cross-sdk") }
        if token.isMistake && token.result(family) != nil { tag("integration-mistake") }
      case .clearToken: vendorHasToken = false
      default: break
      }
    }
    if results.contains("duplicate") { vendorRules.insert(VendorRule.duplicateOnArrival.rawValue) }
    if results.contains("suppressed") { vendorRules.insert(VendorRule.suppression.rawValue) }
    var all = [invalid ? "invalid" : "valid"] + tags
    if steps.isEmpty { all.append("boundary") }
    for name in extra where !all.contains(name) && name != VendorNote.tag { all.append(name) }
    return (all, vendorRules)
  }
}
