import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `conformance smoke --adapter`: a quick check that says in plain words what is wrong.
@Suite struct SmokeCommandTests {
  /// The hello, an accepted and a rejected vector of each suite, two unusual inputs, the end.
  static let checkCount = 2 * Contract.suites.count + 4

  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// A `leeep.fid` adapter with two mistakes: a wrong rejection code, and a crash on an input
  /// that is not a string.
  let sloppyAdapter = #"""
    import json, re, sys
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"protocol": "conformance-adapter/2", "name": "sloppy", "suites": ["leeep.fid"]}
        elif re.fullmatch(r"[cdef][A-Za-z0-9_-]{21}", request["input"]):
            answer = {"id": request["id"], "result": "accept", "output": request["input"]}
        else:
            answer = {"id": request["id"], "result": "reject", "error": "bad_fid"}
        print(json.dumps(answer), flush=True)
    """#

  @Test func theReferenceBehindServePassesEveryCheck() throws {
    try requireBinary()
    let result = conformance(["smoke", "--vectors", packageRoot() + "/Vectors", "--adapter", "\(binary) serve"])
    #expect(result.status == 0, "\(result.output)")
    #expect(
      result.output.hasSuffix(
        "\n  ok    end: exited when its input closed\n\(Self.checkCount) checks passed: ready for `conformance run --adapter`.\n"
      ))
  }

  @Test func aSloppyAdapterIsToldWhatIsWrong() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write("sloppy.py", sloppyAdapter)
    let vectors = packageRoot() + "/Vectors"
    let result = conformance(["smoke", "--vectors", vectors, "--adapter", "exec python3 \(script)"])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix(
        """
        conformance smoke: adapter `exec python3 \(script)`
          ok    hello: "sloppy" speaks conformance-adapter/2 and implements leeep.fid
          ok    leeep.fid accepted vector last.dash (\(vectors)/leeep.fid/last-character.json): answered as expected
          FAIL  leeep.fid rejected vector first.nul (\(vectors)/leeep.fid/first-character.json): wrong answer: expected {"result": "reject", "error": "invalid_fid"}, got {"result": "reject", "error": "bad_fid"} (error: expected "invalid_fid", got "bad_fid")
          ok    unusual input (a string with a NUL, a line separator, an emoji and a combining mark): answered {"result": "reject", "error": "bad_fid"}
          FAIL  unusual input (an object where a string is usual): adapter exited with status 1 without answering, while evaluating input {"nested": [1, null, true]}; its last lines on standard error:
        """))
    #expect(result.output.contains("    TypeError: expected string or bytes-like object, got 'dict'\n"))
    #expect(
      result.output.hasSuffix(
        """
                (requests carry any JSON value, escaped on one line: parse them with a JSON library, and answer every request, with {"id": …, "error": "…"} when nothing else fits)
          ok    end: exited when its input closed
        2 of 6 checks failed (docs/adapters.md).

        """))
  }

  @Test func everyMisspeltSuiteOfTheHelloIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(
      "typos.py",
      sloppyAdapter.replacingOccurrences(
        of: #"["leeep.fid"]"#, with: #"["leeep.fidd", "leeep.user-idd", "nothing.like.it"]"#))
    let result = conformance(["smoke", "--vectors", packageRoot() + "/Vectors", "--adapter", "exec python3 \(script)"])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        #"lists suites "leeep.fidd" (did you mean "leeep.fid"?), "leeep.user-idd" (did you mean "leeep.user-id"?), which the contract does not have; suites: "#
      ), "\(result.output)")
  }

  @Test func aHelloFailureAndALingeringAdapterAreChecksThatFail() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let garbage = conformance([
      "smoke", "--vectors", packageRoot() + "/Vectors", "--adapter", "echo hello there; sleep 5",
    ])
    #expect(garbage.status == 1)
    #expect(
      garbage.output == """
        conformance smoke: adapter `echo hello there; sleep 5`
          FAIL  hello: adapter `echo hello there; sleep 5` answered the hello with a line that is not strict JSON (line 1, column 1: unexpected character 'h', expected a value): "hello there"; standard output carries answers only: write logs to standard error
        1 of 1 checks failed (docs/adapters.md).

        """)
    let lingering = conformance([
      "smoke", "--vectors", packageRoot() + "/Vectors", "--adapter",
      "CONFORMANCE=\(binary) exec python3 \(fixtures)/ignores_end_of_input.py",
    ])
    #expect(lingering.status == 1)
    #expect(
      lingering.output.contains(
        "ignores_end_of_input.py` did not exit within 2 s after its input was closed; it was ended. Exit when standard input ends (a read that returns end of file)\n1 of \(Self.checkCount) checks failed"
      ))
    #expect(conformance(["smoke"]).error.hasPrefix("conformance smoke: --adapter COMMAND is required\n"))
  }
}
