import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// What `CommittedVectorAgreement` does not check for the Respondo corpora: fields compared byte
/// for byte (`Comparison` compares them with Swift's canonical `String` equality, which equates
/// an NFC key with its NFD twin), and every vector pinning its full result.
@Suite struct RespondoVectorAgreementTests {
  static let folders = [
    RespondoPushPayload.name, RespondoDeepLink.name, RespondoPushToken.name, RespondoPushSession.name,
  ]

  func respondoFiles() throws -> [VectorFile] {
    let loader = VectorLoader()
    var files: [VectorFile] = []
    for folder in Self.folders {
      for location in try loader.discover(root: CommittedVectorAgreement.vectorsRoot + "/" + folder) {
        switch loader.load(location) {
        case .success(let file): files.append(file)
        case .failure(let failure): Issue.record("\(failure)")
        }
      }
    }
    return files
  }

  @Test func rejectionFieldsAgreeByteForByte() throws {
    let implementation = ReferenceImplementation()
    var checked = 0
    for file in try respondoFiles() {
      for test in file.tests {
        guard case .reject(_, let field?) = test.expectation else { continue }
        let outcome = try implementation.evaluate(suite: file.suite, input: test.input, context: test.context)
        checked += 1
        guard case .reject(_, let actual) = outcome, let actual, Array(actual.utf8) == Array(field.utf8) else {
          Issue.record("\(file.path) \(test.id): expected field bytes of \(field), got \(outcome)")
          continue
        }
      }
    }
    #expect(checked > 0)
  }

  @Test func everyVectorPinsItsWholeResult() throws {
    for file in try respondoFiles() {
      for test in file.tests {
        switch test.expectation {
        case .reject(nil, _): Issue.record("\(file.path) \(test.id) names no error")
        case .accept(nil): Issue.record("\(file.path) \(test.id) pins no output")
        default: break
        }
      }
    }
  }
}
