import ConformanceJSON
import ConformanceKit

/// An earlier report's `results` (or a history's newest), kept as the bytes of the file they
/// were read from and read again test by test when compared, instead of as a ``ResultIndex``
/// and a lookup: an earlier report may list millions of tests this run does not have, and a
/// comparison needs a lookup of this run's tests only, with the earlier ones streamed past it.
///
/// Made only by ``read(_:bytes:checksKeys:)``, which checked every test it holds: reading it again cannot
/// fail.
public struct ReportResults: Sendable {
  /// The implementation and suite of a group of tests.
  public struct Group: Sendable {
    public var implementation: String
    public var suite: String
    /// ``RunComparison/groupKey(_:_:)``.
    var key: [UInt8]
    /// Counts the groups of the list from 0, in file order.
    public var number: Int
  }

  let bytes: [UInt8]
  let mark: JSONCursorMark
  /// How many tests they list.
  public let count: Int

  /// Calls `test` for every test in file order: group by group, each group's lists in the order
  /// of its keys.
  public func forEach(_ test: (Group, String, ResultIndex.State) -> Void) {
    _ = JSONParser().scan(bytes, from: mark) { cursor in Self.stream(&cursor, bytes: bytes, test: test) ? true : nil }
  }

  /// The tests as a ``ResultIndex`` (for a small report; a comparison streams them).
  public var index: ResultIndex {
    var index = ResultIndex()
    var groupNumber = -1
    forEach { group, id, state in
      if group.number != groupNumber {
        groupNumber = group.number
        index.startGroup(implementation: group.implementation, suite: group.suite)
      }
      index.addToLastGroup(id: id, state: state)
    }
    return index
  }

  /// Reads `results` at the cursor in `bytes`: the shape ``ResultIndex/json`` writes, with
  /// suites and ids a run could have written and implementation names of at most
  /// ``ResultIndex/maxNameBytes``; `nil` for anything else. With `checksKeys`, also the
  /// first test listed twice, as ``ResultLookup/twice(_:_:_:)`` words it.
  static func read(_ cursor: inout JSONCursor, bytes: [UInt8], checksKeys: Bool)
    -> (results: ReportResults, duplicate: String?)?
  {
    let mark = cursor.mark
    var count = 0
    var hashes: [Int] = []
    let read = stream(&cursor, bytes: bytes) { group, id, _ in
      count += 1
      if checksKeys { hashes.append(hash(group.key, id)) }
    }
    guard read else { return nil }
    let results = ReportResults(bytes: bytes, mark: mark, count: count)
    return (results, checksKeys ? results.firstDuplicate(hashes: &hashes) : nil)
  }

  /// The first test listed twice (at its second listing, in file order), as
  /// ``ResultLookup/twice(_:_:_:)`` words it; `nil` when none is.
  func firstDuplicate() -> String? {
    var hashes: [Int] = []
    hashes.reserveCapacity(count)
    forEach { group, id, _ in hashes.append(Self.hash(group.key, id)) }
    return firstDuplicate(hashes: &hashes)
  }

  /// The first test listed twice (at its second listing, in file order), found without a set
  /// of every test: the hashes of all tests, sorted, say which may be listed twice, and only
  /// those are compared by their bytes, in a second reading.
  private func firstDuplicate(hashes: inout [Int]) -> String? {
    hashes.sort()
    var suspects: Set<Int> = []
    for index in hashes.indices.dropFirst() where hashes[index] == hashes[index - 1] { suspects.insert(hashes[index]) }
    hashes = []
    guard !suspects.isEmpty else { return nil }
    var seen: Set<[UInt8]> = []
    var duplicate: String?
    forEach { group, id, _ in
      guard duplicate == nil, suspects.contains(Self.hash(group.key, id)) else { return }
      if !seen.insert(group.key + [0] + Array(id.utf8)).inserted {
        duplicate = ResultLookup.twice(group.implementation, group.suite, id)
      }
    }
    return duplicate
  }

  /// A hash of a test's group and id under a key drawn at random for each process (`Hasher`),
  /// so that a file cannot be made to collide (and a collision only costs the second reading).
  /// Canonically equivalent ids hash alike (`String`'s hash); the second reading compares bytes.
  private static func hash(_ groupKey: [UInt8], _ id: String) -> Int {
    var hasher = Hasher()
    hasher.combine(groupKey)
    hasher.combine(id)
    return hasher.finalize()
  }

  /// Walks `results` at the cursor, calling `test` for every test; `false` at the first thing
  /// that is not what ``read(_:bytes:checksKeys:)`` takes. A group lists its tests by state in the
  /// order of its keys; a list that comes before the group's implementation and suite are
  /// both known is checked, and read again from its place once they are (with every list
  /// after it, to keep the order).
  private static func stream(
    _ cursor: inout JSONCursor, bytes: [UInt8], test: (Group, String, ResultIndex.State) -> Void
  ) -> Bool {
    guard cursor.enterArray() else { return false }
    var number = 0
    while true {
      guard let more = cursor.nextElement() else { return false }
      if !more { return true }
      guard cursor.enterObject() else { return false }
      var implementation: String?
      var suite: String?
      var group: Group?
      var later: [(ResultIndex.State, JSONCursorMark)] = []
      while true {
        let key: String
        switch cursor.nextKey() {
        case .end: key = ""
        case .invalid: return false
        case .key(let bytes): key = String(decoding: bytes, as: UTF8.self)
        }
        if key.isEmpty { break }
        switch key {
        // A name listed twice is not JSON to the strict parser, and would leave the tests
        // listed before it in another group than those after it.
        case "implementation":
          guard implementation == nil, let name = cursor.string(), !name.isEmpty,
            name.utf8.count <= ResultIndex.maxNameBytes
          else { return false }
          implementation = name
        case "suite":
          guard suite == nil, let name = cursor.string(), Contract.isValidTestID(name) else { return false }
          suite = name
        case "passed", "failed", "skipped":
          let state = ResultIndex.State(name: key)!
          if group == nil, later.isEmpty, let implementation, let suite {
            group = Group(
              implementation: implementation, suite: suite, key: RunComparison.groupKey(implementation, suite),
              number: number)
          }
          if let group, later.isEmpty {
            guard readIDs(&cursor, { test(group, $0, state) }) else { return false }
          } else {
            later.append((state, cursor.mark))
            guard readIDs(&cursor, { _ in }) else { return false }
          }
        default:
          guard cursor.value() != nil else { return false }
        }
      }
      guard let implementation, let suite else { return false }
      let laterGroup = Group(
        implementation: implementation, suite: suite, key: RunComparison.groupKey(implementation, suite),
        number: number)
      for (state, mark) in later {
        let read = JSONParser().scan(bytes, from: mark) { cursor in
          readIDs(&cursor, { test(laterGroup, $0, state) }) ? true : nil
        }
        guard read == true else { return false }
      }
      number += 1
    }
  }

  private static func readIDs(_ cursor: inout JSONCursor, _ id: (String) -> Void) -> Bool {
    guard cursor.enterArray() else { return false }
    while true {
      guard let more = cursor.nextElement() else { return false }
      if !more { return true }
      guard let text = cursor.string(), Contract.isValidTestID(text) else { return false }
      id(text)
    }
  }
}
