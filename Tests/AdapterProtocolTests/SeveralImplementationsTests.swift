import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `conformance run --adapter A --adapter B`: two implementations of `leeep.fid` side by side,
/// one faithful and one with a planted bug (Fixtures/planted_bug.py accepts 23-character
/// strings where the rule rejects them as `invalid_fid`).
@Suite struct SeveralImplementationsTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  func adapter(_ fixture: String) -> String {
    "CONFORMANCE=\(binary) exec python3 \(fixtures)/\(fixture).py"
  }

  /// The shipped `leeep.fid` tests the planted bug changes, found from the vectors alone: a
  /// 23-scalar string input the contract rejects as `invalid_fid`.
  func changedByTheBug() throws -> Set<String> {
    let files = try Runner(implementation: Unused()).load(roots: [packageRoot() + "/Vectors"]).compactMap {
      try? $0.get()
    }
    var ids: Set<String> = []
    for file in files where file.suite == "leeep.fid" {
      for test in file.tests {
        guard case .string(let input) = test.input, input.unicodeScalars.count == 23,
          case .reject(let error?, _) = test.expectation, error == "invalid_fid"
        else { continue }
        ids.insert(test.id)
      }
    }
    return ids
  }

  @Test func aPlantedBugFailsOnlyItsImplementationAndIsTheWholeDriftList() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let changed = try changedByTheBug()
    try #require(changed.count > 5)
    let result = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/junit.xml",
      "--report-json", folder.path + "/report.json", "--report-html", folder.path + "/report.html",
      "--adapter", adapter("faithful"), "--adapter", adapter("planted_bug"), "--show-failures", "0",
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("\nimplementation faithful: 745 passed, 0 failed\n"))
    #expect(
      result.output.contains("\nimplementation planted_bug: \(745 - changed.count) passed, \(changed.count) failed\n"))
    #expect(result.output.contains("\n\(changed.count) tests on which the implementations disagree"))

    // JUnit: every vector once per implementation, told apart by (testsuite, classname, name).
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    let cases = junit.count("//testcase")
    #expect(cases == 2 * 745)
    var triples: Set<String> = []
    for suite in junit.strings("//testsuite[testcase]/@name") {
      let names = junit.strings("//testsuite[@name='\(suite)']/testcase/@name")
      let classes = junit.strings("//testsuite[@name='\(suite)']/testcase/@classname")
      for (name, classname) in zip(names, classes) { triples.insert("\(suite)|\(classname)|\(name)") }
    }
    let classes = junit.strings("//testcase/@classname")
    #expect(triples.count == cases)
    #expect(Set(classes) == ["faithful/leeep.fid", "planted_bug/leeep.fid"])
    #expect(junit.count("//testcase[@classname='faithful/leeep.fid']") == 745)
    #expect(junit.count("//testcase[@classname='faithful/leeep.fid']/failure") == 0)
    let failing = Set(junit.strings("//testcase[@classname='planted_bug/leeep.fid'][failure]/@name"))
    #expect(failing == changed)
    #expect(junit.strings("//testsuite/@name").allSatisfy { $0.hasPrefix("faithful/") || $0.hasPrefix("planted_bug/") })

    // JSON: per-implementation totals and matrix; the drift list is exactly the changed tests.
    let report = try JSONParser().parse(try folder.read("report.json"))
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(report) == [])
    let implementations = try #require(report.objectValue?["implementations"]?.arrayValue)
    #expect(implementations.compactMap { $0.objectValue?["name"]?.stringValue } == ["faithful", "planted_bug"])
    #expect(implementations.compactMap { $0.objectValue?["status"]?.stringValue } == ["passed", "failed"])
    #expect(implementations[1].objectValue?["totals"]?.objectValue?["failed"] == .number(JSONNumber(changed.count)))
    let drift = try #require(report.objectValue?["drift"]?.arrayValue)
    #expect(Set(drift.compactMap { $0.objectValue?["id"]?.stringValue }) == changed)
    #expect(drift.count == changed.count)
    let first = try #require(drift.first?.objectValue)
    #expect(
      first["answers"]?.arrayValue?.compactMap { $0.objectValue?["meetsExpectation"]?.boolValue } == [true, false])
    #expect(
      report.objectValue?["failures"]?.arrayValue?.allSatisfy { $0.objectValue?["implementation"] == "planted_bug" }
        == true)
  }

  @Test func expectationsMayNameTheImplementation() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let entries = try changedByTheBug().sorted().map { id in
      #"{"suite": "leeep.fid", "id": "\#(id)", "reason": "length check off by one", "implementation": "IMPL"}"#
    }
    let file = #"{"format": "conformance-expectations/1", "entries": [\#(entries.joined(separator: ","))]}"#
    try folder.write("planted.json", file.replacingOccurrences(of: "IMPL", with: "planted_bug"))
    try folder.write("faithful.json", file.replacingOccurrences(of: "IMPL", with: "faithful"))
    func run(_ expectations: String) -> (status: Int32, output: String, error: String) {
      conformance([
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/j.xml",
        "--expectations", folder.path + "/" + expectations, "--adapter", adapter("faithful"), "--adapter",
        adapter("planted_bug"), "--show-failures", "0",
      ])
    }
    // Listed for the planted bug's implementation: its failures are expected, the run passes.
    let planted = run("planted.json")
    #expect(planted.status == 0, "\(planted.output)")
    // Listed for the faithful one: unexpected passes there, and the bug's failures stay.
    let faithful = run("faithful.json")
    #expect(faithful.status == 1)
    #expect(faithful.output.contains("\nimplementation faithful: 727 passed, 18 failed\n"))
  }

  @Test func twoAdaptersWithTheSameNameAreACommandLineError() throws {
    try requireBinary()
    let result = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--adapter", "\(binary) serve",
      "--adapter", "exec \(binary) serve",
    ])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "conformance run: --adapter: adapters `\(binary) serve` and `exec \(binary) serve` both answered the hello with the name \"reference\"; each implementation is named by its hello, so the names must differ\n"
      ))
  }
}

/// Stands in for an implementation where only the vectors are loaded.
struct Unused: Implementation {
  var name: String { "unused" }
  func supports(suite: String) -> Bool { false }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    .reject(error: "unused", field: nil)
  }
}
