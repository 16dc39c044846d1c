import ConformanceCommands
import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Between runs, nothing keeps an earlier green report: every exit-2 path replaces each report
/// that can be written, and a killed run's temporary files are removed by the next run.
@Suite struct ReportsSurviveTests {
  func json(_ path: String) throws -> JSONObject {
    try #require(try JSONParser().parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8)).objectValue)
  }

  /// The four reports of `folder`, green from an earlier run.
  func writeGreenReports(_ folder: TemporaryFolder) throws -> [String] {
    try folder.write("v/good.json", fidFile(passingFID))
    let reports = [
      "--junit", folder.path + "/r/junit.xml", "--report-json", folder.path + "/r/report.json", "--summary-md",
      folder.path + "/r/summary.md", "--report-html", folder.path + "/r/report.html",
    ]
    #expect(conformance(["run", "--vectors", folder.path + "/v"] + reports).status == 0)
    #expect(try folder.read("r/summary.md").contains("## ✅"))
    return reports
  }

  @Test func aDestinationThatCannotBeWrittenLeavesNoOtherReportGreen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.path + "/folder-history/history.json", withIntermediateDirectories: true)
    try folder.write("file-history", "")
    try FileManager.default.createDirectory(atPath: folder.path + "/fifo-history", withIntermediateDirectories: true)
    #expect(mkfifo(folder.path + "/fifo-history/history.json", 0o600) == 0)
    try folder.write("other-tool/results.xml", "<testsuite/>")
    try FileManager.default.createDirectory(atPath: folder.path + "/a-folder", withIntermediateDirectories: true)
    let cases: [([String], String)] = [
      (
        ["--history", folder.path + "/folder-history"],
        "--history \(folder.path)/folder-history/history.json: is a folder"
      ),
      (
        ["--history", folder.path + "/file-history"],
        "--history \(folder.path)/file-history/history.json: cannot create folder \(folder.path)/file-history: a file is in the way"
      ),
      (
        ["--history", folder.path + "/fifo-history"],
        "--history \(folder.path)/fifo-history/history.json: a FIFO with no reader"
      ),
      (
        ["--allure-results", folder.path + "/other-tool"],
        "--allure-results \(folder.path)/other-tool: holds \"results.xml\", which conformance did not write"
      ),
      (
        ["--allure-results", folder.path + "/file-history"],
        "--allure-results \(folder.path)/file-history: not a folder"
      ),
      (
        ["--write-expectations", folder.path + "/a-folder"], "--write-expectations \(folder.path)/a-folder: is a folder"
      ),
    ]
    for (arguments, message) in cases {
      let reports = try writeGreenReports(folder)
      let result = conformance(["run", "--vectors", folder.path + "/v"] + arguments + reports)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.error.hasPrefix("conformance run: \(message)"), "\(arguments): \(result.error)")
      let junit = try XMLReadBack(path: folder.path + "/r/junit.xml")
      #expect(junit.string("/testsuites/@errors") == "1", "\(arguments)")
      #expect(junit.count("//testcase[not(error)]") == 0, "\(arguments)")
      #expect(junit.string("//testcase/error/@message")?.hasPrefix("the command line was refused: \(message)") == true)
      let report = try json(folder.path + "/r/report.json")
      #expect(report["status"]?.stringValue == "load-error", "\(arguments)")
      #expect(
        report["statusReason"]?.stringValue?.hasPrefix("the run could not start: the command line was refused: ")
          == true, "\(arguments)")
      #expect(try folder.read("r/summary.md").contains("## ❌ Conformance: the run could not start"), "\(arguments)")
      #expect(try !folder.read("r/report.html").contains("\"status\":\"passed\""), "\(arguments)")
    }
  }

  @Test func aReportNamingTheSameFileAsTheJUnitReportLeavesTheJUnitReportWithTheError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reports = try writeGreenReports(folder)
    let result = conformance(
      ["run", "--vectors", folder.path + "/v"] + reports.dropLast(2) + ["--report-html", folder.path + "/r/junit.xml"])
    #expect(result.status == 2)
    let message =
      "--report-html \(folder.path)/r/junit.xml: the same file as --junit \(folder.path)/r/junit.xml: each report needs its own file"
    #expect(result.error.hasPrefix("conformance run: \(message)\n"))
    // The JUnit report holds the error (not an HTML page), and so do the JSON and Markdown.
    let junit = try XMLReadBack(path: folder.path + "/r/junit.xml")
    #expect(junit.string("//testcase/error/@message") == "the command line was refused: \(message)")
    #expect(try json(folder.path + "/r/report.json")["status"]?.stringValue == "load-error")
    #expect(try folder.read("r/summary.md").contains("## ❌"))
  }

  @Test func aRunThatCouldNotStartDoesNotSayAVectorFileFailedToLoad() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reports = try writeGreenReports(folder)
    try folder.write("old.json", "{}")
    let cases: [([String], String)] = [
      (["--bogus"], "the command line was refused: unknown option --bogus"),
      (["--compare", folder.path + "/old.json"], "--compare \(folder.path)/old.json: "),
      (["--history", folder.path + "/h"], "--history \(folder.path)/h/history.json: "),
    ]
    try folder.write("h/history.json", "not a history")
    for (arguments, reason) in cases {
      let result = conformance(["run", "--vectors", folder.path + "/v"] + arguments + reports)
      #expect(result.status == 2, "\(arguments)")
      let report = try json(folder.path + "/r/report.json")
      let statusReason = try #require(report["statusReason"]?.stringValue)
      #expect(statusReason.hasPrefix("the run could not start: \(reason)"), "\(arguments): \(statusReason)")
      #expect(!statusReason.contains("vector file"), "\(arguments)")
      let markdown = try folder.read("r/summary.md")
      #expect(markdown.contains("## ❌ Conformance: the run could not start: "), "\(arguments)")
      #expect(!markdown.contains("not loaded"), "\(arguments)")
    }
  }

  @Test func aKilledRunsTemporaryFilesAreRemovedByTheNextRunButNotALiveRunsOrAnotherName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    // Just written, as a run killed a moment ago leaves them: no lock held, whatever their age.
    let stale = [
      ".junit.xml.body-a1B2c3.tmp", ".junit.xml.new-Z9y8X7.tmp", ".report.json.4242-123456.tmp",
      ".junit.xml.check-000000.tmp",
    ]
    for name in stale { try folder.write("r/" + name, String(repeating: "x", count: 1000)) }
    // Not this command's exact names, or another report's: left alone.
    let foreign = [
      ".junit.xml.body-abc.tmp", ".junit.xml.tmp", ".other.xml.new-a1B2c3.tmp", "junit.xml.new-a1B2c3.tmp",
    ]
    for name in foreign { try folder.write("r/" + name, "keep") }
    // A live run's: locked by its process.
    let live = try folder.write("r/.junit.xml.body-L1v3ab.tmp", "live")
    let descriptor = open(live, O_RDONLY | O_CLOEXEC)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/r/junit.xml", "--report-json",
      folder.path + "/r/report.json",
    ])
    #expect(result.status == 0)
    let left = Set(try folder.list("r"))
    for name in stale { #expect(!left.contains(name), "\(name)") }
    for name in foreign { #expect(left.contains(name), "\(name)") }
    #expect(left.contains(".junit.xml.body-L1v3ab.tmp"))
    #expect(left == Set(foreign + [".junit.xml.body-L1v3ab.tmp", "junit.xml", "report.json"]))
  }

  /// What every report written by a failing run must hold when `unwritten` (the reports that
  /// could not be written, their errors as said) did not take them along: this run, its one
  /// failure, and the errors, never the earlier green run.
  func expectFailingRunStatesTheErrors(
    _ folder: TemporaryFolder, _ result: (status: Int32, output: String, error: String), errors: [String],
    skipping: Set<String> = [], _ label: String
  ) throws {
    #expect(result.status == 2, "\(label)")
    #expect(result.error == errors.map { "conformance run: \($0)\n" }.joined(), "\(label): \(result.error)")
    // The console still shows the failure and the table, and lists only what was written.
    #expect(result.output.contains("FAIL leeep.fid wrong.expectation"), "\(label)")
    #expect(result.output.contains("leeep.fid       1       1       0        0"), "\(label)")
    #expect(result.output.hasSuffix("1 passed, 1 failed\n"), "\(label)")
    let junit = try XMLReadBack(path: folder.path + "/r/junit.xml")
    #expect(junit.string("//testcase[@name='wrong.expectation']/failure/@type") == "mismatch", "\(label)")
    #expect(
      junit.strings("//testcase[@classname='conformance.run']/error[@type='report-error']/@message") == errors,
      "\(label)")
    #expect(junit.string("/testsuites/@errors") == "\(errors.count)", "\(label)")
    if !skipping.contains("json") {
      let report = try json(folder.path + "/r/report.json")
      #expect(report["status"]?.stringValue == "report-error", "\(label)")
      #expect(report["exitStatus"]?.numberValue?.intValue == 2, "\(label)")
      #expect(report["reportErrors"]?.arrayValue?.compactMap(\.stringValue) == errors, "\(label)")
      #expect(report["totals"]?.objectValue?["failed"]?.numberValue?.intValue == 1, "\(label)")
      let schema = try JSONParser().parse(
        try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
      #expect(JSONSchemaValidator(schema: schema).validate(.object(report)) == [], "\(label)")
      #expect(result.output.contains("JSON report: \(folder.path)/r/report.json\n"), "\(label)")
    }
    if !skipping.contains("md") {
      let markdown = try folder.read("r/summary.md")
      #expect(
        markdown.hasPrefix(
          "## ❌ Conformance: 1 failed, \(errors.count) report\(errors.count == 1 ? "" : "s") not written; 1 passed\n"),
        "\(label): \(markdown)")
      #expect(markdown.contains("**Reports not written** (the run exits 2):"), "\(label)")
    }
    if !skipping.contains("html") {
      let html = try folder.read("r/report.html")
      #expect(html.contains("\"status\": \"report-error\""), "\(label)")
      #expect(html.contains("<div class=\"warning\" id=\"report-errors\">"), "\(label)")
    }
  }

  @Test func aReportOnAFullDiskLeavesEveryOtherReportWithThisRunAndTheError() throws {
    // /dev/full is written through (a character device), and every write gets ENOSPC.
    try #require(FileManager.default.fileExists(atPath: "/dev/full"))
    for (option, key) in [("--summary-md", "md"), ("--report-html", "html"), ("--report-json", "json")] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      var reports = try writeGreenReports(folder)
      try folder.write("v/bad.json", fidFile(failingFID))
      let index = try #require(reports.firstIndex(of: option))
      reports[index + 1] = "/dev/full"
      let result = conformance(["run", "--vectors", folder.path + "/v"] + reports)
      try expectFailingRunStatesTheErrors(
        folder, result, errors: ["cannot write /dev/full: No space left on device"], skipping: [key], option)
      #expect(!result.output.contains("/dev/full"), "\(option)")
    }
  }

  /// An adapter with a planted bug (it accepts every FID, so `wrong.expectation` fails) that, at
  /// its first request, runs `sabotage`: a destination going bad while the run runs.
  func plantedBugAdapter(_ folder: TemporaryFolder, sabotage: String) throws -> String {
    let adapter = try folder.write(
      "adapter.py",
      """
      import json, os, sys
      asked = 0
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "planted", "suites": ["leeep.fid"]}), flush=True)
              continue
          asked += 1
          if asked == 1:
              \(sabotage)
          print(json.dumps({"id": request["id"], "result": "accept", "output": request["input"]}), flush=True)
      """)
    return "exec python3 \(adapter)"
  }

  @Test func aHistoryOrAllureFolderThatCannotBeWrittenLeavesTheOtherReportsWithTheError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reports = try writeGreenReports(folder)
    try folder.write("v/bad.json", fidFile(failingFID))
    // The history was readable when the run started; by its end history.json leads to a device
    // (a full disk), which the run reads again under the history's lock before appending.
    #expect(conformance(["run", "--vectors", folder.path + "/v", "--history", folder.path + "/h"]).status == 1)
    let history = folder.path + "/h/history.json"
    var adapter = try plantedBugAdapter(
      folder,
      sabotage: "os.remove(\(String(reflecting: history))); os.symlink(\"/dev/full\", \(String(reflecting: history)))")
    var result = conformance(
      ["run", "--vectors", folder.path + "/v", "--adapter", adapter, "--history", folder.path + "/h"] + reports)
    try expectFailingRunStatesTheErrors(
      folder, result,
      errors: [
        "cannot write \(history): it changed during the run and can no longer be read: cannot read: a character device, not a regular file: not read"
      ], "--history")
    #expect(!result.output.contains("History:"))
    // Allure results: a file the harness did not write arrives in the folder during the run, so
    // the results cannot take its place.
    let allure = folder.path + "/allure"
    #expect(conformance(["run", "--vectors", folder.path + "/v", "--allure-results", allure]).status == 1)
    adapter = try plantedBugAdapter(
      folder, sabotage: "open(\(String(reflecting: allure + "/notes.txt")), \"w\").close()")
    result = conformance(
      ["run", "--vectors", folder.path + "/v", "--adapter", adapter, "--allure-results", allure] + reports)
    try expectFailingRunStatesTheErrors(
      folder, result,
      errors: ["cannot write \(allure): it now holds \"notes.txt\", which conformance did not write"],
      "--allure-results")
    #expect(!result.output.contains("Allure results:"))
  }

  /// Allure results that cannot take the folder's place (here their staging folder vanishes
  /// during the run) take the earlier run's results out of it, so Allure never shows that
  /// earlier, green run as the latest; Allure's history and the folder's marker stay.
  @Test func allureResultsThatCannotBeWrittenLeaveNoEarlierGreenResults() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reports = try writeGreenReports(folder)
    let allure = folder.path + "/allure"
    #expect(conformance(["run", "--vectors", folder.path + "/v", "--allure-results", allure]).status == 0)
    try FileManager.default.createDirectory(atPath: allure + "/history", withIntermediateDirectories: true)
    try folder.write("allure/history/history-trend.json", "[]")
    #expect(try folder.list("allure").contains { $0.hasSuffix("-result.json") })
    try folder.write("v/bad.json", fidFile(failingFID))
    let adapter = try plantedBugAdapter(
      folder,
      sabotage:
        "import glob, shutil; [shutil.rmtree(p) for p in glob.glob(\(String(reflecting: folder.path + "/.allure.allure-*.tmp")))]"
    )
    let result = conformance(
      ["run", "--vectors", folder.path + "/v", "--adapter", adapter, "--allure-results", allure] + reports)
    #expect(result.status == 2, "\(result.output)\(result.error)")
    #expect(result.error.hasPrefix("conformance run: cannot write "), "\(result.error)")
    #expect(result.output.contains("FAIL leeep.fid wrong.expectation"))
    let left = try folder.list("allure")
    #expect(Set(left) == [".conformance-allure-results", "history"], "\(left)\n\(result.error)")
    #expect(try folder.list("allure/history") == ["history-trend.json"])
  }
}
