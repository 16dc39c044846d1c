import ConformanceJSON
import ConformanceKit
import ConformanceTesting
import ConformanceXCTest
import Testing
import XCTest

private let trailingNewline = ConformanceVector(
  suite: "leeep.fid", id: "trailing-newline", file: "Vectors/leeep.fid/surrounding.json",
  summary: "a trailing newline never matches the end of the pattern", tags: ["invalid", "boundary"],
  input: "cAbCdEfGhIjKlMnOpQr_-0\n", context: [:], expectation: .reject(error: "invalid_fid", field: nil))

private let mismatch = #"""
  FAIL leeep.fid trailing-newline (Vectors/leeep.fid/surrounding.json)
    description: a trailing newline never matches the end of the pattern
    input:    "cAbCdEfGhIjKlMnOpQr_-0\n"
    expected: {"result": "reject", "error": "invalid_fid"}
    actual:   {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0\n"}
    differs:  result: expected reject, got accept
  """#

/// `XCTAssertConformance` under XCTest: the failures it reports are caught here (an XCTest
/// cannot expect its own failure on Linux), so a check that passes silently fails this test.
final class XCTAssertConformanceTests: XCTestCase {
  /// Failures recorded while ``failures(of:)`` runs its body; `nil`: failures fail this test.
  private var captured: [String]? = nil

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if captured != nil {
      captured?.append(description)
    } else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  private func failures(of body: () -> Void) -> [String] {
    captured = []
    body()
    defer { captured = nil }
    return captured ?? []
  }

  func testAMismatchFailsTheXCTestWithTheMessage() {
    let failures = failures { XCTAssertConformance(trailingNewline, .accept(output: "cAbCdEfGhIjKlMnOpQr_-0\n")) }
    XCTAssertEqual(failures, ["failed - " + mismatch])
  }

  func testAThrownErrorFailsTheXCTestAsCouldNotEvaluate() {
    struct Unusable: Error, CustomStringConvertible {
      var description: String { "no expected_scope in the context" }
    }
    let failures = failures { XCTAssertConformance(trailingNewline) { _, _ in throw Unusable() } }
    XCTAssertEqual(
      failures,
      [
        #"""
        failed - FAIL leeep.fid trailing-newline (Vectors/leeep.fid/surrounding.json)
          description: a trailing newline never matches the end of the pattern
          input:    "cAbCdEfGhIjKlMnOpQr_-0\n"
          expected: {"result": "reject", "error": "invalid_fid"}
          could not evaluate the input: no expected_scope in the context
        """#
      ])
  }

  func testAMatchingOutcomeFailsNothing() {
    let failures = failures {
      XCTAssertConformance(trailingNewline, .reject(error: "invalid_fid", field: nil))
      XCTAssertConformance(trailingNewline) { _, _ in .reject(error: "invalid_fid", field: nil) }
    }
    XCTAssertEqual(failures, [])
  }
}

/// `XCTAssertConformance` inside a Swift Testing test records the issue there instead.
@Suite struct XCTAssertConformanceUnderSwiftTestingTests {
  @Test func aMismatchIsRecordedAsASwiftTestingIssue() {
    withKnownIssue {
      XCTAssertConformance(trailingNewline, .accept(output: "cAbCdEfGhIjKlMnOpQr_-0\n"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [mismatch]
    }
  }

  @Test func expectConformanceSaysWhatToCallOutsideSwiftTesting() {
    #expect(
      ConformanceFailure.outsideSwiftTesting
        == "expectConformance was called outside a Swift Testing test (from XCTest?), where its issues "
        + "are never seen and every vector would pass: in an XCTestCase, import ConformanceXCTest and "
        + "call XCTAssertConformance(vector, outcome); in Swift Testing, call it from a @Test function")
  }
}
