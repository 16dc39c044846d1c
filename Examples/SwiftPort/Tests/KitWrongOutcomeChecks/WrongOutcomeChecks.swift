import ConformanceTesting
import ConformanceXCTest
import Foundation
import Testing
import XCTest

// Not part of the example: Kits/check.sh's proof that the kit never passes a wrong outcome,
// whichever test library calls it. Each check hands the kit an answer no leeep.fid vector
// expects and runs only when CONFORMANCE_KIT_WRONG_OUTCOME names it (skipped otherwise):
//   swift-testing   expectConformance in a Swift Testing test: one issue per vector
//   xctest-assert   XCTAssertConformance in an XCTestCase: one XCTest failure per vector
//   xctest-expect   expectConformance in an XCTestCase: refused, the process stops saying so

private let wrongOutcome: Outcome = .accept(output: "not an answer any vector expects")
private let selected = ProcessInfo.processInfo.environment["CONFORMANCE_KIT_WRONG_OUTCOME"]

@Suite(.enabled(if: selected == "swift-testing")) struct WrongOutcomeUnderSwiftTesting {
  @Test(arguments: try ConformanceVectors.load(suite: "leeep.fid"))
  func fid(_ vector: ConformanceVector) {
    expectConformance(vector, wrongOutcome)
  }
}

final class WrongOutcomeUnderXCTest: XCTestCase {
  func testXCTAssertConformance() throws {
    guard selected == "xctest-assert" else { throw XCTSkip("CONFORMANCE_KIT_WRONG_OUTCOME is not xctest-assert") }
    for vector in try ConformanceVectors.load(suite: "leeep.fid") {
      XCTAssertConformance(vector, wrongOutcome)
    }
  }

  func testExpectConformance() throws {
    guard selected == "xctest-expect" else { throw XCTSkip("CONFORMANCE_KIT_WRONG_OUTCOME is not xctest-expect") }
    for vector in try ConformanceVectors.load(suite: "leeep.fid") {
      expectConformance(vector, wrongOutcome)
    }
  }
}
