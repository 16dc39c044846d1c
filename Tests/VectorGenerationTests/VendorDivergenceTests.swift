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

  /// The respondo value's JSON text read the way the vendor's SDKs read it (written here from
  /// the SDKs' JSON settings, not shared with the generator): `lenient` is kotlinx-serialization
  /// with `isLenient` (sdk-android: bare words as keys and values, no surrogate or control
  /// character check, no comments, no trailing comma or text); otherwise Foundation's
  /// JSONSerialization (sdk-ios: strict, but a leading byte order mark is skipped). Both keep
  /// the last of duplicate keys. Nil when the reader refuses the text or it is not an object.
  struct SDKTextReader {
    let lenient: Bool
    var scalars: [Unicode.Scalar] = []
    var index = 0

    static func object(_ text: String, lenient: Bool) -> [String: String?]? {
      var reader = SDKTextReader(lenient: lenient)
      reader.scalars = Array(text.unicodeScalars)
      if !lenient, reader.scalars.first == "\u{FEFF}" { reader.index = 1 }
      guard case .object(let members)? = reader.value(), reader.atEnd() else { return nil }
      return members
    }

    indirect enum Value {
      case object([String: String?])  // members as the SDK's primitive text (nil: not a primitive)
      case primitive(String?)  // nil: JSON null
      case container
    }

    mutating func skip() {
      while index < scalars.count, " \t\n\r".unicodeScalars.contains(scalars[index]) { index += 1 }
    }
    mutating func atEnd() -> Bool {
      skip()
      return index == scalars.count
    }
    mutating func next() -> Unicode.Scalar? {
      skip()
      return index < scalars.count ? scalars[index] : nil
    }

    mutating func value() -> Value? {
      switch next() {
      case "{"?:
        index += 1
        var members: [String: String?] = [:]
        if next() == "}" {
          index += 1
          return .object(members)
        }
        while true {
          guard let key = lenient ? string() ?? bareWord() : string(), next() == ":" else { return nil }
          index += 1
          switch value() {
          case .primitive(let text)?: members[key] = .some(text)
          case .object?, .container?: members[key] = .some(nil)
          case nil: return nil
          }
          let separator = next()
          index += 1
          if separator == "}" { return .object(members) }
          guard separator == ",", next() != "}" else { return nil }
        }
      case "["?:
        index += 1
        if next() == "]" {
          index += 1
          return .container
        }
        while true {
          guard value() != nil else { return nil }
          let separator = next()
          index += 1
          if separator == "]" { return .container }
          guard separator == ",", next() != "]" else { return nil }
        }
      case "\""?: return string().map { .primitive($0) }
      case nil: return nil
      default:
        guard let word = bareWord() else { return nil }
        if word == "null" { return .primitive(nil) }
        if lenient { return .primitive(word) }
        let strictWords = ["true", "false"]
        let isNumber = (try? JSONParser().parse(word)).map { if case .number = $0 { true } else { false } } ?? false
        return strictWords.contains(word) || isNumber ? .primitive(word) : nil
      }
    }

    mutating func bareWord() -> String? {
      let start = index
      while index < scalars.count, !"{}[],:\"\\ \t\n\r".unicodeScalars.contains(scalars[index]) { index += 1 }
      guard index > start else { return nil }
      return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    mutating func string() -> String? {
      guard next() == "\"" else { return nil }
      index += 1
      var units: [UInt16] = []
      while index < scalars.count {
        let scalar = scalars[index]
        index += 1
        if scalar == "\"" {
          // Foundation refuses a lone surrogate; kotlinx keeps it (as U+FFFD here, for the key).
          if !lenient, String(decoding: units, as: UTF16.self).unicodeScalars.contains("\u{FFFD}"),
            !units.contains(0xFFFD)
          {
            return nil
          }
          return String(decoding: units, as: UTF16.self)
        }
        if scalar.value < 0x20 && !lenient { return nil }
        guard scalar == "\\" else {
          units.append(contentsOf: String(scalar).utf16)
          continue
        }
        guard index < scalars.count else { return nil }
        let escape = scalars[index]
        index += 1
        let simple: [Unicode.Scalar: String] = [
          "\"": "\"", "\\": "\\", "/": "/", "b": "\u{8}", "f": "\u{C}", "n": "\n", "r": "\r", "t": "\t",
        ]
        if let text = simple[escape] {
          units.append(contentsOf: text.utf16)
        } else if escape == "u", index + 4 <= scalars.count,
          let unit = UInt16(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
        {
          units.append(unit)
          index += 4
        } else {
          return nil
        }
      }
      return nil
    }
  }

  /// Whether the platform's SDK takes the push as its own: iOS when `type` is exactly `message`
  /// or `campaign`; Android when `type` or `conversation_id` is a primitive other than null.
  static func sdkTakes(_ members: [String: String?], android: Bool) -> Bool {
    if android { return [members["type"], members["conversation_id"]].contains { $0 != nil && $0! != nil } }
    return ["message", "campaign"].contains(members["type"] ?? nil)
  }

  /// The respondo object as the SDK reads it: an iOS object directly, or a text through the
  /// platform's reader.
  static func sdkObject(_ respondo: JSONValue?, android: Bool) -> [String: String?]? {
    switch respondo {
    case .string(let text)?: return SDKTextReader.object(text, lenient: android)
    case .object(let object)? where !android:
      // Keys compared as Swift strings (an NFC and an NFD spelling are one key here: only type
      // and conversation_id are looked up).
      return Dictionary(
        object.members.map { member in
          (member.key, member.value.stringValue ?? (member.value == .null ? nil : "not a string"))
        }, uniquingKeysWith: { _, last in last })
    default: return nil
    }
  }

  static let payloadChecks: Set = [
    "non_string_value", "missing_key", "invalid_value", "unknown_key", "deep_link_mismatch",
  ]

  /// Another verdict, output or error from the SDK of the vector's own platform.
  static func payloadMustCarry(_ test: VectorTest) -> Bool {
    let android = test.context["platform"] == "android"
    guard ["ios", "android"].contains(test.context["platform"]?.stringValue ?? "") else { return false }
    let respondo = test.input.objectValue?["respondo"]
    switch test.expectation {
    case .accept(let output?):
      // Android keeps only the keys its payload object knows: a campaign's extra keys are lost.
      return android && !(output.objectValue?["extra"]?.objectValue?.members.isEmpty ?? true)
    case .reject(let error?, let field):
      if payloadChecks.contains(error) {
        guard let members = sdkObject(respondo, android: android) else { return true }
        if sdkTakes(members, android: android) { return true }
        return field != "type"
      }
      guard error == "invalid_encoding", case .string? = respondo else { return false }
      // A text the contract refuses and the SDK's reader still reads as an object.
      return sdkObject(respondo, android: android) != nil
    default:
      return false
    }
  }

  @Test func respondoPushPayload() {
    expectTags(suite: "respondo.push.payload", Self.payloadMustCarry)
  }

  @Test func theSDKReadersReadWhatTheirJSONSettingsAllow() {
    // Android: lenient words and duplicates read, comments and trailing commas refused.
    #expect(SDKTextReader.object(#"{type: "campaign", delivery_id: "d1"}"#, lenient: true)?["type"] == "campaign")
    #expect(SDKTextReader.object("{'type': 'x'}", lenient: true)?["'type'"] == "'x'")
    #expect(SDKTextReader.object(#"{"a": "1", "a": "2"}"#, lenient: true)?["a"] == "2")
    #expect(SDKTextReader.object(#"{"a": "1",}"#, lenient: true) == nil)
    #expect(SDKTextReader.object(#"{"a": /* c */ "1"}"#, lenient: true) == nil)
    #expect(SDKTextReader.object("\u{FEFF}{}", lenient: true) == nil)
    #expect(SDKTextReader.object(#"{"a": "1"} x"#, lenient: true) == nil)
    // iOS: strict but for duplicates and a byte order mark.
    #expect(SDKTextReader.object("\u{FEFF}{}", lenient: false) != nil)
    #expect(SDKTextReader.object(#"{"a": "1", "a": "2"}"#, lenient: false)?["a"] == "2")
    #expect(SDKTextReader.object(#"{type: "campaign"}"#, lenient: false) == nil)
    #expect(SDKTextReader.object(#"{"a": NaN}"#, lenient: false) == nil)
    #expect(SDKTextReader.object(#"{"a": "\ud800"}"#, lenient: false) == nil)
    #expect(SDKTextReader.object(#"{"a": 1.5, "b": true, "c": null}"#, lenient: false) != nil)
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
    // setPushToken(String) registers any string; a token that is not a string cannot be passed.
    expectTags(suite: "respondo.push.token") { test in
      guard case .reject(let error, let field) = test.expectation else { return false }
      guard case .string? = test.input.objectValue?["token"] else { return false }
      return !(error == "not_an_object" || (error == "invalid_value" && field == "platform"))
    }
  }

  // MARK: adapty.onboarding.event

  static let camelSpellings = ["onboardingId", "screenClientId", "screenIndex", "screensTotal"]

  /// The Adapty iOS SDK reads snake_case only, checks presence and type only (a null is
  /// absent), field by field in its own order, reads numbers through NSNumber, reads element_id
  /// and reply for screen_completed only, and knows two more analytics names.
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
    // element_id and reply: read for screen_completed only; a null params or field is absent.
    if error == "invalid_type", let field, ["params", "element_id", "reply"].contains(field) {
      if !completed && field != "params" { return true }
      let value = field == "params" ? params : params?.objectValue?[field]
      if case .null? = value { return true }
    }
    // Another missing_key or invalid_type: the SDK's first refusal, field by field.
    if let error, ["missing_key", "invalid_type"].contains(error), let refusal = adaptyRefusal(event, channel),
      refusal.error != error || refusal.field != field
    {
      return true
    }
    return name == "registration_screen_presented" || name == "products_screen_presented"
  }

  /// The fields the SDK decodes, in its order, each with the JSON kinds it takes: `action_id`
  /// then meta for the action channels, meta then `name` and `params` for analytics.
  static func adaptyDecodingOrder(_ channel: String) -> [(path: [String], kinds: Set<String>, optional: Bool)]? {
    let meta: [([String], Set<String>, Bool)] = [
      (["meta"], ["object"], false), (["meta", "onboarding_id"], ["string"], false),
      (["meta", "screen_cid"], ["string"], false), (["meta", "screen_index"], ["number", "bool"], false),
      (["meta", "total_screens"], ["number", "bool"], false),
    ]
    switch channel {
    case "custom_action", "close_action", "paywall_action":
      return [(["action_id"], ["string"], false)] + meta.map { ($0.0, $0.1, $0.2) }
    case "finished_loading": return meta.map { ($0.0, $0.1, $0.2) }
    case "analytics":
      return (meta + [(["name"], ["string"], false), (["params"], ["object"], true)]).map { ($0.0, $0.1, $0.2) }
    default: return nil
    }
  }

  /// The SDK's first refusal of `event` (nil: it decodes): a null or absent field is missing.
  static func adaptyRefusal(_ event: JSONObject, _ channel: String) -> (error: String, field: String)? {
    guard let order = adaptyDecodingOrder(channel) else { return nil }
    for (path, kinds, optional) in order {
      var value: JSONValue? = .object(event)
      for key in path { value = value?.objectValue?[key] }
      let kind: String
      switch value {
      case nil, .null?:
        if optional { continue }
        return ("missing_key", path.last!)
      case .string?: kind = "string"
      case .number?: kind = "number"
      case .bool?: kind = "bool"
      case .object?: kind = "object"
      case .array?: kind = "array"
      }
      if !kinds.contains(kind) { return ("invalid_type", path.last!) }
    }
    return nil
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
  /// tapped twice, a string token rejected, a payload the platform's SDK gives another result
  /// (as in respondo.push.payload), and on Android a campaign tapped while the SDK holds no token
  /// (no open beacon). Exactly these vectors carry the tag.
  @Test func respondoPushSessionTagsFollowTheVendorRules() {
    let tokenRejections: Set = [
      "missing_token", "invalid_value", "fcm_token_on_ios", "invalid_apns_token", "apns_token_on_android",
      "invalid_fcm_token",
    ]
    let tests = Self.tests(of: "respondo.push.session")
    #expect(tests.count >= 500)
    var tagged = 0
    for test in tests {
      var must = false
      if case .accept(let output?) = test.expectation, case .array(let steps) = test.input,
        case .array(let results)? = output.objectValue?["results"], results.count == steps.count
      {
        let android = ["android", "flutter-android"].contains(test.context["platform"]?.stringValue ?? "")
        var tapped: Set<String> = []
        var sdkHasToken = false
        for (step, result) in zip(steps, results) {
          guard let name = step.objectValue?["step"]?.stringValue, let result = result.stringValue else { continue }
          if result == "duplicate" || result == "suppressed" { must = true }
          if name == "set_token", case .string? = step.objectValue?["token"] {
            sdkHasToken = true
            if tokenRejections.contains(result) { must = true }
          }
          if name == "clear_token" { sdkHasToken = false }
          if name == "receive" || name == "tap", Self.sessionPayloadDiverges(step, result, android: android) {
            must = true
          }
          if name == "tap" && result == "opened", let id = Self.messageID(of: step), !tapped.insert(id).inserted {
            must = true
          }
          if name == "tap" && android && !sdkHasToken && ["opened_link", "opened_app"].contains(result) {
            must = true
          }
        }
      }
      if must { tagged += 1 }
      #expect(
        Self.isTagged(test) == must,
        "respondo.push.session \(test.id): \(must ? "must carry" : "must not carry") \(Self.tag)")
    }
    #expect(tagged > 0 && tagged < tests.count)
  }

  /// Whether a receive or tap result is another one on the platform's SDK: a rejection the SDK
  /// does not make (it takes the push), or makes at another check than the one rejected here.
  static func sessionPayloadDiverges(_ step: JSONValue, _ result: String, android: Bool) -> Bool {
    let respondo = step.objectValue?["payload"]?.objectValue?["respondo"]
    if payloadChecks.contains(result) {
      guard let members = sdkObject(respondo, android: android) else { return true }
      if sdkTakes(members, android: android) { return true }
      let typeRefused = !["message", "campaign"].contains(members["type"] ?? nil)
      return !(typeRefused && ["missing_key", "invalid_value", "non_string_value"].contains(result))
    }
    guard result == "invalid_encoding", case .string? = respondo else { return false }
    return sdkObject(respondo, android: android) != nil
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
