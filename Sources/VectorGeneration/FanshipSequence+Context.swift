import ConformanceJSON
import ConformanceKit

/// Traces written for other settings, and inputs that are not traces.
extension FanshipSequence {
  static let terminatedTrace = [
    "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
    "receive_notification", "show_detail",
  ]
  static let backgroundTrace = [
    "banner_shown", "banner_tapped", "did_receive_notification_response", "receive_notification", "show_list",
  ]
  static let foregroundTrace = ["did_receive_remote_notification", "receive_notification", "show_list"]
  static let locationAllowTrace = [
    "app_launch", "shared_receiver", "load_settings", "did_get_popinfo_id", "location_opt_in_dialog",
    "push_opt_in_dialog", "did_register_device_token", "register_token",
  ]
  static let noLocationAllowTrace = locationAllowTrace.filter { $0 != "location_opt_in_dialog" }

  /// A complete trace of one setting read with another: each expectation is written by hand from
  /// the first step of the trace that the other setting's rules break.
  static func wrongContext() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name, description: "a complete trace of one setting checked against another setting's rules",
      source: source)
    func add(
      _ id: String, _ rules: Rules, _ trace: [String], _ description: String, _ expect: GeneratedExpectation,
      tags: [String] = ["invalid", "integration-mistake"]
    ) {
      file.add(
        id: "\(rules.id).\(id)", description: description, tags: tags, input: .array(trace.map { .string($0) }),
        context: rules.context, expect: expect)
    }
    let terminated = receive("terminated")
    let background = receive("background")
    let foreground = receive("foreground")
    add(
      "background-trace", terminated, backgroundTrace,
      "a cold start handled like background: did_receive_notification_response before did_finish_launching, "
        + "which it requires when terminated: out_of_order",
      .reject(error: "out_of_order", field: "did_receive_notification_response"))
    add(
      "foreground-trace", terminated, foregroundTrace,
      "did_receive_remote_notification is the foreground callback: unexpected_step when terminated",
      .reject(error: "unexpected_step", field: "did_receive_remote_notification"))
    add(
      "terminated-trace", background, terminatedTrace,
      "did_finish_launching happens only from terminated: unexpected_step in background (after the banner steps)",
      .reject(error: "unexpected_step", field: "did_finish_launching"))
    add(
      "foreground-trace", background, foregroundTrace,
      "did_receive_remote_notification is the foreground callback: unexpected_step in background",
      .reject(error: "unexpected_step", field: "did_receive_remote_notification"))
    add(
      "terminated-trace", foreground, terminatedTrace,
      "no banner is shown in foreground (バナー等は表示されない): banner_shown is unexpected_step",
      .reject(error: "unexpected_step", field: "banner_shown"))
    add(
      "background-trace", foreground, backgroundTrace,
      "no banner is shown in foreground: banner_shown is unexpected_step",
      .reject(error: "unexpected_step", field: "banner_shown"))
    add(
      "response-instead-of-remote", foreground, ["did_receive_notification_response", "receive_notification"],
      "the notification response follows a banner tap, never in foreground: unexpected_step",
      .reject(error: "unexpected_step", field: "did_receive_notification_response"))

    let locationAllow = firstLaunch(usesLocation: true, pushAllowed: true)
    let locationDeny = firstLaunch(usesLocation: true, pushAllowed: false)
    let noLocationAllow = firstLaunch(usesLocation: false, pushAllowed: true)
    let noLocationDeny = firstLaunch(usesLocation: false, pushAllowed: false)
    add(
      "location-trace", noLocationAllow, locationAllowTrace,
      "location_opt_in_dialog without uses_location: unexpected_step",
      .reject(
        error: "unexpected_step",
        field: "location_opt_in_dialog"))
    add(
      "location-trace", noLocationDeny, locationAllowTrace,
      "location_opt_in_dialog (before register_token) is the first step these settings rule out: unexpected_step",
      .reject(error: "unexpected_step", field: "location_opt_in_dialog"))
    add(
      "no-location-trace", locationAllow, noLocationAllowTrace,
      "with uses_location the push dialog requires the location dialog first: out_of_order push_opt_in_dialog",
      .reject(error: "out_of_order", field: "push_opt_in_dialog"))
    add(
      "allow-trace", locationDeny, locationAllowTrace,
      "registerToken: only when push is allowed (「許可」している場合): unexpected_step register_token",
      .reject(error: "unexpected_step", field: "register_token"))
    add(
      "allow-trace", noLocationDeny, noLocationAllowTrace,
      "registerToken: only when push is allowed: unexpected_step register_token",
      .reject(error: "unexpected_step", field: "register_token"))
    let denyTrace = Array(locationAllowTrace.dropLast())
    add(
      "deny-trace", locationAllow, denyTrace,
      "a denied-push trace read as allow is a trace that stopped before register_token: valid, not ready",
      .accept(output: ["ready_for_push": false]), tags: ["valid"])
    return file.file(at: "\(folder)/wrong-settings.json")
  }

  /// `not_an_array`: the input must be an array of strings; its shape is checked before any step.
  static func notAnArray() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name, description: "not_an_array: the trace must be an array of step-name strings", source: source)
    for rules in [firstLaunch(usesLocation: true, pushAllowed: true), receive("terminated")] {
      let first = rules.isReceive ? "banner_shown" : "app_launch"
      let second = rules.isReceive ? "banner_tapped" : "shared_receiver"
      let cases: [(String, String, JSONValue, [String])] = [
        ("null", "null is not an array", .null, ["invalid"]),
        ("boolean", "a boolean is not an array", true, ["invalid"]),
        ("number", "a number is not an array", 0, ["invalid"]),
        ("string", "a single step name is not an array", .string(first), ["invalid"]),
        (
          "comma-separated", "the trace joined into one string is not an array",
          .string("\(first),\(second)"), ["invalid", "integration-mistake"]
        ),
        (
          "object", "a trace wrapped in an object is not an array", ["steps": [.string(first)]],
          ["invalid", "integration-mistake"]
        ),
        ("item-number", "an item that is a number", [1], ["invalid"]),
        ("item-null", "an item that is null", [.null], ["invalid"]),
        ("item-array", "a nested array", [[.string(first)]], ["invalid"]),
        (
          "item-object", "an item that is an object", [["step": .string(first)]],
          ["invalid", "integration-mistake"]
        ),
        (
          "item-after-valid-steps", "a non-string after valid steps", [.string(first), .string(second), 3], ["invalid"]
        ),
        (
          "item-after-unknown-step",
          "the whole input's shape is checked before any step: a non-string after an unknown step",
          ["no_such_step", false], ["invalid"]
        ),
        (
          "item-after-duplicate-step", "the shape is checked before steps: a null after a repeated step",
          [.string(first), .string(first), .null], ["invalid"]
        ),
      ]
      for (id, description, input, tags) in cases {
        file.add(
          id: "\(rules.id).not-an-array.\(id)", description: "\(setting(rules)): \(description): not_an_array",
          tags: tags,
          input: input, context: rules.context, expect: .reject(error: "not_an_array", field: nil))
      }
    }
    return file.file(at: "\(folder)/not-an-array.json")
  }

  /// not_an_array needs no scenario, so it is reported for a test with no context at all (docs/vector-format.md:
  /// context is optional) or with a scenario the suite could not use. The file has no context; the
  /// scenario is read only once the input is an array of strings.
  static func contextFree() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name, description: "not_an_array needs no scenario: it is reported without a context", source: source)
    let cases: [(String, String, JSONValue, JSONObject?)] = [
      ("null", "no context: null", .null, nil),
      ("string", "no context: a single step name", "app_launch", nil),
      ("object", "no context: a trace wrapped in an object", ["steps": ["app_launch"]], nil),
      ("item-number", "no context: an array with a number item", ["app_launch", 1], nil),
      (
        "unusable-scenario", "a scenario the suite cannot use (launch) is never read for a non-array input",
        "app_launch", ["scenario": "launch"]
      ),
      (
        "missing-settings", "first_launch without its settings is never read for a non-string item",
        ["app_launch", .null], ["scenario": "first_launch"]
      ),
    ]
    for (id, description, input, context) in cases {
      file.add(
        id: "context-free.not-an-array.\(id)", description: "\(description) is not_an_array", tags: ["invalid"],
        input: input, context: context, expect: .reject(error: "not_an_array", field: nil))
    }
    return file.file(at: "\(folder)/context-free.json")
  }

  /// Each setting is read at the first check that needs it (the contract's rule for every context
  /// key), so a trace none of whose checks needs a setting has an answer with that setting missing
  /// or unusable. Each expectation follows from the step table alone: `unknown_step` needs only
  /// the scenario's step names; `duplicate_step` and the fixed requirements need no setting.
  /// (A check that does need a missing setting is a context error, which no vector can pin.)
  static func settingsUnread() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name,
      description:
        "a setting is read only by a check that needs it: traces judged without the settings they never need",
      source: source)
    let firstLaunchAlone: JSONObject = ["scenario": "first_launch"]
    let unusableFirstLaunch: JSONObject = ["scenario": "first_launch", "uses_location": "yes", "push_permission": 1]
    let receiveAlone: JSONObject = ["scenario": "receive"]
    let unusableReceive: JSONObject = ["scenario": "receive", "app_state": "inactive"]
    let upToSettings = ["app_launch", "shared_receiver", "load_settings"]
    let cases: [(String, String, [String], JSONObject, GeneratedExpectation, [String])] = [
      (
        "first-launch.empty-step-name", "first_launch with no settings: the empty string is no step name", [""],
        firstLaunchAlone, .reject(error: "unknown_step", field: ""), ["invalid", "boundary"]
      ),
      (
        "first-launch.other-scenario-step", "first_launch with no settings: banner_shown is a receive step",
        ["banner_shown"], firstLaunchAlone, .reject(error: "unknown_step", field: "banner_shown"), ["invalid"]
      ),
      (
        "first-launch.unknown-after-valid", "first_launch with unusable settings: an unknown step after valid ones",
        upToSettings + ["loadSettings"], unusableFirstLaunch, .reject(error: "unknown_step", field: "loadSettings"),
        ["invalid"]
      ),
      (
        "first-launch.empty-trace", "first_launch with no settings: the empty trace, nothing has happened yet", [],
        firstLaunchAlone, .accept(output: ["ready_for_push": false]), ["valid", "boundary"]
      ),
      (
        "first-launch.before-the-dialogs",
        "first_launch with unusable settings: no step up to the popinfo ID needs them",
        upToSettings + ["did_get_popinfo_id"], unusableFirstLaunch, .accept(output: ["ready_for_push": false]),
        ["valid"]
      ),
      (
        "first-launch.receiver-first", "first_launch with no settings: shared_receiver before app_launch",
        ["shared_receiver"], firstLaunchAlone, .reject(error: "out_of_order", field: "shared_receiver"), ["invalid"]
      ),
      (
        "first-launch.launch-twice", "first_launch with unusable settings: app_launch twice",
        ["app_launch", "app_launch"], unusableFirstLaunch, .reject(error: "duplicate_step", field: "app_launch"),
        ["invalid"]
      ),
      (
        "first-launch.without-push-permission",
        "first_launch using location, push_permission missing: no step before register_token needs it",
        upToSettings + [
          "location_opt_in_dialog", "did_get_popinfo_id", "push_opt_in_dialog", "did_register_device_token",
        ],
        ["scenario": "first_launch", "uses_location": true], .accept(output: ["ready_for_push": false]), ["valid"]
      ),
      (
        "first-launch.without-push-permission.location-unexpected",
        "first_launch without location, push_permission missing: the location dialog is unexpected",
        upToSettings + ["location_opt_in_dialog"], ["scenario": "first_launch", "uses_location": false],
        .reject(error: "unexpected_step", field: "location_opt_in_dialog"), ["invalid"]
      ),
      (
        "receive.empty-step-name", "receive with no app_state: the empty string is no step name", [""], receiveAlone,
        .reject(error: "unknown_step", field: ""), ["invalid", "boundary"]
      ),
      (
        "receive.other-scenario-step", "receive with an unusable app_state: app_launch is a first_launch step",
        ["app_launch"], unusableReceive, .reject(error: "unknown_step", field: "app_launch"), ["invalid"]
      ),
      (
        "receive.empty-trace", "receive with no app_state: the empty trace fetched and showed nothing", [],
        receiveAlone, .accept(output: ["content_fetched": false, "shown": .null]), ["valid", "boundary"]
      ),
      (
        "receive.show-first", "receive with an unusable app_state: show_list needs receive_notification in every state",
        ["show_list"], unusableReceive, .reject(error: "out_of_order", field: "show_list"), ["invalid"]
      ),
    ]
    for (id, description, trace, context, expect, tags) in cases {
      file.add(
        id: "settings-unread.\(id)", description: description, tags: tags, input: .array(trace.map { .string($0) }),
        context: context, expect: expect)
    }
    return file.file(at: "\(folder)/settings-unread.json")
  }
}
