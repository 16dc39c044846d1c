import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

private let locationAllow: JSONObject = ["scenario": "first_launch", "uses_location": true, "push_permission": "allow"]
private let noLocationDeny: JSONObject = [
  "scenario": "first_launch", "uses_location": false, "push_permission": "deny",
]

private func receiving(_ state: String) -> JSONObject { ["scenario": "receive", "app_state": .string(state)] }

private func fanship(_ steps: [String], _ context: JSONObject) throws -> Outcome {
  try FanshipSequence().evaluate(.array(steps.map { .string($0) }), context: context)
}

private let fullLocationAllow = [
  "app_launch", "shared_receiver", "load_settings", "location_opt_in_dialog", "did_get_popinfo_id",
  "push_opt_in_dialog", "did_register_device_token", "register_token",
]

@Suite struct FanshipSequenceTests {
  // MARK: Context

  @Test func unusableContextsAreContextErrors() throws {
    let suite = FanshipSequence()
    let upToSettings: [JSONValue] = ["app_launch", "shared_receiver", "load_settings"]
    // The inputs whose checks need the key: every input needs the scenario (the empty trace's
    // output too); a setting is needed by the steps whose answer depends on it.
    let needScenario: [JSONValue] = [[], ["app_launch"], ["bogus"]]
    let needUsesLocation: [JSONValue] = [
      .array(upToSettings + ["location_opt_in_dialog"]), .array(upToSettings + ["push_opt_in_dialog"]),
    ]
    let needPushPermission: [JSONValue] = [
      .array(
        upToSettings + [
          "location_opt_in_dialog", "push_opt_in_dialog", "did_get_popinfo_id", "did_register_device_token",
          "register_token",
        ])
    ]
    let needAppState: [JSONValue] = [
      ["banner_shown"], ["did_receive_remote_notification"], ["did_finish_launching"],
      ["did_receive_notification_response"],
    ]
    let contexts: [(JSONObject, String, [JSONValue])] = [
      ([:], "scenario", needScenario),
      (["scenario": "launch"], "scenario", needScenario),
      (["scenario": "first_launch", "push_permission": "allow"], "uses_location", needUsesLocation),
      (
        ["scenario": "first_launch", "uses_location": "true", "push_permission": "allow"], "uses_location",
        needUsesLocation
      ),
      (["scenario": "first_launch", "uses_location": true], "push_permission", needPushPermission),
      (
        ["scenario": "first_launch", "uses_location": true, "push_permission": "granted"], "push_permission",
        needPushPermission
      ),
      (["scenario": "receive"], "app_state", needAppState),
      (["scenario": "receive", "app_state": "inactive"], "app_state", needAppState),
    ]
    for (context, key, inputs) in contexts {
      for input in inputs {
        do {
          _ = try suite.evaluate(input, context: context)
          Issue.record("context \(context) was accepted")
        } catch {
          #expect(error.key == key)
        }
      }
      // not_an_array needs no context: it is reported with the context missing or broken.
      for input: JSONValue in ["app_launch", .null, ["app_launch", 1]] {
        #expect(try suite.evaluate(input, context: context) == .reject(error: "not_an_array", field: nil))
      }
    }
  }

  /// Each setting is read at the first check that needs it: a trace whose checks never need it
  /// is judged with it missing or unusable (the contract's rule for every context key).
  @Test func settingsAreReadOnlyByTheChecksThatNeedThem() throws {
    let firstLaunchAlone: JSONObject = ["scenario": "first_launch"]
    let brokenFirstLaunch: JSONObject = ["scenario": "first_launch", "uses_location": "yes", "push_permission": 1]
    for context in [firstLaunchAlone, brokenFirstLaunch] {
      #expect(try fanship([""], context) == .reject(error: "unknown_step", field: ""))
      #expect(try fanship(["banner_shown"], context) == .reject(error: "unknown_step", field: "banner_shown"))
      #expect(try fanship([], context) == .accept(output: ["ready_for_push": false]))
      #expect(
        try fanship(["app_launch", "shared_receiver", "load_settings", "did_get_popinfo_id"], context)
          == .accept(output: ["ready_for_push": false]))
      #expect(try fanship(["shared_receiver"], context) == .reject(error: "out_of_order", field: "shared_receiver"))
      #expect(
        try fanship(["app_launch", "app_launch"], context) == .reject(error: "duplicate_step", field: "app_launch"))
      // Without load_settings the push dialog is out of order whether or not the app uses location.
      #expect(
        try fanship(["app_launch", "push_opt_in_dialog"], context)
          == .reject(error: "out_of_order", field: "push_opt_in_dialog"))
    }
    // uses_location alone: the whole trace up to the device token never asks about push permission.
    #expect(
      try fanship(
        [
          "app_launch", "shared_receiver", "load_settings", "location_opt_in_dialog", "push_opt_in_dialog",
          "did_register_device_token",
        ], ["scenario": "first_launch", "uses_location": true, "push_permission": "maybe"])
        == .accept(output: ["ready_for_push": false]))
    #expect(
      try fanship(
        ["app_launch", "shared_receiver", "load_settings", "location_opt_in_dialog"],
        ["scenario": "first_launch", "uses_location": false])
        == .reject(error: "unexpected_step", field: "location_opt_in_dialog"))
    let receiveAlone: JSONObject = ["scenario": "receive"]
    #expect(try fanship([""], receiveAlone) == .reject(error: "unknown_step", field: ""))
    #expect(try fanship([], receiveAlone) == .accept(output: ["content_fetched": false, "shown": .null]))
    #expect(try fanship(["show_list"], receiveAlone) == .reject(error: "out_of_order", field: "show_list"))
    // receive_notification needs another step in each state; with none of them, out of order in all.
    #expect(
      try fanship(["receive_notification"], receiveAlone)
        == .reject(error: "out_of_order", field: "receive_notification"))
    // The first step whose answer differs between states reads app_state.
    #expect(throws: ContextError(key: "app_state", reason: "missing; one of terminated, background, foreground")) {
      try fanship(["banner_shown"], receiveAlone)
    }
    #expect(throws: ContextError(key: "uses_location", reason: "must be a boolean, got string")) {
      try fanship(["app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog"], brokenFirstLaunch)
    }
    #expect(throws: ContextError(key: "push_permission", reason: "must be a string, got number")) {
      try fanship(
        [
          "app_launch", "shared_receiver", "load_settings", "did_get_popinfo_id", "push_opt_in_dialog",
          "did_register_device_token", "register_token",
        ], ["scenario": "first_launch", "uses_location": false, "push_permission": 1])
    }
  }

  // MARK: first_launch

  @Test func everyPrefixOfAValidTraceIsAccepted() throws {
    for length in 0...fullLocationAllow.count {
      let prefix = Array(fullLocationAllow.prefix(length))
      #expect(
        try fanship(prefix, locationAllow)
          == .accept(output: ["ready_for_push": .bool(length == fullLocationAllow.count)]))
    }
  }

  @Test func popinfoIDMayArriveAnyTimeAfterLoadSettings() throws {
    var trace = fullLocationAllow.filter { $0 != "did_get_popinfo_id" }
    let register = trace.removeLast()
    for position in 3...trace.count {
      var ordered = trace
      ordered.insert("did_get_popinfo_id", at: position)
      #expect(try fanship(ordered + [register], locationAllow) == .accept(output: ["ready_for_push": true]))
    }
  }

  @Test func deniedPushNeverBecomesReady() throws {
    let trace = [
      "app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog", "did_register_device_token",
      "did_get_popinfo_id",
    ]
    #expect(try fanship(trace, noLocationDeny) == .accept(output: ["ready_for_push": false]))
    #expect(
      try fanship(trace + ["register_token"], noLocationDeny)
        == .reject(error: "unexpected_step", field: "register_token"))
  }

  @Test func unknownStepsIncludeTheOtherScenarios() throws {
    #expect(
      try fanship(["app_launch", "banner_shown"], locationAllow)
        == .reject(error: "unknown_step", field: "banner_shown"))
    #expect(try fanship(["appLaunch"], locationAllow) == .reject(error: "unknown_step", field: "appLaunch"))
  }

  @Test func checksForOneStepRunInOrder() throws {
    // location dialog without uses_location: unexpected even though it is also out of order.
    #expect(
      try fanship(["app_launch", "location_opt_in_dialog"], noLocationDeny)
        == .reject(error: "unexpected_step", field: "location_opt_in_dialog"))
    // A repeated step that is also out of place: duplicate_step comes before out_of_order.
    #expect(
      try fanship(["app_launch", "shared_receiver", "app_launch"], locationAllow)
        == .reject(error: "duplicate_step", field: "app_launch"))
    #expect(
      try fanship(["app_launch", "shared_receiver", "push_opt_in_dialog"], noLocationDeny)
        == .reject(error: "out_of_order", field: "push_opt_in_dialog"))
  }

  @Test func theFirstBrokenStepIsReported() throws {
    #expect(
      try fanship(["shared_receiver", "banner_shown"], locationAllow)
        == .reject(error: "out_of_order", field: "shared_receiver"))
    #expect(
      try fanship(["app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog"], locationAllow)
        == .reject(error: "out_of_order", field: "push_opt_in_dialog"))
  }

  @Test func registerTokenNeedsBothThePopinfoIDAndTheDeviceToken() throws {
    let base = ["app_launch", "shared_receiver", "load_settings", "location_opt_in_dialog", "push_opt_in_dialog"]
    #expect(
      try fanship(base + ["did_register_device_token", "register_token"], locationAllow)
        == .reject(error: "out_of_order", field: "register_token"))
    #expect(
      try fanship(base + ["did_get_popinfo_id", "register_token"], locationAllow)
        == .reject(error: "out_of_order", field: "register_token"))
  }

  // MARK: receive

  @Test func receiveChainsPerAppState() throws {
    let chains: [(String, [String])] = [
      (
        "terminated",
        [
          "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
          "receive_notification",
        ]
      ),
      ("background", ["banner_shown", "banner_tapped", "did_receive_notification_response", "receive_notification"]),
      ("foreground", ["did_receive_remote_notification", "receive_notification"]),
    ]
    for (state, chain) in chains {
      #expect(try fanship([], receiving(state)) == .accept(output: ["content_fetched": false, "shown": nil]))
      #expect(
        try fanship(Array(chain.dropLast()), receiving(state))
          == .accept(output: ["content_fetched": false, "shown": nil]))
      #expect(try fanship(chain, receiving(state)) == .accept(output: ["content_fetched": true, "shown": nil]))
      #expect(
        try fanship(chain + ["show_list"], receiving(state))
          == .accept(output: ["content_fetched": true, "shown": "list"]))
      #expect(
        try fanship(chain + ["show_detail"], receiving(state))
          == .accept(output: ["content_fetched": true, "shown": "detail"]))
      #expect(
        try fanship(chain + ["show_list", "show_detail"], receiving(state))
          == .reject(error: "unexpected_step", field: "show_detail"))
      #expect(
        try fanship(chain + ["show_detail", "show_detail"], receiving(state))
          == .reject(error: "unexpected_step", field: "show_detail"))
      #expect(
        try fanship(chain + ["show_list", chain[0]], receiving(state))
          == .reject(error: "duplicate_step", field: chain[0]))
      #expect(
        try fanship(Array(chain.dropLast()) + ["show_list"], receiving(state))
          == .reject(error: "out_of_order", field: "show_list"))
    }
  }

  @Test func stepsOutsideTheAppStatesChainAreUnexpected() throws {
    #expect(
      try fanship(["banner_shown"], receiving("foreground")) == .reject(error: "unexpected_step", field: "banner_shown")
    )
    #expect(
      try fanship(["banner_shown", "banner_tapped", "did_finish_launching"], receiving("background"))
        == .reject(error: "unexpected_step", field: "did_finish_launching"))
    #expect(
      try fanship(["did_receive_remote_notification"], receiving("terminated"))
        == .reject(error: "unexpected_step", field: "did_receive_remote_notification"))
    #expect(
      try fanship(["did_receive_notification_response"], receiving("foreground"))
        == .reject(error: "unexpected_step", field: "did_receive_notification_response"))
    #expect(
      try fanship(["banner_shown", "banner_tapped", "did_receive_notification_response"], receiving("terminated"))
        == .reject(error: "out_of_order", field: "did_receive_notification_response"))
  }

  // MARK: Shape

  @Test func nonArraysAndNonStringItemsAreNotAnArray() throws {
    let suite = FanshipSequence()
    for input: JSONValue in [.null, "app_launch", ["steps": []], [1], ["app_launch", .null], ["unknown", 1]] {
      #expect(try suite.evaluate(input, context: locationAllow) == .reject(error: "not_an_array", field: nil))
    }
  }

  @Test func stepNamesAreComparedByteForByte() throws {
    // "app_launch" followed by U+0301 is another name, whatever Swift's String equality says.
    #expect(
      try fanship(["app_launch\u{301}"], locationAllow) == .reject(error: "unknown_step", field: "app_launch\u{301}"))
  }

  // MARK: The shipped vectors

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(FanshipSequence())
    #expect(count >= 300, "the fanship.sequence corpus has \(count) vectors, fewer than 300")
  }
}
