import ConformanceJSON
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let preparing = observers.map { $0 as? any PreparingRunObserver }
    let preparers = preparing.map { $0?.preparer }
    let runner = self
    let entryCount = expectedFailures.entries.count
    // Each worker evaluates a file, applies the expected failures to it (a function of the file
    // alone; which entries matched is merged in file order below) and runs the preparers.
    let threads = implementations.compactMap(\.concurrency).max()
    let pipeline = OrderedPipeline<PreparedFile>(
      count: locations.count, window: Runner.window(batchSize: batchSize, threads: threads), threads: threads
    ) { index in
      var usage = ExpectedFailures.Usage(entryCount: entryCount)
      let (evaluated, drift, excludes) = runner.evaluate(locations[index], loaded: files?[index] ?? nil)
      let single = runner.implementations.count == 1 ? runner.implementations[0].name : nil
      let items = evaluated.map { evaluated in
        let report = runner.expectedFailures.apply(
          to: evaluated, implementation: evaluated.implementation ?? single, usage: &usage)
        return PreparedReport(evaluated: evaluated, report: report, prepared: preparers.map { $0?(report) })
      }
      return PreparedFile(items: items, usage: usage, drift: drift, excludes: excludes)
    }
    defer { pipeline.stop() }
    var summary = RunSummary()
    summary.failsOnFlaky = failsOnFlaky
    summary.implementations = implementations.count > 1 ? implementations.map(\.name) : []
    var owners = IDOwners()
    var expectationUsage = ExpectedFailures.Usage(entryCount: entryCount)
    var excludeUsage = ExcludeUsage(selection)
    // Own suites' selected tests, and those an implementation could check.
    var ownSuiteMatches: [String: (filter: Int, checkable: Int)] = [:]
    for index in locations.indices {
      if let signal = interruption?.signal {
        summary.interruption = RunInterruption(signal: signal, filesDone: index, fileCount: locations.count)
        break
      }
      // Waiting for a file is cut short by a signal: a slow adapter in the middle of a file
      // must not hold the run past it (its request is abandoned on the worker).
      guard let (file, producer) = pipeline.take(index, unless: { interruption?.signal != nil }) else {
        summary.interruption = RunInterruption(
          signal: interruption!.signal!, filesDone: index, fileCount: locations.count)
        break
      }
      // The file's results are handed back to the worker that made them once every report
      // and observer is done with them (`handle` returns: its copies are gone).
      func handle(_ file: borrowing PreparedFile) throws -> Bool {
        var items = file.items.map { ($0.report, $0.prepared) }
        var drift = file.drift
        if let failed = duplicateIDFailure(file.items[0].evaluated, owners: &owners) {
          // A repeated id makes the file a load failure (once, whatever the implementations):
          // apply and prepare that instead.
          let report = expectedFailures.apply(to: failed, usage: &expectationUsage)
          items = [(report, preparers.map { $0?(report) })]
          drift = []
        } else {
          expectationUsage.formUnion(file.usage)
          if let excludes = file.excludes { excludeUsage.formUnion(excludes) }
        }
        // A file that fails to load belongs to one shard, so merged shard reports hold it once.
        // (The expectations above still saw it, so every shard judges stale entries alike.)
        if let shard = selection.shard, case .loadFailure = items[0].0.content,
          !shard.owns(file: items[0].0.location.path)
        {
          return false
        }
        summary.drift += drift
        if let suite = items[0].0.suite, loader.decoder.declarations[suite] != nil {
          var matches = ownSuiteMatches[suite, default: (0, 0)]
          matches.filter += items[0].0.filterMatches
          matches.checkable += items.reduce(0) { $0 + $1.0.checkableMatches }
          ownSuiteMatches[suite] = matches
        }
        var stopping = false
        for (position, item) in items.enumerated() {
          var (report, prepared) = item
          if let limit = maxFailures {
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
      let stopping = try handle(file)
      pipeline.discard(consume file, producer: producer)
      if stopping {
        summary.stoppedAtProblems = maxFailures
        break
      }
    }
    // A run stopped early (--max-failures, or interrupted) has not seen every file: no entry
    // can be judged stale.
    if summary.stoppedAtProblems == nil && summary.interruption == nil {
      summary.staleExpectations = expectedFailures.staleEntries(expectationUsage)
    }
    // Interrupted: the workers return once their requests are abandoned, and hand back their
    // adapters before these are ended.
    if summary.interruption != nil { pipeline.stop() }
    summary.matchedExpectations = expectedFailures.matchedEntries(expectationUsage)
    summary.implementationProblems = implementations.flatMap { $0.finish() }
    // An interrupted run did not see every file: whether the selection matches is unknown.
    // A file that did not load is the reason to give then, not an empty selection.
    summary.uncheckedOwnSuites = ownSuiteMatches.filter { $0.value.filter > 0 && $0.value.checkable == 0 }.keys
      .sorted(by: utf8Precedes)
    if summary.interruption == nil && summary.totals.loadErrors == 0 {
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
    summary.nanoseconds = monotonicNanoseconds() - started
    for observer in observers { try observer.runFinished(summary) }
    return summary
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
    // Through a buffer pointer: its subscript lends the test where an array's copies it out.
    file.tests.withUnsafeBufferPointer { fileTests in
      for index in fileTests.indices where selection.matchesFilters(test: fileTests[index], in: file) {
        filterMatches += 1
        if let shard = selection.shard, !shard.owns(file: file.path, id: fileTests[index].id) { continue }
        selected.append(index)
      }
    }
    let tests =
      selected.count == file.tests.count ? file.tests : selected.map { file.tests[$0] }
    let reports = implementations.map { implementation in
      let started = monotonicNanoseconds()
      let supported = implementation.supports(suite: file.suite)
      // Each result made in its place (``TestResult``'s initialisers delegate to its memberwise
      // one for that: docs/benchmarks.md, "Sixth speed round").
      // One clock reading per test: each test's time runs from the end of the one before.
      var clock = started
      let results = [TestResult](unsafeUninitializedCapacity: tests.count) { buffer, initialized in
        for index in tests.indices {
          (buffer.baseAddress! + index).initialize(
            to: run(tests[index], suite: file.suite, supported: supported, against: implementation, clock: &clock))
          initialized = index + 1
        }
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
  static var onlineCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

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

  /// The load failure a file whose id repeats one of an earlier file's (same suite) turns into,
  /// naming both files; `nil` after recording the file's ids when they are all new.
  private func duplicateIDFailure(_ report: FileReport, owners: inout IDOwners) -> FileReport? {
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

/// Which file first used each test id, per suite (ids are unique per suite across files).
///
/// Updated in place (copying a suite's table for every file made a run quadratic in the number
/// of vectors) and compact: a 1,000,000-vector run keeps every id until the end.
struct IDOwners {
  private var tables: [String: IDTable] = [:]
  private var paths: [String] = []

  /// Records `ids` for the file at `path`, or returns the first id an earlier file already
  /// holds with that file's path (recording nothing then).
  mutating func claim(_ ids: [String], hashes: [Int]? = nil, suite: String, path: String) -> (
    id: String, owner: String
  )? {
    let hashes = hashes.flatMap { $0.count == ids.count ? $0 : nil } ?? ids.map(IDTable.hash)
    if let table = tables[suite] {
      for (id, hash) in zip(ids, hashes) {
        if let other = table.file(of: id, hash: hash) { return (id, paths[other]) }
      }
    }
    let fileNumber = paths.count
    paths.append(path)
    Self.record(ids, hashes: hashes, as: fileNumber, in: &tables[suite, default: IDTable()])
    return nil
  }

  /// The load failure of the file at `location` when one of its `ids` is already used in `suite`,
  /// naming the earlier file; `nil` after recording the ids when they are all new.
  mutating func duplicateIDFailure(
    _ ids: [String], hashes: [Int]? = nil, suite: String, at location: VectorFileLocation
  ) -> LoadFailure? {
    guard let (id, other) = claim(ids, hashes: hashes, suite: suite, path: location.displayPath) else { return nil }
    return LoadFailure(
      location: location, suite: suite, reason: "id \(quote(id)) of suite \(suite) is already used by \(other)")
  }

  private static func record(_ ids: [String], hashes: [Int], as fileNumber: Int, in table: inout IDTable) {
    for (id, hash) in zip(ids, hashes) { table.insert(id, hash: hash, file: fileNumber) }
  }
}

/// A set of ids with a file number each, compared byte for byte: the ids' UTF-8 back to back in
/// one buffer and an open-addressing table of entry numbers. About (id length + 20) bytes per id,
/// where a `[String: Int]` took ~130 (a heap `String` per id and a dictionary slot), which was
/// most of a 1,000,000-vector run's peak memory.
struct IDTable {
  /// Entry `n`'s id is `bytes[starts[n]..<starts[n + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = [0]
  private var files: [Int32] = []
  private var slots = ProbeSlots()

  /// The id's hash for the probe tables: its UTF-8 eight bytes at a time, each word folded in
  /// with a 64×64→128-bit multiply (high half XOR low half), starting from a random key drawn
  /// once per process.
  ///
  /// With `Hasher` (SipHash-1-3) hashing an id took ~340 instructions, a twentieth of reading
  /// its test; this takes ~200, most of it reaching the bytes. The key keeps what `Hasher`'s
  /// random start does: a file cannot be written to make its ids collide (and the duplicate
  /// check quadratic) without knowing it.
  static func hash(_ id: String) -> Int {
    withUTF8Bytes(of: id, hash(utf8:))
  }

  private static func hash(utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var state = key ^ (UInt64(utf8.count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = utf8.baseAddress else { return Int(truncatingIfNeeded: fold(state)) }
    var offset = 0
    while offset + 8 <= utf8.count {
      state = fold(state ^ ByteWord.load(base, at: offset))
      offset += 8
    }
    if offset < utf8.count {
      var last: UInt64 = 0
      for index in offset..<utf8.count { last |= UInt64(base[index]) << UInt64(8 * (index - offset)) }
      state = fold(state ^ last)
    }
    return Int(truncatingIfNeeded: fold(state))
  }

  private static let key = UInt64.random(in: .min ... .max)

  @inline(__always)
  private static func fold(_ value: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: 0xA076_1D64_78BD_642F)
    return product.high ^ product.low
  }

  func file(of id: String, hash: Int) -> Int? {
    slots.first(hash: hash) { holds($0, id) }.map { Int(files[$0]) }
  }

  /// Adds an id the table does not hold yet.
  mutating func insert(_ id: String, hash: Int, file: Int) {
    precondition(files.count < Int32.max && file < Int32.max, "too many test ids")
    // The contiguous bytes in one copy; appending the UTF8View went byte by byte.
    withUTF8Bytes(of: id) { bytes.append(contentsOf: $0) }
    precondition(bytes.count <= UInt32.max, "test ids too long in total")
    starts.append(UInt32(bytes.count))
    files.append(Int32(file))
    slots.append(hash: hash)
  }

  private func holds(_ entry: Int, _ id: String) -> Bool {
    let start = Int(starts[entry])
    let end = Int(starts[entry + 1])
    guard id.utf8.count == end - start else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      id.utf8.elementsEqual(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    }
  }
}

/// The hashing half of an open-addressing set of numbered entries: each entry's hash (its low
/// 32 bits) and the entry numbers by hash, linear probing, -1 for an empty slot, never more
/// than half full. The set keeps its entries and says when two are equal; ``IDTable`` and the
/// vector reader's check of a file's ids share this.
struct ProbeSlots {
  private var hashes: [UInt32] = []
  private var slots = [Int32](repeating: -1, count: 64)

  /// The first entry of this hash that `isMatch` takes.
  func first(hash: Int, where isMatch: (Int) -> Bool) -> Int? {
    let short = UInt32(truncatingIfNeeded: hash)
    let mask = slots.count - 1
    var slot = Int(short) & mask
    while slots[slot] >= 0 {
      let entry = Int(slots[slot])
      if hashes[entry] == short && isMatch(entry) { return entry }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds the next entry (numbered in the order they come: 0, 1, 2, …) with this hash; the
  /// table doubles, every entry placed again, when it would be more than half full.
  mutating func append(hash: Int) {
    precondition(hashes.count < Int32.max, "too many entries")
    hashes.append(UInt32(truncatingIfNeeded: hash))
    guard hashes.count * 2 > slots.count else { return place(hashes.count - 1) }
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for entry in hashes.indices { place(entry) }
  }

  private mutating func place(_ entry: Int) {
    let mask = slots.count - 1
    var slot = Int(hashes[entry]) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(entry)
  }
}

extension Runner {
  /// Has Dispatch start the threads an in-process run's workers take (see ``OrderedPipeline``)
  /// now, while the caller does its serial start (listing the corpus, checking where reports
  /// go), instead of when the first file is ready: Dispatch makes them on first use, one after
  /// another (a one-vector run took 0.3 ms longer). Idle, they wait in Dispatch's pool for the
  /// run (docs/benchmarks.md, "Seventh speed round").
  public static func startWorkerThreads() {
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: onlineCores) { _ in }
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

/// Computes `work(0..<count)` on worker threads and hands the results over strictly in index
/// order, with at most `window` results computed ahead of the one being taken.
///
/// A worker first takes a place in the window, then the next index, so the indices in flight
/// are always the `window` or fewer right after the last one taken: the one the consumer waits
/// for is always being worked on, and the pipeline cannot deadlock. Results wait in a ring of
/// `window` slots, each with a semaphore that says when its result is there.
///
/// `@unchecked Sendable`: the ring slots are handed between threads by the semaphores (a
/// worker writes slot `i % window` before signalling it; the consumer reads it after waiting on
/// it, and the worker for index `i + window` cannot start before the consumer released `i`'s
/// place), and `next` and `stopped` are only touched under `lock`.
final class OrderedPipeline<Result: Sendable>: @unchecked Sendable {
  private let count: Int
  private let window: Int
  private let work: @Sendable (Int) -> Result
  private let ring: UnsafeMutableBufferPointer<Result?>
  /// Which worker loop made the result in each ring slot.
  private let producers: UnsafeMutableBufferPointer<Int>
  /// Results the consumer is done with, by the worker loop that made them, for that loop to
  /// free (under `lock`).
  private var discarded: [[Result]]
  private let filled: [DispatchSemaphore]
  private let places: DispatchSemaphore
  private let lock = DispatchSemaphore(value: 1)
  private var next = 0
  private var stopped = false
  private let workers = DispatchGroup()
  /// Upper bound on worker loops; `concurrentPerform` runs as many at once as there are cores.
  private let workerLoops: Int

  /// `threads`: run exactly that many worker loops at once, each on a thread of its own (work
  /// that mostly waits, such as adapter instances); `nil`: as many as there are cores.
  init(count: Int, window: Int, threads: Int? = nil, work: @escaping @Sendable (Int) -> Result) {
    self.count = count
    self.window = window
    self.work = work
    ring = .allocate(capacity: window)
    ring.initialize(repeating: nil)
    producers = .allocate(capacity: window)
    producers.initialize(repeating: 0)
    filled = (0..<window).map { _ in DispatchSemaphore(value: 0) }
    places = DispatchSemaphore(value: window)
    workerLoops = min(count, threads.map { max(1, $0) } ?? 64)
    discarded = Array(repeating: [], count: workerLoops)
    guard workerLoops > 0 else { return }
    if threads != nil {
      // A serial queue of its own per loop: each gets a thread even while the others wait.
      for loop in 0..<workerLoops {
        workers.enter()
        DispatchQueue(label: "conformance.worker.\(loop)").async { [self] in
          workLoop(loop)
          workers.leave()
        }
      }
      return
    }
    workers.enter()
    let loops = workerLoops
    DispatchQueue.global().async { [self] in
      DispatchQueue.concurrentPerform(iterations: loops) { loop in workLoop(loop) }
      workers.leave()
    }
  }

  deinit {
    ring.deinitialize()
    ring.deallocate()
    producers.deallocate()
  }

  /// `loop`: this worker loop's number, 0 up to `workerLoops`.
  private func workLoop(_ loop: Int) {
    while true {
      places.wait()
      lock.wait()
      // What the consumer is done with of this loop's results is freed here, by the thread
      // whose allocator made it: freed by the consumer, each block took the lock of the
      // worker's malloc arena while the worker was allocating from it.
      let done = discarded[loop]
      discarded[loop] = []
      guard !stopped, next < count else {
        lock.signal()
        places.signal()  // lets the next waiting worker see the end too
        return
      }
      let index = next
      next += 1
      lock.signal()
      _ = consume done
      ring[index % window] = work(index)
      producers[index % window] = loop
      filled[index % window].signal()
    }
  }

  /// Hands back a result the consumer is done with, so that the worker loop that made it frees
  /// it (see ``workLoop(_:)``). `producer` is the one ``take(_:unless:)`` gave with it. The
  /// consumer must hold no other reference to the result's storage, or it frees that itself.
  func discard(_ result: consuming Result, producer: Int) {
    lock.wait()
    discarded[producer].append(result)
    lock.signal()
  }

  /// The result for `index`, with the worker loop that made it (for ``discard(_:producer:)``);
  /// indices must be taken in order, 0, 1, 2, … `nil` as soon as `giveUp` says so (asked every
  /// 20 ms while waiting); the pipeline is then only good for ``stop()``.
  func take(_ index: Int, unless giveUp: () -> Bool) -> (result: Result, producer: Int)? {
    while filled[index % window].wait(timeout: .now() + .milliseconds(20)) == .timedOut {
      if giveUp() { return nil }
    }
    let result = ring[index % window].take()!
    let producer = producers[index % window]
    places.signal()
    return (result, producer)
  }

  /// Stops handing out work, waits for the workers to return, and frees what was handed back
  /// after its worker's last look. Called when the consumer is done (normally, or early because
  /// an observer threw); a second call only frees what was discarded since.
  func stop() {
    lock.wait()
    let first = !stopped
    stopped = true
    lock.signal()
    if first {
      // Wake every worker that waits for a place (a semaphore may not end below its start value).
      for _ in 0..<(window + workerLoops) { places.signal() }
      workers.wait()
    }
    // Freed here, not left to `deinit`: the worker's block still holds the pipeline for a
    // moment after `workers.wait()` returns, so `deinit` may run later on that thread, and the
    // last results would outlive the run that made them.
    lock.wait()
    let left = discarded
    discarded = Array(repeating: [], count: workerLoops)
    lock.signal()
    _ = consume left
  }
}

/// Write-once result slots filled from `concurrentPerform`.
///
/// `@unchecked Sendable` is sound here because each index is written by exactly one iteration,
/// and the values are read only after `concurrentPerform` has returned (which orders the writes
/// before the reads).
final class Slots<Value>: @unchecked Sendable {
  // A raw buffer, not an array property: concurrent writes through a `var` array would be
  // overlapping accesses to one variable, which exclusivity checking rightly traps.
  private let storage: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  func set(_ index: Int, _ value: Value) {
    storage[index] = value
  }

  var values: [Value] { storage.map { $0! } }
}

/// `CLOCK_MONOTONIC` in nanoseconds, read directly (`DispatchTime.now()` reads the same clock
/// through libdispatch's own conversions, about 65 instructions more per call: two per test).
package func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
