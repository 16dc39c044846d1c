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
    guard let data = recorder.data else { return }
    if let path = destinations.json { try ReportFileWriter.writeAtomically(JSONRunReport.text(data), to: path) }
    if let path = destinations.markdown {
      try ReportFileWriter.writeAtomically(MarkdownSummary.text(data, failureLimit: markdownFailureLimit), to: path)
    }
    if let path = destinations.html { try ReportFileWriter.writeAtomically(HTMLReport.text(data), to: path) }
  }

  /// `JSON report: PATH` lines for the console, in option order.
  public var writtenLines: [String] {
    [
      ("JSON report", destinations.json), ("Markdown summary", destinations.markdown),
      ("HTML report", destinations.html),
    ]
    .compactMap { label, path in path.map { "\(label): \($0)" } }
  }
}
