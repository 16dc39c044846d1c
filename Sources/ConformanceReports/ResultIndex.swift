import ConformanceJSON
import ConformanceKit

/// Every test of a run, keyed by (implementation, suite, id), with the state a later run is
/// compared against: the JSON report's `results` and the newest entry of a history.
///
/// Tests are kept in groups of one implementation and suite, in run order, so a run adds them
/// without hashing anything (consecutive tests share their group).
public struct ResultIndex: Sendable {
  /// What a test came to: `failed` counts against the run (a mismatch, an error or an
  /// unexpected pass); `skipped` did not (not run, or listed as an expected failure).
  public enum State: UInt8, Sendable {
    case passed, failed, skipped

    public init(_ status: TestResult.Status) {
      switch status {
      case .passed: self = .passed
      case .failed, .errored: self = .failed
      case .skipped: self = .skipped
      }
    }

    public var name: String {
      switch self {
      case .passed: return "passed"
      case .failed: return "failed"
      case .skipped: return "skipped"
      }
    }
  }

  public struct Group: Sendable {
    public var implementation: String
    public var suite: String
    public var ids: [String] = []
    public var states: [State] = []
  }

  public private(set) var groups: [Group] = []
  public private(set) var count = 0

  public init() {}

  public mutating func add(implementation: String, suite: String, id: String, state: State) {
    if let last = groups.indices.last, utf8Equal(groups[last].suite, suite),
      utf8Equal(groups[last].implementation, implementation)
    {
      groups[last].ids.append(id)
      groups[last].states.append(state)
    } else {
      groups.append(Group(implementation: implementation, suite: suite, ids: [id], states: [state]))
    }
    count += 1
  }

  /// Starts a group of tests of `implementation` and `suite` (another one, even when the last
  /// group has the same names: as a report read back lists them).
  mutating func startGroup(implementation: String, suite: String) {
    groups.append(Group(implementation: implementation, suite: suite))
  }

  /// Adds a test to the group started last.
  mutating func addToLastGroup(id: String, state: State) {
    groups[groups.count - 1].ids.append(id)
    groups[groups.count - 1].states.append(state)
    count += 1
  }

  /// The JSON report's `results`: per implementation and suite, the ids that passed, failed and
  /// were skipped, in run order.
  public var json: JSONValue {
    .array(
      groups.map { group in
        var lists: [State: [JSONValue]] = [.passed: [], .failed: [], .skipped: []]
        for (id, state) in zip(group.ids, group.states) { lists[state]!.append(.string(id)) }
        return [
          "implementation": .string(group.implementation), "suite": .string(group.suite),
          "passed": .array(lists[.passed]!), "failed": .array(lists[.failed]!), "skipped": .array(lists[.skipped]!),
        ]
      })
  }

  /// Longest implementation name read back (an adapter's hello names it; no real one comes close).
  static let maxNameBytes = 4_096
}

extension ResultIndex.State {
  init?(name: String) {
    switch name {
    case "passed": self = .passed
    case "failed": self = .failed
    case "skipped": self = .skipped
    default: return nil
    }
  }
}
