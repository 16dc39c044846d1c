import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceReports

/// ``RunComparison``: the five lists, the removal reasons, what differs between two runs, and
/// earlier reports read as the untrusted input they are.
@Suite struct RunComparisonTests {
  static func snapshot(
    _ tests: [(String, String, ResultIndex.State)], implementation: String = "sdk", runID: String = "r1",
    digest: String = String(repeating: "a", count: 64), selection: Selection = Selection()
  ) -> RunSnapshot {
    var index = ResultIndex()
    for (suite, id, state) in tests { index.add(implementation: implementation, suite: suite, id: id, state: state) }
    return RunSnapshot(
      source: "report old.json", runID: runID, time: "2026-01-01T00:00:00Z", implementations: [implementation],
      corpusDigest: digest, corpusFiles: 3, selection: selection, status: nil, results: index)
  }

  func ids(_ comparison: RunComparison, _ category: RunComparison.Category) -> [String] {
    comparison.entries(category).map(\.id)
  }

  @Test func everyTestThatDidNotPassInBothRunsIsInExactlyOneList() {
    let before = Self.snapshot([
      ("leeep.fid", "a", .passed), ("leeep.fid", "b", .failed), ("leeep.fid", "c", .failed),
      ("leeep.fid", "d", .passed), ("leeep.fid", "e", .skipped), ("leeep.fid", "f", .passed),
      ("leeep.fid", "h", .failed), ("leeep.fid", "s", .failed),
    ])
    let after = Self.snapshot(
      [
        ("leeep.fid", "a", .failed), ("leeep.fid", "b", .passed), ("leeep.fid", "c", .failed),
        ("leeep.fid", "d", .passed), ("leeep.fid", "e", .failed), ("leeep.fid", "g", .failed),
        ("leeep.fid", "s", .skipped),
      ], runID: "r2")
    let comparison = RunComparison(previous: before, current: after, corpusTests: { ["leeep.fid\u{0}f"] })
    #expect(ids(comparison, .newFailures) == ["a", "e"])
    #expect(ids(comparison, .fixed) == ["b", "s"])
    #expect(comparison.entries(.fixed).map(\.state) == [.passed, .skipped])
    #expect(ids(comparison, .stillFailing) == ["c"])
    #expect(ids(comparison, .new) == ["g"])
    #expect(ids(comparison, .removed) == ["f", "h"])
    #expect(comparison.entries(.removed).map(\.reason) == ["filtered out", "vector gone"])
    // The failing new test counts as a regression too.
    #expect(comparison.regressions == 3)
    // The earlier run is named by its time; without one (nor a CI number), by its run id.
    #expect(
      comparison.line == "since 2026-01-01 00:00:00 UTC: 2 new failures, 2 fixed, 1 still failing, 1 new, 2 removed")
    #expect(
      ComparisonMarkdown.lines(comparison, severalImplementations: false)[3]
        == #"Since the run of 2026-01-01 00\:00\:00 UTC: **2 new failures**, 2 fixed, 1 still failing, 1 new, 2 removed."#
    )
    var untimed = before
    untimed.time = nil
    #expect(
      RunComparison(previous: untimed, current: after).line
        == "since r1: 2 new failures, 2 fixed, 1 still failing, 1 new, 2 removed")
    untimed.ciBuild = CIBuild(label: "GitHub Actions run #57")
    #expect(
      RunComparison(previous: untimed, current: after).line
        == "since GitHub Actions run #57: 2 new failures, 2 fixed, 1 still failing, 1 new, 2 removed")
    #expect(comparison.differences == [])
  }

  @Test func theSameIDInAnotherSuiteOrImplementationIsAnotherTest() {
    let before = Self.snapshot([("leeep.fid", "x", .failed)])
    let after = Self.snapshot([("leeep.user-id", "x", .failed)])
    let comparison = RunComparison(previous: before, current: after)
    #expect(ids(comparison, .new) == ["x"])
    #expect(ids(comparison, .removed) == ["x"])
    let otherImplementation = RunComparison(
      previous: before, current: Self.snapshot([("leeep.fid", "x", .failed)], implementation: "kotlin"))
    #expect(otherImplementation.entries(.removed).map(\.reason) == ["implementation not in this run"])
    #expect(otherImplementation.differences == ["the implementations differ: sdk before, kotlin now"])
  }

  @Test func anOfflineComparisonTellsTheReasonFromTheFilters() {
    let before = Self.snapshot([("leeep.fid", "length.1", .passed), ("leeep.user-id", "a", .passed)])
    let after = Self.snapshot([("leeep.fid", "length.2", .passed)], selection: Selection(suites: ["leeep.fid"]))
    let comparison = RunComparison(previous: before, current: after)
    #expect(comparison.entries(.removed).map(\.id) == ["length.1", "a"])
    // length.1 passes --suite leeep.fid, and no tag filter could have left it out: it is gone.
    #expect(comparison.entries(.removed).map(\.reason) == ["vector gone", "filtered out"])
    #expect(comparison.differences == ["the selection differs: every test before, `--suite leeep.fid` now"])
    let byTag = RunComparison(
      previous: before, current: Self.snapshot([], selection: Selection(suites: ["leeep.fid"], tags: ["valid"])))
    #expect(byTag.entries(.removed).map(\.reason) == [nil, "filtered out"])
  }

  @Test func anotherCorpusIsStillComparedAndSaidSo() {
    let before = Self.snapshot([("leeep.fid", "a", .failed)])
    var after = Self.snapshot([("leeep.fid", "a", .failed)], digest: String(repeating: "b", count: 64))
    after.corpusFiles = 4
    after.stoppedEarly = "interrupted by SIGTERM after 1 of 4 files"
    let comparison = RunComparison(previous: before, current: after)
    #expect(ids(comparison, .stillFailing) == ["a"])
    #expect(
      comparison.differences == [
        "the corpus differs: digest aaaaaaaaaaaa… before, bbbbbbbbbbbb… now (3 vector files before, 4 now)",
        "this run did not see every file: interrupted by SIGTERM after 1 of 4 files",
      ])
  }

  @Test func failOnNewFailuresTurnsOnlyARunOfOldFailuresGreen() {
    var summary = RunSummary()
    summary.totals.failed = 1
    let old = RunComparison(
      previous: Self.snapshot([("leeep.fid", "a", .failed)]), current: Self.snapshot([("leeep.fid", "a", .failed)]))
    #expect(RunComparison.gatedExitStatus(summary, comparison: old) == 0)
    let regressed = RunComparison(
      previous: Self.snapshot([("leeep.fid", "a", .passed)]), current: Self.snapshot([("leeep.fid", "a", .failed)]))
    #expect(RunComparison.gatedExitStatus(summary, comparison: regressed) == 1)
    #expect(RunComparison.gatedExitStatus(summary, comparison: nil) == 1)
    summary.totals.loadErrors = 1
    #expect(RunComparison.gatedExitStatus(summary, comparison: old) == 2)
    summary.totals.loadErrors = 0
    summary.implementationProblems = ["late answer"]
    #expect(RunComparison.gatedExitStatus(summary, comparison: old) == 1)
  }

  // MARK: - Earlier reports are untrusted

  func report(results: String, extra: String = "") -> String {
    #"{"format": "conformance-report/1", "implementation": "sdk", "runId": "0123456789abcdef0123456789abcdef", \#(extra) "results": \#(results)}"#
  }

  /// A run id is shown as it is (in a Markdown code span, on the console): one that is not the
  /// 32 hex digits a run writes is refused, naming the file, as a history's are. A backtick
  /// would close the code span and let through an image, a mention, a link and a heading.
  @Test(arguments: [
    "x` ![t](https://tracker.example/p.gif) @team [l](https://e.example)\n# H `",
    "0123456789abcdef0123456789abcde\u{1B}",
    "0123456789abcdef\u{0}123456789abcdef",
    "\u{202E}0123456789abcdef0123456789abcde",
    "0123456789ABCDEF0123456789ABCDEF",
    "",
  ])
  func aReportWhoseRunIdIsNotARunsIsRefused(runID: String) throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let results = #"[{"implementation": "sdk", "suite": "leeep.fid", "passed": ["a"], "failed": [], "skipped": []}]"#
    let text = JSONSerializer.compact.string(
      from: [
        "format": "conformance-report/1", "implementation": "sdk", "runId": .string(runID),
        "results": try JSONParser().parse(Array(results.utf8)),
      ])
    let path = try folder.write("old.json", text)
    #expect(
      throws: PreviousRunError(path: path, reason: "not a conformance-report/1 JSON report: runId is not 32 hex digits")
    ) { try RunSnapshot.read(report: path) }
  }

  /// Whatever a code span holds, it cannot end it or hide characters.
  @Test func codeSpansHoldAnyText() {
    #expect(ReportText.codeSpan("leeep.fid") == "`leeep.fid`")
    #expect(ReportText.codeSpan("a`b") == "``a`b``")
    #expect(ReportText.codeSpan("`x``") == "``` `x`` ```")
    #expect(ReportText.codeSpan("\u{1B}[1m\u{0}\u{202E}") == #"`\u001b[1m\u0000\u202e`"#)
    #expect(ReportText.codeSpan("") == "` `")
    // A run id that got past the reading (a snapshot built in code) still cannot format the page.
    // Without a time or CI number the run is named by its id (a run with a time is named by it).
    var previous = Self.snapshot([], runID: "x` ![t](https://t.example/p.gif) `\u{1B}\u{202E}")
    previous.time = nil
    let hostile = RunComparison(previous: previous, current: Self.snapshot([]))
    let markdown = hostile.markdown(old: "o.json", new: "n.json")
    #expect(markdown.contains(#"Since run ``x` ![t](https://t.example/p.gif) `\u001b\u202e``: 0"#), "\(markdown)")
    #expect(!markdown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
  }

  /// The lists an earlier report of any size fills, removed tests and new tests that pass, keep
  /// the first ``RunComparison/listCap``; the counts stay exact, every new test that fails is
  /// kept, and the reports say how many each list leaves out.
  @Test func removedAndPassingNewListsAreCappedWithExactCounts() throws {
    let cap = RunComparison.listCap
    let before = Self.snapshot(
      [("leeep.fid", "kept", .failed)] + (0..<(cap + 7)).map { ("leeep.fid", "old.\($0)", .passed) })
    let after = Self.snapshot(
      [("leeep.fid", "kept", .passed)] + (0..<(cap + 3)).map { ("leeep.fid", "new.\($0)", .passed) }
        + [("leeep.fid", "late.a", .failed), ("leeep.fid", "late.b", .failed)], runID: "r2")
    let comparison = RunComparison(previous: before, current: after)
    #expect(comparison.count(.removed) == cap + 7)
    #expect(ids(comparison, .removed) == (0..<cap).map { "old.\($0)" })
    #expect(comparison.leftOut(.removed) == 7)
    #expect(comparison.count(.new) == cap + 5)
    #expect(ids(comparison, .new) == (0..<cap).map { "new.\($0)" } + ["late.a", "late.b"])
    #expect(comparison.leftOut(.new) == 3)
    #expect(comparison.regressions == 2)
    #expect(comparison.count(.fixed) == 1 && comparison.leftOut(.fixed) == 0)
    #expect(
      comparison.line
        == "since 2026-01-01 00:00:00 UTC: 0 new failures, 1 fixed, 0 still failing, \(cap + 5) new, \(cap + 7) removed"
    )
    let json = try #require(comparison.json.objectValue)
    #expect(json["leftOut"] == ["new": 3, "removed": 7])
    #expect(json["counts"]?.objectValue?["removed"] == .number(JSONNumber(cap + 7)))
    #expect(json["removed"]?.arrayValue?.count == cap)
    let document = try JSONParser().parse(Array(comparison.documentText(old: "o.json", new: "n.json").utf8))
    #expect(document.objectValue?["leftOut"] == ["new": 3, "removed": 7])
    #expect(document.objectValue?["new"]?.arrayValue?.count == cap + 2)
    // Nothing left out, no `leftOut`.
    let small = RunComparison(previous: Self.snapshot([("leeep.fid", "a", .passed)]), current: Self.snapshot([]))
    #expect(small.json.objectValue?["leftOut"] == nil)
    #expect(small.count(.removed) == 1)
  }

  @Test func aReportIsReadBackWithItsFailures() throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let path = try folder.write(
      "old.json",
      report(
        results: #"[{"implementation": "sdk", "suite": "leeep.fid", "passed": ["a"], "failed": ["b"], "skipped": []}]"#,
        extra:
          #""failures": [{"kind": "errored", "file": "V/f.json", "suite": "leeep.fid", "id": "b", "error": "boom"}], "#)
    )
    let snapshot = try RunSnapshot.read(report: path)
    #expect(snapshot.results.count == 2)
    #expect(snapshot.failingTests.count == 1 && snapshot.failingTests.contains("sdk", "leeep.fid", "b"))
    #expect(snapshot.failures[RunSnapshot.key("sdk", "leeep.fid", "b")]?.message == "boom")
    #expect(snapshot.source == "report \(path)")
    // The earlier side of a comparison checks them, and keeps none.
    #expect(try RunSnapshot.read(report: path, keepsFailures: false).failures.isEmpty)
    let bad = try folder.write(
      "bad.json",
      report(
        results: #"[{"implementation": "sdk", "suite": "leeep.fid", "passed": ["a"], "failed": ["b"], "skipped": []}]"#,
        extra: #""failures": [{"kind": "errored", "suite": "leeep.fid"}], "#))
    #expect(
      throws: PreviousRunError(
        path: bad, reason: "not a conformance-report/1 JSON report: a `failures` entry without its suite, id or kind")
    ) { try RunSnapshot.read(report: bad, keepsFailures: false) }
  }

  @Test(arguments: [
    ("[1, 2]", "`results` is not a list of {implementation, suite, passed, failed, skipped} with test ids"),
    (
      #"[{"implementation": "sdk", "suite": "leeep.fid", "passed": ["../../etc"], "failed": [], "skipped": []}]"#,
      "`results` is not a list of {implementation, suite, passed, failed, skipped} with test ids"
    ),
    (
      #"[{"implementation": "sdk", "suite": "leeep.fid", "passed": ["a"], "failed": ["a"], "skipped": []}]"#,
      "`results` lists leeep.fid a of sdk twice"
    ),
  ])
  func aReportWithBadResultsIsRefusedNamingTheFile(results: String, reason: String) throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let path = try folder.write("old.json", report(results: results))
    #expect(throws: PreviousRunError(path: path, reason: "not a conformance-report/1 JSON report: \(reason)")) {
      try RunSnapshot.read(report: path)
    }
  }

  /// An earlier report's tests are read again from its bytes when compared, not kept as an
  /// index: the comparison is the one of the run it describes, in the order it lists its
  /// tests, whichever order each group's keys come in.
  @Test func aReportReadBackComparesAsTheRunItDescribes() throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let results = """
      [{"failed": ["b"], "implementation": "sdk", "passed": ["a", "k"], "suite": "leeep.fid", "skipped": ["c"]},
       {"implementation": "sdk", "suite": "leeep.user_id", "passed": ["a"], "failed": ["f"], "skipped": []},
       {"suite": "leeep.fid", "implementation": "sdk", "passed": ["z"], "failed": ["w"], "skipped": []}]
      """
    let path = try folder.write("old.json", report(results: results))
    let read = try RunSnapshot.read(report: path)
    #expect(read.reportResults?.count == 8)
    let inMemory = Self.snapshot([
      ("leeep.fid", "b", .failed), ("leeep.fid", "a", .passed), ("leeep.fid", "k", .passed),
      ("leeep.fid", "c", .skipped), ("leeep.user_id", "a", .passed), ("leeep.user_id", "f", .failed),
      ("leeep.fid", "z", .passed), ("leeep.fid", "w", .failed),
    ])
    #expect(read.results.groups.map(\.ids) == [["b", "a", "k", "c"], ["a", "f"], ["z", "w"]])
    #expect(
      read.results.groups.map(\.states) == [
        [.failed, .passed, .passed, .skipped], [.passed, .failed], [.passed, .failed],
      ])
    let after = Self.snapshot(
      [("leeep.fid", "a", .failed), ("leeep.fid", "b", .passed), ("leeep.user_id", "f", .failed)], runID: "r2")
    for before in [read, inMemory] {
      let comparison = RunComparison(previous: before, current: after)
      #expect(ids(comparison, .newFailures) == ["a"])
      #expect(ids(comparison, .fixed) == ["b"])
      #expect(ids(comparison, .stillFailing) == ["f"])
      #expect(ids(comparison, .removed) == ["k", "c", "a", "z", "w"])
      #expect(
        comparison.entries(.removed).map(\.suite) == [
          "leeep.fid", "leeep.fid", "leeep.user_id", "leeep.fid", "leeep.fid",
        ])
      #expect(comparison.entries(.removed).map(\.state) == [.passed, .skipped, .passed, .passed, .failed])
    }
    let failing = read.failingTests
    #expect(failing.count == 3)
    #expect(failing.contains("sdk", "leeep.fid", "b") && failing.contains("sdk", "leeep.user_id", "f"))
    #expect(failing.contains("sdk", "leeep.fid", "w"))
    #expect(!failing.contains("sdk", "leeep.fid", "f") && !failing.contains("other", "leeep.fid", "b"))
  }

  /// A test listed twice is found wherever the second listing is: in another group of the same
  /// implementation and suite, among many tests; it is named at its second listing, after the
  /// report's other problems, as before.
  @Test func aTestListedTwiceIsFoundAcrossGroups() throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let many = (0..<5_000).map { "\"t.\($0)\"" }.joined(separator: ", ")
    let results = """
      [{"implementation": "sdk", "suite": "leeep.fid", "passed": [\(many)], "failed": ["x"], "skipped": []},
       {"implementation": "other", "suite": "leeep.fid", "passed": ["x", "y"], "failed": [], "skipped": []},
       {"implementation": "sdk", "suite": "leeep.user_id", "passed": ["x", "t.7"], "failed": [], "skipped": []},
       {"implementation": "sdk", "suite": "leeep.fid", "passed": ["y"], "failed": [], "skipped": ["t.4999", "t.3"]}]
      """
    let path = try folder.write("old.json", report(results: results))
    #expect(
      throws: PreviousRunError(
        path: path, reason: "not a conformance-report/1 JSON report: `results` lists leeep.fid t.4999 of sdk twice")
    ) { try RunSnapshot.read(report: path) }
    let badID = try folder.write(
      "bad-id.json", report(results: results).replacingOccurrences(of: "0123456789abcdef0123", with: "zz"))
    #expect(
      throws: PreviousRunError(
        path: badID, reason: "not a conformance-report/1 JSON report: runId is not 32 hex digits")
    ) { try RunSnapshot.read(report: badID) }
    // The newer side of `diff` is checked by the comparison.
    let newer = try RunSnapshot.read(report: path, checksKeys: false)
    let comparison = RunComparison(previous: Self.snapshot([]), current: newer)
    #expect(comparison.currentDuplicate == "`results` lists leeep.fid t.4999 of sdk twice")
  }

  /// A group naming its implementation twice is not JSON to the strict parser: it is refused
  /// (it was read with the last name before, its tests counted as that implementation's).
  @Test func aGroupNamingItsImplementationTwiceIsRefused() throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let results =
      #"[{"implementation": "sdk", "passed": ["a"], "implementation": "other", "suite": "leeep.fid", "failed": [], "skipped": []}]"#
    let path = try folder.write("old.json", report(results: results))
    #expect(
      throws: PreviousRunError(
        path: path,
        reason:
          "not a conformance-report/1 JSON report: `results` is not a list of {implementation, suite, passed, failed, skipped} with test ids"
      )
    ) { try RunSnapshot.read(report: path) }
  }

  @Test func otherFilesAreRefusedSayingWhy() throws {
    let folder = try TemporaryFolder("previous")
    defer { folder.remove() }
    let notJSON = try folder.write("junit.xml", "<testsuites/>")
    #expect(
      throws: PreviousRunError(
        path: notJSON, reason: "invalid JSON: line 1, column 1: unexpected character '<', expected a value")
    ) {
      try RunSnapshot.read(report: notJSON)
    }
    let other = try folder.write("other.json", #"{"format": "conformance-list/1", "results": []}"#)
    #expect(
      throws: PreviousRunError(
        path: other, reason: #"not a conformance-report/1 JSON report: no "format": "conformance-report/1""#)
    ) {
      try RunSnapshot.read(report: other)
    }
    let old = try folder.write("old.json", #"{"format": "conformance-report/1", "implementation": "sdk"}"#)
    #expect(
      throws: PreviousRunError(
        path: old,
        reason:
          "a conformance-report/1 report without `results` (the state of every test), written by an older conformance: run it again with this version to compare against it"
      )
    ) { try RunSnapshot.read(report: old) }
    let big = try folder.write("big.json", report(results: "[]") + String(repeating: " ", count: 2000))
    #expect(throws: PreviousRunError.self) { try RunSnapshot.read(report: big, maxFileSize: 1000) }
    do {
      _ = try RunSnapshot.read(report: big, maxFileSize: 1000)
    } catch {
      #expect(error.description.hasPrefix("\(big): cannot read: "))
    }
    #expect(throws: PreviousRunError.self) { try RunSnapshot.read(report: folder.path) }
  }

  // MARK: - History

  static func entry(_ number: Int) -> RunHistory.Entry {
    var counts = Counts()
    counts.passed = number
    counts.failed = 1
    return RunHistory.Entry(
      runID: String(repeating: "0", count: 31) + String(number % 10), time: "2026-01-01T00:00:0\(number % 10)Z",
      status: "failed", corpusDigest: String(repeating: "c", count: 64), corpusFiles: 2, selection: Selection(),
      implementations: [
        .init(name: "sdk", suites: [.init(suite: "leeep.fid", counts: counts, failing: ["bad.\(number)"])])
      ])
  }

  @Test func aHistoryKeepsTheLastFiftyRunsAndOnlyTheNewestResults() throws {
    let folder = try TemporaryFolder("history")
    defer { folder.remove() }
    var history = try RunHistory.load(folder: folder.path + "/h")
    #expect(history.entries.isEmpty)
    #expect(history.latestSnapshot == nil)
    for number in 1...52 {
      var results = ResultIndex()
      results.add(implementation: "sdk", suite: "leeep.fid", id: "bad.\(number)", state: .failed)
      history = history.appending(Self.entry(number), results: results)
      try ReportFileWriter.writeAtomically(history.text, to: history.path)
      history = try RunHistory.load(folder: folder.path + "/h")
    }
    #expect(history.entries.count == 50)
    #expect(history.entries.first?.implementations.first?.passed == 3)
    let text = try folder.read("h/history.json")
    #expect(text.components(separatedBy: "\"results\"").count == 2)
    let latest = try #require(history.latestSnapshot)
    #expect(latest.failingTests.count == 1 && latest.failingTests.contains("sdk", "leeep.fid", "bad.52"))
    #expect(latest.source == "history \(folder.path)/h/history.json")
    // The CI number is kept and read back for the comparison's label.
    var numbered = Self.entry(53)
    numbered.ciBuild = CIBuild(label: "GitLab pipeline #1234")
    history = history.appending(numbered, results: ResultIndex())
    try ReportFileWriter.writeAtomically(history.text, to: history.path)
    history = try RunHistory.load(folder: folder.path + "/h")
    #expect(history.latestSnapshot?.ciBuild?.label == "GitLab pipeline #1234")
  }

  /// The newest run's tests are read again when compared: a history that lists one twice is
  /// refused when read, naming it; one that lists each once compares as the run it recorded.
  @Test func aHistoryListingATestTwiceIsRefused() throws {
    let folder = try TemporaryFolder("history")
    defer { folder.remove() }
    var results = ResultIndex()
    results.add(implementation: "sdk", suite: "leeep.fid", id: "dup.1", state: .passed)
    results.add(implementation: "sdk", suite: "leeep.fid", id: "dup.2", state: .failed)
    let history = RunHistory(path: RunHistory.path(folder: folder.path + "/h")).appending(
      Self.entry(1), results: results)
    try ReportFileWriter.writeAtomically(history.text, to: history.path)
    let read = try #require(try RunHistory.load(folder: folder.path + "/h").latestSnapshot)
    let comparison = RunComparison(previous: read, current: Self.snapshot([("leeep.fid", "dup.1", .failed)]))
    #expect(ids(comparison, .newFailures) == ["dup.1"])
    #expect(ids(comparison, .removed) == ["dup.2"] && comparison.entries(.removed).first?.state == .failed)
    try ReportFileWriter.writeAtomically(
      history.text.replacingOccurrences(of: "dup.2", with: "dup.1"), to: history.path)
    #expect(
      throws: PreviousRunError(
        path: history.path,
        reason:
          "not a conformance-history/1 file (written by `conformance run --history`): `results` lists leeep.fid dup.1 of sdk twice"
      )
    ) { try RunHistory.load(folder: folder.path + "/h") }
  }

  @Test func aHistoryThatCannotBeReadIsAnErrorNamingIt() throws {
    let folder = try TemporaryFolder("history")
    defer { folder.remove() }
    let path = try folder.write("h/history.json", #"{"format": "conformance-history/1", "runs": [{"status": 1}]}"#)
    #expect(
      throws: PreviousRunError(
        path: path,
        reason: "not a conformance-history/1 file (written by `conformance run --history`): runs[0]: no status")
    ) { try RunHistory.load(folder: folder.path + "/h") }
    // A CI number that is not one the harness writes is refused, not shown.
    var entry = RunHistory.json(Self.entry(1)).objectValue!
    entry["ciBuild"] = "Evil CI #1"
    _ = try folder.write(
      "h/history.json",
      JSONSerializer.compact.string(from: ["format": "conformance-history/1", "runs": [.object(entry)]]))
    #expect(
      throws: PreviousRunError(
        path: path,
        reason:
          "not a conformance-history/1 file (written by `conformance run --history`): runs[0]: ciBuild is not a CI run number"
      )
    ) { try RunHistory.load(folder: folder.path + "/h") }
    _ = try folder.write("h/history.json", "{\"format\": \"conformance-history/1\", \"runs\": [")
    do {
      _ = try RunHistory.load(folder: folder.path + "/h")
      Issue.record("a truncated history was read")
    } catch {
      #expect(error.description.hasPrefix("\(path): invalid JSON: "))
    }
  }
}
