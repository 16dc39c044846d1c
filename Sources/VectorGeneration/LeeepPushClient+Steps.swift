import ConformanceJSON
import ConformanceKit

extension LeeepPushClient {
  static let member = "member-0001"
  static let other = "member-0002"

  // MARK: identify.json

  /// Member IDs leeep.user-id accepts, with id-safe names.
  static let validMembers: [(name: String, value: String, why: String, tags: [String])] = [
    ("ascii", "member-0001", "a plain ASCII member ID", []),
    ("one-byte", "a", "one byte is the shortest member ID", ["boundary"]),
    ("255-bytes", String(repeating: "m", count: 255), "255 UTF-8 bytes is the longest member ID", ["boundary"]),
    (
      "85-kana-255-bytes", String(repeating: "\u{3042}", count: 85), "85 three-byte kana are 255 bytes",
      ["boundary", "unicode"]
    ),
    ("japanese", "会員番号１２３", "a Japanese member ID", ["unicode"]),
    ("emoji", "\u{1F600}", "an emoji member ID", ["unicode"]),
    ("e-mail", "user@example.com", "an e-mail address", []),
    ("null-text", "null", "the text null is a member ID, not a logout", ["integration-mistake"]),
    ("padded", "  member-0001 ", "leading and trailing spaces are kept, never trimmed", []),
    ("zero-width-space", "\u{200B}", "U+200B is not White_Space, so it is a member ID", ["unicode", "boundary"]),
    ("byte-order-mark", "\u{FEFF}", "U+FEFF is not White_Space, so it is a member ID", ["unicode", "boundary"]),
    ("nfc", "Jos\u{E9}", "an NFC spelling is kept as it is", ["unicode"]),
    ("nfd", "Jose\u{301}", "an NFD spelling is kept as it is", ["unicode"]),
  ]

  /// Member IDs leeep.user-id rejects, with the leeep.user-id error each breaks.
  static var invalidMembers: [(name: String, value: String, why: String, tags: [String])] {
    var members: [(name: String, value: String, why: String, tags: [String])] = [
      ("empty", "", "empty: the empty member ID", ["boundary"]),
      ("256-bytes", String(repeating: "m", count: 256), "too_long: 256 UTF-8 bytes", ["boundary"]),
      ("86-kana-258-bytes", String(repeating: "\u{3042}", count: 86), "too_long: 86 kana are 258 bytes", ["unicode"]),
      (
        "64-emoji-256-bytes", String(repeating: "\u{1F600}", count: 64), "too_long: 64 four-byte emoji",
        ["unicode", "boundary"]
      ),
      ("256-spaces", String(repeating: " ", count: 256), "too_long: length is checked before white space", []),
      ("spaces", "   ", "whitespace_only: three spaces", []),
      ("tab-newline", "\t\n", "whitespace_only: a tab and a newline", []),
    ]
    for space in LeeepUserId.whiteSpace {
      members.append(
        (
          "whitespace-\(space.name)", LeeepUserId.scalar(space.scalar),
          "whitespace_only: U+\(LeeepUserId.hex(space.scalar)) alone has White_Space",
          space.scalar > 0x7F ? ["unicode"] : []
        ))
    }
    return members
  }

  static func identify() -> GeneratedFile {
    var file = builder(
      "identify: a member ID checked as leeep.user-id (invalid_input, nothing changes), the current member again (ok, nothing changes), another member (the ticket goes stale, a sync starts)"
    )
    for item in validMembers {
      file.addTrace(
        "valid.\(item.name)", "\(item.why): identify binds it", tags: ["valid"] + item.tags,
        [.identify(item.value)], results: ["ok"], status: Status.fresh.with(bound: true))
      file.addTrace(
        "valid.\(item.name).consent-kept", "\(item.why): its consent is found again, byte for byte, after a switch",
        tags: ["valid"] + item.tags,
        [.identify(item.value), .setConsent("opted_in"), .identify("member-other"), .identify(item.value)],
        results: ["ok", "ok", "ok", "ok"], status: Status.fresh.with(bound: true, consent: "opted_in"))
    }
    for item in invalidMembers {
      file.addTrace(
        "invalid-input.\(item.name)", "\(item.why): invalid_input, no member is bound", tags: ["invalid"] + item.tags,
        [.identify(item.value, valid: false)], results: ["invalid_input"], status: .fresh)
      file.addTrace(
        "invalid-input.\(item.name).keeps-member",
        "\(item.why): invalid_input, the bound member and its consent stay", tags: ["invalid"] + item.tags,
        [.identify(member), .setConsent("opted_in"), .identify(item.value, valid: false)],
        results: ["ok", "ok", "invalid_input"], status: Status.fresh.with(bound: true, consent: "opted_in"))
      file.addTrace(
        "invalid-input.\(item.name).no-sync", "\(item.why): offline, invalid_input starts no sync",
        tags: ["invalid"] + item.tags, [.identify(item.value, valid: false)], online: false,
        results: ["invalid_input"], status: .fresh)
    }
    file.addTrace(
      "invalid-input.keeps-ticket", "a failing identify leaves the current ticket current", tags: ["invalid"],
      [.identify(member), .beginUpdate("t1"), .identify("", valid: false), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "invalid_input", "ok"], status: Status.fresh.with(bound: true, osPermission: "granted"))
    file.addTrace(
      "invalid-input.starts-no-sync", "offline, a failing identify starts no sync: nothing is pending",
      tags: ["invalid"], [.identify(" ", valid: false)], online: false, results: ["invalid_input"], status: .fresh)
    file.addTrace(
      "same-member.no-sync", "the current member again starts no sync: offline afterwards, nothing is pending",
      tags: ["valid"], [.identify(member), .network(false), .identify(member)], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true))
    file.addTrace(
      "same-member.keeps-ticket", "the current member again leaves the ticket current", tags: ["valid"],
      [.identify(member), .beginUpdate("t1"), .identify(member), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "ok"], status: Status.fresh.with(bound: true, osPermission: "granted"))
    file.addTrace(
      "same-member.keeps-pending", "the current member again does not retry a held sync", tags: ["valid"],
      [.identify(member), .network(true), .identify(member)], online: false, results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true, pending: true, error: "network_failure"))
    file.addTrace(
      "other-member.stales-ticket", "another member makes the current ticket stale", tags: ["valid"],
      [.identify(member), .beginUpdate("t1"), .identify(other), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "other-member.starts-sync", "another member starts a sync: offline it is held", tags: ["valid"],
      [.identify(member), .network(false), .identify(other)], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true, pending: true, error: "network_failure"))
    file.addTrace(
      "first-member.stales-ticket", "the first identify is a member switch too: a ticket begun before it is stale",
      tags: ["valid"], [.beginUpdate("t1"), .identify(member), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "stale"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "first-member.offline", "offline, the first identify is held: bound, pending, network_failure", tags: ["valid"],
      [.identify(member)], online: false, results: ["ok"],
      status: Status.fresh.with(bound: true, pending: true, error: "network_failure"))
    file.addTrace(
      "nfc-then-nfd", "NFC and NFD spellings are two members: switching stales the ticket", tags: ["valid", "unicode"],
      [.identify("Jos\u{E9}"), .beginUpdate("t1"), .identify("Jose\u{301}"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "kelvin-then-k", "U+212A KELVIN SIGN and K are two members, byte for byte", tags: ["valid", "unicode"],
      [.identify("K-1"), .beginUpdate("t1"), .identify("\u{212A}-1"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "padded-is-another-member", "a padded ID is another member than the trimmed one", tags: ["valid"],
      [.identify(member), .beginUpdate("t1"), .identify(member + " "), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "after-logout-same-member", "the member again after logout is a new binding: it starts a sync",
      tags: ["valid"], [.identify(member), .logout, .network(false), .identify(member)],
      results: ["ok", "ok", "ok", "ok"], status: Status.fresh.with(bound: true, pending: true, error: "network_failure")
    )
    return file.file(at: "\(folder)/identify.json")
  }

  // MARK: logout.json

  static func logout() -> GeneratedFile {
    var file = builder(
      "logout: without a member ok and nothing changes; with one the member is unbound, the ticket goes stale and a sync starts"
    )
    file.addTrace(
      "no-member.ok", "logout with no member is ok", tags: ["valid"], [.logout], results: ["ok"], status: .fresh)
    file.addTrace(
      "no-member.no-sync", "offline, logout with no member starts no sync", tags: ["valid"], [.logout],
      online: false, results: ["ok"], status: .fresh)
    file.addTrace(
      "no-member.keeps-ticket", "logout with no member leaves the ticket current", tags: ["valid"],
      [.beginUpdate("t1"), .logout, .update("granted", ticket: "t1")], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "no-member.after-restart", "after a restart there is no member: logout changes nothing", tags: ["valid"],
      [.identify(member), .network(false), .restart, .logout], results: ["ok", "ok", "ok", "ok"], status: .fresh)
    file.addTrace(
      "member.unbinds", "logout unbinds the member; the reported consent is unknown", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .logout], results: ["ok", "ok", "ok"], status: .fresh)
    file.addTrace(
      "member.stales-ticket", "logout makes the current ticket stale", tags: ["valid"],
      [.identify(member), .beginUpdate("t1"), .logout, .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: .fresh)
    file.addTrace(
      "member.starts-sync", "logout starts a sync: offline it is held (通知OFFやログアウトのサーバー反映も通信を伴います)",
      tags: ["valid"], [.identify(member), .network(false), .logout], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(pending: true, error: "network_failure"))
    file.addTrace(
      "member.keeps-os-permission", "logout keeps the OS permission: it is the device's", tags: ["valid"],
      [.identify(member), .update("granted"), .logout], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "twice", "a second logout has no member: ok, no sync", tags: ["valid"],
      [.identify(member), .logout, .network(false), .logout], results: ["ok", "ok", "ok", "ok"], status: .fresh)
    file.addTrace(
      "consent-kept-for-the-member", "logout does not forget the member's consent: identify again reports it",
      tags: ["valid"], [.identify(member), .setConsent("opted_out"), .logout, .identify(member)],
      results: ["ok", "ok", "ok", "ok"], status: Status.fresh.with(bound: true, consent: "opted_out"))
    file.addTrace(
      "set-consent-after-logout", "set_consent after logout has no member: invalid_input", tags: ["invalid"],
      [.identify(member), .logout, .setConsent("opted_in")], results: ["ok", "ok", "invalid_input"], status: .fresh)
    return file.file(at: "\(folder)/logout.json")
  }

  // MARK: update.json

  static func update() -> GeneratedFile {
    var file = builder(
      "update with a valid destination: applied (os_permission, a sync) without a ticket or with the current one; stale with any other ticket"
    )
    for permission in permissions {
      file.addTrace(
        "applied.\(permission)", "a destination with \(permission) sets os_permission to \(permission)",
        tags: ["valid"], [.update(permission)], results: ["ok"], status: Status.fresh.with(osPermission: permission))
      file.addTrace(
        "applied.\(permission).with-ticket", "with the current ticket, \(permission) is applied", tags: ["valid"],
        [.beginUpdate("t1"), .update(permission, ticket: "t1")], results: ["ok", "ok"],
        status: Status.fresh.with(osPermission: permission))
      file.addTrace(
        "applied.\(permission).offline", "offline, applying \(permission) is held: pending, network_failure",
        tags: ["valid"], [.update(permission)], online: false, results: ["ok"],
        status: Status.fresh.with(osPermission: permission, pending: true, error: "network_failure"))
      file.addTrace(
        "stale.\(permission).keeps-previous",
        "a stale update with \(permission) changes nothing: the previous permission stays", tags: ["valid"],
        [
          .update(permission == "denied" ? "granted" : "denied"), .beginUpdate("t1"), .beginUpdate("t2"),
          .update(permission, ticket: "t1"),
        ], results: ["ok", "ok", "ok", "stale"],
        status: Status.fresh.with(osPermission: permission == "denied" ? "granted" : "denied"))
      for previous in permissions where previous != permission {
        file.addTrace(
          "replaced.\(previous)-then-\(permission)", "a later update replaces \(previous) with \(permission)",
          tags: ["valid"], [.update(previous), .update(permission)], results: ["ok", "ok"],
          status: Status.fresh.with(osPermission: permission))
      }
    }
    file.addTrace(
      "stale.no-sync", "offline, a stale update starts no sync", tags: ["valid"],
      [.beginUpdate("t1"), .beginUpdate("t2"), .update("granted", ticket: "t1")], online: false,
      results: ["ok", "ok", "stale"], status: .fresh)
    file.addTrace(
      "ticket-stays-current-after-use", "a ticket stays current after its update: a second one is applied too",
      tags: ["valid"], [.beginUpdate("t1"), .update("denied", ticket: "t1"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok"], status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "without-member", "update needs no member: the destination is the install's", tags: ["valid"],
      [.update("granted")], results: ["ok"], status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "destination-extra-keys-ignored", "extra destination keys are ignored as leeep.push.destination ignores them",
      tags: ["valid"],
      [
        .update(
          ["kind": "fcm_fid", "value": .string(fid), "permission": "denied", "deliverable": true, "token": "x"],
          permission: "denied", ticket: nil)
      ], results: ["ok"], status: Status.fresh.with(osPermission: "denied"))
    for first in ["c", "d", "e", "f"] {
      let value = first + String(fid.dropFirst())
      file.addTrace(
        "destination-fid-first-\(first)", "an FID starting with \(first) is applied", tags: ["valid"],
        [.update(destination("granted", value: value), permission: "granted", ticket: nil)], results: ["ok"],
        status: Status.fresh.with(osPermission: "granted"))
    }
    file.addTrace(
      "consent-untouched", "an update never sets consent: granted stays consent unknown", tags: ["valid"],
      [.identify(member), .update("granted")], results: ["ok", "ok"],
      status: Status.fresh.with(bound: true, osPermission: "granted"))
    return file.file(at: "\(folder)/update.json")
  }

  // MARK: update-invalid.json

  /// Destinations leeep.push.destination rejects, with the error and field each breaks.
  static var invalidDestinations: [(name: String, value: JSONValue, why: String, tags: [String])] {
    typealias D = LeeepPushDestination
    var items: [(name: String, value: JSONValue, why: String, tags: [String])] = [
      ("empty-object", .object([:]), "missing_key kind: an empty destination", ["boundary"])
    ]
    for key in D.keys {
      items.append(
        (
          "missing-\(key)",
          D.update(
            kind: key == "kind" ? nil : .string(D.kind), value: key == "value" ? nil : .string(fid),
            permission: key == "permission" ? nil : "granted"), "missing_key \(key)", []
        ))
      for (name, value) in D.nonStrings where ["null", "number", "true", "array", "object"].contains(name) {
        items.append(
          (
            "non-string-\(key)-\(name)",
            D.update(
              kind: key == "kind" ? value : .string(D.kind), value: key == "value" ? value : .string(fid),
              permission: key == "permission" ? value : "granted"), "non_string_value \(key): \(Wording.kind(name))", []
          ))
      }
    }
    let kinds: [(String, String, [String])] = [
      ("apns", "apns", []), ("upper", "FCM_FID", []), ("fcm-token", "fcm_token", ["integration-mistake"]),
      ("empty", "", ["boundary"]), ("trailing-space", "fcm_fid ", []), ("fid", "fid", []),
    ]
    for (name, kind, tags) in kinds {
      items.append(("kind-\(name)", D.update(kind: .string(kind)), "unsupported_kind: \(kind.debugDescription)", tags))
    }
    let values: [(String, String, [String])] = [
      ("fcm-token", fid + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ", ["integration-mistake"]),
      ("apns-token", String(repeating: "ab", count: 32), ["integration-mistake"]),
      ("21-characters", String(fid.dropLast()), ["boundary"]), ("23-characters", fid + "a", ["boundary"]),
      ("first-a", "a" + String(fid.dropFirst()), []), ("empty", "", ["boundary"]),
      ("dot", "cAbCdEfGhIjKlMnOpQr.-0", []), ("trailing-newline", String(fid.dropLast()) + "\n", []),
    ]
    for (name, value, tags) in values {
      items.append(("value-\(name)", D.update(value: .string(value)), "invalid_fid: the value is not an FID", tags))
    }
    let badPermissions: [(String, String, [String])] = [
      ("capitalised", "Granted", []), ("authorized", "authorized", ["integration-mistake"]),
      ("empty", "", ["boundary"]),
      ("trailing-space", "granted ", []), ("ephemeral", "ephemeral", []),
      ("not-determined-snake", "not_determined", []),
    ]
    for (name, permission, tags) in badPermissions {
      items.append(
        (
          "permission-\(name)", D.update(permission: .string(permission)),
          "invalid_permission: \(permission.debugDescription)", tags
        ))
    }
    return items
  }

  static func updateInvalid() -> GeneratedFile {
    var file = builder(
      "update with a destination leeep.push.destination rejects: invalid_input and nothing changes, checked before the ticket"
    )
    // Why this family exists: update checks its destination with the whole of
    // leeep.push.destination, so every rejected destination of that suite is tried inside a
    // trace, and with each of the four ways a rejection meets the trace: the applied state is
    // untouched (keeps-permission), the ticket stays current (keeps-ticket), the destination is
    // checked before staleness (before-stale-ticket) and no sync is held offline (no-sync). A
    // port that checks only some destination rules at update, or applies the ticket or starts
    // the sync before the check, is caught at the rule it skips. (The last three depend little on
    // which rule failed; they are kept because the suite is held to at least 800 vectors.)
    for item in invalidDestinations {
      let bad = Step.update(item.value, permission: nil, ticket: nil)
      file.addTrace(
        "\(item.name).keeps-permission", "\(item.why) (\(item.name)): invalid_input, the applied permission stays",
        tags: ["invalid"] + item.tags, [.update("granted"), bad], results: ["ok", "invalid_input"],
        status: Status.fresh.with(osPermission: "granted"))
      file.addTrace(
        "\(item.name).no-sync", "\(item.why) (\(item.name)): offline, no sync starts", tags: ["invalid"] + item.tags,
        [bad], online: false, results: ["invalid_input"], status: .fresh)
      file.addTrace(
        "\(item.name).keeps-ticket",
        "\(item.why) (\(item.name)) with the current ticket: invalid_input, and the ticket stays current",
        tags: ["invalid"] + item.tags,
        [.beginUpdate("t1"), .update(item.value, permission: nil, ticket: "t1"), .update("denied", ticket: "t1")],
        results: ["ok", "invalid_input", "ok"], status: Status.fresh.with(osPermission: "denied"))
      file.addTrace(
        "\(item.name).before-stale-ticket",
        "\(item.why) (\(item.name)) with a stale ticket: the destination is checked first, so invalid_input, not stale",
        tags: ["invalid"] + item.tags,
        [.beginUpdate("t1"), .beginUpdate("t2"), .update(item.value, permission: nil, ticket: "t1")],
        results: ["ok", "ok", "invalid_input"], status: .fresh)
    }
    file.addTrace(
      "without-ticket-keeps-named-ticket",
      "a rejected update without a ticket makes no new ticket: the named one stays current", tags: ["invalid"],
      [.beginUpdate("t1"), .update(.object([:]), permission: nil, ticket: nil), .update("granted", ticket: "t1")],
      results: ["ok", "invalid_input", "ok"], status: Status.fresh.with(osPermission: "granted"))
    return file.file(at: "\(folder)/update-invalid.json")
  }

  // MARK: tickets.json

  static func tickets() -> GeneratedFile {
    var file = builder(
      "ticket staleness: a newer begin_update, another member, logout, restart and update without a ticket each make the current ticket stale; other steps do not"
    )
    let stalers: [(String, String, Step)] = [
      ("newer-begin-update", "a newer begin_update", .beginUpdate("t2")),
      ("other-member", "identifying another member", .identify(other)),
      ("logout", "logout", .logout),
      ("restart", "a restart", .restart),
      ("update-without-ticket", "an update without a ticket (a new ticket is made at the call)", .update("denied")),
    ]
    for (id, what, staler) in stalers {
      let permissionAfter = id == "update-without-ticket" ? "denied" : "unknown"
      let bound = id == "newer-begin-update" || id == "other-member" || id == "update-without-ticket"
      for permission in permissions {
        file.addTrace(
          "stale-by.\(id).\(permission)", "\(what) makes t1 stale: its \(permission) result is not applied",
          tags: ["valid"], [.identify(member), .beginUpdate("t1"), staler, .update(permission, ticket: "t1")],
          results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(bound: bound, osPermission: permissionAfter))
      }
      file.addTrace(
        "stale-by.\(id).stays-stale", "after \(what), t1 stays stale through later unrelated steps", tags: ["valid"],
        [
          .identify(member), .beginUpdate("t1"), staler, .network(true), .retry, .foreground,
          .update("granted", ticket: "t1"),
        ],
        results: ["ok", "ok", "ok", "ok", "ok", "ok", "stale"],
        status: Status.fresh.with(bound: bound, osPermission: permissionAfter))
      // Of the stalers, only the member switch, logout and update without a ticket start a sync.
      let syncs = id == "other-member" || id == "logout" || id == "update-without-ticket"
      file.addTrace(
        "stale-by.\(id).offline",
        "offline, after \(what) the stale update starts no sync of its own: pending only if \(what) started one",
        tags: ["valid"],
        [.identify(member), .network(false), .beginUpdate("t1"), staler, .update("granted", ticket: "t1")],
        results: ["ok", "ok", "ok", "ok", "stale"],
        status: Status.fresh.with(
          bound: bound, osPermission: permissionAfter, pending: syncs, error: syncs ? "network_failure" : ""))
    }
    file.addTrace(
      "newer-ticket-applied", "after a newer begin_update, the newer ticket's result is applied", tags: ["valid"],
      [.beginUpdate("t1"), .beginUpdate("t2"), .update("granted", ticket: "t2"), .update("denied", ticket: "t1")],
      results: ["ok", "ok", "ok", "stale"], status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "begin-after-logout-is-current", "a ticket begun after logout is current", tags: ["valid"],
      [.identify(member), .beginUpdate("t1"), .logout, .beginUpdate("t2"), .update("granted", ticket: "t2")],
      results: ["ok", "ok", "ok", "ok", "ok"], status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "restart-without-member-stales", "a restart makes the ticket stale even with no member bound", tags: ["valid"],
      [.beginUpdate("t1"), .restart, .update("granted", ticket: "t1")], results: ["ok", "ok", "stale"],
      status: .fresh)
    file.addTrace(
      "stale-update-keeps-current", "a stale update does not change which ticket is current", tags: ["valid"],
      [.beginUpdate("t1"), .beginUpdate("t2"), .update("denied", ticket: "t1"), .update("granted", ticket: "t2")],
      results: ["ok", "ok", "stale", "ok"], status: Status.fresh.with(osPermission: "granted"))
    file.addTrace(
      "update-without-ticket-applies-over-named", "an update without a ticket is applied even while t1 is current",
      tags: ["valid"], [.beginUpdate("t1"), .update("denied")], results: ["ok", "ok"],
      status: Status.fresh.with(osPermission: "denied"))
    let keepers: [(String, String, Step, String)] = [
      ("same-member", "identifying the current member", .identify(member), "ok"),
      ("failed-identify", "a failing identify", .identify("", valid: false), "invalid_input"),
      ("set-consent", "set_consent", .setConsent("opted_in"), "ok"),
      ("network-off", "network offline", .network(false), "ok"),
      ("network-on", "network online", .network(true), "ok"),
      ("retry", "retry", .retry, "ok"),
      ("foreground", "foreground", .foreground, "ok"),
      ("invalid-update", "a rejected update", .update(.object([:]), permission: nil, ticket: nil), "invalid_input"),
      ("stale-update", "a stale update", .update("denied", ticket: "t0"), "stale"),
      ("own-update", "its own update", .update("denied", ticket: "t1"), "ok"),
    ]
    for (id, what, keeper, result) in keepers {
      file.addTrace(
        "kept-by.\(id)", "\(what) leaves t1 current: its result is applied",
        tags: [result == "invalid_input" ? "invalid" : "valid"],
        [.beginUpdate("t0"), .identify(member), .beginUpdate("t1"), keeper, .update("granted", ticket: "t1")],
        results: ["ok", "ok", "ok", result, "ok"])
    }
    return file.file(at: "\(folder)/tickets.json")
  }

  // MARK: consent.json

  static func consent() -> GeneratedFile {
    var file = builder(
      "set_consent: per member for the whole trace, across member switches, logouts and restarts; invalid_input with no member; never set by the OS permission"
    )
    for value in ["opted_in", "opted_out"] {
      file.addTrace(
        "set.\(value)", "set_consent \(value) for the bound member", tags: ["valid"],
        [.identify(member), .setConsent(value)], results: ["ok", "ok"],
        status: Status.fresh.with(bound: true, consent: value))
      file.addTrace(
        "set.\(value).offline", "offline, set_consent \(value) is held: pending, network_failure", tags: ["valid"],
        [.identify(member), .setConsent(value)], online: false, results: ["ok", "ok"],
        status: Status.fresh.with(bound: true, consent: value, pending: true, error: "network_failure"))
      file.addTrace(
        "no-member.\(value)", "set_consent \(value) with no member is invalid_input", tags: ["invalid"],
        [.setConsent(value)], results: ["invalid_input"], status: .fresh)
      file.addTrace(
        "no-member.\(value).no-sync", "offline, set_consent \(value) with no member starts no sync",
        tags: ["invalid"], [.setConsent(value)], online: false, results: ["invalid_input"], status: .fresh)
      file.addTrace(
        "no-member-after-restart.\(value)", "after a restart no member is bound: set_consent \(value) is invalid_input",
        tags: ["invalid"], [.identify(member), .restart, .setConsent(value)], results: ["ok", "ok", "invalid_input"],
        status: .fresh)
    }
    file.addTrace(
      "initially-unknown", "a bound member's consent is unknown until set", tags: ["valid"], [.identify(member)],
      results: ["ok"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "changed", "opted_in then opted_out: the last value counts", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .setConsent("opted_out")], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true, consent: "opted_out"))
    file.addTrace(
      "other-member-unknown", "another member has its own consent: unknown", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .identify(other)], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true))
    file.addTrace(
      "switch-back", "back to the first member, its consent is reported again", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .identify(other), .setConsent("opted_out"), .identify(member)],
      results: ["ok", "ok", "ok", "ok", "ok"], status: Status.fresh.with(bound: true, consent: "opted_in"))
    file.addTrace(
      "switch-to-second", "the second member's own value after switching", tags: ["valid"],
      [
        .identify(member), .setConsent("opted_in"), .identify(other), .setConsent("opted_out"), .identify(member),
        .identify(other),
      ],
      results: ["ok", "ok", "ok", "ok", "ok", "ok"], status: Status.fresh.with(bound: true, consent: "opted_out"))
    file.addTrace(
      "kept-across-restart", "a restart keeps consent: identify again and it is reported", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .restart, .identify(member)], results: ["ok", "ok", "ok", "ok"],
      status: Status.fresh.with(bound: true, consent: "opted_in"))
    file.addTrace(
      "unknown-after-restart", "after a restart no member is bound: consent is reported unknown", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .restart], results: ["ok", "ok", "ok"], status: .fresh)
    file.addTrace(
      "unknown-after-logout", "after logout no member is bound: consent is reported unknown", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .logout], results: ["ok", "ok", "ok"], status: .fresh)
    file.addTrace(
      "restart-then-other-member", "after a restart another member has its own, unknown consent", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .restart, .identify(other)], results: ["ok", "ok", "ok", "ok"],
      status: Status.fresh.with(bound: true))
    file.addTrace(
      "nfc-nfd-separate", "NFC and NFD spellings are two members with two consents", tags: ["valid", "unicode"],
      [.identify("Jos\u{E9}"), .setConsent("opted_in"), .identify("Jose\u{301}")], results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true))
    for permission in permissions {
      file.addTrace(
        "os-permission-\(permission)-never-sets-consent",
        "the OS permission \(permission) never sets consent (OS権限を許可しただけではLEEEPの同意はONになりません)",
        tags: permission == "granted" ? ["valid", "integration-mistake"] : ["valid"],
        [.identify(member), .update(permission)], results: ["ok", "ok"],
        status: Status.fresh.with(bound: true, osPermission: permission))
    }
    for value in ["opted_in", "opted_out"] {
      file.addTrace(
        "\(value)-never-sets-os-permission", "consent \(value) never sets the OS permission: it stays unknown",
        tags: ["valid"], [.identify(member), .setConsent(value)], results: ["ok", "ok"],
        status: Status.fresh.with(bound: true, consent: value))
      file.addTrace(
        "\(value)-keeps-denied", "consent \(value) leaves a denied OS permission denied", tags: ["valid"],
        [.identify(member), .update("denied"), .setConsent(value)], results: ["ok", "ok", "ok"],
        status: Status.fresh.with(bound: true, consent: value, osPermission: "denied"))
    }
    return file.file(at: "\(folder)/consent.json")
  }

  // MARK: offline.json

  static func offline() -> GeneratedFile {
    var file = builder(
      "offline syncs: held as pending with network_failure, cleared only by retry or foreground while online"
    )
    let syncing: [(String, [Step])] = [
      ("identify", [.identify(member)]),
      ("logout", [.identify(member), .network(true), .retry, .network(false), .logout]),
      ("update", [.update("granted")]),
      ("set-consent", [.identify(member), .network(true), .retry, .network(false), .setConsent("opted_in")]),
    ]
    for (id, steps) in syncing {
      file.addTrace("held.\(id)", "offline, \(id) starts a sync that is held", tags: ["valid"], steps, online: false)
      for clearer in [Step.retry, .foreground] {
        let name = clearer.json.objectValue?["step"]?.stringValue ?? ""
        file.addTrace(
          "held.\(id).\(name)-offline", "\(name) while still offline leaves the \(id) sync pending", tags: ["valid"],
          steps + [clearer], online: false)
        file.addTrace(
          "held.\(id).network-then-\(name)", "back online, \(name) completes the held \(id) sync", tags: ["valid"],
          steps + [.network(true), clearer], online: false)
      }
      file.addTrace(
        "held.\(id).network-alone", "the network coming back starts nothing: the \(id) sync stays pending",
        tags: ["valid"], steps + [.network(true)], online: false)
    }
    let nonSyncing: [(String, String, [Step])] = [
      ("network", "network", [.network(false), .network(true), .network(false)]),
      ("begin-update", "begin_update", [.beginUpdate("t1")]),
      ("restart", "restart", [.restart]),
      ("retry", "retry", [.retry]),
      ("foreground", "foreground", [.foreground]),
      ("logout-no-member", "logout with no member", [.logout]),
    ]
    for (id, what, steps) in nonSyncing {
      file.addTrace(
        "no-sync.\(id)", "offline, \(what) starts no sync: nothing is pending", tags: ["valid"], steps, online: false,
        status: .fresh)
    }
    file.addTrace(
      "online-sync-clears", "a later sync while online completes at once and clears a held one", tags: ["valid"],
      [.identify(member), .network(true), .setConsent("opted_in")], online: false, results: ["ok", "ok", "ok"],
      status: Status.fresh.with(bound: true, consent: "opted_in"))
    // A held sync is also cleared by any later sync that completes online, identify and logout
    // included; an identify or logout that changes nothing starts no sync and clears nothing.
    file.addTrace(
      "online-identify-clears-held-update", "back online, identify's sync clears an update held offline",
      tags: ["valid"], [.update("granted"), .network(true), .identify(member)], online: false,
      results: ["ok", "ok", "ok"], status: Status.fresh.with(bound: true, osPermission: "granted"))
    file.addTrace(
      "online-identify-other-member-clears", "back online, identifying another member clears the first one's held sync",
      tags: ["valid"], [.identify(member), .network(true), .identify("member-0002")], online: false,
      results: ["ok", "ok", "ok"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "online-logout-clears-held-identify", "back online, logout's sync clears the identify held offline",
      tags: ["valid"], [.identify(member), .network(true), .logout], online: false, results: ["ok", "ok", "ok"],
      status: .fresh)
    file.addTrace(
      "online-logout-clears-held-consent", "back online, logout clears a consent sync held offline", tags: ["valid"],
      [.identify(member), .setConsent("opted_in"), .network(true), .logout], online: false,
      results: ["ok", "ok", "ok", "ok"], status: .fresh)
    file.addTrace(
      "online-same-identify-keeps-held", "back online, identifying the current member again starts no sync: still held",
      tags: ["valid"], [.identify(member), .network(true), .identify(member)], online: false,
      results: ["ok", "ok", "ok"], status: Status.fresh.with(bound: true, pending: true, error: "network_failure"))
    file.addTrace(
      "online-logout-no-member-keeps-held", "back online, logout with no member starts no sync: the update stays held",
      tags: ["valid"], [.update("granted"), .network(true), .logout], online: false, results: ["ok", "ok", "ok"],
      status: Status.fresh.with(osPermission: "granted", pending: true, error: "network_failure"))
    file.addTrace(
      "online-invalid-identify-keeps-held", "back online, an identify that fails the member ID rules clears nothing",
      tags: ["valid"], [.update("granted"), .network(true), .identify("", valid: false)], online: false,
      results: ["ok", "ok", "invalid_input"],
      status: Status.fresh.with(osPermission: "granted", pending: true, error: "network_failure"))
    file.addTrace(
      "goes-offline-mid-trace", "the network going away holds the next sync", tags: ["valid"],
      [.identify(member), .network(false), .setConsent("opted_in"), .retry], results: ["ok", "ok", "ok", "ok"],
      status: Status.fresh.with(bound: true, consent: "opted_in", pending: true, error: "network_failure"))
    file.addTrace(
      "restart-keeps-pending", "a restart keeps the held sync and the network", tags: ["valid"],
      [.identify(member), .restart, .retry], online: false, results: ["ok", "ok", "ok"],
      status: Status.fresh.with(pending: true, error: "network_failure"))
    file.addTrace(
      "restart-then-online-retry", "after a restart, retry online completes the held sync", tags: ["valid"],
      [.identify(member), .restart, .network(true), .foreground], online: false, results: ["ok", "ok", "ok", "ok"],
      status: .fresh)
    file.addTrace(
      "retry-online-nothing-pending", "retry online with nothing pending is ok and changes nothing", tags: ["valid"],
      [.identify(member), .retry, .foreground], results: ["ok", "ok", "ok"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "context-online-true", "online true in the context is the default: syncs complete at once", tags: ["valid"],
      [.identify(member)], online: true, results: ["ok"], status: Status.fresh.with(bound: true))
    file.addTrace(
      "retry-twice-offline", "retries while offline never clear the sync", tags: ["valid"],
      [.update("granted"), .retry, .foreground, .retry], online: false, results: ["ok", "ok", "ok", "ok"],
      status: Status.fresh.with(osPermission: "granted", pending: true, error: "network_failure"))
    file.addTrace(
      "offline-then-online-then-offline-retry", "online again and then offline before retry: still pending",
      tags: ["valid"], [.update("granted"), .network(true), .network(false), .retry], online: false,
      results: ["ok", "ok", "ok", "ok"],
      status: Status.fresh.with(osPermission: "granted", pending: true, error: "network_failure"))
    return file.file(at: "\(folder)/offline.json")
  }

  // MARK: ready.json

  static func ready() -> GeneratedFile {
    var file = builder(
      "ready: true only when bound, consent opted_in, os_permission granted, not pending and error empty; each condition alone makes it false"
    )
    let all: [Step] = [.identify(member), .setConsent("opted_in"), .update("granted")]
    let readyStatus = Status(
      bound: true, consent: "opted_in", osPermission: "granted", pending: false, error: "", ready: true)
    file.addTrace(
      "all-five", "bound, opted_in, granted, not pending, no error: ready", tags: ["valid"], all,
      results: ["ok", "ok", "ok"], status: readyStatus)
    file.addTrace(
      "all-five.update-first", "the order of the three calls does not matter", tags: ["valid"],
      [.update("granted"), .identify(member), .setConsent("opted_in")], results: ["ok", "ok", "ok"],
      status: readyStatus)
    file.addTrace(
      "all-five.with-tickets", "with the ticket protocol: ready", tags: ["valid"],
      [.identify(member), .beginUpdate("t1"), .setConsent("opted_in"), .update("granted", ticket: "t1")],
      results: ["ok", "ok", "ok", "ok"], status: readyStatus)
    file.addTrace(
      "alone.not-bound", "not bound (restart): not ready; with no member the reported consent is unknown too",
      tags: ["valid"], all + [.restart], results: ["ok", "ok", "ok", "ok"],
      status: Status(bound: false, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false)
    )
    file.addTrace(
      "alone.consent-unknown", "consent unknown: not ready", tags: ["valid"], [.identify(member), .update("granted")],
      results: ["ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.addTrace(
      "alone.consent-opted-out", "consent opted_out: not ready", tags: ["valid"],
      [.identify(member), .setConsent("opted_out"), .update("granted")], results: ["ok", "ok", "ok"],
      status: Status(
        bound: true, consent: "opted_out", osPermission: "granted", pending: false, error: "", ready: false))
    for permission in permissions where permission != "granted" {
      file.addTrace(
        "alone.os-permission-\(permission)", "os_permission \(permission): not ready (only granted is deliverable)",
        tags: ["valid"], [.identify(member), .setConsent("opted_in"), .update(permission)],
        results: ["ok", "ok", "ok"],
        status: Status(
          bound: true, consent: "opted_in", osPermission: permission, pending: false, error: "", ready: false))
    }
    file.addTrace(
      "alone.os-permission-never-applied", "no update yet: os_permission unknown, not ready", tags: ["valid"],
      [.identify(member), .setConsent("opted_in")], results: ["ok", "ok"],
      status: Status(bound: true, consent: "opted_in", osPermission: "unknown", pending: false, error: "", ready: false)
    )
    file.addTrace(
      "alone.pending", "a held sync: pending (with network_failure, which a held sync always reports): not ready",
      tags: ["valid"], all + [.network(false), .update("granted")], results: ["ok", "ok", "ok", "ok", "ok"],
      status: Status(
        bound: true, consent: "opted_in", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "alone.error", "error network_failure (a held sync, so pending too): not ready", tags: ["valid"], all,
      online: false, results: ["ok", "ok", "ok"],
      status: Status(
        bound: true, consent: "opted_in", osPermission: "granted", pending: true, error: "network_failure",
        ready: false))
    file.addTrace(
      "ready-after-retry", "the held sync completed by retry online: ready", tags: ["valid"],
      all + [.network(true), .retry], online: false, results: ["ok", "ok", "ok", "ok", "ok"], status: readyStatus)
    file.addTrace(
      "ready-after-foreground", "the held sync completed by foreground online: ready", tags: ["valid"],
      all + [.network(true), .foreground], online: false, results: ["ok", "ok", "ok", "ok", "ok"],
      status: readyStatus)
    file.addTrace(
      "ready-again-after-restart", "identify again after a restart: consent and permission were kept, ready",
      tags: ["valid"], all + [.restart, .identify(member)], results: ["ok", "ok", "ok", "ok", "ok"],
      status: readyStatus)
    file.addTrace(
      "not-ready-for-other-member", "another member on the same device has no consent yet: not ready",
      tags: ["valid"], all + [.identify(other)], results: ["ok", "ok", "ok", "ok"],
      status: Status(bound: true, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false))
    file.addTrace(
      "not-ready-after-logout", "logout: not bound, not ready", tags: ["valid"], all + [.logout],
      results: ["ok", "ok", "ok", "ok"],
      status: Status(bound: false, consent: "unknown", osPermission: "granted", pending: false, error: "", ready: false)
    )
    return file.file(at: "\(folder)/ready.json")
  }
}
