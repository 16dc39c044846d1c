import ConformanceJSON
import ConformanceKit

/// `conformance run --write-expectations FILE`: the run's current failures as an expectations
/// file (`conformance-expectations/1`, docs/expectations.md), to start a baseline for an
/// implementation that is not conformant yet. One entry per test that failed or errored, exact
/// id, in run order; a test an expectations file already listed (and that still fails) keeps
/// that entry's reason and link; other reasons say what the run saw
/// (`baseline: failed: DIFFERENCE`, cut to 200 bytes). Unexpected passes and stale entries are
/// left out, so a run with the new file passes. The file is replaced atomically at the end of
/// the run.
public final class ExpectationsBaselineWriter: RunObserver {
  public let destination: String
  private var entries: [JSONValue] = []
  public private(set) var written = false

  public init(destination: String) {
    self.destination = destination
  }

  public func fileFinished(_ report: FileReport) throws {
    guard case .results(let results) = report.content, let suite = report.suite else { return }
    for result in results {
      var reason: String
      var link: String? = nil
      switch result.status {
      case .failed(let failure):
        if result.expectedFailure?.isUnexpectedPass == true { continue }
        reason = "baseline: failed: \(failure.difference)"
      case .errored(let message):
        reason = "baseline: errored: \(message)"
      case .skipped:
        guard let match = result.expectedFailure, !match.isUnexpectedPass else { continue }
        switch match.originalStatus {
        case .failed, .errored:
          reason = match.entry.reason
          link = match.entry.link
        case .passed, .skipped:
          continue
        }
      case .passed:
        continue
      }
      reason = TextCap.cut(reason, limit: 200)
      var entry: JSONObject = ["suite": .string(suite), "id": .string(result.id), "reason": .string(reason)]
      if let link { entry["link"] = .string(link) }
      entries.append(.object(entry))
    }
  }

  /// When set, an error is recorded there instead of thrown, and the run's other reports state it.
  public var reportSet: ReportSet?

  public func runFinished(_ summary: RunSummary) throws {
    let document: JSONValue = ["format": .string(ExpectedFailures.format), "entries": .array(entries)]
    do {
      try ReportFileWriter.writeAtomically(JSONSerializer.pretty.string(from: document) + "\n", to: destination)
    } catch {
      guard let reportSet else { throw error }
      reportSet.record(error)
      return
    }
    written = true
  }

  /// The console line naming the file, once written.
  public var writtenLine: String? {
    written ? "Expectations baseline: \(destination) (\(entries.count) entries)" : nil
  }
}
