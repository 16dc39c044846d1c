import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// Runs `conformance ARGS` in-process and returns (exit status, stdout, stderr).
func conformance(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  let captured = CapturedConsole()
  let status = ConformanceCommand.main(arguments: arguments, console: captured.console)
  return (status, captured.output, captured.error)
}

func fidFile(_ tests: String) -> String {
  #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "FIDs", "source": "LEEEP iOS SDK reference", "tests": [\#(tests)]}"#
}

let passingFID =
  #"{"id": "valid.c", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}}"#
let failingFID =
  #"{"id": "wrong.expectation", "tags": ["invalid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "reject", "error": "invalid_fid"}}"#

@Suite struct CommandLineTests {
  @Test func helpListsTheSubcommandsAndExitsZero() {
    let result = conformance(["--help"])
    #expect(result.status == 0)
    for name in ["run", "list", "lint"] { #expect(result.output.contains("\n  \(name) ")) }
    #expect(conformance(["run", "--help"]).output.hasPrefix("USAGE: conformance run [--vectors PATH]..."))
    #expect(conformance(["help", "lint"]).output.hasPrefix("USAGE: conformance lint"))
  }

  /// `--adapter exec java -jar a.jar` unquoted: the shell split the command, and the message
  /// says to quote it, with the words it saw.
  @Test func anUnquotedAdapterCommandIsToldToBeQuoted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let junit = ["--junit", folder.path + "/j.xml"]
    let split = conformance(
      ["run"] + junit + ["--adapter", "exec", "java", "-jar", "it's.jar", "--suite", "leeep.fid"])
    #expect(split.status == 2)
    #expect(
      split.error
        == "conformance run: unknown option -jar: an --adapter command of several words is one argument, so quote it: --adapter 'exec java -jar'\nRun `conformance run --help` for usage.\n"
    )
    let quoted = conformance(["run"] + junit + ["--adapter", "exec", "x", "it's"])
    #expect(
      quoted.error.hasPrefix(
        #"conformance run: unexpected argument 'x': an --adapter command of several words is one argument, so quote it: --adapter 'exec x it'\''s'"#
      ))
    let smoke = conformance(["smoke", "--adapter", "python3", "adapter.py"])
    #expect(
      smoke.error.hasPrefix(
        "conformance smoke: unexpected argument 'adapter.py': an --adapter command of several words is one argument, so quote it: --adapter 'python3 adapter.py'\n"
      ))
    // A stray word elsewhere is only unexpected.
    let stray = conformance(["run"] + junit + ["stray", "--adapter", "exec x"])
    #expect(stray.error.hasPrefix("conformance run: unexpected argument 'stray'\n"))
  }

  @Test func usageErrorsExitTwoWithAClearMessage() {
    let unknown = conformance(["rnu"])
    #expect(unknown.status == 2)
    #expect(unknown.error.hasPrefix("conformance: unknown subcommand 'rnu' (did you mean 'run'?)\n"))
    let option = conformance(["run", "--suit", "leeep.fid"])
    #expect(option.status == 2)
    #expect(option.error.hasPrefix("conformance run: unknown option --suit (did you mean --suite?)\n"))
    let suite = conformance(["run", "--suite", "leeep.fdi"])
    #expect(suite.error.hasPrefix("conformance run: unknown suite 'leeep.fdi' (did you mean 'leeep.fid'?);"))
    #expect(
      conformance(["run", "--shard", "3/2"]).error.hasPrefix(
        "conformance run: --shard needs K/N with 1 <= K <= N, or auto, got '3/2'"))
    #expect(conformance(["run", "--junit"]).error.hasPrefix("conformance run: --junit needs a value (FILE)"))
    #expect(conformance([]).status == 2)
  }

  @Test func aMissingVectorsFolderIsAUsageError() {
    let result = conformance(["run", "--vectors", "/nonexistent/vectors"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --vectors /nonexistent/vectors: no such file or folder"))
  }

  @Test func aPassingRunExitsZeroWithTheClosingLine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let result = conformance(["run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/out/junit.xml"])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("1 passed, 0 failed\n") || result.output.contains("\n1 passed, 0 failed\n"))
    #expect(result.output.contains("leeep.fid       1       0       0        0"))
  }

  @Test func aFailingRunShowsFileIDExpectedActualAndDifference() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let vectors = folder.path + "/vectors"
    try folder.write("vectors/fid.json", fidFile(passingFID + "," + failingFID))
    let result = conformance(["run", "--vectors", vectors, "--junit", folder.path + "/junit.xml"])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix(
        """
        FAIL leeep.fid wrong.expectation (\(vectors)/fid.json)
          input:    "cAbCdEfGhIjKlMnOpQr_-0"
          expected: {"result": "reject", "error": "invalid_fid"}
          actual:   {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}
          differs:  result: expected reject, got accept

        """))
    #expect(result.output.contains("\n1 passed, 1 failed\n"))
  }

  @Test func malformedFilesGiveExitTwoAndEachIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let vectors = folder.path + "/vectors"
    try folder.write("vectors/good.json", fidFile(passingFID))
    try folder.write("vectors/dup.json", #"{"a": 1, "a": 2}"#)
    try folder.write("vectors/typo.json", fidFile(passingFID).replacingOccurrences(of: "\"tests\"", with: "\"test\""))
    let result = conformance(["run", "--vectors", vectors, "--junit", folder.path + "/junit.xml"])
    #expect(result.status == 2)
    #expect(
      result.output.contains(#"LOAD ERROR \#(vectors)/dup.json: invalid JSON: line 1, column 10: duplicate key "a""#))
    #expect(result.output.contains(#"LOAD ERROR \#(vectors)/typo.json: unknown key "test" (did you mean "tests"?)"#))
    #expect(result.output.contains("2 files failed to load\n"))
    #expect(result.output.hasSuffix("1 passed, 2 errors\n"))
  }

  @Test func failureOutputIsCappedButCounted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tests = (0..<5).map { failingFID.replacingOccurrences(of: "wrong.expectation", with: "wrong.\($0)") }
    try folder.write("v/fid.json", fidFile(tests.joined(separator: ",")))
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--show-failures", "2",
    ])
    #expect(result.output.components(separatedBy: "\nFAIL ").count + (result.output.hasPrefix("FAIL ") ? 1 : 0) == 3)
    #expect(result.output.contains("… and 3 more problems not shown"))
  }

  @Test func progressIsDrawnOnlyWhenStderrIsATerminal() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/a.json", fidFile(passingFID))
    try folder.write("v/b.json", fidFile(passingFID.replacingOccurrences(of: "valid.c", with: "valid.d")))
    let arguments = ["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"]
    let terminal = CapturedConsole(errorIsTerminal: true)
    #expect(ConformanceCommand.main(arguments: arguments, console: terminal.console) == 0)
    #expect(terminal.error.contains("\r\u{1B}[K[1/2 files] 1 tests, 0 problems"))
    #expect(terminal.error.contains("\r\u{1B}[K[2/2 files] 2 tests, 0 problems"))
    #expect(terminal.error.hasSuffix("\r\u{1B}[K"), "the progress line is cleared before the summary")
    #expect(!terminal.output.contains("\u{1B}"))
    let pipe = CapturedConsole(errorIsTerminal: false)
    #expect(ConformanceCommand.main(arguments: arguments, console: pipe.console) == 0)
    #expect(pipe.error.isEmpty)
  }

  @Test func lintReportsProblemsAndWarnings() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "v/fid.json", fidFile(#"{"id": "x", "tags": ["mine"], "input": 1, "expect": {"result": "reject"}}"#))
    let clean = conformance(["lint", "--vectors", folder.path + "/v"])
    #expect(clean.status == 0)
    let file = folder.path + "/v/fid.json"
    #expect(clean.output.contains("\(file):1:129: warning: tests[0]: no description of what test \"x\" tests\n"))
    #expect(clean.output.contains(#"\#(file):1:150: warning: tests[0].tags[0]: non-standard tag "mine""#))
    #expect(clean.output.hasSuffix("1 files, 1 tests: 0 errors, 2 warnings\n"))
    #expect(conformance(["lint", "--strict", "--vectors", folder.path + "/v"]).status == 2)
    try folder.write("v/broken.json", "{")
    let broken = conformance(["lint", "--vectors", folder.path + "/v"])
    #expect(broken.status == 2)
    #expect(
      broken.output.contains(
        "\(folder.path)/v/broken.json:1:2: error: invalid JSON: unexpected end of input, expected a string key\n"
      ))
  }

  @Test func listCountsSuitesAndTags() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let result = conformance(["list", "--vectors", folder.path + "/v", "--files"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("SUITE      FILES  TESTS\nleeep.fid      1      2\n"))
    #expect(result.output.contains("valid        1\ninvalid      1\n"))
    #expect(result.output.hasSuffix("2 tests in 1 files\n"))
  }
}

@Suite struct ReportCommandTests {
  @Test func runWritesTheJUnitReportAndShardsMergeToTheUnshardedCounts() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tests = (0..<30).map { passingFID.replacingOccurrences(of: "valid.c", with: "valid.\($0)") }
    try folder.write("v/a.json", fidFile(tests.joined(separator: ",") + "," + failingFID))
    try folder.write("v/broken.json", "{")
    let vectors = folder.path + "/v"
    let whole = conformance(["run", "--vectors", vectors, "--junit", folder.path + "/all.xml"])
    #expect(whole.status == 2)
    #expect(whole.output.hasSuffix("JUnit report: \(folder.path)/all.xml\n30 passed, 1 failed, 1 error\n"))
    let all = try folder.read("all.xml")
    #expect(all.contains(#"tests="32" failures="1" errors="1" skipped="0""#))
    var shardPaths: [String] = []
    var loadErrorShards = 0
    for k in 1...3 {
      let path = folder.path + "/shard-\(k).xml"
      let shard = conformance(["run", "--vectors", vectors, "--junit", path, "--shard", "\(k)/3"])
      if shard.status == 2 { loadErrorShards += 1 }
      shardPaths.append(path)
    }
    #expect(loadErrorShards == 1, "exactly one shard owns the broken file")
    let merged = conformance(["merge", folder.path + "/merged.xml"] + shardPaths)
    #expect(merged.status == 1)
    #expect(merged.output == "merged 3 reports into \(folder.path)/merged.xml\n30 passed, 2 failed\n")
    #expect(try folder.read("merged.xml").contains(#"tests="32" failures="1" errors="1" skipped="0""#))
  }

  @Test func everyMalformedFileIsAnErrorTestcaseNamingItAndTheGoodFileRuns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    let bad: [(String, [UInt8])] = [
      ("bom.json", [0xEF, 0xBB, 0xBF] + Array(fidFile(passingFID).utf8)),
      ("deep.json", Array(String(repeating: "[", count: 100_000).utf8)),
      ("duplicate-key.json", Array(#"{"suite": "leeep.fid", "suite": "leeep.fid"}"#.utf8)),
      ("lone-surrogate.json", Array(fidFile(passingFID.replacingOccurrences(of: "valid.c", with: #"\ud800"#)).utf8)),
      ("bad-utf8.json", [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D]),
      ("huge-number.json", Array(("[" + String(repeating: "9", count: 10_000) + "]").utf8)),
    ]
    for (name, bytes) in bad { try folder.write("v/bad/\(name)", bytes: bytes) }
    let started = ContinuousClock.now
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/junit.xml"])
    #expect(ContinuousClock.now - started < .seconds(30))
    #expect(result.status == 2)
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.count("//testcase/error[@type='load-error']") == bad.count)
    for (name, _) in bad {
      #expect(
        junit.count("//testsuite[@name='bad/\(name)']/testcase[@name='\(folder.path)/v/bad/\(name)']/error") == 1,
        "\(name)")
    }
    #expect(junit.string("//testsuite[@name='good.json']/@tests") == "1")
    #expect(junit.string("//testsuite[@name='good.json']/@failures") == "0")
    #expect(
      junit.string("//testsuite[@name='bad/lone-surrogate.json']//error/@message")
        == #"invalid JSON: line 1, column 137: lone surrogate escape \uD800 is not a Unicode scalar"#)
  }

  @Test func mergeRefusesWhatIsNotAJUnitReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("in.xml", "<html/>")
    let result = conformance(["merge", folder.path + "/out.xml", input])
    #expect(result.status == 2)
    #expect(
      result.error
        == "conformance merge: \(input):1: not a JUnit report: the root element is <html>, expected <testsuites> or <testsuite>\n"
    )
    #expect(!folder.exists("out.xml"))
    #expect(conformance(["merge", folder.path + "/out.xml"]).status == 2)
  }
}
