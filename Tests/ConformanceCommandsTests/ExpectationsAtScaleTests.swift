import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// An expectations file whose reasons are written once, and whose stale entries are printed
/// under the failure cap.
@Suite struct ExpectationsAtScaleTests {
  @Test func aReasonIsWrittenOncePerEntryAndEachTestPointsToIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // 300 tests that all fail (their expectation is wrong for the input).
    let tests = (0..<300).map { #"{"id": "wrong.\#($0)", "input": "x\#($0)", "expect": {"result": "accept"}}"# }
    try folder.write("v/fid.json", fidFile(tests.joined(separator: ",")))
    let reason = String(repeating: "r", count: 500)
    let list = try folder.write(
      "list.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "*", "reason": "\#(reason)", "link": "https://tracker.example/1"}]}"#
    )
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/junit.xml", "--expectations", list,
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("\n0 passed, 0 failed, 300 expected failures\n"))
    let text = try folder.read("junit.xml")
    #expect(text.components(separatedBy: reason).count - 1 == 1)
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(
      junit.string("//testsuite[@name='expected-failures']/properties/property[@name='\(list) entries[0]']/@value")
        == reason + " (https://tracker.example/1)")
    #expect(
      junit.string("//testcase[@name='wrong.7']/skipped/@message")
        == "expected failure (\(list) entries[0]); failed: result: expected accept, got reject with error \"invalid_fid\""
    )
    #expect(junit.count("//testcase/skipped") == 300)
    #expect(junit.string("/testsuites/@skipped") == "300")
  }

  @Test func staleEntriesArePrintedUnderTheFailureCapWithACountOfTheRest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID))
    let entries = (0..<60).map { #"{"suite": "leeep.fid", "id": "gone.\#($0)", "reason": "r"}"# }
    let list = try folder.write(
      "list.json", #"{"format": "conformance-expectations/1", "entries": [\#(entries.joined(separator: ","))]}"#)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/junit.xml", "--expectations", list,
      "--show-failures", "5",
    ])
    #expect(result.status == 1)
    #expect(result.output.components(separatedBy: "\nSTALE ").count - 1 == 5)
    #expect(
      result.output.contains(
        "\n… and 55 more stale entries not shown (see the JUnit report; --show-failures N shows more)\n"))
    // The JUnit report has every one.
    #expect(
      try XMLReadBack(path: folder.path + "/junit.xml").count("//testcase/failure[@type='stale-expectation']") == 60)
  }
}
