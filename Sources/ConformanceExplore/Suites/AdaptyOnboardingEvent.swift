import ConformanceJSON

/// `adapty.onboarding.event`: a delegate event per channel, fields in snake_case or camelCase.
/// Targets: each field in either spelling, both spellings at once (`duplicate_field`, also inside
/// `meta` and `params`), the check order over several broken fields, integral numbers in every
/// spelling (`1.0`, `1e0`, `10e-1` are integers; `1.5`, `"1"`, `true` are not), `-0`,
/// `screen_index` at `-1`, `0`, `total_screens - 1`, `total_screens`, values past 2^53 and
/// Int64 (compared exactly), empty strings, analytics names (the six, their case variants, the
/// vendor's two others), `params` only on analytics and `element_id`/`reply` only for
/// `screen_completed`.
struct AdaptyOnboardingEventExplorer: SuiteExplorer {
  let suite = "adapty.onboarding.event"
  static let channels = ["custom_action", "close_action", "paywall_action", "finished_loading", "analytics"]
  static let spellings: [(snake: String, camel: String)] = [
    ("action_id", "actionId"), ("onboarding_id", "onboardingId"), ("screen_cid", "screenClientId"),
    ("screen_index", "screenIndex"), ("total_screens", "screensTotal"), ("element_id", "elementId"),
  ]
  static let names = [
    "onboarding_started", "screen_presented", "screen_completed", "second_screen_presented", "user_email_collected",
    "onboarding_completed", "registration_screen_presented", "products_screen_presented", "Screen_Completed",
    "screenCompleted", "custom", "",
  ]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["action_id", "actionId", "meta", "name", "params", "reply", "element_id", "elementId"],
      strings: names + ["a", ""], numbers: ["0", "1", "2", "-1", "9223372036854775807", "9223372036854775808"]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let channel: String
    var input: JSONValue
    if random.chance(1, in: 5), let sample = ExploreMix.sample(samples, &random, usable: Self.contextIsUsable) {
      channel = sample.context["channel"]?.stringValue ?? "analytics"
      input = sample.input
    } else {
      channel = random.pick(Self.channels)
      input = Self.valid(channel: channel, &random)
    }
    input = ExploreMix.mutated(input, count: ExploreMix.mutationCount(&random), mutator: Self.mutator, &random) {
      value, random in Self.mutation(value, &random)
    }
    return ExploreCase(suite: suite, input: input, context: ["channel": .string(channel)])
  }

  static func contextIsUsable(_ context: JSONObject) -> Bool {
    channels.contains(context["channel"]?.stringValue ?? "")
  }

  static func key(_ snake: String, _ random: inout ExploreRandom) -> String {
    guard random.chance(1, in: 3), let pair = spellings.first(where: { $0.snake == snake }) else { return snake }
    return pair.camel
  }

  static func valid(channel: String, _ random: inout ExploreRandom) -> JSONValue {
    let total = random.pick([1, 2, 5, 1000])
    let index = random.pick([0, total - 1, random.below(total)])
    var meta = JSONObject()
    meta[key("onboarding_id", &random)] = .string(random.pick(["onb-1", "a", "\u{3042}"]))
    meta[key("screen_cid", &random)] = .string(random.pick(["welcome", "s1", " "]))
    meta[key("screen_index", &random)] = .number(JSONNumber(index))
    meta[key("total_screens", &random)] = .number(JSONNumber(total))
    var event: JSONObject = ["meta": .object(meta)]
    if channel == "analytics" {
      event["name"] = .string(random.pick(Array(names.prefix(8))))
      if random.chance(1, in: 2) {
        var params = JSONObject()
        if random.chance(2, in: 3) { params[key("element_id", &random)] = "email" }
        if random.chance(2, in: 3) { params["reply"] = "yes" }
        event["params"] = .object(params)
      }
    } else if channel != "finished_loading" {
      event[key("action_id", &random)] = .string(random.pick(["buy", "a", "close"]))
    }
    return .object(event)
  }

  /// One change the event's rules tell apart.
  static func mutation(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    guard case .object(var event) = value else { return mutator.mutate(value, &random) }
    var meta = event["meta"]?.objectValue
    switch random.below(9) {
    case 0, 1:
      // A number field in another spelling or at a bound.
      guard var object = meta else { break }
      let field = random.pick(["screen_index", "total_screens"])
      let keyName = object.contains(field) ? field : (spellings.first { $0.snake == field }?.camel ?? field)
      let total = (object["total_screens"] ?? object["screensTotal"])?.numberValue?.intValue ?? 1
      let literal = random.pick([
        "0", "-0", "-1", "1", "1.0", "1e0", "10e-1", "1.5", "0.5", "\(total)", "\(total - 1)", "\(total).0",
        "\(total)e0",
        "9223372036854775808", "9007199254740993", "1e400", "-0.0", "2.0000000000000000001",
      ])
      object[keyName] = random.chance(1, in: 8) ? random.pick(["1", true, .null]) : NumberForms.number(literal)
      meta = object
    case 2:
      // Both spellings of a field.
      let pair = random.pick(spellings)
      if pair.snake == "action_id" {
        event[pair.snake] = "a"
        event[pair.camel] = random.pick(["a", "b"])
      } else if pair.snake == "element_id" {
        event["params"] = ["element_id": "e", "elementId": "e"]
      } else if var object = meta {
        object[pair.snake] = object[pair.snake] ?? object[pair.camel] ?? "x"
        object[pair.camel] = object[pair.snake]
        meta = object
      }
    case 3:
      // A field spelled the other way (only one spelling present).
      guard var object = meta, let member = object.members.randomMember(&random) else { break }
      object[member.key] = nil
      let renamed =
        spellings.first { $0.snake == member.key }?.camel ?? spellings.first { $0.camel == member.key }?.snake
        ?? member.key
      object[renamed] = member.value
      meta = object
    case 4:
      event["name"] = .string(random.pick(names))
    case 5:
      event["params"] = random.pick([
        .null, ["element_id": ""], ["reply": 1], ["elementId": "e"], .array([]), "x",
        ["element_id": "e", "reply": "r"],
      ])
    case 6:
      guard var object = meta, let member = object.members.randomMember(&random) else { break }
      object[member.key] = random.pick(["", " ", 1, .null, "x"])
      meta = object
    case 7:
      let field = random.pick(["action_id", "actionId", "name", "meta"])
      event[field] = random.chance(1, in: 2) ? nil : random.pick(["", 1, .null, .object(JSONObject()), "a"])
    default:
      return mutator.mutate(.object(event), &random)
    }
    if let meta { event["meta"] = .object(meta) }
    return .object(event)
  }
}

extension Array {
  package func randomMember(_ random: inout ExploreRandom) -> Element? {
    isEmpty ? nil : self[random.below(count)]
  }
}
