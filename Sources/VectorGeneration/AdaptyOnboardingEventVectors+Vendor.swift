import ConformanceJSON

/// Where the Adapty iOS SDK (AdaptySDK-iOS commit cef5c13) gives another result than the guide
/// (docs/suites/adapty.onboarding.event.md, "The vendor's SDK"). Each rule is decided from what
/// the test exercises: the spellings, numbers and `params` it holds and the check it expects to
/// fail, never from a list of ids.
extension AdaptyOnboardingEventVectors {
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
    // params is read for screen_completed only, and a null params or params field is absent.
    if isAnalytics, let field = expectedField, ["params", elementID.snake, "reply"].contains(field),
      expectedError == "invalid_type"
    {
      if !isScreenCompleted { rules.append("params on another event") }
      let spellings = field == elementID.snake ? [elementID.snake, elementID.camel] : [field]
      let value = field == "params" ? event["params"] : spellings.lazy.compactMap { params?[$0] }.first
      if case .null? = value { rules.append("null params") }
    }
    if isAnalytics, let name = event["name"]?.stringValue,
      vendorOnlyEventNames.contains(where: { $0.utf8.elementsEqual(name.utf8) })
    {
      rules.append("analytics name the SDK knows")
    }
    return rules
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
