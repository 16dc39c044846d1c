import ConformanceJSON
import ConformanceKit

/// Merges the JSON reports (`--report-json`, `conformance-report/1`) of the shards of one run
/// into the report one unsharded run would have written, as `conformance merge --json OUT IN...`
/// does (docs/sharding.md).
///
/// Every input must be a shard report of the same run (``ShardSet``: one report per shard
/// 1…N, same corpus and filters) from the same implementation. Counts are summed (totals, per
/// suite, per tag, per file); `failures` and `expectedFailures` are put together in file order,
/// then by id; files in the order of the roots, then by path bytes; stale expected-failure
/// entries, which every shard judges over the whole corpus, are taken once; `selection` loses its
/// `shard`; `durationMilliseconds` is the sum of the shards' (the total time they ran); `status`
/// and `exitStatus` are computed again from the merged counts.
public enum JSONReportMerger {
  public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)
    case notShard(path: String)
    case incomplete(ShardSetError)
    case differentImplementations(first: String, other: String)
    /// A count that is not a whole number in range, or that disagrees with what it counts.
    case inconsistent(path: String, reason: String)
    case write(String)

    public var description: String {
      switch self {
      case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
      case .invalid(let path, let reason): return "\(path): not a conformance-report/1 JSON report: \(reason)"
      case .notShard(let path):
        return "\(path): not the JSON report of a shard (`conformance run --shard K/N --report-json FILE`): "
          + "only shard reports of one run can be merged"
      case .incomplete(let error): return error.description
      case .differentImplementations(let first, let other):
        return "\(other) checked another implementation than \(first): they are shards of different runs"
      case .inconsistent(let path, let reason):
        return "\(path): refused: \(reason); a report whose counts do not add up cannot be merged"
      case .write(let reason): return reason
      }
    }
  }

  /// Reads, checks and merges `inputs`; writes `destination` atomically; returns the merged report.
  @discardableResult
  public static func merge(inputs: [String], into destination: String) throws(MergeError) -> JSONValue {
    var reports: [(path: String, value: JSONObject)] = []
    for path in inputs {
      // Read as vector files are: a regular file only, within the size limit.
      let bytes: [UInt8]
      switch VectorLoader().read(VectorFileLocation(root: "", path: path)) {
      case .success(let read): bytes = read
      case .failure(let failure): throw .unreadable(path: path, reason: failure.reason)
      }
      let value: JSONValue
      do {
        value = try JSONParser().parse(bytes)
      } catch {
        throw .invalid(path: path, reason: "invalid JSON: \(error)")
      }
      guard let object = value.objectValue, object["format"]?.stringValue == JSONRunReport.format else {
        throw .invalid(path: path, reason: "no \"format\": \"\(JSONRunReport.format)\"")
      }
      guard ShardStamp.read(json: value) != nil else { throw .notShard(path: path) }
      do throws(CountProblem) {
        try checkCounts(object)
      } catch {
        throw .inconsistent(path: path, reason: error.reason)
      }
      reports.append((path, object))
    }
    do {
      try ShardSet.check(reports.map { ($0.path, ShardStamp.read(json: .object($0.value))) })
    } catch {
      throw .incomplete(error)
    }
    // Shards own disjoint tests: a test two inputs list was not split by one run.
    var owners: [String: String] = [:]
    for report in reports {
      for test in testKeys(report.value) {
        if let owner = owners.updateValue(report.path, forKey: test.key) {
          throw .inconsistent(
            path: report.path,
            reason:
              "`results` lists \(test.suite) \(test.id) of \(test.implementation), which \(owner) lists too (shards own disjoint tests)"
          )
        }
      }
    }
    let first = reports[0]
    for report in reports.dropFirst()
    where report.value["implementation"]?.stringValue != first.value["implementation"]?.stringValue {
      throw .differentImplementations(first: first.path, other: report.path)
    }
    let merged = JSONValue.object(merge(reports.map(\.value), paths: reports.map(\.path)))
    do {
      try ReportFileWriter.writeAtomically(JSONSerializer.pretty.string(from: merged) + "\n", to: destination)
    } catch {
      throw .write(error.description)
    }
    return merged
  }

  /// The merged report of shard reports already read and checked; `paths` name them in the
  /// merged report's words (an interrupted shard), when known.
  static func merge(_ reports: [JSONObject], paths: [String]? = nil) -> JSONObject {
    let first = reports[0]
    var top = header(of: reports)
    var totals = totals(of: reports)
    top["totals"] = .object(totals)
    top["suites"] = mergedSuites(reports)
    top["tags"] = .array(mergeTags(reports.map { $0["tags"]?.arrayValue ?? [] }))
    let roots = first["corpus"]?.objectValue?["roots"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let precedes = { (a: JSONObject, b: JSONObject) in filePrecedes(a, b, roots: roots) }
    top["files"] = .array(mergedFileRows(reports).sorted(by: precedes).map(JSONValue.object))
    func entries(_ key: String) -> JSONValue {
      .array(
        reports.flatMap { $0[key]?.arrayValue?.compactMap(\.objectValue) ?? [] }.sorted(by: precedes).map(
          JSONValue.object))
    }
    top["loadErrors"] = entries("loadErrors")
    top["failures"] = entries("failures")
    // A run with --reruns: every shard's flaky tests (each with every try's answer), in file
    // order as failures are; the total counted again from the merged list.
    if let reruns = reports.lazy.compactMap({ $0["reruns"] }).first {
      top["reruns"] = reruns
      let flaky = entries("flaky")
      top["flaky"] = flaky
      totals["flaky"] = number(flaky.arrayValue?.count ?? 0)
      top["totals"] = .object(totals)
    }
    top["expectedFailures"] = entries("expectedFailures")
    if first["implementations"] != nil {
      top["implementations"] = .array(mergeImplementations(reports, failures: top["failures"]?.arrayValue ?? []))
      top["drift"] = entries("drift")
    }
    let stale = first["staleExpectations"]?.arrayValue ?? []
    top["staleExpectations"] = .array(stale)
    // Each shard's tests, for a later comparison (a group may appear once per shard).
    top["results"] = .array(reports.flatMap { $0["results"]?.arrayValue ?? [] })
    setStatus(of: &top, reports, staleCount: stale.count, paths: paths ?? reports.map { _ in "" })
    return top
  }

  /// The merged report's members that the first input gives (its tool, corpus, selection but
  /// its shard, expectations), with a passing status and the summed duration until the rest
  /// is known.
  private static func header(of reports: [JSONObject]) -> JSONObject {
    let first = reports[0]
    var top = JSONObject()
    for key in ["format", "tool", "implementation", "implementationVersion"] where first[key] != nil {
      top[key] = first[key]
    }
    if let time = first["time"] { top["time"] = time }
    top["status"] = "passed"
    top["exitStatus"] = 0
    top["durationMilliseconds"] = number(reports.reduce(0) { $0 + int($1["durationMilliseconds"]) })
    top["corpus"] = first["corpus"]
    var selection = first["selection"]?.objectValue ?? JSONObject()
    selection = JSONObject(selection.members.filter { $0.key != "shard" })
    top["selection"] = .object(selection)
    if let expectations = first["expectations"] { top["expectations"] = expectations }
    // Every shard judges the excludes over the whole corpus alike.
    if let unused = first["unusedExcludes"] { top["unusedExcludes"] = unused }
    return top
  }

  /// Totals computed again from what they count (every input was checked to agree with its own
  /// rows and lists, so no input's totals are trusted as such).
  private static func totals(of reports: [JSONObject]) -> JSONObject {
    var totals = JSONObject()
    let fileRowsOfAll = reports.flatMap { $0["files"]?.arrayValue?.compactMap(\.objectValue) ?? [] }
    for key in countKeys { totals[key] = number(fileRowsOfAll.reduce(0) { $0 + int($1[key]) }) }
    let failuresOfAll = reports.flatMap { $0["failures"]?.arrayValue?.compactMap(\.objectValue) ?? [] }
    totals["unexpectedPasses"] = number(failuresOfAll.filter { $0["kind"]?.stringValue == "unexpected-pass" }.count)
    totals["expectedFailures"] = number(reports.reduce(0) { $0 + ($1["expectedFailures"]?.arrayValue?.count ?? 0) })
    totals["staleExpectations"] = number(0)
    return totals
  }

  /// Suites: counts summed, their tag rows summed by tag.
  private static func mergedSuites(_ reports: [JSONObject]) -> JSONValue {
    var suiteRows: [String: [JSONObject]] = [:]
    for report in reports {
      for row in report["suites"]?.arrayValue ?? [] {
        guard let object = row.objectValue, let suite = object["suite"]?.stringValue else { continue }
        suiteRows[suite, default: []].append(object)
      }
    }
    return .array(
      suiteRows.keys.sorted(by: RunReportData.suitePrecedes).map { suite in
        let rows = suiteRows[suite]!
        var object: JSONObject = ["suite": .string(suite)]
        let counts = sum(rows.map { JSONObject($0.members.filter { $0.value.numberValue != nil }) })
        for member in counts.members { object[member.key] = member.value }
        object["untagged"] = .object(sum(rows.compactMap { $0["untagged"]?.objectValue }))
        object["tags"] = .array(mergeTags(rows.map { $0["tags"]?.arrayValue ?? [] }))
        return .object(object)
      })
  }

  /// Files: one row per (root, path), counts summed, a load error kept; unordered.
  private static func mergedFileRows(_ reports: [JSONObject]) -> Dictionary<[UInt8], JSONObject>.Values {
    var fileRows: [[UInt8]: JSONObject] = [:]
    for report in reports {
      for row in report["files"]?.arrayValue ?? [] {
        guard let object = row.objectValue else { continue }
        let key = fileKey(object)
        guard var existing = fileRows[key] else {
          fileRows[key] = object
          continue
        }
        for member in object.members {
          if let value = member.value.numberValue?.intValue {
            existing[member.key] = number((existing[member.key]?.numberValue?.intValue ?? 0) + value)
          } else if existing[member.key] == nil {
            existing[member.key] = member.value
          }
        }
        fileRows[key] = existing
      }
    }
    return fileRows.values
  }

  /// File order: by root (in the corpus's order), then path, then id, in byte order.
  private static func filePrecedes(_ a: JSONObject, _ b: JSONObject, roots: [String]) -> Bool {
    let rootA = roots.firstIndex(of: a["root"]?.stringValue ?? "") ?? Int.max
    let rootB = roots.firstIndex(of: b["root"]?.stringValue ?? "") ?? Int.max
    if rootA != rootB { return rootA < rootB }
    let pathA = a["path"]?.stringValue ?? ""
    let pathB = b["path"]?.stringValue ?? ""
    if !utf8Equal(pathA, pathB) { return utf8Precedes(pathA, pathB) }
    return utf8Precedes(a["id"]?.stringValue ?? "", b["id"]?.stringValue ?? "")
  }

  /// The merged run's status and exit status, from its totals, the inputs' interruptions and
  /// unused excludes, and the stale expectations.
  private static func setStatus(of top: inout JSONObject, _ reports: [JSONObject], staleCount: Int, paths: [String]) {
    guard var totals = top["totals"]?.objectValue else { return }
    totals["staleExpectations"] = number(staleCount)
    top["totals"] = .object(totals)
    let noTests = reports.allSatisfy { $0["status"]?.stringValue == "no-tests" }
    let exit: Int
    let status: String
    let interrupted = interruptions(reports, paths: paths)
    if let first = interrupted.first {
      // Not every test ran: the merged run is interrupted, whatever its counts say. Exit 1,
      // as the JUnit merge of the same shards (its `interrupted` error testcase) exits: the
      // merge itself was not stopped by a signal.
      (exit, status) = (1, "interrupted")
      let message = interrupted.map(\.message).joined(separator: "; ")
      top["statusReason"] = .string(message)
      top["interruption"] = [
        "signal": .string(first.signal), "filesDone": number(first.filesDone),
        "fileCount": number(first.fileCount), "message": .string(message),
      ]
    } else if int(totals["loadErrors"]) > 0 || noTests {
      exit = 2
      status = noTests && int(totals["loadErrors"]) == 0 ? "no-tests" : "load-error"
    } else if top["unusedExcludes"] != nil {
      (exit, status) = (2, "unused-exclude")
    } else if int(totals["failed"]) + int(totals["errored"]) + staleCount > 0 {
      (exit, status) = (1, "failed")
    } else {
      (exit, status) = (0, "passed")
    }
    top["status"] = .string(status)
    top["exitStatus"] = number(exit)
  }

  /// Each implementation of a run of several: totals and suite rows summed over the shards,
  /// its failures taken from the merged `failures` (as a run writes them), status computed again.
  private static func mergeImplementations(_ reports: [JSONObject], failures: [JSONValue]) -> [JSONValue] {
    var order: [String] = []
    var entries: [String: [JSONObject]] = [:]
    for report in reports {
      for item in report["implementations"]?.arrayValue ?? [] {
        guard let object = item.objectValue, let name = object["name"]?.stringValue else { continue }
        if entries[name] == nil { order.append(name) }
        entries[name, default: []].append(object)
      }
    }
    return order.map { name in
      let shards = entries[name]!
      var object = JSONObject()
      for key in ["name", "command", "version"] where shards[0][key] != nil { object[key] = shards[0][key] }
      let totals = sum(shards.compactMap { $0["totals"]?.objectValue })
      object["status"] = .string(int(totals["failed"]) + int(totals["errored"]) > 0 ? "failed" : "passed")
      object["totals"] = .object(totals)
      var cells: [String: [JSONObject]] = [:]
      for shard in shards {
        for cell in shard["suites"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
          guard let suite = cell["suite"]?.stringValue else { continue }
          cells[suite, default: []].append(cell)
        }
      }
      object["suites"] = .array(
        cells.keys.sorted(by: RunReportData.suitePrecedes).map { suite in
          let rows = cells[suite]!
          var row: JSONObject = [
            "suite": .string(suite), "implemented": .bool(rows.contains { $0["implemented"]?.boolValue == true }),
          ]
          for member in sum(rows).members { row[member.key] = member.value }
          // Its own rows of the suite-by-tag matrix, summed by tag like the top-level ones.
          if rows.contains(where: { $0["tags"] != nil }) {
            row["untagged"] = .object(sum(rows.compactMap { $0["untagged"]?.objectValue }))
            row["tags"] = .array(mergeTags(rows.map { $0["tags"]?.arrayValue ?? [] }))
          }
          return .object(row)
        })
      object["failures"] = .array(
        failures.compactMap(\.objectValue).filter { $0["implementation"]?.stringValue == name }.map { failure in
          var entry = JSONObject()
          for key in ["kind", "file", "suite", "id"] { entry[key] = failure[key] }
          return .object(entry)
        })
      return .object(object)
    }
  }

  /// An input stopped by a signal: which shard, and the words the merged report says it in.
  struct ShardInterruption {
    var signal: String
    var filesDone: Int
    var fileCount: Int
    var message: String
  }

  /// The inputs a signal stopped (`status` `interrupted`, an `interruption`, or exit status 130
  /// or 143, any of them), in shard order: `shard 2/3 (s2.json): interrupted by SIGTERM after 3
  /// of 9 files`.
  static func interruptions(_ reports: [JSONObject], paths: [String]) -> [ShardInterruption] {
    var found: [(shard: Int, ShardInterruption)] = []
    for (report, path) in zip(reports, paths) {
      let interruption = report["interruption"]?.objectValue
      let exit = report["exitStatus"]?.numberValue?.intValue
      guard report["status"]?.stringValue == "interrupted" || interruption != nil || exit == 130 || exit == 143
      else { continue }
      let shard = ShardStamp.read(json: .object(report))?.shard
      let signal =
        interruption?["signal"]?.stringValue.flatMap { ["SIGINT", "SIGTERM"].contains($0) ? $0 : nil }
        ?? (exit == 130 ? "SIGINT" : "SIGTERM")
      let words = interruption?["message"]?.stringValue ?? "interrupted by \(signal)"
      let name = (shard.map { "shard \($0)" } ?? "a shard") + (path.isEmpty ? "" : " (\(path))")
      found.append(
        (
          shard?.index ?? Int.max,
          ShardInterruption(
            signal: signal, filesDone: max(0, int(interruption?["filesDone"])),
            fileCount: max(0, int(interruption?["fileCount"])), message: "\(name): \(TextCap.cut(words, limit: 300))")
        ))
    }
    return found.sorted { $0.shard < $1.shard }.map(\.1)
  }

  /// Every (implementation, suite, id) a report's `results` lists, with its key.
  static func testKeys(_ report: JSONObject) -> [(key: String, implementation: String, suite: String, id: String)] {
    var keys: [(key: String, implementation: String, suite: String, id: String)] = []
    for group in report["results"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
      let implementation = group["implementation"]?.stringValue ?? ""
      let suite = group["suite"]?.stringValue ?? ""
      for state in ["passed", "failed", "skipped"] {
        for id in group[state]?.arrayValue?.compactMap(\.stringValue) ?? [] {
          keys.append((implementation + "\u{0}" + suite + "\u{0}" + id, implementation, suite, id))
        }
      }
    }
    return keys
  }

  /// The count members of totals and of every row.
  static let countKeys = ["tests", "passed", "failed", "errored", "skipped", "loadErrors"]
  /// The largest count a report may hold: far above any corpus, far below any overflow.
  static let maxCount = Int(Int32.max)

  struct CountProblem: Error {
    var reason: String
  }

  /// Checks that every count of a shard report is a whole number from 0 to ``maxCount`` and that
  /// its totals agree with what they count: the files rows, the suite rows, the lists of
  /// failures, load errors, expected failures and stale entries, and each row's own sum.
  static func checkCounts(_ report: JSONObject) throws(CountProblem) {
    func count(_ value: JSONValue?, _ place: String) throws(CountProblem) -> Int {
      guard let value else { throw CountProblem(reason: "\(place) is missing") }
      let text = JSONSerializer.compact.string(from: value)
      guard value.numberValue != nil else { throw CountProblem(reason: "\(place) is \(text), not a number") }
      let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw CountProblem(reason: "\(place) is \(text), not a whole number")
      }
      guard !text.hasPrefix("-") || digits.utf8.allSatisfy({ $0 == 0x30 }) else {
        throw CountProblem(reason: "\(place) is \(text), a negative count")
      }
      guard digits.count <= 10, let whole = Int(digits), whole <= maxCount else {
        throw CountProblem(reason: "\(place) is \(text), out of range (a count is at most \(maxCount))")
      }
      return whole
    }
    func row(_ object: JSONObject, _ place: String, keys: [String]) throws(CountProblem) -> [String: Int] {
      var values: [String: Int] = [:]
      for key in keys { values[key] = try count(object[key], "\(place).\(key)") }
      let parts = values["passed"]! + values["failed"]! + values["errored"]! + values["skipped"]!
      guard parts == values["tests"]! else {
        throw CountProblem(
          reason:
            "\(place).tests is \(values["tests"]!), but its passed, failed, errored and skipped add up to \(parts)")
      }
      return values
    }
    guard let totalsObject = report["totals"]?.objectValue else { throw CountProblem(reason: "no \"totals\" object") }
    let totals = try row(totalsObject, "totals", keys: countKeys)
    for key in ["unexpectedPasses", "expectedFailures", "staleExpectations"] {
      _ = try count(totalsObject[key], "totals.\(key)")
    }
    func list(_ key: String) throws(CountProblem) -> [JSONObject] {
      guard let items = report[key]?.arrayValue else { throw CountProblem(reason: "no \"\(key)\" array") }
      return items.compactMap(\.objectValue)
    }
    func agree(_ place: String, _ value: Int, _ what: String, _ counted: Int) throws(CountProblem) {
      guard value == counted else { throw CountProblem(reason: "\(place) is \(value), but \(what) \(counted)") }
    }
    var fileSums = Dictionary(uniqueKeysWithValues: countKeys.map { ($0, 0) })
    for (index, file) in try list("files").enumerated() {
      let values = try row(file, "files[\(index)]", keys: countKeys)
      for key in countKeys { fileSums[key]! += values[key]! }
    }
    var suiteSums = fileSums.mapValues { _ in 0 }
    for (index, suite) in try list("suites").enumerated() {
      let values = try row(suite, "suites[\(index)]", keys: countKeys)
      for key in countKeys { suiteSums[key]! += values[key]! }
    }
    for key in countKeys {
      try agree("totals.\(key)", totals[key]!, "its files rows add up to", fileSums[key]!)
      try agree("totals.\(key)", totals[key]!, "its suites rows add up to", suiteSums[key]!)
    }
    let failures = try list("failures")
    func kind(_ name: String) -> Int { failures.filter { $0["kind"]?.stringValue == name }.count }
    try agree(
      "totals.failed", totals["failed"]!, "its failures list holds failed and unexpected passes:",
      kind("failed") + kind("unexpected-pass"))
    try agree("totals.errored", totals["errored"]!, "its failures list holds errored tests:", kind("errored"))
    try agree(
      "totals.unexpectedPasses", int(totalsObject["unexpectedPasses"]), "its failures list holds",
      kind("unexpected-pass"))
    try agree("totals.loadErrors", totals["loadErrors"]!, "its loadErrors list holds", try list("loadErrors").count)
    try agree(
      "totals.expectedFailures", int(totalsObject["expectedFailures"]), "its expectedFailures list holds",
      try list("expectedFailures").count)
    try agree(
      "totals.staleExpectations", int(totalsObject["staleExpectations"]), "its staleExpectations list holds",
      try list("staleExpectations").count)
    try checkResults(report, totals: totals, failures: failures)
  }

  /// Checks that `results`, the state of every test by id, counts what the totals count (its
  /// passed, failed — failed and errored — and skipped ids), lists no test twice, and lists as
  /// failing every test of `failures`: the ids are what a later comparison reads, so a report
  /// whose ids and totals disagree would merge into a verdict its ids contradict.
  static func checkResults(_ report: JSONObject, totals: [String: Int], failures: [JSONObject]) throws(CountProblem) {
    guard let groups = report["results"]?.arrayValue else {
      throw CountProblem(reason: "no \"results\" array (the state of every test by id)")
    }
    var counted: [String: Int] = ["passed": 0, "failed": 0, "skipped": 0]
    var failing: Set<String> = []
    var seen: Set<String> = []
    for (index, item) in groups.enumerated() {
      guard let group = item.objectValue, let implementation = group["implementation"]?.stringValue,
        let suite = group["suite"]?.stringValue
      else { throw CountProblem(reason: "results[\(index)] has no implementation or suite") }
      for state in ["passed", "failed", "skipped"] {
        guard let ids = group[state]?.arrayValue else {
          throw CountProblem(reason: "results[\(index)].\(state) is not a list of test ids")
        }
        for item in ids {
          guard let id = item.stringValue else {
            throw CountProblem(reason: "results[\(index)].\(state) is not a list of test ids")
          }
          let key = implementation + "\u{0}" + suite + "\u{0}" + id
          guard seen.insert(key).inserted else {
            throw CountProblem(reason: "`results` lists \(suite) \(id) of \(implementation) twice")
          }
          if state == "failed" { failing.insert(key) }
          counted[state]! += 1
        }
      }
    }
    try agreeWithIDs("totals.passed", totals["passed"]!, "passed", counted["passed"]!)
    try agreeWithIDs(
      "totals.failed + totals.errored", totals["failed"]! + totals["errored"]!, "failing (failed or errored)",
      counted["failed"]!)
    try agreeWithIDs("totals.skipped", totals["skipped"]!, "skipped", counted["skipped"]!)
    let implementation = report["implementation"]?.stringValue ?? ""
    for failure in failures {
      let suite = failure["suite"]?.stringValue ?? ""
      let id = failure["id"]?.stringValue ?? ""
      let name = failure["implementation"]?.stringValue ?? implementation
      guard failing.contains(name + "\u{0}" + suite + "\u{0}" + id) else {
        throw CountProblem(
          reason: "its failures list \(suite) \(id) of \(name), which its `results` do not list as failing")
      }
    }
  }

  private static func agreeWithIDs(_ place: String, _ value: Int, _ state: String, _ ids: Int) throws(CountProblem) {
    guard value == ids else {
      throw CountProblem(reason: "\(place) is \(value), but its `results` list \(ids) \(state) test ids")
    }
  }

  /// Tag rows summed by tag, in report order (standard tags first).
  private static func mergeTags(_ lists: [[JSONValue]]) -> [JSONValue] {
    var rows: [[UInt8]: (tag: String, rows: [JSONObject])] = [:]
    for list in lists {
      for row in list {
        guard let object = row.objectValue, let tag = object["tag"]?.stringValue else { continue }
        rows[Array(tag.utf8), default: (tag, [])].rows.append(object)
      }
    }
    return rows.values.sorted { RunReportData.tagPrecedes($0.tag, $1.tag) }.map { entry in
      var object: JSONObject = ["tag": .string(entry.tag)]
      for member in sum(entry.rows).members { object[member.key] = member.value }
      return .object(object)
    }
  }

  /// Every integer member summed, in the first object's order; other members left out.
  private static func sum(_ objects: [JSONObject], except: Set<String> = []) -> JSONObject {
    var result = JSONObject()
    for object in objects {
      for member in object.members where !except.contains(member.key) {
        guard let value = member.value.numberValue?.intValue else { continue }
        result[member.key] = number(int(result[member.key]) + value)
      }
    }
    for key in except where objects.first?[key] != nil { result[key] = objects.first?[key] }
    return result
  }

  private static func fileKey(_ object: JSONObject) -> [UInt8] {
    Array((object["root"]?.stringValue ?? "").utf8) + [0] + Array((object["path"]?.stringValue ?? "").utf8)
  }

  private static func int(_ value: JSONValue?) -> Int { value?.numberValue?.intValue ?? 0 }
  private static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
}
