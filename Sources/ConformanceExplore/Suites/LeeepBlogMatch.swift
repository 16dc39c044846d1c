import ConformanceJSON

/// `leeep.blog-match`: `{"data", "website_id", "slug", "ugc_id", "is_public"}`; the data map read
/// as `leeep.push.payload`. Targets: a missing or mistyped argument (`"true"` or `1` for
/// `is_public`), the data map's own errors passed through, arguments that differ from the data
/// map in ways only byte comparison sees (NFC and NFD slugs, case, white space, a leading zero,
/// one digit apart past 2^53), a coordinate target, `is_public` false.
struct LeeepBlogMatchExplorer: SuiteExplorer {
  let suite = "leeep.blog-match"
  static let arguments = ["data", "website_id", "slug", "ugc_id", "is_public"]
  static let mutator = Mutator(
    Vocabulary(
      keys: arguments, strings: ["1024", "88", "spring-coat", "blog", "true"], limits: [TextLimit(255, .scalars)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let context = LeeepPushPayloadExplorer.context(samples, &random)
    let scope = context["expected_scope"]?.objectValue ?? JSONObject()
    var data = LeeepPushPayloadExplorer.valid(scope: scope, &random)
    if random.chance(1, in: 4) { data = LeeepPushPayloadExplorer.mutation(data, &random) }
    let object = data.objectValue ?? JSONObject()
    var input: JSONValue = [
      "data": data, "website_id": object["website_id"] ?? "1024",
      "slug": object["blog_slug"] ?? .string(LeeepPushPayloadExplorer.slug(&random)),
      "ugc_id": object["ugc_id"] ?? "1", "is_public": .bool(random.chance(4, in: 5)),
    ]
    if random.chance(1, in: 5),
      let sample = ExploreMix.sample(samples, &random, usable: LeeepPushPayloadExplorer.scopeIsUsable)
    {
      input = sample.input
      return ExploreCase(
        suite: suite,
        input: ExploreMix.mutated(input, count: ExploreMix.mutationCount(&random), mutator: Self.mutator, &random) {
          value, random in Self.mutation(value, &random)
        }, context: sample.context)
    }
    input = ExploreMix.mutated(input, count: ExploreMix.mutationCount(&random), mutator: Self.mutator, &random) {
      value, random in Self.mutation(value, &random)
    }
    return ExploreCase(suite: suite, input: input, context: context)
  }

  static func mutation(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    guard case .object(var object) = value else { return mutator.mutate(value, &random) }
    switch random.below(7) {
    case 0:
      let key = random.pick(arguments)
      object[key] = random.chance(1, in: 2) ? nil : mutator.retype(object[key] ?? .null, &random)
    case 1: object["is_public"] = random.pick([false, "true", 1, .null, true])
    case 2:
      if let slug = object["slug"]?.stringValue {
        object["slug"] = .string(
          random.pick([
            slug.uppercased(), slug + " ", " " + slug, slug + "\n", nfdOrNFC(slug), String(slug.dropLast()),
            slug + "\u{301}",
          ]))
      }
    case 3:
      let key = random.pick(["website_id", "ugc_id"])
      if let id = object[key]?.stringValue {
        object[key] = .string(
          random.pick([LeeepPushPayloadExplorer.neighbour(of: id), "0" + id, id + " ", "\u{FF11}" + id.dropFirst()]))
      }
    case 4:
      if let data = object["data"] { object["data"] = LeeepPushPayloadExplorer.mutation(data, &random) }
    case 5:
      if case .object(var data)? = object["data"] {
        data["target_type"] = "coordinate"
        data["blog_slug"] = nil
        object["data"] = .object(data)
      }
    default: return mutator.mutate(.object(object), &random)
    }
    return .object(object)
  }

  /// The slug with a precomposed `é` decomposed, or a decomposed one composed.
  static func nfdOrNFC(_ text: String) -> String {
    if text.unicodeScalars.contains("\u{E9}") {
      return String(text.unicodeScalars.flatMap { $0 == "\u{E9}" ? ["e", "\u{301}"] : [$0] }.map(Character.init))
    }
    return text + "e\u{301}"
  }
}
