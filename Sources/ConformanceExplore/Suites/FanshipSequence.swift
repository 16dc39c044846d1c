import ConformanceJSON

/// `fanship.sequence`: an array of step names against the scenario's order. Cases are valid
/// traces drawn from the scenario's table (a random order the requirements allow, stopped at any
/// step) and then changed. Targets: the per-step check order (`unknown_step`, then
/// `unexpected_step`, `duplicate_step`, `out_of_order`), the location dialog only with
/// `uses_location`, `register_token` only with `allow` and after both the popinfo ID and the
/// device token (in either order), `did_get_popinfo_id` anywhere after `load_settings`, the
/// receive chains per app state, one show step after `receive_notification` as the last step;
/// steps swapped, repeated, dropped, names in another case, non-string items.
struct FanshipSequenceExplorer: SuiteExplorer {
  let suite = "fanship.sequence"
  /// first_launch: each step with the steps it requires.
  static let firstLaunch: [(step: String, requires: [String])] = [
    ("app_launch", []), ("shared_receiver", ["app_launch"]), ("load_settings", ["shared_receiver"]),
    ("did_get_popinfo_id", ["load_settings"]), ("location_opt_in_dialog", ["load_settings"]),
    ("push_opt_in_dialog", ["load_settings", "location_opt_in_dialog"]),
    ("did_register_device_token", ["push_opt_in_dialog"]),
    ("register_token", ["did_get_popinfo_id", "did_register_device_token"]),
  ]
  static let chains: [String: [String]] = [
    "terminated": [
      "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
      "receive_notification",
    ],
    "background": ["banner_shown", "banner_tapped", "did_receive_notification_response", "receive_notification"],
    "foreground": ["did_receive_remote_notification", "receive_notification"],
  ]
  static let allSteps =
    firstLaunch.map(\.step) + [
      "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
      "did_receive_remote_notification", "receive_notification", "show_list", "show_detail",
    ]
  static let mutator = Mutator(Vocabulary(keys: ["step"], strings: allSteps))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let context = Self.context(samples, &random)
    var steps = Self.validTrace(context, &random).map { JSONValue.string($0) }
    for _ in 0..<ExploreMix.mutationCount(&random) {
      switch random.below(6) {
      case 0:
        if !steps.isEmpty {
          let index = random.below(steps.count)
          if let name = steps[index].stringValue {
            steps[index] = .string(
              random.pick([name.uppercased(), name.capitalizedFirst, name + " ", snakeCamelSwapped(name), name + "\n"]))
          }
        }
      case 1: steps = Self.mutator.mutate(.array(steps), &random).arrayValue ?? steps
      default:
        steps = TraceMutations.mutate(steps, insert: { .string($0.pick(Self.allSteps)) }, &random)
      }
    }
    return ExploreCase(suite: suite, input: .array(steps), context: context)
  }

  /// A sample's context when it names the scenario and all its settings validly, else one of the
  /// combinations the settings allow.
  static func context(_ samples: [ExploreCase], _ random: inout ExploreRandom) -> JSONObject {
    if random.chance(1, in: 2), let sample = ExploreMix.sample(samples, &random, usable: contextIsUsable) {
      return sample.context
    }
    if random.chance(1, in: 2) {
      return [
        "scenario": "first_launch", "uses_location": .bool(random.chance(1, in: 2)),
        "push_permission": .string(random.pick(["allow", "deny"])),
      ]
    }
    return ["scenario": "receive", "app_state": .string(random.pick(["terminated", "background", "foreground"]))]
  }

  static func contextIsUsable(_ context: JSONObject) -> Bool {
    switch context["scenario"]?.stringValue {
    case "first_launch":
      return context["uses_location"]?.boolValue != nil
        && ["allow", "deny"].contains(context["push_permission"]?.stringValue ?? "")
    case "receive": return chains[context["app_state"]?.stringValue ?? ""] != nil
    default: return false
    }
  }

  /// A trace the rules accept for `context`, stopped after a random step.
  static func validTrace(_ context: JSONObject, _ random: inout ExploreRandom) -> [String] {
    var trace: [String] = []
    if context["scenario"]?.stringValue == "receive" {
      let chain = chains[context["app_state"]?.stringValue ?? ""] ?? []
      trace = Array(chain.prefix(random.below(chain.count + 1)))
      if trace.count == chain.count, random.chance(1, in: 2) {
        trace.append(random.pick(["show_list", "show_detail"]))
      }
      return trace
    }
    let usesLocation = context["uses_location"]?.boolValue ?? false
    let allow = context["push_permission"]?.stringValue == "allow"
    var remaining = firstLaunch.filter {
      ($0.step != "location_opt_in_dialog" || usesLocation) && ($0.step != "register_token" || allow)
    }
    let stop = random.below(remaining.count + 1)
    while trace.count < stop {
      let ready = remaining.filter { entry in
        entry.requires.allSatisfy { trace.contains($0) || ($0 == "location_opt_in_dialog" && !usesLocation) }
      }
      guard !ready.isEmpty else { break }
      let next = random.pick(ready)
      trace.append(next.step)
      remaining.removeAll { $0.step == next.step }
    }
    return trace
  }
}
