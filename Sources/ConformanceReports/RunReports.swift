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
    for (path, text) in [
      (destinations.json, { JSONRunReport.text(data) }),
      (destinations.markdown, { MarkdownSummary.text(data, failureLimit: self.markdownFailureLimit) }),
      (destinations.html, { HTMLReport.text(data) }),
    ] {
      guard let path else { continue }
      let bytes = Array(text().utf8)
      if let reportSet {
        reportSet.add(try ReportFileWriter.stage(bytes: bytes, to: path))
      } else {
        try ReportFileWriter.writeAtomically(bytes: bytes, to: path)
      }
    }
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
