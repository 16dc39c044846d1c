import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A conformance-adapter/2 implementation of `leeep.fid` in Python, as another team would write
/// one; it gets the length rule wrong on purpose (accepts 23 characters) to show a real failure.
let pythonFIDAdapter = #"""
  import json, re, sys
  for line in sys.stdin:
      request = json.loads(line)
      if request["type"] == "hello":
          answer = {"protocol": "conformance-adapter/2", "name": "python-fid", "suites": ["leeep.fid"]}
      elif not isinstance(request["input"], str):
          answer = {"result": "reject", "error": "not_a_string"}
      elif re.fullmatch(r"[cdef][A-Za-z0-9_-]{21,22}", request["input"]):
          answer = {"result": "accept", "output": request["input"]}
      else:
          answer = {"result": "reject", "error": "invalid_fid"}
      if request["type"] == "evaluate":
          answer["id"] = request["id"]
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
      "adapter.sh",
      #"read hello; echo '{"protocol": "conformance-adapter/2", "name": "bad", "suites": ["leeep.fid"]}'; read request; echo '{"id": 1, "result": "maybe"}'; read request; echo 'not json'; exec >&-; sleep 5"#
    )
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "exec sh \(script)",
    ])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        #"bad could not evaluate the input: adapter answered {"id": 1, "result": "maybe"}; "result" must be "accept" or "reject""#
      ))
    #expect(
      result.output.contains(
        "bad could not evaluate the input: adapter wrote a line on standard output that is not the answer to this request (id 2); standard output carries answers only: write logs to standard error. The line:\n    |     \"not json\""
      ))
    #expect(result.output.contains("\n0 passed, 2 errors\n"))
  }

  @Test func anAdapterThatCannotStartIsAUsageError() {
    let result = conformance(["run", "--adapter", "echo starting >&2; exit 3"])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "conformance run: --adapter: adapter `echo starting >&2; exit 3` exited with status 3 without answering the hello; its last lines on standard error:\n    |     starting\n"
      ))
  }
}
