import ConformanceJSON
import ConformanceKit
import ConformanceProcess
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
        name: "vectors", valueName: "PATH",
        help: "A vectors root to search for *.json files, or one vector file (default: Vectors).",
        repeatable: true),
      .init(
        name: "junit", valueName: "FILE", help: "Where to write the JUnit XML report (default: Reports/junit.xml).",
        repeatable: false),
      .init(name: "suite", valueName: "NAME", help: "Run only this suite.", repeatable: true),
      .init(name: "tag", valueName: "TAG", help: "Run only tests carrying this tag.", repeatable: true),
      .init(
        name: "id", valueName: "GLOB", help: "Run only tests whose id matches (* and ? wildcards).", repeatable: true),
      .init(name: "exclude-tag", valueName: "TAG", help: "Leave out tests carrying this tag.", repeatable: true),
      .init(name: "exclude-id", valueName: "GLOB", help: "Leave out tests whose id matches.", repeatable: true),
      .init(
        name: "shard", valueName: "K/N|auto",
        help:
          "Run only shard K of N (1-based; stable as vectors are added); auto: the shard the CI engine hands out (Bazel, GitLab parallel, CircleCI, Buildkite; the whole corpus when none does).",
        repeatable: false),
      .init(
        name: "adapter", valueName: "COMMAND",
        help:
          "Check another implementation instead of the reference parsers: started with /bin/sh -c COMMAND, spoken to over conformance-adapter/2 (docs/adapters.md). Repeat it to check several implementations side by side.",
        repeatable: true),
      .init(
        name: "timeout", valueName: "SECONDS",
        help: "With --adapter: how long one request, or the adapter's start and hello, may take (default: 30).",
        repeatable: false),
      .init(
        name: "max-restarts", valueName: "N",
        help:
          "With --adapter: failures in a row after which the adapter is not restarted and the rest are errors (default: 3).",
        repeatable: false),
      .init(
        name: "jobs", valueName: "N", help: "With --adapter: run N instances of the adapter in parallel (default: 1).",
        repeatable: false),
      .init(
        name: "show-failures", valueName: "N",
        help: "Print at most N failures in full, taken in turn from each suite (default: 50).",
        repeatable: false),
      .init(
        name: "max-failures", valueName: "N",
        help: "Stop at the Nth problem (failed or errored test, file not loaded); later tests are not run.",
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
        name: "junit-flavour", valueName: "FLAVOUR",
        help:
          "standard (default) or strict: valid against the junit-10 schema of Jenkins' xunit plugin (no file on testcases; no skipped, timestamp, hostname on the root).",
        repeatable: false),
      .init(
        name: "write-expectations", valueName: "FILE",
        help: "Write the tests that fail now as an expectations file (a baseline for --expectations).",
        repeatable: false),
      .init(
        name: "compare", valueName: "PREVIOUS.json",
        help:
          "Compare with the JSON report (--report-json) of an earlier run: new failures, fixed, still failing, new and removed tests (docs/reports.md).",
        repeatable: false),
      .init(
        name: "fail-on", valueName: "new-failures",
        help:
          "With --compare or --history: exit 0 when every failure is an old one (failed in the earlier run too), 1 when one is new.",
        repeatable: false),
      .init(
        name: "history", valueName: "DIR",
        help:
          "Keep the last 50 runs' summaries in DIR/history.json: the HTML report draws the trend, and without --compare this run is compared with the last one.",
        repeatable: false),
      .init(
        name: "max-file-size", valueName: "BYTES",
        help: "Refuse vector and expectations files larger than this (K, M, G suffixes; default: 64M).",
        repeatable: false),
      .init(
        name: "reruns", valueName: "N",
        help:
          "With --adapter: ask a failing or erroring test again, up to N more times; one that then passes is flaky and counts as passed.",
        repeatable: false),
      .init(
        name: "allure-results", valueName: "DIR",
        help:
          "Also write Allure 2 results (one result file per test, attachments) into DIR, replacing this command's earlier results.",
        repeatable: false),
    ],
    flags: [
      .init(name: "help", help: "Show this help."),
      .init(
        name: "fail-on-flaky", help: "With --reruns: a flaky test (passed only on a rerun) fails the run (exit 1)."),
    ])

  static var help: String {
    """
    USAGE: conformance run [--vectors PATH]... [--junit FILE] [--suite NAME]... [--tag TAG]... [--id GLOB]...
                           [--exclude-tag TAG]... [--exclude-id GLOB]... [--shard K/N|auto]
                           [--adapter COMMAND]... [--timeout SECONDS] [--max-restarts N] [--jobs N]
                           [--show-failures N] [--max-failures N] [--report-json FILE] [--summary-md FILE]
                           [--report-html FILE] [--expectations FILE] [--junit-flavour standard|strict]
                           [--write-expectations FILE] [--max-file-size BYTES]
                           [--compare PREVIOUS.json] [--history DIR] [--fail-on new-failures]
                           [--reruns N [--fail-on-flaky]] [--allure-results DIR]

    Loads every *.json vector file under each PATH (recursively; *.schema.json files are skipped;
    a PATH may also be one vector file), runs each selected test against the reference parsers
    (or, with --adapter, another implementation) and writes a JUnit XML report, replacing FILE
    atomically. At the end it prints up to --show-failures problems, taken in turn from each
    suite, each with its file, id, description, input, expected and actual result and the first
    difference (long values cut with "… N more bytes"), then a table of counts per suite and the
    closing line `P passed, F failed[, X expected failures][, S skipped]`. While it runs, a
    progress line `[files done/files] T tests, N problems` is redrawn on stderr when stderr is a
    terminal. Output is coloured when stdout is a terminal and NO_COLOR is not set.
    Filters combine: a test runs when it matches every kind of filter given, and any one value
    of each, and no exclude. A selection that matches no test is an error (exit 2).
    Every report is replaced atomically and its folder is created (docs/reports.md).
    --shard auto reads the shard from TEST_TOTAL_SHARDS/TEST_SHARD_INDEX (Bazel, 0-based; the
    run touches TEST_SHARD_STATUS_FILE), CI_NODE_TOTAL/CI_NODE_INDEX (GitLab, 1-based),
    CIRCLE_NODE_TOTAL/CIRCLE_NODE_INDEX or BUILDKITE_PARALLEL_JOB_COUNT/BUILDKITE_PARALLEL_JOB
    (0-based), says which on the first line, runs the whole corpus when none is set, and is an
    error (exit 2) when two engines disagree (docs/sharding.md). Under Bazel, XML_OUTPUT_FILE is
    the default --junit.
    With --expectations FILE (docs/expectations.md), a listed test that fails or errors is
    reported as skipped with its reason; a listed test that passes is a failure (unexpected
    pass), and an entry matching no loaded vector is stale and fails the run.
    With --compare PREVIOUS.json (an earlier run's --report-json) or --history DIR, every test
    is compared with the earlier run: the console prints new failures first and the line
    `since <run id>: N new failures, N fixed, N still failing, N new, N removed`, and the
    reports show what changed. --fail-on new-failures then exits 0 when every failure is old.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 every selected test passed; 1 a test failed or errored, an expected failure
    passed, or an expectations entry is stale; 2 a vector file could not be loaded, no test
    matches the filters, or the command line was wrong (the reports are still written for what
    did load and run, and a run that cannot start writes the error as its report); 130 or 143
    interrupted by SIGINT or SIGTERM (every report is written for the files that ran, marked as
    interrupted).
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw arguments.unexpectedArgument(command: name)
    }
    return try execute(arguments, console: console, judging: nil)
  }

  /// What `conformance judge` asks of the run: the tests' roots or pack (named in the reports),
  /// and how to read the pack and the answers, which the run does once its reports are known,
  /// so answers refused replace the reports like any run that could not start.
  struct JudgeRequest {
    /// `--vectors` roots; empty with `--pack`.
    var roots: [String]
    var packPath: String?
    /// Reads the tests and the answers with the run's loader and selection.
    var load: (VectorLoader, Selection) throws(JudgeRefusal) -> JudgedRun
  }

  /// Why recorded answers (or their pack) cannot be judged: `subject` names the file or the
  /// option in the reports, `message` is the console's line.
  struct JudgeRefusal: Error {
    var subject: String
    var reason: String
    var message: String
    /// The answers' implementation, when the files were read that far.
    var implementation = ""
  }

  /// What `conformance judge` runs instead of vector files against implementations: a pack's
  /// tests (and the files under `--vectors` that did not load) against recorded answers.
  struct JudgedRun {
    var implementation: JudgedImplementation
    var pack: Pack
    var loadFailures: [LoadFailure] = []
    /// `--vectors` roots; empty with `--pack`.
    var roots: [String]
    /// Named in the reports instead of roots with `--pack`.
    var packPath: String?
  }

  /// The whole run, `run`'s or `judge`'s: everything after the command line's own checks,
  /// from the selection to the last report.
  static func execute(_ arguments: ParsedArguments, console: Console, judging request: JudgeRequest?) throws -> Int32 {
    let name = request == nil ? Self.name : JudgeCommand.name
    let roots =
      request?.roots ?? (arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors"))
    // Under `bazel test`, the JUnit report goes where Bazel collects it.
    let bazelXML = console.environment[ShardEngine.xmlOutputVariable].flatMap { $0.isEmpty ? nil : $0 }
    let junitPath = arguments.value("junit") ?? bazelXML ?? "Reports/junit.xml"
    var failureLimit = 50
    if let text = arguments.value("show-failures") {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("--show-failures needs a whole number, got '\(text)'", command: name)
      }
      failureLimit = limit
    }
    var maxFailures: Int? = nil
    if let text = arguments.value("max-failures") {
      guard let limit = Int(text), limit >= 1 else {
        throw UsageError("--max-failures needs a whole number of at least 1, got '\(text)'", command: name)
      }
      maxFailures = limit
    }
    var flavour = JUnitFlavour.standard
    if let text = arguments.value("junit-flavour") {
      guard let parsed = JUnitFlavour(rawValue: text) else {
        throw UsageError("--junit-flavour is standard or strict, got '\(text)'", command: name)
      }
      flavour = parsed
    }
    var loader = VectorLoader()
    if let text = arguments.value("max-file-size") {
      guard let limit = byteCount(text) else {
        throw UsageError(
          "--max-file-size needs a whole number of bytes (K, M, G suffixes), got '\(text)'", command: name)
      }
      loader.maxFileSize = limit
    }
    // The roots are surveyed first: their own suites (NAME.suite.json) are suites of this run,
    // for --suite and for the adapters' hello. A root that cannot be searched is reported where
    // it always was, after the adapters and the expectations.
    var listings: [CorpusListing] = []
    var rootError: VectorRootError? = nil
    do {
      for root in roots { listings.append(try loader.survey(root: root)) }
    } catch {
      rootError = error
    }
    let declared = DeclaredSuites.load(listings, loader: loader)
    loader.decoder.declarations = declared.declarations
    var selection = try selection(from: arguments, command: name, ownSuites: declared.names)
    if arguments.value("shard") == "auto" {
      let resolution = try ShardEngine.resolve(console.environment)
      if let file = resolution.statusFile { try ShardEngine.touch(file) }
      selection.shard = resolution.shard
      console.print(resolution.note)
    }
    let destinations = ReportDestinations(
      json: arguments.value("report-json"), markdown: arguments.value("summary-md"),
      html: arguments.value("report-html"))
    let baselinePath = arguments.value("write-expectations")
    let reruns = try RerunOptions(arguments, command: name)
    let allureFolder = arguments.value("allure-results")
    let historyPath = arguments.value("history").map(RunHistory.path(folder:))
    if let rule = arguments.value("fail-on") {
      guard rule == "new-failures" else {
        throw UsageError("--fail-on takes new-failures, got '\(rule)'", command: name)
      }
      guard arguments.value("compare") != nil || historyPath != nil else {
        throw UsageError(
          "--fail-on new-failures needs an earlier run to compare with: give --compare PREVIOUS.json or --history DIR",
          command: name)
      }
    }
    if historyPath != nil, let shard = selection.shard {
      throw UsageError(
        "--history records whole runs, and --shard \(shard) is a part of one: merge the shards' JSON reports (merge --json) and compare them with `conformance diff`",
        command: name)
    }
    // Every destination is checked before anything runs: a bad one is a command-line error now,
    // not after the whole run (docs/reports.md).
    let heldFIFOs: ReportDestinationCheck.HeldFIFOs
    do {
      heldFIFOs = try ReportDestinationCheck.check(
        [("--junit", junitPath)]
          + [
            ("--report-json", destinations.json), ("--summary-md", destinations.markdown),
            ("--report-html", destinations.html), ("--write-expectations", baselinePath),
            ("--history", historyPath),
          ].compactMap { option, path in path.map { (option, $0) } })
      if let allureFolder { try AllureResultsWriter.checkDestination(allureFolder) }
    } catch {
      // The destination that cannot be written is left alone; every other one that can takes
      // the error, so no report keeps an earlier green run (docs/cli.md).
      let holders = errorReportDestinations(junit: junitPath, destinations: destinations)
      let reason = "the command line was refused: \(error.description)"
      writeReports(
        ofStartFailure: LoadFailure(
          location: VectorFileLocation(root: "", path: error.option, problem: reason), suite: nil, reason: reason),
        junit: holders.junit, destinations: holders.destinations, implementation: "", selection: selection,
        runID: RunID.make(), startFailure: reason)
      var usage = UsageError(error.description, command: name)
      usage.reportsHandled = true
      throw usage
    }
    defer { heldFIFOs.release() }
    // One id in every report of the run, which are renamed into place together at the end.
    let runID = RunID.make()
    // From here on, a run that cannot start still replaces every report with one that holds
    // the error, so a dashboard never shows the previous green run as the current one.
    func cannotStart(
      _ subject: String, _ reason: String, message: String, implementation: String, showsUsage: Bool = true
    ) -> UsageError {
      writeReports(
        ofStartFailure: LoadFailure(
          location: VectorFileLocation(root: "", path: subject, problem: reason), suite: nil, reason: reason),
        junit: junitPath, destinations: destinations, implementation: implementation, selection: selection,
        runID: runID, startFailure: message.isEmpty ? "\(subject): \(reason)" : message)
      var error = UsageError(message, command: name, showsUsage: showsUsage)
      error.reportsHandled = true
      return error
    }
    // SIGINT and SIGTERM stop the run within a second, mid-file too; the reports are then written for what ran
    // (docs/reports.md). Caught from here on, so a signal while the adapters start or the
    // files are found still ends with reports. Only in the real process: a captured console
    // never touches signals.
    let interruption = Interruption()
    let watcher = console.handlesSignals ? SignalWatcher.start(interruption) : nil
    defer { watcher?.stop() }
    let implementations: [any Implementation]
    let judging: JudgedRun?
    if let request {
      let judged: JudgedRun
      do {
        judged = try request.load(loader, selection)
      } catch {
        throw cannotStart(
          error.subject, error.reason, message: error.message, implementation: error.implementation, showsUsage: false)
      }
      judging = judged
      implementations = [judged.implementation]
    } else {
      judging = nil
      do {
        implementations = try Self.implementations(
          from: arguments, selection: selection, ownSuites: declared.names, console: console, interruption: interruption
        )
      } catch {
        if let signal = interruption.signal {
          // A signal while the adapters started: the run did not start, and says why.
          let stopped = RunInterruption(signal: signal, filesDone: 0, fileCount: 0)
          _ = cannotStart(
            "--adapter", "\(stopped.message): the adapters were starting", message: "", implementation: "")
          console.printError("conformance run: interrupted by \(stopped.signalName) while the adapters were starting")
          return stopped.exitStatus
        }
        let commands = arguments.all("adapter").joined(separator: ", ")
        // The report's testcase is named `--adapter` already: its reason does not repeat it.
        let reason = error.message.hasPrefix("--adapter: ") ? String(error.message.dropFirst(11)) : error.message
        throw cannotStart(
          "--adapter", reason, message: error.message, implementation: commands, showsUsage: error.showsUsage)
      }
    }
    let implementationName = implementations.map(\.name).joined(separator: ", ")
    var expectedFailures: ExpectedFailures? = nil
    if let file = arguments.value("expectations") {
      do {
        expectedFailures = try ExpectedFailures.load(
          file: file, maxFileSize: loader.maxFileSize, ownSuites: declared.names)
      } catch {
        throw cannotStart(
          "--expectations", error.description, message: "--expectations \(error)", implementation: implementationName,
          showsUsage: false)
      }
    }
    // The earlier run: read (and refused, naming the file) before anything runs.
    var previous: RunSnapshot? = nil
    var history: RunHistory? = nil
    do {
      if let folder = arguments.value("history") { history = try RunHistory.load(folder: folder) }
      if let file = arguments.value("compare") {
        previous = try RunSnapshot.read(report: file, keepsFailures: false)
      } else {
        previous = history?.latestSnapshot
      }
    } catch {
      let option = error.path == historyPath ? "--history" : "--compare"
      throw cannotStart(option, error.description, message: "\(option) \(error)", implementation: implementationName)
    }
    if let rootError {
      throw cannotStart(
        "--vectors", rootError.description, message: "--vectors \(rootError)", implementation: implementationName)
    }
    // The corpus digest (every vector file and declaration found, whatever the selection), read
    // once for the shard stamp, the JSON report and a single root's manifest check.
    let corpusFiles = listings.flatMap(\.corpusFiles)
    let hasManifest = listings.contains { $0.isFolder && $0.manifest != nil }
    let betweenRuns = previous != nil || history != nil
    let corpusDigest =
      judging.map { CorpusDigest(hexValue: $0.pack.corpusDigest) }
      ?? (selection.shard != nil || !destinations.isEmpty || betweenRuns || (hasManifest && listings.count == 1)
        || allureFolder != nil
        ? CorpusDigest.of(corpusFiles, loader: loader) : nil)
    let stamp = corpusDigest.flatMap {
      ShardStamp.forRun(selection: selection, corpusDigest: $0, implementations: implementations.map(\.name))
    }
    // Each root's files, its declarations that failed to load, and a stale or malformed
    // manifest: both are load errors of their file (exit 2), and every vector still runs.
    var locations: [VectorFileLocation] = []
    var corpusVersion: String? = judging?.pack.corpusVersion
    // Judged: the pack's files, whose manifest was checked when the pack was made.
    for listing in listings where judging == nil {
      var rootLocations = listing.vectorFiles
      rootLocations += declared.failures.filter { $0.root == listing.root }
      let status = CorpusManifest.check(listing, loader: loader, digest: listings.count == 1 ? corpusDigest : nil)
      if let problem = manifestProblem(status), let manifest = listing.manifest {
        rootLocations.append(VectorFileLocation(root: manifest.root, path: manifest.path, problem: problem))
      }
      if corpusVersion == nil { corpusVersion = status.version?.description }
      locations += rootLocations.sorted { utf8Precedes($0.path, $1.path) }
    }
    var runner = Runner(
      implementations: implementations, selection: selection, loader: loader,
      expectedFailures: expectedFailures ?? ExpectedFailures(), interruption: interruption)
    runner.maxFailures = maxFailures
    runner.reruns = reruns.count
    runner.failsOnFlaky = reruns.failOnFlaky
    runner.roots = roots
    let reportSet = ReportSet()
    let cutShort = judging?.implementation.cutShort.map(\.cutShortMessage) ?? []
    let corpusProperties =
      (corpusVersion.map { [JUnitProperty(name: "corpus-version", value: $0)] } ?? [])
      + cutShort.map { JUnitProperty(name: "answers-cut-short", value: $0) }
    let startTime = JUnitTimestamp.now()
    let junit = JUnitReportWriter(
      destination: junitPath, timestamp: startTime, runProperties: (stamp?.junitProperties ?? []) + corpusProperties,
      flavour: flavour)
    junit.runID = runID
    junit.reportSet = reportSet
    junit.shard = selection.shard
    let labels = implementations.map { (name: $0.name, label: label(of: $0)) }
    if labels.count == 1 { junit.implementation = labels[0].label } else { junit.implementationLabels = labels }
    var observers: [any RunObserver] = [junit]
    var info = RunReportInfo(
      toolName: ToolInfo.name, toolVersion: ToolInfo.version, implementation: implementationName,
      roots: judging?.packPath.map { [$0] } ?? roots,
      selection: selection, expectations: expectedFailures,
      implementations: implementations.count > 1 ? implementations.map(ImplementationInfo.init) : [])
    info.loader = loader
    info.corpusDigest = corpusDigest
    info.corpusVersion = corpusVersion
    info.runID = runID
    info.ciBuild = CIBuild.from(environment: console.environment)
    info.reruns = reruns.count
    info.implementationVersion = implementations.count == 1 ? version(of: implementations[0]) : nil
    info.time = startTime.description
    info.answersCutShort = cutShort
    for line in cutShort { console.print("warning: " + ConsoleText.escape(line)) }
    let reports = RunReports(info: info, destinations: destinations)
    reports.reportSet = reportSet
    reports.previous = previous
    reports.history = history
    if !reports.destinations.isEmpty || betweenRuns { observers.append(reports) }
    let baseline = baselinePath.map(ExpectationsBaselineWriter.init(destination:))
    if let baseline {
      baseline.reportSet = reportSet
      observers.append(baseline)
    }
    let allure = allureFolder.map { AllureResultsWriter(folder: $0, info: info) }
    if let allure {
      allure.reportSet = reportSet
      observers.append(allure)
    }
    observers.append(reportSet)
    // The console comes last: when it prints the closing lines, every report is on disk.
    let consoleReporter = ConsoleReporter(
      console: console, failureLimit: failureLimit, selection: selection, roots: roots,
      showsExpectedFailures: expectedFailures != nil
    ) {
      // Only the reports put in place: one that could not be written is said after the table.
      (reportSet.wrote(junitPath) ? ["JUnit report: \(junitPath)"] : []) + reports.writtenLines
        + [baseline?.writtenLine, allure?.writtenLine].compactMap { $0 }
    }
    consoleReporter.implementation = implementationName
    consoleReporter.command = name
    if let previous {
      let failing = previous.failingTests
      consoleReporter.failedBefore = { failing.contains($0, $1, $2) }
      consoleReporter.comparisonLines = {
        reports.comparison.map { [$0.line] + $0.differences.map { "note: " + $0 } } ?? []
      }
    }
    observers.append(consoleReporter)
    let summary: RunSummary
    do {
      if let judging {
        summary = try runner.run(files: judging.pack.files, failures: judging.loadFailures, observers: observers)
      } else {
        summary = try runner.run(locations, observers: observers)
      }
    } catch let error as JUnitWriteError {
      junit.discard()
      allure?.discard()
      reportSet.discard()
      console.printError("conformance \(name): \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    } catch let error as ReportWriteError {
      junit.discard()
      allure?.discard()
      reportSet.discard()
      console.printError("conformance \(name): \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    // A report that could not be written did not take the others with it: each one written
    // states the error, and the run exits 2 after the failures and the table (docs/reports.md).
    if !reportSet.failures.isEmpty {
      for failure in reportSet.failures {
        console.printError("conformance \(name): \(ConsoleText.escape(failure.description))")
      }
      return summary.interruption?.exitStatus ?? ConformanceCommand.ExitStatus.usageOrLoadError
    }
    guard arguments.value("fail-on") != nil else { return summary.exitStatus }
    let gated = RunComparison.failOnNewFailures(summary, comparison: reports.comparison)
    if let message = gated.message { console.print(ConsoleText.escape(message)) }
    return gated.exitStatus
  }

  /// The hello's version of an adapter; this build's for the reference parsers (the version
  /// `conformance serve` says in its hello).
  static func version(of implementation: any Implementation) -> String? {
    if let adapter = implementation as? ProcessImplementation { return adapter.version }
    if let judged = implementation as? JudgedImplementation { return judged.version }
    return ToolInfo.version
  }

  /// The implementation as reports name it: the hello's name and version, `reference 0.1.0`.
  static func label(of implementation: any Implementation) -> String {
    implementation.name + (version(of: implementation).map { " " + $0 } ?? "")
  }

  /// `--timeout SECONDS`, shared with `smoke`: above 0 and at most a day.
  static func timeout(from arguments: ParsedArguments, command: String) throws(UsageError) -> Double? {
    guard let text = arguments.value("timeout") else { return nil }
    guard let value = Double(text), value > 0, value <= 86_400 else {
      throw UsageError("--timeout needs a number of seconds above 0, got '\(text)'", command: command)
    }
    return value
  }

  /// `--timeout`, `--max-restarts` and `--jobs`.
  static func adapterOptions(from arguments: ParsedArguments) throws(UsageError) -> AdapterOptions {
    var options = AdapterOptions()
    if let timeout = try timeout(from: arguments, command: name) { options.timeout = timeout }
    if let text = arguments.value("max-restarts") {
      guard let value = Int(text), value >= 0 else {
        throw UsageError("--max-restarts needs a whole number, got '\(text)'", command: name)
      }
      options.maxRestarts = value
    }
    if let text = arguments.value("jobs") {
      guard let value = Int(text), value >= 1, value <= 256 else {
        throw UsageError("--jobs needs a whole number from 1 to 256, got '\(text)'", command: name)
      }
      options.jobs = value
    }
    return options
  }

  /// The reference parsers, or the adapters of every `--adapter` (distinct hello names).
  static func implementations(
    from arguments: ParsedArguments, selection: Selection, ownSuites: [String] = [], console: Console? = nil,
    interruption: Interruption? = nil
  ) throws(UsageError) -> [any Implementation] {
    // Checked with or without --adapter: a malformed value is never silently ignored.
    let options = try adapterOptions(from: arguments)
    let commands = arguments.all("adapter")
    guard !commands.isEmpty else { return [ReferenceImplementation()] }
    var adapters: [ProcessImplementation] = []
    for command in commands {
      let started = try adapter(
        command: command, options: options, selection: selection, ownSuites: ownSuites, interruption: interruption)
      for suite in started.unknownSuites {
        console?.printError(
          "conformance run: warning: adapter `\(ConsoleText.escape(command))` (\(ConsoleText.escape(started.name))) lists suite \(ConsoleText.escape(JSONSerializer.compact.string(from: .string(suite)))), which neither this harness nor the corpus has; it may implement a newer corpus. Its other suites run."
        )
      }
      if let other = adapters.first(where: { $0.name.utf8.elementsEqual(started.name.utf8) }) {
        throw UsageError(
          "--adapter: adapters `\(other.command)` and `\(command)` both answered the hello with the name \(JSONSerializer.compact.string(from: .string(started.name))); each implementation is named by its hello, so the names must differ",
          command: name, showsUsage: false)
      }
      adapters.append(started)
    }
    return adapters
  }

  /// Starts the adapter and checks that it implements at least one selected suite.
  static func adapter(
    command: String, options: AdapterOptions, selection: Selection, ownSuites: [String] = [],
    interruption: Interruption? = nil
  ) throws(UsageError) -> ProcessImplementation {
    let adapter: ProcessImplementation
    do {
      adapter = try ProcessImplementation(
        command: command, options: options, knownSuites: Contract.suites + ownSuites, interruption: interruption)
    } catch {
      throw UsageError("--adapter: \(error)", command: name, showsUsage: false)
    }
    let selected = selection.suites.isEmpty ? Contract.suites + ownSuites : selection.suites
    guard selected.contains(where: adapter.supports(suite:)) else {
      let claimed = adapter.suites.isEmpty ? "no suite" : adapter.suites.joined(separator: ", ")
      throw UsageError(
        "--adapter: adapter `\(command)` (\(adapter.name)) implements none of the selected suites (it implements \(claimed); selected: \(selected.joined(separator: ", ")))",
        command: name, showsUsage: false)
    }
    return adapter
  }

  /// A stale or malformed manifest as a load error's reason; `nil` when it matches or is absent.
  static func manifestProblem(_ status: ManifestStatus) -> String? {
    switch status {
    case .absent, .matches: return nil
    case .malformed(let reason): return "malformed manifest: \(reason)"
    case .stale(let manifest, let differences):
      let shown = differences.prefix(20).map(\.description)
      let more = differences.count > shown.count ? ["… and \(differences.count - shown.count) more"] : []
      return
        "stale manifest (version \(manifest.version)): the files do not match it, so this is not that release: "
        + (shown + more).joined(separator: "; ")
        + ". Review the changes (`conformance diff-vectors`), then rewrite it with `conformance manifest write`"
    }
  }

  /// Replaces every report with one holding `failure` as its only testcase, an error: the run
  /// could not start (bad `--vectors`, `--expectations` or `--adapter`), which exits 2 like a
  /// file that fails to load. A report that cannot be written is left as it is; the error
  /// itself is printed by the caller.
  static func writeReports(
    ofStartFailure failure: LoadFailure, junit: String?, destinations: ReportDestinations, implementation: String,
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

  /// Replaces the reports a refused command line names (`--junit`, default `Reports/junit.xml`,
  /// `--report-json`, `--summary-md`, `--report-html`) with one holding the error, read leniently
  /// from the raw `arguments`; nothing is written when a destination is unusable.
  static func writeReports(ofUsageError error: UsageError, arguments: [String], spec: ArgumentSpec = spec) {
    let values = spec.leniently(arguments)
    let junit = values["junit"]?.first ?? "Reports/junit.xml"
    let holders = errorReportDestinations(
      junit: junit,
      destinations: ReportDestinations(
        json: values["report-json"]?.first, markdown: values["summary-md"]?.first,
        html: values["report-html"]?.first))
    let reason = "the command line was refused: \(error.message)"
    writeReports(
      ofStartFailure: LoadFailure(
        location: VectorFileLocation(root: "", path: "command line", problem: reason), suite: nil, reason: reason),
      junit: holders.junit, destinations: holders.destinations, implementation: "", selection: Selection(),
      runID: RunID.make(), startFailure: reason)
  }

  /// The report destinations that can take a run's error: each of `--junit`, `--report-json`,
  /// `--summary-md` and `--report-html` that passes the destination check on its own and is
  /// not the same file as one before it. One that cannot be written is left out, never the
  /// others with it.
  static func errorReportDestinations(junit: String, destinations: ReportDestinations) -> (
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
  /// `ownSuites`: the suites the roots declare (docs/own-suites.md), known to `--suite` too.
  static func selection(from arguments: ParsedArguments, command: String, ownSuites: [String] = [])
    throws(UsageError) -> Selection
  {
    let known = Contract.suites + ownSuites
    for suite in arguments.all("suite") where !known.contains(suite) {
      let close = known.first { editDistance($0, suite) <= 2 }
      throw UsageError(
        "unknown suite '\(suite)'" + (close.map { " (did you mean '\($0)'?)" } ?? "")
          + "; suites: \(known.joined(separator: ", "))", command: command)
    }
    var shard: Shard? = nil
    // `auto` is resolved by `run` from the CI engine's variables (``ShardEngine``).
    if let text = arguments.value("shard"), text != "auto" {
      guard let parsed = Shard(parsing: text) else {
        throw UsageError("--shard needs K/N with 1 <= K <= N, or auto, got '\(text)'", command: command)
      }
      shard = parsed
    }
    return Selection(
      suites: arguments.all("suite"), tags: arguments.all("tag"),
      idPatterns: arguments.all("id").map(IDPattern.init), excludedTags: arguments.all("exclude-tag"),
      excludedIDPatterns: arguments.all("exclude-id").map(IDPattern.init), shard: shard)
  }
}
