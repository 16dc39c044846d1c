import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `run --reruns N` against real adapters: Fixtures/flaky.py answers the tests the planted bug
/// breaks wrongly the first time only, Fixtures/planted_bug.py every time.
@Suite struct RerunTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  func adapter(_ fixture: String, environment: String = "") -> String {
    "CONFORMANCE=\(binary) \(environment)exec python3 \(fixtures)/\(fixture).py"
  }

  func run(
    _ fixture: String, _ extra: [String], folder: TemporaryFolder, environment: String = "", show: Int = 0
  ) -> (status: Int32, output: String, error: String) {
    conformance(
      [
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/junit.xml",
        "--report-json", folder.path + "/report.json", "--show-failures", "\(show)", "--adapter",
        adapter(fixture, environment: environment),
      ] + extra)
  }

  func validJSONReport(_ folder: TemporaryFolder) throws -> JSONObject {
    let report = try JSONParser().parse(try folder.read("report.json"))
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(report) == [])
    return try #require(report.objectValue)
  }

  @Test func aFlakyAdapterPassesWithReruns() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let changed = try SeveralImplementationsTests().changedByTheBug()
    #expect(changed.count == 18)
    let result = run(
      "flaky", ["--reruns", "2", "--jobs", "2"], folder: folder, environment: "FLAKY_STATE=\(folder.path) ", show: 1)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("\n745 passed (18 flaky), 0 failed\n"))
    #expect(result.output.contains("\n18 flaky tests (failed, then passed on a rerun; counted as passed):\n"))
    #expect(
      result.output.contains(
        "FLAKY leeep.fid length.23 (\(packageRoot())/Vectors/leeep.fid/length.json): passed on try 2 of 2\n  try 1: result: expected reject, got accept\n"
      ))
    #expect(result.output.contains("\n… and 17 more flaky tests not shown (the JSON report lists them all)\n"))

    // JUnit: each flaky test passes and holds one <flakyFailure> with the wrong answer.
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.count("//testcase/failure") == 0)
    #expect(junit.count("//testcase/flakyFailure") == 18)
    #expect(Set(junit.strings("//testcase[flakyFailure]/@name")) == changed)
    #expect(junit.count("//testcase[count(flakyFailure) != 1][flakyFailure]") == 0)
    #expect(junit.strings("//flakyFailure/@type") == Array(repeating: "mismatch", count: 18))
    #expect(
      junit.string("//testcase[@name='length.23']/flakyFailure/stackTrace")?.contains(
        #"actual: {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0A"}"#) == true)
    #expect(
      junit.string("//testcase[@name='length.23']/flakyFailure/system-err")
        == "flaky: answering 'cAbCdEfGhIjKlMnOpQr_-0A' wrong this once\n")
    #expect(
      junit.validationErrors(schemaPath: packageRoot() + "/Tests/ConformanceReportsTests/Fixtures/junit.xsd") == [])

    // JSON: every flaky test with both tries' answers.
    let report = try validJSONReport(folder)
    #expect(report["status"] == "passed")
    #expect(report["totals"]?.objectValue?["flaky"] == .number(JSONNumber(18)))
    let flaky = try #require(report["flaky"]?.arrayValue)
    #expect(Set(flaky.compactMap { $0.objectValue?["id"]?.stringValue }) == changed)
    let tries = try #require(flaky.first?.objectValue?["tries"]?.arrayValue)
    #expect(tries.compactMap { $0.objectValue?["outcome"]?.stringValue } == ["failed", "passed"])
    #expect(tries[0].objectValue?["actual"]?.objectValue?["result"] == "accept")
    #expect(tries[1].objectValue?["actual"]?.objectValue?["result"] == "reject")
  }

  @Test func failOnFlakyFailsTheRun() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("flaky", ["--reruns", "1", "--fail-on-flaky"], folder: folder)
    #expect(result.status == 1)
    #expect(result.output.contains("\n745 passed (18 flaky), 0 failed\n"))
    #expect(try validJSONReport(folder)["status"] == "failed")
  }

  @Test func anAlwaysWrongAdapterKeepsItsFailuresWithARerunFailurePerRerun() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let changed = try SeveralImplementationsTests().changedByTheBug()
    let result = run("planted_bug", ["--reruns", "2"], folder: folder)
    #expect(result.status == 1)
    #expect(result.output.contains("\n727 passed, 18 failed\n"))
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(Set(junit.strings("//testcase[failure]/@name")) == changed)
    #expect(junit.count("//testcase[failure][count(rerunFailure) = 2]") == 18)
    #expect(junit.count("//flakyFailure") == 0)
    #expect(
      junit.string("//testcase[@name='length.23']/rerunFailure[2]/stackTrace")?.hasPrefix("try 3 of 3\n") == true)
    #expect(
      junit.validationErrors(schemaPath: packageRoot() + "/Tests/ConformanceReportsTests/Fixtures/junit.xsd") == [])
    let report = try validJSONReport(folder)
    #expect(report["flaky"]?.arrayValue?.isEmpty == true)
    let failure = try #require(report["failures"]?.arrayValue?.first?.objectValue)
    #expect(
      failure["tries"]?.arrayValue?.compactMap { $0.objectValue?["outcome"]?.stringValue } == [
        "failed", "failed", "failed",
      ])
  }

  @Test func theStrictFlavourDescribesTheTriesInSystemOut() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("flaky", ["--reruns", "2", "--junit-flavour", "strict"], folder: folder)
    #expect(result.status == 0)
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.count("//flakyFailure | //rerunFailure | //flakyError | //rerunError") == 0)
    #expect(
      junit.string("//testcase[@name='length.23']/system-out")
        == "--reruns: passed on try 2 of 2 (flaky)\ntry 1: mismatch: result: expected reject, got accept; actual: {\"result\": \"accept\", \"output\": \"cAbCdEfGhIjKlMnOpQr_-0A\"}\n"
    )
    #expect(
      junit.validationErrors(schemaPath: packageRoot() + "/Tests/ConformanceReportsTests/Fixtures/junit-10.xsd") == [])
  }

  /// `conformance merge` (the project's own JUnit reader) takes a report with rerun elements and
  /// keeps them; junitparser, when installed, reads it too.
  @Test func theRerunElementsSurviveMergeAndJunitparser() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("flaky", ["--reruns", "2", "--shard", "1/1"], folder: folder)
    #expect(result.status == 0)
    let merged = conformance(["merge", folder.path + "/merged.xml", folder.path + "/junit.xml"])
    #expect(merged.status == 0, "\(merged.error)")
    let junit = try XMLReadBack(path: folder.path + "/merged.xml")
    #expect(junit.count("//testcase/flakyFailure/stackTrace") == 18)
    let script = """
      import sys
      from junitparser import JUnitXml
      cases = [case for suite in JUnitXml.fromfile(sys.argv[1]) for case in suite]
      print(len(cases), sum(1 for case in cases if case.is_passed), sum(1 for case in cases if not case.is_passed))
      """
    let python = runProcess(["python3", "-c", script, folder.path + "/junit.xml"])
    #expect(python.status == 0, "junitparser (pip install junitparser): \(python.error)")
    #expect(python.output == "745 745 0\n")
  }

  /// `conformance merge --json` of shard reports of a run with --reruns keeps every shard's
  /// flaky tests, each with every try's answer, and counts them again.
  @Test func mergedShardReportsKeepTheFlakyTests() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let changed = try SeveralImplementationsTests().changedByTheBug()
    var shardFlaky: [Int] = []
    for shard in 1...2 {
      let result = conformance([
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--shard", "\(shard)/2", "--junit",
        folder.path + "/junit-\(shard).xml", "--report-json", folder.path + "/report-\(shard).json", "--reruns", "2",
        "--show-failures", "0", "--adapter", adapter("flaky", environment: "FLAKY_STATE=\(folder.path) "),
      ])
      #expect(result.status == 0, "\(result.output)\(result.error)")
      let report = try JSONParser().parse(try folder.read("report-\(shard).json"))
      shardFlaky.append(report.objectValue?["flaky"]?.arrayValue?.count ?? -1)
    }
    // Both shards hold some of them, so the merge has lists to put together.
    #expect(shardFlaky.allSatisfy { $0 > 0 } && shardFlaky.reduce(0, +) == 18, "\(shardFlaky)")
    let merged = conformance([
      "merge", "--json", folder.path + "/merged.json", folder.path + "/report-1.json", folder.path + "/report-2.json",
    ])
    #expect(merged.status == 0, "\(merged.error)")
    let value = try JSONParser().parse(try folder.read("merged.json"))
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(value) == [])
    let report = try #require(value.objectValue)
    #expect(report["reruns"] == .number(JSONNumber(2)))
    #expect(report["totals"]?.objectValue?["flaky"] == .number(JSONNumber(18)))
    let flakyList = report["flaky"]?.arrayValue?.compactMap(\.objectValue)
    let flaky = try #require(flakyList)
    #expect(Set(flaky.compactMap { $0["id"]?.stringValue }) == changed)
    #expect(flaky.count == 18)
    for entry in flaky {
      let tries = entry["tries"]?.arrayValue?.compactMap(\.objectValue) ?? []
      #expect(tries.compactMap { $0["outcome"]?.stringValue } == ["failed", "passed"], "\(entry)")
      #expect(tries.allSatisfy { $0["actual"] != nil })
    }
    // In file order, then by id, as failures are.
    let places = flaky.map { ($0["path"]?.stringValue ?? "") + "\u{0}" + ($0["id"]?.stringValue ?? "") }
    #expect(places == places.sorted { utf8Precedes($0, $1) })
  }

  @Test func rerunsWithoutAnAdapterAreRefused() {
    let result = conformance(["run", "--reruns", "2"])
    #expect(result.status == 2)
    #expect(
      result.error.contains(
        "--reruns needs --adapter: the reference parsers are deterministic, so asking them again gives the same answer")
    )
    let flag = conformance(["run", "--fail-on-flaky"])
    #expect(flag.status == 2)
    #expect(flag.error.contains("--fail-on-flaky needs --reruns N"))
    let big = conformance(["run", "--reruns", "11", "--adapter", "true"])
    #expect(big.status == 2)
    #expect(big.error.contains("--reruns needs a whole number from 0 to 10, got '11'"))
  }
}

/// Runs a program and returns its exit status, standard output and standard error.
func runProcess(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  do {
    try process.run()
  } catch {
    return (127, "", "\(error)")
  }
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
  )
}
