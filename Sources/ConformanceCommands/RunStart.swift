import ConformanceJSON
import ConformanceKit
import ConformanceProcess
import ConformanceReports
import ReferenceParsers

/// A run's start, once its reports are known to be writable: the implementations started (or
/// the answers read), the expected failures and the earlier run read. From here on, a run that
/// cannot start still replaces every report with one that holds the error, so a dashboard
/// never shows the previous green run as the current one.
struct RunStart {
  var command: String
  var options: RunOptions
  var selection: Selection
  /// One id in every report of the run, which are renamed into place together at the end.
  var runID: String

  /// Every destination is checked before anything runs: a bad one is a command-line error now,
  /// not after the whole run (docs/reports.md). The destination that cannot be written is left
  /// alone; every other one that can takes the error, so no report keeps an earlier green run
  /// (docs/cli.md).
  static func checkDestinations(_ options: RunOptions, selection: Selection, command: String) throws(UsageError)
    -> ReportDestinationCheck.HeldFIFOs
  {
    let reports = options.reports
    do {
      let held = try ReportDestinationCheck.check(
        [("--junit", reports.junit)]
          + [
            ("--report-json", reports.reportJSON), ("--summary-md", reports.summaryMarkdown),
            ("--report-html", reports.reportHTML), ("--write-expectations", reports.writeExpectations),
            ("--history", options.gating.historyPath),
          ].compactMap { option, path in path.map { (option, $0) } })
      if let allureFolder = reports.allureResults { try AllureResultsWriter.checkDestination(allureFolder) }
      return held
    } catch {
      let holders = StartFailureReports.usableDestinations(junit: reports.junit, destinations: reports.destinations)
      let reason = "the command line was refused: \(error.description)"
      StartFailureReports.write(
        StartFailureReports.failure(error.option, reason), junit: holders.junit, destinations: holders.destinations,
        implementation: "", selection: selection, runID: RunID.make(), startFailure: reason)
      var usage = UsageError(error.description, command: command)
      usage.reportsHandled = true
      throw usage
    }
  }

  /// Writes the reports of a run that could not start, and the error to throw.
  func cannotStart(
    _ subject: String, _ reason: String, message: String, implementation: String, showsUsage: Bool = true
  ) -> UsageError {
    StartFailureReports.write(
      StartFailureReports.failure(subject, reason), junit: options.reports.junit,
      destinations: options.reports.destinations, implementation: implementation, selection: selection,
      runID: runID, startFailure: message.isEmpty ? "\(subject): \(reason)" : message)
    var error = UsageError(message, command: command, showsUsage: showsUsage)
    error.reportsHandled = true
    return error
  }

  /// The pack and the answers `judge` asked for, or the refusal as the run's reports.
  func judged(_ request: JudgeRequest, corpus: RunCorpus) throws(UsageError) -> JudgedRun {
    do {
      return try request.load(corpus.loader, corpus.selection)
    } catch {
      throw cannotStart(
        error.subject, error.reason, message: error.message, implementation: error.implementation, showsUsage: false)
    }
  }

  /// The implementations started, or the exit status of a run stopped by a signal while the
  /// adapters started.
  enum Started {
    case implementations([any Implementation])
    case interrupted(exitStatus: Int32)
  }

  /// The reference parsers, or the adapters of every `--adapter`; an adapter that cannot start
  /// is the run's error.
  func implementations(corpus: RunCorpus, console: Console, interruption: Interruption) throws(UsageError)
    -> Started
  {
    do {
      return .implementations(
        try RunImplementations.start(
          options.implementations, selection: selection, ownSuites: corpus.declared.names, console: console,
          interruption: interruption, command: command))
    } catch {
      if let signal = interruption.signal {
        // A signal while the adapters started: the run did not start, and says why.
        let stopped = RunInterruption(signal: signal, filesDone: 0, fileCount: 0)
        _ = cannotStart("--adapter", "\(stopped.message): the adapters were starting", message: "", implementation: "")
        console.printError("conformance run: interrupted by \(stopped.signalName) while the adapters were starting")
        return .interrupted(exitStatus: stopped.exitStatus)
      }
      let commands = options.implementations.adapters.joined(separator: ", ")
      // The report's testcase is named `--adapter` already: its reason does not repeat it.
      let reason = error.message.hasPrefix("--adapter: ") ? String(error.message.dropFirst(11)) : error.message
      throw cannotStart(
        "--adapter", reason, message: error.message, implementation: commands, showsUsage: error.showsUsage)
    }
  }

  /// `--expectations FILE`, read (and refused, naming the file) before anything runs.
  func expectedFailures(corpus: RunCorpus, implementation: String) throws(UsageError) -> ExpectedFailures? {
    guard let file = options.gating.expectations else { return nil }
    do {
      return try ExpectedFailures.load(
        file: file, maxFileSize: corpus.loader.maxFileSize, ownSuites: corpus.declared.names)
    } catch {
      throw cannotStart(
        "--expectations", error.description, message: "--expectations \(error)", implementation: implementation,
        showsUsage: false)
    }
  }

  /// The earlier run of `--compare` or `--history`: read (and refused, naming the file) before
  /// anything runs.
  func earlierRun(implementation: String) throws(UsageError) -> (previous: RunSnapshot?, history: RunHistory?) {
    var previous: RunSnapshot? = nil
    var history: RunHistory? = nil
    do {
      if let folder = options.gating.historyFolder { history = try RunHistory.load(folder: folder) }
      if let file = options.gating.compare {
        previous = try RunSnapshot.read(report: file, keepsFailures: false)
      } else {
        previous = history?.latestSnapshot
      }
    } catch {
      let option = error.path == options.gating.historyPath ? "--history" : "--compare"
      throw cannotStart(option, error.description, message: "\(option) \(error)", implementation: implementation)
    }
    return (previous, history)
  }

  /// A root that could not be searched, as the run's error.
  func checkRoots(_ corpus: RunCorpus, implementation: String) throws(UsageError) {
    guard let rootError = corpus.rootError else { return }
    throw cannotStart(
      "--vectors", rootError.description, message: "--vectors \(rootError)", implementation: implementation)
  }
}
