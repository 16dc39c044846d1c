import ConformanceJSON
import ConformanceKit

/// Types, values, screen numbers, analytics names and the order of the checks.
extension AdaptyOnboardingEvent {
  // MARK: - invalid_type

  static func invalidType() -> GeneratedFile {
    var file = builder(
      "invalid_type: action_id, name, onboarding_id, screen_cid, element_id, reply are strings; meta and params "
        + "objects; screen_index and total_screens JSON numbers (a null is present, of the wrong type)")
    for channel in actionChannels {
      let event = base(channel)
      for (typeName, value) in nonStrings {
        file.add(
          id: "type.\(channel).action_id.\(typeName)", description: "action_id must be a string, not \(typeName)",
          tags: ["invalid"], input: event.input { $0["action_id"] = value }, context: event.context,
          expect: .reject("invalid_type", field: "action_id"))
      }
      file.add(
        id: "type.\(channel).actionId.number", description: "the camelCase actionId must be a string too",
        tags: ["invalid", "cross-sdk"],
        input: event.input {
          $0["action_id"] = nil
          $0["actionId"] = 42
        }, context: event.context, expect: .reject("invalid_type", field: "action_id"))
    }
    let analytics = base("analytics")
    for (typeName, value) in nonStrings {
      file.add(
        id: "type.analytics.name.\(typeName)", description: "name must be a string, not \(typeName)",
        tags: ["invalid"], input: analytics.input { $0["name"] = value }, context: analytics.context,
        expect: .reject("invalid_type", field: "name"))
    }
    for channel in channels {
      let event = base(channel)
      for (typeName, value) in nonObjects {
        file.add(
          id: "type.\(channel).meta.\(typeName)", description: "meta must be an object, not \(typeName)",
          tags: ["invalid"], input: event.input { $0["meta"] = value }, context: event.context,
          expect: .reject("invalid_type", field: "meta"))
      }
      file.add(
        id: "type.\(channel).meta.json-text",
        description: "meta as its JSON text (a bridge that did not decode it) is a string, not an object",
        tags: ["invalid", "integration-mistake"],
        input: event.input { $0["meta"] = .string(JSONSerializer.compact.string(from: .object(event.metaObject))) },
        context: event.context, expect: .reject("invalid_type", field: "meta"))
      for field in [onboardingID, screenCID] {
        for (typeName, value) in nonStrings {
          file.add(
            id: "type.\(channel).\(field.snake).\(typeName)",
            description: "\(field.snake) must be a string, not \(typeName)", tags: ["invalid"],
            input: event.inputChangingMeta { $0[field.snake] = value }, context: event.context,
            expect: .reject("invalid_type", field: field.snake))
        }
      }
      let nonNumbers: [(String, JSONValue)] = [
        ("null", .null), ("boolean", true), ("array", [1]), ("object", ["value": 1]),
      ]
      for field in [screenIndex, totalScreens] {
        for (typeName, value) in nonNumbers {
          file.add(
            id: "type.\(channel).\(field.snake).\(typeName)",
            description: "\(field.snake) must be a JSON number, not \(typeName)", tags: ["invalid"],
            input: event.inputChangingMeta { $0[field.snake] = value }, context: event.context,
            expect: .reject("invalid_type", field: field.snake))
        }
        file.add(
          id: "type.\(channel).\(field.snake).digit-string",
          description: "\(field.snake) as the string \"1\" (a stringified number) is not a JSON number",
          tags: ["invalid", "integration-mistake"],
          input: event.inputChangingMeta { $0[field.snake] = "1" }, context: event.context,
          expect: .reject("invalid_type", field: field.snake))
      }
    }
    for (typeName, value) in nonObjects {
      file.add(
        id: "type.analytics.params.\(typeName)",
        description: "a present params must be an object, not \(typeName) (null is present, not absent)",
        tags: ["invalid"], input: analytics.input { $0["params"] = value }, context: analytics.context,
        expect: .reject("invalid_type", field: "params"))
    }
    file.add(
      id: "type.analytics.params.json-text", description: "params as its JSON text is a string, not an object",
      tags: ["invalid", "integration-mistake"],
      input: analytics.input { $0["params"] = "{\"element_id\":\"profile_form\",\"reply\":\"success\"}" },
      context: analytics.context, expect: .reject("invalid_type", field: "params"))
    var completed = analytics
    completed.name = "screen_completed"
    for (typeName, value) in nonStrings {
      file.add(
        id: "type.analytics.element_id.\(typeName)", description: "element_id must be a string, not \(typeName)",
        tags: ["invalid"], input: completed.input(params: ["element_id": value, "reply": "success"]),
        context: completed.context, expect: .reject("invalid_type", field: "element_id"))
      file.add(
        id: "type.analytics.reply.\(typeName)", description: "reply must be a string, not \(typeName)",
        tags: ["invalid"], input: completed.input(params: ["element_id": "profile_form", "reply": value]),
        context: completed.context, expect: .reject("invalid_type", field: "reply"))
    }
    file.add(
      id: "type.analytics.elementId.number", description: "the camelCase elementId must be a string too",
      tags: ["invalid", "cross-sdk"], input: completed.input(params: ["elementId": 3]),
      context: completed.context, expect: .reject("invalid_type", field: "element_id"))
    file.add(
      id: "type.analytics.reply.on-onboarding_started",
      description: "params is checked for every analytics event, not only screen_completed: reply 1",
      tags: ["invalid"], input: analytics.input(params: ["reply": 1]), context: analytics.context,
      expect: .reject("invalid_type", field: "reply"))
    var unknown = analytics
    unknown.name = "custom_tracking_event"
    file.add(
      id: "type.analytics.element_id.on-unknown-event",
      description: "params is checked for unknown events too: element_id false", tags: ["invalid"],
      input: unknown.input(params: ["element_id": false]), context: unknown.context,
      expect: .reject("invalid_type", field: "element_id"))
    return file.file(at: "\(folder)/invalid-type.json")
  }

  // MARK: - Screen numbers

  /// Integral values in every JSON spelling, non-integral numbers, and the bounds of screen_index
  /// and total_screens, including values far beyond Int64 compared exactly.
  static func screenNumbers() -> GeneratedFile {
    var file = builder(
      "screen_index and total_screens: JSON numbers with an integral value, 0 <= screen_index < total_screens, "
        + "total_screens >= 1, compared exactly at any size")
    // Bounds on every channel, each from that channel's own valid event.
    for channel in channels {
      let event = base(channel)
      guard case .number(let total) = event.totalScreens, let count = total.intValue else { continue }
      var first = event
      first.screenIndex = 0
      file.add(
        id: "bounds.\(channel).screen_index.0", description: "screen_index 0 is the first screen",
        tags: ["valid", "boundary"], input: first.input, context: first.context, expect: first.accept)
      var last = event
      last.screenIndex = .number(JSONNumber(count - 1))
      file.add(
        id: "bounds.\(channel).screen_index.total-minus-1",
        description: "screen_index \(count - 1) with total_screens \(count) is the last screen",
        tags: ["valid", "boundary"], input: last.input, context: last.context, expect: last.accept)
      file.add(
        id: "bounds.\(channel).screen_index.total",
        description: "screen_index \(count) equals total_screens \(count): invalid_value screen_index",
        tags: ["invalid", "boundary"], input: event.inputChangingMeta { $0["screen_index"] = .number(total) },
        context: event.context, expect: .reject("invalid_value", field: "screen_index"))
      file.add(
        id: "bounds.\(channel).screen_index.total-plus-1",
        description: "screen_index \(count + 1) is past total_screens \(count): invalid_value screen_index",
        tags: ["invalid", "boundary"],
        input: event.inputChangingMeta { $0["screen_index"] = .number(JSONNumber(count + 1)) },
        context: event.context, expect: .reject("invalid_value", field: "screen_index"))
      file.add(
        id: "bounds.\(channel).screen_index.-1", description: "screen_index -1 is below 0: invalid_value",
        tags: ["invalid", "boundary"], input: event.inputChangingMeta { $0["screen_index"] = -1 },
        context: event.context, expect: .reject("invalid_value", field: "screen_index"))
      file.add(
        id: "bounds.\(channel).total_screens.0",
        description: "total_screens 0 is below 1: invalid_value total_screens (checked before screen_index >= total)",
        tags: ["invalid", "boundary"],
        input: event.inputChangingMeta {
          $0["screen_index"] = 0
          $0["total_screens"] = 0
        }, context: event.context, expect: .reject("invalid_value", field: "total_screens"))
      file.add(
        id: "bounds.\(channel).screen_index.1.5",
        description: "screen_index 1.5, between 1 and total_screens, is still not integral: invalid_type",
        tags: ["invalid"], input: event.inputChangingMeta { $0["screen_index"] = number("1.5") },
        context: event.context, expect: .reject("invalid_type", field: "screen_index"))
    }

    // The finished_loading event carries meta only, so it isolates the numbers.
    let event = base("finished_loading")
    func accepted(_ id: String, _ description: String, index: String, total: String, tags: [String] = ["valid"]) {
      var valid = event
      valid.screenIndex = number(index)
      valid.totalScreens = number(total)
      file.add(
        id: "numbers.\(id)", description: description, tags: tags, input: valid.input, context: valid.context,
        expect: valid.accept)
    }
    func rejected(
      _ id: String, _ description: String, index: String, total: String, error: String, field: String,
      tags: [String] = ["invalid"]
    ) {
      file.add(
        id: "numbers.\(id)", description: description, tags: tags,
        input: event.inputChangingMeta {
          $0["screen_index"] = number(index)
          $0["total_screens"] = number(total)
        }, context: event.context, expect: .reject(error, field: field))
    }
    // Integral spellings of 1 for screen_index: the value counts, not the spelling.
    for (id, literal) in [
      ("1.0", "1.0"), ("1e0", "1e0"), ("10e-1", "10e-1"), ("1E0", "1E0"), ("1e-plus-0", "1e+0"), ("0.1e1", "0.1e1"),
      ("100e-2", "100e-2"), ("1.000", "1.000"),
    ] {
      accepted(
        "screen_index.integral-\(id)", "screen_index \(literal) has the integral value 1; the output keeps it",
        index: literal, total: "4")
    }
    for (id, literal) in [("0.0", "0.0"), ("-0", "-0"), ("-0.0", "-0.0"), ("0e5", "0e5"), ("0E-3", "0E-3")] {
      accepted(
        "screen_index.zero-\(id)", "screen_index \(literal) is zero, a valid first screen",
        index: literal, total: "4", tags: ["valid", "boundary"])
    }
    for (id, literal) in [("4.0", "4.0"), ("4e0", "4e0"), ("40e-1", "40e-1"), ("0.4e1", "0.4e1")] {
      accepted(
        "total_screens.integral-\(id)", "total_screens \(literal) has the integral value 4", index: "3",
        total: literal)
    }
    for (id, literal) in [
      ("1.5", "1.5"), ("0.5", "0.5"), ("-0.5", "-0.5"), ("1e-1", "1e-1"), ("39e-1", "39e-1"),
      ("1.0000000000000000001", "1.0000000000000000001"), ("1e-400", "1e-400"),
      ("0.99999999999999999999", "0.99999999999999999999"),
    ] {
      rejected(
        "screen_index.fraction-\(id)", "screen_index \(literal) is not integral: invalid_type",
        index: literal, total: "4", error: "invalid_type", field: "screen_index")
    }
    for (id, literal) in [("3.5", "3.5"), ("4.000001", "4.000001"), ("0.5", "0.5"), ("1e-400", "1e-400")] {
      rejected(
        "total_screens.fraction-\(id)", "total_screens \(literal) is not integral: invalid_type",
        index: "0", total: literal, error: "invalid_type", field: "total_screens")
    }
    accepted(
      "total_screens.1", "a single-screen onboarding: screen_index 0, total_screens 1", index: "0", total: "1",
      tags: ["valid", "boundary"])
    rejected(
      "total_screens.1-index-1", "screen_index 1 with total_screens 1: invalid_value screen_index",
      index: "1", total: "1", error: "invalid_value", field: "screen_index", tags: ["invalid", "boundary"])
    for (id, literal) in [("-1", "-1"), ("0.0", "0.0"), ("-0", "-0"), ("-1e400", "-1e400"), ("0e10", "0e10")] {
      rejected(
        "total_screens.below-1-\(id)", "total_screens \(literal) is below 1: invalid_value total_screens",
        index: "0", total: literal, error: "invalid_value", field: "total_screens", tags: ["invalid", "boundary"])
    }
    rejected(
      "total_screens.negative-with-large-index",
      "total_screens -1 with screen_index 5: total_screens < 1 is reported before screen_index >= total",
      index: "5", total: "-1", error: "invalid_value", field: "total_screens")
    for (id, literal) in [
      ("-1e400", "-1e400"), ("-99999999999999999999", "-99999999999999999999"),
      ("-9223372036854775809", "-9223372036854775809"),
    ] {
      rejected(
        "screen_index.negative-\(id)", "screen_index \(literal) is below 0: invalid_value screen_index",
        index: literal, total: "4", error: "invalid_value", field: "screen_index", tags: ["invalid", "boundary"])
    }
    // Beyond Int64: still exact.
    accepted(
      "huge.total-1e400", "total_screens 1e400 is a whole number beyond any integer type; screen_index 3 is below it",
      index: "3", total: "1e400", tags: ["valid", "boundary"])
    accepted(
      "huge.index-1e399-total-1e400", "screen_index 1e399 is below total_screens 1e400", index: "1e399",
      total: "1e400", tags: ["valid", "boundary"])
    rejected(
      "huge.index-1e400-total-1e400", "screen_index 1e400 equals total_screens 1e400: invalid_value screen_index",
      index: "1e400", total: "1e400", error: "invalid_value", field: "screen_index", tags: ["invalid", "boundary"])
    rejected(
      "huge.index-1e400-total-4", "screen_index 1e400 is past total_screens 4: invalid_value screen_index",
      index: "1e400", total: "4", error: "invalid_value", field: "screen_index", tags: ["invalid", "boundary"])
    accepted(
      "huge.int64-max-below-int64-max-plus-1",
      "screen_index 9223372036854775807 is below total_screens 9223372036854775808", index: "9223372036854775807",
      total: "9223372036854775808", tags: ["valid", "boundary"])
    rejected(
      "huge.index-int64-max-plus-1-equal",
      "screen_index 9223372036854775808 equals total_screens 9223372036854775808: invalid_value",
      index: "9223372036854775808", total: "9223372036854775808", error: "invalid_value", field: "screen_index",
      tags: ["invalid", "boundary"])
    accepted(
      "huge.20-digits", "screen_index 99999999999999999999 is below total_screens 100000000000000000000",
      index: "99999999999999999999", total: "100000000000000000000", tags: ["valid", "boundary"])
    rejected(
      "huge.20-digits-one-past",
      "screen_index 100000000000000000001 is past total_screens 100000000000000000000: invalid_value",
      index: "100000000000000000001", total: "100000000000000000000", error: "invalid_value", field: "screen_index",
      tags: ["invalid", "boundary"])
    accepted(
      "huge.index-as-1e20-total-as-digits", "screen_index 1e20 is one below total_screens 100000000000000000001",
      index: "1e20", total: "100000000000000000001", tags: ["valid", "boundary"])
    accepted(
      "huge.giant-exponent", "total_screens 1e99999999999999999999 is an integral value far above screen_index 3",
      index: "3", total: "1e99999999999999999999", tags: ["valid", "boundary"])
    rejected(
      "equal-by-value.4-and-4.0", "screen_index 4 equals total_screens 4.0 by value: invalid_value screen_index",
      index: "4", total: "4.0", error: "invalid_value", field: "screen_index", tags: ["invalid", "boundary"])
    rejected(
      "equal-by-value.40e-1-and-4", "screen_index 40e-1 equals total_screens 4 by value: invalid_value",
      index: "40e-1", total: "4", error: "invalid_value", field: "screen_index", tags: ["invalid", "boundary"])
    accepted(
      "equal-by-value.3.0-below-4e0", "screen_index 3.0 is below total_screens 4e0", index: "3.0", total: "4e0",
      tags: ["valid", "boundary"])
    return file.file(at: "\(folder)/screen-numbers.json")
  }

  // MARK: - invalid_value (strings)

  static func invalidValue() -> GeneratedFile {
    var file = builder("invalid_value: action_id, name, onboarding_id and screen_cid must not be empty")
    for channel in actionChannels {
      let event = base(channel)
      file.add(
        id: "value.\(channel).action_id.empty", description: "an empty action_id: invalid_value",
        tags: ["invalid", "boundary"], input: event.input { $0["action_id"] = "" }, context: event.context,
        expect: .reject("invalid_value", field: "action_id"))
      file.add(
        id: "value.\(channel).actionId.empty", description: "an empty camelCase actionId: invalid_value action_id",
        tags: ["invalid", "boundary", "cross-sdk"],
        input: event.input {
          $0["action_id"] = nil
          $0["actionId"] = ""
        }, context: event.context, expect: .reject("invalid_value", field: "action_id"))
      var single = event
      single.actionID = "x"
      file.add(
        id: "value.\(channel).action_id.one-character", description: "a one-character action_id is not empty",
        tags: ["valid", "boundary"], input: single.input, context: single.context, expect: single.accept)
    }
    let analytics = base("analytics")
    file.add(
      id: "value.analytics.name.empty", description: "an empty name: invalid_value",
      tags: ["invalid", "boundary"], input: analytics.input { $0["name"] = "" }, context: analytics.context,
      expect: .reject("invalid_value", field: "name"))
    for channel in channels {
      let event = base(channel)
      for field in [onboardingID, screenCID] {
        file.add(
          id: "value.\(channel).\(field.snake).empty", description: "an empty \(field.snake): invalid_value",
          tags: ["invalid", "boundary"], input: event.inputChangingMeta { $0[field.snake] = "" },
          context: event.context, expect: .reject("invalid_value", field: field.snake))
      }
      var camel = event
      camel.camelCase = metaFields.map(\.snake)
      file.add(
        id: "value.\(channel).screenClientId.empty",
        description: "an empty camelCase screenClientId: invalid_value screen_cid",
        tags: ["invalid", "boundary", "cross-sdk"], input: camel.inputChangingMeta { $0["screenClientId"] = "" },
        context: camel.context, expect: .reject("invalid_value", field: "screen_cid"))
    }
    // Only emptiness is a value error: no trimming, any other text is kept as is.
    let kept: [(String, String, String, [String])] = [
      ("space", " ", "a single space is not empty (never trimmed)", ["valid", "boundary"]),
      ("zero-width-space", "\u{200B}", "U+200B alone is not empty", ["valid", "unicode"]),
      ("nfd", "e\u{301}cran", "an NFD string is kept byte for byte", ["valid", "unicode"]),
      ("japanese", "プロフィール画面", "non-ASCII text is kept", ["valid", "unicode"]),
      ("padded", " profile_screen ", "surrounding spaces are kept", ["valid"]),
    ]
    for (id, text, description, tags) in kept {
      var custom = base("custom_action")
      custom.actionID = .string(text)
      custom.onboardingID = .string(text)
      custom.screenCID = .string(text)
      file.add(
        id: "value.custom_action.strings-\(id)", description: "action_id, onboarding_id, screen_cid: \(description)",
        tags: tags, input: custom.input, context: custom.context, expect: custom.accept)
    }
    return file.file(at: "\(folder)/invalid-value.json")
  }

  // MARK: - Analytics events

  static func analyticsEvents() -> GeneratedFile {
    var file = builder(
      "analytics: the name gives the event (snake_case names as in the guide's examples), unknown names are "
        + "kept, screen_completed adds element_id and reply")
    var event = base("analytics")
    for name in knownEventNames {
      event.name = .string(name)
      file.add(
        id: "event.\(name)", description: "name \(name) is the \(name) event", tags: ["valid"],
        input: event.input, context: event.context, expect: event.accept)
      if name != "screen_completed" {
        var withParams = event
        withParams.params = Params(elementID: "profile_form", reply: "success")
        // Expected output: only screen_completed carries params.
        var expected = event
        expected.params = nil
        file.add(
          id: "event.\(name).params-not-in-output",
          description: "\(name) carries no element_id or reply: valid params are checked but not output",
          tags: ["valid"], input: withParams.input, context: event.context, expect: expected.accept)
      }
    }
    var completed = base("analytics")
    completed.name = "screen_completed"
    let paramVariants: [(String, String, Params?, [String])] = [
      ("no-params", "screen_completed without params has neither element_id nor reply", nil, []),
      ("empty-params", "screen_completed with empty params", Params(), []),
      ("element_id-only", "screen_completed with element_id only", Params(elementID: "profile_form"), []),
      ("reply-only", "screen_completed with reply only", Params(reply: "success"), []),
      ("elementId-camelCase", "elementId is element_id", Params(elementID: "profile_form"), ["element_id"]),
      ("empty-strings", "empty element_id and reply are kept (no value rule)", Params(elementID: "", reply: ""), []),
      ("unicode-reply", "a non-ASCII reply is kept byte for byte", Params(elementID: "q1", reply: "はい、e\u{301}"), []),
    ]
    for (id, description, params, camel) in paramVariants {
      var variant = completed
      variant.params = params
      variant.camelCase = camel
      file.add(
        id: "event.screen_completed.\(id)", description: description,
        tags: id == "unicode-reply" ? ["valid", "unicode"] : ["valid"], input: variant.input,
        context: variant.context, expect: variant.accept)
    }
    // Decision: names are matched in snake_case only, byte for byte. The guide's camelCase words
    // (onboardingStarted, ...) are the Swift enum cases, not wire names; they are unknown events.
    for name in knownEventNames {
      let camel = camelCase(name)
      event.name = .string(camel)
      event.params = nil
      file.add(
        id: "unknown.camelCase-\(camel)",
        description: "\(camel) (the Swift case name) is not the wire name \(name): unknown, name kept",
        tags: ["valid", "cross-sdk"], input: event.input, context: event.context, expect: event.accept)
    }
    let unknownNames: [(String, String, String, [String])] = [
      ("custom", "custom_tracking_event", "a name the SDK does not know", ["valid"]),
      ("literal-unknown", "unknown", "the name \"unknown\" itself is an unknown event named unknown", ["valid"]),
      ("uppercase", "ONBOARDING_STARTED", "names are case-sensitive: ONBOARDING_STARTED", ["valid"]),
      ("title-case", "Onboarding_Started", "names are case-sensitive: Onboarding_Started", ["valid"]),
      ("kebab-case", "onboarding-started", "a dash is not an underscore", ["valid"]),
      ("trailing-space", "onboarding_started ", "names are never trimmed: a trailing space", ["valid", "boundary"]),
      ("leading-space", " screen_presented", "names are never trimmed: a leading space", ["valid", "boundary"]),
      ("trailing-newline", "screen_completed\n", "a trailing newline is part of the name", ["valid", "boundary"]),
      ("fullwidth", "ｏｎｂｏａｒｄｉｎｇ_started", "full-width letters are other characters", ["valid", "unicode"]),
      ("combining-mark", "screen_presente\u{301}d", "a combining mark makes another name", ["valid", "unicode"]),
      ("paywall-shown", "paywall_shown", "an event name from another product", ["valid"]),
    ]
    for (id, name, description, tags) in unknownNames {
      event.name = .string(name)
      file.add(
        id: "unknown.\(id)", description: "\(description): unknown event, original name kept", tags: tags,
        input: event.input, context: event.context, expect: event.accept)
    }
    // The Adapty iOS SDK knows two names the guide does not list; the guide's list is the contract.
    for name in vendorOnlyEventNames {
      event.name = .string(name)
      file.add(
        id: "unknown.vendor-sdk-\(name)",
        description: "\(name) is not in the guide's list of analytics events: unknown, name kept",
        tags: ["valid"], input: event.input, context: event.context, expect: event.accept)
    }
    event.name = "custom_tracking_event"
    var unknownWithParams = event
    unknownWithParams.params = Params(elementID: "profile_form", reply: "success")
    file.add(
      id: "unknown.with-params", description: "an unknown event keeps name and meta only: params are not output",
      tags: ["valid"], input: unknownWithParams.input, context: event.context, expect: event.accept)
    return file.file(at: "\(folder)/analytics-events.json")
  }

  /// `screen_completed` → `screenCompleted`.
  static func camelCase(_ snake: String) -> String {
    let words = snake.split(separator: "_")
    return words.enumerated().map { index, word in
      index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
  }

  // MARK: - Order of the checks

  static func checkOrder() -> GeneratedFile {
    var file = builder("first failing check wins: duplicate_field, missing_key, invalid_type, invalid_value, in order")
    func add(_ id: String, _ description: String, _ event: Event, _ input: JSONValue, _ error: String, _ field: String)
    {
      file.add(
        id: "order.\(id)", description: description, tags: ["invalid"], input: input, context: event.context,
        expect: .reject(error, field: field))
    }
    let custom = base("custom_action")
    let analytics = base("analytics")
    let loading = base("finished_loading")
    // duplicate_field first.
    add(
      "duplicate-before-missing", "action_id duplicated and meta missing: duplicate_field action_id", custom,
      custom.input {
        $0["actionId"] = "x"
        $0["meta"] = nil
      }, "duplicate_field", "action_id")
    add(
      "duplicate-before-missing-meta-field",
      "meta has onboarding_id twice and lacks screen_cid: duplicate_field onboarding_id", custom,
      custom.inputChangingMeta {
        $0["onboardingId"] = "x"
        $0["screen_cid"] = nil
      }, "duplicate_field", "onboarding_id")
    add(
      "duplicate-before-type", "actionId twice and meta a string: duplicate_field action_id", custom,
      .object(["action_id": 1, "actionId": "x", "meta": "m"]), "duplicate_field", "action_id")
    add(
      "duplicate-action_id-before-meta-duplicate",
      "action_id and onboarding_id both duplicated: the top level is checked first", custom,
      .object([
        "meta": ["onboarding_id": "a", "onboardingId": "a", "screen_cid": "s", "screen_index": 0, "total_screens": 1],
        "actionId": "x", "action_id": "x",
      ]), "duplicate_field", "action_id")
    add(
      "duplicate-meta-fields-in-contract-order",
      "screen_cid and onboarding_id duplicated, screen_cid written first: onboarding_id is reported (contract order)",
      loading,
      .object([
        "meta": [
          "screenClientId": "s", "screen_cid": "s", "total_screens": 1, "screen_index": 0, "onboardingId": "a",
          "onboarding_id": "a",
        ]
      ]), "duplicate_field", "onboarding_id")
    add(
      "duplicate-screen_index-before-total_screens",
      "total_screens and screen_index both duplicated: screen_index first", loading,
      .object([
        "meta": [
          "onboarding_id": "a", "screen_cid": "s", "screensTotal": 1, "total_screens": 1, "screenIndex": 0,
          "screen_index": 0,
        ]
      ]), "duplicate_field", "screen_index")
    add(
      "duplicate-meta-before-params", "total_screens and element_id both duplicated: meta before params",
      analytics,
      .object([
        "params": ["elementId": "e", "element_id": "e"], "name": "screen_completed",
        "meta": ["onboarding_id": "a", "screen_cid": "s", "screen_index": 0, "total_screens": 1, "screensTotal": 1],
      ]), "duplicate_field", "total_screens")
    add(
      "duplicate-params-before-missing-name", "element_id duplicated and name missing: duplicate_field element_id",
      analytics, .object(["meta": .object(analytics.metaObject), "params": ["element_id": "e", "elementId": "e"]]),
      "duplicate_field", "element_id")
    // missing_key next.
    add(
      "missing-action_id-before-missing-meta", "no action_id and no meta: missing_key action_id", custom,
      .object(["other": 1]), "missing_key", "action_id")
    add(
      "missing-name-before-missing-meta", "no name and no meta: missing_key name", analytics,
      .object(["params": [:]]), "missing_key", "name")
    add(
      "missing-meta-before-type", "action_id a number and meta missing: missing_key meta", custom,
      .object(["action_id": 5]), "missing_key", "meta")
    add(
      "null-name-is-present", "name null is present (invalid_type later) but meta is missing: missing_key meta",
      analytics, .object(["name": .null]), "missing_key", "meta")
    add(
      "missing-meta-field-before-type",
      "action_id a number and total_screens missing: missing_key total_screens", custom,
      custom.input {
        $0["action_id"] = 5
        var meta = custom.metaObject
        meta["total_screens"] = nil
        $0["meta"] = .object(meta)
      }, "missing_key", "total_screens")
    add(
      "missing-meta-fields-in-contract-order",
      "meta has only screen_index: onboarding_id is the first missing field", loading,
      .object(["meta": ["screen_index": 0]]), "missing_key", "onboarding_id")
    add(
      "missing-screen_index-before-total_screens", "meta lacks screen_index and total_screens: screen_index first",
      loading, .object(["meta": ["onboarding_id": "a", "screen_cid": "s"]]), "missing_key", "screen_index")
    add(
      "missing-before-type-of-meta-field",
      "onboarding_id a number and screen_cid missing: missing_key screen_cid", loading,
      loading.inputChangingMeta {
        $0["onboarding_id"] = 1
        $0["screen_cid"] = nil
      }, "missing_key", "screen_cid")
    // invalid_type in order.
    add(
      "type-action_id-before-meta", "action_id a number and meta an array: invalid_type action_id", custom,
      .object(["action_id": 5, "meta": []]), "invalid_type", "action_id")
    add(
      "type-name-before-meta", "name a number and meta a string: invalid_type name", analytics,
      .object(["name": 5, "meta": "m"]), "invalid_type", "name")
    add(
      "type-meta-fields-in-contract-order",
      "total_screens written first as a string and onboarding_id a number: invalid_type onboarding_id", loading,
      .object(["meta": ["total_screens": "4", "screen_index": 0, "screen_cid": "s", "onboarding_id": 7]]),
      "invalid_type", "onboarding_id")
    add(
      "type-screen_cid-before-screen_index", "screen_cid null and screen_index \"0\": invalid_type screen_cid",
      loading,
      loading.inputChangingMeta {
        $0["screen_cid"] = .null
        $0["screen_index"] = "0"
      }, "invalid_type", "screen_cid")
    add(
      "type-screen_index-before-total_screens", "screen_index 1.5 and total_screens 4.5: invalid_type screen_index",
      loading,
      loading.inputChangingMeta {
        $0["screen_index"] = number("1.5")
        $0["total_screens"] = number("4.5")
      }, "invalid_type", "screen_index")
    add(
      "type-total_screens-before-params", "total_screens \"4\" and params an array: invalid_type total_screens",
      analytics,
      analytics.input {
        $0["params"] = []
        var meta = analytics.metaObject
        meta["total_screens"] = "4"
        $0["meta"] = .object(meta)
      }, "invalid_type", "total_screens")
    add(
      "type-element_id-before-reply", "element_id and reply both numbers: invalid_type element_id", analytics,
      analytics.input(params: ["reply": 1, "element_id": 2]), "invalid_type", "element_id")
    // invalid_type before invalid_value.
    add(
      "type-before-value", "action_id empty and screen_index \"0\": invalid_type screen_index", custom,
      custom.input {
        $0["action_id"] = ""
        var meta = custom.metaObject
        meta["screen_index"] = "0"
        $0["meta"] = .object(meta)
      }, "invalid_type", "screen_index")
    add(
      "type-params-before-empty-name", "name empty and params an array: invalid_type params", analytics,
      analytics.input {
        $0["name"] = ""
        $0["params"] = []
      }, "invalid_type", "params")
    add(
      "type-reply-before-empty-onboarding_id", "onboarding_id empty and reply 5: invalid_type reply", analytics,
      analytics.input {
        $0["params"] = ["reply": 5]
        var meta = analytics.metaObject
        meta["onboarding_id"] = ""
        $0["meta"] = .object(meta)
      }, "invalid_type", "reply")
    add(
      "type-non-integral-before-negative", "screen_index -1 and total_screens 0.5: invalid_type total_screens",
      loading,
      loading.inputChangingMeta {
        $0["screen_index"] = -1
        $0["total_screens"] = number("0.5")
      }, "invalid_type", "total_screens")
    // invalid_value in order.
    add(
      "value-action_id-before-onboarding_id", "action_id and onboarding_id empty: invalid_value action_id", custom,
      custom.input {
        $0["action_id"] = ""
        var meta = custom.metaObject
        meta["onboarding_id"] = ""
        $0["meta"] = .object(meta)
      }, "invalid_value", "action_id")
    add(
      "value-name-before-onboarding_id", "name and onboarding_id empty: invalid_value name", analytics,
      analytics.input {
        $0["name"] = ""
        var meta = analytics.metaObject
        meta["onboarding_id"] = ""
        $0["meta"] = .object(meta)
      }, "invalid_value", "name")
    add(
      "value-onboarding_id-before-screen_cid", "onboarding_id and screen_cid empty: invalid_value onboarding_id",
      loading,
      loading.inputChangingMeta {
        $0["onboarding_id"] = ""
        $0["screen_cid"] = ""
      }, "invalid_value", "onboarding_id")
    add(
      "value-screen_cid-before-screen_index", "screen_cid empty and screen_index -1: invalid_value screen_cid",
      loading,
      loading.inputChangingMeta {
        $0["screen_cid"] = ""
        $0["screen_index"] = -1
      }, "invalid_value", "screen_cid")
    add(
      "value-negative-index-before-total", "screen_index -1 and total_screens 0: invalid_value screen_index",
      loading,
      loading.inputChangingMeta {
        $0["screen_index"] = -1
        $0["total_screens"] = 0
      }, "invalid_value", "screen_index")
    add(
      "value-total-before-index-past-total", "screen_index 5 and total_screens 0: invalid_value total_screens",
      loading,
      loading.inputChangingMeta {
        $0["screen_index"] = 5
        $0["total_screens"] = 0
      }, "invalid_value", "total_screens")
    return file.file(at: "\(folder)/check-order.json")
  }
}
