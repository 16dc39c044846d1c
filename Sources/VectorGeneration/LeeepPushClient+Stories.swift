import ConformanceJSON
import ConformanceKit

extension LeeepPushClient {
  // MARK: stories.json

  /// Realistic integration traces, each named after the mistake it shows, with its results and
  /// status stated here (the generator checks its model agrees).
  static func stories() -> GeneratedFile {
    var file = builder(
      "integration stories named after the mistake each shows: tickets taken too late, old results after a member switch, consent assumed from the OS permission, readiness read while a sync is held"
    )
    let mistake = ["valid", "integration-mistake"]
    // The reference's anti-pattern (LEEEP iOS SDK reference, Push): "完了コールバック内でチケットを取り直すと、この保護が働かないため避けてください".
    file.addTrace(
      "ticket-taken-again-in-completion",
      "an old FID refresh (denied) finishes after a newer permission change (granted); its completion takes a new ticket and so overwrites the newer result: the trace shows the stale denied applied",
      tags: mistake,
      [
        .identify(member), .setConsent("opted_in"), .beginUpdate("fid-refresh"), .beginUpdate("permission-change"),
        .update("granted", ticket: "permission-change"), .beginUpdate("retaken-in-completion"),
        .update("denied", ticket: "retaken-in-completion"),
      ],
      results: ["ok", "ok", "ok", "ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "opted_in", osPermission: "denied", pending: false, error: "", ready: false))
    file.addTrace(
      "ticket-kept-from-start",
      "the same story done right: the old completion passes the ticket taken before its work started, and is stale",
      tags: ["valid"],
      [
        .identify(member), .setConsent("opted_in"), .beginUpdate("fid-refresh"), .beginUpdate("permission-change"),
        .update("granted", ticket: "permission-change"), .update("denied", ticket: "fid-refresh"),
      ],
      results: ["ok", "ok", "ok", "ok", "ok", "stale"],
      status: Status(bound: true, consent: "opted_in", osPermission: "granted", pending: false, error: "", ready: true))
    file.addTrace(
      "ticket-omitted-in-completion",
      "the old completion omits the ticket, so a new one is made at the call and the stale denied result is applied",
      tags: mistake,
      [
        .identify(member), .setConsent("opted_in"), .beginUpdate("fid-refresh"), .beginUpdate("permission-change"),
        .update("granted", ticket: "permission-change"), .update("denied"),
      ],
      results: ["ok", "ok", "ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "opted_in", osPermission: "denied", pending: false, error: "", ready: false))
    file.addTrace(
      "omitted-ticket-makes-inflight-stale",
      "a synchronous update without a ticket while async work is in flight makes that work's ticket stale",
      tags: mistake,
      [.identify(member), .beginUpdate("async-fid"), .update("denied"), .update("granted", ticket: "async-fid")],
      results: ["ok", "ok", "ok", "stale"],
      status: Status(bound: true, consent: "unknown", osPermission: "denied", pending: false, error: "", ready: false))
    file.addTrace(
      "previous-members-result-after-switch",
      "an update begun for the previous member finishes after the switch: stale, not applied to the new member",
      tags: mistake,
      [
        .identify(member), .beginUpdate("for-member-1"), .identify(other), .update("granted", ticket: "for-member-1"),
      ],
      results: ["ok", "ok", "ok", "stale"],
      status: Status(bound: true, consent: "unknown", osPermission: "unknown", pending: false, error: "", ready: false))
    file.addTrace(
      "result-from-before-logout-reused",
      "a destination update begun before logout is stale after it (ログアウト前の結果を使い回さず)",
      tags: mistake,
      [.identify(member), .beginUpdate("before-logout"), .logout, .update("granted", ticket: "before-logout")],
      results: ["ok", "ok", "ok", "stale"],
      status: Status(bound: false, consent: "unknown", osPermission: "unknown", pending: false, error: "", ready: false)
    )
    file.addTrace(
      "update-begun-before-login-restored",
      "the app starts a destination update at launch, then restores the login: identify makes that ticket stale",
      tags: mistake,
      [.restart, .beginUpdate("at-launch"), .identify(member), .update("granted", ticket: "at-launch")],
      results: ["ok", "ok", "ok", "stale"],
      status: Status(bound: true, consent: "unknown", osPermission: "unknown", pending: false, error: "", ready: false))
    file.addTrace(
      "identify-not-called-after-restart",
      "after a relaunch the app forgets to identify again: not bound, not ready, and set_consent is invalid_input",
      tags: ["invalid", "integration-mistake"],
      [.identify(member), .setConsent("opted_in"), .update("granted"), .restart, .setConsent("opted_in")],
      results: ["ok", "ok", "ok", "ok", "invalid_input"],
      status: Status(bound: false, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false)
    )
    file.addTrace(
      "identify-again-after-restart", "the same relaunch done right: identify again and the client is ready",
      tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .update("granted"), .restart, .identify(member)],
      results: ["ok", "ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "opted_in", osPermission: "granted", pending: false, error: "", ready: true))
    file.addTrace(
      "consent-assumed-from-os-permission",
      "the user allows notifications in the OS dialog and the app never asks for consent: consent stays unknown, not ready",
      tags: mistake, [.identify(member), .update("notDetermined"), .update("granted")], results: ["ok", "ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.addTrace(
      "consent-set-before-identify",
      "the app sets consent before identifying the member: invalid_input, and the member's consent stays unknown",
      tags: ["invalid", "integration-mistake"], [.setConsent("opted_in"), .identify(member), .update("granted")],
      results: ["invalid_input", "ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.addTrace(
      "consent-assumed-per-device",
      "consent belongs to the member: after switching members the app assumes it carried over, but it is unknown",
      tags: mistake,
      [.identify(member), .setConsent("opted_in"), .update("granted"), .identify(other)],
      results: ["ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.addTrace(
      "readiness-read-while-offline",
      "all three calls made offline: each returned ok, but the syncs are held, so not ready",
      tags: mistake, [.identify(member), .setConsent("opted_in"), .update("granted")], online: false,
      results: ["ok", "ok", "ok"],
      status: Status(
        bound: true, consent: "opted_in", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "retry-assumed-to-finish-offline",
      "retry() and onForeground() while still offline: the sync stays pending (メソッドの呼び出し直後に pending=false になるとは限りません)",
      tags: mistake, [.identify(member), .setConsent("opted_in"), .update("granted"), .retry, .foreground],
      online: false, results: ["ok", "ok", "ok", "ok", "ok"],
      status: Status(
        bound: true, consent: "opted_in", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "network-back-without-retry",
      "the network comes back but the app never calls retry or onForeground: still pending",
      tags: mistake, [.identify(member), .setConsent("opted_in"), .update("granted"), .network(true)], online: false,
      results: ["ok", "ok", "ok", "ok"],
      status: Status(
        bound: true, consent: "opted_in", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "network-back-then-foreground", "the same outage done right: onForeground online completes the sync, ready",
      tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .update("granted"), .network(true), .foreground], online: false,
      results: ["ok", "ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "opted_in", osPermission: "granted", pending: false, error: "", ready: true))
    file.addTrace(
      "logout-assumed-immediate-offline",
      "a logout offline is held: the app must not assume delivery stopped (オフライン時は保留されるため)", tags: mistake,
      [.identify(member), .setConsent("opted_in"), .update("granted"), .network(false), .logout],
      results: ["ok", "ok", "ok", "ok", "ok"],
      status: Status(
        bound: false, consent: "unknown", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "fcm-token-as-destination", "the app passes the FCM registration token instead of the FID: invalid_input",
      tags: ["invalid", "integration-mistake"],
      [
        .identify(member), .setConsent("opted_in"),
        .update(
          destination("granted", value: fid + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ"), permission: nil,
          ticket: nil),
      ],
      results: ["ok", "ok", "invalid_input"],
      status: Status(bound: true, consent: "opted_in", osPermission: "unknown", pending: false, error: "", ready: false)
    )
    file.addTrace(
      "member-id-trimmed-differently",
      "one screen identifies the ID with a trailing space, another without: two members, the consent set on one is not on the other",
      tags: mistake, [.identify(member + " "), .setConsent("opted_in"), .identify(member), .update("granted")],
      results: ["ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.addTrace(
      "member-id-normalised-differently",
      "one platform sends the member ID in NFD, another in NFC: two members, the consent set on one is not on the other",
      tags: ["valid", "integration-mistake", "unicode", "cross-sdk"],
      [.identify("Jose\u{301}"), .setConsent("opted_in"), .identify("Jos\u{E9}"), .update("granted")],
      results: ["ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.add(
      id: "ticket-name-reused-for-each-refresh",
      description:
        "the app reuses one ticket name for every refresh: a name is begun at most once in a trace, so the trace is invalid_step",
      tags: ["invalid", "integration-mistake"],
      input: .array(
        [
          Step.identify(member), .beginUpdate("refresh"), .update("granted", ticket: "refresh"),
          .beginUpdate("refresh"),
        ].map(\.json)), expect: .reject("invalid_step", field: "3"))
    file.add(
      id: "ticket-invented-at-completion",
      description: "the completion passes a ticket name no begin_update took: the trace is invalid_step",
      tags: ["invalid", "integration-mistake"],
      input: .array(
        [Step.identify(member), .beginUpdate("refresh-1"), .update("granted", ticket: "refresh-2")].map(\.json)),
      expect: .reject("invalid_step", field: "2"))
    return file.file(at: "\(folder)/stories.json")
  }

  // MARK: long.json

  static func long() -> GeneratedFile {
    var file = builder(
      "long traces (1,000 and 10,000 steps) for bookkeeping: thousands of ticket names, member switches, held syncs"
    )
    file.addTrace(
      "tickets-1000",
      "250 rounds of begin, update with the current ticket, update with the previous one (stale), retry",
      tags: ["valid", "boundary"], ticketRounds(250))
    file.addTrace(
      "tickets-10000", "2,500 rounds of begin, current update, stale update, retry: 10,000 steps",
      tags: ["valid", "boundary"], ticketRounds(2500))
    file.addTrace(
      "members-1000", "200 rounds over ten members: switch, consent, update, a restart every round",
      tags: ["valid", "boundary"], memberRounds(200))
    file.addTrace(
      "offline-1000", "1,000 steps going on and off line with syncs held and retried", tags: ["valid", "boundary"],
      offlineRounds(125), online: false)
    var repeatedName = ticketRounds(250).map(\.json)
    repeatedName[999] = Step.beginUpdate("t-0").json
    file.add(
      id: "ticket-begun-twice-at-1000",
      description: "the last of 1,000 steps begins t-0 again, begun at step 0: invalid_step 999",
      tags: ["invalid", "boundary"], input: .array(repeatedName), expect: .reject("invalid_step", field: "999"))
    var unbegun = ticketRounds(250).map(\.json)
    unbegun[999] = Step.update("granted", ticket: "t-250").json
    file.add(
      id: "update-unbegun-at-1000",
      description: "the last of 1,000 steps names t-250, which no step began: invalid_step 999",
      tags: ["invalid", "boundary"], input: .array(unbegun), expect: .reject("invalid_step", field: "999"))
    var badItem = memberRounds(200).map(\.json)
    badItem[999] = .null
    file.add(
      id: "bad-item-at-1000", description: "the last of 1,000 steps is null: invalid_step 999",
      tags: ["invalid", "boundary"], input: .array(badItem), expect: .reject("invalid_step", field: "999"))
    return file.file(at: "\(folder)/long.json")
  }

  /// `rounds` × (begin t-i, update with t-i, update with t-(i-1) or none, retry): 4 steps each.
  static func ticketRounds(_ rounds: Int) -> [Step] {
    var steps: [Step] = []
    for round in 0..<rounds {
      let permission = permissions[round % permissions.count]
      steps.append(.beginUpdate("t-\(round)"))
      steps.append(.update(permission, ticket: "t-\(round)"))
      steps.append(round == 0 ? .update("denied") : .update("granted", ticket: "t-\(round - 1)"))
      steps.append(.retry)
    }
    return steps
  }

  /// `rounds` × 5 steps over ten members.
  static func memberRounds(_ rounds: Int) -> [Step] {
    var steps: [Step] = []
    for round in 0..<rounds {
      steps.append(.identify("member-\(round % 10)"))
      steps.append(.setConsent(round % 3 == 0 ? "opted_out" : "opted_in"))
      steps.append(.update(round % 4 == 0 ? "denied" : "granted"))
      steps.append(round % 7 == 0 ? .logout : .identify("member-\((round + 3) % 10)"))
      steps.append(.restart)
    }
    return steps
  }

  /// `rounds` × 8 steps going on and off line.
  static func offlineRounds(_ rounds: Int) -> [Step] {
    var steps: [Step] = []
    for round in 0..<rounds {
      steps.append(.identify("member-\(round % 4)"))
      steps.append(.setConsent("opted_in"))
      steps.append(.retry)
      steps.append(.network(round % 2 == 0))
      steps.append(.update("granted"))
      steps.append(.foreground)
      steps.append(.network(false))
      steps.append(round % 5 == 0 ? .logout : .retry)
    }
    return steps
  }
}
