import ConformanceJSON

/// `leeep.user-id`: `not_a_string`, `empty`, `too_long` (over 255 UTF-8 bytes),
/// `whitespace_only` (every scalar White_Space; U+200B and U+FEFF are not). Targets: lengths
/// around 255 counted in bytes while scalars, UTF-16 units and graphemes say otherwise;
/// white-space-only strings of every White_Space class and of look-alikes that are not
/// White_Space; surrounding white space (never trimmed), NFC and NFD (output byte for byte).
struct LeeepUserIdExplorer: SuiteExplorer {
  let suite = "leeep.user-id"
  static let limits = [TextLimit(255, .utf8Bytes)]
  static let mutator = Mutator(Vocabulary(keys: ["user_id"], strings: ["member-1", "\u{E9}"], limits: limits))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    ExploreCase(suite: suite, input: Self.userID(&random, samples: samples), context: JSONObject())
  }

  /// A user ID near one of the rules' edges (also used by `leeep.push.client`'s `identify`).
  static func userID(_ random: inout ExploreRandom, samples: [ExploreCase] = []) -> JSONValue {
    switch random.below(12) {
    case 0...2:
      let count = TextLengths.lengths(around: 255, random: &random)
      return .string(TextLengths.string(count: count, unit: .utf8Bytes, random: &random))
    case 3:
      // 255 bytes reached with a multi-byte character straddling the limit.
      let prefix = String(repeating: "a", count: 252 + random.below(3))
      return .string(prefix + random.pick(["\u{E9}", "\u{3042}", "\u{1F600}", "e\u{301}"]))
    case 4, 5:
      let pool = random.pick([
        UnicodeClasses.asciiWhiteSpace, UnicodeClasses.otherWhiteSpace, UnicodeClasses.whiteSpace,
        UnicodeClasses.whiteSpaceLookalikes,
      ])
      let count = random.pick([1, 2, 3, 128, 256])
      return .string((0..<count).map { _ in random.pick(pool) }.joined())
    case 6:
      // White space with one non-space scalar among it.
      let space = random.pick(UnicodeClasses.whiteSpace)
      return .string(space + random.pick(UnicodeClasses.whiteSpaceLookalikes + ["a", "\u{301}", "\u{0}"]) + space)
    case 7: return ExploreMix.nonString(&random)
    case 8:
      return .string(random.pick(["caf\u{E9}", "cafe\u{301}", "\u{212A}", "K", "\u{130}", "a\u{0}b", "a\n", " a "]))
    default:
      let base = ExploreMix.sample(samples, &random)?.input ?? .string("member-1")
      return ExploreMix.mutated(base, count: max(1, ExploreMix.mutationCount(&random)), mutator: mutator, &random) {
        value, random in mutator.mutate(value, &random)
      }
    }
  }
}
