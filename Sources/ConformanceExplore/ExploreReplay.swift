import ConformanceJSON
import ConformanceKit

/// `explore --replay DIR`: the minimal cases an earlier explore wrote, run again and compared
/// with their `expect` as `run` compares a test's.
package enum ExploreReplay {
  package struct Result: Sendable {
    package var file: String
    package var suite: String
    package var id: String
    package var input: JSONValue
    package var context: JSONObject
    /// `nil` when the answer met the test's `expect`.
    package var problem: String?
    package var expected: JSONValue
    package var actual: JSONValue?
  }

  package struct Replay: Sendable {
    package var results: [Result] = []
    /// Files of DIR that did not load: `path: reason`.
    package var loadFailures: [String] = []
  }

  /// The vector files explore writes in `folder` (`vectors/explored-*.json`), in name order.
  package static func files(in folder: String, loader: VectorLoader) throws(VectorRootError) -> [VectorFileLocation] {
    try loader.discover(root: folder + "/" + ExploreOutput.vectorsFolder).filter { location in
      location.path.hasPrefix("explored-") && !location.path.contains("/")
    }
  }

  /// Runs every test of `folder`'s explored files whose suite is in `suites` against
  /// `implementation`.
  package static func run(
    folder: String, suites: [String], implementation: any Implementation
  ) throws(VectorRootError) -> Replay {
    let loader = VectorLoader()
    var replay = Replay()
    for location in try files(in: folder, loader: loader) {
      switch loader.load(location) {
      case .failure(let failure):
        replay.loadFailures.append(failure.description)
      case .success(let file):
        guard suites.contains(where: { utf8Equal($0, file.suite) }) else { continue }
        for test in file.tests {
          var result = Result(
            file: file.displayPath, suite: file.suite, id: test.id, input: test.input, context: test.context,
            problem: nil, expected: test.expectation.json, actual: nil)
          let evaluation = implementation.evaluation(suite: file.suite, test: test)
          switch evaluation.result {
          case .failure(let error):
            result.problem = "\(implementation.name) could not evaluate the input: \(error.description)"
          case .success(let outcome):
            result.actual = outcome.json
            result.problem = Comparison.difference(expected: test.expectation, actual: outcome)
          }
          replay.results.append(result)
        }
      }
    }
    return replay
  }
}
