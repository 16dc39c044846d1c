import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel
import ConformanceXML

/// Which JUnit dialect a report is written in.
public enum JUnitFlavour: String, Sendable, CaseIterable {
  /// What GitLab, GitHub actions, junitparser, junit2html and Jenkins' JUnit plugin read: `file`
  /// on testcases, `skipped`, `timestamp` and `hostname` on the root.
  case standard
  /// Valid against the junit-10 schema that Jenkins' xunit plugin checks: no `file` on
  /// `<testcase>`, no `skipped`, `timestamp` or `hostname` on `<testsuites>`.
  case strict
}

/// A `<property name value>` of a testsuite.
public struct JUnitProperty: Sendable, Equatable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// Writes a run as a JUnit XML report (docs/junit-report.md), streaming: each vector file's
/// `<testsuite>` goes to disk as soon as the runner hands it over, so memory stays bounded
/// however many files run, and the finished report replaces `destination` atomically at the
/// end of the run.
///
/// The shape:
/// - `<testsuites name tests failures errors skipped time timestamp hostname>`;
/// - one `<testsuite name tests failures errors skipped time timestamp hostname file>` per vector
///   file, in run order, named by its path relative to its vectors root, `file` being the path
///   as found (root joined with it). Its `<properties>` hold `suite`, `source`, `description`
///   and `root`, each always present (empty when unknown);
/// - one `<testcase classname="SUITE" name="ID" file time>` per test that ran or was skipped,
///   in the byte order of the ids, so that merged shard reports equal an unsharded one
///   (``JUnitMerger``); a mismatch holds `<failure type="mismatch" message="DIFFERENCE">` whose
///   text shows the expected and the actual outcome as JSON, a test the implementation could
///   not evaluate `<error type="implementation-error">`, a skipped test `<skipped message>`;
/// - a file that could not be loaded has one `<testcase>` named by its relative path, class
///   `SUITE` when the suite could be read and `conformance.load` otherwise, holding
///   `<error type="load-error" message="REASON">`. It counts as a test and an error in its
///   testsuite and in the root, so that every count equals the testcases it describes.
///
/// Times are seconds with three decimals; `time` on the root is the run's wall time, on a
/// testsuite the file's load and evaluation time. Every testsuite carries the run's timestamp
/// and host.
///
/// One writer writes one report at a time, on the thread the runner calls it from.
public final class JUnitReportWriter: PreparingRunObserver {
  /// Where the report goes (the contract's default: `Reports/junit.xml`); its folder is created if missing.
  public let destination: String
  /// The root's `name`.
  public let name: String
  public let hostname: String
  public let timestamp: JUnitTimestamp
  /// Properties every file's `<testsuite>` carries after its own four: a shard's `shard`,
  /// `corpus-digest` and `selection-digest` (``ShardStamp``), which `conformance merge` checks.
  public let runProperties: [JUnitProperty]
  public let flavour: JUnitFlavour
  /// The run's id (``RunID``), written as the `run-id` property of every testsuite; `nil`
  /// leaves it out.
  public var runID: String?
  /// When set, the report is staged there and renamed into place with the run's others.
  public var reportSet: ReportSet?
  /// The shard this run is, when sharded: its run-level testcases are written so that the
  /// shards' reports merge.
  public var shard: Shard?
  /// The `implementation` property of every testsuite: the hello's name and version (`reference
  /// 0.1.0`, `android-sdk 2.3.0`). In a run of one, ``implementation``; in a run of several,
  /// each report's by its name in ``implementationLabels`` (and all of them, joined, for a file
  /// that did not load and the run's own testsuites). `nil` and empty leave the property out.
  public var implementation: String?
  public var implementationLabels: [(name: String, label: String)] = []

  private let file: JUnitReportFile
  private var totals = JUnitCounts()
  /// With a ``reportSet``: the report could not be written, which the set holds; the writer
  /// stops, and the run and its other reports go on (docs/reports.md).
  private var failed = false

  public convenience init(
    destination: String, name: String = "conformance", hostname: String = JUnitHost.currentName(),
    timestamp: JUnitTimestamp = .now(), runProperties: [JUnitProperty] = [], flavour: JUnitFlavour = .standard
  ) {
    self.init(
      destination: destination, name: name, hostname: hostname, timestamp: timestamp,
      bodyMemoryLimit: JUnitReportFile.defaultMemoryLimit, runProperties: runProperties, flavour: flavour)
  }

  /// `bodyMemoryLimit`: report bytes kept in memory before the body moves to a hidden file
  /// (see ``JUnitReportFile``); tests make it small to exercise the file.
  init(
    destination: String, name: String, hostname: String, timestamp: JUnitTimestamp, bodyMemoryLimit: Int,
    runProperties: [JUnitProperty] = [], flavour: JUnitFlavour = .standard
  ) {
    self.runProperties = runProperties
    self.flavour = flavour
    self.destination = destination
    self.name = name
    self.hostname = hostname
    self.timestamp = timestamp
    self.file = JUnitReportFile(destination: destination, memoryLimit: bodyMemoryLimit)
  }

  /// Checks the destination and creates its folder; an earlier unfinished run's hidden files
  /// are removed.
  public func runStarted(fileCount: Int) throws(JUnitWriteError) {
    totals = JUnitCounts()
    failed = false
    try recording { () throws(JUnitWriteError) in try file.open() }
  }

  /// Runs `work`; with a ``reportSet``, an error is recorded there instead of thrown, and the
  /// writer stops writing.
  private func recording(_ work: () throws(JUnitWriteError) -> Void) throws(JUnitWriteError) {
    guard !failed else { return }
    do {
      try work()
    } catch {
      guard let reportSet else { throw error }
      file.discard()
      failed = true
      reportSet.record(ReportWriteError(path: error.path, reason: error.reason, kind: "JUnit report"))
    }
  }

  /// Renders the file's `<testsuite>` and appends it to the body.
  public func fileFinished(_ report: FileReport) throws(JUnitWriteError) {
    guard report.isInSelection else { return }
    try append(
      RenderedTestSuite(
        report, hostname: hostname, timestamp: timestamp.description, properties: runProperties,
        strict: flavour == .strict, runID: runID,
        implementation: Self.label(of: report, single: implementation, labels: implementationLabels)))
  }

  /// The `implementation` property's value for one report's testsuite.
  static func label(of report: FileReport, single: String?, labels: [(name: String, label: String)]) -> String? {
    guard !labels.isEmpty else { return single ?? report.implementation }
    guard let name = report.implementation else { return labels.map(\.label).joined(separator: ", ") }
    return labels.first { $0.name.utf8.elementsEqual(name.utf8) }?.label ?? name
  }

  /// What the run-level testsuites say in their `implementation` property.
  var runLevelImplementation: String? {
    implementationLabels.isEmpty ? implementation : implementationLabels.map(\.label).joined(separator: ", ")
  }

  /// Renders a file's `<testsuite>` on the runner's worker thread (see ``PreparingRunObserver``):
  /// rendering is most of the writer's work and needs no other file.
  public var preparer: @Sendable (FileReport) -> any Sendable {
    let hostname = hostname
    let timestamp = timestamp.description
    let properties = runProperties
    let strict = flavour == .strict
    let runID = runID
    let single = implementation
    let labels = implementationLabels
    return { report in
      RenderedTestSuite(
        report, hostname: hostname, timestamp: timestamp, properties: properties, strict: strict, runID: runID,
        implementation: JUnitReportWriter.label(of: report, single: single, labels: labels))
    }
  }

  /// Appends the `<testsuite>` the ``preparer`` rendered for this report.
  public func fileFinished(_ report: FileReport, prepared: any Sendable) throws(JUnitWriteError) {
    guard report.isInSelection else { return }
    guard let rendered = prepared as? RenderedTestSuite else { return try fileFinished(report) }
    try append(rendered)
  }

  private func append(_ rendered: RenderedTestSuite) throws(JUnitWriteError) {
    try recording { () throws(JUnitWriteError) in try appendRendered(rendered) }
  }

  private func appendRendered(_ rendered: RenderedTestSuite) throws(JUnitWriteError) {
    switch rendered.result {
    case .failure(let error):
      file.discard()
      throw JUnitWriteError(path: destination, reason: error.description)
    case .success(let (fragment, counts)):
      try file.append(fragment)
      totals = totals + counts
    }
  }

  /// Writes the document and renames it over the destination.
  public func runFinished(_ summary: RunSummary) throws(JUnitWriteError) {
    try recording { () throws(JUnitWriteError) in try finishRun(summary) }
  }

  private func finishRun(_ summary: RunSummary) throws(JUnitWriteError) {
    // The run's own problems, after the files: dashboards that read only the JUnit report must
    // see every reason the run failed.
    try appendExpectationsAndAdapterSuites(summary)
    try appendRunProblemSuites(summary)
    if let reportSet {
      stageLast(in: reportSet, summary)
    } else {
      try file.finish(rootAttributes(summary))
      totals = JUnitCounts()
    }
  }

  /// `shard-K.` in a sharded run, so that each shard's run-level testcases keep their own names
  /// when the reports merge; empty otherwise.
  private var shardPrefix: String { shard.map { "shard-\($0.index)." } ?? "" }

  /// Appends a run-level testsuite to the body and counts it.
  private func appendRunLevel(
    _ render: () throws(XMLWriterError) -> (fragment: XMLFragment, counts: JUnitCounts)
  ) throws(JUnitWriteError) {
    do {
      let rendered = try render()
      try file.append(rendered.fragment)
      totals = totals + rendered.counts
    } catch let error as JUnitWriteError {
      throw error
    } catch {
      file.discard()
      throw JUnitWriteError(path: destination, reason: "\(error)")
    }
  }

  /// The `expectations`, `adapter` and `expected-failures` testsuites, when the run has them.
  private func appendExpectationsAndAdapterSuites(_ summary: RunSummary) throws(JUnitWriteError) {
    let timestamp = self.timestamp.description
    let implementation = runLevelImplementation
    // A stale expected-failure entry fails the run (exit 1). Every shard judges the entries
    // alike, so only shard 1 writes them and the merged report holds each once.
    if !summary.staleExpectations.isEmpty && (shard?.index ?? 1) == 1 {
      try appendRunLevel { () throws(XMLWriterError) in
        try JUnitReportWriter.render(
          stale: summary.staleExpectations, hostname: hostname, timestamp: timestamp, implementation: implementation)
      }
    }
    // An adapter problem noticed at the end (a surplus answer) fails the run too; each shard
    // has its own, named by the shard so that the reports merge.
    if !summary.implementationProblems.isEmpty {
      let prefix = shardPrefix
      try appendRunLevel { () throws(XMLWriterError) in
        try JUnitReportWriter.render(
          implementationProblems: summary.implementationProblems, namePrefix: prefix, hostname: hostname,
          timestamp: timestamp, implementation: implementation)
      }
    }
    // The reasons of the expectations entries, once each: every listed test's <skipped> names
    // its entry's place instead (docs/junit-report.md). Per shard, so that a merge keeps all.
    if !summary.matchedExpectations.isEmpty {
      let name = "expected-failures" + (shard.map { ".shard-\($0.index)" } ?? "")
      let properties = summary.matchedExpectations.map { entry in
        (entry.place, TextCap.cut(ExpectedFailures.reasonText(entry), limit: TextCap.quotedValue))
      }
      try appendRunLevel { () throws(XMLWriterError) in
        try JUnitReportWriter.render(
          runProblems: [], suite: name, properties: properties, hostname: hostname, timestamp: timestamp)
      }
    }
  }

  /// The `conformance.run` testsuites: nothing checked, an unused exclude, an interruption.
  private func appendRunProblemSuites(_ summary: RunSummary) throws(JUnitWriteError) {
    // A run that checked nothing exits 2: an error testcase says so, so the report never reads
    // green (`tests="0" errors="0"`). Every shard of such a run has it, named by its shard.
    if let reason = summary.nothingCheckedReason {
      let name = shardPrefix + (summary.nothingSelected ? "nothing-selected" : "nothing-checkable")
      try appendRunError(name: name, type: "nothing-checked", message: reason)
    }
    // An exclude that left nothing out exits 2 too (a misspelt filter): an error testcase names
    // it, so the report of the tests that did run does not read green.
    if let reason = summary.unusedExcludesReason {
      try appendRunError(name: shardPrefix + "unused-exclude", type: "unused-exclude", message: reason)
    }
    // What ran is reported; the run itself is marked as cut short, so a dashboard that reads
    // only JUnit never takes a partial run for a complete green one.
    if let interruption = summary.interruption {
      let (runID, timestamp, implementation) = (self.runID, self.timestamp.description, runLevelImplementation)
      try appendRunLevel { () throws(XMLWriterError) in
        try JUnitReportWriter.render(
          interruption: interruption, hostname: hostname, timestamp: timestamp, runID: runID,
          implementation: implementation)
      }
    }
  }

  /// A `conformance.run` testsuite holding one error testcase.
  private func appendRunError(name: String, type: String, message: String) throws(JUnitWriteError) {
    try appendRunErrors(
      [RunProblem(classname: "conformance.run", name: name, element: "error", type: type, message: message)])
  }

  /// A `conformance.run` testsuite holding these error testcases, with the run's id.
  private func appendRunErrors(_ problems: [RunProblem]) throws(JUnitWriteError) {
    let (runID, timestamp, implementation) = (self.runID, self.timestamp.description, runLevelImplementation)
    try appendRunLevel { () throws(XMLWriterError) in
      try JUnitReportWriter.render(
        runProblems: problems, suite: "conformance.run", properties: runID.map { [("run-id", $0)] } ?? [],
        hostname: hostname, timestamp: timestamp, implementation: implementation)
    }
  }

  /// Hands the report to the set, staged last, once: with an error testcase for each other
  /// report that could not be written.
  private func stageLast(in reportSet: ReportSet, _ summary: RunSummary) {
    let prefix = shardPrefix
    reportSet.addPending(destination: destination, isLast: true) { errors throws(ReportWriteError) in
      do throws(JUnitWriteError) {
        if !errors.isEmpty {
          try self.appendRunErrors(
            errors.enumerated().map { index, error in
              RunProblem(
                classname: "conformance.run", name: "\(prefix)report-not-written.\(index + 1)", element: "error",
                type: "report-error", message: error.description)
            })
        }
        let staged = try self.file.stage(self.rootAttributes(summary))
        self.totals = JUnitCounts()
        return staged
      } catch {
        self.failed = true
        throw ReportWriteError(path: error.path, reason: error.reason, kind: "JUnit report")
      }
    }
  }

  /// The root's attributes, from the counts so far.
  private func rootAttributes(_ summary: RunSummary) -> JUnitRootAttributes {
    JUnitRootAttributes(
      name: name, counts: totals, nanoseconds: summary.nanoseconds, timestamp: timestamp.description,
      hostname: hostname, strict: flavour == .strict)
  }

  /// Abandons an unfinished run (for example when another observer failed): removes the hidden
  /// files and leaves the destination as it was. Also done when the writer goes away unfinished.
  public func discard() {
    file.discard()
    totals = JUnitCounts()
  }

  /// One rendered `<testsuite>` and what it counts, or why libxml2 could not render it.
  struct RenderedTestSuite: Sendable {
    var result: Result<(fragment: XMLFragment, counts: JUnitCounts), XMLWriterError>

    init(
      _ report: FileReport, hostname: String, timestamp: String, properties: [JUnitProperty] = [],
      strict: Bool = false, runID: String? = nil, implementation: String? = nil
    ) {
      do {
        result = .success(
          try JUnitReportWriter.render(
            report, hostname: hostname, timestamp: timestamp, properties: properties, strict: strict, runID: runID,
            implementation: implementation))
      } catch {
        result = .failure(error)
      }
    }
  }

  /// One `<testsuite>` and what it counts.
  static func render(
    _ report: FileReport, hostname: String, timestamp: String, properties extra: [JUnitProperty] = [],
    strict: Bool = false, runID: String? = nil, implementation: String? = nil
  ) throws(XMLWriterError)
    -> (fragment: XMLFragment, counts: JUnitCounts)
  {
    let counts = counts(of: report)
    let writer = try XMLWriter.fragment()
    // In a run of several implementations, each one's testsuites and classnames start with
    // its name, so (testsuite name, classname, name) tells their testcases apart.
    let prefix = report.implementation.map { $0 + "/" } ?? ""
    try writer.startElement("testsuite")
    try writer.attribute("name", prefix + report.location.path)
    try counts.write(to: writer)
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: report.nanoseconds))
    try writer.attribute("timestamp", timestamp)
    try writer.attribute("hostname", hostname)
    try writer.attribute("file", report.location.displayPath)
    let suite: String?
    if case .loadFailure(let failure) = report.content {
      suite = report.suite ?? failure.suite
    } else {
      suite = report.suite
    }
    let properties =
      [
        ("suite", suite), ("source", report.source), ("description", report.description),
        ("root", report.location.root),
      ] + extra.map({ ($0.name, Optional($0.value)) }) + (runID.map { [("run-id", $0)] } ?? [])
    try writeProperties(properties, implementation: implementation ?? report.implementation, to: writer)
    switch report.content {
    case .loadFailure(let failure):
      try writeLoadFailure(failure, of: report, suite: suite, strict: strict, to: writer)
    case .results(let results):
      // The same class and file go on every testcase of the file: made visible once.
      let suiteText = VisibleXMLText(prefix + (suite ?? ""))
      let fileText = strict ? nil : VisibleXMLText(report.location.displayPath)
      try writeTestCases(results, in: idOrder(results), suite: suiteText, file: fileText, to: writer)
    }
    try writer.endElement()
    return (try writer.finishFragment(), counts)
  }

  /// What a file's testsuite counts: each test by its outcome; a file that did not load, one
  /// error.
  static func counts(of report: FileReport) -> JUnitCounts {
    var counts = JUnitCounts()
    switch report.content {
    case .loadFailure:
      counts.tests = 1
      counts.errors = 1
    case .results(let results):
      // By index, reading each status where it is (`for result in` copies every whole result).
      for index in results.indices {
        counts.tests += 1
        switch results[index].status {
        case .passed: break
        case .failed: counts.failures += 1
        case .errored: counts.errors += 1
        case .skipped: counts.skipped += 1
        }
      }
    }
    return counts
  }

  /// A file testsuite's `<properties>`: each given one (an unknown value as empty), then the
  /// implementation's when there is one.
  private static func writeProperties(
    _ properties: [(String, String?)], implementation: String?, to writer: XMLWriter
  ) throws(XMLWriterError) {
    try writer.startElement("properties")
    for (key, value) in properties + (implementation.map { [("implementation", $0)] } ?? []) {
      try writer.startElement("property")
      try writer.attribute("name", key)
      try writer.attribute("value", TextCap.cut(value ?? "", limit: TextCap.quotedValue))
      try writer.endElement()
    }
    try writer.endElement()
  }

  /// The one testcase of a file that could not be loaded: an error named by the file's path.
  private static func writeLoadFailure(
    _ failure: LoadFailure, of report: FileReport, suite: String?, strict: Bool, to writer: XMLWriter
  ) throws(XMLWriterError) {
    try writer.startElement("testcase")
    try writer.attribute("classname", suite ?? "conformance.load")
    // The path as found, root included: two roots may both hold a broken `x/bad.json`, and
    // readers that key testcases by (testsuite, classname, name) must see two.
    try writer.attribute("name", report.location.displayPath)
    if !strict { try writer.attribute("file", report.location.displayPath) }
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: report.nanoseconds))
    try writer.startElement("error")
    try writer.attribute("type", "load-error")
    try writer.attribute("message", TextCap.cut(failure.reason, limit: TextCap.message))
    try writer.text(TextCap.cut(failure.description, limit: TextCap.quotedValue))
    try writer.endElement()
    try writer.endElement()
  }

  /// The positions of the results in the byte order of their ids (two canonically equivalent
  /// ids are different tests), equal ids in run order: the standard library's sort is not
  /// documented as stable, so the position breaks ties.
  ///
  /// Every id's bytes go into one buffer first, each id a range of it, and each id's first
  /// eight bytes into a number (``sortPrefix(_:)``), so that most comparisons compare two
  /// integers and only ids sharing those bytes compare the rest
  /// (``ByteView/compareBytes(_:_:)``). Comparing the ids as `String`s (whose `<` is not the
  /// byte order outside ASCII, and takes the standard library's general path), or byte by byte
  /// through their results, cost more than writing the testsuite.
  static func idOrder(_ results: [TestResult]) -> [Int] {
    var bytes: [UInt8] = []
    var ids: [(prefix: UInt64, range: Range<Int>, position: Int)] = []
    ids.reserveCapacity(results.count)
    for position in results.indices {
      let start = bytes.count
      ByteView.withUTF8(of: results[position].id) { id in id.append(0..<id.count, to: &bytes) }
      ids.append((sortPrefix(bytes[start...]), start..<bytes.count, position))
    }
    ByteView.withBytes(of: bytes) { view in
      ids.sort { a, b in
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        let order = view.compareBytes(a.range, b.range)
        return order != 0 ? order < 0 : a.position < b.position
      }
    }
    return ids.map(\.position)
  }

  /// The first eight bytes as a big-endian number, zeros past the end of shorter bytes: two ids
  /// whose numbers differ are in the numbers' order (a shorter id's zeros sort it before a
  /// longer one it starts), and two whose numbers are equal need their bytes compared.
  static func sortPrefix(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var number: UInt64 = 0
    for byte in bytes.prefix(8) { number = number << 8 | UInt64(byte) }
    return number << (8 * (8 - UInt64(Swift.min(bytes.count, 8))))
  }

  /// A problem of the run itself, not of a vector: one testcase of a run-level testsuite.
  struct RunProblem {
    var classname: String
    var name: String
    /// `failure` or `error`.
    var element: String
    var type: String
    var message: String
    /// The text after the message, when there is more to say.
    var detail: String = ""
  }

  /// A run-level `<testsuite>` (`adapter`, `expectations`, `conformance.run`): its properties,
  /// then one testcase per problem, each message capped like a test's.
  static func render(
    runProblems problems: [RunProblem], suite name: String, properties given: [(String, String)] = [],
    hostname: String, timestamp: String, implementation: String? = nil
  ) throws(XMLWriterError) -> (fragment: XMLFragment, counts: JUnitCounts) {
    let properties =
      given + (implementation.map { [("implementation", TextCap.cut($0, limit: TextCap.quotedValue))] } ?? [])
    let failures = problems.filter { $0.element == "failure" }.count
    let counts = JUnitCounts(
      tests: problems.count, failures: failures, errors: problems.count - failures, skipped: 0)
    let writer = try XMLWriter.fragment()
    try writer.startElement("testsuite")
    try writer.attribute("name", name)
    try counts.write(to: writer)
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: 0))
    try writer.attribute("timestamp", timestamp)
    try writer.attribute("hostname", hostname)
    if !properties.isEmpty {
      try writer.startElement("properties")
      for (key, value) in properties {
        try writer.startElement("property")
        try writer.attribute("name", key)
        try writer.attribute("value", value)
        try writer.endElement()
      }
      try writer.endElement()
    }
    for problem in problems {
      try writer.startElement("testcase")
      try writer.attribute("classname", problem.classname)
      try writer.attribute("name", problem.name)
      try writer.attribute("time", JUnitFormat.seconds(nanoseconds: 0))
      try writer.startElement(problem.element)
      try writer.attribute("type", problem.type)
      try writer.attribute("message", TextCap.cut(problem.message, limit: TextCap.message))
      try writer.text(TextCap.cut(problem.message + problem.detail, limit: TextCap.quotedValue) + "\n")
      try writer.endElement()
      try writer.endElement()
    }
    try writer.endElement()
    return (try writer.finishFragment(), counts)
  }

  /// One `<testsuite name="adapter">` with a failing testcase per problem (`end.1`, `end.2`, …).
  static func render(
    implementationProblems problems: [String], namePrefix: String = "", hostname: String, timestamp: String,
    implementation: String? = nil
  ) throws(XMLWriterError) -> (fragment: XMLFragment, counts: JUnitCounts) {
    try render(
      runProblems: problems.enumerated().map { index, problem in
        RunProblem(
          classname: "adapter", name: "\(namePrefix)end.\(index + 1)", element: "failure", type: "adapter-problem",
          message: problem)
      }, suite: "adapter", hostname: hostname, timestamp: timestamp, implementation: implementation)
  }

  /// One `<testsuite name="expectations">` with a failing testcase per stale entry.
  static func render(stale: [StaleExpectation], hostname: String, timestamp: String, implementation: String? = nil)
    throws(XMLWriterError)
    -> (fragment: XMLFragment, counts: JUnitCounts)
  {
    try render(
      runProblems: stale.map { item in
        RunProblem(
          classname: item.entry.suite, name: item.entry.place, element: "failure", type: "stale-expectation",
          message: item.message)
      }, suite: "expectations", hostname: hostname, timestamp: timestamp, implementation: implementation)
  }

  /// One `<testsuite name="conformance.run">` whose `interrupted` property names the signal,
  /// holding one error testcase `interrupted after N of M files`.
  static func render(
    interruption: RunInterruption, hostname: String, timestamp: String, runID: String?, implementation: String? = nil
  )
    throws(XMLWriterError)
    -> (fragment: XMLFragment, counts: JUnitCounts)
  {
    let properties =
      [
        ("interrupted", interruption.signalName), ("files-done", String(interruption.filesDone)),
        ("file-count", String(interruption.fileCount)),
      ] + (runID.map { [("run-id", $0)] } ?? [])
    return try render(
      runProblems: [
        RunProblem(
          classname: "conformance.run", name: "interrupted", element: "error", type: "interrupted",
          message: interruption.message,
          detail: "; the report holds the files that ran before the signal, the others did not run")
      ], suite: "conformance.run", properties: properties, hostname: hostname, timestamp: timestamp,
      implementation: implementation)
  }

  /// A file's testcases in `order`, each written through libxml2's writer, element by element
  /// and attribute by attribute.
  static func writeTestCases(
    _ results: [TestResult], in order: [Int], suite: VisibleXMLText, file: VisibleXMLText?, to writer: XMLWriter
  ) throws(XMLWriterError) {
    for index in order {
      try writeTestCase(results, at: index, suite: suite, file: file, to: writer)
    }
  }

  /// One `<testcase>`, its fields read where the result is: copying each whole result out of
  /// the array to write it was a fifth of the report's time. A testcase with child elements
  /// (anything but a pass with nothing logged) takes its copy.
  private static func writeTestCase(
    _ results: [TestResult], at index: Int, suite: VisibleXMLText, file: VisibleXMLText?, to writer: XMLWriter
  ) throws(XMLWriterError) {
    try writer.startElement("testcase")
    try writer.attribute("classname", suite)
    try writer.attribute("name", VisibleXMLText(results[index].id))
    if let file { try writer.attribute("file", file) }
    try writer.attribute("time", VisibleXMLText(JUnitFormat.seconds(nanoseconds: results[index].nanoseconds)))
    if case .passed = results[index].status, results[index].failedTries.isEmpty, results[index].log?.isEmpty ?? true {
      return try writer.endElement()
    }
    try writeChildren(of: results[index], strict: file == nil, to: writer)
    try writer.endElement()
  }

  /// A testcase's child elements: its outcome (`<failure>`, `<error>`, `<skipped>`), the other
  /// tries of a rerun test, and what the adapter logged.
  private static func writeChildren(of result: TestResult, strict: Bool, to writer: XMLWriter)
    throws(XMLWriterError)
  {
    // With --reruns: the other tries, as Maven Surefire writes them (JUnitTries). Only the
    // strict flavour leaves `file` out.
    let tries = result.failedTries.isEmpty ? nil : JUnitTries(result, strict: strict)
    try tries?.writeBeforeOutcome(to: writer)
    switch result.status {
    case .passed:
      break
    case .failed(let failure):
      try writer.startElement("failure")
      // An unexpected pass is not a mismatch: the test passed, but the expectations list it.
      let unexpected = result.expectedFailure?.isUnexpectedPass == true
      try writer.attribute("type", unexpected ? "unexpected-pass" : "mismatch")
      try writer.attribute("message", TextCap.cut(failure.difference, limit: TextCap.message))
      try writer.text(
        describing(result)
          + "expected: \(quoted(failure.expected))\n"
          + "actual: \(quoted(failure.actual))\n"
          + "difference: \(TextCap.cut(failure.difference, limit: TextCap.quotedValue))\n")
      try writer.endElement()
    case .errored(let message):
      try writer.startElement("error")
      try writer.attribute("type", "implementation-error")
      try writer.attribute("message", TextCap.cut(message, limit: TextCap.message))
      try writer.text(
        describing(result)
          + "expected: \(quoted(result.expected.json))\n"
          + "error: \(TextCap.cut(message, limit: TextCap.quotedValue))\n")
      try writer.endElement()
    case .skipped(let reason):
      // The reason as the text too: GitLab shows the element's text, not its message.
      let shown = TextCap.cut(reason, limit: TextCap.message)
      try writer.startElement("skipped")
      try writer.attribute("message", shown)
      try writer.text(shown)
      try writer.endElement()
    }
    try tries?.writeAfterOutcome(to: writer)
    // What an adapter wrote on standard error during this test.
    if let log = result.log, !log.isEmpty {
      try writer.startElement("system-err")
      try writer.text(log)
      try writer.endElement()
    }
  }

  /// The test's description, as the first line of a failure's text, when it has one, then its
  /// input.
  static func describing(_ result: TestResult) -> String {
    var text = ""
    if let description = result.description {
      text += "description: \(TextCap.cut(description, limit: TextCap.quotedValue))\n"
    }
    if let input = result.input { text += "input: \(quoted(input))\n" }
    return text
  }

  /// A value pretty-printed, cut to ``TextCap/quotedValue``.
  static func quoted(_ value: JSONValue) -> String {
    TextCap.cut(JSONSerializer.pretty.string(from: value), limit: TextCap.quotedValue)
  }
}
