import ConformanceJSON
import ConformanceKit

/// `fanship.sequence`: the order in which an app integrating the FANSHIP (popinfo) iOS SDK sees
/// its calls and callbacks (docs/suites/fanship.sequence.md, FANSHIP iOS SDK guide "6 動作概要": 6.1 初回起動時のシーケンス,
/// 6.2 プッシュ通知を受信するまでのシーケンス). The input is a trace of step names, read left to
/// right; the first step that breaks a rule is reported, and a trace may stop after any step. The
/// shape check and the reading are ``StepNameSequence``'s, shared with `adapty.presentation`.
public struct FanshipSequenceSuite: ReferenceSuite {
  public let name = "fanship.sequence"

  public init() {}

  /// The rules one step is checked against, in the contract's order after `unknown_step`.
  struct StepRule {
    let name: String
    /// False when the context rules the step out (`unexpected_step`).
    let isAllowed: Bool
    /// Steps that must have happened before this one (`out_of_order`).
    let requires: [String]
    /// `app_launch` "must be the first step".
    var mustBeFirst = false
    /// A step that is unexpected once any step of this group happened (the receive scenario's
    /// show steps: "a second show step is unexpected").
    var exclusiveGroup: [String] = []
  }

  /// A scenario with its context applied: every step name it knows, with its rule.
  struct Scenario {
    let rules: [StepRule]
    let output: (_ happened: (String) -> Bool) -> JSONValue
  }

  /// A scenario and the steps that happened so far; step names are compared byte for byte and
  /// `happened` only ever holds known names.
  struct Progress: StepNameRules {
    let scenario: Scenario
    var happened: [String] = []

    func hasHappened(_ name: String) -> Bool { happened.contains { TextRules.identical($0, name) } }

    mutating func apply(_ step: String) -> String? {
      guard let rule = scenario.rules.first(where: { TextRules.identical($0.name, step) }) else {
        return "unknown_step"
      }
      if !rule.isAllowed || rule.exclusiveGroup.contains(where: hasHappened) { return "unexpected_step" }
      if hasHappened(rule.name) { return "duplicate_step" }
      // A first step is the only one with nothing before it; every other step names its
      // prerequisites, so a misplaced app_launch has always failed earlier (kept for completeness).
      if rule.mustBeFirst && !happened.isEmpty { return "out_of_order" }
      if !rule.requires.allSatisfy(hasHappened) { return "out_of_order" }
      happened.append(rule.name)
      return nil
    }

    var output: JSONValue { scenario.output(hasHappened) }
  }

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // The shape is checked for the whole input before any step is read; it needs no context, so
    // not_an_array is reported with the context missing or broken. Every check on the steps (and
    // the output, even for an empty trace) depends on the scenario and its settings, read together
    // once the shape is known.
    try StepNameSequence.evaluate(input) { () throws(ContextError) in
      Progress(scenario: try Self.scenario(from: context))
    }
  }

  static func scenario(from context: JSONObject) throws(ContextError) -> Scenario {
    let name = try string("scenario", in: context, oneOf: ["first_launch", "receive"])
    if TextRules.identical(name, "first_launch") {
      guard let usesLocationValue = context["uses_location"] else {
        throw ContextError(key: "uses_location", reason: "missing; a boolean for first_launch")
      }
      guard case .bool(let usesLocation) = usesLocationValue else {
        throw ContextError(key: "uses_location", reason: "must be a boolean, got \(usesLocationValue.typeName)")
      }
      let permission = try string("push_permission", in: context, oneOf: ["allow", "deny"])
      return firstLaunch(usesLocation: usesLocation, pushAllowed: TextRules.identical(permission, "allow"))
    }
    let state = try string("app_state", in: context, oneOf: ["terminated", "background", "foreground"])
    return receive(appState: state)
  }

  /// 6.1: launch, `sharedReceiver`, `loadSettings`, then the popinfo ID arriving asynchronously,
  /// the location dialog "位置情報を使用する場合", the push dialog, the device token, and
  /// `registerToken:` only "プッシュ通知オプトインダイアログに対して「許可」している場合".
  static func firstLaunch(usesLocation: Bool, pushAllowed: Bool) -> Scenario {
    let pushDialogRequires = usesLocation ? ["load_settings", "location_opt_in_dialog"] : ["load_settings"]
    let rules = [
      StepRule(name: "app_launch", isAllowed: true, requires: [], mustBeFirst: true),
      StepRule(name: "shared_receiver", isAllowed: true, requires: ["app_launch"]),
      StepRule(name: "load_settings", isAllowed: true, requires: ["shared_receiver"]),
      StepRule(name: "did_get_popinfo_id", isAllowed: true, requires: ["load_settings"]),
      StepRule(name: "location_opt_in_dialog", isAllowed: usesLocation, requires: ["load_settings"]),
      StepRule(name: "push_opt_in_dialog", isAllowed: true, requires: pushDialogRequires),
      StepRule(name: "did_register_device_token", isAllowed: true, requires: ["push_opt_in_dialog"]),
      StepRule(
        name: "register_token", isAllowed: pushAllowed, requires: ["did_get_popinfo_id", "did_register_device_token"]),
    ]
    return Scenario(rules: rules) { happened in ["ready_for_push": .bool(happened("register_token"))] }
  }

  /// 6.2: the chain for the app's state, each step requiring the one before it, then at most one
  /// of the list or detail screen. A step of the scenario outside this state's chain is
  /// unexpected here (a banner in foreground, `did_finish_launching` outside terminated, the
  /// foreground callback in the other states, the notification response in foreground).
  static func receive(appState: String) -> Scenario {
    let chain: [String]
    if TextRules.identical(appState, "terminated") {
      chain = [
        "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
        "receive_notification",
      ]
    } else if TextRules.identical(appState, "background") {
      chain = ["banner_shown", "banner_tapped", "did_receive_notification_response", "receive_notification"]
    } else {
      chain = ["did_receive_remote_notification", "receive_notification"]
    }
    let everyChainStep = [
      "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
      "did_receive_remote_notification", "receive_notification",
    ]
    var rules: [StepRule] = everyChainStep.map { step in
      let position = chain.firstIndex { TextRules.identical($0, step) }
      let previous = position.flatMap { $0 > 0 ? [chain[$0 - 1]] : [] } ?? []
      return StepRule(name: step, isAllowed: position != nil, requires: previous)
    }
    let showSteps = ["show_list", "show_detail"]
    for show in showSteps {
      rules.append(
        StepRule(name: show, isAllowed: true, requires: ["receive_notification"], exclusiveGroup: showSteps))
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
