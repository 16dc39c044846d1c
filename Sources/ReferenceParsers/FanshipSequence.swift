import ConformanceJSON
import ConformanceKit

/// `fanship.sequence`: the order in which an app integrating the FANSHIP (popinfo) iOS SDK sees
/// its calls and callbacks (docs/suites/fanship.sequence.md, FANSHIP iOS SDK guide "6 動作概要": 6.1 初回起動時のシーケンス,
/// 6.2 プッシュ通知を受信するまでのシーケンス). The input is a trace of step names, read left to
/// right; the first step that breaks a rule is reported, and a trace may stop after any step. The
/// shape check and the reading are ``StepNameSequence``'s, shared with `adapty.presentation`.
extension FanshipSequence: ReferenceSuite {
  /// The scenario's settings, each read from the context at the first check that needs it (the
  /// contract's rule for every context key) and kept for the rest of the trace. A setting no check
  /// needs is never read, so a trace that never reaches one is judged with it missing or broken.
  struct Settings {
    let context: JSONObject
    private var usesLocationRead: Bool?
    private var pushPermissionRead: String?
    private var appStateRead: String?

    init(context: JSONObject) { self.context = context }

    /// `first_launch`'s `uses_location`: the location dialog is allowed, and required before the
    /// push dialog.
    mutating func usesLocation() throws(ContextError) -> Bool {
      if let usesLocationRead { return usesLocationRead }
      guard let value = context["uses_location"] else {
        throw ContextError(key: "uses_location", reason: "missing; a boolean for first_launch")
      }
      guard case .bool(let usesLocation) = value else {
        throw ContextError(key: "uses_location", reason: "must be a boolean, got \(value.typeName)")
      }
      usesLocationRead = usesLocation
      return usesLocation
    }

    /// `first_launch`'s `push_permission` is `allow`: `register_token` is allowed.
    mutating func pushAllowed() throws(ContextError) -> Bool {
      if pushPermissionRead == nil {
        pushPermissionRead = try FanshipSequence.string("push_permission", in: context, oneOf: ["allow", "deny"])
      }
      return TextRules.identical(pushPermissionRead!, "allow")
    }

    /// `receive`'s `app_state`.
    mutating func appState() throws(ContextError) -> String {
      if appStateRead == nil {
        appStateRead = try FanshipSequence.string(
          "app_state", in: context, oneOf: ["terminated", "background", "foreground"])
      }
      return appStateRead!
    }
  }

  /// The rules one step is checked against, in the contract's order after `unknown_step`. Each
  /// rule reads only the settings its answer depends on.
  struct StepRule {
    let name: String
    /// False when the context rules the step out (`unexpected_step`).
    var isAllowed: (inout Settings) throws(ContextError) -> Bool = { _ in true }
    /// False while a step it requires has not happened (`out_of_order`), given whether a step
    /// happened.
    var requirementsMet: (inout Settings, (String) -> Bool) throws(ContextError) -> Bool = { _, _ in true }
    /// `app_launch` "must be the first step".
    var mustBeFirst = false
    /// A step that is unexpected once any step of this group happened (the receive scenario's
    /// show steps: "a second show step is unexpected").
    var exclusiveGroup: [String] = []

    init(_ name: String) { self.name = name }

    /// A rule whose requirements are the same whatever the settings.
    init(_ name: String, requires: [String]) {
      self.name = name
      requirementsMet = { _, happened in requires.allSatisfy(happened) }
    }
  }

  /// A scenario: every step name it knows, with its rule, and its output.
  struct Scenario {
    let rules: [StepRule]
    let output: (_ happened: (String) -> Bool) -> JSONValue
  }

  /// A scenario, its settings as read so far and the steps that happened; step names are compared
  /// byte for byte and `happened` only ever holds known names.
  struct Progress: StepNameRules {
    let scenario: Scenario
    var settings: Settings
    var happened: [String] = []

    func hasHappened(_ name: String) -> Bool { happened.contains { TextRules.identical($0, name) } }

    mutating func apply(_ step: String) throws(ContextError) -> String? {
      guard let rule = scenario.rules.first(where: { TextRules.identical($0.name, step) }) else {
        return "unknown_step"
      }
      if rule.exclusiveGroup.contains(where: hasHappened) { return "unexpected_step" }
      if try !rule.isAllowed(&settings) { return "unexpected_step" }
      if hasHappened(rule.name) { return "duplicate_step" }
      // A first step is the only one with nothing before it; every other step names its
      // prerequisites, so a misplaced app_launch has always failed earlier (kept for completeness).
      if rule.mustBeFirst && !happened.isEmpty { return "out_of_order" }
      let happenedSoFar = happened
      let met = try rule.requirementsMet(&settings) { name in happenedSoFar.contains { TextRules.identical($0, name) } }
      if !met { return "out_of_order" }
      happened.append(rule.name)
      return nil
    }

    var output: JSONValue { scenario.output(hasHappened) }
  }

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // The shape is checked for the whole input before any step is read; it needs no context, so
    // not_an_array is reported with the context missing or broken. Then the scenario is read: every
    // step's unknown_step check and the output (even of the empty trace) depend on it. Each
    // setting is read later, by the first check whose answer depends on it (Settings).
    try StepNameSequence.evaluate(input) { () throws(ContextError) in
      Progress(scenario: try Self.scenario(from: context), settings: Settings(context: context))
    }
  }

  static func scenario(from context: JSONObject) throws(ContextError) -> Scenario {
    let name = try string("scenario", in: context, oneOf: ["first_launch", "receive"])
    return TextRules.identical(name, "first_launch") ? firstLaunch() : receive()
  }

  /// 6.1: launch, `sharedReceiver`, `loadSettings`, then the popinfo ID arriving asynchronously,
  /// the location dialog "位置情報を使用する場合", the push dialog, the device token, and
  /// `registerToken:` only "プッシュ通知オプトインダイアログに対して「許可」している場合".
  static func firstLaunch() -> Scenario {
    var appLaunch = StepRule("app_launch")
    appLaunch.mustBeFirst = true
    var locationDialog = StepRule("location_opt_in_dialog", requires: ["load_settings"])
    locationDialog.isAllowed = { settings throws(ContextError) in try settings.usesLocation() }
    // The push dialog needs load_settings, and the location dialog when the app uses location:
    // uses_location is read only when it decides (load_settings happened, the dialog did not).
    var pushDialog = StepRule("push_opt_in_dialog")
    pushDialog.requirementsMet = { settings, happened throws(ContextError) in
      guard happened("load_settings") else { return false }
      if happened("location_opt_in_dialog") { return true }
      return try !settings.usesLocation()
    }
    var registerToken = StepRule("register_token", requires: ["did_get_popinfo_id", "did_register_device_token"])
    registerToken.isAllowed = { settings throws(ContextError) in try settings.pushAllowed() }
    let rules = [
      appLaunch,
      StepRule("shared_receiver", requires: ["app_launch"]),
      StepRule("load_settings", requires: ["shared_receiver"]),
      StepRule("did_get_popinfo_id", requires: ["load_settings"]),
      locationDialog,
      pushDialog,
      StepRule("did_register_device_token", requires: ["push_opt_in_dialog"]),
      registerToken,
    ]
    return Scenario(rules: rules) { happened in ["ready_for_push": .bool(happened("register_token"))] }
  }

  /// 6.2's chain for each app state; each step of a chain requires the one before it.
  static let receiveChains: [(state: String, chain: [String])] = [
    (
      "terminated",
      [
        "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
        "receive_notification",
      ]
    ),
    ("background", ["banner_shown", "banner_tapped", "did_receive_notification_response", "receive_notification"]),
    ("foreground", ["did_receive_remote_notification", "receive_notification"]),
  ]

  /// 6.2: the chain for the app's state, each step requiring the one before it, then at most one
  /// of the list or detail screen. A step of the scenario outside this state's chain is
  /// unexpected here (a banner in foreground, `did_finish_launching` outside terminated, the
  /// foreground callback in the other states, the notification response in foreground).
  /// `app_state` is read only by a check whose answer differs between states.
  static func receive() -> Scenario {
    let everyChainStep = [
      "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
      "did_receive_remote_notification", "receive_notification",
    ]
    var rules: [StepRule] = everyChainStep.map { step in
      /// The step before `step` in `chain`: nil when `step` is not in it, "" when it is first.
      func previous(in chain: [String]) -> String? {
        chain.firstIndex { TextRules.identical($0, step) }.map { $0 > 0 ? chain[$0 - 1] : "" }
      }
      let inEveryState = receiveChains.allSatisfy { previous(in: $0.chain) != nil }
      var rule = StepRule(step)
      if !inEveryState {
        rule.isAllowed = { settings throws(ContextError) in
          let state = try settings.appState()
          return receiveChains.contains { TextRules.identical($0.state, state) && previous(in: $0.chain) != nil }
        }
      }
      rule.requirementsMet = { settings, happened throws(ContextError) in
        // The step is allowed here (checked before), so its state's chain holds it. The steps
        // that could come before it, one per state whose chain holds it ("" when it is first):
        // when they agree, or when none of them happened, the answer is the same in every state.
        let candidates = receiveChains.compactMap { previous(in: $0.chain) }
        if candidates.allSatisfy({ TextRules.identical($0, candidates[0]) }) {
          return candidates[0].isEmpty || happened(candidates[0])
        }
        if !candidates.contains(where: { $0.isEmpty || happened($0) }) { return false }
        let state = try settings.appState()
        let needed = receiveChains.first { TextRules.identical($0.state, state) }.flatMap { previous(in: $0.chain) }
        return needed.map { $0.isEmpty || happened($0) } ?? false
      }
      return rule
    }
    let showSteps = ["show_list", "show_detail"]
    for show in showSteps {
      var rule = StepRule(show, requires: ["receive_notification"])
      rule.exclusiveGroup = showSteps
      rules.append(rule)
    }
    return Scenario(rules: rules) { happened in
      let shown: JSONValue = happened("show_list") ? "list" : happened("show_detail") ? "detail" : .null
      return ["content_fetched": .bool(happened("receive_notification")), "shown": shown]
    }
  }

  static func string(_ key: String, in context: JSONObject, oneOf allowed: [String]) throws(ContextError) -> String {
    let list = allowed.joined(separator: ", ")
    guard let value = context[key] else { throw ContextError(key: key, reason: "missing; one of \(list)") }
    guard case .string(let text) = value else {
      throw ContextError(key: key, reason: "must be a string, got \(value.typeName)")
    }
    guard allowed.contains(where: { TextRules.identical($0, text) }) else {
      throw ContextError(key: key, reason: "unknown value; one of \(list)")
    }
    return text
  }
}
