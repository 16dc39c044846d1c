import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--vectors` for seven `leeep.fid` tests, all rejected as `invalid_fid`; the fourth has the input `trigger`.
func smallFile(in folder: TemporaryFolder) throws -> [String] {
  var tests = (0..<6).map { index in
    #"{"id": "t\#(index)", "tags": ["invalid"], "input": "bad\#(index)", "expect": {"result": "reject", "error": "invalid_fid"}}"#
  }
  tests.insert(
    #"{"id": "trigger", "tags": ["invalid"], "input": "trigger", "expect": {"result": "reject", "error": "invalid_fid"}}"#,
    at: 3)
  try folder.write(
    "v/fid.json",
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [\#(tests.joined(separator: ","))]}"#
  )
  return ["--vectors", folder.path + "/v"]
}

/// `conformance run --adapter` against real misbehaving adapters: one script per fault under
/// Fixtures/, each relaying to `conformance serve` so every answer it does give is right.
@Suite struct AdapterFaultTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// `run --adapter "exec python3 Fixtures/NAME.py"` in-process (`exec`: `/bin/sh` would otherwise
  /// keep the adapter's standard output open), with the fixture's environment.
  func run(
    _ fixture: String, _ arguments: [String], folder: TemporaryFolder, timeout: Double = 5
  ) -> (status: Int32, output: String, error: String, seconds: Double) {
    let command =
      "CONFORMANCE=\(binary) FAULT_INPUT=trigger FAULT_PIDFILE=\(folder.path)/pids exec python3 \(fixtures)/\(fixture).py"
    let started = Date()
    let result = conformance(
      ["run", "--junit", folder.path + "/junit.xml", "--timeout", "\(timeout)", "--adapter", command] + arguments)
    return (result.status, result.output, result.error, Date().timeIntervalSince(started))
  }

  let shippedFID = ["--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--show-failures", "1000"]

  @Test func aStrayLineBeforeEvery50thAnswerErrorsOnlyThatTest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("stray_every_50th", shippedFID, folder: folder)
    #expect(result.status == 1)
    // 745 tests; lines before answers 50, 100, … 700: fourteen errors, no answer paired with
    // another test (no failure at all).
    #expect(result.output.contains("\n731 passed, 14 errors\n"))
    // Only the selected suite is in the table.
    #expect(
      result.output.contains(
        "\nsuite      passed  failed  errors  skipped\nleeep.fid     731       0      14        0\n"))
    #expect(result.output.contains("\n14 tests errored\n9 files run in "))
    #expect(result.output.components(separatedBy: "ERROR leeep.fid ").count - 1 == 14)
    #expect(
      result.output.contains(
        "stray_every_50th could not evaluate the input: adapter wrote a line on standard output that is not the answer to this request (id 50); standard output carries answers only: write logs to standard error. The line:\n    |     \"debug: answering request 50\""
      ))
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.count("//testcase/failure") == 0)
    #expect(junit.count("//testcase/error") == 14)
  }

  @Test func aCrashAfter100AnswersErrorsOneTestPerCrashAndTheRestPass() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("crash_after_100", shippedFID + ["--max-restarts", "1"], folder: folder)
    #expect(result.status == 1)
    // Every fresh instance answers 100 and dies on the 101st: 745 = 7 × 101 + 38.
    #expect(result.output.contains("\n738 passed, 7 errors\n"))
    #expect(
      result.output.components(separatedBy: "adapter exited with status 3 without answering, while evaluating input ")
        .count - 1 == 7)
    #expect(result.output.contains("; its last lines on standard error:\n    |     fatal: cannot handle "))
    #expect(result.output.contains("(the adapter was ended; a fresh one is started for the next test)"))
  }

  @Test func aHangOnOneInputIsOneTimeoutErrorAndTheRunGoesOn() throws {
    // 3 s, not 1: the restarted adapter must also start and answer its hello within --timeout,
    // and a loaded CI machine can take over a second to start python3.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("hang_on_input", try smallFile(in: folder), folder: folder, timeout: 3)
    #expect(result.status == 1)
    #expect(result.seconds < 3 + 4)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    #expect(
      result.output.contains(
        """
        ERROR leeep.fid trigger (\(folder.path)/v/fid.json)
          input:    "trigger"
          error:    hang_on_input could not evaluate the input: adapter gave no answer within 3 s (--timeout), while evaluating input "trigger"; its last lines on standard error:
            |     stuck in an endless loop
            |   (the adapter was ended; a fresh one is started for the next test)
          stderr:
            | stuck in an endless loop
        """))
  }

  @Test func aMisspelledSuiteInTheHelloIsACommandLineError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("misspelled_suite", try smallFile(in: folder), folder: folder)
    #expect(result.status == 2)
    #expect(
      result.error.contains(
        #"misspelled_suite.py` lists suite "leeep.fidd", which the contract does not have (did you mean "leeep.fid"?); suites: leeep.push.payload, "#
      ))
    // The report holds the error (a run that cannot start never leaves an old green report).
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("//testcase/@name") == "--adapter")
    #expect(junit.string("//testcase/error/@message")?.contains(#"lists suite "leeep.fidd""#) == true)
  }

  @Test func anAdapterWithNoneOfTheSelectedSuitesIsACommandLineError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("logs_to_stderr", try smallFile(in: folder) + ["--suite", "leeep.fid"], folder: folder)
    #expect(result.status == 0)
    let command =
      "printf '%s\\n' '{\"protocol\": \"conformance-adapter/2\", \"name\": \"fid-only\", \"suites\": [\"leeep.fid\"]}'; cat"
    let none = conformance([
      "run", "--junit", folder.path + "/j.xml", "--suite", "leeep.user-id", "--suite", "leeep.link",
      "--adapter", command,
    ])
    #expect(none.status == 2)
    #expect(
      none.error.hasPrefix(
        "conformance run: --adapter: adapter `\(command)` (fid-only) implements none of the selected suites (it implements leeep.fid; selected: leeep.user-id, leeep.link)\n"
      ))
  }

  @Test func aProtocol1AdapterIsToldHowToUpgrade() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("protocol_1", try smallFile(in: folder), folder: folder)
    #expect(result.status == 2)
    #expect(
      result.error.contains(
        #"protocol_1.py` speaks conformance-adapter/1, which this harness no longer accepts. To upgrade to conformance-adapter/2: add "protocol": "conformance-adapter/2" to the hello answer, and echo each request's "id" in its answer (docs/adapters.md)"#
      ))
  }

  @Test func anAdapterThatClosesItsOutputButStaysAliveIsAnErrorNotAHang() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("closes_stdout", try smallFile(in: folder), folder: folder, timeout: 20)
    #expect(result.status == 1)
    #expect(result.seconds < 10)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    #expect(
      result.output.contains(
        #"adapter closed its standard output without answering (its process is still running), while evaluating input "trigger""#
      ))
  }

  @Test func aChildThatKeepsThePipeOpenAfterTheAdapterExitsDoesNotBlockAndIsEnded() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("forked_child_keeps_pipe", try smallFile(in: folder), folder: folder, timeout: 20)
    #expect(result.status == 1)
    #expect(result.seconds < 10)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    #expect(
      result.output.contains(
        """
        adapter exited with status 1 without answering, while evaluating input "trigger"; its last lines on standard error:
            |     exiting, my child holds the pipe
        """))
    let pids = try folder.read("pids").split(separator: "\n").compactMap { pid_t($0) }
    #expect(pids.count == 1)
    for pid in pids { #expect(!isRunning(pid), "the child \(pid) was left running") }
  }

  @Test func anAdapterThatIgnoresTheEndOfItsInputIsEndedAfterTheGraceTime() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("ignores_end_of_input", try smallFile(in: folder), folder: folder)
    #expect(result.status == 0)
    #expect(result.seconds < 2 + 3)
    #expect(result.output.contains("\n7 passed, 0 failed\n"))
    for pid in try folder.read("pids").split(separator: "\n").compactMap({ pid_t($0) }) {
      #expect(!isRunning(pid))
    }
  }

  @Test func aGarbageHelloIsACommandLineErrorAndTheAdapterIsEnded() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("garbage_hello", try smallFile(in: folder), folder: folder)
    #expect(result.status == 2)
    #expect(
      result.error.contains(
        #"garbage_hello.py` answered the hello with a line that is not strict JSON (line 1, column 1: unexpected character 'S', expected a value): "Starting adapter v1.2 ..."; standard output carries answers only: write logs to standard error"#
      ))
    for pid in try folder.read("pids").split(separator: "\n").compactMap({ pid_t($0) }) {
      #expect(!isRunning(pid))
    }
  }

  /// The built binary under `… 2>&1 | cat`: the pipe's end comes as soon as the harness exits,
  /// since no adapter is left holding the harness's standard error.
  @Test func aGarbageHelloDoesNotKeepTheHarnessStandardErrorOpen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try requireBinary()
    let vectors = try smallFile(in: folder)
    let adapter = "exec python3 \(fixtures)/garbage_hello.py"
    let started = Date()
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c",
      "'\(binary)' run \(vectors.joined(separator: " ")) --junit \(folder.path)/j.xml --adapter '\(adapter)' 2>&1 | cat",
    ]
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(text.contains("answered the hello with a line that is not strict JSON"))
  }

  @Test func aSecondAnswerErrorsTheNextTestNamingTheEarlierID() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("answers_twice", try smallFile(in: folder), folder: folder)
    #expect(result.status == 1)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    // The trigger is request 4 (after three tests; the hello has no id): test t3 gets its echo.
    #expect(
      result.output.contains(
        """
        ERROR leeep.fid t3 (\(folder.path)/v/fid.json)
          input:    "bad3"
          error:    answers_twice could not evaluate the input: adapter wrote a line on standard output that is not the answer to this request (id 5); standard output carries answers only: write logs to standard error. The line:
            |     "{\\"id\\": 4, \\"result\\": \\"reject\\", \\"error\\": \\"invalid_fid\\"}" (id 4, not 5: an answer to another request)
        """))
  }

  /// An answer without its id is this test's error at once: no wait for --timeout.
  @Test func anAnswerWithoutItsIDErrorsThatTestAtOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("forgets_the_id", try smallFile(in: folder), folder: folder, timeout: 20)
    #expect(result.status == 1)
    #expect(result.seconds < 10)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    #expect(
      result.output.contains(
        #"(an answer without its request's id: echo "id": 4 as a JSON number)"#))
  }

  @Test func aSurplusAnswerAfterTheLastRequestFailsTheRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try smallFile(in: folder)
    let result = run("answers_twice", ["--vectors", folder.path + "/v", "--id", "trigger"], folder: folder)
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        #"ADAPTER adapter `CONFORMANCE="#))
    #expect(
      result.output.contains(
        #"answers_twice.py` wrote a line on standard output after its last request was answered: "{\"id\": 1, \"result\": \"reject\", \"error\": \"invalid_fid\"}" (an answer given twice, or a log line that belongs on standard error)"#
      ))
    #expect(result.output.contains("\n1 passed, 1 adapter problem\n"))
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("/testsuites/@failures") == "1")
    #expect(
      junit.string("//testsuite[@name='adapter']/testcase[@name='end.1']/failure/@message")?.contains(
        "wrote a line on standard output after its last request was answered") == true)
  }

  @Test func aHundredMegabyteLineIsAnErrorAfterTheCapAndTheAdapterIsRestarted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("huge_line", try smallFile(in: folder), folder: folder)
    #expect(result.status == 1)
    #expect(result.seconds < 10)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    #expect(
      result.output.contains(
        #"adapter wrote a line longer than 16 MiB (the limit for one answer), while evaluating input "trigger"; it wrote nothing on standard error"#
      ))
  }

  @Test func standardErrorIsKeptWithTheTestItWasWrittenDuring() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("logs_to_stderr", try smallFile(in: folder), folder: folder)
    #expect(result.status == 0)
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("//testcase[@name='t0']/system-err") == "evaluating 'bad0' (id 1)\n")
    #expect(junit.string("//testcase[@name='trigger']/system-err") == "evaluating 'trigger' (id 4)\n")
    #expect(junit.string("//testcase[@name='t5']/system-err") == "evaluating 'bad5' (id 7)\n")
  }

  @Test func anAdapterFailingEveryTimeIsGivenUpAfterMaxRestarts() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = run("crashes_always", try smallFile(in: folder) + ["--max-restarts", "2"], folder: folder)
    #expect(result.status == 1)
    #expect(result.output.contains("\n0 passed, 7 errors\n"))
    #expect(
      result.output.contains(
        "(that is 3 failures in a row: the adapter is not started again and the remaining tests are not run)"))
    let notRun = "could not evaluate the input: not run: adapter `"
    #expect(result.output.components(separatedBy: notRun).count - 1 == 4)
    #expect(
      result.output.contains(
        #"crashes_always.py` failed 3 times in a row (--max-restarts 2), the last time: adapter exited with status 139 without answering, while evaluating input "bad2""#
      ))
  }

  @Test func serveAnswersInvalidUTF8WithAnError() throws {
    try requireBinary()
    let serve = Process()
    serve.executableURL = URL(fileURLWithPath: binary)
    serve.arguments = ["serve"]
    let input = Pipe()
    let output = Pipe()
    serve.standardInput = input
    serve.standardOutput = output
    try serve.run()
    input.fileHandleForWriting.write(
      Data(#"{"type": "evaluate", "id": 1, "suite": "leeep.fid", "input": "a"#.utf8) + Data([0xFF])
        + Data(#"b", "context": {}}"#.utf8) + Data("\n".utf8)
        + Data(#"{"type": "evaluate", "id": 2, "suite": "leeep.fid", "input": "a", "context": {}} trailing"#.utf8)
        + Data("\n".utf8))
    try input.fileHandleForWriting.close()
    let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    serve.waitUntilExit()
    #expect(
      answers == """
        {"id": 1, "error": "request is not strict JSON: line 1, column 64: invalid UTF-8 byte 0xFF"}
        {"id": 2, "error": "request is not strict JSON: line 1, column 82: unexpected character 't' after the top-level value"}

        """)
  }

  /// The whole protocol end to end over the shipped corpus, with one and with four instances:
  /// the same JUnit report either way (times apart).
  @Test func theShippedCorpusPassesThroughServeWithOneAndFourJobs() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var reports: [String] = []
    for jobs in ["1", "4"] {
      let result = conformance([
        "run", "--vectors", packageRoot() + "/Vectors", "--junit", folder.path + "/\(jobs).xml", "--jobs", jobs,
        "--adapter", "\(binary) serve",
      ])
      #expect(result.status == 0, "\(result.output)")
      #expect(result.output.hasSuffix(" passed, 0 failed\n"))
      let xml = try folder.read("\(jobs).xml")
      // Times and the run's id differ from run to run.
      reports.append(
        xml.replacingOccurrences(of: #" (time|timestamp)="[^"]*""#, with: "", options: .regularExpression)
          .replacingOccurrences(
            of: #"<property name="run-id" value="[0-9a-f]{32}"/>"#, with: "", options: .regularExpression))
    }
    #expect(reports[0] == reports[1])
  }
}

let binary = packageRoot() + "/.build/debug/conformance"
let fixtures = packageRoot() + "/Tests/AdapterProtocolTests/Fixtures"

func requireBinary() throws {
  try #require(FileManager.default.isExecutableFile(atPath: binary), "swift build first: \(binary)")
}

/// Runs `conformance ARGS` in-process and returns (exit status, stdout, stderr).
func conformance(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  let captured = CapturedConsole()
  let status = ConformanceCommand.main(arguments: arguments, console: captured.console)
  return (status, captured.output, captured.error)
}

/// Whether `pid` is a live process (a zombie nobody reaped yet counts as ended).
func isRunning(_ pid: pid_t) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  let state = stat[stat.index(close, offsetBy: 2)]
  return state != "Z" && state != "X"
}
