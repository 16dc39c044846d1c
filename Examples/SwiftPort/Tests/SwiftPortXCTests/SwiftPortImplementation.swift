import ConformanceTesting
import ConformanceXCTest

extension ConformanceImplementation {
  /// The same implementation as SwiftPortConformanceTests's, as the answers file names it when the run records
  /// (`CONFORMANCE_ANSWERS=answers.jsonl swift test`); every suite is loaded through it.
  static let swiftPort = ConformanceImplementation(
    name: "SwiftPort", version: "1.0.0", suites: ["leeep.fid", "leeep.user-id"])
}
