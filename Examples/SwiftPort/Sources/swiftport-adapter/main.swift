// The same implementation as the tests check in-process, as an adapter process for
// `conformance run --adapter` (the ConformanceAdapter library speaks the protocol):
//   conformance run --suite leeep.fid --suite leeep.user-id --adapter "exec .build/debug/swiftport-adapter"
// SWIFTPORT_BUG=character-count plants the same bug as in the tests.
import ConformanceAdapter
import SwiftPort

runAdapter(name: "SwiftPort", version: "1.0.0", suites: ["leeep.fid", "leeep.user-id"]) { suite, input, _ in
  guard case .string(let raw) = input else { return .reject(error: "not_a_string", field: nil) }
  switch suite {
  case "leeep.fid":
    do {
      return .accept(output: .string(try InstallationID(raw).rawValue))
    } catch {
      return .reject(error: "invalid_fid", field: nil)
    }
  default:
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
