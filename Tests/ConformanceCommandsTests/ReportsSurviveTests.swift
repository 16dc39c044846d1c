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
}
