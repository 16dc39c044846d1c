import ConformanceTesting
import ConformanceXCTest
import SwiftPort
import XCTest

/// leeep.user-id from XCTest: every vector of the shipped corpus in one test method, each
/// mismatch an XCTest failure naming the vector (`XCTAssertConformance`, Kits/swift/README.md).
final class UserIDXCTests: XCTestCase {
  func testUserIDVectors() throws {
    for vector in try ConformanceImplementation.swiftPort.vectors(suite: "leeep.user-id") {
      XCTAssertConformance(vector, Self.evaluate(vector.input))
    }
  }

  static func evaluate(_ input: JSONValue) -> Outcome {
    guard case .string(let raw) = input else { return .reject(error: "not_a_string", field: nil) }
    do throws(UserID.Invalid) {
      return .accept(output: .string(try UserID(raw).rawValue))
    } catch {
      let code =
        switch error {
        case .empty: "empty"
        case .tooLong: "too_long"
        case .whitespaceOnly: "whitespace_only"
        }
      return .reject(error: code, field: nil)
    }
  }
}
