import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `run --compare`, `diff` and `--fail-on new-failures` on one SDK before and after a planted
/// bug: the same adapter name (`sdk`) once relaying the reference parsers faithfully
/// (Fixtures/faithful.py) and once with the bug (Fixtures/planted_bug.py accepts 23-character
/// strings the rule rejects as `invalid_fid`).
@Suite(.serialized) struct BetweenRunsTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  func sdk(_ fixture: String) -> String {
    "ADAPTER_NAME=sdk CONFORMANCE=\(binary) exec python3 \(fixtures)/\(fixture).py"
  }

  /// The shipped `leeep.fid` tests the bug breaks, found from the vectors and the rule alone.
  func brokenByTheBug() throws -> Set<String> {
    try SeveralImplementationsTests().changedByTheBug()
  }

  func run(_ fixture: String, in folder: TemporaryFolder, report: String, extra: [String] = []) -> (
    status: Int32, output: String, error: String
  ) {
    conformance(
      [
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/junit.xml",
        "--report-json", folder.path + "/" + report, "--adapter", sdk(fixture), "--show-failures", "100",
      ] + extra)
  }

  func ids(_ report: JSONValue, _ list: String) -> Set<String> {
    Set(
      report.objectValue?["comparison"]?.objectValue?[list]?.arrayValue?.compactMap {
        $0.objectValue?["id"]?.stringValue
      } ?? [])
  }

  @Test func aPlantedBugIsNewAgainstACleanRunAndFixedTheOtherWay() throws {
    try requireBinary()
    let folder = try TemporaryFolder("between-runs")
    defer { folder.remove() }
    let broken = try brokenByTheBug()
    try #require(broken.count > 5)

    let clean = run("faithful", in: folder, report: "clean.json")
    #expect(clean.status == 0, "\(clean.output)\(clean.error)")

    // The bug, compared with the clean run: exactly its failures are new.
    let buggy = run("planted_bug", in: folder, report: "bug.json", extra: ["--compare", folder.path + "/clean.json"])
    #expect(buggy.status == 1)
    let cleanReport = try JSONParser().parse(try folder.read("clean.json"))
    // The earlier run is named by its time (`YYYY-MM-DD HH:MM:SS UTC`), not its 32-hex run id.
    let cleanID = try #require(cleanReport.objectValue?["runId"]?.stringValue)
    let cleanTime = try #require(cleanReport.objectValue?["time"]?.stringValue)
    let cleanLabel = cleanTime.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    #expect(
      buggy.output.contains(
        "\nsince \(cleanLabel): \(broken.count) new failures, 0 fixed, 0 still failing, 0 new, 0 removed\n"))
    let bugReport = try JSONParser().parse(try folder.read("bug.json"))
    #expect(ids(bugReport, "newFailures") == broken)
    for list in ["fixed", "stillFailing", "new", "removed"] { #expect(ids(bugReport, list).isEmpty) }
    let comparison = try #require(bugReport.objectValue?["comparison"]?.objectValue)
    #expect(comparison["previous"]?.objectValue?["runId"]?.stringValue == cleanID)
    #expect(comparison["previous"]?.objectValue?["time"]?.stringValue == cleanReport.objectValue?["time"]?.stringValue)
    #expect(comparison["differences"] == [])
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(bugReport) == [])

    // The other way round: the same tests are fixed.
    let fixedRun = run("faithful", in: folder, report: "fixed.json", extra: ["--compare", folder.path + "/bug.json"])
    #expect(fixedRun.status == 0)
    let fixedReport = try JSONParser().parse(try folder.read("fixed.json"))
    #expect(ids(fixedReport, "fixed") == broken)
    for list in ["newFailures", "stillFailing", "new", "removed"] { #expect(ids(fixedReport, list).isEmpty) }

    // Offline, the same: exit 1 towards the bug, 0 away from it.
    let forward = conformance([
      "diff", folder.path + "/clean.json", folder.path + "/bug.json", "--json", folder.path + "/diff.json",
    ])
    #expect(forward.status == 1, "\(forward.output)\(forward.error)")
    #expect(
      forward.output.hasPrefix(
        "since \(cleanLabel): \(broken.count) new failures, 0 fixed, 0 still failing, 0 new, 0 removed\n"))
    let diff = try JSONParser().parse(try folder.read("diff.json"))
    #expect(
      Set(diff.objectValue?["newFailures"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue } ?? [])
        == broken)
    let backward = conformance(["diff", folder.path + "/bug.json", folder.path + "/clean.json"])
    #expect(backward.status == 0, "\(backward.output)\(backward.error)")
    #expect(backward.output.contains(" 0 new failures, \(broken.count) fixed, "))

    // The bug again, gated on regressions: every failure is an old one, so the run exits 0 …
    let gated = run(
      "planted_bug", in: folder, report: "again.json",
      extra: ["--compare", folder.path + "/bug.json", "--fail-on", "new-failures"])
    #expect(gated.status == 0, "\(gated.output)\(gated.error)")
    #expect(gated.output.contains(" 0 new failures, 0 fixed, \(broken.count) still failing, 0 new, 0 removed\n"))
    #expect(gated.output.contains("\n--fail-on new-failures: every failure is an old one, so the run exits 0\n"))
    // … and the reports still say the run failed.
    #expect(try JSONParser().parse(try folder.read("again.json")).objectValue?["status"] == "failed")
    // Gated against the clean run, the same failures are new: exit 1.
    let regressed = run(
      "planted_bug", in: folder, report: "regressed.json",
      extra: ["--compare", folder.path + "/clean.json", "--fail-on", "new-failures"])
    #expect(regressed.status == 1)
    // New failures print first, under their own heading.
    #expect(regressed.output.hasPrefix("new since the last run:\nFAIL "))
    #expect(!regressed.output.contains("failing before too:"))
  }
}
