import ConformanceJSON

/// Traces written for other settings, and inputs that are not traces.
extension FanshipSequenceVectors {
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
      suite: suite, description: "a complete trace of one setting checked against another setting's rules",
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
      suite: suite, description: "not_an_array: the trace must be an array of step-name strings", source: source)
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
      suite: suite, description: "not_an_array needs no scenario: it is reported without a context", source: source)
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
}
