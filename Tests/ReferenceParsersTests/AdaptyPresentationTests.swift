import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

private func present(_ steps: [String], context: JSONObject = [:]) throws -> Outcome {
  try AdaptyPresentation().evaluate(.array(steps.map { .string($0) }), context: context)
}

private func shown(_ view: JSONValue) -> Outcome { .accept(output: ["shown": view]) }

private let events = ["custom_action", "close_action", "paywall_action", "finished_loading", "analytics"]

@Suite struct AdaptyPresentationTests {
  @Test func theEmptyTraceShowsNothing() throws {
    #expect(try present([]) == shown(.null))
  }

  @Test func theRecommendedFlowDismissesTheOnboardingBeforeThePaywall() throws {
    let flow = ["present_onboarding", "finished_loading", "paywall_action", "dismiss_onboarding", "present_paywall"]
    #expect(try present(Array(flow.prefix(3))) == shown("onboarding"))
    #expect(try present(Array(flow.prefix(4))) == shown(.null))
    #expect(try present(flow) == shown("paywall"))
    #expect(try present(flow + ["dismiss_paywall"]) == shown(.null))
  }

  @Test func aPaywallOverTheOnboardingIsTheMistake() throws {
    #expect(
      try present(["present_onboarding", "paywall_action", "present_paywall"])
        == .reject(error: "paywall_over_onboarding", field: "present_paywall"))
    // What the guide says happens next does not matter: the paywall is the first break.
    #expect(
      try present(["present_onboarding", "present_paywall", "dismiss_onboarding"])
        == .reject(error: "paywall_over_onboarding", field: "present_paywall"))
  }

  @Test func presentingOverAnyOtherViewIsViewAlreadyShown() throws {
    for trace in [
      ["present_onboarding", "present_onboarding"], ["present_paywall", "present_paywall"],
      ["present_paywall", "present_onboarding"],
    ] {
      #expect(try present(trace) == .reject(error: "view_already_shown", field: trace[1]), "\(trace)")
    }
  }

  @Test func dismissingAViewThatIsNotShownIsNothingToDismiss() throws {
    #expect(try present(["dismiss_onboarding"]) == .reject(error: "nothing_to_dismiss", field: "dismiss_onboarding"))
    #expect(try present(["dismiss_paywall"]) == .reject(error: "nothing_to_dismiss", field: "dismiss_paywall"))
    #expect(
      try present(["present_onboarding", "dismiss_paywall"])
        == .reject(error: "nothing_to_dismiss", field: "dismiss_paywall"))
    #expect(
      try present(["present_paywall", "dismiss_onboarding"])
        == .reject(error: "nothing_to_dismiss", field: "dismiss_onboarding"))
    #expect(
      try present(["present_onboarding", "dismiss_onboarding", "dismiss_onboarding"])
        == .reject(error: "nothing_to_dismiss", field: "dismiss_onboarding"))
  }

  @Test(arguments: events)
  func delegateEventsNeedTheOnboardingOnScreen(_ event: String) throws {
    #expect(try present(["present_onboarding", event, event]) == shown("onboarding"))
    for start in [[], ["present_paywall"], ["present_onboarding", "dismiss_onboarding"]] {
      #expect(try present(start + [event]) == .reject(error: "unexpected_event", field: event), "\(start)")
    }
  }

  @Test func closeActionDoesNotDismissTheOnboarding() throws {
    // The app dismisses it itself ("自分で実装する必要があります").
    #expect(try present(["present_onboarding", "close_action"]) == shown("onboarding"))
    #expect(
      try present(["present_onboarding", "close_action", "present_paywall"])
        == .reject(error: "paywall_over_onboarding", field: "present_paywall"))
  }

  @Test func unknownNamesAreUnknownStepsByteForByte() throws {
    for name in ["", "presentPaywall", "onPaywallAction", "PRESENT_PAYWALL", "present_paywall ", "present_flow"] {
      #expect(try present(["present_onboarding", name]) == .reject(error: "unknown_step", field: name), "\(name)")
    }
    // NFD against NFC: another name.
    #expect(
      try present(["present_onboarding\u{301}"]) == .reject(error: "unknown_step", field: "present_onboarding\u{301}"))
  }

  @Test func theFirstBreakWins() throws {
    #expect(
      try present(["analytics", "dismiss_paywall", "bogus"]) == .reject(error: "unexpected_event", field: "analytics"))
  }

  @Test func theShapeIsCheckedBeforeAnyStep() throws {
    let suite = AdaptyPresentation()
    for input: JSONValue in [.null, "present_onboarding", 1, ["steps": []], ["bogus", 1], ["dismiss_paywall", .null]] {
      #expect(try suite.evaluate(input, context: [:]) == .reject(error: "not_an_array", field: nil), "\(input)")
    }
  }

  @Test func anyContextIsIgnored() throws {
    #expect(try present(["present_paywall"], context: ["platform": 3, "shown": "onboarding"]) == shown("paywall"))
  }

  @Test func aLongTraceKeepsCount() throws {
    let round = ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall", "dismiss_paywall"]
    let trace = Array(repeating: round, count: 2_000).flatMap { $0 }
    #expect(try present(trace) == shown(.null))
    #expect(
      try present(trace + ["present_onboarding", "present_paywall"])
        == .reject(error: "paywall_over_onboarding", field: "present_paywall"))
  }

  @Test func committedVectorsAgree() throws {
    let count = try CommittedVectorAgreement.check(AdaptyPresentation())
    #expect(count >= 200)
  }
}
