import ConformanceJSON

/// `leeep.fid`: a Firebase Installation ID, `^[cdef][A-Za-z0-9_-]{21}$` (22 ASCII characters).
/// Targets: the first character's class (`a`, `b`, `g`, upper case), 21 and 23 characters, the
/// base64 characters that are not in the alphabet (`+`, `/`, `=`, `.`), letters and digits that
/// are not ASCII, a trailing newline, an FCM registration token (`FID:APA91b...`), non-strings.
struct LeeepFidExplorer: SuiteExplorer {
  let suite = "leeep.fid"
  static let mutator = Mutator(
    Vocabulary(keys: ["fid"], strings: ["c", "dAAAAAAAAAAAAAAAAAAAAA"], limits: [TextLimit(22, .asciiCharacters)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let input: JSONValue
    switch random.below(10) {
    case 0...3: input = .string(IDPattern.fid.nearMiss(&random))
    case 4: input = .string(IDPattern.fid.valid(&random))
    case 5:
      input = .string(IDPattern.fid.valid(&random) + ":APA91b" + String(repeating: "x", count: random.below(140)))
    case 6: input = ExploreMix.nonString(&random)
    default:
      let base = ExploreMix.sample(samples, &random)?.input ?? .string(IDPattern.fid.valid(&random))
      input = ExploreMix.mutated(base, count: max(1, ExploreMix.mutationCount(&random)), mutator: Self.mutator, &random)
      {
        value, random in
        guard case .string(let text) = value else { return .string(IDPattern.fid.valid(&random)) }
        return .string(StringMutations.mutate(text, limits: [TextLimit(22, .asciiCharacters)], strings: [], &random))
      }
    }
    return ExploreCase(suite: suite, input: input, context: JSONObject())
  }
}
