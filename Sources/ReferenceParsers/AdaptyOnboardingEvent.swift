import ConformanceJSON
import ConformanceKit

/// `adapty.onboarding.event`: one event an `AdaptyOnboardingControllerDelegate` method receives
/// (docs/suites/adapty.onboarding.event.md, Adapty guide "iOS SDKでオンボーディングイベントを処理する"). The context's `channel`
/// names the delegate method; each field may be spelled snake_case or camelCase, because the guide's
/// examples show both (`"actionId"`/`"screenClientId"` for the custom action, `"action_id"`/
/// `"screen_cid"` everywhere else).
extension AdaptyOnboardingEvent: ReferenceSuite {
  /// The delegate method an event arrives through.
  enum Channel: String, CaseIterable {
    case customAction = "custom_action"
    case closeAction = "close_action"
    case paywallAction = "paywall_action"
    case finishedLoading = "finished_loading"
    case analytics = "analytics"

    /// The three action callbacks carry an `action_id`; the others never read one.
    var readsActionID: Bool {
      switch self {
      case .customAction, .closeAction, .paywallAction: true
      case .finishedLoading, .analytics: false
      }
    }
  }

  /// A field and its two accepted spellings; errors always name it by `snakeCase`.
  struct Field {
    let snakeCase: String
    let camelCase: String
  }

  static let actionID = Field(snakeCase: "action_id", camelCase: "actionId")
  /// The meta fields in the contract's order (Adapty guide: "onboardingId / screenClientId / screenIndex /
  /// screensTotal"; the JSON examples spell them onboarding_id / screen_cid / screen_index /
  /// total_screens).
  static let onboardingID = Field(snakeCase: "onboarding_id", camelCase: "onboardingId")
  static let screenCID = Field(snakeCase: "screen_cid", camelCase: "screenClientId")
  static let screenIndex = Field(snakeCase: "screen_index", camelCase: "screenIndex")
  static let totalScreens = Field(snakeCase: "total_screens", camelCase: "screensTotal")
  static let metaFields = [onboardingID, screenCID, screenIndex, totalScreens]
  static let elementID = Field(snakeCase: "element_id", camelCase: "elementId")

  /// Analytics event names, matched byte for byte in snake_case as the guide's JSON examples write
  /// them (`"name": "onboarding_started"`); any other name is an `unknown` event that keeps it.
  static let knownEventNames = [
    "onboarding_started", "screen_presented", "screen_completed", "second_screen_presented",
    "user_email_collected", "onboarding_completed",
  ]

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // Checks 1 and 2 are structural and need no channel: they are reported with the context
    // missing or broken.
    guard case .object(let event) = input else { return .reject("not_an_object") }
    let metaObject = event["meta"]?.objectValue

    // 2. duplicate_field: both spellings of one field, top level, then in an object meta, then in
    // an object params. On every channel: the contract's step 2 comes before the channel-specific step 3,
    // so an action ID spelled twice is ambiguous even where the channel ignores it.
    if Self.hasBothSpellings(Self.actionID, in: event) {
      return .reject("duplicate_field", field: Self.actionID.snakeCase)
    }
    if let metaObject {
      for field in Self.metaFields where Self.hasBothSpellings(field, in: metaObject) {
        return .reject("duplicate_field", field: field.snakeCase)
      }
    }
    if let paramsObject = event["params"]?.objectValue, Self.hasBothSpellings(Self.elementID, in: paramsObject) {
      return .reject("duplicate_field", field: Self.elementID.snakeCase)
    }

    // Check 3 onwards depends on the channel.
    let channel = try Self.channel(from: context)
    // params is an analytics field only; other channels ignore it like any unknown key.
    let paramsObject = channel == .analytics ? event["params"]?.objectValue : nil

    // 3. missing_key. A present null is a value of the wrong type, not a missing key.
    let actionIDValue = channel.readsActionID ? Self.value(of: Self.actionID, in: event) : nil
    if channel.readsActionID, actionIDValue == nil {
      return .reject("missing_key", field: Self.actionID.snakeCase)
    }
    let nameValue = channel == .analytics ? event["name"] : nil
    if channel == .analytics, nameValue == nil { return .reject("missing_key", field: "name") }
    if event["meta"] == nil { return .reject("missing_key", field: "meta") }
    var metaValues: [JSONValue] = []
    if let metaObject {
      for field in Self.metaFields {
        guard let value = Self.value(of: field, in: metaObject) else {
          return .reject("missing_key", field: field.snakeCase)
        }
        metaValues.append(value)
      }
    }

    // 4. invalid_type, in the contract's order.
    if let actionIDValue, actionIDValue.stringValue == nil {
      return .reject("invalid_type", field: Self.actionID.snakeCase)
    }
    if let nameValue, nameValue.stringValue == nil { return .reject("invalid_type", field: "name") }
    guard metaObject != nil else { return .reject("invalid_type", field: "meta") }
    let onboardingIDValue = metaValues[0]
    let screenCIDValue = metaValues[1]
    guard case .string(let onboardingID) = onboardingIDValue else {
      return .reject("invalid_type", field: Self.onboardingID.snakeCase)
    }
    guard case .string(let screenCID) = screenCIDValue else {
      return .reject("invalid_type", field: Self.screenCID.snakeCase)
    }
    guard case .number(let screenIndex) = metaValues[2], screenIndex.isIntegral else {
      return .reject("invalid_type", field: Self.screenIndex.snakeCase)
    }
    guard case .number(let totalScreens) = metaValues[3], totalScreens.isIntegral else {
      return .reject("invalid_type", field: Self.totalScreens.snakeCase)
    }
    var elementIDValue: JSONValue? = nil
    var replyValue: JSONValue? = nil
    if channel == .analytics, event["params"] != nil {
      guard let paramsObject else { return .reject("invalid_type", field: "params") }
      elementIDValue = Self.value(of: Self.elementID, in: paramsObject)
      replyValue = paramsObject["reply"]
      if let elementIDValue, elementIDValue.stringValue == nil {
        return .reject("invalid_type", field: Self.elementID.snakeCase)
      }
      if let replyValue, replyValue.stringValue == nil { return .reject("invalid_type", field: "reply") }
    }

    // 5. invalid_value: empty strings, then the screen numbers compared as exact decimals (a value
    // beyond Int64 such as 1e400 is still a whole number and must compare correctly).
    if let actionID = actionIDValue?.stringValue, actionID.utf8.isEmpty {
      return .reject("invalid_value", field: Self.actionID.snakeCase)
    }
    if let name = nameValue?.stringValue, name.utf8.isEmpty { return .reject("invalid_value", field: "name") }
    if onboardingID.utf8.isEmpty { return .reject("invalid_value", field: Self.onboardingID.snakeCase) }
    if screenCID.utf8.isEmpty { return .reject("invalid_value", field: Self.screenCID.snakeCase) }
    let index = screenIndex.decimal
    let total = totalScreens.decimal
    if index < JSONNumber(0).decimal { return .reject("invalid_value", field: Self.screenIndex.snakeCase) }
    if total < JSONNumber(1).decimal { return .reject("invalid_value", field: Self.totalScreens.snakeCase) }
    if !(index < total) { return .reject("invalid_value", field: Self.screenIndex.snakeCase) }

    // Output: snake_case names; the numbers keep the literal they were written with.
    var output: JSONObject = ["channel": .string(channel.rawValue)]
    if let actionIDValue { output["action_id"] = actionIDValue }
    output["meta"] = [
      "onboarding_id": onboardingIDValue, "screen_cid": screenCIDValue, "screen_index": metaValues[2],
      "total_screens": metaValues[3],
    ]
    if case .string(let name)? = nameValue {
      if let known = Self.knownEventNames.first(where: { TextRules.identical($0, name) }) {
        output["event"] = .string(known)
        if known == "screen_completed" {
          if let elementIDValue { output["element_id"] = elementIDValue }
          if let replyValue { output["reply"] = replyValue }
        }
      } else {
        output["event"] = "unknown"
        output["name"] = .string(name)
      }
    }
    return .accept(output: .object(output))
  }

  static func channel(from context: JSONObject) throws(ContextError) -> Channel {
    guard let value = context["channel"] else {
      throw ContextError(key: "channel", reason: "missing; one of \(Self.channelList)")
    }
    guard case .string(let text) = value else {
      throw ContextError(key: "channel", reason: "must be a string, got \(value.typeName)")
    }
    guard let channel = Channel.allCases.first(where: { TextRules.identical($0.rawValue, text) }) else {
      throw ContextError(key: "channel", reason: "unknown channel; one of \(Self.channelList)")
    }
    return channel
  }

  static var channelList: String { Channel.allCases.map(\.rawValue).joined(separator: ", ") }

  static func hasBothSpellings(_ field: Field, in object: JSONObject) -> Bool {
    object.contains(field.snakeCase) && object.contains(field.camelCase)
  }

  /// The field's value under whichever spelling is present (duplicates are rejected before).
  static func value(of field: Field, in object: JSONObject) -> JSONValue? {
    object[field.snakeCase] ?? object[field.camelCase]
  }
}
