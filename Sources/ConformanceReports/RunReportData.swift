import ConformanceJSON
import ConformanceKit
import ConformanceProcess

/// Facts about a run that its results do not carry: who ran what, over which vectors.
public struct RunReportInfo: Sendable {
  public var toolName: String
  public var toolVersion: String
  /// The implementation's name (`reference`, or an adapter's).
  public var implementation: String
  /// The vectors roots as given on the command line.
  public var roots: [String]
  public var selection: Selection
  /// The expectations file in force, if any.
  public var expectations: ExpectedFailures?
  /// In a run of several implementations, each of them in command-line order (empty otherwise).
  public var implementations: [ImplementationInfo]
  /// How the run reads vector files (its size limit), for the corpus digest.
  public var loader = VectorLoader()
  /// The corpus digest, when the caller already computed it over the run's files; otherwise the
  /// recorder reads the files under the roots for it when the run starts.
  public var corpusDigest: CorpusDigest?
  /// The corpus's release (`1.0.0`): the version in the manifest of the first root that has one
  /// matching its files (docs/releases.md); `nil` when no root has a matching manifest.
  public var corpusVersion: String?
  /// The run's id, the same in every report of the run (``RunID``); `nil` leaves it out.
  public var runID: String?
  /// The CI's number for the run, when the CI gives one: with ``time``, how people name it.
  public var ciBuild: CIBuild?
  /// `--reruns N`: the reports then list flaky tests and count them.
  public var reruns = 0
  /// In a run of one implementation, its version: the adapter hello's `version`, this build's
  /// for the reference parsers (in a run of several, each ``ImplementationInfo`` has its own).
  public var implementationVersion: String?

  /// The implementation(s) as the reports name them: the hello's name and version, each.
  public var implementationLabel: String {
    guard !implementations.isEmpty else {
      return implementation + (implementationVersion.map { " " + $0 } ?? "")
    }
    return implementations.map(\.label).joined(separator: ", ")
  }

  /// When the run started, `YYYY-MM-DDTHH:MM:SSZ` (the JUnit `timestamp`); `nil` leaves it out.
  public var time: String?
  /// Why the run could not start (a refused command line, a bad `--vectors`, `--expectations`,
  /// `--adapter`, `--compare` or `--history`), when it could not: its one error testcase is
  /// then no vector file, and the status line says this instead of a file not loaded.
  public var startFailure: String?
  /// `conformance judge`: each answers file that ended without its trailer, in words
  /// (``AnswersFile/cutShortMessage``).
  public var answersCutShort: [String] = []

  public init(
    toolName: String, toolVersion: String, implementation: String, roots: [String],
    selection: Selection = Selection(), expectations: ExpectedFailures? = nil,
    implementations: [ImplementationInfo] = []
  ) {
    self.toolName = toolName
    self.toolVersion = toolVersion
    self.implementation = implementation
    self.roots = roots
    self.selection = selection
    self.expectations = expectations
    self.implementations = implementations
  }
}

/// One implementation of a run of several: its name and the suites it implements.
public struct ImplementationInfo: Sendable {
  public var name: String
  /// The contract's suites it implements, in the contract's order.
  public var suites: [String]
  /// The adapter's command and hello `version`, for an adapter.
  public var command: String?
  public var version: String?

  public init(name: String, suites: [String], command: String? = nil, version: String? = nil) {
    self.name = name
    self.suites = suites
    self.command = command
    self.version = version
  }

  /// Its name and version, as the reports name it.
  public var label: String { name + (version.map { " " + $0 } ?? "") }

  public init(_ implementation: any Implementation) {
    let adapter = implementation as? ProcessImplementation
    self.init(
      name: implementation.name, suites: Contract.suites.filter(implementation.supports(suite:)),
      command: adapter?.command, version: adapter?.version)
  }
}

/// Everything the JSON, Markdown and HTML reports show, gathered from a run in file order.
public struct RunReportData: Sendable {
  public struct FileRow: Sendable {
    public var location: VectorFileLocation
    public var suite: String?
    public var counts: Counts
    public var loadError: String?
  }

  /// A test that counts against the run.
  public struct Failure: Sendable {
    public enum Kind: String, Sendable {
      case failed
      case errored
      /// Listed as an expected failure, but passed.
      case unexpectedPass = "unexpected-pass"
    }

    public var kind: Kind
    public var location: VectorFileLocation
    public var suite: String
    public var id: String
    public var description: String?
    public var tags: [String]
    /// The test's `input`.
    public var input: JSONValue?
    /// The test's `expect` object.
    public var expected: JSONValue
    /// The implementation's answer in the same shape; `nil` when it threw.
    public var actual: JSONValue?
    /// The first difference (failed, unexpected pass) or the implementation's error (errored).
    public var message: String
    /// Where the expectations entry that listed the test is written (unexpected pass).
    public var entryPlace: String?
    /// Whose failure it is, in a run of several implementations.
    public var implementation: String? = nil
    /// With `--reruns`: every try, when the test was asked more than once.
    public var tries: [Try] = []
  }

  /// A test listed as an expected failure that did fail or error (reported as skipped).
  public struct ListedFailure: Sendable {
    public var location: VectorFileLocation
    public var suite: String
    public var id: String
    public var reason: String
    public var link: String?
    public var entryPlace: String
    /// `failed` or `errored`.
    public var outcome: String
    /// The difference or the error, as the run saw it.
    public var detail: String
  }

  public struct TagCounts: Sendable {
    public var tag: String
    public var counts: Counts
  }

  public struct SuiteRow: Sendable {
    public var suite: String
    /// Every test of the suite, and its files that failed to load.
    public var counts: Counts
    /// Tests of the suite without tags.
    public var untagged: Counts
    /// Per tag, in report order; a test with several tags counts under each.
    public var byTag: [TagCounts]
  }

  public var info: RunReportInfo
  public var summary: RunSummary
  public var corpusDigest: String
  public var corpusFileCount: Int
  public var files: [FileRow]
  public var failures: [Failure]
  public var listedFailures: [ListedFailure]
  public var suites: [SuiteRow]
  public var tags: [TagCounts]
  /// Tests that passed on a rerun (`--reruns`), in run order.
  public var flaky: [FlakyTest] = []
  /// Every test's state by (implementation, suite, id): the JSON report's `results`.
  public var results = ResultIndex()
  /// Set by `--compare` or `--history`: what changed since the earlier run.
  public var comparison: RunComparison?
  /// Set by `--history`: the earlier runs, oldest first, for the trend.
  public var history: [RunHistory.Entry] = []
  /// The run's reports that could not be written (`cannot write PATH: REASON`), stated in each
  /// one that could: the run then exits 2 and no report reads green (docs/reports.md).
  public var reportErrors: [String] = []

  /// The process's exit status: the run's, or 2 when a report could not be written (an
  /// interrupted run keeps its signal's).
  public var exitStatus: Int32 {
    reportErrors.isEmpty || summary.interruption != nil ? summary.exitStatus : 2
  }

  public var loadErrors: [FileRow] { files.filter { $0.loadError != nil } }

  /// In a run of several implementations, one cell of the implementation × suite matrix.
  public struct MatrixCell: Sendable {
    public var suite: String
    /// `false`: the implementation does not implement the suite (its tests were skipped).
    public var implemented: Bool
    public var counts: Counts
    /// This implementation's tests of the suite without tags, and its counts per tag.
    public var untagged = Counts()
    public var byTag: [TagCounts] = []
  }

  /// Per implementation (in a run of several), per suite: its own suite-by-tag row.
  public var implementationTags: [String: [String: (untagged: Counts, byTag: [TagCounts])]] = [:]

  /// The matrix row of each implementation (empty in a run of one): every selected suite with
  /// tests, in the contract's order.
  public var matrix: [(implementation: ImplementationInfo, cells: [MatrixCell])] {
    info.implementations.map { implementation in
      let bySuite = summary.bySuiteByImplementation[implementation.name] ?? [:]
      let cells = suites.filter { $0.counts.tests > 0 }.map { row in
        MatrixCell(
          suite: row.suite, implemented: implementation.suites.contains(row.suite),
          counts: bySuite[row.suite] ?? Counts(),
          untagged: implementationTags[implementation.name]?[row.suite]?.untagged ?? Counts(),
          byTag: implementationTags[implementation.name]?[row.suite]?.byTag ?? [])
      }
      return (implementation, cells)
    }
  }

  /// The status one implementation's results alone would give: `passed` or `failed`.
  public func status(of implementation: String) -> String {
    let counts = summary.byImplementation[implementation] ?? Counts()
    return counts.failed + counts.errored > 0 ? "failed" : "passed"
  }

  /// `passed`, `failed`, `load-error` or `no-tests` (no test passes the filters), from the exit
  /// status; `interrupted` when a signal stopped the run; `report-error` instead of `passed` or
  /// `failed` when a report of the run could not be written.
  public var status: String {
    if summary.interruption != nil { return "interrupted" }
    if summary.exitStatus < 2 && !reportErrors.isEmpty { return "report-error" }
    switch summary.exitStatus {
    case 0: return "passed"
    case 1: return "failed"
    default:
      guard summary.totals.loadErrors == 0 else { return "load-error" }
      if summary.nothingSelected || summary.nothingCheckable || !summary.uncheckedOwnSuites.isEmpty {
        return "no-tests"
      }
      return summary.unusedExcludes.isEmpty ? "load-error" : "unused-exclude"
    }
  }

  /// Why the status is not `passed` or `failed`, in words: what was not checked (`no-tests`),
  /// how many files did not load (`load-error`), the signal (`interrupted`); `nil` otherwise.
  public var statusReason: String? {
    if let interruption = summary.interruption { return interruption.message }
    if summary.exitStatus != 2 && !reportErrors.isEmpty {
      return (reportErrors.count == 1 ? "a report" : "\(reportErrors.count) reports") + " could not be written: "
        + reportErrors.joined(separator: "; ")
    }
    guard summary.exitStatus == 2 else { return nil }
    if let reason = info.startFailure { return "the run could not start: \(reason)" }
    if summary.totals.loadErrors > 0 {
      return "\(summary.totals.loadErrors) vector file\(summary.totals.loadErrors == 1 ? "" : "s") could not be loaded"
    }
    return summary.nothingCheckedReason ?? summary.unusedExcludesReason
  }

  /// Standard tags in the contract's order, then the others in byte order.
  static func tagPrecedes(_ a: String, _ b: String) -> Bool {
    let rankA = Contract.standardTags.firstIndex { $0.utf8.elementsEqual(a.utf8) } ?? Int.max
    let rankB = Contract.standardTags.firstIndex { $0.utf8.elementsEqual(b.utf8) } ?? Int.max
    if rankA != rankB { return rankA < rankB }
    return utf8Precedes(a, b)
  }

  /// Suites in the contract's order, then any other in byte order.
  static func suitePrecedes(_ a: String, _ b: String) -> Bool {
    let rankA = Contract.suites.firstIndex(of: a) ?? Int.max
    let rankB = Contract.suites.firstIndex(of: b) ?? Int.max
    if rankA != rankB { return rankA < rankB }
    return utf8Precedes(a, b)
  }
}

/// Counts keyed by tag. Tags are vector data, so they are keyed by their UTF-8 bytes, never as
/// `String` (whose equality would merge an NFC and an NFD spelling).
struct TagTable: Sendable {
  private var names: [String] = []
  private var slots: [[UInt8]: Int] = [:]
  private var counts: [Counts] = []

  mutating func add(_ status: TestResult.Status, tag: String) {
    let key = Array(tag.utf8)
    if let slot = slots[key] {
      counts[slot].add(status)
    } else {
      slots[key] = counts.count
      names.append(tag)
      var fresh = Counts()
      fresh.add(status)
      counts.append(fresh)
    }
  }

  var ordered: [RunReportData.TagCounts] {
    zip(names, counts).map { RunReportData.TagCounts(tag: $0.0, counts: $0.1) }
      .sorted { RunReportData.tagPrecedes($0.tag, $1.tag) }
  }
}

/// Gathers a run's results into ``RunReportData`` as observers receive them (in file order).
/// The corpus digest covers every vector file under the roots, whatever the selection or shard,
/// so every shard of a run reports the same digest: given in ``RunReportInfo/corpusDigest``, or
/// read when the run starts.
public final class RunReportRecorder: RunObserver {
  public let info: RunReportInfo
  private var digest = CorpusDigest()
  private var files: [RunReportData.FileRow] = []
  private var failures: [RunReportData.Failure] = []
  private var listedFailures: [RunReportData.ListedFailure] = []
  private var flaky: [RunReportData.FlakyTest] = []
  private var tags = TagTable()
  private var suiteTags: [String: TagTable] = [:]
  private var suiteUntagged: [String: Counts] = [:]
  /// The same two per implementation, in a run of several.
  private var implementationSuiteTags: [String: [String: TagTable]] = [:]
  private var implementationUntagged: [String: [String: Counts]] = [:]
  private var results = ResultIndex()
  /// When set, the ids of every loaded file, selected or not (for ``RunComparison``).
  public var recordsCorpusTests = false
  private var corpusIDs: [(suite: String, ids: [String])] = []
  public private(set) var data: RunReportData?

  public init(info: RunReportInfo) {
    self.info = info
  }

  public func runStarted(fileCount: Int) throws {
    if let known = info.corpusDigest {
      digest = known
      return
    }
    var locations: [VectorFileLocation] = []
    for root in info.roots { locations += try info.loader.discover(root: root) }
    digest = CorpusDigest.of(locations, loader: info.loader)
  }

  public func fileFinished(_ report: FileReport) throws {
    // A file outside the selection is no row of the run.
    guard report.isInSelection else { return }
    var row = RunReportData.FileRow(location: report.location, suite: report.suite, counts: report.counts)
    switch report.content {
    case .loadFailure(let failure):
      row.loadError = failure.reason
    case .results(let results):
      let suite = report.suite ?? ""
      for result in results {
        record(result, suite: suite, location: report.location, implementation: report.implementation)
      }
      if recordsCorpusTests { corpusIDs.append((suite, report.testIDs)) }
    }
    // A file is one row however many implementations ran it.
    if let last = files.last, report.implementation != nil, last.location.displayPath == row.location.displayPath {
      files[files.count - 1].counts = last.counts + row.counts
    } else {
      files.append(row)
    }
  }

  /// `suite\0id` of every test of the loaded files, selected or not (with ``recordsCorpusTests``).
  public var corpusTests: Set<String> {
    var tests: Set<String> = []
    for (suite, ids) in corpusIDs { for id in ids { tests.insert(suite + "\u{0}" + id) } }
    return tests
  }

  public func runFinished(_ summary: RunSummary) throws {
    let suiteNames = Set(summary.bySuite.keys).union(suiteTags.keys).sorted(by: RunReportData.suitePrecedes)
    let suites = suiteNames.map { suite in
      RunReportData.SuiteRow(
        suite: suite, counts: summary.bySuite[suite] ?? Counts(), untagged: suiteUntagged[suite] ?? Counts(),
        byTag: suiteTags[suite]?.ordered ?? [])
    }
    data = RunReportData(
      info: info, summary: summary, corpusDigest: digest.hexValue, corpusFileCount: digest.fileCount, files: files,
      failures: failures, listedFailures: listedFailures, suites: suites, tags: tags.ordered)
    data!.flaky = flaky
    for (implementation, bySuite) in implementationSuiteTags {
      for (suite, table) in bySuite {
        data!.implementationTags[implementation, default: [:]][suite] = (
          implementationUntagged[implementation]?[suite] ?? Counts(), table.ordered
        )
      }
    }
    for (implementation, bySuite) in implementationUntagged {
      for (suite, untagged) in bySuite where data!.implementationTags[implementation]?[suite] == nil {
        data!.implementationTags[implementation, default: [:]][suite] = (untagged, [])
      }
    }
    data?.results = results
  }

  private func record(
    _ result: TestResult, suite: String, location: VectorFileLocation, implementation: String?
  ) {
    // A test has a few tags: comparing each with the earlier ones beats hashing them.
    let testTags = result.tags
    let distinctTags =
      testTags.count < 2
      ? testTags
      : testTags.indices.filter { index in !testTags[..<index].contains { utf8Equal($0, testTags[index]) } }.map {
        testTags[$0]
      }
    for tag in distinctTags {
      tags.add(result.status, tag: tag)
      suiteTags[suite, default: TagTable()].add(result.status, tag: tag)
      if let implementation {
        implementationSuiteTags[implementation, default: [:]][suite, default: TagTable()].add(result.status, tag: tag)
      }
    }
    if distinctTags.isEmpty {
      suiteUntagged[suite, default: Counts()].add(result.status)
      if let implementation {
        implementationUntagged[implementation, default: [:]][suite, default: Counts()].add(result.status)
      }
    }
    results.add(
      implementation: implementation ?? info.implementation, suite: suite, id: result.id,
      state: ResultIndex.State(result.status))

    func failure(_ kind: RunReportData.Failure.Kind, actual: JSONValue?, message: String) -> RunReportData.Failure {
      RunReportData.Failure(
        kind: kind, location: location, suite: suite, id: result.id, description: result.description,
        tags: result.tags, input: result.input, expected: result.expected.json, actual: actual, message: message,
        entryPlace: result.expectedFailure?.entry.place, implementation: implementation,
        tries: RunReportData.tries(of: result))
    }
    switch result.status {
    case .passed:
      if result.isFlaky {
        flaky.append(
          RunReportData.FlakyTest(
            location: location, suite: suite, id: result.id, description: result.description, tags: result.tags,
            input: result.input, expected: result.expected.json, implementation: implementation,
            tries: RunReportData.tries(of: result)))
      }
    case .failed(let mismatch):
      let kind: RunReportData.Failure.Kind =
        result.expectedFailure?.isUnexpectedPass == true ? .unexpectedPass : .failed
      failures.append(failure(kind, actual: mismatch.actual, message: mismatch.difference))
    case .errored(let message):
      failures.append(failure(.errored, actual: nil, message: message))
    case .skipped:
      guard let match = result.expectedFailure else { break }
      let outcome: (String, String)
      switch match.originalStatus {
      case .failed(let mismatch): outcome = ("failed", mismatch.difference)
      case .errored(let message): outcome = ("errored", message)
      case .passed, .skipped: return
      }
      listedFailures.append(
        RunReportData.ListedFailure(
          location: location, suite: suite, id: result.id, reason: match.entry.reason, link: match.entry.link,
          entryPlace: match.entry.place, outcome: outcome.0, detail: outcome.1))
    }
  }
}
