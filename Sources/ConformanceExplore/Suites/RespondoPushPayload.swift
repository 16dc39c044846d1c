import ConformanceJSON

/// `respondo.push.payload`: a userInfo or data map whose `respondo` value is an object (iOS) or
/// a string holding a JSON object (iOS and Android). Targets: the encoding per platform; strict
/// JSON inside the string (duplicate keys, a lone surrogate escape, `NaN`, trailing commas,
/// single quotes, comments, trailing text, a byte order mark, white space that JSON does not
/// allow around the object such as U+00A0, escapes such as `\u002D` that must decode); flat
/// string values; `type` spellings; message keys in order, unknown keys, canonical UUIDs
/// (upper case, one digit off), the deep link built from the conversation id exactly; campaign
/// `delivery_id` and an empty `deep_link`, extra keys kept.
struct RespondoPushPayloadExplorer: SuiteExplorer {
  let suite = "respondo.push.payload"
  static let platforms = ["ios", "android"]
  static let messageKeys = ["type", "conversation_id", "message_id", "deep_link"]
  static let mutator = Mutator(
    Vocabulary(
      keys: messageKeys + ["delivery_id", "title", "data", "aps", "respondo"],
      strings: ["message", "campaign", "Message", "respondo://conversation/", "d-1", ""],
      limits: [TextLimit(36, .asciiCharacters)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let platform = random.pick(Self.platforms)
    let input: JSONValue
    if random.chance(1, in: 5), let sample = ExploreMix.sample(samples, &random, usable: Self.contextIsUsable) {
      let mutated = Self.mutator.mutate(sample.input, &random)
      return ExploreCase(suite: suite, input: mutated, context: sample.context)
    }
    var respondo = Self.respondoObject(&random)
    for _ in 0..<ExploreMix.mutationCount(&random) { respondo = Self.mutation(respondo, &random) }
    input = Self.payload(respondo, platform: platform, &random)
    return ExploreCase(suite: suite, input: input, context: ["platform": .string(platform)])
  }

  static func contextIsUsable(_ context: JSONObject) -> Bool {
    guard let platform = context["platform"]?.stringValue else { return false }
    return platforms.contains(platform)
  }

  /// A valid message or campaign object (ids from `ids` when given, for traces that need repeats).
  static func respondoObject(_ random: inout ExploreRandom, ids: [String]? = nil) -> JSONObject {
    func id() -> String { ids.map { random.pick($0) } ?? IDPattern.uuid.valid(&random) }
    if random.chance(1, in: 2) {
      let conversation = id()
      return [
        "type": "message", "conversation_id": .string(conversation), "message_id": .string(id()),
        "deep_link": .string("respondo://conversation/" + conversation),
      ]
    }
    var campaign: JSONObject = [
      "type": "campaign", "delivery_id": .string(ids == nil ? IDPattern.opaque.valid(&random) : "d-\(random.below(3))"),
    ]
    if random.chance(1, in: 2) {
      campaign["deep_link"] = .string(
        random.pick(["https://shop.example/sale", "app://x", "respondo://conversation/x"]))
    }
    if random.chance(1, in: 3) { campaign["title"] = "Sale" }
    return campaign
  }

  /// The map a platform delivers: the object itself (iOS, sometimes) or its JSON text, beside
  /// the platform's own keys; the text changed at the character level now and then.
  static func payload(_ respondo: JSONObject, platform: String, _ random: inout ExploreRandom) -> JSONValue {
    var text = JSONSerializer.compact.string(from: .object(respondo))
    let value: JSONValue
    if platform == "ios" && random.chance(1, in: 2) {
      value = .object(respondo)
    } else {
      if random.chance(1, in: 3) { text = textMutation(text, &random) }
      value = .string(text)
    }
    var outer: JSONObject = ["respondo": value]
    if random.chance(1, in: 3) {
      outer[platform == "ios" ? "aps" : "google.message_id"] = platform == "ios" ? ["alert": "hi"] : "0:1"
    }
    return .object(outer)
  }

  /// The JSON text with one change a strict parser tells apart from a lenient one.
  static func textMutation(_ text: String, _ random: inout ExploreRandom) -> String {
    switch random.below(12) {
    case 0: return random.pick([" ", "\n", "\t", "\r\n"]) + text + random.pick([" ", "\n", ""])
    case 1: return random.pick(["\u{A0}", "\u{FEFF}", "\u{2028}", "\u{3000}", "\u{0B}", "\u{0C}"]) + text
    case 2: return String(text.dropLast()) + ",\"type\":\"message\"}"
    case 3: return String(text.dropLast()) + ",\"x\":\"\\ud800\"}"
    case 4: return String(text.dropLast()) + ",\"x\":NaN}"
    case 5: return String(text.dropLast()) + ",}"
    case 6: return text.replacingOccurrences(first: "\"", with: "'")
    case 7: return text + random.pick(["x", " //c", "{}", "\u{0}"])
    case 8: return text.replacing("-", with: "\\u002d")
    case 9: return text.replacing("-", with: "\\u002D")
    case 10: return String(text.dropLast()) + ",\"x\":\"\\uD83D\\uDE00\"}"
    default: return "[" + text + "]"
    }
  }

  /// One change to the respondo object the rules tell apart.
  static func mutation(_ object: JSONObject, _ random: inout ExploreRandom) -> JSONObject {
    var object = object
    let conversation = object["conversation_id"]?.stringValue ?? IDPattern.uuid.valid(&random)
    switch random.below(10) {
    case 0:
      object["type"] = random.pick(["Message", "MESSAGE", "campaign", "message ", "messages", "", 1, .null, "message"])
    case 1:
      let key = random.pick(["conversation_id", "message_id"])
      object[key] = .string(IDPattern.uuid.nearMiss(&random))
    case 2:
      object["deep_link"] = .string(
        random.pick([
          "respondo://conversation/" + conversation.uppercased(), "respondo://conversation/" + conversation + "/",
          "Respondo://conversation/" + conversation, "respondo://conversation/" + conversation + "\n",
          "respondo://conversation/" + IDPattern.uuid.valid(&random), "", "respondo://conversation/",
        ]))
    case 3:
      object[random.pick(["title", "data", "x", "Type", "aps", "conversationId"])] = random.pick([
        "t", 1, ["a": "b"], .null,
      ])
    case 4: object[random.pick(messageKeys + ["delivery_id"])] = nil
    case 5:
      object[random.pick(messageKeys + ["delivery_id"])] = random.pick([
        1, true, .null, ["a"], .object(JSONObject()), .number(JSONNumber(uncheckedLiteral: "1.0")),
      ])
    case 6: object["delivery_id"] = random.pick(["", " ", "d", .null])
    case 7: object["deep_link"] = random.pick(["", " ", "https://x"])
    case 8:
      // Two keys broken at once: "first such key" decides.
      object[random.pick(["zz", "a", "extra"])] = random.pick(["x", 1])
      object[random.pick(["b", "title"])] = random.pick(["y", 2, .null])
    default:
      if let value = mutator.mutateObject(object, &random).objectValue { object = value }
    }
    return object
  }
}
