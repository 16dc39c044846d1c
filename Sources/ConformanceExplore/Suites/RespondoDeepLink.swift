import ConformanceJSON

/// `respondo.deep-link`: `respondo://conversation/<canonical UUID>`, nothing after the id.
/// Targets: the prefix in another case or with another separator, anything after the id (`/`,
/// `?`, `#`, white space, a newline), the UUID's edges (upper case hex, one digit more or less,
/// braces, no hyphens, digits of other scripts), percent-encoding, non-strings.
struct RespondoDeepLinkExplorer: SuiteExplorer {
  let suite = "respondo.deep-link"
  static let prefix = "respondo://conversation/"
  static let mutator = Mutator(
    Vocabulary(keys: ["conversation_id"], strings: [prefix], limits: [TextLimit(36, .asciiCharacters)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let uuid = IDPattern.uuid.valid(&random)
    let input: JSONValue
    switch random.below(12) {
    case 0, 1: input = .string(Self.prefix + uuid)
    case 2, 3: input = .string(Self.prefix + IDPattern.uuid.nearMiss(&random))
    case 4, 5:
      input = .string(
        Self.prefix + uuid
          + random.pick(["/", "?", "#", "?a=1", "#x", "/x", " ", "\n", "%2F", "/messages/1", "\u{A0}", "&", ";"]))
    case 6:
      input = .string(
        random.pick([
          "Respondo://conversation/", "RESPONDO://conversation/", "respondo://Conversation/", "respondo:/conversation/",
          "respondo://conversation//", "respondo://conversations/", "respondo:///conversation/",
          " respondo://conversation/",
          "https://respondo/conversation/", "respondo://conversation", "respondo://%63onversation/",
        ]) + uuid)
    case 7: input = ExploreMix.nonString(&random)
    case 8:
      input = .string(
        Self.prefix + percentEncoded(uuid, lowercase: random.chance(1, in: 2), all: random.chance(1, in: 2)))
    default:
      let base = ExploreMix.sample(samples, &random)?.input ?? .string(Self.prefix + uuid)
      input = ExploreMix.mutated(base, count: max(1, ExploreMix.mutationCount(&random)), mutator: Self.mutator, &random)
      {
        value, random in Self.mutator.mutate(value, &random)
      }
    }
    return ExploreCase(suite: suite, input: input, context: JSONObject())
  }
}
