import ConformanceJSON
import ConformanceKit

/// `respondo.push.payload`: what `Respondo.handlePush` / `RespondoPushPayload.from(data)` /
/// `Respondo.handlePushData` accept (docs/suites/respondo.push.payload.md, Respondo guide, プッシュ通知 "ペイロードの形式").
///
/// Respondo guide, プッシュ通知: "ペイロードは常にルートの respondo キーの下に置かれます（iOS では userInfo 内、Android では
/// data["respondo"] 内の JSON 文字列として）" and "すべての値はフラットな文字列です".
extension RespondoPushPayload: ReferenceSuite {
  /// How the `respondo` value travels: on iOS an object in the APNs `userInfo` or, for a push
  /// FCM delivered, a JSON text in a string; on Android a JSON text in a string of the FCM `data`
  /// map (a Flutter app passes `message.data`, which has the shape of the transport the push came
  /// through).
  enum Platform {
    case ios
    case android
  }

  static let rootKey = "respondo"
  static let messageKeys = ["type", "conversation_id", "message_id", "deep_link"]
  static let deepLinkPrefix = "respondo://conversation/"

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // Steps 1 and 2 need no platform: they are reported with the context missing or broken.
    guard case .object(let push) = input else { return .reject("not_an_object") }
    // Only the root `respondo` key is ours; everything else (aps, notification, other SDKs' data)
    // belongs to the transport or the app and is not looked at.
    guard let encoded = push[Self.rootKey] else { return .reject("not_respondo") }
    // Step 3 is the first to depend on the platform.
    let platform = try Self.platform(in: context)
    guard let payload = Self.decode(encoded, platform: platform) else {
      return .reject("invalid_encoding", field: Self.rootKey)
    }
    let members = payload.members.sorted { utf8Precedes($0.key, $1.key) }
    for member in members where member.value.stringValue == nil {
      return .reject("non_string_value", field: member.key)
    }
    guard let type = payload["type"]?.stringValue else { return .reject("missing_key", field: "type") }
    if TextRules.identical(type, "message") { return Self.message(payload, members) }
    if TextRules.identical(type, "campaign") { return Self.campaign(payload, members) }
    return .reject("invalid_value", field: "type")
  }

  static func platform(in context: JSONObject) throws(ContextError) -> Platform {
    guard let value = context["platform"] else {
      throw ContextError(key: "platform", reason: "missing; expected \"ios\" or \"android\"")
    }
    if case .string(let text) = value {
      if TextRules.identical(text, "ios") { return .ios }
      if TextRules.identical(text, "android") { return .android }
    }
    throw ContextError(
      key: "platform", reason: "expected \"ios\" or \"android\", got \(JSONSerializer.compact.string(from: value))")
  }

  /// The respondo object, or `nil` when the value has the wrong kind for the platform or the
  /// string is not strict JSON holding an object. iOS reads both forms: an object as APNs
  /// delivers it, and a string holding a JSON object as FCM delivers an iOS push.
  static func decode(_ value: JSONValue, platform: Platform) -> JSONObject? {
    switch (platform, value) {
    case (.ios, .object(let object)):
      return object
    case (_, .string(let text)):
      // Strict RFC 8259: a duplicate key would let two parsers read two different payloads.
      guard let parsed = try? JSONParser().parse(text) else { return nil }
      return parsed.objectValue
    default:
      return nil
    }
  }

  /// Every value is a string here (checked before).
  static func string(_ payload: JSONObject, _ key: String) -> String? {
    payload[key]?.stringValue
  }

  /// `members` are the payload's members in key order, every value a string.
  static func message(_ payload: JSONObject, _ members: [JSONObject.Member]) -> Outcome {
    for key in ["conversation_id", "message_id", "deep_link"] where !payload.contains(key) {
      return .reject("missing_key", field: key)
    }
    for member in members where !messageKeys.contains(where: { TextRules.identical($0, member.key) }) {
      return .reject("unknown_key", field: member.key)
    }
    let conversationID = string(payload, "conversation_id") ?? ""
    let messageID = string(payload, "message_id") ?? ""
    let deepLink = string(payload, "deep_link") ?? ""
    guard TextRules.isCanonicalUUID(conversationID) else {
      return .reject("invalid_value", field: "conversation_id")
    }
    guard TextRules.isCanonicalUUID(messageID) else { return .reject("invalid_value", field: "message_id") }
    // "メッセージのプッシュは常に次の形式のディープリンクを含みます： respondo://conversation/<id>"
    guard TextRules.identical(deepLink, deepLinkPrefix + conversationID) else {
      return .reject("deep_link_mismatch", field: "deep_link")
    }
    return .accept(output: [
      "type": "message", "conversation_id": .string(conversationID), "message_id": .string(messageID),
      "deep_link": .string(deepLink),
    ])
  }

  static func campaign(_ payload: JSONObject, _ members: [JSONObject.Member]) -> Outcome {
    guard let deliveryID = string(payload, "delivery_id") else {
      return .reject("missing_key", field: "delivery_id")
    }
    if deliveryID.utf8.isEmpty { return .reject("invalid_value", field: "delivery_id") }
    let deepLink = string(payload, "deep_link")
    if let deepLink, deepLink.utf8.isEmpty { return .reject("invalid_value", field: "deep_link") }
    // "キャンペーンのプッシュデータからの追加のフラットな文字列キーを含むことがあります": kept as they are.
    let extra = members.filter { member in
      !["type", "delivery_id", "deep_link"].contains { TextRules.identical($0, member.key) }
    }
    var output: JSONObject = [
      "type": "campaign", "delivery_id": .string(deliveryID), "extra": .object(JSONObject(extra)),
    ]
    if let deepLink { output["deep_link"] = .string(deepLink) }
    return .accept(output: .object(output))
  }
}
