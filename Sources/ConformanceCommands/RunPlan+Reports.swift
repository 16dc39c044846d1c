import ConformanceKit
import ConformanceReports

/// Running a plan: the report writers and the console listen to the runner, in this order:
/// JUnit, the JSON, Markdown and HTML reports, the expectations baseline, Allure, the report set
/// that renames them into place together, and the console last, so that when it prints the
/// closing lines every report is on disk.
extension RunPlan {
  /// The report writers of one run.
  struct Writers {
    var reportSet = ReportSet()
    var junit: JUnitReportWriter
    var reports: RunReports
    var baseline: ExpectationsBaselineWriter?
    var allure: AllureResultsWriter?

    /// Lines naming the reports put in place: one that could not be written is said after the
    /// table.
    func writtenLines(junitPath: String) -> [String] {
      (reportSet.wrote(junitPath) ? ["JUnit report: \(junitPath)"] : []) + reports.writtenLines
        + [baseline?.writtenLine, allure?.writtenLine].compactMap { $0 }
    }

    /// Drops what the writers had begun, when the run ended with an error writing them.
    func discard() {
      junit.discard()
      allure?.discard()
      reportSet.discard()
    }
  }

  /// Runs the plan and returns the exit status.
  func run(console: Console) throws -> Int32 {
    let runner = self.runner
    let writers = self.writers(console: console)
    var observers: [any RunObserver] = [writers.junit]
    if !writers.reports.destinations.isEmpty || betweenRuns { observers.append(writers.reports) }
    if let baseline = writers.baseline { observers.append(baseline) }
    if let allure = writers.allure { observers.append(allure) }
    observers.append(writers.reportSet)
    observers.append(consoleReporter(console: console, writers: writers))
    let summary: RunSummary
    do {
      if let judging {
        summary = try runner.run(files: judging.pack.files, failures: judging.loadFailures, observers: observers)
      } else {
        summary = try runner.run(locations, observers: observers)
      }
    } catch let error as JUnitWriteError {
      writers.discard()
      console.printError("conformance \(command): \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    } catch let error as ReportWriteError {
      writers.discard()
      console.printError("conformance \(command): \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    return exitStatus(summary, writers: writers, console: console)
  }

  /// The writers, set up for this run; prints a warning for each answers file cut short.
  func writers(console: Console) -> Writers {
    let reportSet = ReportSet()
    let cutShort = judging?.implementation.cutShort.map(\.cutShortMessage) ?? []
    let startTime = JUnitTimestamp.now()
    let junit = junitWriter(startTime: startTime, cutShort: cutShort)
    junit.reportSet = reportSet
    var info = RunReportInfo(
      toolName: ToolInfo.name, toolVersion: ToolInfo.version, implementation: implementationName,
      roots: judging?.packPath.map { [$0] } ?? corpus.roots,
      selection: corpus.selection, expectations: expectedFailures,
      implementations: implementations.count > 1 ? implementations.map(ImplementationInfo.init) : [])
    info.loader = corpus.loader
    info.corpusDigest = corpusDigest
    info.corpusVersion = corpusVersion
    info.runID = runID
    info.ciBuild = CIBuild.from(environment: console.environment)
    info.reruns = options.reruns.count
    info.implementationVersion = implementations.count == 1 ? RunImplementations.version(of: implementations[0]) : nil
    info.time = startTime.description
    info.answersCutShort = cutShort
    for line in cutShort { console.print("warning: " + ConsoleText.escape(line)) }
    let reports = RunReports(info: info, destinations: options.reports.destinations)
    reports.reportSet = reportSet
    reports.previous = previous
    reports.history = history
    let baseline = options.reports.writeExpectations.map(ExpectationsBaselineWriter.init(destination:))
    baseline?.reportSet = reportSet
    let allure = options.reports.allureResults.map { AllureResultsWriter(folder: $0, info: info) }
    allure?.reportSet = reportSet
    return Writers(reportSet: reportSet, junit: junit, reports: reports, baseline: baseline, allure: allure)
  }

  /// The JUnit writer, with the run's properties: the shard stamp, the corpus version and the
  /// answers files cut short.
  func junitWriter(startTime: JUnitTimestamp, cutShort: [String]) -> JUnitReportWriter {
    let selection = corpus.selection
    let stamp = corpusDigest.flatMap {
      ShardStamp.forRun(selection: selection, corpusDigest: $0, implementations: implementations.map(\.name))
    }
    let corpusProperties =
      (corpusVersion.map { [JUnitProperty(name: "corpus-version", value: $0)] } ?? [])
      + cutShort.map { JUnitProperty(name: "answers-cut-short", value: $0) }
    let junit = JUnitReportWriter(
      destination: options.reports.junit, timestamp: startTime,
      runProperties: (stamp?.junitProperties ?? []) + corpusProperties, flavour: options.reports.flavour)
    junit.runID = runID
    junit.shard = selection.shard
    let labels = implementations.map { (name: $0.name, label: RunImplementations.label(of: $0)) }
    if labels.count == 1 { junit.implementation = labels[0].label } else { junit.implementationLabels = labels }
    return junit
  }

  /// The console's reporter; compared with an earlier run, it prints new failures first.
  func consoleReporter(console: Console, writers: Writers) -> ConsoleReporter {
    let junitPath = options.reports.junit
    let reporter = ConsoleReporter(
      console: console, failureLimit: options.reports.failuresShown, selection: corpus.selection,
      roots: corpus.roots, showsExpectedFailures: expectedFailures != nil
    ) { writers.writtenLines(junitPath: junitPath) }
    reporter.implementation = implementationName
    reporter.command = command
    if let previous {
      let failing = previous.failingTests
      let reports = writers.reports
      reporter.failedBefore = { failing.contains($0, $1, $2) }
      reporter.comparisonLines = {
        reports.comparison.map { [$0.line] + $0.differences.map { "note: " + $0 } } ?? []
      }
    }
    return reporter
  }

  /// The exit status of a run that ran: a report that could not be written did not take the
  /// others with it: each one written states the error, and the run exits 2 after the failures
  /// and the table (docs/reports.md). `--fail-on new-failures` then lets old failures pass.
  func exitStatus(_ summary: RunSummary, writers: Writers, console: Console) -> Int32 {
    if !writers.reportSet.failures.isEmpty {
      for failure in writers.reportSet.failures {
        console.printError("conformance \(command): \(ConsoleText.escape(failure.description))")
      }
      return summary.interruption?.exitStatus ?? ConformanceCommand.ExitStatus.usageOrLoadError
    }
    guard options.gating.failOnNewFailures else { return summary.exitStatus }
    let gated = RunComparison.failOnNewFailures(summary, comparison: writers.reports.comparison)
    if let message = gated.message { console.print(ConsoleText.escape(message)) }
    return gated.exitStatus
  }
}
