import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

private let fid = "cAbCdEfGhIjKlMnOpQr_-0"

private func destination(_ permission: String) -> JSONValue {
  ["kind": "fcm_fid", "value": .string(fid), "permission": .string(permission)]
}

private func identify(_ member: String) -> JSONValue { ["step": "identify", "user_id": .string(member)] }
private func begin(_ ticket: String) -> JSONValue { ["step": "begin_update", "ticket": .string(ticket)] }
private func update(_ permission: String, ticket: String? = nil) -> JSONValue {
  var step: JSONObject = ["step": "update", "destination": destination(permission)]
  if let ticket { step["ticket"] = .string(ticket) }
  return .object(step)
}
private func update(raw destination: JSONValue, ticket: String? = nil) -> JSONValue {
  var step: JSONObject = ["step": "update", "destination": destination]
  if let ticket { step["ticket"] = .string(ticket) }
  return .object(step)
}
private func consent(_ value: String) -> JSONValue { ["step": "set_consent", "consent": .string(value)] }
private func network(_ online: Bool) -> JSONValue { ["step": "network", "online": .bool(online)] }
private let logout: JSONValue = ["step": "logout"]
private let retry: JSONValue = ["step": "retry"]
private let foreground: JSONValue = ["step": "foreground"]
private let restart: JSONValue = ["step": "restart"]

private struct Status {
  var bound = false
  var consent = "unknown"
  var permission = "unknown"
  var pending = false
  var error = ""
  var ready = false

  var json: JSONValue {
    [
      "bound": .bool(bound), "consent": .string(consent), "os_permission": .string(permission),
      "pending": .bool(pending), "error": .string(error), "ready": .bool(ready),
    ]
  }
}

private func run(_ steps: [JSONValue], _ context: JSONObject = [:]) throws -> Outcome {
  try LeeepPushClient().evaluate(.array(steps), context: context)
}

private func accepted(_ results: [String], _ status: Status) -> Outcome {
  .accept(output: ["results": .array(results.map { .string($0) }), "status": status.json])
}

private func invalidStep(_ index: Int) -> Outcome { .reject(error: "invalid_step", field: String(index)) }

@Suite struct LeeepPushClientTests {
  // MARK: Context

  @Test(arguments: [JSONValue.string("true"), 1, .null, ["online": true], []])
  func onlineThatIsNotABooleanIsAContextError(_ value: JSONValue) throws {
    let context: JSONObject = ["online": value]
    // A context error, never a rejection, whatever the trace: even the empty one.
    for steps in [[], [identify("m1")], [logout]] {
      #expect(throws: ContextError(key: "online", reason: "must be a boolean, got \(value.typeName)")) {
        try run(steps, context)
      }
    }
    // The context is read only after the array checks.
    #expect(
      try LeeepPushClient().evaluate("logout", context: context) == .reject(error: "not_an_array", field: nil))
    #expect(try run([logout, .null], context) == invalidStep(1))
    #expect(try run([begin("t1"), begin("t1")], context) == invalidStep(1))
  }

  @Test func aContextErrorIsAnErrorThroughTheImplementation() {
    #expect(throws: ContextError.self) {
      try ReferenceImplementation().evaluate(suite: "leeep.push.client", input: [], context: ["online": "no"])
    }
  }

  @Test func onlineDefaultsToTrueAndOtherKeysAreIgnored() throws {
    let bound = Status(bound: true)
    #expect(try run([identify("m1")]) == accepted(["ok"], bound))
    #expect(try run([identify("m1")], ["online": true, "platform": "ios"]) == accepted(["ok"], bound))
    #expect(
      try run([identify("m1")], ["online": false])
        == accepted(["ok"], Status(bound: true, pending: true, error: "network_failure")))
  }

  // MARK: Shape

  @Test func theEmptyTraceIsAFreshClient() throws {
    #expect(try run([]) == accepted([], Status()))
  }

  @Test func shapesTheStepTableRejects() throws {
    let bad: [JSONValue] = [
      .null, "logout", ["step": "Logout"], ["step": "onForeground"], ["step": "logout", "user_id": "m"],
      ["step": "identify"], ["step": "identify", "user_id": 1], ["step": "identify", "userId": "m"],
      ["step": "begin_update"], ["step": "begin_update", "ticket": nil],
      ["step": "update"], ["step": "update", "destination": "x"], ["step": "update", "destination": [:], "ticket": 1],
      ["step": "set_consent", "consent": "opted-in"], ["step": "set_consent", "consent": "unknown"],
      ["step": "set_consent", "consent": true], ["step": "network", "online": "true"], ["step": "network"],
      ["step": "retry", "now": true],
    ]
    for item in bad {
      #expect(try run([item]) == invalidStep(0), "\(item)")
      #expect(try run([identify("m1"), logout, item]) == invalidStep(2), "\(item)")
    }
  }

  @Test func ticketRules() throws {
    #expect(try run([begin("")]) == invalidStep(0))
    #expect(try run([begin(String(repeating: "a", count: 65))]) == invalidStep(0))
    #expect(try run([begin("a.b")]) == invalidStep(0))
    #expect(try run([begin("\u{212A}")]) == invalidStep(0))
    #expect(try run([begin(String(repeating: "a", count: 64))]) == accepted(["ok"], Status()))
    #expect(try run([begin("t1"), restart, begin("t1")]) == invalidStep(2))
    #expect(try run([update("granted", ticket: "t1")]) == invalidStep(0))
    #expect(try run([update("granted", ticket: "t1"), begin("t1")]) == invalidStep(0))
    #expect(try run([begin("t1"), update("granted", ticket: "T1")]) == invalidStep(1))
    // The ticket rule runs before the destination is checked.
    #expect(try run([update(raw: [:], ticket: "t1")]) == invalidStep(0))
  }

  // MARK: identify and update call the other suites' rules

  @Test func identifyFailuresAreInvalidInputAndChangeNothing() throws {
    // empty, too_long (256 bytes), whitespace_only (U+3000): the leeep.user-id rejections.
    for member in ["", String(repeating: "a", count: 256), "\u{3000}", " \t"] {
      #expect(
        try run([identify("m1"), consent("opted_in"), begin("t1"), identify(member), update("granted", ticket: "t1")])
          == accepted(
            ["ok", "ok", "ok", "invalid_input", "ok"],
            Status(bound: true, consent: "opted_in", permission: "granted", ready: true)))
    }
    #expect(try run([identify(String(repeating: "a", count: 255))]) == accepted(["ok"], Status(bound: true)))
  }

  @Test func updateFailuresAreInvalidInputBeforeTheTicket() throws {
    let bad: [JSONValue] = [
      [:], ["kind": "fcm_fid", "value": .string(fid)], ["kind": 1, "value": .string(fid), "permission": "granted"],
      ["kind": "apns", "value": .string(fid), "permission": "granted"],
      ["kind": "fcm_fid", "value": "x", "permission": "granted"],
      ["kind": "fcm_fid", "value": .string(fid), "permission": "authorized"],
    ]
    for destination in bad {
      // Stale ticket, bad destination: the destination is checked first.
      #expect(
        try run(
          [update("denied"), begin("t1"), begin("t2"), update(raw: destination, ticket: "t1")], ["online": false])
          == accepted(
            ["ok", "ok", "ok", "invalid_input"], Status(permission: "denied", pending: true, error: "network_failure")))
      // A rejected update without a ticket makes no new ticket.
      #expect(
        try run([begin("t1"), update(raw: destination), update("granted", ticket: "t1")])
          == accepted(["ok", "invalid_input", "ok"], Status(permission: "granted")))
    }
  }

  // MARK: Tickets

  @Test func eachStalerMakesTheTicketStale() throws {
    let stalers: [(JSONValue, Bool)] = [
      (begin("t2"), true), (identify("m2"), true), (logout, false), (restart, false), (update("denied"), true),
    ]
    for (staler, bound) in stalers {
      let outcome = try run([identify("m1"), begin("t1"), staler, update("granted", ticket: "t1")])
      guard case .accept(let output) = outcome, case .array(let results)? = output.objectValue?["results"],
        case .object(let status)? = output.objectValue?["status"]
      else {
        Issue.record("\(staler): \(outcome)")
        continue
      }
      #expect(results.last == "stale", "\(staler)")
      #expect(status["bound"] == .bool(bound), "\(staler)")
      #expect(status["os_permission"] != "granted", "\(staler)")
    }
  }

  @Test func theAntiPatternAppliesTheOldResult() throws {
    // A ticket taken again inside the old completion: the old denied overwrites the newer granted.
    #expect(
      try run([
        identify("m1"), consent("opted_in"), begin("old"), begin("new"), update("granted", ticket: "new"),
        begin("retaken"), update("denied", ticket: "retaken"),
      ])
        == accepted(
          ["ok", "ok", "ok", "ok", "ok", "ok", "ok"], Status(bound: true, consent: "opted_in", permission: "denied")))
    #expect(
      try run([
        identify("m1"), consent("opted_in"), begin("old"), begin("new"), update("granted", ticket: "new"),
        update("denied", ticket: "old"),
      ])
        == accepted(
          ["ok", "ok", "ok", "ok", "ok", "stale"],
          Status(bound: true, consent: "opted_in", permission: "granted", ready: true)))
  }

  // MARK: Consent, offline, ready

  @Test func consentIsPerMemberByteForByte() throws {
    #expect(
      try run([identify("Jos\u{E9}"), consent("opted_in"), identify("Jose\u{301}")])
        == accepted(["ok", "ok", "ok"], Status(bound: true)))
    #expect(
      try run([identify("m1"), consent("opted_out"), restart, identify("m2"), logout, identify("m1")])
        == accepted(["ok", "ok", "ok", "ok", "ok", "ok"], Status(bound: true, consent: "opted_out")))
    #expect(try run([consent("opted_in")]) == accepted(["invalid_input"], Status()))
    #expect(
      try run([identify("m1"), update("granted")])
        == accepted(["ok", "ok"], Status(bound: true, permission: "granted")))
  }

  @Test func heldSyncsClearOnlyOnRetryOrForegroundOnline() throws {
    let held = Status(bound: true, pending: true, error: "network_failure")
    #expect(
      try run([identify("m1"), retry, foreground, network(true)], ["online": false])
        == accepted(["ok", "ok", "ok", "ok"], held))
    for clearer in [retry, foreground] {
      #expect(
        try run([identify("m1"), network(true), clearer], ["online": false])
          == accepted(["ok", "ok", "ok"], Status(bound: true)))
    }
    #expect(
      try run([identify("m1"), restart], ["online": false])
        == accepted(["ok", "ok"], Status(pending: true, error: "network_failure")))
  }

  @Test func readyNeedsAllFive() throws {
    let all = [identify("m1"), consent("opted_in"), update("granted")]
    #expect(
      try run(all)
        == accepted(["ok", "ok", "ok"], Status(bound: true, consent: "opted_in", permission: "granted", ready: true)))
    #expect(
      try run(all + [restart])
        == accepted(["ok", "ok", "ok", "ok"], Status(permission: "granted")))
    #expect(
      try run(all + [update("provisional")])
        == accepted(["ok", "ok", "ok", "ok"], Status(bound: true, consent: "opted_in", permission: "provisional")))
    #expect(
      try run(all, ["online": false])
        == accepted(
          ["ok", "ok", "ok"],
          Status(bound: true, consent: "opted_in", permission: "granted", pending: true, error: "network_failure")))
  }

  // MARK: The committed corpus

  @Test func committedVectorsAgree() throws {
    let count = try CommittedVectorAgreement.check(LeeepPushClient())
    #expect(count >= 800, "the leeep.push.client corpus has \(count) vectors, fewer than 800")
  }
}
