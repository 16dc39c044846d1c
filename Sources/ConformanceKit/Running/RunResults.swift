import ConformanceJSON
import ConformanceLowLevel

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

  /// The fields the result shares with the test it ran (id, description, tags, expectation,
  /// input, context): one reference, where a copy of each field took a retain and a release per
  /// result, on every copy of it on the way to the reports.
  private var test: VectorTest
  /// Whether ``input`` and ``context`` are set: a result made with the public initialiser has
  /// neither, one made from a test has its input, and its context when that is not empty.
  private var hasInput: Bool
  private var hasContext: Bool

  public var id: String {
    get { test.id }
    set { test.id = newValue }
  }
  public var description: String? {
    get { test.description }
    set { test.description = newValue }
  }
  public var tags: [String] {
    get { test.tags }
    set { test.tags = newValue }
  }
  public var status: Status
  /// Wall time of the evaluation, in nanoseconds.
  public var nanoseconds: UInt64
  /// What the implementation answered, when it answered.
  public var actual: Outcome?
  public var expected: Expectation {
    get { test.expectation }
    set { test.expectation = newValue }
  }
  /// What the implementation wrote to its log while evaluating this test (an adapter's
  /// standard error, bounded), when it wrote anything.
  public var log: String? = nil
  /// Set when an expectations entry lists this test (see ``ExpectedFailures``): `status` is
  /// then the listed outcome (skipped, or failed for an unexpected pass) and the entry says why.
  public var expectedFailure: ExpectedFailureMatch? = nil
  /// The test's `input`, for reports that show a failing test.
  public var input: JSONValue? {
    // Not `hasInput ? test.input : nil`: `JSONValue` takes `nil` for its `.null`.
    get { hasInput ? .some(test.input) : .none }
    set { hasInput = Self.store(newValue, at: \.input, in: &test) }
  }
  /// The test's context (the file's merged with its own), when it has one, for reports that
  /// show it (Allure's parameters).
  public var context: JSONObject? {
    get { hasContext ? .some(test.context) : .none }
    set { hasContext = Self.store(newValue, at: \.context, in: &test) }
  }
  /// With `--reruns`, the tries that failed other than the one ``status`` reports: for a flaky
  /// test (passed on a later try) every try before the pass, for one that failed every try the
  /// reruns after the first (see ``FailedTry``).
  public var failedTries: [FailedTry] = []

  /// Puts `value` in the test's `field` and says whether there was one (`nil` leaves the field
  /// as it was: the result's flag then hides it).
  private static func store<Value>(
    _ value: Value?, at field: WritableKeyPath<VectorTest, Value>, in test: inout VectorTest
  ) -> Bool {
    guard let value else { return false }
    test[keyPath: field] = value
    return true
  }
}

// The initialisers are in an extension so that the struct keeps its memberwise initialiser,
// which they delegate to: assigning the fields one by one builds the result in a temporary and
// copies it out (a retain and a release of every field, for each of a run's results), where
// the memberwise initialiser builds it in place.
extension TestResult {
  public init(
    id: String, description: String?, tags: [String], status: Status, nanoseconds: UInt64,
    actual: Outcome?, expected: Expectation
  ) {
    self.init(
      test: VectorTest(
        id: id, description: description, tags: tags, input: .null, context: JSONObject(), expectation: expected),
      hasInput: false, hasContext: false, status: status, nanoseconds: nanoseconds, actual: actual)
  }

  /// The result of running `test`, sharing the test's fields (the run makes one per test).
  init(test: borrowing VectorTest, status: Status, nanoseconds: UInt64, actual: Outcome?, log: String?) {
    self.init(
      test: copy test, hasInput: true, hasContext: !test.context.members.isEmpty, status: status,
      nanoseconds: nanoseconds, actual: actual, log: log)
  }
}

extension TestResult {
  /// How the error of a test that was never put to the implementation begins (an adapter given
  /// up after `--max-restarts`, a signal): `not run: …`.
  public static let notRunPrefix = "not run: "

  /// Whether an error says the test was not run: the implementation's reason, as the runner
  /// words it (`NAME could not evaluate the input: not run: …`), or the reason alone.
  public static func isNotRun(_ error: String) -> Bool {
    error.hasPrefix(notRunPrefix) || error.contains(" could not evaluate the input: " + notRunPrefix)
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
  /// `IDTable.hash` of each of ``testIDs``, worked out on the worker thread that read the file
  /// (the calling thread checks them across files); empty when not worked out.
  var testIDHashes: [Int] = []
  public var nanoseconds: UInt64
  /// The implementation these results are of, in a run of several (`nil` with one, and for a
  /// file that failed to load, which is reported once).
  public var implementation: String? = nil
  /// How many of the file's tests pass the selection's filters, whether or not the shard owns
  /// them (see ``Selection/matchesFilters(test:in:)``).
  public var filterMatches = 0
  /// Those of them in a suite the implementation supports.
  public var checkableMatches = 0
  /// Tests the implementation was given and left out on purpose (recorded `{"skip": why}`
  /// answers), and those it was given and answered: a run whose every test was left out
  /// checked nothing.
  public var leftOut = 0
  public var answered = 0

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

  /// Whether the file is part of the run's selection: one of its tests passes the filters
  /// (whichever shard owns it), it ran or skipped a test, or it failed to load. Reports and tables
  /// leave the other files out.
  /// Whether this is a root's `manifest.json` (a stale or malformed one, as a load error).
  public var isManifest: Bool {
    guard case .loadFailure = content else { return false }
    return location.path == CorpusListing.manifestName
  }

  public var isInSelection: Bool {
    switch content {
    case .loadFailure: return true
    case .results(let results): return filterMatches > 0 || !results.isEmpty
    }
  }

  public var counts: Counts {
    var counts = Counts()
    switch content {
    case .loadFailure: counts.loadErrors = 1
    case .results(let results):
      for result in results {
        counts.add(result.status)
        if !result.failedTries.isEmpty, case .passed = result.status { counts.flaky += 1 }
      }
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
  /// Passed tests that failed a try first (`--reruns`): counted in ``passed`` too.
  public var flaky = 0

  public init() {}

  /// Tests that ran or were skipped; a load error is not a test.
  public var tests: Int { passed + failed + errored + skipped }

  /// Failed and errored tests and files that did not load.
  public var problems: Int { failed + errored + loadErrors }

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
    sum.flaky += rhs.flaky
    return sum
  }
}

/// The totals of a finished run.
public struct RunSummary: Sendable {
  public var totals = Counts()
  /// Counts per suite, for the closing lines and reports.
  public var bySuite: [String: Counts] = [:]
  /// Files loaded (or not), and those of them with a test run or skipped here, or a load error.
  public var files = 0
  public var filesRun = 0
  public var nanoseconds: UInt64 = 0
  /// Expectations entries that matched no test of the loaded corpus; each fails the run.
  public var staleExpectations: [StaleExpectation] = []
  /// Expectations entries that matched a test of the loaded corpus: their reasons are written
  /// once per report, and each listed test points to its entry by place.
  public var matchedExpectations: [ExpectedFailures.Entry] = []
  /// Problems the implementation noticed only at the end (an adapter's answer after its last
  /// request); each fails the run.
  public var implementationProblems: [String] = []
  /// In a run of several implementations: their names in command-line order (empty otherwise),
  /// their counts, their counts per suite, and the tests on which they disagree, in file order.
  public var implementations: [String] = []
  public var byImplementation: [String: Counts] = [:]
  public var bySuiteByImplementation: [String: [String: Counts]] = [:]
  public var drift: [Drift] = []
  /// Tests of the loaded files that pass the selection's filters (the shard left out).
  public var filterMatches = 0
  /// No test of the loaded files passes the filters: nothing was checked, which must never
  /// look like a green run (exit status 2). A shard that owns none of the matching tests is
  /// not in this case.
  public var nothingSelected = false
  /// Tests pass the filters, but none is in a suite the implementation supports: every one was
  /// skipped, nothing was checked (exit status 2 too).
  public var nothingCheckable = false
  /// Own suites (docs/own-suites.md) with selected tests that no implementation of the run has:
  /// nothing checked them, which must never look green (exit status 2).
  public var uncheckedOwnSuites: [String] = []
  /// Tests passing the filters in suites the implementation supports (the shard left out).
  public var checkableMatches = 0
  /// Tests the implementations left out on purpose (``FileReport/leftOut``) and tests they
  /// answered: with none answered and some left out, nothing was checked (exit status 2).
  public var leftOut = 0
  public var answered = 0
  /// Each `--exclude-tag` or `--exclude-id` that left no test out, with a did-you-mean
  /// (``ExcludeUsage/unused(_:)``): a misspelt filter, so the run exits 2 as for an empty
  /// selection. Judged only once every file was seen.
  public var unusedExcludes: [String] = []
  /// ``unusedExcludes`` in words (``ExcludeUsage/message(_:)``), `nil` when there is none.
  public var unusedExcludesReason: String? {
    unusedExcludes.isEmpty ? nil : ExcludeUsage.message(unusedExcludes)
  }
  /// Why nothing was checked, in words, when ``nothingSelected`` or ``nothingCheckable``: every
  /// report carries it (a JUnit error testcase, the JSON report's `statusReason`, the Markdown
  /// heading), so no report of such a run reads green.
  public var nothingCheckedReason: String? = nil
  /// Tests that errored without being run (``TestResult/notRunPrefix``: an adapter given up
  /// after `--max-restarts`, a signal): never old failures to `--fail-on new-failures`.
  public var notRunErrors = 0
  /// Set to the limit when `--max-failures` stopped the run.
  public var stoppedAtProblems: Int? = nil

  /// Failed and errored tests and files that did not load, so far.
  public var problems: Int { totals.problems }
  /// Set when a signal stopped the run before every file ran.
  public var interruption: RunInterruption?
  /// `--fail-on-flaky`: a flaky test (passed on a rerun) fails the run.
  public var failsOnFlaky = false

  public init() {}

  /// Adds a file's report; `countingFile` is false for the second and later implementations'
  /// reports of one file.
  public mutating func add(_ report: FileReport, countingFile: Bool = true) {
    let counts = report.counts
    totals = totals + counts
    if counts.errored > 0, case .results(let results) = report.content {
      for result in results {
        if case .errored(let message) = result.status, TestResult.isNotRun(message) { notRunErrors += 1 }
      }
    }
    // A file is in the selection when one of its tests passes the filters (whichever shard owns
    // it) or it failed to load; the tables list only the suites of such files.
    let selected = report.isInSelection
    // A root's manifest is checked like a file and reported as one when stale, but it is not a
    // vector file: "(of N loaded)" counts vector files only.
    if countingFile && !report.isManifest {
      files += 1
      filterMatches += report.filterMatches
      if counts.tests > 0 || counts.loadErrors > 0 { filesRun += 1 }
    }
    checkableMatches += report.checkableMatches
    leftOut += report.leftOut
    answered += report.answered
    if let suite = report.suite, selected {
      bySuite[suite, default: Counts()] = bySuite[suite, default: Counts()] + counts
    }
    if let implementation = report.implementation {
      byImplementation[implementation, default: Counts()] = byImplementation[implementation, default: Counts()] + counts
      if let suite = report.suite, selected {
        bySuiteByImplementation[implementation, default: [:]][suite, default: Counts()] =
          bySuiteByImplementation[implementation, default: [:]][suite, default: Counts()] + counts
      }
    }
  }

  /// The process exit status docs/junit-report.md fixes: 128 + the signal number when a signal
  /// interrupted the run; 2 when a file failed to load or no test passes the selection; 1 when a
  /// test failed or errored (an unexpected pass is a failure), an expectations entry is stale or
  /// an adapter misbehaved at the end; 0 when every test passed.
  public var exitStatus: Int32 {
    if let interruption { return interruption.exitStatus }
    if totals.loadErrors > 0 || nothingSelected || nothingCheckable || !uncheckedOwnSuites.isEmpty
      || !unusedExcludes.isEmpty
    {
      return 2
    }
    if totals.failed > 0 || totals.errored > 0 || !staleExpectations.isEmpty || !implementationProblems.isEmpty {
      return 1
    }
    if failsOnFlaky && totals.flaky > 0 { return 1 }
    return 0
  }
}
