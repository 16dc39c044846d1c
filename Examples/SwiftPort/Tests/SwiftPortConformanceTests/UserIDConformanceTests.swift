import ConformanceTesting
import SwiftPort
import Testing

/// leeep.user-id: one test per vector of the shipped corpus.
@Suite struct UserIDConformanceTests {
  @Test(arguments: try ConformanceImplementation.swiftPort.vectors(suite: "leeep.user-id"))
  func userID(_ vector: ConformanceVector) {
    expectConformance(vector, Self.evaluate(vector.input))
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
