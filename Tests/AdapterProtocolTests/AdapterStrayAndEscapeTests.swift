import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Lines that are not the answer are the test's error at once; ids are integers; descendants
/// that leave the adapter's process group end with it; SIGTERM is answered in the middle of a
/// file with a slow adapter. Each with a real misbehaving adapter (Fixtures/).
@Suite struct AdapterStrayAndEscapeTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  func run(_ fixture: String, mode: String = "", folder: TemporaryFolder, timeout: Double = 20) throws -> (
    status: Int32, output: String, seconds: Double
  ) {
    let command =
      "CONFORMANCE=\(binary) FAULT_MODE=\(mode) FAULT_INPUT=trigger FAULT_PIDFILE=\(folder.path)/pids exec python3 \(fixtures)/\(fixture).py"
    let started = Date()
    let result = conformance(
      ["run", "--junit", folder.path + "/junit.xml", "--timeout", "\(timeout)", "--adapter", command]
        + (try smallFile(in: folder)))
    return (result.status, result.output, Date().timeIntervalSince(started))
  }

  @Test(arguments: ["log", "empty", "unknown-id", "float-id"])
  func aLineThatIsNotTheAnswerErrorsItsTestAtOnce(mode: String) throws {
    // The line as the error quotes it: a JSON string cut after 200 bytes, and why it is not the
    // answer when it looks like one.
    let quoted =
      switch mode {
      case "log": "\"debug: " + String(repeating: "x", count: 193) + "\"… (300 bytes in all)"
      case "empty": #""{}""#
      case "unknown-id":
        #""{\"id\": 99999, \"result\": \"reject\", \"error\": \"invalid_fid\"}" (id 99999, not 4: an answer to another request)"#
      default:
        #""{\"id\": 4.0, \"result\": \"reject\", \"error\": \"invalid_fid\"}" (id "4.0" is not an integer: echo "id": 4 as the request wrote it)"#
      }
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try run("stray_then_late_answer", mode: mode, folder: folder)
    #expect(result.status == 1)
    // The error is said at once (the late answer comes 3 s later and is dropped), not at the
    // 20-second --timeout, and no other test is touched.
    #expect(result.seconds < 12)
    #expect(result.output.contains("\n6 passed, 1 error\n"), "\(result.output)")
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    let message = try #require(junit.string("//testcase[@name='trigger']/error/@message"))
    #expect(
      message
        == "stray_then_late_answer could not evaluate the input: adapter wrote a line on standard output that is not the answer to this request (id 4); standard output carries answers only: write logs to standard error. The line:\n    \(quoted)"
    )
    #expect(!result.output.contains("ADAPTER"))
  }

  @Test func descendantsThatLeaveTheProcessGroupEndWithTheAdapter() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try run("escapes_the_group", folder: folder)
    // The trigger crashes the first instance; a second one runs the rest.
    #expect(result.status == 1)
    #expect(result.output.contains("\n6 passed, 1 error\n"))
    let pids = try folder.read("pids").split(separator: "\n").compactMap { pid_t($0) }
    #expect(pids.count == 4)
    // Ended with their adapter (the run waits for nothing else): a moment for the kernel.
    let deadline = Date().addingTimeInterval(2)
    while pids.contains(where: isRunning), Date() < deadline { usleep(10_000) }
    for pid in pids { #expect(!isRunning(pid), "process \(pid) outlived its adapter") }
  }
}
