import ConformanceJSON
import ConformanceKit

extension LeeepPushClient {
  /// The suite's steps as docs/suites/leeep.push.client.md lists them.
  static let stepShapes = TraceStepShapes([
    TraceStepShape("identify", [TraceArgumentShape("user_id", [.string], sample: "member-0001")]),
    TraceStepShape("logout"),
    TraceStepShape("begin_update", [TraceArgumentShape("ticket", [.string], sample: "ticket-a")]),
    TraceStepShape(
      "update",
      [
        TraceArgumentShape("destination", [.object], sample: destination("granted")),
        TraceArgumentShape("ticket", [.string], sample: "ticket-a", optional: true),
      ]),
    TraceStepShape(
      "set_consent",
      [
        TraceArgumentShape(
          "consent", [.string], sample: "opted_in",
          outside: [
            ("opted-in", "opted-in", "consent is opted_in or opted_out: opted-in is another string"),
            ("upper", "OPTED_IN", "consent values are case-sensitive: OPTED_IN is not opted_in"),
            ("camel-case", "optedIn", "the SDK's case name optedIn is not the value opted_in"),
            ("unknown", "unknown", "unknown is the initial consent, never a value to set"),
            ("granted", "granted", "granted is an OS permission, not a consent value"),
            ("empty", "", "the empty string is not a consent value"),
            ("trailing-space", "opted_in ", "consent values are not trimmed"),
            ("true", "true", "the text true is not a consent value"),
            ("on", "on", "on is not a consent value (opted_in is)"),
            ("off", "off", "off is not a consent value (opted_out is)"),
          ])
      ]),
    TraceStepShape("network", [TraceArgumentShape("online", [.bool], sample: true)]),
    TraceStepShape("retry"),
    TraceStepShape("foreground"),
    TraceStepShape("restart"),
  ])

  /// Step objects an app's port gets wrong, beyond the shapes the step table gives.
  static let clientMistakes: [InvalidTraceItem] = [
    InvalidTraceItem(
      id: "mistake.on-foreground", description: "the SDK's method name onForeground is not the step foreground",
      item: ["step": "onForeground"], tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.flat-destination",
      description: "the destination's keys written into the step instead of under destination",
      item: TraceStepShapes.step(
        "update", [("kind", "fcm_fid"), ("value", .string(fid)), ("permission", "granted")]),
      tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.consent-with-user-id", description: "set_consent takes no member ID: user_id is another key",
      item: TraceStepShapes.step("set_consent", [("consent", "opted_in"), ("user_id", "member-0001")]),
      tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.update-with-permission-beside",
      description: "permission beside the destination instead of inside it is another key",
      item: TraceStepShapes.step("update", [("destination", destination("granted")), ("permission", "granted")]),
      tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.consent-bool", description: "consent as a boolean true instead of opted_in",
      item: TraceStepShapes.step("set_consent", [("consent", true)]), tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.logout-with-user-id", description: "logout takes no argument: user_id is another key",
      item: TraceStepShapes.step("logout", [("user_id", "member-0001")]), tags: ["integration-mistake"]),
  ]

  // MARK: shape.json

  static func shape() -> GeneratedFile {
    var file = builder(
      "the whole-array check: not_an_array, and invalid_step with the 0-based index for every shape a step may break")
    file.addNotArrays()
    // Three valid steps first: the bad item is then step 3.
    let prefix: [JSONValue] = [
      Step.identify("member-0001").json, Step.beginUpdate("ticket-prefix").json,
      Step.update("granted", ticket: "ticket-prefix").json,
    ]
    file.addInvalidItems(stepShapes.invalidItems() + clientMistakes, after: prefix)
    file.add(
      id: "invalid-step.first-of-two-bad-items", description: "two bad items: the first one's index is reported",
      tags: ["invalid"], input: .array([Step.logout.json, .null, ["step": "nope"]]),
      expect: .reject("invalid_step", field: "1"))
    file.add(
      id: "invalid-step.bad-item-after-many-valid-steps",
      description: "the index is decimal and 0-based: the 13th item is field 12",
      tags: ["invalid"], input: .array(TraceStepShapes.repeated([Step.retry.json], count: 12) + [.null]),
      expect: .reject("invalid_step", field: "12"))
    file.add(
      id: "invalid-step.bad-item-before-a-step-that-would-fail",
      description:
        "nothing runs before the check: a bad last item rejects a trace whose steps would give invalid_input",
      tags: ["invalid"],
      input: .array([Step.identify("", valid: false).json, Step.setConsent("opted_in").json, .null]),
      expect: .reject("invalid_step", field: "2"))
    file.add(
      id: "valid.empty-trace", description: "an empty trace runs no step: no results and a fresh client's status",
      tags: ["valid", "boundary"], input: [], expect: output([], .fresh))
    file.addTrace(
      "valid.every-step-once", "each step of the suite once, in a trace the check accepts", tags: ["valid"],
      [
        .identify("member-0001"), .beginUpdate("ticket-a"), .update("granted", ticket: "ticket-a"),
        .setConsent("opted_in"), .network(false), .retry, .foreground, .logout, .restart,
      ],
      results: ["ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"],
      status: Status(
        bound: false, consent: "unknown", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "valid.optional-ticket-absent-and-present", "update's ticket is optional: both spellings pass the check",
      tags: ["valid"], [.beginUpdate("t1"), .update("denied"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "stale"], status: Status.fresh.with(osPermission: "denied"))
    file.add(
      id: "valid.argument-order", description: "the step key may come after the arguments",
      tags: ["valid"],
      input: [
        .object(JSONObject([.init(key: "user_id", value: "member-0001"), .init(key: "step", value: "identify")]))
      ],
      expect: output(["ok"], Status.fresh.with(bound: true)))
    return file.file(at: "\(folder)/shape.json")
  }

  // MARK: trace-rules.json

  static func traceRules() -> GeneratedFile {
    var file = builder(
      "the trace-level ticket rules: a ticket name is [A-Za-z0-9_-]{1,64}, begun at most once, and update names only a ticket begun at an earlier step"
    )
    let sixtyFour = String(repeating: "a", count: 64)
    let validNames: [(String, String, String, [String])] = [
      ("one-character", "a", "one character is the shortest ticket name", ["boundary"]),
      ("sixty-four", sixtyFour, "64 characters is the longest ticket name", ["boundary"]),
      ("all-classes", "Az09_-", "letters, digits, underscore and hyphen", []),
      ("hyphen-only", "-", "a lone hyphen is a ticket name", ["boundary"]),
      ("underscore-only", "_", "a lone underscore is a ticket name", ["boundary"]),
      ("digits", "0123456789", "digits only", []),
      ("uuid-like", "3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b", "a lowercase UUID is a ticket name", []),
    ]
    for (id, name, description, tags) in validNames {
      file.addTrace(
        "ticket-name.valid.\(id)", description + "; begun and used", tags: ["valid"] + tags,
        [.beginUpdate(name), .update("granted", ticket: name)], results: ["ok", "ok"],
        status: Status.fresh.with(osPermission: "granted"))
    }
    let badNames: [(String, String, String, [String])] = [
      ("empty", "", "the empty string is not a ticket name", ["boundary"]),
      ("sixty-five", sixtyFour + "a", "65 characters is one over the limit", ["boundary"]),
      ("dot", "ticket.1", "a dot is outside [A-Za-z0-9_-]", []),
      ("space", "ticket 1", "a space is outside [A-Za-z0-9_-]", []),
      ("colon", "ticket:1", "a colon is outside [A-Za-z0-9_-]", []),
      ("slash", "ticket/1", "a slash is outside [A-Za-z0-9_-]", []),
      ("plus", "ticket+1", "a plus is outside [A-Za-z0-9_-]", []),
      ("at", "ticket@1", "an at sign is outside [A-Za-z0-9_-]", []),
      ("trailing-newline", "ticket\n", "a trailing newline is part of the name", []),
      ("leading-space", " ticket", "names are not trimmed", []),
      ("japanese", "チケット", "non-ASCII letters are outside [A-Za-z0-9_-]", ["unicode"]),
      ("accented", "tick\u{E9}t", "an accented letter is outside [A-Za-z0-9_-]", ["unicode"]),
      ("fullwidth-digit", "ticket\u{FF11}", "a full-width digit is not an ASCII digit", ["unicode"]),
      ("kelvin-sign", "\u{212A}", "U+212A KELVIN SIGN is not the letter K", ["unicode"]),
      ("nul", "ticket\u{0}", "NUL is outside [A-Za-z0-9_-]", ["security"]),
    ]
    for (id, name, description, tags) in badNames {
      file.add(
        id: "ticket-name.invalid.\(id)", description: description + ": begin_update is invalid_step",
        tags: ["invalid"] + tags, input: [Step.beginUpdate(name).json], expect: .reject("invalid_step", field: "0"))
      file.add(
        id: "ticket-name.invalid.\(id).after-valid-steps",
        description: description + ": the bad begin_update is step 2",
        tags: ["invalid"] + tags,
        input: .array([Step.identify("member-0001"), .beginUpdate("ok-1"), .beginUpdate(name)].map(\.json)),
        expect: .reject("invalid_step", field: "2"))
    }
    let rejections: [(String, String, [Step], String, [String])] = [
      (
        "begun-twice", "a ticket name is begun at most once in a trace", [.beginUpdate("t1"), .beginUpdate("t1")], "1",
        []
      ),
      (
        "begun-twice-after-use", "a used ticket's name cannot be begun again",
        [.beginUpdate("t1"), .update("granted", ticket: "t1"), .beginUpdate("t1")], "2", []
      ),
      (
        "begun-twice-after-logout", "logout does not free a ticket name",
        [.identify("m1"), .beginUpdate("t1"), .logout, .beginUpdate("t1")], "3", []
      ),
      (
        "begun-twice-after-restart", "a restart does not free a ticket name: the rule is over the whole trace",
        [.beginUpdate("t1"), .restart, .beginUpdate("t1")], "2", []
      ),
      (
        "begun-twice-with-others-between", "the second begin of t1 is reported even with other tickets between",
        [.beginUpdate("t1"), .beginUpdate("t2"), .beginUpdate("t3"), .beginUpdate("t1")], "3", []
      ),
      ("update-unbegun", "update names a ticket no step began", [.update("granted", ticket: "t1")], "0", []),
      (
        "update-begun-later", "a ticket begun after the update is not begun at an earlier step",
        [.update("granted", ticket: "t1"), .beginUpdate("t1")], "0", []
      ),
      (
        "update-other-case", "ticket names compare byte for byte: T1 is not t1",
        [.beginUpdate("t1"), .update("granted", ticket: "T1")], "1", []
      ),
      (
        "update-trailing-space", "ticket names are not trimmed",
        [.beginUpdate("t1"), .update("granted", ticket: "t1 ")], "1", []
      ),
      (
        "update-empty-name", "the empty ticket was never begun (it cannot be)",
        [.beginUpdate("t1"), .update("granted", ticket: "")], "1", ["boundary"]
      ),
      (
        "update-unbegun-bad-destination",
        "the ticket rule is checked before anything runs: a bad destination does not turn it into invalid_input",
        [.update(.object([:]), permission: nil, ticket: "t1")], "0", []
      ),
      (
        "update-unbegun-after-failed-begin-check", "the first rule broken is reported: begin_update with a bad name",
        [.beginUpdate("t.1"), .update("granted", ticket: "t.1")], "0", []
      ),
      (
        "rule-before-later-shape-error", "a ticket rule broken at step 1 wins over a bad item at step 2",
        [.beginUpdate("t1"), .beginUpdate("t1")], "1", []
      ),
    ]
    for (id, description, steps, field, tags) in rejections {
      var input = steps.map(\.json)
      if id == "rule-before-later-shape-error" { input.append(.null) }
      file.add(
        id: "rule.\(id)", description: description, tags: ["invalid"] + tags, input: .array(input),
        expect: .reject("invalid_step", field: field))
    }
    file.add(
      id: "rule.shape-error-before-later-rule",
      description: "a bad item at step 1 wins over a ticket begun twice at step 2",
      tags: ["invalid"], input: .array([Step.beginUpdate("t1").json, .null, Step.beginUpdate("t1").json]),
      expect: .reject("invalid_step", field: "1"))
    file.addTrace(
      "rule.names-differ-by-case", "t1 and T1 are two ticket names, each begun once", tags: ["valid"],
      [.beginUpdate("t1"), .beginUpdate("T1"), .update("denied", ticket: "T1"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(osPermission: "denied"))
    file.addTrace(
      "rule.begun-earlier-but-stale", "a stale ticket was begun earlier: it passes the check and its update is stale",
      tags: ["valid"], [.beginUpdate("t1"), .beginUpdate("t2"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "stale"], status: .fresh)
    // The context is read only after the array checks: these are rejected whatever it holds.
    let brokenContexts: [(String, JSONValue)] = [("string", "false"), ("number", 0), ("null", .null)]
    for (name, value) in brokenContexts {
      file.add(
        id: "context-after-checks.not-an-array.online-\(name)",
        description: "not_an_array is reported before the context's online (here a \(name)) is read",
        tags: ["invalid"], input: "logout", context: ["online": value], expect: .reject("not_an_array"))
      file.add(
        id: "context-after-checks.invalid-step.online-\(name)",
        description: "invalid_step is reported before the context's online (here a \(name)) is read",
        tags: ["invalid"], input: [Step.beginUpdate("t1").json, Step.beginUpdate("t1").json],
        context: ["online": value], expect: .reject("invalid_step", field: "1"))
    }
    return file.file(at: "\(folder)/trace-rules.json")
  }
}

extension LeeepPushClient.Status {
  /// This status with some fields changed; `ready` follows from the five conditions.
  func with(
    bound: Bool? = nil, consent: String? = nil, osPermission: String? = nil, pending: Bool? = nil, error: String? = nil
  ) -> Self {
    var status = self
    if let bound { status.bound = bound }
    if let consent { status.consent = consent }
    if let osPermission { status.osPermission = osPermission }
    if let pending { status.pending = pending }
    if let error { status.error = error }
    status.ready =
      status.bound && status.consent == "opted_in" && status.osPermission == "granted" && !status.pending
      && status.error.isEmpty
    return status
  }
}
