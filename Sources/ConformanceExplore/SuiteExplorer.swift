import ConformanceJSON

/// A suite's source of cases.
package protocol SuiteExplorer: Sendable {
  /// The suite's name (`leeep.push.destination`).
  var suite: String { get }
  /// A new case: a structure-aware mutation of one of `samples` (the corpus's tests of this
  /// suite, input + merged context) or a case built straight from the suite's rules. The
  /// case's context must be one the suite can use (the reference never answers it with a
  /// context error: see "context error" in docs/vector-format.md / the contract).
  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase
  /// Suite-aware simpler versions of `c` for the shrinker, tried before/after its generic
  /// steps (fewer keys/steps, shorter strings, context toward its defaults), each still valid
  /// for the suite's context. Default: none.
  func simplifications(of c: ExploreCase) -> [ExploreCase]
}

extension SuiteExplorer {
  package func simplifications(of c: ExploreCase) -> [ExploreCase] { [] }
}
