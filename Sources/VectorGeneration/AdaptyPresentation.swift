import ConformanceJSON
import ConformanceKit

/// `adapty.presentation` (docs/suites/adapty.presentation.md): the app's present and dismiss
/// calls and the onboarding's delegate events, one view on screen at a time.
///
/// The generator holds its own table of the rules (``effect(of:after:)``, written from
/// docs/suites/adapty.presentation.md and the Adapty guide "iOS SDKでオンボーディングイベントを処理する",
/// ペイウォールを開く); every expectation is the first step the table rejects, or the view the
/// table leaves on screen. It never runs the reference parser.
extension AdaptyPresentation: GeneratedSuite {
  static let source = "Adapty guide, iOS SDKでオンボーディングイベントを処理する (ペイウォールを開く, オンボーディングを閉じる)"

  /// The view on screen, as the generator models it.
  enum Shown: String, CaseIterable {
    case none
    case onboarding
    case paywall

    var json: JSONValue { self == .none ? .null : .string(rawValue) }
  }

  static let calls = ["present_onboarding", "dismiss_onboarding", "present_paywall", "dismiss_paywall"]
  static let events = ["custom_action", "close_action", "paywall_action", "finished_loading", "analytics"]
  static let steps = calls + events

  /// What one step does on the screen `shown`: the error it breaks, or the screen after it.
  enum Effect: Equatable {
    case shows(Shown)
    case breaks(String)
  }

  /// The rules, step by step:
  /// - a present call with nothing shown shows its view; with a view shown it is
  ///   `view_already_shown`, except the paywall over the onboarding: `paywall_over_onboarding`;
  /// - a dismiss call hides its view when that view is shown, else `nothing_to_dismiss`;
  /// - a delegate event is allowed only while the onboarding is shown (it changes nothing), else
  ///   `unexpected_event`;
  /// - any other name is `unknown_step`.
  static func effect(of step: String, after shown: Shown) -> Effect {
    switch (step, shown) {
    case ("present_onboarding", .none): .shows(.onboarding)
    case ("present_paywall", .none): .shows(.paywall)
    case ("present_paywall", .onboarding): .breaks("paywall_over_onboarding")
    case ("present_onboarding", _), ("present_paywall", _): .breaks("view_already_shown")
    case ("dismiss_onboarding", .onboarding), ("dismiss_paywall", .paywall): .shows(.none)
    case ("dismiss_onboarding", _), ("dismiss_paywall", _): .breaks("nothing_to_dismiss")
    case (_, .onboarding) where events.contains(step): .shows(.onboarding)
    case _ where events.contains(step): .breaks("unexpected_event")
    default: .breaks("unknown_step")
    }
  }

  /// The first step the rules reject, with its error, or the view a trace leaves on screen.
  static func run(_ trace: [String]) -> (broken: (error: String, step: String)?, shown: Shown) {
    var shown = Shown.none
    for step in trace {
      switch effect(of: step, after: shown) {
      case .breaks(let error): return ((error, step), shown)
      case .shows(let next): shown = next
      }
    }
    return (nil, shown)
  }

  /// The expectation of a whole trace: the first step the rules reject (field: that step), or
  /// the view left on screen.
  static func expectation(_ trace: [String]) -> GeneratedExpectation {
    let result = run(trace)
    if let broken = result.broken { return .reject(broken.error, field: broken.step) }
    return .accept(output: ["shown": result.shown.json])
  }

  /// Tags from what a trace exercises: `valid` or `invalid`, `integration-mistake` on the
  /// mistake the guide warns about (a paywall over the onboarding), `boundary` on the empty trace.
  static func tags(_ trace: [String], extra: [String] = []) -> [String] {
    var tags: [String]
    if let broken = run(trace).broken {
      tags = ["invalid"]
      if broken.error == "paywall_over_onboarding" { tags.append("integration-mistake") }
    } else {
      tags = ["valid"]
    }
    if trace.isEmpty { tags.append("boundary") }
    for tag in extra where !tags.contains(tag) { tags.append(tag) }
    return tags
  }

  /// Short names for ids.
  static func code(_ step: String) -> String {
    switch step {
    case "present_onboarding": "po"
    case "dismiss_onboarding": "do"
    case "present_paywall": "pp"
    case "dismiss_paywall": "dp"
    case "custom_action": "custom"
    case "close_action": "close"
    case "paywall_action": "paywall"
    case "finished_loading": "loaded"
    case "analytics": "analytics"
    default: preconditionFailure("no code for \(step)")
    }
  }

  static func codes(_ trace: [String]) -> String {
    trace.isEmpty ? "empty" : trace.map(code).joined(separator: "-")
  }

  static func array(_ trace: [String]) -> JSONValue { .array(trace.map { .string($0) }) }

  static func builder(_ description: String, context: JSONObject? = nil) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source, context: context)
  }

  /// Adds a trace whose expectation and tags come from the rules.
  static func add(
    _ file: inout VectorFileBuilder, id: String, _ description: String, _ trace: [String], extraTags: [String] = [],
    context: JSONObject? = nil
  ) {
    file.add(
      id: id, description: description, tags: tags(trace, extra: extraTags), input: array(trace), context: context,
      expect: expectation(trace))
  }

  // MARK: Files

  static func files() -> [GeneratedFile] {
    [
      everyStepAfterEveryState(), recommendedFlow(), paywallOverOnboarding(), eventsWithoutOnboarding(),
      viewAlreadyShown(), nothingToDismiss(), firstBreakWins(), unknownStep(), notAnArray(), context(), longTraces(),
    ]
  }

  /// Ways to reach each screen: the traces every step is appended to.
  static let reaching: [(name: String, trace: [String], shown: Shown)] = [
    ("start", [], .none),
    ("onboarding-dismissed", ["present_onboarding", "dismiss_onboarding"], .none),
    ("paywall-dismissed", ["present_paywall", "dismiss_paywall"], .none),
    (
      "recommended-flow-done",
      ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall", "dismiss_paywall"], .none
    ),
    ("onboarding", ["present_onboarding"], .onboarding),
    ("onboarding-loaded", ["present_onboarding", "finished_loading", "analytics"], .onboarding),
    ("onboarding-after-paywall", ["present_paywall", "dismiss_paywall", "present_onboarding"], .onboarding),
    ("paywall", ["present_paywall"], .paywall),
    ("paywall-after-onboarding", ["present_onboarding", "dismiss_onboarding", "present_paywall"], .paywall),
    (
      "paywall-recommended", ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall"], .paywall
    ),
  ]

  static func everyStepAfterEveryState() -> GeneratedFile {
    var file = builder(
      "every step after every screen (nothing, the onboarding, the paywall), each reached several ways")
    for (name, trace, shown) in reaching {
      let reached = run(trace)
      precondition(reached.broken == nil && reached.shown == shown, "\(name) does not reach \(shown)")
      for step in steps {
        let what: String
        switch effect(of: step, after: shown) {
        case .shows(let next): what = "allowed; shows \(next.rawValue)"
        case .breaks(let error): what = error
        }
        add(
          &file, id: "state.after-\(name).\(step)", "\(step) with \(shown.rawValue) shown (\(name)): \(what)",
          trace + [step])
      }
    }
    return file.file(at: "\(folder)/every-step-after-every-state.json")
  }

  /// The guide's way: on `onPaywallAction`, `controller.dismiss(animated:)` and, in its
  /// completion, present the paywall; or handle the close action, dismiss, then open the paywall
  /// ("AdaptyOnboardingsCloseActionを処理してイベントデータに依存せずにペイウォールを開く").
  static func recommendedFlow() -> GeneratedFile {
    var file = builder("the flows the guide recommends: dismiss the onboarding, then present the paywall")
    let flows: [(name: String, description: String, trace: [String])] = [
      (
        "paywall-action",
        "on paywall_action the onboarding is dismissed, then the paywall is presented and later dismissed",
        [
          "present_onboarding", "finished_loading", "analytics", "custom_action", "analytics", "paywall_action",
          "dismiss_onboarding", "present_paywall", "dismiss_paywall",
        ]
      ),
      (
        "close-action",
        "on close_action the app dismisses the onboarding itself, then opens the paywall without the event's data",
        [
          "present_onboarding", "finished_loading", "analytics", "close_action", "dismiss_onboarding",
          "present_paywall", "dismiss_paywall",
        ]
      ),
      (
        "close-only", "on close_action the app dismisses the onboarding and shows nothing else",
        ["present_onboarding", "finished_loading", "close_action", "dismiss_onboarding"]
      ),
      (
        "onboarding-again", "after the paywall is dismissed, the onboarding may be presented again",
        [
          "present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall", "dismiss_paywall",
          "present_onboarding", "finished_loading",
        ]
      ),
    ]
    for flow in flows {
      for length in 1...flow.trace.count {
        let prefix = Array(flow.trace.prefix(length))
        // A prefix is described by its own steps: the flow's description names steps it may not
        // have reached yet.
        let description =
          length == flow.trace.count
          ? "\(flow.description): the whole flow"
          : "the first \(length) of \(flow.trace.count) steps of the \(flow.name) flow (\(codes(prefix))): no rule broken yet"
        add(&file, id: "flow.\(flow.name).\(length)-steps", description, prefix)
      }
    }
    add(&file, id: "flow.empty-trace", "the empty trace: nothing shown yet", [])
    for event in events {
      add(
        &file, id: "flow.event-while-onboarding.\(event)", "\(event) arrives while the onboarding is shown: allowed",
        ["present_onboarding", event, event])
    }
    add(
      &file, id: "flow.paywall-without-onboarding", "a paywall presented on its own, with no onboarding",
      ["present_paywall", "dismiss_paywall"])
    return file.file(at: "\(folder)/recommended-flow.json")
  }

  /// The mistake the guide warns about: "オンボーディングの上にペイウォールを表示すると、バックグラウンドの
  /// オンボーディングをプログラムで制御することができません。オンボーディングを閉じようとすると、代わりにペイウォールが
  /// 閉じられ、オンボーディングが表示されたままになります".
  static func paywallOverOnboarding() -> GeneratedFile {
    var file = builder(
      "a paywall presented over the onboarding: paywall_over_onboarding (dismiss the onboarding first)")
    let starts: [(String, [String])] = [
      ("right-after-present", ["present_onboarding"]),
      ("after-paywall-action", ["present_onboarding", "finished_loading", "paywall_action"]),
      ("after-close-action", ["present_onboarding", "close_action"]),
      ("after-custom-action", ["present_onboarding", "custom_action"]),
      ("after-analytics", ["present_onboarding", "analytics"]),
      ("after-loading", ["present_onboarding", "finished_loading"]),
      ("second-onboarding", ["present_onboarding", "dismiss_onboarding", "present_onboarding", "paywall_action"]),
      (
        "after-a-paywall", ["present_paywall", "dismiss_paywall", "present_onboarding", "paywall_action"]
      ),
    ]
    for (name, start) in starts {
      add(
        &file, id: "mistake.\(name)", "present_paywall with the onboarding still shown (\(codes(start))): the mistake",
        start + ["present_paywall"])
      // What the guide says happens next (dismissing closes the paywall, the onboarding stays):
      // the trace reports the paywall, the first break.
      add(
        &file, id: "mistake.\(name).then-dismiss-onboarding",
        "after \(codes(start)), the paywall over the onboarding, then dismiss_onboarding: the paywall is still the first break",
        start + ["present_paywall", "dismiss_onboarding"])
      add(
        &file, id: "mistake.\(name).then-dismiss-paywall",
        "after \(codes(start)), the paywall over the onboarding, then dismiss_paywall: the paywall is still the first break",
        start + ["present_paywall", "dismiss_paywall", "dismiss_onboarding"])
    }
    add(
      &file, id: "mistake.dismiss-after-present",
      "the right order for comparison: dismiss_onboarding, then present_paywall (accepted)",
      ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall"])
    return file.file(at: "\(folder)/paywall-over-onboarding.json")
  }

  static func eventsWithoutOnboarding() -> GeneratedFile {
    var file = builder("a delegate event while the onboarding is not shown: unexpected_event")
    let screens: [(String, [String])] = [
      ("nothing-shown", []),
      ("after-dismiss", ["present_onboarding", "dismiss_onboarding"]),
      ("after-close-and-dismiss", ["present_onboarding", "close_action", "dismiss_onboarding"]),
      ("paywall-shown", ["present_paywall"]),
      ("paywall-after-onboarding", ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall"]),
      ("after-paywall-dismissed", ["present_paywall", "dismiss_paywall"]),
    ]
    for (name, start) in screens {
      for event in events {
        add(
          &file, id: "event.\(name).\(event)", "\(event) with no onboarding on screen (\(name)): unexpected_event",
          start + [event])
      }
    }
    return file.file(at: "\(folder)/events-without-onboarding.json")
  }

  static func viewAlreadyShown() -> GeneratedFile {
    var file = builder(
      "presenting a view while a view is shown: view_already_shown (the paywall over the onboarding aside)")
    let cases: [(String, String, [String])] = [
      ("onboarding-twice", "present_onboarding twice", ["present_onboarding", "present_onboarding"]),
      ("paywall-twice", "present_paywall twice", ["present_paywall", "present_paywall"]),
      ("onboarding-over-paywall", "the onboarding over the paywall", ["present_paywall", "present_onboarding"]),
      (
        "onboarding-over-paywall-after-flow",
        "the onboarding presented again while the paywall of the recommended flow is still shown",
        ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall", "present_onboarding"]
      ),
      (
        "onboarding-again-after-events", "present_onboarding again while it is shown and loaded",
        ["present_onboarding", "finished_loading", "analytics", "present_onboarding"]
      ),
      (
        "paywall-twice-after-onboarding", "a second paywall after the onboarding was dismissed",
        ["present_onboarding", "dismiss_onboarding", "present_paywall", "present_paywall"]
      ),
    ]
    for (id, description, trace) in cases {
      add(&file, id: "already-shown.\(id)", description + ": view_already_shown", trace)
    }
    return file.file(at: "\(folder)/view-already-shown.json")
  }

  static func nothingToDismiss() -> GeneratedFile {
    var file = builder("dismissing a view that is not shown: nothing_to_dismiss")
    let cases: [(String, String, [String])] = [
      ("onboarding-at-start", "dismiss_onboarding before anything was presented", ["dismiss_onboarding"]),
      ("paywall-at-start", "dismiss_paywall before anything was presented", ["dismiss_paywall"]),
      (
        "onboarding-twice", "dismiss_onboarding twice (a close_action and a paywall_action handler both dismiss)",
        ["present_onboarding", "close_action", "dismiss_onboarding", "dismiss_onboarding"]
      ),
      ("paywall-twice", "dismiss_paywall twice", ["present_paywall", "dismiss_paywall", "dismiss_paywall"]),
      (
        "onboarding-while-paywall", "dismiss_onboarding while only the paywall is shown",
        ["present_onboarding", "dismiss_onboarding", "present_paywall", "dismiss_onboarding"]
      ),
      (
        "paywall-while-onboarding", "dismiss_paywall while the onboarding is shown",
        ["present_onboarding", "dismiss_paywall"]
      ),
      (
        "paywall-on-paywall-action", "dismiss_paywall instead of dismiss_onboarding on paywall_action",
        ["present_onboarding", "paywall_action", "dismiss_paywall"]
      ),
    ]
    for (id, description, trace) in cases {
      add(&file, id: "dismiss.\(id)", description + ": nothing_to_dismiss", trace)
    }
    return file.file(at: "\(folder)/nothing-to-dismiss.json")
  }

  /// A broken step followed by more steps, valid or broken: the first break is reported and
  /// nothing after it is read.
  static func firstBreakWins() -> GeneratedFile {
    var file = builder("the first step that breaks a rule is reported; the steps after it are not read")
    let breaks: [(String, [String])] = [
      ("unexpected-event", ["analytics"]),
      ("nothing-to-dismiss", ["dismiss_onboarding"]),
      ("view-already-shown", ["present_paywall", "present_onboarding"]),
      ("paywall-over-onboarding", ["present_onboarding", "present_paywall"]),
      ("unknown-step", ["present_onboarding", "onPaywallAction"]),
    ]
    let suffixes: [(String, [String])] = [
      ("then-valid", ["dismiss_paywall", "present_onboarding"]),
      ("then-unknown", ["bogus"]),
      ("then-another-break", ["dismiss_onboarding", "dismiss_onboarding", "custom_action"]),
      ("then-presents-twice", ["present_onboarding", "present_onboarding"]),
    ]
    for (name, start) in breaks {
      for (suffix, rest) in suffixes {
        add(
          &file, id: "first-break.\(name).\(suffix)",
          "\(name) reported at \(start.last!), whatever follows (here \(rest.joined(separator: ", ")))",
          start + rest)
      }
    }
    return file.file(at: "\(folder)/first-break-wins.json")
  }

  static func unknownStep() -> GeneratedFile {
    var file = builder("a name that is not one of the suite's nine steps: unknown_step (names match byte for byte)")
    func unknown(_ id: String, _ description: String, _ name: String, tags: [String] = []) {
      let placed: [(String, [String])] = [
        ("first", [name]), ("while-onboarding", ["present_onboarding", name]),
        ("while-paywall", ["present_paywall", name]),
      ]
      let placeWords = [
        "first": "as the first step", "while-onboarding": "while the onboarding is shown",
        "while-paywall": "while the paywall is shown",
      ]
      for (place, trace) in placed {
        add(
          &file, id: "unknown.\(id).\(place)", "\(description), \(placeWords[place]!): unknown_step", trace,
          extraTags: tags)
      }
    }
    // The SDK's delegate methods and calls, as they are spelled in Swift.
    let sdkNames: [(String, String)] = [
      ("onCustomAction", "the delegate method of custom_action"),
      ("onCloseAction", "the delegate method of close_action"),
      ("onPaywallAction", "the delegate method of paywall_action"),
      ("didFinishLoading", "the delegate method of finished_loading"),
      ("onAnalyticsEvent", "the delegate method of analytics"),
      ("dismiss", "controller.dismiss(animated:) without saying what it dismisses"),
      ("present", "rootVC.present(_:animated:) without saying what it presents"),
      ("present_flow", "a flow (the SDK's newer native view) is not a step of this suite"),
      ("onboarding_started", "an analytics event's name, not the analytics step"),
      ("didFailWithError", "the error callback is not a step of this suite"),
    ]
    for (name, why) in sdkNames { unknown("sdk-\(name)", "\(name): \(why)", name) }
    for step in steps where step.contains("_") {
      let camel = AdaptyOnboardingEvent.camelCase(step)
      unknown("camelCase-\(code(step))", "\(camel) is not the step name \(step)", camel)
    }
    let spellings: [(String, String, String, [String])] = [
      ("empty", "", "the empty string", ["boundary"]),
      ("uppercase", "PRESENT_ONBOARDING", "names are case-sensitive", []),
      ("kebab-case", "present-onboarding", "a dash is not an underscore", []),
      ("trailing-space", "present_onboarding ", "names are never trimmed", ["boundary"]),
      ("trailing-newline", "present_onboarding\n", "a trailing newline is part of the name", ["boundary"]),
      ("fullwidth", "ｐｒｅｓｅｎｔ_ｏｎｂｏａｒｄｉｎｇ", "full-width letters are other characters", ["unicode"]),
      ("combining-mark", "present_onboarding\u{301}", "a combining mark makes another name", ["unicode"]),
      ("other-suite", "app_launch", "a step of another suite", []),
    ]
    for (id, name, why, tags) in spellings { unknown(id, why, name, tags: tags) }
    return file.file(at: "\(folder)/unknown-step.json")
  }

  static func notAnArray() -> GeneratedFile {
    var file = builder("the input must be an array of step names: not_an_array, checked before any step is read")
    let values: [(String, JSONValue, String)] = [
      ("null", .null, "null"),
      ("string", "present_onboarding", "one step name, not in an array"),
      ("number", 1, "a number"),
      ("boolean", true, "a boolean"),
      ("object", ["steps": ["present_onboarding"]], "an object holding the steps"),
      ("number-item", [.string("present_onboarding"), 1], "a number among the steps"),
      ("null-item", [.string("present_onboarding"), .null], "a null among the steps"),
      ("array-item", [["present_onboarding"]], "a nested array"),
      ("object-item", [["step": "present_onboarding"]], "a step object, as a trace suite writes steps"),
      ("item-after-a-break", [.string("dismiss_onboarding"), 0], "a number after a step that would break a rule"),
      ("item-after-unknown", [.string("bogus"), .bool(false)], "a boolean after an unknown step"),
      (
        "item-after-the-mistake", [.string("present_onboarding"), .string("present_paywall"), .null],
        "a null after a paywall over the onboarding"
      ),
    ]
    for (id, value, description) in values {
      file.add(
        id: "not_an_array.\(id)", description: "\(description): not_an_array, no field", tags: ["invalid"],
        input: value, expect: .reject("not_an_array"))
    }
    return file.file(at: "\(folder)/not-an-array.json")
  }

  /// The suite reads no context: whatever a file or test gives is ignored.
  static func context() -> GeneratedFile {
    var file = builder(
      "the suite reads no context: any keys given are ignored", context: ["platform": "ios", "channel": 3])
    add(
      &file, id: "context.ignored.recommended", "the recommended flow with an unrelated context",
      ["present_onboarding", "paywall_action", "dismiss_onboarding", "present_paywall"])
    add(
      &file, id: "context.ignored.mistake", "the paywall over the onboarding with an unrelated context",
      ["present_onboarding", "present_paywall"])
    add(
      &file, id: "context.ignored.empty", "the empty trace with an unrelated context", [],
      context: ["scenario": "receive"])
    file.add(
      id: "context.ignored.not-an-array", description: "not_an_array with an unrelated context", tags: ["invalid"],
      input: "present_onboarding", context: ["shown": "paywall"], expect: .reject("not_an_array"))
    return file.file(at: "\(folder)/context.json")
  }

  /// Long traces test the bookkeeping: many rounds of the recommended flow, with a break at the
  /// very end or none.
  static func longTraces() -> GeneratedFile {
    var file = builder("long traces: rounds of the recommended flow, valid to the end or broken at the last step")
    let round = [
      "present_onboarding", "finished_loading", "analytics", "custom_action", "paywall_action", "dismiss_onboarding",
      "present_paywall", "dismiss_paywall",
    ]
    for rounds in [25, 125, 1250] {
      let trace = Array(repeating: round, count: rounds).flatMap { $0 }
      let count = trace.count
      add(
        &file, id: "long.rounds-\(rounds).valid",
        "\(rounds) rounds of the recommended flow (\(count) steps): nothing shown at the end", trace,
        extraTags: ["boundary"])
      add(
        &file, id: "long.rounds-\(rounds).mistake-at-end",
        "\(rounds) rounds, then a paywall over the onboarding at the last step",
        trace + ["present_onboarding", "present_paywall"], extraTags: ["boundary"])
      // The longest trace is kept to two vectors: the corpus stays small.
      if rounds > 125 { continue }
      add(
        &file, id: "long.rounds-\(rounds).ends-on-onboarding",
        "\(rounds) rounds, then the onboarding is presented and left shown",
        trace + ["present_onboarding", "analytics"], extraTags: ["boundary"])
      add(
        &file, id: "long.rounds-\(rounds).late-event", "\(rounds) rounds, then a delegate event with nothing shown",
        trace + ["close_action"], extraTags: ["boundary"])
    }
    return file.file(at: "\(folder)/long-traces.json")
  }
}
