import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// `conformance run` with `--report-json`, `--summary-md`, `--report-html` and `--expectations`.
@Suite struct RunReportsCommandTests {
  @Test func theShippedCorpusGivesReportsThatAgreeAndValidate() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let result = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--junit", out + "/junit.xml", "--report-json",
      out + "/json/report.json", "--summary-md", out + "/summary.md", "--report-html", out + "/html/report.html",
    ])
    #expect(result.status == 0, "\(result.output)\(result.error)")
    for line in [
      "JSON report: \(out)/json/report.json", "Markdown summary: \(out)/summary.md",
      "HTML report: \(out)/html/report.html",
    ] {
      #expect(result.output.contains("\n" + line + "\n"))
    }
    let report = try JSONParser().parse(try folder.read("out/json/report.json"))
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(report) == [])
    let totals = try #require(report.objectValue?["totals"]?.objectValue)
    #expect(report.objectValue?["status"] == "passed")
    #expect(totals["failed"] == 0)
    // The JUnit report of the same run counts the same tests.
    let junit = try XMLReadBack(path: out + "/junit.xml")
    #expect(junit.string("/testsuites/@tests").map { JSONValue.number(JSONNumber(literal: $0)!) } == totals["tests"])
    #expect(
      try folder.read("out/summary.md").hasPrefix(
        "## ✅ Conformance: \(totals["passed"]?.numberValue?.literal ?? "?") passed\n"))
    #expect(try folder.read("out/html/report.html").hasPrefix("<!DOCTYPE html>"))
    // Written atomically: nothing but the reports is left behind.
    #expect(try folder.list("out") == ["html", "json", "junit.xml", "summary.md"])
    #expect(try folder.list("out/json") == ["report.json"])
  }

  @Test func aListedFailureIsSkippedAndTheRunStaysGreen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID + ", " + failingFID))
    let list = try folder.write(
      "expected.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "wrong.*", "reason": "known gap"}]}"#
    )
    let result = conformance([
      "run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml", "--expectations", list,
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("\n1 passed, 0 failed, 1 expected failure\n"))
    #expect(
      result.output.contains(
        "suite      passed  failed  errors  xfailed  skipped\nleeep.fid       1       0       0        1        0\n"))
    // JUnit shows it as skipped with the reason and what the test did.
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(
      junit.string("//testcase[@name='wrong.expectation']/skipped/@message")
        == "expected failure (\(list) entries[0]); failed: result: expected reject, got accept")
    // The reason, once, in the run-level testsuite the message points to.
    #expect(
      junit.string("//testsuite[@name='expected-failures']/properties/property[@name='\(list) entries[0]']/@value")
        == "known gap")
    #expect(junit.string("//testsuite[@name='expected-failures']/@tests") == "0")
  }

  @Test func aListedTestThatPassesFailsTheRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let list = try folder.write(
      "expected.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "valid.c", "reason": "was broken"}]}"#
    )
    let result = conformance([
      "run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml", "--expectations", list,
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("UNEXPECTED PASS leeep.fid valid.c (\(folder.path)/vectors/fid.json)\n"))
    #expect(
      result.output.contains(
        "  differs:  unexpected pass: leeep.fid valid.c is listed as an expected failure (\(list) entries[0]) "
          + "but passed; remove the entry or narrow its id\n  reason:   was broken\n"))
    #expect(result.output.contains("\n0 passed, 1 failed\n"))
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("/testsuites/@failures") == "1")
  }

  @Test func aStaleEntryFailsTheRunAndIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let list = try folder.write(
      "expected.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "renamed.*", "reason": "old"}]}"#
    )
    let result = conformance([
      "run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml", "--expectations", list,
      "--report-json", folder.path + "/report.json",
    ])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "\nSTALE stale expected failure: \(list) entries[0] (suite leeep.fid, id \"renamed.*\") matches no test in "
          + "the loaded vectors; remove the entry or fix its suite or id\n"))
    #expect(result.output.contains("\n1 stale expected-failure entry\n"))
    #expect(result.output.contains("\n1 passed, 1 stale expected-failure entry\n"))
    let report = try JSONParser().parse(try folder.read("report.json"))
    #expect(report.objectValue?["status"] == "failed")
    #expect(report.objectValue?["exitStatus"] == 1)
    #expect(report.objectValue?["staleExpectations"]?.arrayValue?.count == 1)
    // The JUnit report fails too, for dashboards that read nothing else.
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("/testsuites/@tests") == "2")
    #expect(junit.string("/testsuites/@failures") == "1")
    #expect(junit.string("/testsuites/testsuite[@name='expectations']/testcase/failure/@type") == "stale-expectation")
    let xsd = packageRoot() + "/Tests/ConformanceReportsTests/Fixtures/junit.xsd"
    #expect(junit.validationErrors(schemaPath: xsd) == [])
  }

  @Test func aBrokenExpectationsFileIsAUsageErrorNamingThePlace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let list = try folder.write(
      "expected.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "x", "reasn": "typo"}]}"#)
    let result = conformance([
      "run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml", "--expectations", list,
    ])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "conformance run: --expectations \(list): entries[0]: unknown key \"reasn\" (did you mean \"reason\"?); "
          + "allowed: suite, id, reason, link, implementation\n"))
  }

  @Test func aReportThatCannotBeWrittenIsACommandLineErrorBeforeTheRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    try folder.write("blocker", "a file where a folder should be")
    let result = conformance([
      "run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml", "--summary-md",
      folder.path + "/blocker/summary.md",
    ])
    #expect(result.status == 2)
    #expect(
      result.error
        == "conformance run: --summary-md \(folder.path)/blocker/summary.md: cannot create folder \(folder.path)/blocker: "
        + "a file is in the way\nRun `conformance run --help` for usage.\n")
    // Checked before anything ran: no test ran, and the JUnit report, which can be written,
    // holds the error rather than nothing (or an earlier run).
    #expect(try folder.list() == ["blocker", "junit.xml", "vectors"])
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("/testsuites/@tests") == "1")
    #expect(
      junit.string("//testcase/error/@message")
        == "the command line was refused: --summary-md \(folder.path)/blocker/summary.md: cannot create folder \(folder.path)/blocker: a file is in the way"
    )
  }

  @Test func helpNamesTheReportOptions() {
    let help = conformance(["run", "--help"]).output
    for option in ["--report-json FILE", "--summary-md FILE", "--report-html FILE", "--expectations FILE"] {
      #expect(help.contains("  \(option) "))
    }
  }
}
