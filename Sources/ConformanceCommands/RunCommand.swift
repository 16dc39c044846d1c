import ConformanceJSON
import ConformanceKit
import ConformanceReports
import ReferenceParsers

/// `conformance run`: the main job (docs/junit-report.md).
enum RunCommand: Subcommand {
  static let name = "run"
  static let abstract = "Run vectors against the reference parsers and write a JUnit report."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "vectors", valueName: "DIR", help: "A vectors root to search for *.json files (default: Vectors).",
        repeatable: true),
      .init(
        name: "junit", valueName: "FILE", help: "Where to write the JUnit XML report (default: Reports/junit.xml).",
        repeatable: false),
      .init(name: "suite", valueName: "NAME", help: "Run only this suite.", repeatable: true),
      .init(name: "tag", valueName: "TAG", help: "Run only tests carrying this tag.", repeatable: true),
      .init(
        name: "id", valueName: "GLOB", help: "Run only tests whose id matches (* and ? wildcards).", repeatable: true),
      .init(
        name: "shard", valueName: "K/N", help: "Run only shard K of N (1-based; stable as vectors are added).",
        repeatable: false),
      .init(
        name: "adapter", valueName: "COMMAND",
        help:
          "Check another implementation instead of the reference parsers: started with /bin/sh -c COMMAND, spoken to over conformance-adapter/1 (docs/adapters.md).",
        repeatable: false),
      .init(
        name: "show-failures", valueName: "N", help: "Print at most N failures in full (default: 50).",
        repeatable: false),
      .init(
        name: "report-json", valueName: "FILE", help: "Also write a JSON summary (docs/report.schema.json).",
        repeatable: false),
      .init(
        name: "summary-md", valueName: "FILE",
        help: "Also write a Markdown summary (append it to $GITHUB_STEP_SUMMARY).",
        repeatable: false),
      .init(
        name: "report-html", valueName: "FILE", help: "Also write a self-contained HTML report.", repeatable: false),
      .init(
        name: "expectations", valueName: "FILE",
        help: "Expected failures: listed tests that fail are skipped; a listed pass or a stale entry fails.",
        repeatable: false),
      .init(
        name: "max-file-size", valueName: "BYTES",
        help: "Refuse vector and expectations files larger than this (K, M, G suffixes; default: 64M).",
        repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance run [--vectors DIR]... [--junit FILE] [--suite NAME]... [--tag TAG]... [--id GLOB]... [--shard K/N]
                           [--adapter COMMAND] [--report-json FILE] [--summary-md FILE] [--report-html FILE]
                           [--expectations FILE]

    Loads every *.json vector file under each DIR (recursively; *.schema.json files are skipped),
    runs each selected test against the reference parsers (or, with --adapter, another
    implementation), prints every failure with its file, id, expected and actual result, and
    writes a JUnit XML report, replacing FILE atomically.
    Filters combine: a test runs when it matches every kind of filter given, and any one value
    of each. Every report is replaced atomically and its folder is created (docs/reports.md).
    With --expectations FILE (docs/expectations.md), a listed test that fails or errors is
    reported as skipped with its reason; a listed test that passes is a failure (unexpected
    pass), and an entry matching no loaded vector is stale and fails the run.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 every selected test passed; 1 a test failed or errored; 2 a vector file could not
    be loaded or the command line was wrong (the report is still written for what did load, and a
    run that cannot start writes the error as its report); 130 or 143 interrupted by SIGINT or
    SIGTERM (every report is written for the files that ran, marked as interrupted).
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    let roots = arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors")
    let junitPath = arguments.value("junit") ?? "Reports/junit.xml"
    let selection = try selection(from: arguments, command: name)
    var failureLimit = 50
    if let text = arguments.value("show-failures") {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("--show-failures needs a whole number, got '\(text)'", command: name)
      }
      failureLimit = limit
    }
    var loader = VectorLoader()
    if let text = arguments.value("max-file-size") {
      guard let limit = byteCount(text) else {
        throw UsageError(
          "--max-file-size needs a whole number of bytes (K, M, G suffixes), got '\(text)'", command: name)
      }
      loader.maxFileSize = limit
    }
    let destinations = ReportDestinations(
      json: arguments.value("report-json"), markdown: arguments.value("summary-md"),
      html: arguments.value("report-html"))
    // Every destination is checked before anything runs: a bad one is a command-line error now,
    // not after the whole run (docs/reports.md).
    do {
      try ReportDestinationCheck.check(
        [("--junit", junitPath)]
          + [
            ("--report-json", destinations.json), ("--summary-md", destinations.markdown),
            ("--report-html", destinations.html),
          ].compactMap { option, path in path.map { (option, $0) } })
    } catch {
      throw UsageError(error.description, command: name)
    }
    // One id in every report of the run, which are renamed into place together at the end.
    let runID = RunID.make()
    // From here on, a run that cannot start still replaces every report with one that holds
    // the error, so a dashboard never shows the previous green run as the current one.
    func cannotStart(_ subject: String, _ reason: String, message: String, implementation: String) -> UsageError {
      writeReports(
        ofStartFailure: LoadFailure(
          location: VectorFileLocation(root: "", path: subject, problem: reason), suite: nil, reason: reason),
        junit: junitPath, destinations: destinations, implementation: implementation, selection: selection,
        runID: runID)
      return UsageError(message, command: name)
    }
    // SIGINT and SIGTERM stop the run between files; the reports are then written for what ran
    // (docs/reports.md). Caught from here on, so a signal while the adapter starts or the
    // files are found still ends with reports. Only in the real process: a captured console
    // never touches signals.
    let interruption = Interruption()
    let watcher = console.handlesSignals ? SignalWatcher.start(interruption) : nil
    defer { watcher?.stop() }
    let implementation: any Implementation
    if let command = arguments.value("adapter") {
      do {
        implementation = try ProcessImplementation(command: command)
      } catch {
        throw cannotStart("--adapter", "\(error)", message: "--adapter: \(error)", implementation: command)
      }
    } else {
      implementation = ReferenceImplementation()
    }
    var expectedFailures: ExpectedFailures? = nil
    if let file = arguments.value("expectations") {
      do {
        expectedFailures = try ExpectedFailures.load(file: file, maxFileSize: loader.maxFileSize)
      } catch {
        throw cannotStart(
          "--expectations", error.description, message: "--expectations \(error)", implementation: implementation.name)
      }
    }
    var locations: [VectorFileLocation] = []
    for root in roots {
      do {
        locations += try loader.discover(root: root)
      } catch {
        throw cannotStart(
          "--vectors", error.description, message: "--vectors \(error)", implementation: implementation.name)
      }
    }
    let runner = Runner(
      implementation: implementation, selection: selection, loader: loader,
      expectedFailures: expectedFailures ?? ExpectedFailures(), interruption: interruption)
    let reportSet = ReportSet()
    let junit = JUnitReportWriter(destination: junitPath)
    junit.runID = runID
    junit.reportSet = reportSet
    var observers: [any RunObserver] = [junit]
    var info = RunReportInfo(
      toolName: ToolInfo.name, toolVersion: ToolInfo.version, implementation: implementation.name, roots: roots,
      selection: selection, expectations: expectedFailures)
    info.loader = loader
    info.runID = runID
    let reports = RunReports(info: info, destinations: destinations)
    reports.reportSet = reportSet
    if !reports.destinations.isEmpty { observers.append(reports) }
    observers.append(reportSet)
    // The console comes last: when it prints the closing lines, every report is on disk.
    observers.append(
      ConsoleReporter(console: console, failureLimit: failureLimit) {
        ["JUnit report: \(junitPath)"] + reports.writtenLines
      })
    let summary: RunSummary
    do {
      summary = try runner.run(locations, observers: observers)
    } catch let error as JUnitWriteError {
      junit.discard()
      reportSet.discard()
      console.printError("conformance run: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    } catch let error as ReportWriteError {
      junit.discard()
      reportSet.discard()
      console.printError("conformance run: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    return summary.exitStatus
  }

  /// Replaces every report with one holding `failure` as its only testcase, an error: the run
  /// could not start (bad `--vectors`, `--expectations` or `--adapter`), which exits 2 like a
  /// file that fails to load. A report that cannot be written is left as it is; the error
  /// itself is printed by the caller.
  static func writeReports(
    ofStartFailure failure: LoadFailure, junit: String, destinations: ReportDestinations, implementation: String,
    selection: Selection, runID: String
  ) {
    let reportSet = ReportSet()
    let writer = JUnitReportWriter(destination: junit)
    writer.runID = runID
    writer.reportSet = reportSet
    var observers: [any RunObserver] = [writer]
    if !destinations.isEmpty {
      var info = RunReportInfo(
        toolName: ToolInfo.name, toolVersion: ToolInfo.version, implementation: implementation, roots: [],
        selection: selection)
      info.runID = runID
      let reports = RunReports(info: info, destinations: destinations)
      reports.reportSet = reportSet
      observers.append(reports)
    }
    observers.append(reportSet)
    _ = try? Runner(implementation: NoImplementation()).run([failure.location], observers: observers)
  }

  /// `1048576`, `1024K`, `64M`, `1G` (powers of 1024) as a number of bytes.
  static func byteCount(_ text: String) -> Int? {
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3][String(last).uppercased()] {
      unit = 1 << (10 * power)
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits) else {
      return nil
    }
    let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
    return overflow || bytes == 0 ? nil : bytes
  }

  /// The selection options `run` shares with other subcommands.
  static func selection(from arguments: ParsedArguments, command: String) throws(UsageError) -> Selection {
    for suite in arguments.all("suite") where !Contract.suites.contains(suite) {
      let close = Contract.suites.first { editDistance($0, suite) <= 2 }
      throw UsageError(
        "unknown suite '\(suite)'" + (close.map { " (did you mean '\($0)'?)" } ?? "")
          + "; suites: \(Contract.suites.joined(separator: ", "))", command: command)
    }
    var shard: Shard? = nil
    if let text = arguments.value("shard") {
      guard let parsed = Shard(parsing: text) else {
        throw UsageError("--shard needs K/N with 1 <= K <= N, got '\(text)'", command: command)
      }
      shard = parsed
    }
    return Selection(
      suites: arguments.all("suite"), tags: arguments.all("tag"),
      idPatterns: arguments.all("id").map(IDPattern.init), shard: shard)
  }
}
