import ConformanceJSON
import ConformanceKit
import ReferenceParsers

@testable import ConformanceExplore

/// The shipped corpus's tests, by suite, as explore's samples (input and merged context) and as
/// vectors (for checking that a planted bug passes them).
enum ShippedCorpus {
  static let tests: [String: [VectorTest]] = {
    var bySuite: [String: [VectorTest]] = [:]
    let loader = VectorLoader()
    for location in (try? loader.discover(root: "Vectors")) ?? [] {
      guard case .success(let file) = loader.load(location) else { continue }
      bySuite[file.suite, default: []] += file.tests
    }
    return bySuite
  }()

  static func samples(_ suite: String) -> [ExploreCase] {
    (tests[suite] ?? []).map { ExploreCase(suite: suite, input: $0.input, context: $0.context) }
  }
}

/// `count` cases of `explorer` from `seed`.
func exploreCases(_ explorer: any SuiteExplorer, count: Int, seed: UInt64) -> [ExploreCase] {
  let samples = ShippedCorpus.samples(explorer.suite)
  var random = ExploreRandom(seed: seed)
  return (0..<count).map { _ in explorer.makeCase(samples: samples, random: &random) }
}
