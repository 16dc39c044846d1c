import ConformanceJSON
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

/// Loads and runs vector files against an implementation.
///
/// Files are loaded and evaluated in parallel in batches, then handed to observers strictly in
/// file order, so the same vectors always give the same report. Only one batch is held at a
/// time, which keeps memory bounded however large the corpus.
public struct Runner: Sendable {
  public var implementation: any Implementation
  public var selection: Selection
  public var loader: VectorLoader
  /// Files evaluated concurrently before their results are handed on.
  public var batchSize: Int
  /// Tests known to fail (`--expectations`), applied before observers see a file's results.
  public var expectedFailures: ExpectedFailures

  public init(
    implementation: any Implementation, selection: Selection = Selection(),
    loader: VectorLoader = VectorLoader(), batchSize: Int = 64,
    expectedFailures: ExpectedFailures = ExpectedFailures()
  ) {
    self.implementation = implementation
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

  @discardableResult
  public func run(_ locations: [VectorFileLocation], observers: [any RunObserver]) throws -> RunSummary {
    let started = monotonicNanoseconds()
    for observer in observers { try observer.runStarted(fileCount: locations.count) }
    var summary = RunSummary()
    var ownerOfID: [String: [String: String]] = [:]  // suite → id → display path
    var expectationUsage = ExpectedFailures.Usage(entryCount: expectedFailures.entries.count)
    var batchStart = 0
    while batchStart < locations.count {
      let batch = Array(locations[batchStart..<min(batchStart + batchSize, locations.count)])
      batchStart += batch.count
      let reports = evaluate(batch)
      for var report in reports {
        report = enforceUniqueIDs(report, owners: &ownerOfID)
        report = expectedFailures.apply(to: report, usage: &expectationUsage)
        // A file that fails to load belongs to one shard, so merged shard reports hold it once.
        // (The expectations above still saw it, so every shard judges stale entries alike.)
        if let shard = selection.shard, case .loadFailure = report.content,
          !shard.owns(file: report.location.path)
        {
          continue
        }
        summary.add(report)
        for observer in observers { try observer.fileFinished(report) }
      }
    }
    summary.staleExpectations = expectedFailures.staleEntries(expectationUsage)
    summary.nanoseconds = monotonicNanoseconds() - started
    for observer in observers { try observer.runFinished(summary) }
    return summary
  }

  /// Loads only: every file's load result, in file order (for `lint` and `list`).
  public func load(roots: [String]) throws -> [Result<VectorFile, LoadFailure>] {
    var found: [VectorFileLocation] = []
    for root in roots { found += try loader.discover(root: root) }
    let locations = found
    let slots = Slots<Result<VectorFile, LoadFailure>>(count: locations.count)
    let loader = self.loader
    DispatchQueue.concurrentPerform(iterations: locations.count) { index in
      slots.set(index, loader.load(locations[index]))
    }
    var results = slots.values
    var owners: [String: [String: String]] = [:]
    for index in results.indices {
      guard case .success(let file) = results[index] else { continue }
      if let failure = Runner.duplicateID(in: file, owners: &owners) { results[index] = .failure(failure) }
    }
    return results
  }

  private func evaluate(_ batch: [VectorFileLocation]) -> [FileReport] {
    let slots = Slots<FileReport>(count: batch.count)
    let runner = self
    DispatchQueue.concurrentPerform(iterations: batch.count) { index in
      slots.set(index, runner.evaluate(batch[index]))
    }
    return slots.values
  }

  func evaluate(_ location: VectorFileLocation) -> FileReport {
    let started = monotonicNanoseconds()
    let file: VectorFile
    switch loader.load(location) {
    case .failure(let failure):
      return FileReport(
        location: location, suite: failure.suite, source: nil, description: nil,
        content: .loadFailure(failure), testIDs: [], nanoseconds: monotonicNanoseconds() - started)
    case .success(let loaded):
      file = loaded
    }
    var results: [TestResult] = []
    for test in file.tests where selection.includes(test: test, in: file) {
      results.append(run(test, suite: file.suite))
    }
    return FileReport(
      location: location, suite: file.suite, source: file.source, description: file.description,
      content: .results(results), testIDs: file.tests.map(\.id),
      nanoseconds: monotonicNanoseconds() - started)
  }

  /// Runs one test against the implementation.
  public func run(_ test: VectorTest, suite: String) -> TestResult {
    guard implementation.supports(suite: suite) else {
      return TestResult(
        id: test.id, description: test.description, tags: test.tags,
        status: .skipped("\(implementation.name) does not implement suite \(suite)"), nanoseconds: 0,
        actual: nil, expected: test.expectation)
    }
    let started = monotonicNanoseconds()
    let status: TestResult.Status
    var actual: Outcome? = nil
    do {
      let outcome = try implementation.evaluate(suite: suite, input: test.input, context: test.context)
      actual = outcome
      if let difference = Comparison.difference(expected: test.expectation, actual: outcome) {
        status = .failed(
          TestFailure(expected: test.expectation.json, actual: outcome.json, difference: difference))
      } else {
        status = .passed
      }
    } catch {
      status = .errored("\(implementation.name) could not evaluate the input: \(error)")
    }
    return TestResult(
      id: test.id, description: test.description, tags: test.tags, status: status,
      nanoseconds: monotonicNanoseconds() - started, actual: actual, expected: test.expectation)
  }

  /// Turns a file whose id repeats one of an earlier file's (same suite) into a load failure
  /// naming both files; otherwise records its ids.
  private func enforceUniqueIDs(_ report: FileReport, owners: inout [String: [String: String]])
    -> FileReport
  {
    guard case .results = report.content, let suite = report.suite else { return report }
    let ids = report.testIDs
    var owned = owners[suite, default: [:]]
    for id in ids {
      if let other = owned[id] {
        let failure = LoadFailure(
          location: report.location, suite: suite,
          reason: "id \(quote(id)) of suite \(suite) is already used by \(other)")
        return FileReport(
          location: report.location, suite: suite, source: report.source,
          description: report.description, content: .loadFailure(failure), testIDs: [],
          nanoseconds: report.nanoseconds)
      }
    }
    for id in ids { owned[id] = report.location.displayPath }
    owners[suite] = owned
    return report
  }

  static func duplicateID(in file: VectorFile, owners: inout [String: [String: String]]) -> LoadFailure? {
    var owned = owners[file.suite, default: [:]]
    for test in file.tests {
      if let other = owned[test.id] {
        return LoadFailure(
          location: VectorFileLocation(root: file.root, path: file.path), suite: file.suite,
          reason: "id \(quote(test.id)) of suite \(file.suite) is already used by \(other)")
      }
    }
    for test in file.tests { owned[test.id] = file.displayPath }
    owners[file.suite] = owned
    return nil
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

func monotonicNanoseconds() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}
