import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Testing

/// Runs `tests` (one leeep.fid file) with an expectations file holding `entries`.
private struct ListedRun {
  let folder: TemporaryFolder
  let listPath: String
  let recorder = Recorder()
  let summary: RunSummary

  init(
    tests: String, entries: String, extraFiles: [String: String] = [:], selection: Selection = Selection()
  ) throws {
    folder = try TemporaryFolder()
    try folder.write("vectors/leeep/fid/f.json", vectorFile(tests))
    for (path, text) in extraFiles { try folder.write("vectors/" + path, text) }
    listPath = try folder.write(
      "expected-failures.json", #"{"format": "conformance-expectations/1", "entries": [\#(entries)]}"#)
    let list = try ExpectedFailures.load(file: listPath)
    summary = try Runner(implementation: EchoImplementation(), selection: selection, expectedFailures: list).run(
      roots: [folder.path + "/vectors"], observers: [recorder])
  }

  /// Every test's status in words, by id, over all files.
  var statuses: [String: String] {
    var statuses: [String: String] = [:]
    for report in recorder.reports {
      guard case .results(let results) = report.content else { continue }
      for result in results {
        switch result.status {
        case .passed: statuses[result.id] = "passed"
        case .failed(let failure): statuses[result.id] = "failed: \(failure.difference)"
        case .errored(let message): statuses[result.id] = "errored: \(message)"
        case .skipped(let reason): statuses[result.id] = "skipped: \(reason)"
        }
      }
    }
    return statuses
  }
}

@Suite struct ExpectedFailuresTests {
  @Test func aListedFailureOrErrorIsSkippedWithItsReason() throws {
    let run = try ListedRun(
      tests: """
        {"id": "known.wrong-output", "input": {"n": 1}, "expect": {"result": "accept", "output": {"n": 2}}},
        {"id": "known.throws", "input": "boom", "expect": {"result": "accept"}},
        {"id": "fine", "input": "a", "expect": {"result": "accept"}}
        """,
      entries: """
        {"suite": "leeep.fid", "id": "known.*", "reason": "output not implemented yet", "link": "https://example.test/7"}
        """)
    defer { run.folder.remove() }
    #expect(
      run.statuses["known.wrong-output"]
        == "skipped: expected failure (\(run.listPath) entries[0]); failed: at output.n: expected 2, got 1"
    )
    #expect(
      run.statuses["known.throws"]
        == "skipped: expected failure (\(run.listPath) entries[0]); errored: echo could not evaluate the input: boom"
    )
    // The reason is the entry's, written once by the reports, not once per test.
    #expect(
      run.summary.matchedExpectations.map(ExpectedFailures.reasonText)
        == ["output not implemented yet (https://example.test/7)"])
    #expect(run.statuses["fine"] == "passed")
    #expect(run.summary.totals.skipped == 2)
    #expect(run.summary.totals.failed == 0)
    #expect(run.summary.staleExpectations.isEmpty)
    #expect(run.summary.exitStatus == 0)
    // Observers see which entry listed the test and what the test did before the list applied.
    guard case .results(let results) = run.recorder.reports[0].content else {
      Issue.record("the file should load")
      return
    }
    let match = try #require(results[0].expectedFailure)
    #expect(match.entry.place == "\(run.listPath) entries[0]")
    #expect(!match.isUnexpectedPass)
    guard case .failed = match.originalStatus else {
      Issue.record("the original status should be kept")
      return
    }
  }

  @Test func aListedTestThatPassesFailsTheRunAsAnUnexpectedPass() throws {
    let run = try ListedRun(
      tests: #"{"id": "fixed.now", "input": "a", "expect": {"result": "accept", "output": "a"}}"#,
      entries: #"{"suite": "leeep.fid", "id": "fixed.now", "reason": "echoes the wrong value"}"#)
    defer { run.folder.remove() }
    #expect(
      run.statuses["fixed.now"]
        == "failed: unexpected pass: leeep.fid fixed.now is listed as an expected failure (\(run.listPath) entries[0]) "
        + "but passed; remove the entry or narrow its id")
    #expect(run.summary.totals.failed == 1)
    #expect(run.summary.exitStatus == 1)
    guard case .results(let results) = run.recorder.reports[0].content,
      case .failed(let failure) = results[0].status
    else {
      Issue.record("the test should be a failure")
      return
    }
    // Reports show what was expected and what came back, as for any failure.
    #expect(failure.expected == ["result": "accept", "output": "a"])
    #expect(failure.actual == ["result": "accept", "output": "a"])
    #expect(results[0].expectedFailure?.isUnexpectedPass == true)
  }

  @Test func anEntryMatchingNoLoadedTestIsStaleAndFailsTheRun() throws {
    let run = try ListedRun(
      tests: #"{"id": "fine", "input": "a", "expect": {"result": "accept"}}"#,
      entries: """
        {"suite": "leeep.fid", "id": "removed.*", "reason": "old vectors"},
        {"suite": "leeep.user-id", "id": "fine", "reason": "wrong suite"}
        """)
    defer { run.folder.remove() }
    #expect(
      run.summary.staleExpectations.map(\.message) == [
        "stale expected failure: \(run.listPath) entries[0] (suite leeep.fid, id \"removed.*\") matches no test in "
          + "the loaded vectors; remove the entry or fix its suite or id",
        "stale expected failure: \(run.listPath) entries[1] (suite leeep.user-id, id \"fine\") matches no test in "
          + "the loaded vectors; remove the entry or fix its suite or id",
      ])
    #expect(run.summary.totals.failed == 0)
    #expect(run.summary.exitStatus == 1)
  }

  @Test func entriesMatchTestsLeftOutBySelectionSoTheyAreNotStale() throws {
    let run = try ListedRun(
      tests: """
        {"id": "listed", "input": {"n": 1}, "expect": {"result": "accept", "output": {"n": 2}}},
        {"id": "other", "input": "a", "expect": {"result": "accept"}}
        """,
      entries: #"{"suite": "leeep.fid", "id": "listed", "reason": "known"}"#,
      selection: Selection(idPatterns: [IDPattern("other")]))
    defer { run.folder.remove() }
    #expect(run.statuses == ["other": "passed"])
    #expect(run.summary.staleExpectations.isEmpty)
    #expect(run.summary.exitStatus == 0)
  }

  @Test func aTestNotRunKeepsItsSkipReasonAndUsesTheEntry() throws {
    let run = try ListedRun(
      tests: #"{"id": "fine", "input": "a", "expect": {"result": "accept"}}"#,
      entries: #"{"suite": "leeep.user-id", "id": "u.*", "reason": "not started"}"#,
      extraFiles: [
        "leeep/user-id/u.json": vectorFile(
          suite: "leeep.user-id", #"{"id": "u.1", "input": "a", "expect": {"result": "accept"}}"#)
      ])
    defer { run.folder.remove() }
    #expect(run.statuses["u.1"] == "skipped: echo does not implement suite leeep.user-id")
    #expect(run.summary.staleExpectations.isEmpty)
    #expect(run.summary.exitStatus == 0)
  }

  @Test func entriesOfASuiteWithAFileThatFailedToLoadAreNotCalledStale() throws {
    let run = try ListedRun(
      tests: #"{"id": "fine", "input": "a", "expect": {"result": "accept"}}"#,
      entries: #"{"suite": "leeep.user-id", "id": "in.the.broken.file", "reason": "known"}"#,
      extraFiles: [
        "leeep/user-id/broken.json":
          #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "d", "tests": []}"#
      ])
    defer { run.folder.remove() }
    #expect(run.summary.totals.loadErrors == 1)
    #expect(run.summary.staleExpectations.isEmpty)
    #expect(run.summary.exitStatus == 2)
  }

  @Test func theFirstMatchingEntryGivesTheReasonAndEveryMatchingEntryIsUsed() throws {
    let run = try ListedRun(
      tests: #"{"id": "a.b", "input": "boom", "expect": {"result": "accept"}}"#,
      entries: """
        {"suite": "leeep.fid", "id": "a.?", "reason": "first"},
        {"suite": "leeep.fid", "id": "*", "reason": "second"}
        """)
    defer { run.folder.remove() }
    #expect(
      run.statuses["a.b"]
        == "skipped: expected failure (\(run.listPath) entries[0]); errored: echo could not evaluate the input: boom")
    #expect(run.summary.matchedExpectations.map(\.reason) == ["first", "second"])
    #expect(run.summary.staleExpectations.isEmpty)
  }

  /// The index (exact ids by suite, globs compiled once) gives the same first entry as trying
  /// every entry in file order.
  @Test func theIndexFindsTheFirstEntryInFileOrder() {
    let patterns = ["a.b", "a.*", "*", "?.b", "a.b", "x*y", "é?", "*.c"]
    let entries = patterns.enumerated().map { number, pattern in
      ExpectedFailures.Entry(
        suite: number == 5 ? "leeep.user-id" : "leeep.fid", id: IDPattern(pattern), reason: "r\(number)",
        place: "e[\(number)]")
    }
    let list = ExpectedFailures(entries: entries)
    for suite in ["leeep.fid", "leeep.user-id", "respondo.push.token"] {
      for id in ["a.b", "a.c", "b.b", "xzy", "éé", "é", "", "q.c", "a.bb"] {
        let expected = entries.firstIndex { $0.suite == suite && $0.id.matches(id) }
        let result = TestResult(
          id: id, description: nil, tags: [], status: .errored("e"), nanoseconds: 0, actual: nil,
          expected: .accept(output: nil))
        let applied = list.apply(to: result, suite: suite)
        #expect(applied.expectedFailure?.entry.place == expected.map { "e[\($0)]" }, "\(suite) \(id)")
      }
    }
  }

  /// A file's results get the entries each would get alone, whether they are every test of the
  /// file in order, some of them (--id, --shard), or in another order; the usage counts every
  /// id the file holds, run or not.
  @Test func aFileIsListedAsItsTestsOneByOneWhateverItsResults() {
    let patterns = ["a.*", "b.?", "*.c", "d.d", "*.b"]
    let entries = patterns.enumerated().map { number, pattern in
      ExpectedFailures.Entry(suite: "leeep.fid", id: IDPattern(pattern), reason: "r", place: "e[\(number)]")
    }
    let list = ExpectedFailures(entries: entries)
    let ids = ["a.b", "x.y", "b.c", "d.d", "q.q", "a.c"]
    func result(_ id: String) -> TestResult {
      TestResult(
        id: id, description: nil, tags: [], status: .errored("e"), nanoseconds: 0, actual: nil,
        expected: .accept(output: nil))
    }
    for chosen in [ids, ["b.c", "q.q", "a.c"], ["a.c", "a.b", "d.d"], ["x.y"], []] {
      let report = FileReport(
        location: VectorFileLocation(root: "r", path: "f.json"), suite: "leeep.fid", source: nil, description: nil,
        content: .results(chosen.map(result)), testIDs: ids, nanoseconds: 0)
      var usage = ExpectedFailures.Usage(entryCount: entries.count)
      let applied = list.apply(to: report, usage: &usage)
      guard case .results(let results) = applied.content else {
        Issue.record("no results")
        continue
      }
      #expect(results.map(\.id) == chosen)
      #expect(
        results.map { $0.expectedFailure?.entry.place }
          == chosen.map { list.apply(to: result($0), suite: "leeep.fid").expectedFailure?.entry.place }, "\(chosen)")
      // a.* (a.b, a.c), b.? (b.c), *.c (b.c, a.c), d.d; *.b matches a.b too.
      #expect(list.staleEntries(usage).isEmpty, "\(chosen)")
    }
  }

  @Test(arguments: [
    (
      #"{"format": "conformance-expectations/1", "entries": [], "entrys": []}"#,
      #"unknown key "entrys" (did you mean "entries"?); allowed: format, entries"#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a", "reasn": "x"}]}"#,
      #"entries[0]: unknown key "reasn" (did you mean "reason"?); allowed: suite, id, reason, link, implementation"#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a"}]}"#,
      #"entries[0]: missing required key "reason""#
    ),
    (
      #"{"format": "conformance-expectations/2", "entries": []}"#,
      #"format: unsupported format "conformance-expectations/2", expected "conformance-expectations/1""#
    ),
    (#"{"entries": []}"#, #"missing required key "format""#),
    (#"{"format": "conformance-expectations/1"}"#, #"missing required key "entries""#),
    (
      #"{"format": "conformance-expectations/1", "entries": {}}"#,
      "entries: must be an array, found object"
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fd", "id": "a", "reason": "r"}]}"#,
      #"entries[0].suite: unknown suite "leeep.fd" (did you mean "leeep.fid"?)"#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a b", "reason": "r"}]}"#,
      #"entries[0].id: "a b" is neither a test id nor a glob of one (letters, digits, '.', '_', '-', with * and ?)"#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a", "reason": ""}]}"#,
      "entries[0].reason: must not be empty"
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a", "reason": "r", "link": 7}]}"#,
      "entries[0].link: must be a string, found number"
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a*", "reason": "r"}, {"suite": "leeep.fid", "id": "a*", "reason": "s"}]}"#,
      #"entries[1]: repeats entries[0] (suite leeep.fid, id "a*")"#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a", "reason": "\#(String(repeating: "r", count: 501))"}]}"#,
      #"entries[0].reason: 501 bytes, more than 500: keep the reason to a line and put the details behind "link""#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a", "reason": "r", "link": "\#(String(repeating: "l", count: 2049))"}]}"#,
      "entries[0].link: 2049 bytes, more than 2048"
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "a", "reason": "r"}, {"suite": "leeep.user-id", "id": "a", "reason": "r"}, {"suite": "leeep.fid", "id": "a", "reason": "s"}]}"#,
      #"entries[2]: repeats entries[0] (suite leeep.fid, id "a")"#
    ),
    (
      #"{"format": "conformance-expectations/1", "entries": [], "entries": []}"#,
      #"invalid JSON: line 1, column 57: duplicate key "entries""#
    ),
  ])
  func aBrokenFileIsRejectedNamingTheFileAndThePlace(text: String, reason: String) {
    do {
      _ = try ExpectedFailures.parse(Array(text.utf8), file: "ci/expected.json")
      Issue.record("\(text) should be rejected")
    } catch {
      #expect(error.description == "ci/expected.json: \(reason)")
    }
  }

  @Test func aMissingFileIsNamed() {
    do {
      _ = try ExpectedFailures.load(file: "/nonexistent/expected.json")
      Issue.record("a missing file should be rejected")
    } catch {
      #expect(error.description == "/nonexistent/expected.json: cannot open: No such file or directory")
    }
  }

  @Test func theShippedExampleLoads() throws {
    let list = try ExpectedFailures.load(file: packageRoot() + "/docs/expectations.example.json")
    #expect(list.entries.count == 3)
    #expect(list.entries[1].id.matches("length.256-ascii"))
  }
}
