import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A conformance-adapter/1 implementation of `leeep.fid` in Python, as another team would write
/// one; it gets the length rule wrong on purpose (accepts 23 characters) to show a real failure.
let pythonFIDAdapter = #"""
  import json, re, sys
  for line in sys.stdin:
      request = json.loads(line)
      if request["type"] == "hello":
          answer = {"name": "python-fid", "suites": ["leeep.fid"]}
      elif not isinstance(request["input"], str):
          answer = {"result": "reject", "error": "not_a_string"}
      elif re.fullmatch(r"[cdef][A-Za-z0-9_-]{21,22}", request["input"]):
          answer = {"result": "accept", "output": request["input"]}
      else:
          answer = {"result": "reject", "error": "invalid_fid"}
      print(json.dumps(answer), flush=True)
  """#

@Suite(.serialized) struct AdapterTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  @Test func anotherImplementationIsCheckedOverTheAdapterProtocol() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write("adapter.py", pythonFIDAdapter)
    let long =
      #"{"id": "length.23", "input": "cAbCdEfGhIjKlMnOpQr_-0A", "expect": {"result": "reject", "error": "invalid_fid"}}"#
    let user = #"{"id": "u", "input": "x", "expect": {"result": "accept"}}"#
    try folder.write("v/fid.json", fidFile(passingFID + "," + long))
    try folder.write(
      "v/user.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "d", "tests": [\#(user)]}"#)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "python3 \(script)",
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("FAIL leeep.fid length.23 ("))
    #expect(result.output.contains(#"actual:   {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0A"}"#))
    #expect(result.output.contains("\n1 passed, 1 failed, 1 skipped\n"))
  }

  @Test func anAdapterThatAnswersNonsenseMakesTestErrorsNotACrash() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(
      "adapter.sh", #"read hello; echo '{"name": "bad", "suites": ["leeep.fid"]}'; read request; echo 'not json'"#)
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "sh \(script)",
    ])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "adapter `sh \(script)` answered a line that is not strict JSON (line 1, column 1: invalid literal, expected null): not json"
      ))
    #expect(result.output.contains("adapter `sh \(script)` closed its output without answering"))
    #expect(result.output.contains("\n0 passed, 2 failed\n"))
  }

  @Test func anAdapterThatCannotStartIsAUsageError() {
    let result = conformance(["run", "--adapter", "exit 3"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --adapter: adapter `exit 3` closed its output without answering"))
  }
}
