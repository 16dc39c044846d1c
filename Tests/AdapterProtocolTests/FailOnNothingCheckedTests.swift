import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--fail-on new-failures` never turns a run that checked nothing, or tests that were never
/// run, into a green run: an adapter that crashes on every request errors on every test in
/// both runs, and those errors are not "old failures".
@Suite struct FailOnNothingCheckedTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  @Test func anAdapterThatCrashesOnEveryRequestIsNeverGatedToZero() throws {
    try requireBinary()
    let folder = try TemporaryFolder("fail-on-nothing-checked")
    defer { folder.remove() }
    let vectors = try smallFile(in: folder)
    let adapter = "CONFORMANCE=\(binary) exec python3 \(fixtures)/crashes_always.py"
    let history = ["--history", folder.path + "/history"]
    for run in 1...2 {
      let result = conformance(
        ["run"] + vectors + [
          "--adapter", adapter, "--junit", folder.path + "/j.xml", "--report-json", folder.path + "/r\(run).json",
          "--fail-on", "new-failures",
        ] + history)
      #expect(result.status == 1, "run \(run): \(result.output)\(result.error)")
      if run == 2 {
        #expect(result.output.contains(" 0 new failures, 0 fixed, 7 still failing, 0 new, 0 removed\n"))
        #expect(
          result.output.contains(
            "\n--fail-on new-failures: nothing was checked (every test errored or was skipped: no answer was judged), so no failure is an old one: the run exits 1\n"
          ), "\(result.output)")
        #expect(!result.output.contains("every failure is an old one"))
      }
    }
    // Against a report (--compare), the same.
    let compared = conformance(
      ["run"] + vectors + [
        "--adapter", adapter, "--junit", folder.path + "/j.xml", "--compare", folder.path + "/r1.json", "--fail-on",
        "new-failures",
      ])
    #expect(compared.status == 1)
  }

  /// An adapter that answers three requests and then crashes, with `--max-restarts 0`: the
  /// fourth test errors and the rest are not run. Compared with a run that did the same, every
  /// failure is "still failing", yet three tests were never put to the adapter.
  @Test func testsNotRunAreNotOldFailures() throws {
    try requireBinary()
    let folder = try TemporaryFolder("fail-on-not-run")
    defer { folder.remove() }
    let vectors = try smallFile(in: folder)
    let script = try folder.write(
      "three.py",
      """
      import json, os, sys
      answered = 0
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "three", "suites": ["leeep.fid"]}), flush=True)
              continue
          if answered == 3:
              os._exit(3)
          answered += 1
          print(json.dumps({"id": request["id"], "result": "reject", "error": "invalid_fid"}), flush=True)
      """)
    let arguments =
      ["run"] + vectors + [
        "--adapter", "exec python3 \(script)", "--max-restarts", "0", "--junit", folder.path + "/j.xml",
        "--history", folder.path + "/history", "--fail-on", "new-failures",
      ]
    let first = conformance(arguments)
    #expect(first.status == 1, "\(first.output)\(first.error)")
    #expect(first.output.hasSuffix("3 passed, 4 errors\n"), "\(first.output)")
    // One failure is said in the singular.
    #expect(first.output.contains("(that is 1 failure in a row: the adapter is not started again"))
    #expect(first.output.contains("` failed once in a row (--max-restarts 0), the last time: "))
    let second = conformance(arguments)
    #expect(second.status == 1, "\(second.output)\(second.error)")
    #expect(second.output.contains(" 0 new failures, 0 fixed, 4 still failing, 0 new, 0 removed\n"))
    #expect(
      second.output.contains(
        "\n--fail-on new-failures: 3 tests errored without being run (an adapter was given up), and a test not run is not an old failure: the run exits 1\n"
      ), "\(second.output)")
  }
}
