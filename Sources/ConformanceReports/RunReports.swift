import ConformanceKit

/// Where `conformance run` writes its summary reports; `nil` leaves a report out.
public struct ReportDestinations: Sendable {
  public var json: String?
  public var markdown: String?
  public var html: String?

  public init(json: String? = nil, markdown: String? = nil, html: String? = nil) {
    self.json = json
    self.markdown = markdown
    self.html = html
  }

  public var isEmpty: Bool { json == nil && markdown == nil && html == nil }
}

/// The observer `conformance run` adds for `--report-json`, `--summary-md` and `--report-html`:
/// gathers the run, then writes each requested report atomically when the run finishes.
public final class RunReports: RunObserver {
  public let destinations: ReportDestinations
  public let markdownFailureLimit: Int
  private let recorder: RunReportRecorder
  /// When set, the reports are staged there and renamed into place with the run's others.
  public var reportSet: ReportSet?
  /// The earlier run to compare with (`--compare`, else the history's newest run).
  public var previous: RunSnapshot? {
    didSet { recorder.recordsCorpusTests = previous != nil }
  }
  /// `--history`: read before the run; written with this run appended when it finishes.
  public var history: RunHistory?
  /// What changed since ``previous``, once the run finished.
  public private(set) var comparison: RunComparison?

  public init(
    info: RunReportInfo, destinations: ReportDestinations,
    markdownFailureLimit: Int = MarkdownSummary.defaultFailureLimit
  ) {
    self.destinations = destinations
    self.markdownFailureLimit = markdownFailureLimit
    self.recorder = RunReportRecorder(info: info)
  }

  public func runStarted(fileCount: Int) throws {
    try recorder.runStarted(fileCount: fileCount)
  }

  public func fileFinished(_ report: FileReport) throws {
    try recorder.fileFinished(report)
  }

  public func runFinished(_ summary: RunSummary) throws {
    try recorder.runFinished(summary)
    guard var data = recorder.data else { return }
    try betweenRuns(&data)
    let failureLimit = markdownFailureLimit
    for (path, text) in [
      (destinations.json, { (data: RunReportData) in JSONRunReport.text(data) }),
      (destinations.markdown, { (data: RunReportData) in MarkdownSummary.text(data, failureLimit: failureLimit) }),
      (destinations.html, { (data: RunReportData) in HTMLReport.text(data) }),
    ] {
      guard let path else { continue }
      if let reportSet {
        // Staged once the run's write errors are known, stating them (docs/reports.md).
        let finished = data
        reportSet.addPending(destination: path) { errors throws(ReportWriteError) in
          var stated = finished
          stated.reportErrors = errors.map(\.description)
          return try ReportFileWriter.stage(bytes: Array(text(stated).utf8), to: path)
        }
      } else {
        try ReportFileWriter.writeAtomically(bytes: Array(text(data).utf8), to: path)
      }
    }
  }

  /// Compares the run with the earlier one and appends it to the history (staged with the
  /// reports, so it is renamed into place with them). An interrupted run is not appended: it
  /// saw only some of the files, and its counts would read as a drop in the trend.
  private func betweenRuns(_ data: inout RunReportData) throws(ReportWriteError) {
    if let previous {
      comparison = RunComparison(
        previous: previous, current: RunSnapshot(data), corpusTests: { self.recorder.corpusTests })
      data.comparison = comparison
    }
    guard let history, data.summary.interruption == nil else {
      data.history = history?.entries ?? []
      return
    }
    do {
      try append(to: history, &data)
    } catch {
      // A history that cannot be written never takes the other reports with it: they state
      // its error (docs/reports.md).
      guard let reportSet else { throw error }
      data.history = history.entries
      reportSet.record(error)
    }
  }

  /// Appends the run to `history`, staged with the reports when there is a report set.
  private func append(to history: RunHistory, _ data: inout RunReportData) throws(ReportWriteError) {
    // Another run on the same folder may have appended since this one read the history: under
    // the history's lock, held until the new file is in place, read it again and append to
    // what it holds now, so that two runs finishing together are both recorded.
    let folder = FileSystem.folder(of: history.path)
    try ReportFileWriter.createFolder(folder, for: history.path)
    let lock = try RunHistory.Lock(folder: folder)
    let latest: RunHistory
    do {
      latest = try RunHistory.load(folder: folder)
    } catch {
      throw ReportWriteError(
        path: history.path, reason: "it changed during the run and can no longer be read: \(error.reason)")
    }
    let updated = latest.appending(RunHistory.entry(of: data), results: data.results)
    data.history = updated.entries
    let bytes = Array(updated.text.utf8)
    if let reportSet {
      // The history holds the run's results, not the reports' errors: the same bytes each time.
      reportSet.addPending(destination: updated.path) { _ throws(ReportWriteError) in
        try ReportFileWriter.stage(bytes: bytes, to: updated.path)
      }
      reportSet.hold(lock)
    } else {
      try ReportFileWriter.writeAtomically(bytes: bytes, to: updated.path)
    }
  }

  /// `JSON report: PATH` lines for the console, in option order.
  public var writtenLines: [String] {
    [
      ("JSON report", destinations.json), ("Markdown summary", destinations.markdown),
      ("HTML report", destinations.html), ("History", history?.path),
    ]
    .compactMap { label, path in
      // With a report set, only the reports it put in place: one that failed is not listed.
      guard let path, reportSet?.wrote(path) ?? true else { return nil }
      return "\(label): \(path)"
    }
  }
}
