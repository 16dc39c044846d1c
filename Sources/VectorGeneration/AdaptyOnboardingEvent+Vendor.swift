import ConformanceJSON
import ConformanceKit

/// Where the Adapty iOS SDK (AdaptySDK-iOS 3.17.2) gives another result than the guide: another
/// verdict, output or error (docs/suites/adapty.onboarding.event.md, "The vendor's SDK"). Each
/// rule is decided from what the test exercises: the spellings, numbers and `params` it holds and
/// the check it expects to fail, never from a list of ids.
extension AdaptyOnboardingEvent {
  /// The two analytics names the SDK knows and the guide does not list.
  static let vendorOnlyEventNames = ["registration_screen_presented", "products_screen_presented"]

  static let vendorNote = VendorNote { test in vendorRules(test) }

  static func vendorRules(_ test: GeneratedTest) -> [String] {
    var rules: [String] = []
    guard case .object(let event) = test.input else { return rules }
    let channel = test.context["channel"]?.stringValue
    let isAnalytics = channel == "analytics"
    let meta = event["meta"]?.objectValue
    let params = isAnalytics ? event["params"]?.objectValue : nil
    let isScreenCompleted =
      isAnalytics && (event["name"]?.stringValue?.utf8.elementsEqual("screen_completed".utf8) ?? false)
    var expectedError: String?
    var expectedField: String?
    if case .reject(let error, let field) = test.expect {
      expectedError = error
      expectedField = field
    }

    // The SDK reads snake_case keys only: a camelCase spelling of a field the channel reads.
    let readsActionID = channel.map { actionChannels.contains($0) } ?? false
    let camelKeys =
      (readsActionID && event.contains(actionID.camel) ? [actionID.camel] : [])
      + metaFields.map(\.camel).filter { meta?.contains($0) ?? false }
      + (isScreenCompleted && (params?.contains(elementID.camel) ?? false) ? [elementID.camel] : [])
    if !camelKeys.isEmpty { rules.append("camelCase spelling") }
    // Both spellings: the SDK takes the snake_case one.
    if expectedError == "duplicate_field" { rules.append("duplicate_field") }
    // The SDK checks presence and type only.
    if expectedError == "invalid_value" { rules.append("invalid_value") }
    // NSNumber: 1.5 is truncated to 1, true is 1, and a number beyond Int64 does not keep its value.
    let screenNumbers = [screenIndex, totalScreens].flatMap { [$0.snake, $0.camel] }.compactMap { meta?[$0] }
    for value in screenNumbers {
      switch value {
      case .bool: rules.append("boolean screen number")
      case .number(let number) where !number.isIntegral: rules.append("fractional screen number")
      case .number(let number) where !fitsInt64(number): rules.append("screen number beyond Int64")
      default: break
      }
    }
    // element_id and reply are read for screen_completed only, and a null params or params field
    // is absent. A params that is not an object is rejected for every name, as here: no rule.
    if isAnalytics, let field = expectedField, ["params", elementID.snake, "reply"].contains(field),
      expectedError == "invalid_type"
    {
      if !isScreenCompleted && field != "params" { rules.append("params on another event") }
      let spellings = field == elementID.snake ? [elementID.snake, elementID.camel] : [field]
      let value = field == "params" ? event["params"] : spellings.lazy.compactMap { params?[$0] }.first
      if case .null? = value { rules.append("null params") }
    }
    // Presence and type, field by field: a null field is absent, and the first field that fails
    // in the SDK's order is reported (the guide's checks report every missing field first).
    if let expectedError, ["missing_key", "invalid_type"].contains(expectedError), let channel,
      actionChannels.contains(channel) || ["finished_loading", "analytics"].contains(channel),
      let failure = sdkFirstFailure(event, channel: channel),
      failure.error != expectedError || failure.field != expectedField
    {
      rules.append(failure.isNull ? "null as absent" : "field-by-field order")
    }
    if isAnalytics, let name = event["name"]?.stringValue,
      vendorOnlyEventNames.contains(where: { $0.utf8.elementsEqual(name.utf8) })
    {
      rules.append("analytics name the SDK knows")
    }
    return rules
  }

  /// The first field the SDK's decoding refuses, in its order: `action_id` (the action channels),
  /// `meta` and its four fields, then for analytics `name` and a `params` that is not an object.
  /// Snake_case keys only; a null is absent (`missing_key`), another kind of value is
  /// `invalid_type` (a JSON number or boolean is a number). Nil when these all pass.
  static func sdkFirstFailure(
    _ event: JSONObject, channel: String
  ) -> (error: String, field: String, isNull: Bool)? {
    enum Kind { case string, number, object }
    func check(_ object: JSONObject, _ key: String, _ kind: Kind, optional: Bool = false) -> (String, String, Bool)? {
      let value = object[key]
      switch value {
      case nil, .null?: return optional ? nil : ("missing_key", key, value != nil)
      case .string?: return kind == .string ? nil : ("invalid_type", key, false)
      case .number?, .bool?: return kind == .number ? nil : ("invalid_type", key, false)
      case .object?: return kind == .object ? nil : ("invalid_type", key, false)
      case .array?: return ("invalid_type", key, false)
      }
    }
    func meta() -> (String, String, Bool)? {
      if let failure = check(event, "meta", .object) { return failure }
      guard case .object(let meta)? = event["meta"] else { return nil }
      let kinds: [Kind] = [.string, .string, .number, .number]
      for (field, kind) in zip(metaFields, kinds) {
        if let failure = check(meta, field.snake, kind) { return failure }
      }
      return nil
    }
    let failure: (String, String, Bool)?
    if actionChannels.contains(channel) {
      failure = check(event, actionID.snake, .string) ?? meta()
    } else if channel == "analytics" {
      failure = meta() ?? check(event, "name", .string) ?? check(event, "params", .object, optional: true)
    } else {
      failure = meta()
    }
    return failure.map { (error: $0.0, field: $0.1, isNull: $0.2) }
  }

  static let int64Range = (
    JSONNumber(uncheckedLiteral: "-9223372036854775808").decimal,
    JSONNumber(uncheckedLiteral: "9223372036854775807").decimal
  )

  static func fitsInt64(_ number: JSONNumber) -> Bool {
    let value = number.decimal
    return !(value < int64Range.0) && !(int64Range.1 < value)
  }
}
