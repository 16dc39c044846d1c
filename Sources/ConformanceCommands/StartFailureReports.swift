import ConformanceKit
import ConformanceReports

/// The reports of a run that could not start: every report replaced with one holding the error
/// as its only testcase, so a dashboard never shows the previous green run as this one
/// (docs/cli.md). Used by `run` and `judge`, and by `conformance` for a refused command line.
enum StartFailureReports {
  /// Replaces every report with one holding `failure` as its only testcase, an error: the run
  /// could not start (bad `--vectors`, `--expectations` or `--adapter`), which exits 2 like a
  /// file that fails to load. A report that cannot be written is left as it is; the error
  /// itself is printed by the caller.
  static func write(
    _ failure: LoadFailure, junit: String?, destinations: ReportDestinations, implementation: String,
    selection: Selection, runID: String, startFailure: String
  ) {
    let reportSet = ReportSet()
    var observers: [any RunObserver] = []
    if let junit {
      let writer = JUnitReportWriter(destination: junit)
      writer.runID = runID
      writer.implementation = implementation
      writer.reportSet = reportSet
      observers.append(writer)
    }
    if !destinations.isEmpty {
      var info = RunReportInfo(
        toolName: ToolInfo.name, toolVersion: ToolInfo.version, implementation: implementation, roots: [],
        selection: selection)
      info.runID = runID
      info.startFailure = startFailure
      let reports = RunReports(info: info, destinations: destinations)
      reports.reportSet = reportSet
      observers.append(reports)
    }
    observers.append(reportSet)
    _ = try? Runner(implementation: NoImplementation()).run([failure.location], observers: observers)
  }

  /// The failure of a run that could not start, as the load failure of a file named `subject`.
  static func failure(_ subject: String, _ reason: String) -> LoadFailure {
    LoadFailure(location: VectorFileLocation(root: "", path: subject, problem: reason), suite: nil, reason: reason)
  }

  /// Replaces the reports a refused command line names (`--junit`, default `Reports/junit.xml`,
  /// `--report-json`, `--summary-md`, `--report-html`) with one holding the error, read leniently
  /// from the raw `arguments`; nothing is written when a destination is unusable.
  static func write(ofUsageError error: UsageError, arguments: [String], spec: ArgumentSpec) {
    let values = spec.leniently(arguments)
    let junit = values[ArgumentSpec.Option.junit.name]?.first ?? ReportOptions.defaultJUnit
    let holders = usableDestinations(
      junit: junit,
      destinations: ReportDestinations(
        json: values[ArgumentSpec.Option.reportJSON.name]?.first,
        markdown: values[ArgumentSpec.Option.summaryMarkdown.name]?.first,
        html: values[ArgumentSpec.Option.reportHTML.name]?.first))
    let reason = "the command line was refused: \(error.message)"
    write(
      failure("command line", reason), junit: holders.junit, destinations: holders.destinations, implementation: "",
      selection: Selection(), runID: RunID.make(), startFailure: reason)
  }

  /// The report destinations that can take a run's error: each of `--junit`, `--report-json`,
  /// `--summary-md` and `--report-html` that passes the destination check on its own and is
  /// not the same file as one before it. One that cannot be written is left out, never the
  /// others with it.
  static func usableDestinations(junit: String, destinations: ReportDestinations) -> (
    junit: String?, destinations: ReportDestinations
  ) {
    var accepted: [(option: String, path: String)] = []
    for (option, path) in [
      ("--junit", junit), ("--report-json", destinations.json), ("--summary-md", destinations.markdown),
      ("--report-html", destinations.html),
    ] {
      guard let path else { continue }
      if (try? ReportDestinationCheck.check(accepted + [(option, path)])) != nil { accepted.append((option, path)) }
    }
    func path(_ option: String) -> String? { accepted.first { $0.option == option }?.path }
    return (
      path("--junit"),
      ReportDestinations(json: path("--report-json"), markdown: path("--summary-md"), html: path("--report-html"))
    )
  }
}
