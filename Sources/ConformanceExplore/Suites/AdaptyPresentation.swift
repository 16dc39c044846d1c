import ConformanceJSON

/// `adapty.presentation`: an array of step names, one view shown at a time. Targets: a view
/// presented over another (`view_already_shown`) and a paywall over the onboarding
/// (`paywall_over_onboarding`), dismissing what is not shown, delegate events while the
/// onboarding is not shown (also while a paywall is), the final view in the output, long
/// traces, step names in another case, non-string items.
struct AdaptyPresentationExplorer: SuiteExplorer {
  let suite = "adapty.presentation"
  static let steps = [
    "present_onboarding", "dismiss_onboarding", "present_paywall", "dismiss_paywall", "custom_action", "close_action",
    "paywall_action", "finished_loading", "analytics",
  ]
  static let mutator = Mutator(Vocabulary(keys: ["step"], strings: steps))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    var items: [JSONValue]
    if random.chance(1, in: 4), let sample = ExploreMix.sample(samples, &random), let array = sample.input.arrayValue {
      items = array
    } else {
      items = Self.plausibleTrace(&random).map { JSONValue.string($0) }
    }
    for _ in 0..<ExploreMix.mutationCount(&random) {
      switch random.below(8) {
      case 0:
        if !items.isEmpty, let name = items.last?.stringValue {
          items[items.count - 1] = .string(
            random.pick([name.uppercased(), snakeCamelSwapped(name), name + " ", "present", ""]))
        }
      case 1: items = Self.mutator.mutate(.array(items), &random).arrayValue ?? items
      default: items = TraceMutations.mutate(items, insert: { .string($0.pick(Self.steps)) }, &random)
      }
    }
    return ExploreCase(suite: suite, input: .array(items), context: JSONObject())
  }

  /// A trace that mostly follows the rules: present, events while shown, dismiss.
  static func plausibleTrace(_ random: inout ExploreRandom) -> [String] {
    var trace: [String] = []
    for _ in 0..<random.below(4) {
      if random.chance(2, in: 3) {
        trace.append("present_onboarding")
        for _ in 0..<random.below(4) { trace.append(random.pick(Array(steps[4...]))) }
        if random.chance(1, in: 3) { trace.append("present_paywall") } else { trace.append("dismiss_onboarding") }
      } else {
        trace.append("present_paywall")
        trace.append("dismiss_paywall")
      }
    }
    return trace
  }
}
