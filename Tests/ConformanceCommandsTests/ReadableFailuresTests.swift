import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a failing test looks like on the console and in every report.
@Suite(.serialized) struct ReadableFailuresTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  @Test func theConsoleShowsDescriptionAndInputAndCutsLongValues() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let long = String(repeating: "x", count: 3_000)
    let test =
      #"{"id": "long", "description": "a long input is no FID", "input": "\#(long)", "expect": {"result": "accept"}}"#
    try folder.write("v/fid.json", fidFile(test))
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"])
    #expect(result.status == 1)
    #expect(
      result.output.contains("FAIL leeep.fid long (\(folder.path)/v/fid.json)\n  description: a long input is no FID\n")
    )
    // The input's JSON text is 3,002 characters: its length and its first 64 are shown.
    #expect(result.output.contains("  input:    3,002 characters: \"" + String(repeating: "x", count: 63) + "…\n"))
  }

  /// A 4,096-character token the SDK gets wrong at one character: every report shows the
  /// values' lengths, the first differing position and a window around it (32 characters before
  /// it, 64 from it), not a kilobyte of each; the HTML keeps the whole value one click away.
  @Test func aLongTokenIsShownAroundItsFirstDifference() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    let token = String((0..<4_096).map { alphabet[$0 % 64] })
    let script = try folder.write(
      "adapter.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "sdk", "suites": ["leeep.fid"]}), flush=True)
          else:
              token = request["input"]
              print(json.dumps({"id": request["id"], "result": "accept", "output": token[:2048] + "!" + token[2049:]}), flush=True)
      """)
    try folder.write(
      "v/fid.json",
      fidFile(#"{"id": "token", "input": "\#(token)", "expect": {"result": "accept", "output": "\#(token)"}}"#))
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "python3 \(script)",
      "--summary-md", folder.path + "/s.md", "--report-html", folder.path + "/r.html",
    ])
    #expect(result.status == 1, "\(result.error)")
    let wrong = String(token.prefix(2_048)) + "!" + String(token.dropFirst(2_049))
    // The outcomes' JSON text is `{"result": "accept", "output": "` (32 characters), the token
    // and `"}`: 4,130 characters, first differing at the token's character 2,049, the 2,081st.
    func window(_ text: String, from start: Int, to end: Int) -> String {
      let scalars = Array(text.unicodeScalars)
      return "…" + String(String.UnicodeScalarView(scalars[start..<end])) + "…"
    }
    let expectedJSON = #"{"result": "accept", "output": "\#(token)"}"#
    let actualJSON = #"{"result": "accept", "output": "\#(wrong)"}"#
    let expectedLine = "4,130 characters, first difference at 2,081: " + window(expectedJSON, from: 2_048, to: 2_144)
    let actualLine = "4,130 characters, first difference at 2,081: " + window(actualJSON, from: 2_048, to: 2_144)
    // The difference inside the string: `"` and the token, the 2,050th character.
    let differs =
      "at output: expected \(window("\"" + token + "\"", from: 2_017, to: 2_113)), got "
      + "\(window("\"" + wrong + "\"", from: 2_017, to: 2_113)) (4,098 and 4,098 characters of JSON, first difference at character 2,050)"
    #expect(
      result.output.contains(
        """
          input:    4,098 characters: "\(token.prefix(63))…
          expected: \(expectedLine)
          actual:   \(actualLine)
          differs:  \(differs)

        """))
    let markdown = try folder.read("s.md")
    #expect(
      markdown.contains(
        """
        input:    4,098 characters: "\(token.prefix(63))…
        expected: \(expectedLine)
        actual:   \(actualLine)
        """))
    // The HTML's card: the windows, and the whole value kept for "whole value".
    let html = try folder.read("r.html")
    #expect(html.contains(#""windows": {"expected": "\#(expectedLine)", "actual": "\#(actualLine)"}"#))
    #expect(html.contains(wrong))
    #expect(html.contains(#"el("summary", null, ["whole value"])"#))
  }

  @Test func everyReportShowsTheInputAndTheJSONReportKeepsItWhole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let long = String(repeating: "y", count: 70_000)
    try folder.write(
      "v/fid.json", fidFile(#"{"id": "long", "input": "\#(long)", "expect": {"result": "accept"}}"# + "," + failingFID))
    let paths = [
      "--junit", folder.path + "/j.xml", "--report-json", folder.path + "/r.json",
      "--summary-md", folder.path + "/s.md", "--report-html", folder.path + "/r.html",
    ]
    #expect(conformance(["run", "--vectors", folder.path + "/v"] + paths).status == 1)
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(
      junit.string("//testcase[@name='wrong.expectation']/failure")
        == "input: \"cAbCdEfGhIjKlMnOpQr_-0\"\nexpected: {\"result\": \"reject\", \"error\": \"invalid_fid\"}\n"
        + "actual: {\"result\": \"accept\", \"output\": \"cAbCdEfGhIjKlMnOpQr_-0\"}\n"
        + "difference: result: expected reject, got accept\n")
    let longText = try #require(junit.string("//testcase[@name='long']/failure"))
    #expect(longText.hasPrefix("input: \"" + String(repeating: "y", count: 59_999) + "… 10002 more bytes\n"))
    let json = try String(contentsOfFile: folder.path + "/r.json", encoding: .utf8)
    #expect(json.contains(#""input": "\#(long)""#))
    #expect(json.contains(#""input": "cAbCdEfGhIjKlMnOpQr_-0""#))
    let markdown = try String(contentsOfFile: folder.path + "/s.md", encoding: .utf8)
    #expect(markdown.contains(#"input:    "cAbCdEfGhIjKlMnOpQr_-0""#))
    let html = try String(contentsOfFile: folder.path + "/r.html", encoding: .utf8)
    #expect(html.contains(#"jsonBlock("input", item.view.input, item.view.inputWindow)"#))
    #expect(html.contains(#""input": ["", "", "\"cAbCdEfGhIjKlMnOpQr_-0\""]"#))
  }

  @Test func theFailureCapTakesFailuresInTurnFromEachSuite() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fid = (0..<5).map { failingFID.replacingOccurrences(of: "wrong.expectation", with: "wrong.\($0)") }
    try folder.write("v/a-fid.json", fidFile(fid.joined(separator: ",")))
    try folder.write(
      "v/b-user.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "d", "tests": [{"id": "u", "input": "x", "expect": {"result": "reject"}}]}"#
    )
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--show-failures", "2",
    ])
    #expect(result.output.hasPrefix("FAIL leeep.fid wrong.0 ("))
    #expect(result.output.contains("\nFAIL leeep.user-id u ("), "the second suite is shown though it comes last")
    #expect(result.output.contains("… and 4 more problems not shown"))
  }

  @Test func anUnexpectedPassHasItsOwnTypeAndSkipReasonsAreTextToo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let list = try folder.write(
      "x.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "*", "reason": "known"}]}"#)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--expectations", list,
    ])
    #expect(result.status == 1)
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("//testcase[@name='valid.c']/failure/@type") == "unexpected-pass")
    let message = try #require(junit.string("//testcase[@name='wrong.expectation']/skipped/@message"))
    #expect(message.hasPrefix("expected failure ("))
    #expect(junit.string("//testcase[@name='wrong.expectation']/skipped") == message)
  }

  @Test func anAdaptersErrorMessageReadsOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(
      "adapter.py",
      """
      import json, sys
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "erring", "suites": ["leeep.fid"]}), flush=True)
          else:
              print(json.dumps({"id": request["id"], "error": "boom"}), flush=True)
      """)
    try folder.write("v/fid.json", fidFile(passingFID))
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "python3 \(script)",
    ])
    #expect(result.status == 1)
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("//testcase[@name='valid.c']/error/@message") == "erring could not evaluate the input: boom")
  }

  @Test func loadErrorsAreUniqueAcrossRoots() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("r1/x/bad.json", "{")
    try folder.write("r2/x/bad.json", "{")
    try folder.write("r2/fid.json", fidFile(passingFID))
    _ = conformance([
      "run", "--vectors", folder.path + "/r1", "--vectors", folder.path + "/r2", "--junit", folder.path + "/j.xml",
    ])
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    let keys = Set(
      (1...junit.count("//testcase")).map { index in
        ["../../@name", "@classname", "@name"].map { junit.string("(//testcase)[\(index)]/\($0)") ?? "" }
      })
    #expect(keys.count == junit.count("//testcase"))
    #expect(junit.count("//testcase") == 3)
  }

  @Test func maxFailuresStopsTheRunAtTheNthProblem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tests = (0..<5).map { failingFID.replacingOccurrences(of: "wrong.expectation", with: "wrong.\($0)") }
    try folder.write("v/a.json", fidFile(tests.joined(separator: ",")))
    try folder.write("v/b.json", fidFile(passingFID))
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--max-failures", "2",
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("stopped at problem 2 (--max-failures 2): the remaining tests were not run\n"))
    #expect(result.output.contains("\n0 passed, 2 failed\n"))
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("/testsuites/@tests") == "2")
    #expect(conformance(["run", "--max-failures", "0"]).status == 2)
  }

  /// A text node over libxml2's 10 MB tree limit is well-formed XML: the merge streams its
  /// inputs (no tree is built), so it merges such a report and never calls it malformed. (A
  /// name beyond libxml2's limits is refused as too large: JUnitMergerTests.)
  @Test func mergeTakesAReportWithAnOversizedTextNodeAsWellFormed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let big = try folder.write(
      "big.xml",
      #"<testsuites><testsuite name="a"><testcase name="x"><failure>"# + String(repeating: "a", count: 11_000_000)
        + "</failure></testcase></testsuite></testsuites>")
    let result = conformance(["merge", folder.path + "/m.xml", big])
    #expect(result.status == 1, "the merged report holds one failure")
    #expect(result.output.contains("0 passed, 1 failed"))
    #expect(!result.error.contains("not well-formed"))
  }

  /// A 5 MB vector value must not give a report that readers without "huge" options refuse:
  /// libxml2 (and so lxml, junitparser) stops at a 10 MB text node.
  @Test func aFiveMegabyteValueGivesAReportStockReadersRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = String(repeating: "z", count: 5_000_000)
    try folder.write(
      "v/fid.json",
      fidFile(
        #"{"id": "huge", "description": "\#(huge)", "input": "\#(huge)", "expect": {"result": "accept", "output": "\#(huge)"}}"#
      ))
    let report = folder.path + "/j.xml"
    #expect(conformance(["run", "--vectors", folder.path + "/v", "--junit", report]).status == 1)
    // The documented limits, checked directly.
    let junit = try XMLReadBack(path: report)
    let texts = junit.strings("//text()") + junit.strings("//@*")
    #expect(texts.allSatisfy { $0.utf8.count < 10_000_000 })
    #expect(junit.strings("//@message").allSatisfy { $0.utf8.count <= 4_096 + 32 })
    #expect(try #require(junit.string("//failure")).utf8.count < 5 * 60_100)
    // conformance merge reads with libxml2's default limits.
    #expect(conformance(["merge", folder.path + "/m.xml", report]).status == 1)
    // lxml without huge_tree, when it is installed.
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import sys\ntry:\n import lxml.etree as e\nexcept ImportError:\n sys.exit(3)\ne.parse(sys.argv[1]); print('ok')",
      report,
    ]
    try python.run()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0 || python.terminationStatus == 3)
  }
}
