import ConformanceJSON

/// `leeep.push.payload`: the LEEEP data map of schema 2 against `expected_scope`. Targets: the
/// check order over several broken keys (non-string values, unknown keys and missing keys, each
/// "first" in key order), `schema_version` spellings (`"2.0"`, `" 2"`, `2`), `target_type` case,
/// blog_slug on each side of the blog/coordinate rule, numeric and opaque IDs at their edges,
/// `blog_slug` around 255 scalars counted in bytes, UTF-16 units or graphemes by mistake, and
/// white-space-only or padded slugs (never trimmed); the scope compared as text, never as
/// numbers (19-digit IDs one apart, past 2^53); a whole `userInfo` passed by mistake.
struct LeeepPushPayloadExplorer: SuiteExplorer {
  let suite = "leeep.push.payload"
  static let keys = [
    "schema_version", "website_id", "app_id", "notification_id", "delivery_id", "target_type", "source_content_id",
    "ugc_id", "blog_slug",
  ]
  static let mutator = Mutator(
    Vocabulary(
      keys: keys + ["aps", "gcm.message_id", "google.c.a.e", "schemaVersion", "websiteId"],
      strings: ["2", "1", "coordinate", "blog", "1024", "88", "0", "01", "9999999999999999999", "a", " "],
      limits: [TextLimit(255, .scalars), TextLimit(128, .asciiCharacters), TextLimit(19, .asciiCharacters)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let context = Self.context(samples, &random)
    let base: JSONValue
    if random.chance(3, in: 5) {
      base = Self.valid(scope: context["expected_scope"]?.objectValue ?? JSONObject(), &random)
    } else {
      base =
        ExploreMix.sample(samples, &random)?.input
        ?? Self.valid(scope: context["expected_scope"]?.objectValue ?? JSONObject(), &random)
    }
    let input = ExploreMix.mutated(base, count: ExploreMix.mutationCount(&random), mutator: Self.mutator, &random) {
      value, random in Self.mutation(value, &random)
    }
    return ExploreCase(suite: suite, input: input, context: context)
  }

  static func scopeIsUsable(_ context: JSONObject) -> Bool {
    guard case .object(let scope)? = context["expected_scope"] else { return false }
    return scope["website_id"]?.stringValue != nil && scope["app_id"]?.stringValue != nil
  }

  /// A sample's scope, or one of numeric IDs at their edges (19 digits, past 2^53).
  static func context(_ samples: [ExploreCase], _ random: inout ExploreRandom) -> JSONObject {
    if random.chance(2, in: 3), let sample = ExploreMix.sample(samples, &random, usable: scopeIsUsable) {
      return sample.context
    }
    let website = random.pick([
      "1024", "9007199254740993", "9999999999999999999", "1", IDPattern.numeric.valid(&random),
    ])
    let app = random.pick(["88", "9223372036854775808", "2", IDPattern.numeric.valid(&random)])
    return ["expected_scope": ["website_id": .string(website), "app_id": .string(app)]]
  }

  /// A valid data map for `scope` (coordinate or blog).
  static func valid(scope: JSONObject, _ random: inout ExploreRandom) -> JSONValue {
    var object: JSONObject = [
      "schema_version": "2", "website_id": scope["website_id"] ?? "1024", "app_id": scope["app_id"] ?? "88",
      "notification_id": .string(IDPattern.opaque.valid(&random)),
      "delivery_id": .string(IDPattern.opaque.valid(&random)),
      "target_type": "coordinate", "source_content_id": .string(IDPattern.numeric.valid(&random)),
      "ugc_id": .string(IDPattern.numeric.valid(&random)),
    ]
    if random.chance(1, in: 2) {
      object["target_type"] = "blog"
      object["blog_slug"] = .string(slug(&random))
    }
    return .object(object)
  }

  /// A blog slug: 1–255 scalars, anything allowed; often at the limit in some unit.
  static func slug(_ random: inout ExploreRandom) -> String {
    switch random.below(4) {
    case 0:
      return random.pick([
        "spring-coat", "a", "\u{6625}\u{306E}\u{30B3}\u{30FC}\u{30C8}", "caf\u{E9}", "cafe\u{301}", "a b", " ",
        "\u{3000}", "a/b?c#d", "%E3%81%82", "\u{1F600}",
      ])
    case 1: return TextLengths.string(count: random.pick([254, 255]), unit: .scalars, random: &random)
    default: return TextLengths.string(count: 1 + random.below(40), unit: .scalars, random: &random)
    }
  }

  /// One change the data map's rules tell apart.
  static func mutation(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    guard case .object(var object) = value else { return mutator.mutate(value, &random) }
    switch random.below(12) {
    case 0:
      object["schema_version"] = random.pick(["1", "2.0", " 2", "2 ", "02", "\u{FF12}", "3", "", 2, .null, "2\n"])
    case 1:
      object["target_type"] = random.pick(["Blog", "BLOG", "Coordinate", "blog ", "coordinate\n", "coord", "ugc", ""])
    case 2:
      let isBlog = object["target_type"]?.stringValue == "blog"
      if isBlog {
        object["blog_slug"] = random.chance(1, in: 2) ? nil : .string(slug(&random))
      } else {
        object["blog_slug"] = .string(slug(&random))
      }
    case 3:
      let key = random.pick(["website_id", "app_id", "source_content_id", "ugc_id"])
      object[key] = .string(
        random.chance(1, in: 3) ? IDPattern.numeric.valid(&random) : IDPattern.numeric.nearMiss(&random))
    case 4:
      let key = random.pick(["notification_id", "delivery_id"])
      object[key] = .string(
        random.chance(1, in: 3) ? IDPattern.opaque.valid(&random) : IDPattern.opaque.nearMiss(&random))
    case 5:
      object["target_type"] = "blog"
      let count = TextLengths.lengths(around: 255, random: &random)
      object["blog_slug"] = .string(
        TextLengths.string(
          count: count, unit: random.pick([.scalars, .utf16Units, .utf8Bytes, .graphemes]), random: &random))
    case 6:
      object["target_type"] = "blog"
      object["blog_slug"] = .string(
        random.pick([" ", "\u{A0}", "\u{3000}", " slug ", "slug\n", "\u{FEFF}slug", "", "\u{0}", "\u{200B}"]))
    case 7:
      // The scope's ID changed in a way only text comparison sees.
      let key = random.pick(["website_id", "app_id"])
      if let id = object[key]?.stringValue {
        object[key] = .string(
          random.pick([neighbour(of: id), "0" + id, id + "\n", " " + id, id + "0", String(id.dropLast())]))
      }
    case 8:
      // Several keys broken at once: the check order and "first such key" decide.
      for _ in 0..<2 + random.below(2) {
        let key = random.pick(keys + ["aps", "zzz", "a", "Schema_version"])
        object[key] = random.chance(1, in: 2) ? ExploreMix.nonString(&random) : nil
      }
    case 9:
      // A whole iOS userInfo, or the data map wrapped in one.
      if random.chance(1, in: 2) {
        object["aps"] = ["alert": "hi"]
        object["gcm.message_id"] = "0:1"
      } else {
        return ["aps": ["alert": "hi"], "data": .object(object)]
      }
    case 10:
      let key = random.pick(keys)
      if let present = object[key] { object[key] = mutator.retype(present, &random) }
    default:
      return mutator.mutate(.object(object), &random)
    }
    return .object(object)
  }

  /// A numeric ID one apart in its last digit (equal as `Double` past 2^53, never as text).
  static func neighbour(of id: String) -> String {
    guard let last = id.last, let digit = last.wholeNumberValue else { return id + "1" }
    return String(id.dropLast()) + String(digit == 9 ? 8 : digit + 1)
  }
}
