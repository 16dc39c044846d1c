import ConformanceKit
import ConformanceReports

/// A run planned from its options, `run`'s or `judge`'s: the corpus surveyed and the files to
/// run, the implementations started (or the answers read), the expected failures and the
/// earlier run read, and what the reports need to know. ``execute(_:console:judging:)`` builds
/// it step by step, each step ending the run with its error as the reports when it cannot
/// start, and ``run(console:)`` runs it.
struct RunPlan {
  var command: String
  var options: RunOptions
  var corpus: RunCorpus
  var runID: String
  var interruption: Interruption
  var implementations: [any Implementation]
  /// The pack and answers of `judge`; `nil` for a run of vector files.
  var judging: JudgedRun?
  var expectedFailures: ExpectedFailures?
  var previous: RunSnapshot?
  var history: RunHistory?
  /// The corpus digest (every vector file and declaration found, whatever the selection), read
  /// once for the shard stamp, the JSON report and a single root's manifest check.
  var corpusDigest: CorpusDigest? = nil
  var corpusVersion: String? = nil
  /// The files to run (a run of vector files).
  var locations: [VectorFileLocation] = []

  /// The whole run, `run`'s or `judge`'s: everything after the command line's own checks,
  /// from the selection to the last report.
  static func execute(_ options: RunOptions, console: Console, judging request: JudgeRequest?) throws -> Int32 {
    let command = request == nil ? RunCommand.name : JudgeCommand.name
    let corpus = try RunCorpus(
      options, roots: request?.roots ?? options.corpus.roots, console: console, command: command)
    let heldFIFOs = try RunStart.checkDestinations(options, selection: corpus.selection, command: command)
    defer { heldFIFOs.release() }
    let start = RunStart(command: command, options: options, selection: corpus.selection, runID: RunID.make())
    // SIGINT and SIGTERM stop the run within a second, mid-file too; the reports are then written
    // for what ran (docs/reports.md). Caught from here on, so a signal while the adapters start or
    // the files are found still ends with reports. Only in the real process: a captured console
    // never touches signals.
    let interruption = Interruption()
    let watcher = console.handlesSignals ? SignalWatcher.start(interruption) : nil
    defer { watcher?.stop() }
    let implementations: [any Implementation]
    var judging: JudgedRun? = nil
    if let request {
      let judged = try start.judged(request, corpus: corpus)
      judging = judged
      implementations = [judged.implementation]
    } else {
      switch try start.implementations(corpus: corpus, console: console, interruption: interruption) {
      case .implementations(let started): implementations = started
      case .interrupted(let exitStatus): return exitStatus
      }
    }
    let implementationName = implementations.map(\.name).joined(separator: ", ")
    let expectedFailures = try start.expectedFailures(corpus: corpus, implementation: implementationName)
    let (previous, history) = try start.earlierRun(implementation: implementationName)
    try start.checkRoots(corpus, implementation: implementationName)
    var plan = RunPlan(
      command: command, options: options, corpus: corpus, runID: start.runID, interruption: interruption,
      implementations: implementations, judging: judging, expectedFailures: expectedFailures, previous: previous,
      history: history)
    plan.locateFiles()
    return try plan.run(console: console)
  }

  /// Whether the run is compared with an earlier one.
  var betweenRuns: Bool { previous != nil || history != nil }

  var implementationName: String { implementations.map(\.name).joined(separator: ", ") }

  /// The corpus digest and version, and the files to run: a judged run's come from its pack,
  /// whose manifest was checked when the pack was made.
  mutating func locateFiles() {
    let selection = corpus.selection
    let hasManifest = corpus.listings.contains { $0.isFolder && $0.manifest != nil }
    corpusDigest =
      judging.map { CorpusDigest(hexValue: $0.pack.corpusDigest) }
      ?? (selection.shard != nil || !options.reports.destinations.isEmpty || betweenRuns
        || (hasManifest && corpus.listings.count == 1) || options.reports.allureResults != nil
        ? CorpusDigest.of(corpus.corpusFiles, loader: corpus.loader) : nil)
    if let judging {
      corpusVersion = judging.pack.corpusVersion
    } else {
      (locations, corpusVersion) = corpus.locations(corpusDigest: corpusDigest)
    }
  }

  /// The runner, as the options and the plan set it.
  var runner: Runner {
    var runner = Runner(
      implementations: implementations, selection: corpus.selection, loader: corpus.loader,
      expectedFailures: expectedFailures ?? ExpectedFailures(), interruption: interruption)
    runner.maxFailures = options.gating.maxFailures
    runner.reruns = options.reruns.count
    runner.failsOnFlaky = options.reruns.failOnFlaky
    runner.roots = corpus.roots
    return runner
  }
}
