/// What the calling thread makes of each file a run's workers prepared, in file order: the ids
/// checked across files, the expected failures and excludes merged, `--max-failures` applied,
/// the summary counted and every observer handed the file's reports.
struct InOrderReporting {
  let runner: Runner
  let observers: [any RunObserver]
  /// Each observer as a ``PreparingRunObserver`` (`nil`: it is not one), and its preparer.
  let preparing: [(any PreparingRunObserver)?]
  let preparers: [(@Sendable (FileReport) -> any Sendable)?]
  var summary = RunSummary()
  /// Which suite's ids earlier files used.
  var owners = IDOwners()
  var expectationUsage: ExpectedFailures.Usage
  var excludeUsage: ExcludeUsage
  /// Own suites' selected tests, and those an implementation could check.
  var ownSuiteMatches: [String: (filter: Int, checkable: Int)] = [:]

  init(runner: Runner, observers: [any RunObserver]) {
    self.runner = runner
    self.observers = observers
    preparing = observers.map { $0 as? any PreparingRunObserver }
    preparers = preparing.map { $0?.preparer }
    summary.failsOnFlaky = runner.failsOnFlaky
    summary.implementations = runner.implementations.count > 1 ? runner.implementations.map(\.name) : []
    expectationUsage = ExpectedFailures.Usage(entryCount: runner.expectedFailures.entries.count)
    excludeUsage = ExcludeUsage(runner.selection)
  }

  /// A report, and what each preparing observer made of it.
  typealias Item = (report: FileReport, prepared: [(any Sendable)?])

  /// Reports one file; `true` when the run stops after it (`--max-failures`).
  mutating func report(_ file: borrowing PreparedFile) throws -> Bool {
    var items: [Item] = file.items.map { ($0.report, $0.prepared) }
    var drift = file.drift
    if let failed = duplicateIDFailure(file.items[0].evaluated) {
      // A repeated id makes the file a load failure (once, whatever the implementations):
      // apply and prepare that instead.
      let report = runner.expectedFailures.apply(to: failed, usage: &expectationUsage)
      items = [(report, preparers.map { $0?(report) })]
      drift = []
    } else {
      expectationUsage.formUnion(file.usage)
      if let excludes = file.excludes { excludeUsage.formUnion(excludes) }
    }
    // A file that fails to load belongs to one shard, so merged shard reports hold it once.
    // (The expectations above still saw it, so every shard judges stale entries alike.)
    if let shard = runner.selection.shard, case .loadFailure = items[0].report.content,
      !shard.owns(file: items[0].report.location.path)
    {
      return false
    }
    summary.drift += drift
    countOwnSuiteMatches(items)
    return try handOver(items)
  }

  /// Counts the file's matches when its suite is an own suite (one the roots declare).
  private mutating func countOwnSuiteMatches(_ items: [Item]) {
    guard let suite = items[0].report.suite, runner.loader.decoder.declarations[suite] != nil else { return }
    var matches = ownSuiteMatches[suite, default: (0, 0)]
    matches.filter += items[0].report.filterMatches
    matches.checkable += items.reduce(0) { $0 + $1.report.checkableMatches }
    ownSuiteMatches[suite] = matches
  }

  /// Counts each report (cut at the `--max-failures`th problem) and hands it to every observer;
  /// `true` when that problem was reached.
  private mutating func handOver(_ items: [Item]) throws -> Bool {
    var stopping = false
    for (position, item) in items.enumerated() {
      var (report, prepared) = item
      if let limit = runner.maxFailures {
        if let trimmed = Runner.trim(report, toProblems: limit - summary.problems) {
          report = trimmed
          prepared = preparers.map { $0?(report) }
        }
        if summary.problems + report.counts.problems >= limit { stopping = true }
      }
      summary.add(report, countingFile: position == 0)
      for (observerIndex, observer) in observers.enumerated() {
        if let preparingObserver = preparing[observerIndex], let value = prepared[observerIndex] {
          try preparingObserver.fileFinished(report, prepared: value)
        } else {
          try observer.fileFinished(report)
        }
      }
    }
    return stopping
  }

  /// The load failure a file whose id repeats one of an earlier file's (same suite) turns into,
  /// naming both files; `nil` after recording the file's ids when they are all new.
  private mutating func duplicateIDFailure(_ report: FileReport) -> FileReport? {
    guard case .results = report.content, let suite = report.suite else { return nil }
    guard
      let failure = owners.duplicateIDFailure(
        report.testIDs, hashes: report.testIDHashes, suite: suite, at: report.location)
    else {
      return nil
    }
    return FileReport(
      location: report.location, suite: suite, source: report.source, description: report.description,
      content: .loadFailure(failure), testIDs: [], nanoseconds: report.nanoseconds)
  }
}
