import ConformanceJSON
import ConformanceLowLevel
import Dispatch

/// Receives a run's results in file order on the thread that called ``Runner/run(_:observers:)``.
public protocol RunObserver: AnyObject {
  func runStarted(fileCount: Int) throws
  func fileFinished(_ report: FileReport) throws
  func runFinished(_ summary: RunSummary) throws
}

extension RunObserver {
  public func runStarted(fileCount: Int) throws {}
  public func runFinished(_ summary: RunSummary) throws {}
}

/// An observer with per-file work that needs no other file, such as rendering a report
/// fragment. The runner calls ``preparer`` on the worker thread that evaluated the file, in
/// parallel with other files, and hands its result to ``fileFinished(_:prepared:)`` in file
/// order, so only the order-dependent rest of the work runs on the calling thread.
public protocol PreparingRunObserver: RunObserver {
  /// The per-file work. Called concurrently from worker threads: it must not touch the
  /// observer's mutable state.
  var preparer: @Sendable (FileReport) -> any Sendable { get }
  /// Called instead of ``RunObserver/fileFinished(_:)`` with what ``preparer`` returned for
  /// this very report.
  func fileFinished(_ report: FileReport, prepared: any Sendable) throws
}

/// Loads and runs vector files against an implementation.
///
/// Files are loaded and evaluated in parallel on worker threads, then handed to observers
/// strictly in file order, so the same vectors always give the same report. Workers run at most
/// ``batchSize`` files ahead of the file being reported, which keeps memory bounded however
/// large the corpus, and keep working while the calling thread reports earlier files.
public struct Runner: Sendable {
  /// The implementations checked, each against every selected test. With more than one, every
  /// report names its implementation (``FileReport/implementation``) and the run also collects
  /// the tests on which they disagree (``RunSummary/drift``).
  public var implementations: [any Implementation]
  public var selection: Selection
  public var loader: VectorLoader
  /// How many files may be evaluated ahead of the one being handed to observers.
  public var batchSize: Int
  /// Tests known to fail (`--expectations`), applied before observers see a file's results.
  public var expectedFailures: ExpectedFailures
  /// `--max-failures N`: the run stops at its Nth problem (a failed or errored test, a file that
  /// did not load); the tests after it are neither run nor reported.
  public var maxFailures: Int? = nil
  /// Looked at before each file: once set, the run stops and observers finish with what ran
  /// (``RunSummary/interruption``).
  public var interruption: Interruption?
  /// `--reruns N`: a test that fails or errors is asked again, up to N more times, as a fresh
  /// request (``Runner/rerun(_:test:suite:against:)``).
  public var reruns = 0
  /// `--fail-on-flaky`: a test that passed only on a rerun fails the run.
  public var failsOnFlaky = false
  /// The vectors roots as given, for the message of a run that selected nothing.
  public var roots: [String] = []

  public init(
    implementation: any Implementation, selection: Selection = Selection(),
    loader: VectorLoader = VectorLoader(), batchSize: Int = 64,
    expectedFailures: ExpectedFailures = ExpectedFailures(), interruption: Interruption? = nil
  ) {
    self.init(
      implementations: [implementation], selection: selection, loader: loader, batchSize: batchSize,
      expectedFailures: expectedFailures, interruption: interruption)
  }

  public init(
    implementations: [any Implementation], selection: Selection = Selection(),
    loader: VectorLoader = VectorLoader(), batchSize: Int = 64,
    expectedFailures: ExpectedFailures = ExpectedFailures(), interruption: Interruption? = nil
  ) {
    precondition(!implementations.isEmpty, "a run needs an implementation")
    self.implementations = implementations
    self.interruption = interruption
    self.selection = selection
    self.loader = loader
    self.batchSize = batchSize
    self.expectedFailures = expectedFailures
  }

  /// Runs every file under `roots`. Throws only for a root that cannot be searched, or an
  /// error an observer throws (for example a report that cannot be written).
  @discardableResult
  public func run(roots: [String], observers: [any RunObserver]) throws -> RunSummary {
    var locations: [VectorFileLocation] = []
    for root in roots { locations += try loader.discover(root: root) }
    return try run(locations, observers: observers)
  }

  /// Runs files already in memory (a pack's tests, `conformance judge`), each reported at
  /// its own path, as if loaded from there.
  /// `failures`: files that did not load, reported after them.
  @discardableResult
  public func run(files: [VectorFile], failures: [LoadFailure] = [], observers: [any RunObserver]) throws
    -> RunSummary
  {
    try run(
      files.map { VectorFileLocation(root: $0.root, path: $0.path) } + failures.map(\.location),
      files: files.map { $0 } + failures.map { _ in nil }, observers: observers)
  }

  @discardableResult
  public func run(_ locations: [VectorFileLocation], observers: [any RunObserver]) throws -> RunSummary {
    try run(locations, files: nil, observers: observers)
  }

  /// `files`: when given, `files[i]` is the already loaded file at `locations[i]` (`nil`: load it).
  func run(_ locations: [VectorFileLocation], files: [VectorFile?]?, observers: [any RunObserver]) throws
    -> RunSummary
  {
    let started = monotonicNanoseconds()
    for observer in observers { try observer.runStarted(fileCount: locations.count) }
    var reporting = InOrderReporting(runner: self, observers: observers)
    let pipeline = workers(locations, files: files, preparers: reporting.preparers)
    defer { pipeline.stop() }
    try reportInFileOrder(locations.count, from: pipeline, into: &reporting)
    var summary = reporting.summary
    // A run stopped early (--max-failures, or interrupted) has not seen every file: no entry
    // can be judged stale.
    if summary.stoppedAtProblems == nil && summary.interruption == nil {
      summary.staleExpectations = expectedFailures.staleEntries(reporting.expectationUsage)
    }
    // Interrupted: the workers return once their requests are abandoned, and hand back their
    // adapters before these are ended.
    if summary.interruption != nil { pipeline.stop() }
    summary.matchedExpectations = expectedFailures.matchedEntries(reporting.expectationUsage)
    summary.implementationProblems = implementations.flatMap { $0.finish() }
    judgeWhatWasChecked(&summary, ownSuiteMatches: reporting.ownSuiteMatches, excludeUsage: reporting.excludeUsage)
    summary.nanoseconds = monotonicNanoseconds() - started
    for observer in observers { try observer.runFinished(summary) }
    return summary
  }

  /// The worker threads' side of a run: each worker evaluates a file, applies the expected
  /// failures to it (a function of the file alone; which entries matched is merged in file order
  /// by ``InOrderReporting``) and runs the preparers.
  private func workers(
    _ locations: [VectorFileLocation], files: [VectorFile?]?, preparers: [(@Sendable (FileReport) -> any Sendable)?]
  ) -> OrderedPipeline<PreparedFile> {
    let runner = self
    let threads = implementations.compactMap(\.concurrency).max()
    return OrderedPipeline<PreparedFile>(
      count: locations.count, window: Runner.window(batchSize: batchSize, threads: threads), threads: threads
    ) { index in
      runner.prepare(locations[index], loaded: files?[index] ?? nil, preparers: preparers)
    }
  }

  /// One file evaluated, with the expected failures applied and each preparer's work done.
  private func prepare(
    _ location: VectorFileLocation, loaded: VectorFile?, preparers: [(@Sendable (FileReport) -> any Sendable)?]
  ) -> PreparedFile {
    var usage = ExpectedFailures.Usage(entryCount: expectedFailures.entries.count)
    let (evaluated, drift, excludes) = evaluate(location, loaded: loaded)
    let single = implementations.count == 1 ? implementations[0].name : nil
    let items = evaluated.map { evaluated in
      let report = expectedFailures.apply(
        to: evaluated, implementation: evaluated.implementation ?? single, usage: &usage)
      return PreparedReport(evaluated: evaluated, report: report, prepared: preparers.map { $0?(report) })
    }
    return PreparedFile(items: items, usage: usage, drift: drift, excludes: excludes)
  }

  /// The calling thread's side of a run: takes each file from the workers in file order and
  /// reports it, until the last file, an interruption or `--max-failures`.
  private func reportInFileOrder(
    _ count: Int, from pipeline: OrderedPipeline<PreparedFile>, into reporting: inout InOrderReporting
  ) throws {
    for index in 0..<count {
      if let signal = interruption?.signal {
        reporting.summary.interruption = RunInterruption(signal: signal, filesDone: index, fileCount: count)
        return
      }
      // Waiting for a file is cut short by a signal: a slow adapter in the middle of a file
      // must not hold the run past it (its request is abandoned on the worker).
      guard let (file, producer) = pipeline.take(index, unless: { interruption?.signal != nil }) else {
        reporting.summary.interruption = RunInterruption(
          signal: interruption!.signal!, filesDone: index, fileCount: count)
        return
      }
      // The file's results are handed back to the worker that made them once every report
      // and observer is done with them (`report` returns: its copies are gone).
      let stopping = try reporting.report(file)
      pipeline.discard(consume file, producer: producer)
      if stopping {
        reporting.summary.stoppedAtProblems = maxFailures
        return
      }
    }
  }

  /// Whether the run checked anything, and why not, judged once every file was seen: the own
  /// suites no implementation has, a selection that matched nothing, tests none of which an
  /// implementation could check, and excludes that left nothing out.
  private func judgeWhatWasChecked(
    _ summary: inout RunSummary, ownSuiteMatches: [String: (filter: Int, checkable: Int)], excludeUsage: ExcludeUsage
  ) {
    // An interrupted run did not see every file: whether the selection matches is unknown.
    // A file that did not load is the reason to give then, not an empty selection.
    summary.uncheckedOwnSuites = ownSuiteMatches.filter { $0.value.filter > 0 && $0.value.checkable == 0 }.keys
      .sorted(by: utf8Precedes)
    if summary.interruption == nil && summary.totals.loadErrors == 0 {
      judgeSelection(&summary)
      // Judged once every file was seen, like the selection: an exclude that left nothing out.
      if summary.stoppedAtProblems == nil && !summary.nothingSelected {
        summary.unusedExcludes = excludeUsage.unused(selection)
      }
    }
    // Own suites no implementation has: their tests were all skipped, which every report says.
    if summary.interruption == nil && !summary.nothingSelected, let first = summary.uncheckedOwnSuites.first {
      let names = summary.uncheckedOwnSuites.joined(separator: ", ")
      let declaration = loader.decoder.declarations[first].map { " (declared in \($0.location.displayPath))" } ?? ""
      summary.nothingCheckedReason =
        "no implementation of this run has suite \(names)\(declaration), so none of its tests was checked: "
        + "the reference has no parser for it; run it with --adapter COMMAND, an adapter whose hello lists it"
    }
  }

  /// A run that selected no test, or whose selected tests no implementation checked (none
  /// implements their suites, or it left every one out): green would say nothing was wrong.
  private func judgeSelection(_ summary: inout RunSummary) {
    summary.nothingSelected = summary.filterMatches == 0
    summary.nothingCheckable = summary.filterMatches > 0 && summary.checkableMatches == 0
    if summary.nothingSelected {
      summary.nothingCheckedReason = selection.nothingSelectedMessage(roots: roots)
    } else if summary.nothingCheckable {
      let suites =
        Contract.suites.filter { summary.bySuite[$0].map { $0.tests > 0 } ?? false }
        + summary.bySuite.keys.filter { !Contract.suites.contains($0) && summary.bySuite[$0]!.tests > 0 }.sorted()
      summary.nothingCheckedReason =
        "\(implementations.map(\.name).joined(separator: ", ")) implements none of the selected tests' suites "
        + "(\(suites.joined(separator: ", "))): every test was skipped, nothing was checked"
    } else if summary.leftOut > 0 && summary.answered == 0 {
      // Every test it was given, left out on purpose (`{"skip": why}` answers): as green as
      // a run of no test, so not green.
      summary.nothingCheckable = true
      summary.nothingCheckedReason =
        "\(implementations.map(\.name).joined(separator: ", ")) left out every test it was given "
        + "(\(summary.leftOut) \(summary.leftOut == 1 ? "test" : "tests") answered {\"skip\": …}): "
        + "every test was skipped, nothing was checked"
    }
  }

  /// The report with its results cut just after its `allowed`th problem; `nil` when it has no
  /// more than `allowed` problems (nothing to cut).
  static func trim(_ report: FileReport, toProblems allowed: Int) -> FileReport? {
    guard case .results(let results) = report.content, report.counts.problems > allowed else { return nil }
    var seen = 0
    var end = results.count
    for (index, result) in results.enumerated() {
      switch result.status {
      case .failed, .errored: seen += 1
      case .passed, .skipped: break
      }
      if seen == max(allowed, 1) {
        end = index + 1
        break
      }
    }
    var trimmed = report
    trimmed.content = .results(Array(results[..<end]))
    return trimmed
  }

  /// Loads only: every file's load result, in file order (for `lint` and `list`).
  public func load(roots: [String]) throws -> [Result<VectorFile, LoadFailure>] {
    try loadCorpus(roots: roots).files
  }

  /// Loads only, own suites included: the suites the roots declare (`NAME.suite.json`), and
  /// every vector file's load result in file order, each declaration that failed to load among
  /// them as a load failure of its file.
  public func loadCorpus(roots: [String]) throws -> (files: [Result<VectorFile, LoadFailure>], declared: DeclaredSuites)
  {
    var listings: [CorpusListing] = []
    for root in roots { listings.append(try loader.survey(root: root)) }
    let loaded = loadCorpus(listings, keepingBytes: false)
    return (loaded.files, loaded.declared)
  }

  /// A corpus loaded (``loadCorpus(roots:)``), and when asked the bytes read for it.
  struct LoadedCorpus: Sendable {
    var files: [Result<VectorFile, LoadFailure>]
    var declared: DeclaredSuites
    var listings: [CorpusListing]
    /// The files loaded, in ``files``' order; the first of each root's.
    var locations: [VectorFileLocation]
    var rootStarts: [Int]
    /// Each file's bytes as read for loading (`nil`: not readable); empty unless kept.
    var bytes: [[UInt8]?] = []

    /// The corpus digest of every root, and each root's own (for its manifest check), from the
    /// bytes read for loading: each vector file read once for both. Declarations, which are
    /// not loaded here, are read the way the digest reads.
    func digests(loader: VectorLoader) -> (corpus: CorpusDigest, roots: [CorpusDigest]) {
      precondition(bytes.count == locations.count, "the bytes read for loading were not kept")
      var digest = CorpusDigest()
      var roots: [CorpusDigest] = []
      for (rootIndex, listing) in listings.enumerated() {
        let end = rootIndex + 1 < listings.count ? rootStarts[rootIndex + 1] : locations.count
        var readAbove: [String: Int] = [:]
        for index in rootStarts[rootIndex]..<end where locations[index].problem == nil {
          readAbove[locations[index].path] = index
        }
        var rootDigest = CorpusDigest()
        for location in listing.corpusFiles {
          let content: [UInt8]?
          if location.problem == nil, let index = readAbove[location.path] {
            content = bytes[index]
          } else {
            content = try? loader.read(location).get()
          }
          digest.add(path: location.path, bytes: content)
          if listings.count > 1 { rootDigest.add(path: location.path, bytes: content) }
        }
        roots.append(listings.count > 1 ? rootDigest : digest)
      }
      return (digest, roots)
    }
  }

  /// Loads the surveyed roots; with `keepingBytes`, keeps each file's bytes as read, for the
  /// corpus digest (``LoadedCorpus/digests(loader:)``).
  func loadCorpus(_ listings: [CorpusListing], keepingBytes: Bool) -> LoadedCorpus {
    let declared = DeclaredSuites.load(listings, loader: loader)
    var found: [VectorFileLocation] = []
    var rootStarts: [Int] = []
    for listing in listings {
      rootStarts.append(found.count)
      found += (listing.vectorFiles + declared.failures.filter { $0.root == listing.root })
        .sorted { utf8Precedes($0.path, $1.path) }
    }
    let locations = found
    let slots = Slots<(file: Result<VectorFile, LoadFailure>, bytes: [UInt8]?)>(count: locations.count)
    var loader = self.loader
    loader.decoder.declarations = declared.declarations
    let configured = loader
    DispatchQueue.concurrentPerform(iterations: locations.count) { index in
      guard keepingBytes else {
        slots.set(index, (configured.load(locations[index]), nil))
        return
      }
      switch configured.read(locations[index]) {
      case .failure(let failure): slots.set(index, (.failure(failure), nil))
      case .success(let bytes): slots.set(index, (configured.load(bytes: bytes, location: locations[index]), bytes))
      }
    }
    let values = slots.values
    var results = values.map(\.file)
    var owners = IDOwners()
    for index in results.indices {
      guard case .success(let file) = results[index] else { continue }
      let location = VectorFileLocation(root: file.root, path: file.path)
      if let failure = owners.duplicateIDFailure(file.tests.map(\.id), suite: file.suite, at: location) {
        results[index] = .failure(failure)
      }
    }
    return LoadedCorpus(
      files: results, declared: declared, listings: listings, locations: locations, rootStarts: rootStarts,
      bytes: keepingBytes ? values.map(\.bytes) : [])
  }

  /// Loads one file and evaluates it against every implementation: one report per
  /// implementation (one load failure whatever their number), and where they disagree.
  func evaluate(_ location: VectorFileLocation, loaded: VectorFile? = nil) -> ([FileReport], [Drift], ExcludeUsage?) {
    let started = monotonicNanoseconds()
    let file: VectorFile
    switch loaded.map({ .success($0) }) ?? loader.load(location) {
    case .failure(let failure):
      let report = FileReport(
        location: location, suite: failure.suite, source: nil, description: nil,
        content: .loadFailure(failure), testIDs: [], nanoseconds: monotonicNanoseconds() - started)
      return ([report], [], nil)
    case .success(let loaded):
      file = loaded
    }
    let loading = monotonicNanoseconds() - started
    // Tests passing the filters are counted whether or not the shard owns them: a selection
    // matching nothing is a mistake, a shard owning none of the matches is not.
    var filterMatches = 0
    var excludes: ExcludeUsage? = nil
    if selection.hasExcludes {
      var usage = ExcludeUsage(selection)
      for test in file.tests { usage.record(test, in: file, selection: selection) }
      excludes = usage
    }
    // The selected tests are the file's own array when every test is (no copy of each test).
    var selected: [Int] = []
    selected.reserveCapacity(file.tests.count)
    for index in file.tests.indices where selection.matchesFilters(test: file.tests[index], in: file) {
      filterMatches += 1
      if let shard = selection.shard, !shard.owns(file: file.path, id: file.tests[index].id) { continue }
      selected.append(index)
    }
    let tests =
      selected.count == file.tests.count ? file.tests : selected.map { file.tests[$0] }
    let reports = implementations.map { implementation in
      let started = monotonicNanoseconds()
      let supported = implementation.supports(suite: file.suite)
      // One clock reading per test: each test's time runs from the end of the one before.
      var clock = started
      var results: [TestResult] = []
      results.reserveCapacity(tests.count)
      for test in tests {
        results.append(run(test, suite: file.suite, supported: supported, against: implementation, clock: &clock))
      }
      var report = FileReport(
        location: location, suite: file.suite, source: file.source, description: file.description,
        content: .results(results), testIDs: file.tests.map(\.id),
        nanoseconds: loading + monotonicNanoseconds() - started)
      report.testIDHashes =
        file.idHashes.count == file.tests.count ? file.idHashes : file.tests.map { IDTable.hash($0.id) }
      report.filterMatches = filterMatches
      report.checkableMatches = supported ? filterMatches : 0
      if supported {
        // Before the expected failures apply, a skipped result is one the implementation
        // left out itself.
        report.leftOut = results.reduce(0) { count, result in
          if case .skipped = result.status { return count + 1 }
          return count
        }
        report.answered = results.count - report.leftOut
      }
      if implementations.count > 1 { report.implementation = implementation.name }
      return report
    }
    guard implementations.count > 1 else { return (reports, [], excludes) }
    return (reports, Drift.disagreements(in: file, location: location, tests: tests, reports: reports), excludes)
  }

  /// How many files may be in flight at once: two per worker (one being worked on, one done and
  /// waiting for the calling thread) keeps every worker busy, and no more than `batchSize`,
  /// since each file in flight holds its tests and results in memory. 64 files in flight were
  /// a quarter of a 10,000-test run's peak memory, and eight no faster than four (measured on
  /// the benchmark corpora and the shipped one, whose files differ in size).
  static func window(batchSize: Int, threads: Int?) -> Int {
    let workers = threads ?? onlineCores
    return max(1, min(batchSize, 2 * workers))
  }

  /// The processors online, at least one: how many worker loops an in-process run keeps busy.
  static var onlineCores: Int { onlineProcessorCount() }

  /// Runs one test against the (first) implementation.
  public func run(_ test: VectorTest, suite: String) -> TestResult {
    let implementation = implementations[0]
    return run(test, suite: suite, supported: implementation.supports(suite: suite), against: implementation)
  }

  /// Why a test of `suite` is skipped for `implementation`; for an own suite, also where it is
  /// declared and what would run it.
  func unsupportedReason(_ suite: String, _ implementation: any Implementation) -> String {
    let reason = implementation.unsupportedReason(suite: suite)
    guard let declaration = loader.decoder.declarations[suite] else { return reason }
    return reason
      + " (an own suite, declared in \(declaration.location.displayPath): it runs only against adapters whose hello lists it, --adapter)"
  }

  /// `supported` is the implementation's answer for the suite, asked once per file.
  func run(_ test: VectorTest, suite: String, supported: Bool, against implementation: any Implementation)
    -> TestResult
  {
    var clock = monotonicNanoseconds()
    return run(test, suite: suite, supported: supported, against: implementation, clock: &clock)
  }

  /// The same, timed from `clock` (when the test started), which is then set to when it ended.
  func run(
    _ test: VectorTest, suite: String, supported: Bool, against implementation: any Implementation,
    clock: inout UInt64
  ) -> TestResult {
    guard supported else {
      return TestResult(
        test: test, status: .skipped(unsupportedReason(suite, implementation)), nanoseconds: 0, actual: nil, log: nil)
    }
    let evaluation = implementation.evaluation(suite: suite, test: test)
    if let reason = evaluation.skipReason {
      let started = clock
      clock = monotonicNanoseconds()
      return TestResult(test: test, status: .skipped(reason), nanoseconds: clock &- started, actual: nil, log: nil)
    }
    let (status, actual) = Runner.judge(evaluation, against: test.expectation, implementation: implementation.name)
    let started = clock
    clock = monotonicNanoseconds()
    // Returned as made, without a `var` that a rerun may change: that cost a copy of each result.
    guard reruns > 0 else {
      return TestResult(
        test: test, status: status, nanoseconds: clock &- started, actual: actual, log: evaluation.log)
    }
    var result = TestResult(
      test: test, status: status, nanoseconds: clock &- started, actual: actual, log: evaluation.log)
    rerun(&result, test: test, suite: suite, against: implementation)
    clock = monotonicNanoseconds()
    return result
  }

  /// The status an evaluation gives the test, and the outcome when there was one.
  /// (`implementation` names it in an error; read only then, not for every test.)
  static func judge(
    _ evaluation: Evaluation, against expectation: Expectation, implementation: @autoclosure () -> String
  ) -> (TestResult.Status, Outcome?) {
    switch evaluation.result {
    case .success(let outcome):
      if Runner.meets(expectation, outcome) { return (.passed, outcome) }
      if let difference = Comparison.difference(expected: expectation, actual: outcome) {
        return (.failed(TestFailure(expected: expectation.json, actual: outcome.json, difference: difference)), outcome)
      }
      return (.passed, outcome)
    case .failure(let error):
      if error.standsAlone { return (.errored(error.description), nil) }
      return (.errored("\(implementation()) could not evaluate the input: \(error)"), nil)
    }
  }

  /// Whether the outcome meets the expectation: the same answer as
  /// `Comparison.difference(expected:actual:) == nil` (outputs equal as JSON values, codes and
  /// fields byte for byte), without building the difference's words (paths, rendered JSON) for
  /// every passing test, which cost more than the check itself.
  static func meets(_ expectation: Expectation, _ outcome: Outcome) -> Bool {
    switch (expectation, outcome) {
    case (.accept(let expected), .accept(let actual)):
      guard let expected else { return true }
      return expected == actual
    case (.reject(let error, let field), .reject(let actualError, let actualField)):
      if let error, !utf8Equal(error, actualError) { return false }
      if let field {
        guard let actualField, utf8Equal(field, actualField) else { return false }
      }
      return true
    case (.accept, .reject), (.reject, .accept):
      return false
    }
  }
}

/// What a worker made of one file for one implementation: the report as evaluated, the report
/// with the expected failures applied, and what each preparing observer made of it (`nil` for
/// other observers).
struct PreparedReport: Sendable {
  var evaluated: FileReport
  var report: FileReport
  var prepared: [(any Sendable)?]
}

/// What a worker made of one file: a report per implementation, the expectation entries they
/// matched, and the tests on which the implementations disagree.
struct PreparedFile: Sendable {
  var items: [PreparedReport]
  var usage: ExpectedFailures.Usage
  var drift: [Drift]
  /// Which excludes the file's tests met (`nil` without excludes, or for a file not loaded).
  var excludes: ExcludeUsage?
}

extension ExpectedFailures.Usage {
  /// Adds what another file's `apply` recorded (every field only ever grows, so the order in
  /// which files are merged does not matter).
  mutating func formUnion(_ other: Self) {
    for index in matched.indices where other.matched[index] { matched[index] = true }
    suitesWithLoadFailures.formUnion(other.suitesWithLoadFailures)
    loadFailureWithoutSuite = loadFailureWithoutSuite || other.loadFailureWithoutSuite
  }
}
