import ConformanceExplore
import ConformanceJSON
import ConformanceKit
import ConformanceProcess
import ConformanceReports
import Dispatch
import ReferenceParsers
import Synchronization

/// `conformance explore`: looks for the cases no vector names on which an implementation and the
/// reference parsers differ, shrinks each, and writes them back as vector files (docs/explore.md).
enum ExploreCommand: Subcommand {
  static let name = "explore"
  static let abstract = "Search for inputs on which an adapter and the reference differ; write them as vector files."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "adapter", valueName: "COMMAND",
        help:
          "The implementation to explore, started with /bin/sh -c COMMAND (docs/adapters.md). Without it, the explorers are checked against the reference alone.",
        repeatable: false),
      .init(name: "suite", valueName: "NAME", help: "Explore only this suite.", repeatable: true),
      .init(
        name: "time", valueName: "SECONDS", help: "Explore for this long, shrinking not counted (default: 60).",
        repeatable: false),
      .init(name: "cases", valueName: "N", help: "Explore exactly N cases instead of --time.", repeatable: false),
      .init(
        name: "seed", valueName: "N",
        help:
          "The run's seed (0 to 2^64-1): the same seed and answers give the same cases (default: a new one, printed).",
        repeatable: false),
      .init(
        name: "jobs", valueName: "N", help: "Adapter instances run in parallel, one worker each (default: 1).",
        repeatable: false),
      .init(
        name: "timeout", valueName: "SECONDS",
        help: "How long one request, or the adapter's start and hello, may take (default: 30).", repeatable: false),
      .init(
        name: "max-restarts", valueName: "N",
        help: "Failures in a row after which the adapter is given up (default: 3).", repeatable: false),
      .init(
        name: "out", valueName: "DIR",
        help: "Where to write vectors/explored-SUITE.json, summary.json and summary.md (required).",
        repeatable: false),
      .init(
        name: "vectors", valueName: "PATH",
        help: "A vectors root whose tests are the samples the cases start from (default: Vectors).", repeatable: true),
      .init(
        name: "replay", valueName: "DIR",
        help: "Run only the minimal cases of an earlier explore's DIR (DIR/vectors/explored-*.json) and compare.",
        repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance explore --adapter COMMAND --out DIR [--suite NAME]... [--time SECONDS | --cases N]
                               [--seed N] [--jobs N] [--timeout SECONDS] [--max-restarts N] [--vectors PATH]...
           conformance explore --out DIR [--suite NAME]... [--time SECONDS | --cases N] [--seed N] [--jobs N]
           conformance explore --replay DIR [--adapter COMMAND] [--suite NAME]... [--timeout SECONDS]

    Makes cases for each suite (mutations of the corpus's tests and cases built from the suite's
    rules), hands each to the adapter and to the reference parsers, and compares the answers as
    `run` compares a test's (output by JSON value, error, field). A difference is a finding: it is
    shrunk to a small case that still differs the same way (suite, the part that differs, the
    kinds of the two answers) and findings of one kind are counted once. Adapter errors,
    timeouts and crashes are counted apart, with run's timeouts, restarts and --jobs.
    DIR gets vectors/explored-SUITE.json (one vector file per suite with findings: expect is the
    reference's answer, tag explored, ids derived from the case; DIR/vectors is a vectors root),
    summary.json and summary.md, each replaced atomically; an earlier run's vector files that
    this run did not write are removed, and a DIR/vectors holding anything else is refused.
    Cases come from the seed and their number, so the same seed and the same answers give the
    same cases and findings, whatever --jobs.
    Without --adapter, the cases go to the reference only: a case whose context the reference
    cannot use is the explorers' mistake, and reported as a finding.
    With --replay DIR, the tests of DIR/vectors/explored-*.json are run against the adapter (or
    the reference) and compared with their expect: a quick check that a fix holds.
    While it runs, a progress line is redrawn on stderr (a line every 5 s when stderr is not a
    terminal). SIGINT or SIGTERM stops the search; what was found so far is written.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 no finding (with --replay: every case answered as expected); 1 findings (or a
    replayed case still differs); 2 the command line was wrong, the adapter could not start or was
    given up, or DIR could not be written or holds what explore did not write; 130 or 143 interrupted by SIGINT or SIGTERM (the files
    are written with what was found).
    """
  }

  /// The command line, read and checked once.
  struct Options {
    var adapter: String?
    var suites: [String] = []
    var budget = ExploreBudget.seconds(60)
    var seed: UInt64?
    var jobs = 1
    var adapterOptions = AdapterOptions()
    var out: String?
    var roots = ["Vectors"]
    var replay: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
      guard arguments.positionals.isEmpty else { throw arguments.unexpectedArgument(command: name) }
      adapter = arguments.value("adapter")
      suites = arguments.all("suite")
      if arguments.value("time") != nil && arguments.value("cases") != nil {
        throw UsageError("--time and --cases are alternatives; give one", command: name)
      }
      if let text = arguments.value("time") {
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 * 7 else {
          throw UsageError("--time needs a number of seconds above 0, got '\(text)'", command: name)
        }
        budget = .seconds(seconds)
      }
      if let text = arguments.value("cases") {
        guard let count = Int(text), count >= 1 else {
          throw UsageError("--cases needs a whole number of at least 1, got '\(text)'", command: name)
        }
        budget = .cases(count)
      }
      if let text = arguments.value("seed") {
        guard let seed = UInt64(text) else {
          throw UsageError("--seed needs a whole number from 0 to 18446744073709551615, got '\(text)'", command: name)
        }
        self.seed = seed
      }
      // --timeout, --max-restarts and --jobs as `run` reads and checks them.
      let implementation = try ImplementationOptions(arguments, command: name)
      adapterOptions = implementation.settings
      jobs = adapterOptions.jobs
      out = arguments.value("out")
      if !arguments.all("vectors").isEmpty { roots = arguments.all("vectors") }
      replay = arguments.value("replay")
      if replay != nil {
        for option in ["time", "cases", "seed", "out"] where arguments.value(option) != nil {
          throw UsageError("--\(option) does not go with --replay (it runs DIR's cases as they are)", command: name)
        }
      } else if out == nil {
        throw UsageError("--out DIR is required: where the vector files and the summaries go", command: name)
      }
    }
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    try Options(arguments)
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    try run(options, console: console, explorers: SuiteExplorers.all)
  }

  /// Runs with checked options and the explorers to use (tests give their own).
  static func run(_ options: Options, console: Console, explorers allExplorers: [any SuiteExplorer]) throws -> Int32 {
    let known = allExplorers.map(\.suite)
    for suite in options.suites where !known.contains(where: { utf8Equal($0, suite) }) {
      let close = known.filter { editDistance($0, suite) <= 2 }.first.map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError(
        "--suite: no explorer for suite '\(ConsoleText.escape(suite))'\(close); suites: \(known.joined(separator: ", "))",
        command: name)
    }
    let interruption = Interruption()
    let watcher = console.handlesSignals ? SignalWatcher.start(interruption) : nil
    defer { watcher?.stop() }
    var target: ProcessImplementation? = nil
    if let command = options.adapter {
      do {
        target = try ProcessImplementation(
          command: command, options: options.adapterOptions, knownSuites: Contract.suites, interruption: interruption)
      } catch {
        throw UsageError("--adapter: \(error)", command: name, showsUsage: false)
      }
    }
    defer { _ = target?.finish() }
    var explorers = allExplorers.filter { explorer in
      options.suites.isEmpty || options.suites.contains { utf8Equal($0, explorer.suite) }
    }
    if let target {
      let missing = explorers.filter { !target.supports(suite: $0.suite) }.map(\.suite)
      if !options.suites.isEmpty && !missing.isEmpty {
        throw UsageError(
          "--adapter: adapter `\(target.command)` (\(target.name)) does not implement \(missing.joined(separator: ", ")) (it implements \(target.suites.joined(separator: ", ")))",
          command: name, showsUsage: false)
      }
      explorers = explorers.filter { target.supports(suite: $0.suite) }
      guard !explorers.isEmpty else {
        throw UsageError(
          "--adapter: adapter `\(target.command)` (\(target.name)) implements no suite explore has an explorer for (it implements \(target.suites.joined(separator: ", ")))",
          command: name, showsUsage: false)
      }
    }
    if let replay = options.replay {
      return try ExploreReplayCommand.run(
        folder: replay, suites: explorers.map(\.suite), target: target, console: console)
    }
    let out = options.out!
    do {
      try ExploreOutput.checkWritable(out)
    } catch {
      throw UsageError("--out: \(ConsoleText.escape(error.description))", command: name, showsUsage: false)
    }
    let samples = try loadSamples(roots: options.roots, suites: explorers.map(\.suite), console: console)
    let seed = options.seed ?? UInt64.random(in: .min ... .max)
    let settings = ExploreSettings(seed: seed, budget: options.budget, jobs: options.jobs)
    let subject = target.map { ExploreOutput.Subject(name: $0.name, version: $0.version) }
    let engine = ExploreEngine(explorers: explorers, samples: samples, target: target, settings: settings)
    console.printError(
      "conformance explore: \(subject.map { ConsoleText.escape($0.label) } ?? "the reference parsers alone (checking the explorers)"), \(explorers.count) suites, seed \(seed) (--seed \(seed) repeats it), --jobs \(options.jobs)"
    )
    let report = runWithProgress(engine, interruption: interruption, console: console)
    let files: [String]
    do {
      files = try ExploreOutput.write(report, subject: subject, to: out)
    } catch {
      console.printError("conformance explore: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    printFindings(report, subject: subject, out: out, files: files, console: console)
    if let signal = report.interruptedBy { return 128 + signal }
    if report.gaveUp != nil { return ConformanceCommand.ExitStatus.usageOrLoadError }
    let found = subject == nil ? report.unusableContexts.count > 0 : !report.findings.isEmpty
    return found ? ConformanceCommand.ExitStatus.testsFailed : ConformanceCommand.ExitStatus.success
  }

  /// The corpus's tests of the explored suites, as cases: the explorers' samples.
  static func loadSamples(roots: [String], suites: [String], console: Console) throws(UsageError) -> [String:
    [ExploreCase]]
  {
    let loader = VectorLoader()
    var samples: [String: [ExploreCase]] = [:]
    for root in roots {
      let listing: CorpusListing
      do {
        listing = try loader.survey(root: root)
      } catch {
        throw UsageError("--vectors: \(error)", command: name, showsUsage: false)
      }
      for location in listing.vectorFiles {
        switch loader.load(location) {
        case .failure(let failure):
          console.printError(
            "conformance explore: warning: \(ConsoleText.escape(failure.description)) (no case starts from its tests)")
        case .success(let file):
          guard suites.contains(where: { utf8Equal($0, file.suite) }) else { continue }
          for test in file.tests {
            samples[file.suite, default: []].append(
              ExploreCase(suite: file.suite, input: test.input, context: test.context))
          }
        }
      }
    }
    return samples
  }

  /// Runs the engine on worker threads while this thread redraws the progress line: in place
  /// every quarter second on a terminal, otherwise a line every 5 seconds.
  static func runWithProgress(_ engine: ExploreEngine, interruption: Interruption, console: Console) -> ExploreReport {
    let progress = ExploreProgress()
    let done = DispatchSemaphore(value: 0)
    let box = ReportBox()
    DispatchQueue(label: "conformance.explore").async {
      box.set(engine.run(interruption: interruption, progress: progress))
      done.signal()
    }
    let clock = ContinuousClock()
    let start = clock.now
    let interval = console.errorIsTerminal ? 0.25 : 5.0
    var shown = false
    while done.wait(timeout: .now() + interval) == .timedOut {
      let seconds =
        Double((clock.now - start).components.seconds) + Double((clock.now - start).components.attoseconds) / 1e18
      let cases = progress.casesDone
      let line =
        "\(cases) cases (\(Int((Double(cases) / max(seconds, 0.001)).rounded())) /s), \(progress.differencesFound) differing, \(progress.problemsFound) not answered"
      if console.errorIsTerminal {
        console.writeError("\r\u{1B}[K" + line)
        shown = true
      } else {
        console.printError("conformance explore: " + line)
      }
    }
    if shown { console.writeError("\r\u{1B}[K") }
    return box.get()!
  }

  /// The finished report, handed from the worker to the waiting thread.
  final class ReportBox: Sendable {
    private let report = Mutex<ExploreReport?>(nil)
    func set(_ report: ExploreReport) { self.report.withLock { $0 = report } }
    func get() -> ExploreReport? { report.withLock { $0 } }
  }

  /// Each finding shown as `run` shows a failure, then one closing line.
  static func printFindings(
    _ report: ExploreReport, subject: ExploreOutput.Subject?, out: String, files: [String], console: Console
  ) {
    func text(_ value: String) -> String { ConsoleText.escape(TextCap.cut(value, limit: TextCap.console)) }
    for finding in report.findings {
      let id = ExploreOutput.testID(for: finding.minimal)
      let place = out + "/" + ExploreOutput.vectorsFolder + "/" + ExploreOutput.fileName(suite: finding.signature.suite)
      let shown = LongValue.pair(
        JSONSerializer.compact.string(from: finding.expected.json),
        JSONSerializer.compact.string(from: finding.actual.json))
      var lines = [
        "\(console.painted("FAIL", "31")) \(text(finding.signature.suite)) \(text(id)) (\(text(place)))",
        "  input:    \(text(LongValue.shown(JSONSerializer.compact.string(from: finding.minimal.input))))",
      ]
      if !finding.minimal.context.isEmpty {
        lines.append("  context:  \(text(JSONSerializer.compact.string(from: .object(finding.minimal.context))))")
      }
      lines += [
        "  expected: \(text(shown.expected))",
        "  actual:   \(text(shown.actual))",
        "  differs:  \(text(finding.difference))",
        "  found:    \(finding.count) \(finding.count == 1 ? "case" : "cases") (\(text(finding.signature.description)))",
      ]
      console.print(lines.joined(separator: "\n"))
    }
    for (what, problems) in [("adapter error", report.adapterErrors), ("unusable context", report.unusableContexts)]
    where problems.count > 0 {
      for example in problems.examples {
        console.print(
          "\(console.painted("ERROR", "31")) \(text(example.exploreCase.suite)) case \(example.index) (\(what)): \(ConsoleText.escapeLines(TextCap.cut(example.message, limit: TextCap.console)))"
        )
      }
      if problems.count > problems.examples.count {
        console.print("… and \(problems.count - problems.examples.count) more \(what)s")
      }
    }
    if let gaveUp = report.gaveUp {
      console.printError("conformance explore: \(ConsoleText.escapeLines(gaveUp))")
    }
    var closing =
      "\(report.casesRun) cases in \(ExploreOutput.secondsText(report.nanoseconds)) s (\(ExploreOutput.casesPerSecond(report)) cases/s, seed \(report.settings.seed)): "
    if subject == nil {
      closing += "\(report.unusableContexts.count) with a context the reference cannot use"
    } else {
      let differing = report.findings.reduce(0) { $0 + $1.count }
      closing +=
        "\(report.findings.count) \(report.findings.count == 1 ? "finding" : "findings") (\(differing) differing cases), \(report.adapterErrors.count) adapter errors"
    }
    if let signal = report.interruptedBy {
      closing += "; interrupted by \(RunInterruption(signal: signal, filesDone: 0, fileCount: 0).signalName)"
    }
    console.print(closing)
    console.print(
      "Summary: \(text(out))/summary.md"
        + (files.isEmpty ? "" : "; vector files: \(files.map(text).joined(separator: ", "))"))
  }
}

/// `explore --replay DIR`: DIR's minimal cases again, each shown as `run` shows a failure when
/// its answer still differs from its `expect`.
enum ExploreReplayCommand {
  static func run(folder: String, suites: [String], target: (any Implementation)?, console: Console) throws -> Int32 {
    let implementation: any Implementation = target ?? ReferenceImplementation()
    let replay: ExploreReplay.Replay
    do {
      replay = try ExploreReplay.run(folder: folder, suites: suites, implementation: implementation)
    } catch {
      throw UsageError("--replay: \(error)", command: ExploreCommand.name, showsUsage: false)
    }
    func text(_ value: String) -> String { ConsoleText.escape(TextCap.cut(value, limit: TextCap.console)) }
    for failure in replay.loadFailures {
      console.print("\(console.painted("LOAD ERROR", "31")) \(text(failure))")
    }
    let failed = replay.results.filter { $0.problem != nil }
    for result in failed {
      var lines = [
        "\(console.painted("FAIL", "31")) \(text(result.suite)) \(text(result.id)) (\(text(result.file)))",
        "  input:    \(text(LongValue.shown(JSONSerializer.compact.string(from: result.input))))",
        "  expected: \(text(JSONSerializer.compact.string(from: result.expected)))",
      ]
      if let actual = result.actual {
        lines.append("  actual:   \(text(JSONSerializer.compact.string(from: actual)))")
        lines.append("  differs:  \(text(result.problem ?? ""))")
      } else {
        lines.append(
          "  error:    \(ConsoleText.escapeLines(TextCap.cut(result.problem ?? "", limit: TextCap.console)))")
      }
      console.print(lines.joined(separator: "\n"))
    }
    guard !replay.results.isEmpty || !replay.loadFailures.isEmpty else {
      console.printError(
        "conformance explore: --replay: no vectors/explored-*.json test of the selected suites in \(text(folder)); nothing was checked"
      )
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    console.print(
      "replayed \(replay.results.count) cases of \(text(folder)) against \(text(RunImplementations.label(of: implementation))): \(replay.results.count - failed.count) as expected, \(failed.count) still differ"
    )
    if !replay.loadFailures.isEmpty { return ConformanceCommand.ExitStatus.usageOrLoadError }
    return failed.isEmpty ? ConformanceCommand.ExitStatus.success : ConformanceCommand.ExitStatus.testsFailed
  }
}
