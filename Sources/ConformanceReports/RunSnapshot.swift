import ConformanceJSON
import ConformanceKit

/// What one run's comparison with another needs of it: who it was, over which corpus and
/// selection, and every test's state. Taken from the run itself, from its JSON report
/// (`--compare`, `conformance diff`) or from the newest entry of a history (`--history`).
public struct RunSnapshot: Sendable {
  /// A failing test's details, for the lists of new and old failures.
  public struct FailureDetail: Sendable {
    public var kind: String
    public var file: String?
    /// The first difference, or the error.
    public var message: String?
  }

  /// Where the snapshot comes from, for messages: `report PATH`, `history PATH`, `this run`.
  public var source: String
  public var runID: String?
  /// `YYYY-MM-DDTHH:MM:SSZ`, when the run started.
  public var time: String?
  /// The CI's number for the run, when its report recorded one.
  public var ciBuild: CIBuild?
  /// The implementations' names, in command-line order.
  public var implementations: [String]
  /// Each implementation's version (its adapter hello's `version`), by name, where it gave one.
  /// Tests are compared by name alone: a new release of an SDK is the same implementation.
  public var versions: [String: String] = [:]
  public var corpusDigest: String?
  public var corpusFiles: Int?
  public var selection: Selection
  public var status: String?
  /// The report's `statusReason`: why its status is not `passed` or `failed`, in words.
  public var statusReason: String?
  public var loadErrors = 0
  /// Set when the run did not see every file (interrupted, or stopped at `--max-failures`).
  public var stoppedEarly: String?
  /// Every test's state (built from ``reportResults`` when the snapshot has them: a comparison
  /// reads those with ``forEachTest(_:)`` instead).
  public var results: ResultIndex {
    get { reportResults?.index ?? ownResults }
    set {
      ownResults = newValue
      reportResults = nil
    }
  }
  private var ownResults: ResultIndex
  /// The tests of a report or history read back, kept as its bytes (see ``ReportResults``).
  public var reportResults: ReportResults?
  /// Failing tests' details by ``key(_:_:_:)``.
  public var failures: [String: FailureDetail] = [:]

  public init(
    source: String, runID: String?, time: String?, implementations: [String], corpusDigest: String?,
    corpusFiles: Int?, selection: Selection, status: String?, results: ResultIndex
  ) {
    self.source = source
    self.runID = runID
    self.time = time
    self.implementations = implementations
    self.corpusDigest = corpusDigest
    self.corpusFiles = corpusFiles
    self.selection = selection
    self.status = status
    self.ownResults = results
  }

  /// Calls `test` for every test, group by group in run order.
  public func forEachTest(_ test: (ReportResults.Group, String, ResultIndex.State) -> Void) {
    if let reportResults { return reportResults.forEach(test) }
    for (number, group) in ownResults.groups.enumerated() {
      let name = ReportResults.Group(
        implementation: group.implementation, suite: group.suite,
        key: RunComparison.groupKey(group.implementation, group.suite), number: number)
      for (id, state) in zip(group.ids, group.states) { test(name, id, state) }
    }
  }

  public static func key(_ implementation: String, _ suite: String, _ id: String) -> String {
    implementation + "\u{0}" + suite + "\u{0}" + id
  }

  /// The snapshot of a finished run, from what its reports show.
  public init(_ data: RunReportData) {
    let info = data.info
    self.init(
      source: "this run", runID: info.runID, time: info.time,
      implementations: info.implementations.isEmpty ? [info.implementation] : info.implementations.map(\.name),
      corpusDigest: data.corpusDigest, corpusFiles: data.corpusFileCount, selection: info.selection,
      status: data.status, results: data.results)
    if info.implementations.isEmpty {
      versions[info.implementation] = info.implementationVersion
    } else {
      for implementation in info.implementations { versions[implementation.name] = implementation.version }
    }
    ciBuild = info.ciBuild
    loadErrors = data.summary.totals.loadErrors
    if let interruption = data.summary.interruption {
      stoppedEarly = interruption.message
    } else if let limit = data.summary.stoppedAtProblems {
      stoppedEarly = "stopped at problem \(limit) (--max-failures)"
    }
    for failure in data.failures {
      let key = Self.key(failure.implementation ?? info.implementation, failure.suite, failure.id)
      failures[key] = FailureDetail(
        kind: failure.kind.rawValue, file: failure.location.displayPath, message: failure.message)
    }
  }
}

/// A report or history that cannot be used: it names the file and the problem.
public struct PreviousRunError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}

extension RunSnapshot {
  /// The largest JSON report or history read back (512 MiB): a report of a million tests with
  /// many failures is well under it, and it bounds what an untrusted file can make us hold.
  public static let maxFileSize = 512 * 1024 * 1024

  /// Reads a file as vector files are read: a regular file only, within the size limit.
  static func readBytes(_ path: String, limit: Int) throws(PreviousRunError) -> [UInt8] {
    switch VectorLoader(maxFileSize: limit).read(VectorFileLocation(root: "", path: path)) {
    case .success(let bytes): return bytes
    case .failure(let failure): throw PreviousRunError(path: path, reason: "cannot read: \(failure.reason)")
    }
  }

  /// Why `bytes` are not what was expected: the parser's error when they are not JSON (for a
  /// file small enough to parse twice), else `shape`.
  static func problem(_ bytes: [UInt8], shape: String) -> String {
    guard bytes.count <= 16 * 1024 * 1024 else { return "not valid JSON, or \(shape)" }
    do {
      _ = try JSONParser().parse(bytes)
    } catch {
      return "invalid JSON: \(error)"
    }
    return shape
  }

  /// What reading one member (or element) came to.
  enum MemberRead {
    case read
    /// Not JSON as the strict parser reads it (its error is then asked for).
    case syntax
    /// JSON, but not the shape expected: why.
    case problem(String)
  }

  /// Walks the object at the top of `bytes`, handing each member's key to `member`, which reads
  /// its value; throws, naming `path`, when the bytes are not JSON or `member` finds a problem.
  static func scanMembers(
    _ bytes: [UInt8], path: String, shape: String, member: (String, inout JSONCursor) -> MemberRead
  ) throws(PreviousRunError) {
    var problem: String?
    let scanned: Bool? = JSONParser().scan(bytes) { cursor in
      guard cursor.enterObject() else { return nil }
      while true {
        switch cursor.nextKey() {
        case .end: return cursor.isAtEnd() ? true : nil
        case .invalid: return nil
        case .key(let raw):
          switch member(String(decoding: raw, as: UTF8.self), &cursor) {
          case .read: continue
          case .syntax: return nil
          case .problem(let reason):
            problem = reason
            return false
          }
        }
      }
    }
    guard let scanned else { throw PreviousRunError(path: path, reason: Self.problem(bytes, shape: shape)) }
    guard scanned else { throw PreviousRunError(path: path, reason: "\(shape): \(problem ?? "")") }
  }

  /// The snapshot of the run a JSON report (`--report-json`) describes. The report is untrusted:
  /// its size is bounded, every member read is checked, and every test key must be one a run
  /// could have written, each once.
  /// `checksKeys: false` leaves the check for keys listed twice to ``RunComparison`` (its
  /// ``RunComparison/currentDuplicate``), for the newer side of a comparison, whose lookup it
  /// builds anyway. `keepsFailures: false` checks the `failures` entries without keeping them,
  /// for the earlier side, whose failures a comparison does not show (an earlier report may
  /// list millions).
  public static func read(
    report path: String, maxFileSize: Int = maxFileSize, checksKeys: Bool = true, keepsFailures: Bool = true
  ) throws(PreviousRunError) -> RunSnapshot {
    let bytes = try readBytes(path, limit: maxFileSize)
    let notReport = "not a \(JSONRunReport.format) JSON report"
    var members: [String: JSONValue] = [:]
    var results: ReportResults?
    var duplicate: String?
    var failures: [String: FailureDetail] = [:]
    try scanMembers(bytes, path: path, shape: notReport) { key, cursor in
      switch key {
      case "results":
        guard let read = ReportResults.read(&cursor, bytes: bytes, checksKeys: checksKeys) else {
          return .problem("`results` is not a list of {implementation, suite, passed, failed, skipped} with test ids")
        }
        (results, duplicate) = read
        return .read
      case "failures":
        return cursor.forEachElement { cursor in
          guard let entry = cursor.value()?.objectValue else { return .syntax }
          guard let suite = entry["suite"]?.stringValue, let id = entry["id"]?.stringValue,
            let kind = entry["kind"]?.stringValue
          else { return .problem("a `failures` entry without its suite, id or kind") }
          guard keepsFailures else { return .read }
          let implementation = entry["implementation"]?.stringValue ?? members["implementation"]?.stringValue ?? ""
          failures[Self.key(implementation, suite, id)] = FailureDetail(
            kind: kind, file: entry["file"]?.stringValue,
            message: entry["difference"]?.stringValue ?? entry["error"]?.stringValue)
          return .read
        }
      default:
        guard let value = cursor.value() else { return .syntax }
        members[key] = value
        return .read
      }
    }
    guard members["format"]?.stringValue == JSONRunReport.format else {
      throw PreviousRunError(path: path, reason: "\(notReport): no \"format\": \"\(JSONRunReport.format)\"")
    }
    guard let results else {
      throw PreviousRunError(
        path: path,
        reason:
          "a \(JSONRunReport.format) report without `results` (the state of every test), written by an older conformance: run it again with this version to compare against it"
      )
    }
    // The run id is shown as it is (in a Markdown code span, on the console): one a run wrote
    // is 32 hex digits, as a history's entries are checked to be.
    let runID = members["runId"]?.stringValue
    if let runID, !CorpusManifest.isHexDigest(runID, length: 32) {
      throw PreviousRunError(path: path, reason: "\(notReport): runId is not 32 hex digits")
    }
    guard let implementation = members["implementation"]?.stringValue else {
      throw PreviousRunError(path: path, reason: "\(notReport): no \"implementation\"")
    }
    // A report of one implementation names its failures by the top-level name; the entries of
    // a run of several carry theirs (read above, before or after the name).
    if failures.keys.contains(where: { $0.hasPrefix("\u{0}") }) {
      var named: [String: FailureDetail] = [:]
      for (key, detail) in failures { named[key.hasPrefix("\u{0}") ? implementation + key : key] = detail }
      failures = named
    }
    var snapshot = Self.snapshot(
      of: members, path: path, implementation: implementation, runID: runID, results: results)
    snapshot.failures = failures
    // Every (implementation, suite, id) at most once: a file listing one twice was not written
    // by a run.
    if let duplicate { throw PreviousRunError(path: path, reason: "\(notReport): \(duplicate)") }
    return snapshot
  }

  /// What a report's top-level members say about its run, besides its failures.
  private static func snapshot(
    of members: [String: JSONValue], path: String, implementation: String, runID: String?, results: ReportResults
  ) -> RunSnapshot {
    let names =
      members["implementations"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? [implementation]
    let corpus = members["corpus"]?.objectValue
    var snapshot = RunSnapshot(
      source: "report \(path)", runID: runID, time: members["time"]?.stringValue,
      implementations: names, corpusDigest: corpus?["digest"]?.objectValue?["value"]?.stringValue,
      corpusFiles: corpus?["files"]?.numberValue?.intValue,
      selection: selection(members["selection"]), status: members["status"]?.stringValue, results: ResultIndex())
    snapshot.reportResults = results
    if let version = members["implementationVersion"]?.stringValue { snapshot.versions[implementation] = version }
    for value in members["implementations"]?.arrayValue ?? [] {
      if let object = value.objectValue, let name = object["name"]?.stringValue,
        let version = object["version"]?.stringValue
      {
        snapshot.versions[name] = version
      }
    }
    snapshot.ciBuild = members["ciBuild"]?.stringValue.flatMap(CIBuild.init(label:))
    snapshot.loadErrors = members["totals"]?.objectValue?["loadErrors"]?.numberValue?.intValue ?? 0
    snapshot.stoppedEarly = members["interruption"]?.objectValue?["message"]?.stringValue
    snapshot.statusReason = members["statusReason"]?.stringValue
    if snapshot.stoppedEarly == nil, members["interruption"] != nil || snapshot.status == "interrupted" {
      snapshot.stoppedEarly = snapshot.statusReason ?? "interrupted"
    }
    return snapshot
  }

  /// Why this run cannot stand on one side of a comparison (`conformance diff`), `nil` when it
  /// can: a run that was interrupted, checked nothing, had a file that did not load or ended
  /// with any status but `passed`, `failed` or `report-error` proves nothing about the tests it did not run, and
  /// they would read as removed (or, the other way round, as new) rather than as unknown.
  public var untrustworthyReason: String? {
    let reason = statusReason.map { TextCap.cut($0, limit: 300) }
    if let stopped = stoppedEarly {
      return "it was interrupted (\(TextCap.cut(stopped, limit: 300))), so the tests it never ran would read as removed"
    }
    switch status {
    // A run whose other report could not be written still checked every test it lists.
    case "passed", "failed", "report-error": return nil
    case "no-tests": return "it checked nothing (\(reason ?? "no test was selected"))"
    case "load-error":
      return "\(reason ?? "a vector file could not be loaded"), so the tests of what did not load would read as removed"
    case let other?:
      return "its status is \"\(other)\" (\(reason ?? "not passed or failed")), so it is no run to compare"
    case nil: return "it has no `status`, so it is no run to compare"
    }
  }

  /// A report's `selection` member as a ``Selection`` (an absent or odd one as everything).
  static func selection(_ value: JSONValue?) -> Selection {
    let object = value?.objectValue ?? JSONObject()
    func strings(_ key: String) -> [String] { object[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    return Selection(
      suites: strings("suites"), tags: strings("tags"), idPatterns: strings("ids").map(IDPattern.init),
      excludedTags: strings("excludeTags"), excludedIDPatterns: strings("excludeIds").map(IDPattern.init),
      shard: object["shard"]?.stringValue.flatMap(Shard.init(parsing:)))
  }

}

extension JSONCursor {
  /// Reads the array that comes next, element by element with `element`, until its end or the
  /// first element that is not read.
  mutating func forEachElement(_ element: (inout JSONCursor) -> RunSnapshot.MemberRead) -> RunSnapshot.MemberRead {
    guard enterArray() else { return .syntax }
    while true {
      guard let more = nextElement() else { return .syntax }
      if !more { return .read }
      let read = element(&self)
      guard case .read = read else { return read }
    }
  }
}
