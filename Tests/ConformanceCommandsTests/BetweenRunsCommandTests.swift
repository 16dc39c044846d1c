import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// The command line of `--compare`, `--history`, `--fail-on` and `diff`: what is refused and how
/// it is said (the comparison itself: BetweenRunsTests, RunComparisonTests).
@Suite struct BetweenRunsCommandTests {
  func run(_ folder: TemporaryFolder, _ extra: [String]) -> (status: Int32, output: String, error: String) {
    conformance(
      ["run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml"] + extra)
  }

  @Test func threeRunsWithHistoryLeaveAHistoryOfThree() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID + ", " + failingFID))
    for number in 1...3 {
      let result = run(folder, ["--history", folder.path + "/history"])
      #expect(result.status == 1)
      #expect(result.output.contains("\nHistory: \(folder.path)/history/history.json\n"))
      // From the second run on, compared with the one before through the history.
      #expect(result.output.contains(" 0 new failures, 0 fixed, 1 still failing, 0 new, 0 removed\n") == (number > 1))
    }
    let history = try JSONParser().parse(try folder.read("history/history.json"))
    #expect(history.objectValue?["runs"]?.arrayValue?.count == 3)
    #expect(try folder.list("history") == ["history.json"])
  }

  @Test func aHistoryThatCannotBeReadStopsTheRunNamingIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let path = try folder.write("history/history.json", "{\"format\": \"conformance-history/1\", \"runs\": [1]}")
    let result = run(folder, ["--history", folder.path + "/history", "--report-json", folder.path + "/report.json"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --history \(path): not a conformance-history/1 file"))
    // Never silently restarted: the file is as it was, and the reports hold the error.
    #expect(try folder.read("history/history.json") == "{\"format\": \"conformance-history/1\", \"runs\": [1]}")
    #expect(try JSONParser().parse(try folder.read("report.json")).objectValue?["status"] == "load-error")
  }

  @Test func aCompareFileThatIsNotAReportStopsTheRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let result = run(folder, ["--compare", folder.path + "/missing.json"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --compare \(folder.path)/missing.json: cannot read: "))
  }

  @Test func failOnNeedsAnEarlierRunAndKnowsOneRule() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let alone = run(folder, ["--fail-on", "new-failures"])
    #expect(alone.status == 2)
    #expect(
      alone.error.hasPrefix(
        "conformance run: --fail-on new-failures needs an earlier run to compare with: give --compare PREVIOUS.json or --history DIR\n"
      ))
    let other = run(folder, ["--fail-on", "flaky", "--history", folder.path + "/h"])
    #expect(other.error.hasPrefix("conformance run: --fail-on takes new-failures, got 'flaky'\n"))
    let sharded = run(folder, ["--history", folder.path + "/h", "--shard", "1/2"])
    #expect(sharded.status == 2)
    #expect(sharded.error.hasPrefix("conformance run: --history records whole runs, and --shard 1/2 is a part of one"))
  }

  @Test func diffRefusesWhatIsNotAReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    #expect(run(folder, ["--report-json", folder.path + "/a.json"]).status == 0)
    let junit = conformance(["diff", folder.path + "/a.json", folder.path + "/junit.xml"])
    #expect(junit.status == 2)
    #expect(junit.error.hasPrefix("conformance diff: \(folder.path)/junit.xml: invalid JSON: line 1, column 1: "))
    let same = conformance([
      "diff", folder.path + "/a.json", folder.path + "/a.json", "--markdown", folder.path + "/d.md",
    ])
    #expect(same.status == 0)
    #expect(try folder.read("d.md").hasPrefix("## ✅ Conformance diff: 0 new failures, 0 fixed\n"))
    let one = conformance(["diff", folder.path + "/a.json"])
    #expect(one.status == 2)
    #expect(one.error.hasPrefix("conformance diff: needs two JSON reports, OLD.json and NEW.json\n"))
  }
}
