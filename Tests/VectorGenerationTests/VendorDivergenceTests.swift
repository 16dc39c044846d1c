import ConformanceJSON
import ConformanceKit
import Foundation
import Testing
import VectorGeneration

/// `vendor-divergence` on the shipped corpus: recomputed for every committed vector from the
/// rule it exercises (its expected error and field, the text or numbers it holds), with rules
/// written here independently of the generators' ``VendorNote``s. Each suite's page lists the
/// rules in its section "The vendor's SDK".
@Suite struct VendorDivergenceTests {
  static let tag = "vendor-divergence"

  /// Every committed vector file, loaded as the runner loads it.
  static let files: [VectorFile] = {
    let loader = VectorLoader()
    let root = packageRoot.appendingPathComponent("Vectors").path
    guard let locations = try? loader.discover(root: root) else { return [] }
    return locations.compactMap { location in
      if case .success(let file) = loader.load(location) { return file }
      return nil
    }
  }()

  static func tests(of suite: String) -> [VectorTest] {
    files.filter { $0.suite == suite }.flatMap(\.tests)
  }

  static func isTagged(_ test: VectorTest) -> Bool { test.tags.contains(tag) }

  /// Checks that exactly the vectors `mustCarry` selects are tagged, and that the suite keeps
  /// vectors of both kinds.
  func expectTags(suite: String, _ mustCarry: (VectorTest) -> Bool) {
    let tests = Self.tests(of: suite)
    #expect(!tests.isEmpty, "\(suite) has no committed vectors")
    var tagged = 0
    for test in tests {
      let must = mustCarry(test)
      if must { tagged += 1 }
      #expect(
        Self.isTagged(test) == must,
        "\(suite) \(test.id): \(must ? "must carry" : "must not carry") \(Self.tag)")
    }
    #expect(tagged > 0, "\(suite): no vector carries \(Self.tag)")
    #expect(tagged < tests.count, "\(suite): every vector carries \(Self.tag)")
  }

  @Test func theTagIsStandard() {
    #expect(Contract.standardTags.contains(Self.tag))
    #expect(VendorNote.tag == Self.tag)
  }

  @Test func aBuilderAddsTheTagWhereItsNoteSelectsTheTest() {
    // The note sees the file's context with the test's merged over it, and the rules named.
    let note = VendorNote { test in
      test.context["platform"] == "ios" && test.rules.contains("rule") ? ["rule"] : []
    }
    var builder = VectorFileBuilder(
      suite: "respondo.push.payload", description: "d", context: ["platform": "android"], vendorNote: note)
    builder.add(
      id: "selected", description: "d", tags: ["invalid"], input: 1, context: ["platform": "ios"],
      expect: .reject("e"), rules: ["rule"])
    builder.add(
      id: "file-context", description: "d", tags: ["invalid"], input: 1, expect: .reject("e"), rules: ["rule"])
    builder.add(
      id: "no-rule", description: "d", tags: ["invalid"], input: 1, context: ["platform": "ios"], expect: .reject("e"))
    let tags = builder.tests.map { $0.objectValue?["tags"] ?? .null }
    #expect(tags == [["invalid", "vendor-divergence"], ["invalid"], ["invalid"]])
  }

  // MARK: respondo.push.payload

  /// A text a lenient JSON reader would still read as an object: something between braces.
  static func looksLikeAnObject(_ text: String) -> Bool {
    let scalars = text.unicodeScalars.drop { ["\u{FEFF}", " ", "\t", "\n", "\r"].contains($0) }
    return scalars.first == "{" && scalars.contains("}")
  }

  /// Checks 4 to 6 (values, type, message and campaign keys), and on Android a text that breaks
  /// a rule of strict JSON although a lenient reader would read an object from it.
  static func payloadMustCarry(_ test: VectorTest) -> Bool {
    guard case .reject(let error?, _) = test.expectation else { return false }
    if ["non_string_value", "missing_key", "invalid_value", "unknown_key", "deep_link_mismatch"].contains(error) {
      return true
    }
    guard error == "invalid_encoding", test.context["platform"] == "android",
      case .string(let text)? = test.input.objectValue?["respondo"]
    else {
      return false
    }
    return (try? JSONParser().parse(text)) == nil && looksLikeAnObject(text)
  }

  @Test func respondoPushPayload() {
    expectTags(suite: "respondo.push.payload", Self.payloadMustCarry)
  }

  @Test func theLenientReadingIsTellingTheTextsApart() {
    #expect(Self.looksLikeAnObject(#"{"type": "campaign", /* x */ "delivery_id": "d1"}"#))
    #expect(Self.looksLikeAnObject("\u{FEFF}{}"))
    #expect(!Self.looksLikeAnObject(""))
    #expect(!Self.looksLikeAnObject("  \n"))
    #expect(!Self.looksLikeAnObject(#"{"type":"message""#))
  }

  @Test func theVendorsFixtureShapeIsRejectedAndTagged() {
    let tests = Self.tests(of: "respondo.push.payload").filter { $0.id.hasSuffix(".values.vendor-fixture.nested-data") }
    #expect(tests.count == 2, "one per platform")
    for test in tests {
      #expect(test.expectation == .reject(error: "non_string_value", field: "data"), "\(test.id)")
      #expect(Self.isTagged(test), "\(test.id)")
    }
  }

  // MARK: respondo.push.token

  @Test func respondoPushToken() {
    expectTags(suite: "respondo.push.token") { test in
      guard case .reject(let error, let field) = test.expectation else { return false }
      return !(error == "not_an_object" || (error == "invalid_value" && field == "platform"))
    }
  }

  // MARK: adapty.onboarding.event

  static let camelSpellings = ["onboardingId", "screenClientId", "screenIndex", "screensTotal"]

  /// The Adapty iOS SDK reads snake_case only, checks presence and type only, reads numbers
  /// through NSNumber, reads params for screen_completed only (a null one as absent), and
  /// knows two more analytics names.
  static func adaptyMustCarry(_ test: VectorTest) -> Bool {
    guard case .object(let event) = test.input else { return false }
    let channel = test.context["channel"]?.stringValue ?? ""
    var error: String?
    var field: String?
    if case .reject(let rejected, let rejectedField) = test.expectation {
      error = rejected
      field = rejectedField
    }
    if error == "duplicate_field" || error == "invalid_value" { return true }
    let meta = event["meta"]?.objectValue ?? [:]
    let name = channel == "analytics" ? event["name"]?.stringValue : nil
    let completed = name == "screen_completed"
    let params = channel == "analytics" ? event["params"] : nil
    // camelCase where the channel reads the field.
    if ["custom_action", "close_action", "paywall_action"].contains(channel), event.contains("actionId") {
      return true
    }
    if camelSpellings.contains(where: meta.contains) { return true }
    if completed, params?.objectValue?.contains("elementId") == true { return true }
    // Numbers as NSNumber reads them.
    for key in ["screen_index", "screenIndex", "total_screens", "screensTotal"] {
      switch meta[key] {
      case .bool?: return true
      case .number(let number)?:
        if !number.isIntegral || !fitsInt64(number) { return true }
      default: break
      }
    }
    // params: read for screen_completed only, a null one (or null field) is absent.
    if error == "invalid_type", let field, ["params", "element_id", "reply"].contains(field) {
      if !completed { return true }
      let value = field == "params" ? params : params?.objectValue?[field]
      if case .null? = value { return true }
    }
    return name == "registration_screen_presented" || name == "products_screen_presented"
  }

  /// An integral number whose exact value `Int64` holds, checked by writing out its digits.
  static func fitsInt64(_ number: JSONNumber) -> Bool {
    let value = number.decimal
    if value.digits.isEmpty { return true }
    guard value.digits.count + value.exponent <= 19 else { return false }
    let digits = value.digits.map { String($0) }.joined() + String(repeating: "0", count: value.exponent)
    return Int64((value.isNegative ? "-" : "") + digits) != nil
  }

  @Test func adaptyOnboardingEvent() {
    expectTags(suite: "adapty.onboarding.event", Self.adaptyMustCarry)
  }

  @Test func theAdaptyVendorExamplesAreShippedAndTagged() {
    let tests = Dictionary(
      Self.tests(of: "adapty.onboarding.event").map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for name in ["registration_screen_presented", "products_screen_presented"] {
      guard let test = tests["unknown.vendor-sdk-\(name)"] else {
        Issue.record("no vector for the analytics name \(name)")
        continue
      }
      guard case .accept(let output?) = test.expectation else {
        Issue.record("\(test.id) must be accepted with its output")
        continue
      }
      #expect(output.objectValue?["event"] == "unknown" && output.objectValue?["name"] == .string(name))
      #expect(Self.isTagged(test), "\(test.id)")
    }
    // The guide's custom action example is written in camelCase.
    let custom = tests["guide-example.custom-action"]
    #expect(custom?.input.objectValue?.contains("actionId") == true)
    if case .accept? = custom?.expectation {} else { Issue.record("guide-example.custom-action must be accepted") }
    #expect(custom.map(Self.isTagged) == true)
  }

  // MARK: respondo.push.session

  /// The session suite's rules (docs/suites/respondo.push.session.md, "The vendor's SDK"), read off
  /// each vector's steps and expected results: a `duplicate` or `suppressed` result, a message
  /// tapped twice, a token rejection, a payload rejected by the respondo object's own checks. A
  /// tagged vector outside these must hold an `invalid_encoding` (strict JSON in the string).
  @Test func respondoPushSessionTagsFollowTheVendorRules() {
    let tokenRejections: Set = [
      "missing_token", "invalid_value", "fcm_token_on_ios", "invalid_apns_token", "apns_token_on_android",
      "invalid_fcm_token",
    ]
    let payloadChecks: Set = ["non_string_value", "missing_key", "invalid_value", "unknown_key", "deep_link_mismatch"]
    let tests = Self.tests(of: "respondo.push.session")
    #expect(tests.count >= 500)
    var tagged = 0
    for test in tests {
      guard case .accept(let output?) = test.expectation, case .array(let steps) = test.input,
        case .array(let results)? = output.objectValue?["results"], results.count == steps.count
      else { continue }
      var must = false
      var tapped: Set<String> = []
      var encoding = false
      for (step, result) in zip(steps, results) {
        guard let name = step.objectValue?["step"]?.stringValue, let result = result.stringValue else { continue }
        if result == "duplicate" || result == "suppressed" { must = true }
        if name == "set_token" && tokenRejections.contains(result) { must = true }
        if name == "receive" || name == "tap" {
          if payloadChecks.contains(result) { must = true }
          if result == "invalid_encoding" { encoding = true }
        }
        if name == "tap" && result == "opened", let id = Self.messageID(of: step), !tapped.insert(id).inserted {
          must = true
        }
      }
      if must { tagged += 1 }
      if must && !Self.isTagged(test) {
        Issue.record("respondo.push.session \(test.id): must carry \(Self.tag)")
      } else if !must && Self.isTagged(test) && !encoding {
        Issue.record("respondo.push.session \(test.id): tagged without a rule the vendor's SDK does not follow")
      }
    }
    #expect(tagged > 0 && tagged < tests.count)
  }

  /// The message_id of a tap's payload: the respondo object on iOS, or its JSON text on Android.
  static func messageID(of step: JSONValue) -> String? {
    guard let respondo = step.objectValue?["payload"]?.objectValue?["respondo"] else { return nil }
    switch respondo {
    case .object(let object): return object["message_id"]?.stringValue
    case .string(let text):
      guard case .object(let object)? = try? JSONParser().parse(Array(text.utf8)) else { return nil }
      return object["message_id"]?.stringValue
    default: return nil
    }
  }

  // MARK: Everything else

  @Test func noOtherSuiteCarriesTheTag() {
    // respondo.push.session is tagged by its own generator.
    let measured: Set = [
      "respondo.push.payload", "respondo.push.token", "adapty.onboarding.event", "respondo.push.session",
    ]
    for file in Self.files where !measured.contains(file.suite) {
      for test in file.tests where Self.isTagged(test) {
        Issue.record("\(file.path) \(test.id): \(file.suite) has no rule the vendor's SDK does not follow")
      }
    }
  }
}
