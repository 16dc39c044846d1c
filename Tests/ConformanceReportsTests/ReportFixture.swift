import ConformanceJSON
import ConformanceKit
import ConformanceReports
import ConformanceTestSupport

/// An implementation whose answers the fixture vectors control: throws on `"boom"`, rejects
/// `{"reject": CODE, "field": F}` with that code and field, accepts anything else as itself,
/// and lacks `leeep.link`. Its name and error text are hostile on purpose.
struct FixtureImplementation: Implementation {
  let name = #"fixture <b>"impl"</b>"#
  struct Boom: Error, CustomStringConvertible {
    var description: String { "<script>document.title='pwned'</script>" }
  }
  func supports(suite: String) -> Bool { suite != "leeep.link" }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    if input == "boom" { throw Boom() }
    if case .object(let object) = input, let code = object["reject"]?.stringValue {
      return .reject(error: code, field: object["field"]?.stringValue)
    }
    return .accept(output: input)
  }
}

/// A small run with every kind of result, hostile strings everywhere vector data can carry
/// them, an expected failure, an unexpected pass, a stale entry and two files that fail to load.
///
/// Counts by hand: leeep.fid 8 tests (2 passed, 4 failed, 1 errored, 1 skipped) and 2 load
/// errors; leeep.user-id 3 tests (2 passed, 1 failed); leeep.link 2 tests (skipped).
struct ReportFixture {
  static let hostileTag = #"<img src=x onerror="document.title='pwned'">"#
  static let hostileDescription = "<script>document.title='pwned'</script>"

  let folder: TemporaryFolder
  let vectorsRoot: String
  let expectationsPath: String
  /// Where the run wrote its reports (`--report-json`, `--summary-md`, `--report-html`).
  let jsonPath: String
  let markdownPath: String
  let htmlPath: String
  /// The JUnit report of the same run (`--junit`).
  let junitPath: String
  let summary: RunSummary
  let data: RunReportData

  init(extraObservers: [any RunObserver] = []) throws {
    folder = try TemporaryFolder("reports-fixture")
    vectorsRoot = folder.path + "/vectors"
    jsonPath = folder.path + "/out/report.json"
    markdownPath = folder.path + "/out/summary.md"
    htmlPath = folder.path + "/out/html/report.html"
    junitPath = folder.path + "/out/junit.xml"
    try folder.write(
      "vectors/leeep/fid/mixed.json",
      #"""
      {"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "mixed results", "tests": [
        {"id": "pass.plain", "tags": ["valid"], "input": "a", "expect": {"result": "accept", "output": "a"}},
        {"id": "fail.nested", "tags": ["invalid", "unicode"], "input": {"target": {"slug": "x", "n": 1}},
         "expect": {"result": "accept", "output": {"target": {"slug": "y", "n": 1}}}},
        {"id": "fail.hostile", "description": "<script>document.title='pwned'</script>",
         "tags": ["security", "<img src=x onerror=\"document.title='pwned'\">"],
         "input": "</script><script>document.title='pwned'</script>\u0001\u202e",
         "expect": {"result": "reject", "error": "<b>bad</b>"}},
        {"id": "fail.big-number", "tags": ["boundary"], "input": 100000000000000000000001,
         "expect": {"result": "accept", "output": 100000000000000000000002}},
        {"id": "error.boom", "tags": ["boundary"], "input": "boom", "expect": {"result": "accept"}},
        {"id": "listed.fails", "tags": ["valid"], "input": {"reject": "nope"}, "expect": {"result": "accept"}},
        {"id": "listed.passes", "tags": ["valid"], "input": "ok", "expect": {"result": "accept", "output": "ok"}},
        {"id": "pass.untagged", "input": "b", "expect": {"result": "accept"}}
      ]}
      """#)
    try folder.write(
      "vectors/leeep/user-id/ids.json",
      #"""
      {"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "ids", "tests": [
        {"id": "pass.one", "tags": ["valid"], "input": "1", "expect": {"result": "accept"}},
        {"id": "pass.two", "tags": ["valid", "cross-sdk"], "input": {"reject": "too_long", "field": "id"},
         "expect": {"result": "reject", "error": "too_long", "field": "id"}},
        {"id": "fail.field", "tags": ["invalid"], "input": {"reject": "too_long"},
         "expect": {"result": "reject", "error": "too_long", "field": "id"}}
      ]}
      """#)
    try folder.write(
      "vectors/leeep/link/links.json",
      #"""
      {"format": "conformance-vectors/1", "suite": "leeep.link", "description": "not implemented", "tests": [
        {"id": "skip.one", "tags": ["foreign-scope"], "input": "a", "expect": {"result": "accept"}},
        {"id": "skip.two", "tags": ["foreign-scope"], "input": "b", "expect": {"result": "accept"}}
      ]}
      """#)
    try folder.write(
      "vectors/leeep/fid/broken/unknown-key.json",
      #"""
      {"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "<b>oops</b>": 1,
       "tests": [{"id": "x", "input": 1, "expect": {"result": "accept"}}]}
      """#)
    try folder.write(
      "vectors/leeep/fid/broken/<svg onload=alert(1)>.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": []}"#)
    expectationsPath = try folder.write(
      "expected-failures.json",
      #"""
      {"format": "conformance-expectations/1", "entries": [
        {"suite": "leeep.fid", "id": "listed.fails", "reason": "needs <i>work</i>",
         "link": "javascript:document.title='pwned'"},
        {"suite": "leeep.fid", "id": "listed.passes", "reason": "was broken"},
        {"suite": "leeep.user-id", "id": "gone.*", "reason": "removed vectors", "link": "https://tracker.example/9"}
      ]}
      """#)
    let expectations = try ExpectedFailures.load(file: expectationsPath)
    let info = RunReportInfo(
      toolName: "conformance", toolVersion: "9.9.9", implementation: FixtureImplementation().name,
      roots: [vectorsRoot], expectations: expectations)
    let recorder = RunReportRecorder(info: info)
    let reports = RunReports(
      info: info, destinations: ReportDestinations(json: jsonPath, markdown: markdownPath, html: htmlPath))
    summary = try Runner(implementation: FixtureImplementation(), expectedFailures: expectations).run(
      roots: [vectorsRoot],
      observers: [recorder, reports, JUnitReportWriter(destination: junitPath, hostname: "ci-host")] + extraObservers)
    data = recorder.data!
  }

  func remove() { folder.remove() }
}

/// `RunReportData` of a run over `files` (path → text) with `FixtureImplementation`.
func reportData(files: [String: String], selection: Selection = Selection()) throws -> RunReportData {
  let folder = try TemporaryFolder("reports-small")
  defer { folder.remove() }
  for (path, text) in files { try folder.write(path, text) }
  let info = RunReportInfo(
    toolName: "conformance", toolVersion: "9.9.9", implementation: "fixture", roots: [folder.path],
    selection: selection)
  let recorder = RunReportRecorder(info: info)
  try Runner(implementation: FixtureImplementation(), selection: selection).run(
    roots: [folder.path], observers: [recorder])
  return recorder.data!
}

/// One vector file of `suite` holding `tests` (JSON text of the test objects).
func vectors(suite: String = "leeep.fid", _ tests: String) -> String {
  #"{"format": "conformance-vectors/1", "suite": "\#(suite)", "description": "d", "tests": [\#(tests)]}"#
}
