import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

@Suite struct LintTests {
  /// Four tests, each with another problem, one per line from line 4.
  static let fourProblems = """
    {"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d",
     "tests": [
      {"id": "a", "description": "d", "input": 1, "expect": {"result": "reject", "error": "invalid-fid"}},
      {"id": "b", "description": "d", "input": 1, "expect": {"result": "maybe"}},
      {"id": "c", "description": "d", "inputs": 1, "expect": {"result": "reject"}},
      {"id": "d", "description": "d", "input": 1, "expect": {"result": "reject", "error": "not_a_string", "field": "x"}},
      {"id": "a", "description": "d", "input": 2, "expect": {"result": "reject"}}
     ]}
    """

  @Test func everyProblemOfAFileIsReportedAtItsLineAndColumn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("v/fid.json", Self.fourProblems)
    let result = conformance(["lint", "--vectors", folder.path + "/v"])
    #expect(result.status == 2)
    #expect(
      result.output == """
        \(file):3:87: error: tests[0].expect.error: "invalid-fid" is not an error code of leeep.fid (did you mean "invalid_fid"?); its codes: not_a_string, invalid_fid
        \(file):4:68: error: tests[1].expect.result: must be "accept" or "reject", found "maybe"
        \(file):5:35: error: tests[2]: unknown key "inputs" (did you mean "input"?) (allowed: "id", "description", "tags", "input", "context", "expect")
        \(file):6:112: error: tests[3].expect.field: leeep.fid names no field in its rejections, found "x"
        \(file):7:10: error: tests[4].id: duplicate id "a", first used by tests[0]
        1 files, 5 tests: 5 errors, 0 warnings

        """)
  }

  @Test func aTrailingCommaIsReportedAsSuchAtTheComma() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "v/fid.json", fidFile(passingFID + ",\n  ").replacingOccurrences(of: "]}", with: "\n]}"))
    let result = conformance(["lint", "--vectors", folder.path + "/v"])
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("\(file):1:"))
    #expect(result.output.contains(": error: invalid JSON: trailing comma before ']' (JSON allows none)\n"))
  }

  @Test func lintAndRunAcceptASingleFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("v/fid.json", fidFile(passingFID))
    try folder.write("v/other.json", "{")
    let lint = conformance(["lint", file])
    #expect(lint.status == 0)
    #expect(lint.output.hasSuffix("1 files, 1 tests: 0 errors, 1 warnings\n"), "valid.c has no description")
    #expect(conformance(["lint", "--vectors", file]).status == 0)
    let run = conformance(["run", "--vectors", file, "--junit", folder.path + "/j.xml"])
    #expect(run.status == 0)
    #expect(run.output.contains("\n1 passed, 0 failed\n"))
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("//testsuite/@name") == "fid.json")
    #expect(junit.string("//testsuite/@file") == file)
  }

  @Test func theShippedCorpusIsClean() {
    let result = conformance(["lint", "--strict"])
    #expect(result.status == 0, "\(result.output.suffix(2_000))")
  }
}
