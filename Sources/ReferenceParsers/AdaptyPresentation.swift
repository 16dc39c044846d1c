import ConformanceJSON
import ConformanceKit

/// `adapty.presentation`: the views an app shows around an Adapty onboarding, one at a time
/// (docs/suites/adapty.presentation.md; Adapty guide "iOS SDKでオンボーディングイベントを処理する",
/// ペイウォールを開く: "一度に表示できるビュー（ペイウォールまたはオンボーディング）は1つだけです"). The
/// input is a sequence of step names read as ``StepNameSequence`` reads it (shared with
/// `fanship.sequence`); the suite needs no context.
extension AdaptyPresentation: ReferenceSuite {
  /// The view on screen.
  enum View {
    case onboarding
    case paywall
  }

  /// The app's own calls: what they present or dismiss.
  static let presentations: [(step: String, view: View, presents: Bool)] = [
    ("present_onboarding", .onboarding, true), ("dismiss_onboarding", .onboarding, false),
    ("present_paywall", .paywall, true), ("dismiss_paywall", .paywall, false),
  ]

  /// The onboarding's `AdaptyOnboardingControllerDelegate` callbacks: they come from the
  /// onboarding on screen and change nothing (closing is the app's job: "ユーザーがオンボーディング
  /// を閉じたときの処理を自分で実装する必要があります").
  static let delegateEvents = ["custom_action", "close_action", "paywall_action", "finished_loading", "analytics"]

  /// The view shown after the steps read so far.
  struct Screen: StepNameRules {
    var shown: View?

    mutating func apply(_ step: String) -> String? {
      if AdaptyPresentation.delegateEvents.contains(where: { TextRules.identical($0, step) }) {
        return shown == .onboarding ? nil : "unexpected_event"
      }
      guard let call = AdaptyPresentation.presentations.first(where: { TextRules.identical($0.step, step) })
      else { return "unknown_step" }
      if call.presents {
        switch (shown, call.view) {
        case (nil, _):
          shown = call.view
          return nil
        // "オンボーディングの上にペイウォールを表示すると、バックグラウンドのオンボーディングをプログラムで
        // 制御することができません": dismiss the onboarding first.
        case (.onboarding?, .paywall): return "paywall_over_onboarding"
        default: return "view_already_shown"
        }
      }
      guard shown == call.view else { return "nothing_to_dismiss" }
      shown = nil
      return nil
    }

    var output: JSONValue {
      switch shown {
      case nil: ["shown": .null]
      case .onboarding?: ["shown": "onboarding"]
      case .paywall?: ["shown": "paywall"]
      }
    }
  }

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    try StepNameSequence.evaluate(input) { () throws(ContextError) in Screen() }
  }
}
