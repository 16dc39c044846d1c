import ConformanceJSON
import ConformanceKit

/// `fanship.sequence` (docs/suites/fanship.sequence.md): the order of the FANSHIP iOS SDK's calls and callbacks.
///
/// The generator holds its own description of the rules (``Rules``, written from docs/suites/fanship.sequence.md and the
/// FANSHIP iOS SDK guide's "6.1 初回起動時のシーケンス" / "6.2 プッシュ通知を受信するまでのシーケンス"), enumerates
/// every valid trace from it, and derives each mutation's expected error from what the mutation
/// does to a valid trace. It never runs the reference parser.
extension FanshipSequence: GeneratedSuite {
  static let source = "FANSHIP iOS SDK guide, 6 動作概要 (6.1 初回起動時, 6.2 プッシュ通知を受信するまで)"

  static let firstLaunchSteps = [
    "app_launch", "shared_receiver", "load_settings", "did_get_popinfo_id", "location_opt_in_dialog",
    "push_opt_in_dialog", "did_register_device_token", "register_token",
  ]
  static let receiveSteps = [
    "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
    "did_receive_remote_notification", "receive_notification", "show_list", "show_detail",
  ]
  static let showSteps = ["show_list", "show_detail"]

  /// Short names used in test ids, so that an id can spell a whole trace.
  static let codes: [String: String] = [
    "app_launch": "launch", "shared_receiver": "recv", "load_settings": "settings",
    "did_get_popinfo_id": "popinfo", "location_opt_in_dialog": "loc", "push_opt_in_dialog": "push",
    "did_register_device_token": "token", "register_token": "register", "banner_shown": "shown",
    "banner_tapped": "tapped", "did_finish_launching": "launching", "did_receive_notification_response": "response",
    "did_receive_remote_notification": "remote", "receive_notification": "receive", "show_list": "list",
    "show_detail": "detail",
  ]

  static func code(_ step: String) -> String {
    guard let code = codes[step] else { preconditionFailure("no code for \(step)") }
    return code
  }

  static func codes(_ trace: [String]) -> String {
    trace.isEmpty ? "empty-trace" : trace.map(code).joined(separator: "-")
  }

  // MARK: - The rules, per context

  /// One scenario with its settings: which steps exist, which the settings allow, and what each
  /// step requires (directly) to have happened before it.
  struct Rules: Sendable {
    /// Readable id part: `first_launch.location.allow`, `receive.terminated`.
    let id: String
    let context: JSONObject
    /// Every step name of the scenario.
    let scenarioSteps: [String]
    /// The step names of the other scenario (unknown here).
    let otherScenarioSteps: [String]
    /// The steps these settings allow.
    let allowed: [String]
    let requires: [String: [String]]
    let isReceive: Bool

    func requirements(of step: String) -> [String] { requires[step] ?? [] }
    func isAllowed(_ step: String) -> Bool { allowed.contains(step) }
    /// Scenario steps these settings rule out.
    var unexpectedSteps: [String] { scenarioSteps.filter { !isAllowed($0) } }

    /// docs/suites/fanship.sequence.md's output for a trace that broke no rule.
    func output(_ trace: [String]) -> JSONValue {
      if isReceive {
        let shown: JSONValue =
          trace.contains("show_list") ? "list" : trace.contains("show_detail") ? "detail" : .null
        return ["content_fetched": .bool(trace.contains("receive_notification")), "shown": shown]
      }
      return ["ready_for_push": .bool(trace.contains("register_token"))]
    }

    /// Every order of all allowed steps in which each step follows its requirements (the
    /// receive scenario's two show steps exclude each other, so each complete trace has one).
    var completeTraces: [[String]] {
      var results: [[String]] = []
      func extend(_ trace: [String]) {
        let next = allowed.filter { step in
          !trace.contains(step) && requirements(of: step).allSatisfy(trace.contains)
            && !(showSteps.contains(step) && trace.contains(where: showSteps.contains))
        }
        if next.isEmpty {
          results.append(trace)
          return
        }
        for step in next { extend(trace + [step]) }
      }
      extend([])
      return results
    }
  }

  static func firstLaunch(usesLocation: Bool, pushAllowed: Bool) -> Rules {
    var allowed = firstLaunchSteps
    if !usesLocation { allowed.removeAll { $0 == "location_opt_in_dialog" } }
    if !pushAllowed { allowed.removeAll { $0 == "register_token" } }
    // docs/suites/fanship.sequence.md: "app_launch: must be the first step" (nothing before it); the rest as listed.
    let requires: [String: [String]] = [
      "shared_receiver": ["app_launch"],
      "load_settings": ["shared_receiver"],
      "did_get_popinfo_id": ["load_settings"],
      "location_opt_in_dialog": ["load_settings"],
      "push_opt_in_dialog": usesLocation ? ["load_settings", "location_opt_in_dialog"] : ["load_settings"],
      "did_register_device_token": ["push_opt_in_dialog"],
      "register_token": ["did_get_popinfo_id", "did_register_device_token"],
    ]
    return Rules(
      id: "first_launch.\(usesLocation ? "location" : "no-location").\(pushAllowed ? "allow" : "deny")",
      context: [
        "scenario": "first_launch", "uses_location": .bool(usesLocation),
        "push_permission": .string(pushAllowed ? "allow" : "deny"),
      ],
      scenarioSteps: firstLaunchSteps, otherScenarioSteps: receiveSteps, allowed: allowed, requires: requires,
      isReceive: false)
  }

  /// The chain of 6.2 for each app state.
  static func chain(_ appState: String) -> [String] {
    switch appState {
    case "terminated":
      [
        "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
        "receive_notification",
      ]
    case "background":
      ["banner_shown", "banner_tapped", "did_receive_notification_response", "receive_notification"]
    default:
      ["did_receive_remote_notification", "receive_notification"]
    }
  }

  static func receive(_ appState: String) -> Rules {
    let chain = chain(appState)
    var requires: [String: [String]] = [:]
    for index in chain.indices.dropFirst() { requires[chain[index]] = [chain[index - 1]] }
    for show in showSteps { requires[show] = ["receive_notification"] }
    return Rules(
      id: "receive.\(appState)", context: ["scenario": "receive", "app_state": .string(appState)],
      scenarioSteps: receiveSteps, otherScenarioSteps: firstLaunchSteps, allowed: chain + showSteps,
      requires: requires, isReceive: true)
  }

  static let firstLaunchContexts = [
    firstLaunch(usesLocation: true, pushAllowed: true), firstLaunch(usesLocation: true, pushAllowed: false),
    firstLaunch(usesLocation: false, pushAllowed: true), firstLaunch(usesLocation: false, pushAllowed: false),
  ]
  static let receiveContexts = [receive("terminated"), receive("background"), receive("foreground")]

  /// The setting in words, for descriptions: `first launch, location used, push allowed`.
  static func setting(_ rules: Rules) -> String {
    let values = rules.context.members.filter { $0.key != "scenario" }.map { member in
      "\(member.key) \(member.value.stringValue ?? JSONSerializer.compact.string(from: member.value))"
    }
    let scenario = rules.isReceive ? "receive" : "first launch"
    return ([scenario] + values).joined(separator: ", ")
  }

  /// A complete trace's name: where the asynchronous popinfo ID arrived, or which screen is shown.
  static func name(of trace: [String], in rules: Rules) -> String {
    if rules.isReceive { return trace.contains("show_list") ? "to-list" : "to-detail" }
    guard let index = trace.firstIndex(of: "did_get_popinfo_id") else { return "no-popinfo" }
    return "popinfo-after-\(code(trace[index - 1]))"
  }

  static func files() -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    for (scenario, contexts) in [("first-launch", firstLaunchContexts), ("receive", receiveContexts)] {
      var group = TraceGroup(contexts: contexts)
      files += group.files(folder: "\(folder)/\(scenario)")
    }
    files.append(wrongContext())
    files.append(notAnArray())
    files.append(contextFree())
    files.append(settingsUnread())
    return files
  }
}

/// The vectors of one scenario's contexts, one file per kind of mutation, each trace added once
/// per context (the first mutation that produces it names it).
struct TraceGroup {
  typealias V = FanshipSequence
  let contexts: [V.Rules]
  private var seen: [String: Set<[UInt8]>] = [:]
  private var builders: [(file: String, builder: VectorFileBuilder)] = []

  init(contexts: [V.Rules]) {
    self.contexts = contexts
  }

  static let descriptions: [(file: String, description: String)] = [
    ("valid-traces", "every valid trace: each prefix of each order the rules allow (a trace may stop after any step)"),
    ("dropped-step", "a valid trace with one step left out: out_of_order at the first step that requires it"),
    ("swapped-steps", "two neighbouring steps swapped: out_of_order when the second requires the first"),
    ("moved-step", "one step moved earlier: out_of_order when it arrives before what it requires"),
    ("duplicated-step", "one step repeated: duplicate_step (a second show step is unexpected_step)"),
    ("unexpected-step", "a step these settings rule out, anywhere in the trace: unexpected_step"),
    ("unknown-step", "a step name the scenario does not have (the other scenario's, SDK method names, typos)"),
  ]

  mutating func add(
    _ kind: String, _ rules: V.Rules, id: String, description: String, tags: [String], trace: [String],
    expect: GeneratedExpectation
  ) {
    let key = Array(trace.joined(separator: "\u{1}").utf8) + [trace.isEmpty ? 0 : 1]
    guard seen[rules.id, default: []].insert(key).inserted else { return }
    let fullID = "\(rules.id).\(id)"
    precondition(fullID.utf8.count <= 128, "id too long: \(fullID)")
    guard let index = builders.firstIndex(where: { $0.file == kind }) else {
      preconditionFailure("unknown file kind \(kind)")
    }
    // The same mutation is made in every setting and on every complete trace: the description
    // names the setting and the steps, so that no two vectors share one.
    let steps = trace.isEmpty ? "no step" : trace.joined(separator: ", ")
    builders[index].builder.add(
      id: fullID, description: "\(V.setting(rules)) [\(steps)]: \(description)", tags: tags,
      input: .array(trace.map { .string($0) }),
      context: rules.context, expect: expect)
  }

  mutating func files(folder: String) -> [GeneratedFile] {
    builders = Self.descriptions.map {
      ($0.file, VectorFileBuilder(suite: V.name, description: $0.description, source: V.source))
    }
    for rules in contexts { addValidTraces(rules) }
    for rules in contexts {
      let complete = rules.completeTraces
      for trace in complete {
        addDrops(rules, trace)
        addSwaps(rules, trace)
        addDuplicates(rules, trace, atEnd: trace == complete[0])
      }
      addMoves(rules, complete[0])
      addUnexpected(rules, complete[0])
      addUnknown(rules, complete[0])
    }
    return builders.filter { !$0.builder.isEmpty }.map { $0.builder.file(at: "\(folder)/\($0.file).json") }
  }

  // MARK: Valid traces

  mutating func addValidTraces(_ rules: V.Rules) {
    for trace in rules.completeTraces {
      for length in 0...trace.count {
        let prefix = Array(trace.prefix(length))
        let complete = length == trace.count
        let description =
          prefix.isEmpty
          ? "the empty trace: nothing happened yet, which any trace may stop at"
          : complete
            ? "a complete trace: every step the settings allow, each after what it requires"
            : "a trace that stops after \(prefix.last!): every step follows what it requires"
        add(
          "valid-traces", rules, id: "valid.\(V.codes(prefix))", description: description,
          tags: prefix.isEmpty ? ["valid", "boundary"] : ["valid"], trace: prefix,
          expect: .accept(output: rules.output(prefix)))
      }
    }
  }

  // MARK: Mutations

  /// Leaving a step out breaks the first later step that requires it; when none does (the
  /// popinfo ID never arrives and nothing waits for it), the trace is still valid.
  mutating func addDrops(_ rules: V.Rules, _ trace: [String]) {
    for index in trace.indices.dropLast() {
      let dropped = trace[index]
      var mutated = trace
      mutated.remove(at: index)
      let name = V.name(of: trace, in: rules)
      let id = "\(name).drop-\(V.code(dropped))"
      if let broken = trace[(index + 1)...].first(where: { rules.requirements(of: $0).contains(dropped) }) {
        add(
          "dropped-step", rules, id: id,
          description: "\(dropped) left out: \(broken) requires it, out_of_order \(broken)",
          tags: ["invalid", "integration-mistake"], trace: mutated,
          expect: .reject(error: "out_of_order", field: broken))
      } else {
        add(
          "dropped-step", rules, id: id,
          description: "\(dropped) left out: no later step requires it, so the trace is valid",
          tags: ["valid"], trace: mutated, expect: .accept(output: rules.output(mutated)))
      }
    }
  }

  /// Swapping neighbours a, b: b now comes first, which breaks the rules exactly when b requires a.
  mutating func addSwaps(_ rules: V.Rules, _ trace: [String]) {
    for index in trace.indices.dropLast() {
      let first = trace[index]
      let second = trace[index + 1]
      var mutated = trace
      mutated.swapAt(index, index + 1)
      let id = "\(V.name(of: trace, in: rules)).swap-\(V.code(first))-\(V.code(second))"
      if rules.requirements(of: second).contains(first) {
        add(
          "swapped-steps", rules, id: id,
          description: "\(second) before \(first), which it requires: out_of_order \(second)",
          tags: ["invalid", "integration-mistake"], trace: mutated,
          expect: .reject(error: "out_of_order", field: second))
      } else {
        add(
          "swapped-steps", rules, id: id,
          description: "\(second) and \(first) are independent: either order is valid",
          tags: ["valid"], trace: mutated, expect: .accept(output: rules.output(mutated)))
      }
    }
  }

  /// Repeating a step is duplicate_step, except a second show step, which is unexpected_step
  /// (checked first): "a second show step is unexpected".
  mutating func addDuplicates(_ rules: V.Rules, _ trace: [String], atEnd: Bool) {
    for index in trace.indices {
      let step = trace[index]
      let expect: GeneratedExpectation =
        V.showSteps.contains(step)
        ? .reject(error: "unexpected_step", field: step) : .reject(error: "duplicate_step", field: step)
      let what = V.showSteps.contains(step) ? "a second show step is unexpected_step" : "duplicate_step \(step)"
      var next = trace
      next.insert(step, at: index + 1)
      add(
        "duplicated-step", rules, id: "\(V.name(of: trace, in: rules)).duplicate-\(V.code(step))-next",
        description: "\(step) twice in a row: \(what)", tags: ["invalid", "integration-mistake"], trace: next,
        expect: expect)
      if atEnd {
        add(
          "duplicated-step", rules, id: "\(V.name(of: trace, in: rules)).duplicate-\(V.code(step))-at-end",
          description: "\(step) again after the complete trace: \(what)", tags: ["invalid", "integration-mistake"],
          trace: trace + [step], expect: expect)
      }
    }
    // After a show step nothing may follow: the other show step is unexpected too.
    if let shown = trace.last, V.showSteps.contains(shown) {
      for other in V.showSteps where other != shown {
        add(
          "duplicated-step", rules, id: "\(V.name(of: trace, in: rules)).second-show-\(V.code(other))",
          description: "\(other) after \(shown): a second show step is unexpected_step",
          tags: ["invalid", "integration-mistake"], trace: trace + [other],
          expect: .reject(error: "unexpected_step", field: other))
      }
    }
  }

  /// Moving step s from its place to an earlier position p: the steps before p are untouched and
  /// valid, so s breaks the rules exactly when something it requires is not among them; if it is
  /// not broken, every step after it still has its requirements (none of them required s, which
  /// came after them).
  mutating func addMoves(_ rules: V.Rules, _ trace: [String]) {
    for index in trace.indices {
      let step = trace[index]
      for position in 0..<index {
        var mutated = trace
        mutated.remove(at: index)
        mutated.insert(step, at: position)
        let before = Array(trace.prefix(position))
        let id = "\(V.name(of: trace, in: rules)).move-\(V.code(step))-before-\(V.code(trace[position]))"
        let missing = rules.requirements(of: step).filter { !before.contains($0) }
        // app_launch has no requirement but must be first; it is never moved (it is first already).
        if let requirement = missing.first {
          add(
            "moved-step", rules, id: id,
            description: "\(step) moved before \(trace[position]), ahead of \(requirement): out_of_order \(step)",
            tags: ["invalid", "integration-mistake"], trace: mutated,
            expect: .reject(error: "out_of_order", field: step))
        } else {
          add(
            "moved-step", rules, id: id,
            description: "\(step) moved before \(trace[position]), still after all it requires: valid",
            tags: ["valid"], trace: mutated, expect: .accept(output: rules.output(mutated)))
        }
      }
    }
  }

  /// A step these settings rule out, inserted anywhere: unexpected_step is checked before
  /// duplicate_step and out_of_order, so the position does not matter.
  mutating func addUnexpected(_ rules: V.Rules, _ trace: [String]) {
    for step in rules.unexpectedSteps {
      for position in 0...trace.count {
        var mutated = trace
        mutated.insert(step, at: position)
        let place = position == trace.count ? "at-end" : "before-\(V.code(trace[position]))"
        add(
          "unexpected-step", rules, id: "\(V.name(of: trace, in: rules)).insert-\(V.code(step))-\(place)",
          description: "\(step) is not allowed with \(rules.id): unexpected_step wherever it appears",
          tags: ["invalid", "integration-mistake"], trace: mutated,
          expect: .reject(error: "unexpected_step", field: step))
      }
    }
  }

  /// Names the scenario does not have: the other scenario's steps, SDK method names, typos.
  mutating func addUnknown(_ rules: V.Rules, _ trace: [String]) {
    let traceName = V.name(of: trace, in: rules)
    // Each step of the other scenario, at a different place in the trace each time.
    for (offset, step) in rules.otherScenarioSteps.enumerated() {
      let position = offset % (trace.count + 1)
      var mutated = trace
      mutated.insert(step, at: position)
      let place = position == trace.count ? "at-end" : "before-\(V.code(trace[position]))"
      add(
        "unknown-step", rules, id: "\(traceName).other-scenario-\(V.code(step))-\(place)",
        description: "\(step) belongs to the other scenario: unknown_step here", tags: ["invalid"], trace: mutated,
        expect: .reject(error: "unknown_step", field: step))
    }
    // Each step spelled as camelCase (as the SDK's method names are), in its own place.
    for index in trace.indices {
      let step = trace[index]
      let camel = AdaptyOnboardingEvent.camelCase(step)
      var mutated = trace
      mutated[index] = camel
      add(
        "unknown-step", rules, id: "\(traceName).camelCase-\(V.code(step))",
        description: "\(camel) is not the step name \(step): unknown_step (names match byte for byte)",
        tags: ["invalid", "integration-mistake"], trace: mutated, expect: .reject(error: "unknown_step", field: camel))
    }
    let first = trace[0]
    let names: [(slug: String, name: String, why: String, tags: [String])] = [
      ("empty", "", "the empty string", ["invalid", "boundary"]),
      ("uppercase", first.uppercased(), "names are case-sensitive", ["invalid"]),
      ("kebab-case", first.replacingOccurrences("_", "-"), "a dash is not an underscore", ["invalid"]),
      ("trailing-space", first + " ", "names are never trimmed", ["invalid", "boundary"]),
      ("trailing-newline", first + "\n", "a trailing newline is part of the name", ["invalid", "boundary"]),
      ("fullwidth", fullwidth(first), "full-width letters are other characters", ["invalid", "unicode"]),
      ("combining-mark", first + "\u{301}", "a combining mark makes another name", ["invalid", "unicode"]),
      ("objc-selector", rules.isReceive ? "receiveNotification:" : "registerToken:", "an SDK selector", ["invalid"]),
    ]
    for entry in names {
      var mutated = trace
      mutated[0] = entry.name
      add(
        "unknown-step", rules, id: "\(traceName).unknown-first-step-\(entry.slug)",
        description: "\(entry.why): unknown_step as the first step", tags: entry.tags, trace: mutated,
        expect: .reject(error: "unknown_step", field: entry.name))
      var later = trace
      later.insert(entry.name, at: 2)
      add(
        "unknown-step", rules, id: "\(traceName).unknown-third-step-\(entry.slug)",
        description: "\(entry.why): unknown_step after two valid steps", tags: entry.tags, trace: later,
        expect: .reject(error: "unknown_step", field: entry.name))
    }
  }

  /// `app_launch` in full-width Latin letters (U+FF41…), keeping the underscore.
  func fullwidth(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x61...0x7A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar
        }))
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
    String(map { $0 == target ? replacement : $0 })
  }
}
