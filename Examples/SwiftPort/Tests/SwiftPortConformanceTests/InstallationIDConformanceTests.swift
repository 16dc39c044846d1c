import ConformanceTesting
import SwiftPort
import Testing

/// leeep.fid: one test per vector of the shipped corpus.
@Suite struct InstallationIDConformanceTests {
  @Test(arguments: try ConformanceImplementation.swiftPort.vectors(suite: "leeep.fid"))
  func fid(_ vector: ConformanceVector) {
    expectConformance(vector, Self.evaluate(vector.input))
  }

  /// The suite's input is any JSON value; the SDK's API takes a String.
  static func evaluate(_ input: JSONValue) -> Outcome {
    guard case .string(let raw) = input else { return .reject(error: "not_a_string", field: nil) }
    do {
      return .accept(output: .string(try InstallationID(raw).rawValue))
    } catch {
      return .reject(error: "invalid_fid", field: nil)
    }
  }
}
