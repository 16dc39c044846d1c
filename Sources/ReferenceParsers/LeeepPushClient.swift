import ConformanceJSON
import ConformanceKit

/// `leeep.push.client`: one LeeepPushClient on a fresh install, driven by a trace of calls
/// (docs/suites/leeep.push.client.md, LEEEP iOS SDK reference, Push: identify / logout, the
/// destination update and its ticket, consent, LeeepPushStatus, retry / onForeground). The
/// trace mechanism (docs/suites/traces.md) checks the shape; the steps below are the calls.
///
/// `identify` checks its member ID with ``LeeepUserId`` and `update` its destination with
/// ``LeeepPushDestination``: one implementation of each rule.
extension LeeepPushClient: TraceSuite {
  /// The ticket an `update` must present to be applied.
  enum Ticket {
    /// No current ticket: it went stale (member switch, logout, restart) or none was taken.
    case none
    /// Taken by `begin_update` under this name.
    case named(UTF8Key)
    /// Made by an `update` without a ticket: no later step can name it.
    case unnamed
  }

  public struct State {
    var member: String?
    /// Consent by member ID, byte for byte; a member not in it is `unknown`.
    var consent: [UTF8Key: String] = [:]
    var osPermission = "unknown"
    var ticket = Ticket.none
    var pending = false
    var error = ""
    var online: Bool

    /// A sync: online it completes at once, offline it is held.
    mutating func sync() {
      pending = !online
      error = online ? "" : Self.networkFailure
    }

    static let networkFailure = "network_failure"
  }

  /// The network at the start of the trace.
  public typealias Configuration = Bool

  static let consentValues = ["opted_in", "opted_out"]

  public var steps: [TraceStepDefinition<State, Bool>] {
    [
      TraceStepDefinition("identify", [TraceArgument("user_id", .string)]) { step, state, _ in
        let userID = step.string("user_id")
        guard case .accept = Self.userID(userID) else { return "invalid_input" }
        if let member = state.member, TextRules.identical(member, userID) { return "ok" }
        state.member = userID
        state.ticket = .none
        state.sync()
        return "ok"
      },
      TraceStepDefinition("logout") { _, state, _ in
        guard state.member != nil else { return "ok" }
        state.member = nil
        state.ticket = .none
        state.sync()
        return "ok"
      },
      TraceStepDefinition("begin_update", [TraceArgument("ticket", .string)]) { step, state, _ in
        state.ticket = .named(UTF8Key(step.string("ticket")))
        return "ok"
      },
      TraceStepDefinition(
        "update", [TraceArgument("destination", .object), TraceArgument("ticket", .string, optional: true)]
      ) { step, state, _ in
        // The destination is checked first: a bad one is invalid_input whatever the ticket.
        guard case .accept(let destination) = Self.destination(step.value("destination")),
          case .string(let permission)? = destination.objectValue?["permission"]
        else { return "invalid_input" }
        if let ticket = step.optionalString("ticket") {
          guard case .named(let current) = state.ticket, current == UTF8Key(ticket) else { return "stale" }
        } else {
          state.ticket = .unnamed
        }
        state.osPermission = permission
        state.sync()
        return "ok"
      },
      TraceStepDefinition("set_consent", [TraceArgument("consent", .string, oneOf: Self.consentValues)]) {
        step, state, _ in
        guard let member = state.member else { return "invalid_input" }
        state.consent[UTF8Key(member)] = step.string("consent")
        state.sync()
        return "ok"
      },
      TraceStepDefinition("network", [TraceArgument("online", .bool)]) { step, state, _ in
        state.online = step.bool("online")
        return "ok"
      },
      TraceStepDefinition("retry", effect: Self.retry),
      TraceStepDefinition("foreground", effect: Self.retry),
      TraceStepDefinition("restart") { _, state, _ in
        // The member ID is kept only in memory; consent, permission, pending, error and the
        // network are kept.
        state.member = nil
        state.ticket = .none
        return "ok"
      },
    ]
  }

  /// `retry()` and `onForeground()`: a held sync completes when the network is back.
  @Sendable static func retry(_ step: TraceStep, _ state: inout State, _ online: Bool) -> String {
    if state.pending && state.online {
      state.pending = false
      state.error = ""
    }
    return "ok"
  }

  static func userID(_ text: String) -> Outcome {
    // LeeepUserId reads no context.
    (try? LeeepUserId().evaluate(.string(text), context: JSONObject())) ?? .reject("not_a_string")
  }

  static func destination(_ value: JSONValue) -> Outcome {
    // LeeepPushDestination reads no context.
    (try? LeeepPushDestination().evaluate(value, context: JSONObject())) ?? .reject("not_an_object")
  }

  public func traceRules() -> [any TraceRule] { [TicketNames()] }

  /// A ticket name is `[A-Za-z0-9_-]{1,64}` and begun at most once in a trace; a ticket named by
  /// `update` was begun at an earlier step.
  struct TicketNames: TraceRule {
    var begun: Set<UTF8Key> = []

    mutating func admits(_ step: TraceStep) -> Bool {
      if TextRules.identical(step.name, "begin_update") {
        let name = step.string("ticket")
        return Self.isTicketName(name) && begun.insert(UTF8Key(name)).inserted
      }
      if TextRules.identical(step.name, "update"), let ticket = step.optionalString("ticket") {
        return begun.contains(UTF8Key(ticket))
      }
      return true
    }

    static func isTicketName(_ name: String) -> Bool {
      let bytes = name.utf8
      return (1...64).contains(bytes.count)
        && bytes.allSatisfy(TextRules.isBase64URLByte)
    }
  }

  public func configuration(from context: JSONObject) throws(ContextError) -> Bool {
    guard let value = context["online"] else { return true }
    guard case .bool(let online) = value else {
      throw ContextError(key: "online", reason: "must be a boolean, got \(value.typeName)")
    }
    return online
  }

  public func initialState(_ online: Bool) -> State { State(online: online) }

  public func output(of state: State, configuration: Bool) -> [JSONObject.Member] {
    let consent = state.member.map { state.consent[UTF8Key($0)] ?? "unknown" } ?? "unknown"
    let ready =
      state.member != nil && TextRules.identical(consent, "opted_in")
      && TextRules.identical(state.osPermission, LeeepPushDestination.deliverablePermission) && !state.pending
      && state.error.isEmpty
    let status: JSONObject = [
      "bound": .bool(state.member != nil), "consent": .string(consent), "os_permission": .string(state.osPermission),
      "pending": .bool(state.pending), "error": .string(state.error), "ready": .bool(ready),
    ]
    return [JSONObject.Member(key: "status", value: .object(status))]
  }
}
