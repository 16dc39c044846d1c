import ConformanceJSON
import ConformanceKit

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
  /// The run's id (``RunID``), written as the `run-id` property of every testsuite; `nil`
  /// leaves it out.
  public var runID: String?
  /// When set, the report is staged there and renamed into place with the run's others.
  public var reportSet: ReportSet?

  private let file: JUnitReportFile
  private var totals = JUnitCounts()

  public convenience init(
    destination: String, name: String = "conformance", hostname: String = JUnitHost.currentName(),
    timestamp: JUnitTimestamp = .now()
  ) {
    self.init(
      destination: destination, name: name, hostname: hostname, timestamp: timestamp,
      bodyMemoryLimit: JUnitReportFile.defaultMemoryLimit)
  }

  /// `bodyMemoryLimit`: report bytes kept in memory before the body moves to a hidden file
  /// (see ``JUnitReportFile``); tests make it small to exercise the file.
  init(destination: String, name: String, hostname: String, timestamp: JUnitTimestamp, bodyMemoryLimit: Int) {
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
    try file.open()
  }

  /// Renders the file's `<testsuite>` and appends it to the body.
  public func fileFinished(_ report: FileReport) throws(JUnitWriteError) {
    try append(RenderedTestSuite(report, hostname: hostname, timestamp: timestamp.description, runID: runID))
  }

  /// Renders a file's `<testsuite>` on the runner's worker thread (see ``PreparingRunObserver``):
  /// rendering is most of the writer's work and needs no other file.
  public var preparer: @Sendable (FileReport) -> any Sendable {
    let hostname = hostname
    let timestamp = timestamp.description
    let runID = runID
    return { report in RenderedTestSuite(report, hostname: hostname, timestamp: timestamp, runID: runID) }
  }

  /// Appends the `<testsuite>` the ``preparer`` rendered for this report.
  public func fileFinished(_ report: FileReport, prepared: any Sendable) throws(JUnitWriteError) {
    guard let rendered = prepared as? RenderedTestSuite else { return try fileFinished(report) }
    try append(rendered)
  }

  private func append(_ rendered: RenderedTestSuite) throws(JUnitWriteError) {
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
    if !summary.staleExpectations.isEmpty {
      // A stale expected-failure entry fails the run (exit 1); dashboards that read only the
      // JUnit report must see that too.
      do {
        let rendered = try JUnitReportWriter.render(
          stale: summary.staleExpectations, hostname: hostname, timestamp: timestamp.description)
        try file.append(rendered.fragment)
        totals = totals + rendered.counts
      } catch let error as JUnitWriteError {
        throw error
      } catch {
        file.discard()
        throw JUnitWriteError(path: destination, reason: "\(error)")
      }
    }
    if let interruption = summary.interruption {
      // What ran is reported; the run itself is marked as cut short, so a dashboard that reads
      // only JUnit never takes a partial run for a complete green one.
      do {
        let rendered = try JUnitReportWriter.render(
          interruption: interruption, hostname: hostname, timestamp: timestamp.description, runID: runID)
        try file.append(rendered.fragment)
        totals = totals + rendered.counts
      } catch let error as JUnitWriteError {
        throw error
      } catch {
        file.discard()
        throw JUnitWriteError(path: destination, reason: "\(error)")
      }
    }
    let root = JUnitRootAttributes(
      name: name, counts: totals, nanoseconds: summary.nanoseconds, timestamp: timestamp.description,
      hostname: hostname)
    if let reportSet {
      reportSet.add(try file.stage(root))
    } else {
      try file.finish(root)
    }
    totals = JUnitCounts()
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

    init(_ report: FileReport, hostname: String, timestamp: String, runID: String? = nil) {
      do {
        result = .success(
          try JUnitReportWriter.render(report, hostname: hostname, timestamp: timestamp, runID: runID))
      } catch {
        result = .failure(error)
      }
    }
  }

  /// One `<testsuite>` and what it counts.
  static func render(_ report: FileReport, hostname: String, timestamp: String, runID: String? = nil)
    throws(XMLWriterError)
    -> (fragment: XMLFragment, counts: JUnitCounts)
  {
    var counts = JUnitCounts()
    var results: [TestResult] = []
    var order: [Int] = []
    switch report.content {
    case .loadFailure:
      counts.tests = 1
      counts.errors = 1
    case .results(let unsorted):
      // Sort positions, not the results: sorting the large TestResult values copied them at
      // every step and was more than a quarter of a whole run's instructions.
      results = unsorted
      order = idOrder(unsorted)
      for result in unsorted {
        counts.tests += 1
        switch result.status {
        case .passed: break
        case .failed: counts.failures += 1
        case .errored: counts.errors += 1
        case .skipped: counts.skipped += 1
        }
      }
    }
    let writer = try XMLWriter.fragment()
    try writer.startElement("testsuite")
    try writer.attribute("name", report.location.path)
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
    try writer.startElement("properties")
    for (key, value) in [
      ("suite", suite), ("source", report.source), ("description", report.description),
      ("root", report.location.root),
    ] + (runID.map { [("run-id", $0)] } ?? []) {
      try writer.startElement("property")
      try writer.attribute("name", key)
      try writer.attribute("value", value ?? "")
      try writer.endElement()
    }
    try writer.endElement()

    switch report.content {
    case .loadFailure(let failure):
      try writer.startElement("testcase")
      try writer.attribute("classname", suite ?? "conformance.load")
      try writer.attribute("name", report.location.path)
      try writer.attribute("file", report.location.displayPath)
      try writer.attribute("time", JUnitFormat.seconds(nanoseconds: report.nanoseconds))
      try writer.startElement("error")
      try writer.attribute("type", "load-error")
      try writer.attribute("message", failure.reason)
      try writer.text(failure.description)
      try writer.endElement()
      try writer.endElement()
    case .results:
      // The same class and file go on every testcase of the file: made visible once.
      let suiteText = VisibleXMLText(suite ?? "")
      let fileText = VisibleXMLText(report.location.displayPath)
      for index in order {
        try writeTestCase(results[index], suite: suiteText, file: fileText, to: writer)
      }
    }
    try writer.endElement()
    return (try writer.finishFragment(), counts)
  }

  /// The positions of the results in the byte order of their ids.
  ///
  /// Each id's first sixteen bytes are packed into two big-endian integers (zero-padded), so
  /// most comparisons are two integer comparisons instead of a walk over two strings; only
  /// equal packs compare the whole ids. Padding with zeros keeps the byte order: a shorter id
  /// whose bytes start the other's sorts first either way, and a tie falls back to the ids.
  static func idOrder(_ results: [TestResult]) -> [Int] {
    struct Key {
      var high: UInt64
      var low: UInt64
      var index: Int
    }
    var keys: [Key] = []
    keys.reserveCapacity(results.count)
    // By index, not `enumerated()`: that copied each whole TestResult (a retain and release
    // per field) only to read its id.
    for index in results.indices {
      var high: UInt64 = 0
      var low: UInt64 = 0
      var id = results[index].id
      id.withUTF8 { bytes in
        for position in 0..<min(bytes.count, 16) {
          if position < 8 {
            high |= UInt64(bytes[position]) << (56 - 8 * position)
          } else {
            low |= UInt64(bytes[position]) << (56 - 8 * (position - 8))
          }
        }
      }
      keys.append(Key(high: high, low: low, index: index))
    }
    keys.sort { a, b in
      if a.high != b.high { return a.high < b.high }
      if a.low != b.low { return a.low < b.low }
      return utf8Precedes(results[a.index].id, results[b.index].id)
    }
    return keys.map(\.index)
  }

  /// One `<testsuite name="expectations">` with a failing testcase per stale entry.
  static func render(stale: [StaleExpectation], hostname: String, timestamp: String) throws(XMLWriterError)
    -> (fragment: XMLFragment, counts: JUnitCounts)
  {
    let counts = JUnitCounts(tests: stale.count, failures: stale.count, errors: 0, skipped: 0)
    let writer = try XMLWriter.fragment()
    try writer.startElement("testsuite")
    try writer.attribute("name", "expectations")
    try counts.write(to: writer)
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: 0))
    try writer.attribute("timestamp", timestamp)
    try writer.attribute("hostname", hostname)
    for item in stale {
      try writer.startElement("testcase")
      try writer.attribute("classname", item.entry.suite)
      try writer.attribute("name", item.entry.place)
      try writer.attribute("time", JUnitFormat.seconds(nanoseconds: 0))
      try writer.startElement("failure")
      try writer.attribute("type", "stale-expectation")
      try writer.attribute("message", item.message)
      try writer.text(item.message + "\n")
      try writer.endElement()
      try writer.endElement()
    }
    try writer.endElement()
    return (try writer.finishFragment(), counts)
  }

  /// One `<testsuite name="conformance.run">` whose `interrupted` property names the signal,
  /// holding one error testcase `interrupted after N of M files`.
  static func render(interruption: RunInterruption, hostname: String, timestamp: String, runID: String?)
    throws(XMLWriterError)
    -> (fragment: XMLFragment, counts: JUnitCounts)
  {
    let counts = JUnitCounts(tests: 1, failures: 0, errors: 1, skipped: 0)
    let writer = try XMLWriter.fragment()
    try writer.startElement("testsuite")
    try writer.attribute("name", "conformance.run")
    try counts.write(to: writer)
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: 0))
    try writer.attribute("timestamp", timestamp)
    try writer.attribute("hostname", hostname)
    try writer.startElement("properties")
    for (key, value) in [
      ("interrupted", interruption.signalName), ("files-done", String(interruption.filesDone)),
      ("file-count", String(interruption.fileCount)),
    ] + (runID.map { [("run-id", $0)] } ?? []) {
      try writer.startElement("property")
      try writer.attribute("name", key)
      try writer.attribute("value", value)
      try writer.endElement()
    }
    try writer.endElement()
    try writer.startElement("testcase")
    try writer.attribute("classname", "conformance.run")
    try writer.attribute("name", "interrupted")
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: 0))
    try writer.startElement("error")
    try writer.attribute("type", "interrupted")
    try writer.attribute("message", interruption.message)
    try writer.text(
      interruption.message + "; the report holds the files that ran before the signal, the others did not run\n")
    try writer.endElement()
    try writer.endElement()
    try writer.endElement()
    return (try writer.finishFragment(), counts)
  }

  private static func writeTestCase(
    _ result: TestResult, suite: VisibleXMLText, file: VisibleXMLText, to writer: XMLWriter
  ) throws(XMLWriterError) {
    try writer.startElement("testcase")
    try writer.attribute("classname", suite)
    try writer.attribute("name", result.id)
    try writer.attribute("file", file)
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: result.nanoseconds))
    switch result.status {
    case .passed:
      break
    case .failed(let failure):
      try writer.startElement("failure")
      try writer.attribute("type", "mismatch")
      try writer.attribute("message", failure.difference)
      try writer.text(
        describing(result)
          + "expected: \(JSONSerializer.pretty.string(from: failure.expected))\n"
          + "actual: \(JSONSerializer.pretty.string(from: failure.actual))\n"
          + "difference: \(failure.difference)\n")
      try writer.endElement()
    case .errored(let message):
      try writer.startElement("error")
      try writer.attribute("type", "implementation-error")
      try writer.attribute("message", message)
      try writer.text(
        describing(result)
          + "expected: \(JSONSerializer.pretty.string(from: result.expected.json))\n"
          + "error: \(message)\n")
      try writer.endElement()
    case .skipped(let reason):
      try writer.startElement("skipped")
      try writer.attribute("message", reason)
      try writer.endElement()
    }
    try writer.endElement()
  }

  /// The test's description, as the first line of a failure's text, when it has one.
  private static func describing(_ result: TestResult) -> String {
    guard let description = result.description else { return "" }
    return "description: \(description)\n"
  }
}
