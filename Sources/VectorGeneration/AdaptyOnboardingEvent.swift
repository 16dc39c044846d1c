import ConformanceJSON
import ConformanceKit

/// `adapty.onboarding.event` (docs/suites/adapty.onboarding.event.md): one onboarding delegate event, read for the delegate
/// method named by the context's `channel`. Every expectation below is written from the rule the
/// vector exercises; an accepted event's output is computed from the same ``Event`` description
/// that produced its input.
extension AdaptyOnboardingEvent: GeneratedSuite {
  static let source = "Adapty guide, iOS SDKでオンボーディングイベントを処理する (AdaptyOnboardingControllerDelegate)"

  static let actionChannels = ["custom_action", "close_action", "paywall_action"]
  static let channels = actionChannels + ["finished_loading", "analytics"]

  static func files() -> [GeneratedFile] {
    [
      guideExamples(), spelling(), ignoredKeys(), duplicateField(), missingKey(), notAnObject(), invalidType(),
      screenNumbers(), invalidValue(), analyticsEvents(), checkOrder(), contextFree(),
    ]
  }

  // MARK: - Event description

  /// A field with its two accepted spellings.
  struct Field: Sendable {
    let snake: String
    let camel: String
  }

  static let actionID = Field(snake: "action_id", camel: "actionId")
  static let onboardingID = Field(snake: "onboarding_id", camel: "onboardingId")
  static let screenCID = Field(snake: "screen_cid", camel: "screenClientId")
  static let screenIndex = Field(snake: "screen_index", camel: "screenIndex")
  static let totalScreens = Field(snake: "total_screens", camel: "screensTotal")
  static let metaFields = [onboardingID, screenCID, screenIndex, totalScreens]
  static let elementID = Field(snake: "element_id", camel: "elementId")

  static let knownEventNames = [
    "onboarding_started", "screen_presented", "screen_completed", "second_screen_presented",
    "user_email_collected", "onboarding_completed",
  ]

  /// The optional analytics `params` object.
  struct Params: Sendable {
    var elementID: JSONValue? = nil
    var reply: JSONValue? = nil
  }

  /// A valid event of one channel. `input` and `output` both derive from it.
  struct Event: Sendable {
    var channel: String
    var actionID: JSONValue = "allowNotifications"
    var name: JSONValue = "onboarding_started"
    var onboardingID: JSONValue = "onboarding_123"
    var screenCID: JSONValue = "welcome_screen"
    var screenIndex: JSONValue = 0
    var totalScreens: JSONValue = 4
    var params: Params? = nil
    /// Snake-case names of the fields written in their camelCase spelling.
    var camelCase: [String] = []

    var readsActionID: Bool { AdaptyOnboardingEvent.actionChannels.contains(channel) }
    var isAnalytics: Bool { channel == "analytics" }
    var context: JSONObject { ["channel": .string(channel)] }

    func key(_ field: Field) -> String { camelCase.contains(field.snake) ? field.camel : field.snake }

    var metaObject: JSONObject {
      [
        key(onboardingIDField): onboardingID, key(screenCIDField): screenCID, key(screenIndexField): screenIndex,
        key(totalScreensField): totalScreens,
      ]
    }

    var object: JSONObject {
      var object: JSONObject = [:]
      if readsActionID { object[key(actionIDField)] = actionID }
      if isAnalytics { object["name"] = name }
      object["meta"] = .object(metaObject)
      if isAnalytics, let params {
        var paramsObject: JSONObject = [:]
        if let elementID = params.elementID { paramsObject[key(elementIDField)] = elementID }
        if let reply = params.reply { paramsObject["reply"] = reply }
        object["params"] = .object(paramsObject)
      }
      return object
    }

    var input: JSONValue { .object(object) }

    /// The input with one change made to the top-level object.
    func input(_ change: (inout JSONObject) -> Void) -> JSONValue {
      var object = self.object
      change(&object)
      return .object(object)
    }

    /// The input with one change made to the `meta` object.
    func inputChangingMeta(_ change: (inout JSONObject) -> Void) -> JSONValue {
      input { object in
        var meta = metaObject
        change(&meta)
        object["meta"] = .object(meta)
      }
    }

    /// The input with `params` replaced by the given object.
    func input(params: JSONObject) -> JSONValue {
      input { $0["params"] = .object(params) }
    }

    /// docs/suites/adapty.onboarding.event.md's output: channel, meta in snake_case, action_id for actions; analytics adds the
    /// event (snake_case name, else `unknown` with the name), screen_completed its params.
    var output: JSONValue {
      var output: JSONObject = ["channel": .string(channel)]
      if readsActionID { output["action_id"] = actionID }
      output["meta"] = [
        "onboarding_id": onboardingID, "screen_cid": screenCID, "screen_index": screenIndex,
        "total_screens": totalScreens,
      ]
      if isAnalytics, case .string(let text) = name {
        if knownEventNamesList.contains(where: { $0.utf8.elementsEqual(text.utf8) }) {
          output["event"] = name
          if text.utf8.elementsEqual("screen_completed".utf8), let params {
            if let elementID = params.elementID { output["element_id"] = elementID }
            if let reply = params.reply { output["reply"] = reply }
          }
        } else {
          output["event"] = "unknown"
          output["name"] = name
        }
      }
      return .object(output)
    }

    var accept: GeneratedExpectation { .accept(output: output) }
  }

  // Aliases usable inside `Event` (whose own properties shadow the static field names).
  static let actionIDField = actionID
  static let onboardingIDField = onboardingID
  static let screenCIDField = screenCID
  static let screenIndexField = screenIndex
  static let totalScreensField = totalScreens
  static let elementIDField = elementID
  static let knownEventNamesList = knownEventNames

  /// A typical valid event of each channel (values from the guide's examples).
  static func base(_ channel: String) -> Event {
    switch channel {
    case "custom_action":
      Event(channel: channel, screenCID: "profile_screen", screenIndex: 0, totalScreens: 3)
    case "close_action":
      Event(channel: channel, actionID: "close_button", screenCID: "final_screen", screenIndex: 3, totalScreens: 4)
    case "paywall_action":
      Event(channel: channel, actionID: "premium_offer_1", screenCID: "pricing_screen", screenIndex: 2, totalScreens: 4)
    case "finished_loading":
      Event(channel: channel)
    default:
      Event(channel: channel)
    }
  }

  /// A file of this suite.
  static func builder(_ description: String) -> VectorFileBuilder {
    var builder = VectorFileBuilder(suite: name, description: description, source: source, vendorNote: vendorNote)
    builder.descriptionLead = VectorFileBuilder.lead(fromContext: "channel")
    return builder
  }

  static func number(_ literal: String) -> JSONValue {
    guard let number = JSONNumber(literal: literal) else { preconditionFailure("bad literal \(literal)") }
    return .number(number)
  }

  /// Values of every JSON type but string, for fields that must be strings.
  static let nonStrings: [(name: String, value: JSONValue)] = [
    ("null", .null), ("boolean", true), ("number", 1), ("array", ["x"]), ("object", ["value": "x"]),
  ]

  /// Values of every JSON type but object, for fields that must be objects.
  static let nonObjects: [(name: String, value: JSONValue)] = [
    ("null", .null), ("boolean", false), ("number", 0), ("string", "x"), ("array", []),
  ]

  // MARK: - The guide's examples

  /// Every JSON example of the Adapty guide, verbatim, with the output docs/suites/adapty.onboarding.event.md gives for it.
  static func guideExamples() -> GeneratedFile {
    var file = builder("every event example of the Adapty guide, verbatim (イベントの例)")
    func meta(_ cid: String, _ index: Int, _ total: Int) -> JSONValue {
      [
        "onboarding_id": "onboarding_123", "screen_cid": .string(cid), "screen_index": .number(JSONNumber(index)),
        "total_screens": .number(JSONNumber(total)),
      ]
    }
    func add(_ id: String, _ channel: String, _ description: String, _ text: String, _ output: JSONValue) {
      file.add(
        id: "guide-example.\(id)", description: description, tags: ["valid"], input: .parsing(text),
        context: ["channel": .string(channel)], expect: .accept(output: output))
    }
    add(
      "custom-action", "custom_action",
      "the guide's custom action example (camelCase: actionId, onboardingId, screenClientId, screenIndex, screensTotal)",
      """
      {
        "actionId": "allowNotifications",
        "meta": {
          "onboardingId": "onboarding_123",
          "screenClientId": "profile_screen",
          "screenIndex": 0,
          "screensTotal": 3
        }
      }
      """,
      ["channel": "custom_action", "action_id": "allowNotifications", "meta": meta("profile_screen", 0, 3)])
    add(
      "close-action", "close_action", "the guide's close action example (snake_case)",
      """
      {
        "action_id": "close_button",
        "meta": {
          "onboarding_id": "onboarding_123",
          "screen_cid": "final_screen",
          "screen_index": 3,
          "total_screens": 4
        }
      }
      """,
      ["channel": "close_action", "action_id": "close_button", "meta": meta("final_screen", 3, 4)])
    add(
      "paywall-action", "paywall_action", "the guide's open paywall example: the action ID is the placement ID",
      """
      {
          "action_id": "premium_offer_1",
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "pricing_screen",
              "screen_index": 2,
              "total_screens": 4
          }
      }
      """,
      ["channel": "paywall_action", "action_id": "premium_offer_1", "meta": meta("pricing_screen", 2, 4)])
    add(
      "finished-loading", "finished_loading", "the guide's finished loading example: meta only",
      """
      {
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "welcome_screen",
              "screen_index": 0,
              "total_screens": 4
          }
      }
      """,
      ["channel": "finished_loading", "meta": meta("welcome_screen", 0, 4)])
    add(
      "analytics.onboarding-started", "analytics", "the guide's onboardingStarted analytics example",
      """
      {
        "name": "onboarding_started",
        "meta": {
          "onboarding_id": "onboarding_123",
          "screen_cid": "welcome_screen",
          "screen_index": 0,
          "total_screens": 4
        }
      }
      """,
      ["channel": "analytics", "event": "onboarding_started", "meta": meta("welcome_screen", 0, 4)])
    add(
      "analytics.screen-presented", "analytics", "the guide's screenPresented analytics example",
      """
      {
          "name": "screen_presented",
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "interests_screen",
              "screen_index": 2,
              "total_screens": 4
          }
      }
      """,
      ["channel": "analytics", "event": "screen_presented", "meta": meta("interests_screen", 2, 4)])
    add(
      "analytics.screen-completed", "analytics",
      "the guide's screenCompleted analytics example: params element_id and reply are kept",
      """
      {
          "name": "screen_completed",
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "profile_screen",
              "screen_index": 1,
              "total_screens": 4
          },
          "params": {
              "element_id": "profile_form",
              "reply": "success"
          }
      }
      """,
      [
        "channel": "analytics", "event": "screen_completed", "meta": meta("profile_screen", 1, 4),
        "element_id": "profile_form", "reply": "success",
      ])
    add(
      "analytics.second-screen-presented", "analytics", "the guide's secondScreenPresented analytics example",
      """
      {
          "name": "second_screen_presented",
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "profile_screen",
              "screen_index": 1,
              "total_screens": 4
          }
      }
      """,
      ["channel": "analytics", "event": "second_screen_presented", "meta": meta("profile_screen", 1, 4)])
    add(
      "analytics.user-email-collected", "analytics", "the guide's userEmailCollected analytics example",
      """
      {
          "name": "user_email_collected",
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "profile_screen",
              "screen_index": 1,
              "total_screens": 4
          }
      }
      """,
      ["channel": "analytics", "event": "user_email_collected", "meta": meta("profile_screen", 1, 4)])
    add(
      "analytics.onboarding-completed", "analytics", "the guide's onboardingCompleted analytics example",
      """
      {
          "name": "onboarding_completed",
          "meta": {
              "onboarding_id": "onboarding_123",
              "screen_cid": "final_screen",
              "screen_index": 3,
              "total_screens": 4
          }
      }
      """,
      ["channel": "analytics", "event": "onboarding_completed", "meta": meta("final_screen", 3, 4)])
    return file.file(at: "\(folder)/guide-examples.json")
  }

  // MARK: - Spellings

  /// Each field in each spelling, alone and all together, on every channel that reads it.
  static func spelling() -> GeneratedFile {
    var file = builder("each field may be spelled snake_case or camelCase; the output always uses snake_case")
    for channel in channels {
      var event = base(channel)
      if event.isAnalytics {
        event.name = "screen_completed"
        event.params = Params(elementID: "profile_form", reply: "success")
      }
      var fields = metaFields
      if event.readsActionID { fields.insert(actionID, at: 0) }
      if event.isAnalytics { fields.append(elementID) }
      let allCamel = fields.map(\.snake)

      var snake = event
      snake.camelCase = []
      file.add(
        id: "spelling.\(channel).all-snake_case", description: "every field in snake_case",
        tags: ["valid"], input: snake.input, context: snake.context, expect: snake.accept)
      var camel = event
      camel.camelCase = allCamel
      file.add(
        id: "spelling.\(channel).all-camelCase",
        description: "every field in camelCase (\(fields.map(\.camel).joined(separator: ", "))); output in snake_case",
        tags: ["valid", "cross-sdk"], input: camel.input, context: camel.context, expect: camel.accept)
      for field in fields {
        var oneCamel = event
        oneCamel.camelCase = [field.snake]
        file.add(
          id: "spelling.\(channel).only-\(field.snake)-camelCase",
          description: "\(field.camel) in camelCase among snake_case fields is the same field as \(field.snake)",
          tags: ["valid", "cross-sdk"], input: oneCamel.input, context: oneCamel.context, expect: oneCamel.accept)
        var oneSnake = event
        oneSnake.camelCase = allCamel.filter { $0 != field.snake }
        file.add(
          id: "spelling.\(channel).only-\(field.snake)-snake_case",
          description: "\(field.snake) in snake_case among camelCase fields is the same field as \(field.camel)",
          tags: ["valid", "cross-sdk"], input: oneSnake.input, context: oneSnake.context, expect: oneSnake.accept)
      }
    }
    return file.file(at: "\(folder)/spelling.json")
  }

  // MARK: - Ignored keys

  /// Unknown keys, and fields a channel does not read, are ignored.
  static func ignoredKeys() -> GeneratedFile {
    var file = builder("unknown keys, and fields the channel does not read, are ignored")
    for channel in channels {
      let event = base(channel)
      file.add(
        id: "ignored.\(channel).unknown-top-level-keys",
        description: "unknown top-level keys (type, timestamp, extra) are ignored",
        tags: ["valid"],
        input: event.input {
          $0["type"] = "event"
          $0["timestamp"] = 1_700_000_000
          $0["extra"] = ["nested": [1, 2]]
        }, context: event.context, expect: event.accept)
      file.add(
        id: "ignored.\(channel).unknown-meta-keys",
        description: "unknown meta keys (placement_id, screenCid, totalScreens) are ignored",
        tags: ["valid"],
        input: event.inputChangingMeta {
          $0["placement_id"] = "main"
          $0["screenCid"] = "other_screen"
          $0["totalScreens"] = "many"
        }, context: event.context, expect: event.accept)
    }
    for channel in ["finished_loading", "analytics"] {
      let event = base(channel)
      let variants: [(String, String, (inout JSONObject) -> Void)] = [
        ("action_id", "a string action_id", { $0["action_id"] = "close_button" }),
        ("actionId", "a string actionId", { $0["actionId"] = "close_button" }),
        ("action_id-number", "an action_id that is a number", { $0["action_id"] = 7 }),
        ("action_id-empty", "an empty action_id", { $0["action_id"] = "" }),
      ]
      for (id, text, change) in variants {
        file.add(
          id: "ignored.\(channel).\(id)",
          description: "\(channel) reads no action ID: \(text) is ignored and not in the output",
          tags: ["valid"], input: event.input(change), context: event.context, expect: event.accept)
      }
    }
    for channel in actionChannels + ["finished_loading"] {
      let event = base(channel)
      file.add(
        id: "ignored.\(channel).name", description: "\(channel) reads no name: a name key is ignored",
        tags: ["valid"], input: event.input { $0["name"] = 5 }, context: event.context, expect: event.accept)
      file.add(
        id: "ignored.\(channel).params-not-an-object",
        description: "params belongs to analytics: on \(channel) a params string is ignored, not a type error",
        tags: ["valid"], input: event.input { $0["params"] = "x" }, context: event.context, expect: event.accept)
    }
    var analytics = base("analytics")
    analytics.name = "screen_completed"
    analytics.params = Params(elementID: "profile_form", reply: "success")
    file.add(
      id: "ignored.analytics.unknown-params-keys",
      description: "unknown params keys (value, element) are ignored",
      tags: ["valid"],
      input: analytics.input(params: ["element_id": "profile_form", "reply": "success", "value": 3, "element": []]),
      context: analytics.context, expect: analytics.accept)
    return file.file(at: "\(folder)/ignored-keys.json")
  }

  // MARK: - duplicate_field

  /// duplicate_field is structural (docs/suites/adapty.onboarding.event.md step 2, before the channel-specific step 3): both
  /// spellings at the top level, in an object meta or in an object params are rejected on every
  /// channel, also where the channel otherwise ignores the field.
  static func duplicateField() -> GeneratedFile {
    var file = builder(
      "duplicate_field: both spellings of one field are present (top level, meta, params), on every channel")
    for channel in actionChannels {
      let event = base(channel)
      file.add(
        id: "duplicate.\(channel).action_id.snake-first",
        description: "action_id and actionId both present (same value) is duplicate_field action_id",
        tags: ["invalid"], input: event.input { $0["actionId"] = event.actionID }, context: event.context,
        expect: .reject("duplicate_field", field: "action_id"))
      file.add(
        id: "duplicate.\(channel).action_id.camel-first",
        description: "actionId then action_id (different values) is duplicate_field action_id",
        tags: ["invalid"],
        input: .object(["actionId": "first", "action_id": "second", "meta": .object(event.metaObject)]),
        context: event.context, expect: .reject("duplicate_field", field: "action_id"))
    }
    for channel in channels where !actionChannels.contains(channel) {
      let event = base(channel)
      file.add(
        id: "duplicate.\(channel).action_id.snake-first",
        description:
          "\(channel) reads no action ID, but action_id with actionId is still duplicate_field action_id (step 2 is structural)",
        tags: ["invalid"],
        input: event.input {
          $0["action_id"] = "a"
          $0["actionId"] = "b"
        }, context: event.context, expect: .reject("duplicate_field", field: "action_id"))
      file.add(
        id: "duplicate.\(channel).action_id.camel-first",
        description: "\(channel): actionId then action_id (same value) is duplicate_field action_id",
        tags: ["invalid"],
        input: .object(
          JSONObject(
            [JSONObject.Member(key: "actionId", value: "close_button"), .init(key: "action_id", value: "close_button")]
              + event.object.members)), context: event.context,
        expect: .reject("duplicate_field", field: "action_id"))
    }
    for channel in actionChannels + ["finished_loading"] {
      let event = base(channel)
      file.add(
        id: "duplicate.\(channel).element_id",
        description:
          "params is read only on analytics, but element_id with elementId in an object params is still duplicate_field element_id",
        tags: ["invalid"], input: event.input { $0["params"] = ["element_id": "a", "elementId": "b"] },
        context: event.context, expect: .reject("duplicate_field", field: "element_id"))
    }
    for channel in channels {
      let event = base(channel)
      for field in metaFields {
        file.add(
          id: "duplicate.\(channel).\(field.snake)",
          description: "meta holds \(field.snake) and \(field.camel): duplicate_field \(field.snake)",
          tags: ["invalid"],
          input: event.inputChangingMeta { $0[field.camel] = $0[field.snake] }, context: event.context,
          expect: .reject("duplicate_field", field: field.snake))
      }
      var camel = event
      camel.camelCase = metaFields.map(\.snake)
      file.add(
        id: "duplicate.\(channel).screen_index.camel-first-different-values",
        description: "screenIndex 0 then screen_index 1: duplicate_field screen_index whatever the values",
        tags: ["invalid"],
        input: camel.inputChangingMeta { $0["screen_index"] = 1 }, context: event.context,
        expect: .reject("duplicate_field", field: "screen_index"))
    }
    var completed = base("analytics")
    completed.name = "screen_completed"
    file.add(
      id: "duplicate.analytics.element_id",
      description: "params holds element_id and elementId: duplicate_field element_id",
      tags: ["invalid"], input: completed.input(params: ["element_id": "a", "elementId": "a", "reply": "ok"]),
      context: completed.context, expect: .reject("duplicate_field", field: "element_id"))
    file.add(
      id: "duplicate.analytics.element_id.camel-first",
      description: "params holds elementId then element_id: duplicate_field element_id",
      tags: ["invalid"], input: completed.input(params: ["elementId": "a", "element_id": "b"]),
      context: completed.context, expect: .reject("duplicate_field", field: "element_id"))
    var unknownEvent = base("analytics")
    unknownEvent.name = "custom_tracking_event"
    file.add(
      id: "duplicate.analytics.element_id.unknown-event",
      description: "params is read for every analytics event: both element spellings on an unknown event",
      tags: ["invalid"], input: unknownEvent.input(params: ["element_id": "a", "elementId": "b"]),
      context: unknownEvent.context, expect: .reject("duplicate_field", field: "element_id"))
    file.add(
      id: "duplicate.analytics.element_id.wrong-types",
      description: "duplicate_field comes before invalid_type: element_id 1 with elementId true",
      tags: ["invalid"], input: completed.input(params: ["element_id": 1, "elementId": true]),
      context: completed.context, expect: .reject("duplicate_field", field: "element_id"))
    return file.file(at: "\(folder)/duplicate-field.json")
  }

  // MARK: - missing_key

  static func missingKey() -> GeneratedFile {
    var file = builder("missing_key: action_id (actions), name (analytics), meta, then each meta field")
    for channel in actionChannels {
      let event = base(channel)
      file.add(
        id: "missing.\(channel).action_id", description: "an action event without action_id",
        tags: ["invalid"], input: event.input { $0["action_id"] = nil }, context: event.context,
        expect: .reject("missing_key", field: "action_id"))
      for wrongKey in ["ActionId", "actionID", "action-id", "id"] {
        file.add(
          id: "missing.\(channel).action_id.misspelled-\(wrongKey)",
          description: "keys match byte for byte: \(wrongKey) is an unknown key, so action_id is missing",
          tags: ["invalid", "integration-mistake"],
          input: event.input {
            $0["action_id"] = nil
            $0[wrongKey] = event.actionID
          }, context: event.context, expect: .reject("missing_key", field: "action_id"))
      }
    }
    let analytics = base("analytics")
    file.add(
      id: "missing.analytics.name", description: "an analytics event without name",
      tags: ["invalid"], input: analytics.input { $0["name"] = nil }, context: analytics.context,
      expect: .reject("missing_key", field: "name"))
    for wrongKey in ["type", "event", "Name"] {
      file.add(
        id: "missing.analytics.name.misspelled-\(wrongKey)",
        description: "the event name under \(wrongKey) is an unknown key, so name is missing",
        tags: ["invalid", "integration-mistake"],
        input: analytics.input {
          $0["name"] = nil
          $0[wrongKey] = "onboarding_started"
        }, context: analytics.context, expect: .reject("missing_key", field: "name"))
    }
    for channel in channels {
      let event = base(channel)
      file.add(
        id: "missing.\(channel).meta", description: "an event without meta",
        tags: ["invalid"], input: event.input { $0["meta"] = nil }, context: event.context,
        expect: .reject("missing_key", field: "meta"))
      file.add(
        id: "missing.\(channel).meta.misspelled-Meta", description: "Meta is not meta: keys match byte for byte",
        tags: ["invalid"],
        input: event.input {
          $0["Meta"] = $0["meta"]
          $0["meta"] = nil
        }, context: event.context, expect: .reject("missing_key", field: "meta"))
      for field in metaFields {
        file.add(
          id: "missing.\(channel).\(field.snake)", description: "meta without \(field.snake) or \(field.camel)",
          tags: ["invalid"], input: event.inputChangingMeta { $0[field.snake] = nil }, context: event.context,
          expect: .reject("missing_key", field: field.snake))
      }
      file.add(
        id: "missing.\(channel).meta-empty-object",
        description: "an empty meta object: onboarding_id is the first missing meta field",
        tags: ["invalid", "boundary"], input: event.input { $0["meta"] = [:] }, context: event.context,
        expect: .reject("missing_key", field: "onboarding_id"))
    }
    // Plausible but unaccepted spellings (the contract lists exactly two per field).
    let misspellings: [(Field, String)] = [
      (screenCID, "screenCid"), (screenCID, "screen_client_id"), (totalScreens, "totalScreens"),
      (totalScreens, "screens_total"), (onboardingID, "onboardingID"), (screenIndex, "index"),
    ]
    for channel in ["custom_action", "analytics"] {
      let event = base(channel)
      for (field, wrongKey) in misspellings {
        file.add(
          id: "missing.\(channel).\(field.snake).misspelled-\(wrongKey)",
          description: "\(wrongKey) is not one of the spellings \(field.snake)/\(field.camel): missing_key",
          tags: ["invalid", "integration-mistake"],
          input: event.inputChangingMeta {
            $0[wrongKey] = $0[field.snake]
            $0[field.snake] = nil
          }, context: event.context, expect: .reject("missing_key", field: field.snake))
      }
    }
    let custom = base("custom_action")
    file.add(
      id: "missing.custom_action.wrapped-in-envelope",
      description: "the event wrapped in another object ({\"action\": event}) has no action_id at the top",
      tags: ["invalid", "integration-mistake"], input: ["action": custom.input], context: custom.context,
      expect: .reject("missing_key", field: "action_id"))
    file.add(
      id: "missing.analytics.wrapped-in-envelope",
      description: "the event wrapped in another object ({\"event\": event}) has no name at the top",
      tags: ["invalid", "integration-mistake"], input: ["event": analytics.input], context: analytics.context,
      expect: .reject("missing_key", field: "name"))
    file.add(
      id: "missing.finished_loading.empty-object", description: "an empty object has no meta",
      tags: ["invalid", "boundary"], input: [:], context: base("finished_loading").context,
      expect: .reject("missing_key", field: "meta"))
    file.add(
      id: "missing.custom_action.empty-object", description: "an empty object: action_id is missing first",
      tags: ["invalid", "boundary"], input: [:], context: custom.context,
      expect: .reject("missing_key", field: "action_id"))
    file.add(
      id: "missing.analytics.empty-object", description: "an empty object: name is missing first",
      tags: ["invalid", "boundary"], input: [:], context: analytics.context,
      expect: .reject("missing_key", field: "name"))
    return file.file(at: "\(folder)/missing-key.json")
  }

  // MARK: - not_an_object

  static func notAnObject() -> GeneratedFile {
    var file = builder("not_an_object: the event must be a JSON object")
    let values: [(String, JSONValue)] = [
      ("null", .null), ("boolean", true), ("number", 0), ("string", "allowNotifications"),
      ("array", [["action_id": "close_button"]]),
    ]
    for channel in channels {
      let event = base(channel)
      for (name, value) in values {
        file.add(
          id: "not-an-object.\(channel).\(name)", description: "a JSON \(name) is not an event object",
          tags: ["invalid"], input: value, context: event.context, expect: .reject("not_an_object"))
      }
      file.add(
        id: "not-an-object.\(channel).json-text",
        description: "the event's JSON text as a string (not decoded by the bridge) is not an object",
        tags: ["invalid", "integration-mistake"], input: .string(JSONSerializer.compact.string(from: event.input)),
        context: event.context, expect: .reject("not_an_object"))
    }
    return file.file(at: "\(folder)/not-an-object.json")
  }

  // MARK: - Checks that need no channel

  /// not_an_object and duplicate_field need no channel, so they are reported for a test with no
  /// context at all (docs/vector-format.md: context is optional). This file has no context, and neither do its
  /// tests; a channel is read only from missing_key on.
  static func contextFree() -> GeneratedFile {
    var file = builder("checks that need no channel (not_an_object, duplicate_field) are reported without a context")
    func add(
      _ id: String, _ description: String, _ input: JSONValue, _ expect: GeneratedExpectation,
      context: JSONObject? = nil
    ) {
      file.add(
        id: "context-free.\(id)", description: description, tags: ["invalid"], input: input, context: context,
        expect: expect)
    }
    let values: [(String, JSONValue)] = [
      ("null", .null), ("number", 0), ("string", "allowNotifications"), ("array", [["action_id": "close_button"]]),
    ]
    for (name, value) in values {
      add(
        "not-an-object.\(name)", "no context: a JSON \(name) is not_an_object, which needs no channel", value,
        .reject("not_an_object"))
    }
    let event = base("custom_action")
    add(
      "duplicate.action_id", "no context: action_id with actionId is duplicate_field action_id, which needs no channel",
      event.input { $0["actionId"] = event.actionID }, .reject("duplicate_field", field: "action_id"))
    add(
      "duplicate.onboarding_id",
      "no context: meta with onboarding_id and onboardingId is duplicate_field onboarding_id, which needs no channel",
      event.inputChangingMeta { $0["onboardingId"] = $0["onboarding_id"] },
      .reject("duplicate_field", field: "onboarding_id"))
    var completed = base("analytics")
    completed.name = "screen_completed"
    add(
      "duplicate.element_id",
      "no context: params with element_id and elementId is duplicate_field element_id, which needs no channel",
      completed.input(params: ["element_id": "profile_form", "elementId": "profile_form"]),
      .reject("duplicate_field", field: "element_id"))
    // A channel the suite cannot use is not read either before missing_key.
    add(
      "not-an-object.unusable-channel",
      "a channel that is no channel (onCustomAction) is never read: the string is not_an_object",
      "allowNotifications", .reject("not_an_object"), context: ["channel": "onCustomAction"])
    add(
      "duplicate.action_id.unusable-channel",
      "a channel that is no channel (onCustomAction) is never read: both action ID spellings are duplicate_field",
      event.input { $0["actionId"] = event.actionID }, .reject("duplicate_field", field: "action_id"),
      context: ["channel": "onCustomAction"])
    return file.file(at: "\(folder)/context-free.json")
  }
}
