import ConformanceLowLevel

/// Which file first used each test id, per suite (ids are unique per suite across files).
///
/// Updated in place (copying a suite's table for every file made a run quadratic in the number
/// of vectors) and compact: a 1,000,000-vector run keeps every id until the end.
struct IDOwners {
  private var tables: [String: IDTable] = [:]
  private var paths: [String] = []

  /// Records `ids` for the file at `path`, or returns the first id an earlier file already
  /// holds with that file's path (recording nothing then).
  mutating func claim(_ ids: [String], hashes: [Int]? = nil, suite: String, path: String) -> (
    id: String, owner: String
  )? {
    let hashes = hashes.flatMap { $0.count == ids.count ? $0 : nil } ?? ids.map(IDTable.hash)
    if let table = tables[suite] {
      for (id, hash) in zip(ids, hashes) {
        if let other = table.file(of: id, hash: hash) { return (id, paths[other]) }
      }
    }
    let fileNumber = paths.count
    paths.append(path)
    Self.record(ids, hashes: hashes, as: fileNumber, in: &tables[suite, default: IDTable()])
    return nil
  }

  /// The load failure of the file at `location` when one of its `ids` is already used in `suite`,
  /// naming the earlier file; `nil` after recording the ids when they are all new.
  mutating func duplicateIDFailure(
    _ ids: [String], hashes: [Int]? = nil, suite: String, at location: VectorFileLocation
  ) -> LoadFailure? {
    guard let (id, other) = claim(ids, hashes: hashes, suite: suite, path: location.displayPath) else { return nil }
    return LoadFailure(
      location: location, suite: suite, reason: duplicateIDMessage(id: id, suite: suite, owner: other))
  }

  private static func record(_ ids: [String], hashes: [Int], as fileNumber: Int, in table: inout IDTable) {
    for (id, hash) in zip(ids, hashes) { table.insert(id, hash: hash, file: fileNumber) }
  }
}

/// The one wording of a test id used twice in a suite (the run, `lint`, ConformanceTesting's
/// loader): `id "x" of suite leeep.fid is already used by Vectors/a.json`.
package func duplicateIDMessage(id: String, suite: String, owner: String) -> String {
  "id \(quote(id)) of suite \(suite) is already used by \(owner)"
}
