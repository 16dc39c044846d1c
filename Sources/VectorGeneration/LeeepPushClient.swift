import ConformanceJSON
import ConformanceKit

/// `leeep.push.client` (docs/suites/leeep.push.client.md): LeeepPushClient's lifecycle as a trace
/// of calls (identify, logout, begin_update, update, set_consent, network, retry, foreground,
/// restart) with each call's result and the final LeeepPushStatus.
///
/// Expectations come from ``Model``, the generator's own small model of the rules written from
/// docs/suites/leeep.push.client.md, and, for the vectors where the outcome is the point (the
/// story traces, staleness, readiness), from results and a status stated in the vector itself;
/// the generator checks that the two agree. It never runs the reference parser. Whether a member
/// ID or a destination passes leeep.user-id or leeep.push.destination is stated with each value
/// (``Step``), taken from the rule that value breaks.
extension LeeepPushClient: GeneratedSuite {
  static let source =
    "LEEEP iOS SDK reference, Push: identify / logout, update のチケット (古いチケットの結果は反映されません), 通知同意は会員・Pushアプリ単位, LeeepPushStatus, retry() / onForeground()"

  static let fid = LeeepPushDestination.fid
  static let permissions = ["unknown", "notDetermined", "denied", "granted", "provisional"]

  static func files() -> [GeneratedFile] {
    [
      shape(), traceRules(), identify(), logout(), update(), updateInvalid(), tickets(), consent(), offline(), ready(),
      stories(), long(),
    ]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source)
  }

  // MARK: - Steps

  /// One call of a trace, with what the generator knows about its arguments.
  enum Step {
    /// `valid`: whether the member ID passes leeep.user-id.
    case identify(String, valid: Bool)
    case logout
    case beginUpdate(String)
    /// `permission`: the permission applied when the destination passes leeep.push.destination,
    /// nil when it fails it.
    case update(JSONValue, permission: String?, ticket: String?)
    case setConsent(String)
    case network(Bool)
    case retry, foreground, restart

    /// A valid member ID.
    static func identify(_ member: String) -> Step { .identify(member, valid: true) }

    /// A valid destination with `permission`, with or without a ticket.
    static func update(_ permission: String, ticket: String? = nil) -> Step {
      .update(destination(permission), permission: permission, ticket: ticket)
    }

    var json: JSONValue {
      switch self {
      case .identify(let member, _): TraceStepShapes.step("identify", [("user_id", .string(member))])
      case .logout: TraceStepShapes.step("logout")
      case .beginUpdate(let ticket): TraceStepShapes.step("begin_update", [("ticket", .string(ticket))])
      case .update(let destination, _, let ticket):
        TraceStepShapes.step(
          "update", [("destination", destination)] + (ticket.map { [("ticket", .string($0))] } ?? []))
      case .setConsent(let consent): TraceStepShapes.step("set_consent", [("consent", .string(consent))])
      case .network(let online): TraceStepShapes.step("network", [("online", .bool(online))])
      case .retry: TraceStepShapes.step("retry")
      case .foreground: TraceStepShapes.step("foreground")
      case .restart: TraceStepShapes.step("restart")
      }
    }
  }

  /// `{"kind": "fcm_fid", "value": <FID>, "permission": permission}`.
  static func destination(_ permission: String, value: String = fid) -> JSONValue {
    ["kind": "fcm_fid", "value": .string(value), "permission": .string(permission)]
  }

  // MARK: - The generator's model of the rules

  /// The status the output reports.
  struct Status: Equatable {
    var bound: Bool
    var consent: String
    var osPermission: String
    var pending: Bool
    var error: String
    var ready: Bool

    var json: JSONValue {
      [
        "bound": .bool(bound), "consent": .string(consent), "os_permission": .string(osPermission),
        "pending": .bool(pending), "error": .string(error), "ready": .bool(ready),
      ]
    }

    /// A fresh client's status.
    static let fresh = Status(
      bound: false, consent: "unknown", osPermission: "unknown", pending: false, error: "", ready: false)
  }

  /// docs/suites/leeep.push.client.md restated as a small state machine. Member IDs are kept as
  /// their UTF-8 bytes so that NFC and NFD spellings are two members.
  struct Model {
    enum Ticket: Equatable {
      case none
      case named(String)
      case madeByUpdate
    }

    var online: Bool
    var member: [UInt8]?
    var consentByMember: [[UInt8]: String] = [:]
    var osPermission = "unknown"
    var ticket = Ticket.none
    var pending = false
    var error = ""

    init(online: Bool) { self.online = online }

    mutating func startSync() {
      if online {
        (pending, error) = (false, "")
      } else {
        (pending, error) = (true, "network_failure")
      }
    }

    mutating func run(_ step: Step) -> String {
      switch step {
      case .identify(let id, let valid):
        if !valid { return "invalid_input" }
        if member == Array(id.utf8) { return "ok" }
        member = Array(id.utf8)
        ticket = .none
        startSync()
      case .logout:
        if member == nil { return "ok" }
        member = nil
        ticket = .none
        startSync()
      case .beginUpdate(let name):
        ticket = .named(name)
      case .update(_, let permission, let name):
        guard let permission else { return "invalid_input" }
        if let name {
          if ticket != .named(name) { return "stale" }
        } else {
          ticket = .madeByUpdate
        }
        osPermission = permission
        startSync()
      case .setConsent(let value):
        guard let member else { return "invalid_input" }
        consentByMember[member] = value
        startSync()
      case .network(let value):
        online = value
      case .retry, .foreground:
        if pending && online { (pending, error) = (false, "") }
      case .restart:
        member = nil
        ticket = .none
      }
      return "ok"
    }

    var status: Status {
      let consent = member.flatMap { consentByMember[$0] } ?? "unknown"
      let ready = member != nil && consent == "opted_in" && osPermission == "granted" && !pending && error.isEmpty
      return Status(
        bound: member != nil, consent: consent, osPermission: osPermission, pending: pending, error: error,
        ready: ready)
    }

    /// Every step's result and the final status of `steps` from a fresh client.
    static func run(_ steps: [Step], online: Bool) -> (results: [String], status: Status) {
      var model = Model(online: online)
      let results = steps.map { model.run($0) }
      return (results, model.status)
    }
  }

  /// The accepted output for `results` and `status`.
  static func output(_ results: [String], _ status: Status) -> GeneratedExpectation {
    .accept(output: ["results": .array(results.map { .string($0) }), "status": status.json])
  }
}

extension VectorFileBuilder {
  /// Adds a trace of valid steps. The expectation is the model's; when `results` or `status` are
  /// stated, the generator traps unless the model agrees with them (two derivations of one rule).
  /// `online` nil leaves the context out (online by default).
  mutating func addTrace(
    _ id: String, _ description: String, tags: [String], _ steps: [LeeepPushClient.Step],
    online: Bool? = nil, results: [String]? = nil, status: LeeepPushClient.Status? = nil
  ) {
    let (modelResults, modelStatus) = LeeepPushClient.Model.run(steps, online: online ?? true)
    if let results {
      precondition(results == modelResults, "\(id): stated results \(results), model \(modelResults)")
    }
    if let status { precondition(status == modelStatus, "\(id): stated status \(status), model \(modelStatus)") }
    add(
      id: id, description: description, tags: tags, input: .array(steps.map(\.json)),
      context: online.map { ["online": .bool($0)] }, expect: LeeepPushClient.output(modelResults, modelStatus))
  }
}
