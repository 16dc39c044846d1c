import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel

/// `--history DIR`: `DIR/history.json` keeps the summaries of the last ``limit`` runs, oldest
/// first: run id, time, status, corpus digest and selection, and per implementation and suite
/// the passed, failed, errored and skipped counts and the ids that failed. The newest entry also
/// keeps `results`, every test's state, so the next run can say what changed since it without
/// `--compare`; older entries drop them, so the file grows with its 50 entries, not with every
/// run ever made.
///
/// The file is untrusted like any report: size-bounded, every member checked, rewritten from
/// what was read. One that cannot be read is an error naming it, never silently restarted.
public struct RunHistory: Sendable {
  public static let format = "conformance-history/1"
  /// Runs kept.
  public static let limit = 50
  public static let fileName = "history.json"

  public struct SuiteEntry: Sendable {
    public var suite: String
    public var counts: Counts
    /// Ids of the tests that counted against the run (failed, errored, unexpected pass).
    public var failing: [String]
  }

  public struct ImplementationEntry: Sendable {
    public var name: String
    public var suites: [SuiteEntry]
    /// The implementation's version (its adapter hello's `version`), when it gave one.
    public var version: String? = nil

    public var passed: Int { suites.reduce(0) { $0 + $1.counts.passed } }
    public var failed: Int { suites.reduce(0) { $0 + $1.counts.failed + $1.counts.errored } }
  }

  public struct Entry: Sendable {
    public var runID: String?
    public var time: String?
    public var ciBuild: CIBuild? = nil
    public var status: String
    public var corpusDigest: String
    public var corpusFiles: Int
    public var selection: Selection
    public var implementations: [ImplementationEntry]
  }

  /// The history file.
  public let path: String
  /// Oldest first.
  public private(set) var entries: [Entry]
  /// The newest entry's `results`.
  public var latestResults: ResultIndex? { appendedResults ?? readResults?.index }
  /// Those of the run appended.
  private var appendedResults: ResultIndex?
  /// Those read from the file (checked to list no test twice), kept as its bytes.
  private var readResults: ReportResults?

  public init(path: String, entries: [Entry] = [], latestResults: ResultIndex? = nil) {
    self.path = path
    self.entries = entries
    self.appendedResults = latestResults
  }

  public static func path(folder: String) -> String {
    folder.hasSuffix("/") ? folder + fileName : folder + "/" + fileName
  }

  /// The newest run as a snapshot to compare with; `nil` for an empty history.
  public var latestSnapshot: RunSnapshot? {
    guard let last = entries.last, appendedResults != nil || readResults != nil else { return nil }
    var snapshot = RunSnapshot(
      source: "history \(path)", runID: last.runID, time: last.time, implementations: last.implementations.map(\.name),
      corpusDigest: last.corpusDigest, corpusFiles: last.corpusFiles, selection: last.selection, status: last.status,
      results: appendedResults ?? ResultIndex())
    if appendedResults == nil { snapshot.reportResults = readResults }
    for implementation in last.implementations { snapshot.versions[implementation.name] = implementation.version }
    snapshot.ciBuild = last.ciBuild
    for implementation in last.implementations {
      for suite in implementation.suites {
        for id in suite.failing {
          snapshot.failures[RunSnapshot.key(implementation.name, suite.suite, id)] = RunSnapshot.FailureDetail(
            kind: "failed", file: nil, message: nil)
        }
      }
    }
    return snapshot
  }

  /// The entry of a finished run.
  public static func entry(of data: RunReportData) -> Entry {
    let info = data.info
    let names = info.implementations.isEmpty ? [info.implementation] : info.implementations.map(\.name)
    var failing: [[UInt8]: [String]] = [:]
    for failure in data.failures {
      let key = RunComparison.groupKey(failure.implementation ?? info.implementation, failure.suite)
      failing[key, default: []].append(failure.id)
    }
    let implementations = names.map { name in
      let bySuite =
        info.implementations.isEmpty ? data.summary.bySuite : data.summary.bySuiteByImplementation[name] ?? [:]
      let suites = bySuite.keys.sorted(by: RunReportData.suitePrecedes).map { suite in
        SuiteEntry(
          suite: suite, counts: bySuite[suite]!, failing: failing[RunComparison.groupKey(name, suite)] ?? [])
      }
      let version =
        info.implementations.isEmpty
        ? info.implementationVersion : info.implementations.first { $0.name == name }?.version
      return ImplementationEntry(name: name, suites: suites, version: version)
    }
    return Entry(
      runID: info.runID, time: info.time, ciBuild: info.ciBuild, status: data.status, corpusDigest: data.corpusDigest,
      corpusFiles: data.corpusFileCount, selection: info.selection, implementations: implementations)
  }

  /// The history with `entry` appended as the newest (with `results`), the oldest dropped
  /// beyond ``limit``.
  public func appending(_ entry: Entry, results: ResultIndex) -> RunHistory {
    RunHistory(path: path, entries: Array((entries + [entry]).suffix(Self.limit)), latestResults: results)
  }

  /// The file's text.
  public var text: String {
    var runs: [JSONValue] = entries.map(Self.json)
    if let latestResults, var last = runs.last?.objectValue {
      last["results"] = latestResults.json
      runs[runs.count - 1] = .object(last)
    }
    let top: JSONObject = ["format": .string(Self.format), "runs": .array(runs)]
    return JSONSerializer.pretty.string(from: .object(top)) + "\n"
  }

  static func json(_ entry: Entry) -> JSONValue {
    var object = JSONObject()
    if let runID = entry.runID { object["runId"] = .string(runID) }
    if let time = entry.time { object["time"] = .string(time) }
    if let build = entry.ciBuild { object["ciBuild"] = .string(build.label) }
    object["status"] = .string(entry.status)
    object["corpusDigest"] = .string(entry.corpusDigest)
    object["corpusFiles"] = .number(JSONNumber(entry.corpusFiles))
    object["selection"] = JSONRunReport.selection(entry.selection)
    object["implementations"] = .array(
      entry.implementations.map { implementation in
        var object: JSONObject = ["name": .string(implementation.name)]
        if let version = implementation.version { object["version"] = .string(version) }
        object["suites"] = .array(
          implementation.suites.map { suite in
            [
              "suite": .string(suite.suite), "passed": .number(JSONNumber(suite.counts.passed)),
              "failed": .number(JSONNumber(suite.counts.failed)),
              "errored": .number(JSONNumber(suite.counts.errored)),
              "skipped": .number(JSONNumber(suite.counts.skipped)),
              "failing": .array(suite.failing.map(JSONValue.string)),
            ]
          })
        return .object(object)
      })
    return .object(object)
  }

  // MARK: - Two runs on one folder

  /// The lock of `DIR/.history.lock` (`flock`), held by a run from reading the history again
  /// until its new history is in place, so that concurrent runs append one after the other
  /// instead of each rewriting what it read at its start. A second run waits (for the first's
  /// renames, milliseconds); the lock goes with the process, so a killed run leaves none.
  public final class Lock: Sendable {
    public static let fileName = ".history.lock"
    private let descriptor: Int32

    /// Takes the lock of the history in `folder`, waiting while another run holds it.
    public init(folder: String) throws(ReportWriteError) {
      let path = folder.hasSuffix("/") ? folder + Self.fileName : folder + "/" + Self.fileName
      let descriptor: Int32
      do {
        descriptor = try openFile(path, [.readWrite, .create, .noFollow], permissions: 0o644)
      } catch {
        throw ReportWriteError(path: path, reason: "cannot open the history's lock: \(error)")
      }
      do {
        try lockFile(descriptor)
      } catch {
        try? closeFile(descriptor)
        throw ReportWriteError(path: path, reason: "cannot lock the history: \(error)")
      }
      self.descriptor = descriptor
    }

    deinit { try? closeFile(descriptor) }
  }

  // MARK: - Reading

  /// Reads `DIR/history.json`: an empty history when there is no such file yet; an error naming
  /// the file for one that exists but cannot be read or is not a history.
  public static func load(folder: String, maxFileSize: Int = RunSnapshot.maxFileSize) throws(PreviousRunError)
    -> RunHistory
  {
    let path = path(folder: folder)
    do {
      _ = try fileInfo(atPath: path, followingLinks: false)
    } catch {
      if error.isNoSuchEntry { return RunHistory(path: path) }
    }
    let bytes = try RunSnapshot.readBytes(path, limit: maxFileSize)
    let shape = "not a \(format) file (written by `conformance run --history`)"
    var format: String?
    var entries: [Entry] = []
    var latest: ReportResults?
    try RunSnapshot.scanMembers(bytes, path: path, shape: shape) { key, cursor in
      switch key {
      case "format":
        format = cursor.string()
        return format == nil ? .syntax : .read
      case "runs":
        return cursor.forEachElement { cursor in
          guard entries.count < limit else { return .problem("it holds more than the \(limit) runs a history keeps") }
          switch readEntry(&cursor, bytes: bytes) {
          case .none: return .syntax
          case .some(.failure(let problem)): return .problem("runs[\(entries.count)]: \(problem.reason)")
          case .some(.success(let (entry, results))):
            entries.append(entry)
            latest = results
            return .read
          }
        }
      default:
        return cursor.value() == nil ? .syntax : .read
      }
    }
    guard format == Self.format else {
      throw PreviousRunError(path: path, reason: "\(shape): no \"format\": \"\(Self.format)\"")
    }
    if !entries.isEmpty && latest == nil {
      throw PreviousRunError(path: path, reason: "\(shape): its newest run has no `results`")
    }
    var history = RunHistory(path: path, entries: entries)
    if let latest {
      if let duplicate = latest.firstDuplicate() {
        throw PreviousRunError(path: path, reason: "\(shape): \(duplicate)")
      }
      history.readResults = latest
    }
    return history
  }

  private struct EntryProblem: Error {
    var reason: String
  }

  /// One entry at the cursor: `nil` on a syntax error, a failure naming what is wrong.
  private static func readEntry(_ cursor: inout JSONCursor, bytes: [UInt8]) -> Result<
    (Entry, ReportResults?), EntryProblem
  >? {
    guard cursor.enterObject() else { return nil }
    var members = JSONObject()
    var results: ReportResults?
    while true {
      switch cursor.nextKey() {
      case .end:
        do {
          return .success((try entry(from: members), results))
        } catch {
          return .failure(error)
        }
      case .invalid: return nil
      case .key(let raw):
        let key = String(decoding: raw, as: UTF8.self)
        if key == "results" {
          guard let read = ReportResults.read(&cursor, bytes: bytes, checksKeys: false) else {
            return .failure(EntryProblem(reason: "bad `results`"))
          }
          results = read.results
        } else {
          guard let value = cursor.value() else { return nil }
          members[key] = value
        }
      }
    }
  }

  private static func entry(from object: JSONObject) throws(EntryProblem) -> Entry {
    func count(_ value: JSONValue?, _ name: String) throws(EntryProblem) -> Int {
      guard let number = value?.numberValue?.intValue, number >= 0 else {
        throw EntryProblem(reason: "\(name) is not a count")
      }
      return number
    }
    let runID = object["runId"]?.stringValue
    if let runID, !CorpusManifest.isHexDigest(runID, length: 32) {
      throw EntryProblem(reason: "runId is not 32 hex digits")
    }
    guard let status = object["status"]?.stringValue, status.utf8.count <= 32 else {
      throw EntryProblem(reason: "no status")
    }
    guard let digest = object["corpusDigest"]?.stringValue, CorpusManifest.isHexDigest(digest, length: 64) else {
      throw EntryProblem(reason: "corpusDigest is not 64 hex digits")
    }
    let time = object["time"]?.stringValue
    if let time, time.utf8.count > 40 { throw EntryProblem(reason: "time is not a time") }
    var ciBuild: CIBuild? = nil
    if let label = object["ciBuild"]?.stringValue {
      guard let build = CIBuild(label: label) else { throw EntryProblem(reason: "ciBuild is not a CI run number") }
      ciBuild = build
    }
    guard let implementationValues = object["implementations"]?.arrayValue else {
      throw EntryProblem(reason: "no implementations")
    }
    var implementations: [ImplementationEntry] = []
    for value in implementationValues {
      guard let implementation = value.objectValue, let name = implementation["name"]?.stringValue, !name.isEmpty,
        name.utf8.count <= ResultIndex.maxNameBytes, let suiteValues = implementation["suites"]?.arrayValue
      else { throw EntryProblem(reason: "an implementation without its name or suites") }
      var suites: [SuiteEntry] = []
      for suiteValue in suiteValues {
        guard let suite = suiteValue.objectValue, let suiteName = suite["suite"]?.stringValue,
          Contract.isValidTestID(suiteName), let failingValues = suite["failing"]?.arrayValue
        else { throw EntryProblem(reason: "a suite of \(name) without its name or failing ids") }
        var counts = Counts()
        counts.passed = try count(suite["passed"], "passed")
        counts.failed = try count(suite["failed"], "failed")
        counts.errored = try count(suite["errored"], "errored")
        counts.skipped = try count(suite["skipped"], "skipped")
        var failing: [String] = []
        for id in failingValues {
          guard let text = id.stringValue, Contract.isValidTestID(text) else {
            throw EntryProblem(reason: "a failing id of \(suiteName) is not a test id")
          }
          failing.append(text)
        }
        suites.append(SuiteEntry(suite: suiteName, counts: counts, failing: failing))
      }
      let version = implementation["version"]?.stringValue
      if let version, version.utf8.count > ResultIndex.maxNameBytes {
        throw EntryProblem(reason: "the version of \(name) is longer than \(ResultIndex.maxNameBytes) bytes")
      }
      implementations.append(ImplementationEntry(name: name, suites: suites, version: version))
    }
    return Entry(
      runID: runID, time: time, ciBuild: ciBuild, status: status, corpusDigest: digest,
      corpusFiles: try count(object["corpusFiles"] ?? 0, "corpusFiles"),
      selection: RunSnapshot.selection(object["selection"]), implementations: implementations)
  }
}
