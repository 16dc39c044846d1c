import ConformanceJSON

/// `leeep.push.client`: a trace of identify, logout, tickets, updates, consent, network and
/// restarts. Targets: the ticket bookkeeping (a ticket begun later makes the earlier one stale,
/// an update without a ticket makes a new one, identify, logout and restart make the current one
/// stale, a ticket stays current after use), consent kept per member across logout and
/// restart, member IDs compared byte for byte (NFC and NFD, 255 and 256 bytes, white space
/// only), offline syncs held until `retry` or `foreground` while online, `ready`; the trace
/// rules (a ticket name `[A-Za-z0-9_-]{1,64}` begun once, an update's ticket begun earlier);
/// long traces.
struct LeeepPushClientExplorer: SuiteExplorer {
  let suite = "leeep.push.client"
  static let stepNames = [
    "identify", "logout", "begin_update", "update", "set_consent", "network", "retry", "foreground", "restart",
  ]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["step", "user_id", "ticket", "destination", "consent", "online"],
      strings: stepNames + ["opted_in", "opted_out", "t1"]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    var context = JSONObject()
    switch random.below(4) {
    case 0: context["online"] = false
    case 1: context["online"] = true
    default: break
    }
    let users = [
      "alice", "caf\u{E9}", "cafe\u{301}", "Alice",
      random.pick([
        "bob", " ", "\u{3000}", String(repeating: "a", count: 255), String(repeating: "a", count: 256), "a\n",
      ]),
    ]
    let tickets = [
      "t1", "t2",
      random.pick([
        "t3", String(repeating: "x", count: 64), String(repeating: "x", count: 65), "", "t 1", "T1", "t\u{E9}",
      ]),
    ]
    var steps: [JSONValue]
    if random.chance(1, in: 5), let sample = ExploreMix.sample(samples, &random, usable: Self.contextIsUsable),
      let items = sample.input.arrayValue
    {
      steps = items
      context = sample.context
    } else {
      steps = (0..<(1 + random.below(10))).map { _ in Self.step(users: users, tickets: tickets, &random) }
    }
    for _ in 0..<ExploreMix.mutationCount(&random) {
      if random.chance(1, in: 6) {
        steps = Self.mutator.mutate(.array(steps), &random).arrayValue ?? steps
      } else {
        steps = TraceMutations.mutate(steps, insert: { Self.step(users: users, tickets: tickets, &$0) }, &random)
      }
    }
    // Now and then not an array at all (`not_an_array`, checked before any step).
    let input = random.chance(1, in: 40) ? Self.mutator.retype(.array(steps), &random) : .array(steps)
    return ExploreCase(suite: suite, input: input, context: context)
  }

  static func contextIsUsable(_ context: JSONObject) -> Bool {
    context["online"].map { $0.boolValue != nil } ?? true
  }

  static func step(users: [String], tickets: [String], _ random: inout ExploreRandom) -> JSONValue {
    switch random.below(14) {
    case 0, 1:
      let user: JSONValue = random.chance(1, in: 10) ? LeeepUserIdExplorer.userID(&random) : .string(random.pick(users))
      return TraceMutations.step("identify", [("user_id", user)])
    case 2: return TraceMutations.step("logout")
    case 3, 4: return TraceMutations.step("begin_update", [("ticket", .string(random.pick(tickets)))])
    case 5, 6:
      var destination = LeeepPushDestinationExplorer.valid(&random)
      if random.chance(1, in: 6) { destination = LeeepPushDestinationExplorer.mutation(destination, &random) }
      if random.chance(1, in: 2) {
        return TraceMutations.step("update", [("destination", destination), ("ticket", .string(random.pick(tickets)))])
      }
      return TraceMutations.step("update", [("destination", destination)])
    case 7, 8:
      let consent =
        random.chance(9, in: 10) ? random.pick(["opted_in", "opted_out"]) : random.pick(["OPTED_IN", "opted-in", ""])
      return TraceMutations.step("set_consent", [("consent", .string(consent))])
    case 9: return TraceMutations.step("network", [("online", .bool(random.chance(1, in: 2)))])
    case 10: return TraceMutations.step(random.pick(["retry", "foreground"]))
    case 11: return TraceMutations.step("restart")
    case 12:
      return random.pick([
        TraceMutations.step("logout", [("user_id", "a")]), TraceMutations.step("network", [("online", "false")]),
        TraceMutations.step("identify"), TraceMutations.step("Retry"), "retry",
        TraceMutations.step("update", [("destination", .null)]),
      ])
    default:
      return TraceMutations.step("identify", [("user_id", .string(random.pick(users)))])
    }
  }
}
