import ConformanceJSON
import ConformanceKit
import Foundation
import ReferenceParsers
import Testing

/// Runs the reference parsers over every committed Respondo vector. The vectors' expectations
/// come from the rules written in the generator, never from the parser: a disagreement means one
/// of the two is wrong, to be settled from SPEC 3.7–3.9 and seed 004.
@Suite struct RespondoVectorAgreementTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Vectors").path
  static let suites = ["respondo.push.payload", "respondo.deep-link", "respondo.push.token"]

  func respondoFiles() throws -> [VectorFile] {
    let loader = VectorLoader()
    var files: [VectorFile] = []
    for location in try loader.discover(root: Self.root) where location.path.hasPrefix("respondo/") {
      switch loader.load(location) {
      case .success(let file): files.append(file)
      case .failure(let failure): Issue.record("\(failure)")
      }
    }
    return files
  }

  @Test func everyRespondoVectorAgreesWithTheReferenceParser() throws {
    let implementation = ReferenceImplementation()
    var disagreements: [String] = []
    for file in try respondoFiles() {
      for test in file.tests {
        let outcome: Outcome
        do {
          outcome = try implementation.evaluate(suite: file.suite, input: test.input, context: test.context)
        } catch {
          disagreements.append("\(file.path) \(test.id): \(error)")
          continue
        }
        if let difference = Comparison.difference(expected: test.expectation, actual: outcome) {
          disagreements.append("\(file.path) \(test.id): \(difference)")
        } else if case .reject(_, let field?) = test.expectation, case .reject(_, let actual?) = outcome,
          !Array(field.utf8).elementsEqual(Array(actual.utf8))
        {
          // Comparison checks the field with Swift's canonical String equality; NFC and NFD differ here.
          disagreements.append("\(file.path) \(test.id): field bytes differ")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
  }

  @Test func everyRespondoSuiteHasAtLeast200Vectors() throws {
    let files = try respondoFiles()
    for suite in Self.suites {
      let count = files.filter { $0.suite == suite }.reduce(0) { $0 + $1.tests.count }
      #expect(count >= 200, "\(suite) has \(count) vectors")
    }
  }

  @Test func everyRejectionNamesItsError() throws {
    for file in try respondoFiles() {
      for test in file.tests {
        if case .reject(nil, _) = test.expectation { Issue.record("\(file.path) \(test.id) names no error") }
        if case .accept(nil) = test.expectation { Issue.record("\(file.path) \(test.id) pins no output") }
      }
    }
  }
}
