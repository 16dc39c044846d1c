import ConformanceJSON
import ConformanceKit
import ConformanceTesting
import Testing

private let trailingNewline = ConformanceVector(
  suite: "leeep.fid", id: "trailing-newline", file: "Vectors/leeep.fid/surrounding.json",
  summary: "a trailing newline never matches the end of the pattern", tags: ["invalid", "boundary"],
  input: "cAbCdEfGhIjKlMnOpQr_-0\n", context: [:], expectation: .reject(error: "invalid_fid", field: nil))

@Suite struct ExpectConformanceTests {
  @Test func aMismatchIsWordedWithIdFileInputExpectedActualAndTheDifference() {
    let message = ConformanceFailure.message(
      trailingNewline, actual: .accept(output: "cAbCdEfGhIjKlMnOpQr_-0\n"))
    #expect(
      message == #"""
        FAIL leeep.fid trailing-newline (Vectors/leeep.fid/surrounding.json)
          description: a trailing newline never matches the end of the pattern
          input:    "cAbCdEfGhIjKlMnOpQr_-0\n"
          expected: {"result": "reject", "error": "invalid_fid"}
          actual:   {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0\n"}
          differs:  result: expected reject, got accept
        """#)
  }

  @Test func aContextIsShownAndAFieldDifferenceNamed() {
    var vector = trailingNewline
    vector.summary = nil
    vector.context = ["expected_scope": ["app_id": "1"]]
    vector.expectation = .reject(error: "invalid_value", field: "app_id")
    #expect(
      ConformanceFailure.message(vector, actual: .reject(error: "invalid_value", field: "website_id")) == #"""
        FAIL leeep.fid trailing-newline (Vectors/leeep.fid/surrounding.json)
          input:    "cAbCdEfGhIjKlMnOpQr_-0\n"
          context:  {"expected_scope": {"app_id": "1"}}
          expected: {"result": "reject", "error": "invalid_value", "field": "app_id"}
          actual:   {"result": "reject", "error": "invalid_value", "field": "website_id"}
          differs:  field: expected "app_id", got "website_id"
        """#)
  }

  @Test func aMatchingOutcomeHasNoMessageAndRecordsNoIssue() {
    #expect(ConformanceFailure.message(trailingNewline, actual: .reject(error: "invalid_fid", field: nil)) == nil)
    expectConformance(trailingNewline, .reject(error: "invalid_fid", field: nil))
    expectConformance(trailingNewline) { input, _ in
      #expect(input == "cAbCdEfGhIjKlMnOpQr_-0\n")
      return .reject(error: "invalid_fid", field: nil)
    }
  }

  @Test func aMismatchIsRecordedAsAnIssueWithTheMessage() {
    let expected = ConformanceFailure.message(trailingNewline, actual: .accept(output: "x"))
    withKnownIssue {
      expectConformance(trailingNewline, .accept(output: "x"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [expected]
    }
  }

  struct Unusable: Error, CustomStringConvertible {
    var description: String { "no expected_scope in the context" }
  }

  @Test func aThrownErrorIsRecordedAsCouldNotEvaluate() {
    withKnownIssue {
      expectConformance(trailingNewline) { _, _ in throw Unusable() }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"""
        FAIL leeep.fid trailing-newline (Vectors/leeep.fid/surrounding.json)
          description: a trailing newline never matches the end of the pattern
          input:    "cAbCdEfGhIjKlMnOpQr_-0\n"
          expected: {"result": "reject", "error": "invalid_fid"}
          could not evaluate the input: no expected_scope in the context
        """#
      ]
    }
  }
}
