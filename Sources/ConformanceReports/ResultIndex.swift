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

  /// Reads `results` at the cursor (the shape ``json`` writes); `nil` for anything else, or a
  /// suite, id or implementation name no run could have written.
  static func read(_ cursor: inout JSONCursor) -> ResultIndex? {
    var index = ResultIndex()
    guard cursor.enterArray() else { return nil }
    while true {
      guard let more = cursor.nextElement() else { return nil }
      if !more { break }
      guard cursor.enterObject() else { return nil }
      var implementation: String?
      var suite: String?
      var lists: [(State, [String])] = []
      while true {
        let key: String
        switch cursor.nextKey() {
        case .end: key = ""
        case .invalid: return nil
        case .key(let bytes): key = String(decoding: bytes, as: UTF8.self)
        }
        if key.isEmpty { break }
        switch key {
        case "implementation":
          guard let name = cursor.string(), !name.isEmpty, name.utf8.count <= maxNameBytes else { return nil }
          implementation = name
        case "suite":
          guard let name = cursor.string(), Contract.isValidTestID(name) else { return nil }
          suite = name
        case "passed", "failed", "skipped":
          guard let ids = readIDs(&cursor) else { return nil }
          lists.append((State(name: key)!, ids))
        default:
          guard cursor.value() != nil else { return nil }
        }
      }
      guard let implementation, let suite else { return nil }
      var group = Group(implementation: implementation, suite: suite)
      for (state, ids) in lists {
        group.ids += ids
        group.states += Array(repeating: state, count: ids.count)
      }
      index.count += group.ids.count
      index.groups.append(group)
    }
    return index
  }

  private static func readIDs(_ cursor: inout JSONCursor) -> [String]? {
    guard cursor.enterArray() else { return nil }
    var ids: [String] = []
    while true {
      guard let more = cursor.nextElement() else { return nil }
      if !more { return ids }
      guard let id = cursor.string(), Contract.isValidTestID(id) else { return nil }
      ids.append(id)
    }
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
