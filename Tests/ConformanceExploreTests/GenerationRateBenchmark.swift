import ConformanceJSON
import ConformanceKit
import Foundation
import ReferenceParsers
import Testing

@testable import ConformanceExplore

/// How fast each suite's explorer makes cases, beside the reference evaluating the same cases
/// (the baseline, measured in the same run). A benchmark, not a test: it runs only when
/// EXPLORE_GENERATION_BENCH is set and asserts nothing about time.
/// `EXPLORE_GENERATION_BENCH=1 swift test --skip-build --filter GenerationRateBenchmark`
@Suite struct GenerationRateBenchmark {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["EXPLORE_GENERATION_BENCH"] != nil))
  func casesPerSecondPerSuite() throws {
    let clock = ContinuousClock()
    let reference = ReferenceImplementation()
    var lines: [String] = []
    for explorer in SuiteExplorers.all {
      let samples = ShippedCorpus.samples(explorer.suite)
      var random = ExploreRandom(seed: 1)
      var cases: [ExploreCase] = []
      cases.reserveCapacity(20_000)
      let made = clock.measure {
        for _ in 0..<20_000 { cases.append(explorer.makeCase(samples: samples, random: &random)) }
      }
      let evaluated = clock.measure {
        for c in cases { _ = try? reference.evaluate(suite: c.suite, input: c.input, context: c.context) }
      }
      let makeRate = 20_000 / seconds(made)
      let evaluateRate = 20_000 / seconds(evaluated)
      lines.append(
        "\(explorer.suite)\t\(Int(makeRate)) cases/s made\t\(Int(evaluateRate)) cases/s evaluated by the reference\tratio \(Double(Int(makeRate / evaluateRate * 100)) / 100)"
      )
    }
    print(lines.joined(separator: "\n"))
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
