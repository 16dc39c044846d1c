import ConformanceJSON

/// Plumbing the suite explorers share: picking a sample whose context the suite can use, and the
/// mix of cases (mostly one mutation of a valid input, so the deep checks are reached; some with
/// several; a few unchanged).
package enum ExploreMix {
  /// A sample of the suite whose context `usable` accepts (a few tries), or nil.
  package static func sample(
    _ samples: [ExploreCase], _ random: inout ExploreRandom, usable: (JSONObject) -> Bool = { _ in true }
  ) -> ExploreCase? {
    guard !samples.isEmpty else { return nil }
    for _ in 0..<4 {
      let sample = random.pick(samples)
      if usable(sample.context) { return sample }
    }
    return nil
  }

  /// How many mutations a case gets: none (1 in 10), one (6 in 10), two to four (3 in 10).
  package static func mutationCount(_ random: inout ExploreRandom) -> Int {
    switch random.below(10) {
    case 0: 0
    case 1...6: 1
    default: 2 + random.below(3)
    }
  }

  /// `input` after `count` mutations, each either the suite's own (`suiteMutation`, which knows
  /// the rules' tables) or the generic structure-aware one.
  package static func mutated(
    _ input: JSONValue, count: Int, mutator: Mutator, _ random: inout ExploreRandom,
    suiteMutation: (JSONValue, inout ExploreRandom) -> JSONValue
  ) -> JSONValue {
    var input = input
    for _ in 0..<count {
      input = random.chance(3, in: 5) ? suiteMutation(input, &random) : mutator.mutate(input, &random)
    }
    return input
  }

  /// A case of a suite that reads no context: mostly an input built valid from the suite's rules
  /// (`valid`), one in five a corpus input, then mutated ``mutationCount(_:)`` times.
  package static func contextFreeCase(
    suite: String, samples: [ExploreCase], _ random: inout ExploreRandom,
    valid: (inout ExploreRandom) -> JSONValue, mutator: Mutator,
    suiteMutation: (JSONValue, inout ExploreRandom) -> JSONValue
  ) -> ExploreCase {
    let base: JSONValue = random.chance(1, in: 5) ? (sample(samples, &random)?.input ?? valid(&random)) : valid(&random)
    let input = mutated(base, count: mutationCount(&random), mutator: mutator, &random, suiteMutation: suiteMutation)
    return ExploreCase(suite: suite, input: input, context: JSONObject())
  }

  /// A value of a JSON type other than string, for "not a string" checks.
  package static func nonString(_ random: inout ExploreRandom) -> JSONValue {
    random.pick([
      .null, true, false, 0, 1, .array([]), .object(JSONObject()), .number(JSONNumber(uncheckedLiteral: "-0")),
    ])
  }

  /// `object` with `key` set to `value`, or removed when `value` is nil.
  package static func setting(_ value: JSONValue?, _ key: String, in input: JSONValue) -> JSONValue {
    guard case .object(var object) = input else { return input }
    object[key] = value
    return .object(object)
  }
}
