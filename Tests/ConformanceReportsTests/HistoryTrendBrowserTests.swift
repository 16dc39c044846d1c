import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceReports

/// Three runs of one SDK with `--history`: the history holds three runs, and the third run's
/// HTML report, opened in headless Chromium, draws the trend and "Since the last run".
@Suite(.serialized) struct HistoryTrendBrowserTests {
  /// Accepts every FID as itself, except the inputs it was told to get wrong.
  struct Drifting: Implementation {
    let name = "sdk"
    let wrong: Set<String>
    func supports(suite: String) -> Bool { suite == "leeep.fid" }
    func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
      if let text = input.stringValue, wrong.contains(text) { return .reject(error: "invalid_fid", field: nil) }
      return .accept(output: input)
    }
  }

  /// Runs the six vectors with `wrong` answered wrongly, keeping the history in `folder/history`.
  static func run(_ wrong: Set<String>, in folder: TemporaryFolder, number: Int) throws -> RunReportData {
    let root = folder.path + "/vectors"
    var info = RunReportInfo(toolName: "conformance", toolVersion: "9.9.9", implementation: "sdk", roots: [root])
    info.runID = RunID.make()
    info.time = "2026-01-0\(number)T10:00:00Z"
    info.ciBuild = CIBuild.from(environment: ["GITLAB_CI": "true", "CI_PIPELINE_ID": "100\(number)"])
    let recorder = RunReportRecorder(info: info)
    let reports = RunReports(
      info: info,
      destinations: ReportDestinations(
        json: folder.path + "/run\(number).json", html: folder.path + "/run\(number).html"))
    let history = try RunHistory.load(folder: folder.path + "/history")
    reports.history = history
    reports.previous = history.latestSnapshot
    _ = try Runner(implementation: Drifting(wrong: wrong)).run(roots: [root], observers: [recorder, reports])
    return recorder.data!
  }

  @Test func threeRunsLeaveAHistoryOfThreeAndTheThirdReportDrawsTheTrend() throws {
    let chromium = try Chromium.find()
    let folder = try TemporaryFolder("history-trend")
    defer { folder.remove() }
    let tests = ["a", "b", "c", "d", "e", "f"].map { input in
      #"{"id": "fid.\#(input)", "input": "\#(input)", "expect": {"result": "accept", "output": "\#(input)"}}"#
    }
    try folder.write(
      "vectors/fid.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [\#(tests.joined(separator: ", "))]}"#
    )
    _ = try Self.run([], in: folder, number: 1)
    let second = try Self.run(["c", "d"], in: folder, number: 2)
    _ = try Self.run(["d", "e"], in: folder, number: 3)

    let history = try JSONParser().parse(try folder.read("history/history.json"))
    let runs = try #require(history.objectValue?["runs"]?.arrayValue)
    #expect(runs.count == 3)
    #expect(runs.map { $0.objectValue?["status"] } == ["passed", "failed", "failed"])
    // Only the newest run keeps every test's state.
    #expect(runs.map { $0.objectValue?["results"] != nil } == [false, false, true])

    // The third report, compared with the second through the history.
    let report = try JSONParser().parse(try folder.read("run3.json"))
    let comparison = try #require(report.objectValue?["comparison"]?.objectValue)
    #expect(comparison["counts"] == ["newFailures": 1, "fixed": 1, "stillFailing": 1, "new": 0, "removed": 0])
    #expect(comparison["previous"]?.objectValue?["runId"]?.stringValue == second.info.runID)

    let url = HTMLReportBrowserTests.fileURL(folder.path + "/run3.html")
    let dom = DumpedDOM(try chromium.dumpDOM(url))
    #expect(dom.all("body").first?.attributes["data-since-rendered"] == "true", "the comparison script did not run")
    let figures = dom.all("figure", where: { $0.attributes["class"] == "trend" })
    #expect(figures.map { $0.attributes["data-implementation"] } == ["sdk"])
    #expect(figures.first?.attributes["data-runs"] == "3")
    let charts = dom.all("svg")
    #expect(charts.map { $0.attributes["data-series"] } == ["passed", "failed"])
    #expect(charts.map { $0.attributes["data-values"] } == ["6 4 4", "0 2 2"])
    // Each axis spans its series and a margin of a tenth of the span (at least 1), not 0 to the
    // largest value: the fall from 6 to 4 passed fills the chart.
    #expect(charts.map { $0.attributes["data-axis"] } == ["3 7", "0 3"])
    #expect(dom.all("circle").map { $0.attributes["data-value"] } == ["6", "4", "4", "0", "2", "2"])
    // Each point is named for people: the run's time and CI number.
    #expect(
      dom.all("title").filter { $0.text.hasSuffix(" passed") }.map(\.text) == [
        "2026-01-01 10:00:00 UTC (GitLab pipeline #1001): 6 passed",
        "2026-01-02 10:00:00 UTC (GitLab pipeline #1002): 4 passed",
        "2026-01-03 10:00:00 UTC (GitLab pipeline #1003): 4 passed",
      ])
    #expect(dom.all("polyline").count == 2)

    let line = dom.all("p", where: { $0.attributes["id"] == "since-line" }).first?.text
    #expect(
      line
        == "Since the run of 2026-01-02 10:00:00 UTC (GitLab pipeline #1002): 1 new failures, 1 fixed, 1 still failing, 0 new, 0 removed"
    )
    #expect(dom.all("section", where: { $0.attributes["id"] == "since-section" }).first?.attributes["hidden"] == nil)
    // The filter shows one list at a time, new failures first.
    #expect(
      dom.all("button", where: { $0.attributes["data-category"] != nil }).map(\.text) == [
        "new failures (1)", "fixed (1)", "still failing (1)", "new (0)", "removed (0)",
      ])
    #expect(
      dom.all("div", where: { $0.attributes["data-category"] != nil }).map { $0.attributes["data-id"] } == ["fid.e"])
    // The Failures list marks the new one and shows it first, as the console does.
    #expect(
      dom.all("article").map { ($0.attributes["data-id"] ?? "") + ":" + ($0.attributes["data-since"] ?? "old") } == [
        "fid.e:new", "fid.d:old",
      ])
    let fixed = DumpedDOM(try chromium.dumpDOM(url + "#since=fixed"))
    #expect(
      fixed.all("div", where: { $0.attributes["data-category"] != nil }).map { $0.attributes["data-id"] } == ["fid.c"])
    // The page's filter box narrows the list too.
    let filtered = DumpedDOM(try chromium.dumpDOM(url + "#filter=nothing-matches"))
    #expect(
      filtered.all("div", where: { $0.attributes["id"] == "since-list" }).first?.attributes["data-matching"] == "0")
  }
  /// The page's hash picks the list to show; a name Object.prototype has (`constructor`) is not
  /// one, and the page shows its default list instead of failing. A list the report caps
  /// (removed tests) says how many it leaves out.
  @Test func theSinceHashFindsOnlyListsAndACappedListSaysWhatItLeavesOut() throws {
    let chromium = try Chromium.find()
    let folder = try TemporaryFolder("history-hash")
    defer { folder.remove() }
    func write(_ inputs: [String]) throws {
      let tests = inputs.map { input in
        #"{"id": "fid.\#(input)", "input": "\#(input)", "expect": {"result": "accept", "output": "\#(input)"}}"#
      }
      try folder.write(
        "vectors/fid.json",
        #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [\#(tests.joined(separator: ", "))]}"#
      )
    }
    let six = ["a", "b", "c", "d", "e", "f"]
    let removed = RunComparison.listCap + 4
    try write(six + (0..<removed).map { "n\($0)" })
    _ = try Self.run([], in: folder, number: 1)
    try write(six)
    _ = try Self.run(["c", "d"], in: folder, number: 2)
    let url = HTMLReportBrowserTests.fileURL(folder.path + "/run2.html")

    for hash in ["#since=constructor", "#since=toString", "#since=hasOwnProperty"] {
      let dom = DumpedDOM(try chromium.dumpDOM(url + hash))
      #expect(dom.all("body").first?.attributes["data-since-rendered"] == "true", "\(hash): the script failed")
      #expect(
        dom.all("div", where: { $0.attributes["data-category"] != nil }).map { $0.attributes["data-id"] } == [
          "fid.c", "fid.d",
        ])
    }
    let dom = DumpedDOM(try chromium.dumpDOM(url + "#since=removed"))
    #expect(
      dom.all("button", where: { $0.attributes["data-category"] == "removed" }).map(\.text) == ["removed (\(removed))"])
    #expect(dom.all("div", where: { $0.attributes["id"] == "since-list" }).first?.attributes["data-matching"] == "1000")
    #expect(
      dom.all("p", where: { $0.attributes["class"] == "more left-out" }).map(\.text) == [
        "… and 4 more, not listed in this report (counted above)."
      ])
  }
}
