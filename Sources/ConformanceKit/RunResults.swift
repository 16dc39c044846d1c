import ConformanceJSON

/// The result of one test.
public struct TestResult: Sendable {
  public enum Status: Sendable {
    case passed
    /// The outcome did not meet the expectation.
    case failed(TestFailure)
    /// The implementation could not answer (it threw).
    case errored(String)
    /// Not run, with the reason (an implementation without the suite, an expected failure).
    case skipped(String)
  }

  public var id: String
  public var description: String?
  public var tags: [String]
  public var status: Status
  /// Wall time of the evaluation, in nanoseconds.
  public var nanoseconds: UInt64
  /// What the implementation answered, when it answered.
  public var actual: Outcome?
  public var expected: Expectation
  /// Set when an expectations entry lists this test (see ``ExpectedFailures``): `status` is
  /// then the listed outcome (skipped, or failed for an unexpected pass) and the entry says why.
  public var expectedFailure: ExpectedFailureMatch? = nil

  public init(
    id: String, description: String?, tags: [String], status: Status, nanoseconds: UInt64,
    actual: Outcome?, expected: Expectation
  ) {
    self.id = id
    self.description = description
    self.tags = tags
    self.status = status
    self.nanoseconds = nanoseconds
    self.actual = actual
    self.expected = expected
  }
}

/// A mismatch between expectation and outcome.
public struct TestFailure: Sendable {
  public var expected: JSONValue
  public var actual: JSONValue
  /// The first difference, in words (`error: expected "missing_key", got "unknown_key"`).
  public var difference: String

  public init(expected: JSONValue, actual: JSONValue, difference: String) {
    self.expected = expected
    self.actual = actual
    self.difference = difference
  }
}

/// Everything the run learned about one vector file, handed to observers in file order.
public struct FileReport: Sendable {
  public enum Content: Sendable {
    case results([TestResult])
    case loadFailure(LoadFailure)
  }

  public var location: VectorFileLocation
  public var suite: String?
  public var source: String?
  public var description: String?
  public var content: Content
  /// Every id the file holds, selected or not: ids must be unique across files either way.
  public var testIDs: [String]
  public var nanoseconds: UInt64

  public init(
    location: VectorFileLocation, suite: String?, source: String?, description: String?,
    content: Content, testIDs: [String], nanoseconds: UInt64
  ) {
    self.testIDs = testIDs
    self.location = location
    self.suite = suite
    self.source = source
    self.description = description
    self.content = content
    self.nanoseconds = nanoseconds
  }

  public var counts: Counts {
    var counts = Counts()
    switch content {
    case .loadFailure: counts.loadErrors = 1
    case .results(let results): for result in results { counts.add(result.status) }
    }
    return counts
  }
}

/// Test counts, as JUnit and the closing line report them.
public struct Counts: Sendable, Equatable {
  public var passed = 0
  public var failed = 0
  public var errored = 0
  public var skipped = 0
  public var loadErrors = 0

  public init() {}

  /// Tests that ran or were skipped; a load error is not a test.
  public var tests: Int { passed + failed + errored + skipped }

  public mutating func add(_ status: TestResult.Status) {
    switch status {
    case .passed: passed += 1
    case .failed: failed += 1
    case .errored: errored += 1
    case .skipped: skipped += 1
    }
  }

  public static func + (lhs: Counts, rhs: Counts) -> Counts {
    var sum = lhs
    sum.passed += rhs.passed
    sum.failed += rhs.failed
    sum.errored += rhs.errored
    sum.skipped += rhs.skipped
    sum.loadErrors += rhs.loadErrors
    return sum
  }
}

/// The totals of a finished run.
public struct RunSummary: Sendable {
  public var totals = Counts()
  /// Counts per suite, for the closing lines and reports.
  public var bySuite: [String: Counts] = [:]
  public var files = 0
  public var nanoseconds: UInt64 = 0
  /// Expectations entries that matched no test of the loaded corpus; each fails the run.
  public var staleExpectations: [StaleExpectation] = []
  /// Set when a signal stopped the run before every file ran.
  public var interruption: RunInterruption?

  public init() {}

  public mutating func add(_ report: FileReport) {
    let counts = report.counts
    totals = totals + counts
    files += 1
    if let suite = report.suite { bySuite[suite, default: Counts()] = bySuite[suite, default: Counts()] + counts }
  }

  /// The process exit status docs/junit-report.md fixes: 2 when a file failed to load, 1 when a test
  /// failed or errored (an unexpected pass is a failure) or an expectations entry is stale,
  /// 0 when every test passed.
  /// An interrupted run exits with 128 + the signal number.
  public var exitStatus: Int32 {
    if let interruption { return interruption.exitStatus }
    if totals.loadErrors > 0 { return 2 }
    if totals.failed > 0 || totals.errored > 0 || !staleExpectations.isEmpty { return 1 }
    return 0
  }
}
