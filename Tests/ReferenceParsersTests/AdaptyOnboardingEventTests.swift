import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// Runs one event through the reference parser; the JSON text is parsed strictly first.
private func adapty(_ json: String, channel: String) throws -> Outcome {
  let input = try JSONParser().parse(json)
  return try AdaptyOnboardingEvent().evaluate(input, context: ["channel": .string(channel)])
}

private let snakeMeta = #""meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 0, "total_screens": 4}"#
private let camelMeta = #""meta": {"onboardingId": "o", "screenClientId": "s", "screenIndex": 0, "screensTotal": 4}"#
private let expectedMeta: JSONValue = ["onboarding_id": "o", "screen_cid": "s", "screen_index": 0, "total_screens": 4]

@Suite struct AdaptyOnboardingEventTests {
  // MARK: Context

  static let unusableContexts: [JSONObject] = [
    [:], ["channel": 1], ["channel": "customAction"], ["channel": "Analytics"],
  ]

  /// missing_key is the first check that needs the channel.
  @Test(arguments: unusableContexts)
  func contextWithoutAUsableChannelIsAContextError(_ context: JSONObject) throws {
    let suite = AdaptyOnboardingEvent()
    for event: JSONValue in [["meta": [:]], [:]] {
      do {
        _ = try suite.evaluate(event, context: context)
        Issue.record("context \(context) was accepted")
      } catch {
        #expect(error.key == "channel")
      }
    }
  }

  /// not_an_object and duplicate_field need no channel: they are reported with the context
  /// missing or broken.
  @Test(arguments: unusableContexts)
  func structuralChecksNeedNoChannel(_ context: JSONObject) throws {
    let suite = AdaptyOnboardingEvent()
    #expect(try suite.evaluate("x", context: context) == .reject(error: "not_an_object", field: nil))
    #expect(try suite.evaluate([], context: context) == .reject(error: "not_an_object", field: nil))
    #expect(
      try suite.evaluate(["action_id": "a", "actionId": "a"], context: context)
        == .reject(error: "duplicate_field", field: "action_id"))
    #expect(
      try suite.evaluate(["meta": ["screen_index": 0, "screenIndex": 0]], context: context)
        == .reject(error: "duplicate_field", field: "screen_index"))
    #expect(
      try suite.evaluate(["params": ["element_id": "e", "elementId": "e"]], context: context)
        == .reject(error: "duplicate_field", field: "element_id"))
  }

  // MARK: Accepted events

  @Test func actionChannelsOutputTheActionIDAndSnakeCaseMeta() throws {
    for channel in ["custom_action", "close_action", "paywall_action"] {
      #expect(
        try adapty(#"{"actionId": "a", \#(camelMeta)}"#, channel: channel)
          == .accept(output: ["channel": .string(channel), "action_id": "a", "meta": expectedMeta]))
      #expect(
        try adapty(#"{"action_id": "a", \#(snakeMeta)}"#, channel: channel)
          == .accept(output: ["channel": .string(channel), "action_id": "a", "meta": expectedMeta]))
    }
  }

  @Test func finishedLoadingIgnoresActionIDInEitherSpellingAndAnyType() throws {
    let expected = Outcome.accept(output: ["channel": "finished_loading", "meta": expectedMeta])
    #expect(try adapty("{\(snakeMeta)}", channel: "finished_loading") == expected)
    #expect(try adapty(#"{"action_id": 1, \#(snakeMeta)}"#, channel: "finished_loading") == expected)
    #expect(try adapty(#"{"actionId": "", \#(snakeMeta)}"#, channel: "finished_loading") == expected)
  }

  @Test func analyticsMapsSnakeCaseNamesOnly() throws {
    for name in [
      "onboarding_started", "screen_presented", "second_screen_presented", "user_email_collected",
      "onboarding_completed",
    ] {
      #expect(
        try adapty(#"{"name": "\#(name)", \#(snakeMeta), "params": {"reply": "r"}}"#, channel: "analytics")
          == .accept(output: ["channel": "analytics", "meta": expectedMeta, "event": .string(name)]))
    }
    #expect(
      try adapty(#"{"name": "onboardingStarted", \#(snakeMeta)}"#, channel: "analytics")
        == .accept(
          output: ["channel": "analytics", "meta": expectedMeta, "event": "unknown", "name": "onboardingStarted"]))
  }

  @Test func unknownNamesAreComparedByteForByte() throws {
    // U+0301 after "d" is not "d": no normalisation, the name is kept as written.
    let outcome = try adapty(#"{"name": "screen_presente\u0301d", \#(snakeMeta)}"#, channel: "analytics")
    #expect(
      outcome
        == .accept(
          output: ["channel": "analytics", "meta": expectedMeta, "event": "unknown", "name": "screen_presente\u{301}d"]
        ))
  }

  @Test func screenCompletedAddsOnlyThePresentParams() throws {
    #expect(
      try adapty(#"{"name": "screen_completed", \#(snakeMeta), "params": {"elementId": "e"}}"#, channel: "analytics")
        == .accept(
          output: ["channel": "analytics", "meta": expectedMeta, "event": "screen_completed", "element_id": "e"]))
    #expect(
      try adapty(#"{"name": "screen_completed", \#(snakeMeta), "params": {"reply": ""}}"#, channel: "analytics")
        == .accept(output: ["channel": "analytics", "meta": expectedMeta, "event": "screen_completed", "reply": ""]))
    #expect(
      try adapty(#"{"name": "screen_completed", \#(snakeMeta)}"#, channel: "analytics")
        == .accept(output: ["channel": "analytics", "meta": expectedMeta, "event": "screen_completed"]))
  }

  @Test func metaNumbersKeepTheirLiteralAndCompareExactly() throws {
    let outcome = try adapty(
      #"{"meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 10e-1, "total_screens": 1e400}}"#,
      channel: "finished_loading")
    guard case .accept(.object(let output)) = outcome, case .object(let meta)? = output["meta"] else {
      Issue.record("expected an accepted event, got \(outcome)")
      return
    }
    #expect(meta["screen_index"]?.numberValue?.literal == "10e-1")
    #expect(meta["total_screens"]?.numberValue?.literal == "1e400")
  }

  // MARK: Each check

  @Test func notAnObject() throws {
    for json in ["null", "[]", "\"x\"", "1", "true"] {
      #expect(try adapty(json, channel: "close_action") == .reject(error: "not_an_object", field: nil))
    }
  }

  @Test func duplicateFieldAtEachLevel() throws {
    #expect(
      try adapty(#"{"action_id": "a", "actionId": "a", \#(snakeMeta)}"#, channel: "paywall_action")
        == .reject(error: "duplicate_field", field: "action_id"))
    let pairs = [
      ("onboarding_id", "onboardingId"), ("screen_cid", "screenClientId"), ("screen_index", "screenIndex"),
      ("total_screens", "screensTotal"),
    ]
    for (snake, camel) in pairs {
      let json =
        #"{"meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 0, "total_screens": 4, "\#(camel)": 1}}"#
      #expect(try adapty(json, channel: "finished_loading") == .reject(error: "duplicate_field", field: snake))
    }
    #expect(
      try adapty(#"{"name": "n", \#(snakeMeta), "params": {"elementId": 1, "element_id": 2}}"#, channel: "analytics")
        == .reject(error: "duplicate_field", field: "element_id"))
  }

  /// the contract's step 2 is structural and comes before the channel-specific step 3: both spellings are a
  /// duplicate_field on every channel, also where the channel otherwise ignores the field.
  @Test(arguments: ["custom_action", "close_action", "paywall_action", "finished_loading", "analytics"])
  func duplicatesAreRejectedOnEveryChannel(_ channel: String) throws {
    #expect(
      try adapty(#"{"name": "n", "action_id": "a", "actionId": "b", \#(snakeMeta)}"#, channel: channel)
        == .reject(error: "duplicate_field", field: "action_id"))
    #expect(
      try adapty(
        #"{"action_id": "a", "name": "n", \#(snakeMeta), "params": {"element_id": 1, "elementId": 2}}"#,
        channel: channel)
        == .reject(error: "duplicate_field", field: "element_id"))
  }

  @Test func duplicateFieldsInOrderAcrossLevels() throws {
    // Top level before meta before params, whatever the channel reads.
    let all =
      #"{"actionId": 1, "action_id": 1, "meta": {"screensTotal": 1, "total_screens": 1}, "params": {"elementId": 1, "element_id": 1}}"#
    #expect(try adapty(all, channel: "analytics") == .reject(error: "duplicate_field", field: "action_id"))
    let metaAndParams =
      #"{"meta": {"screensTotal": 1, "total_screens": 1}, "params": {"elementId": 1, "element_id": 1}}"#
    #expect(
      try adapty(metaAndParams, channel: "custom_action") == .reject(error: "duplicate_field", field: "total_screens"))
  }

  @Test func duplicatesInsideNonObjectsAreNotLookedFor() throws {
    // "in an object params": a params that is not an object is ignored outside analytics, and on
    // analytics it is invalid_type later.
    #expect(
      try adapty(
        #"{"action_id": "a", \#(snakeMeta), "params": "{\"element_id\":1,\"elementId\":2}"}"#, channel: "custom_action")
        == .accept(output: ["channel": "custom_action", "action_id": "a", "meta": expectedMeta]))
    #expect(
      try adapty(#"{"name": "n", \#(snakeMeta), "params": [{"element_id": 1, "elementId": 2}]}"#, channel: "analytics")
        == .reject(error: "invalid_type", field: "params"))
  }

  @Test func missingKeysInOrder() throws {
    #expect(try adapty("{}", channel: "custom_action") == .reject(error: "missing_key", field: "action_id"))
    #expect(try adapty("{}", channel: "analytics") == .reject(error: "missing_key", field: "name"))
    #expect(try adapty("{}", channel: "finished_loading") == .reject(error: "missing_key", field: "meta"))
    #expect(
      try adapty(#"{"action_id": "a"}"#, channel: "close_action") == .reject(error: "missing_key", field: "meta"))
    let fields = ["onboarding_id", "screen_cid", "screen_index", "total_screens"]
    for (index, field) in fields.enumerated() {
      // Only the fields before `field` are present: `field` is the first missing one.
      let present = fields[..<index].map { #""\#($0)": 1"# }.joined(separator: ", ")
      #expect(
        try adapty(#"{"meta": {\#(present)}}"#, channel: "finished_loading")
          == .reject(error: "missing_key", field: field))
    }
  }

  @Test func nullIsPresentWithTheWrongType() throws {
    #expect(
      try adapty(#"{"action_id": null, \#(snakeMeta)}"#, channel: "custom_action")
        == .reject(error: "invalid_type", field: "action_id"))
    #expect(
      try adapty(#"{"name": "n", \#(snakeMeta), "params": null}"#, channel: "analytics")
        == .reject(error: "invalid_type", field: "params"))
  }

  @Test func invalidTypesInOrder() throws {
    #expect(
      try adapty(#"{"action_id": 1, "meta": 1}"#, channel: "custom_action")
        == .reject(error: "invalid_type", field: "action_id"))
    #expect(
      try adapty(#"{"name": [], "meta": 1}"#, channel: "analytics") == .reject(error: "invalid_type", field: "name"))
    #expect(
      try adapty(#"{"meta": "{}"}"#, channel: "finished_loading") == .reject(error: "invalid_type", field: "meta"))
    let wrong: [(String, String)] = [
      (#"{"meta": {"onboarding_id": 1, "screen_cid": 1, "screen_index": "0", "total_screens": "4"}}"#, "onboarding_id"),
      (#"{"meta": {"onboarding_id": "o", "screen_cid": 1, "screen_index": "0", "total_screens": "4"}}"#, "screen_cid"),
      (
        #"{"meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 0.5, "total_screens": "4"}}"#,
        "screen_index"
      ),
      (
        #"{"meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 0, "total_screens": 4.5}}"#,
        "total_screens"
      ),
    ]
    for (json, field) in wrong {
      #expect(try adapty(json, channel: "finished_loading") == .reject(error: "invalid_type", field: field))
    }
    #expect(
      try adapty(#"{"name": "n", \#(snakeMeta), "params": []}"#, channel: "analytics")
        == .reject(error: "invalid_type", field: "params"))
    #expect(
      try adapty(#"{"name": "n", \#(snakeMeta), "params": {"reply": 1, "element_id": 1}}"#, channel: "analytics")
        == .reject(error: "invalid_type", field: "element_id"))
    #expect(
      try adapty(#"{"name": "n", \#(snakeMeta), "params": {"reply": 1}}"#, channel: "analytics")
        == .reject(error: "invalid_type", field: "reply"))
  }

  @Test func integralNumbersInAnySpellingAreAccepted() throws {
    for literal in ["1", "1.0", "1e0", "10e-1", "0.1e1", "1E+0"] {
      let json =
        #"{"meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": \#(literal), "total_screens": 2}}"#
      guard case .accept = try adapty(json, channel: "finished_loading") else {
        Issue.record("screen_index \(literal) was not accepted")
        continue
      }
    }
  }

  @Test func invalidValuesInOrder() throws {
    func meta(_ id: String, _ cid: String, _ index: String, _ total: String) -> String {
      #""meta": {"onboarding_id": "\#(id)", "screen_cid": "\#(cid)", "screen_index": \#(index), "total_screens": \#(total)}"#
    }
    #expect(
      try adapty(#"{"action_id": "", \#(meta("", "", "-1", "0"))}"#, channel: "custom_action")
        == .reject(error: "invalid_value", field: "action_id"))
    #expect(
      try adapty(#"{"name": "", \#(meta("", "", "-1", "0"))}"#, channel: "analytics")
        == .reject(error: "invalid_value", field: "name"))
    let cases: [(String, String)] = [
      (meta("", "", "-1", "0"), "onboarding_id"), (meta("o", "", "-1", "0"), "screen_cid"),
      (meta("o", "s", "-1", "0"), "screen_index"), (meta("o", "s", "9", "0"), "total_screens"),
      (meta("o", "s", "4", "4.0"), "screen_index"), (meta("o", "s", "1e400", "1e400"), "screen_index"),
      (meta("o", "s", "-1e400", "1"), "screen_index"),
    ]
    for (members, field) in cases {
      #expect(
        try adapty("{\(members)}", channel: "finished_loading") == .reject(error: "invalid_value", field: field))
    }
    guard case .accept = try adapty("{\(meta("o", "s", "1e399", "1e400"))}", channel: "finished_loading") else {
      Issue.record("1e399 < 1e400 was rejected")
      return
    }
  }

  // MARK: The shipped vectors

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(AdaptyOnboardingEvent())
    #expect(count >= 300, "the adapty.onboarding.event corpus has \(count) vectors, fewer than 300")
  }
}
