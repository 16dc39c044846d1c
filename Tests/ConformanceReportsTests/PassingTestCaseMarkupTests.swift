import ConformanceJSON
import ConformanceKit
import Testing

@testable import ConformanceReports

/// Passing testcases put together from ``PassingTestCaseMarkup`` must be byte for byte what
/// `xmlTextWriter` writes call by call, wherever they fall among other testcases.
@Suite struct PassingTestCaseMarkupTests {
  let mismatch = TestFailure(
    expected: ["result": "reject", "error": "invalid_fid"], actual: ["result": "accept", "output": "c1"],
    difference: "result: expected reject, got accept")

  /// Both renderings of one report's `<testsuite>`.
  func bothWays(_ report: FileReport, strict: Bool = false) throws -> (markup: [UInt8], calls: [UInt8]) {
    let markup = try JUnitReportWriter.render(
      report, hostname: "ci-host", timestamp: "2024-05-01T10:00:00Z", strict: strict, runID: "r1")
    let calls = try JUnitReportWriter.render(
      report, hostname: "ci-host", timestamp: "2024-05-01T10:00:00Z", strict: strict, runID: "r1",
      passingFromMarkup: false)
    return (markup.fragment.bytes, calls.fragment.bytes)
  }

  func mixedResults() -> [TestResult] {
    var logged = result("pass.logged", .passed)
    logged.log = "adapter said: hello <&>\n"
    var silent = result("pass.empty-log", .passed, nanoseconds: 9_999_999_999)
    silent.log = ""
    return [
      result("pass.a", .passed, nanoseconds: 0),
      result("pass.b", .passed, nanoseconds: 499_999),
      result("pass.c", .passed, nanoseconds: 500_000),
      result("pass.d", .passed, nanoseconds: 1_234_567_890),
      result("pass.e", .passed, nanoseconds: 98_765_432_109_876),
      result("fail.a", .failed(mismatch), description: "an FID without its prefix"),
      result("skip.a", .skipped("reference does not implement suite leeep.fid")),
      result("error.a", .errored("could not evaluate: <context> & \"more\"")),
      logged, silent,
      // Ids libxml2 escapes or that hold what XML 1.0 forbids: written call by call.
      result("id.amp&", .passed), result("id.quote\"", .passed), result("id.lt<gt>", .passed),
      result("id.tab\t", .passed), result("id.é", .passed), result("id.nul\u{0}", .passed),
      result("", .passed), result("zz.last", .passed),
    ]
  }

  @Test func theMarkupIsLibxml2sTestcaseWithoutItsNameAndTime() throws {
    let markup = try #require(
      PassingTestCaseMarkup(classname: VisibleXMLText("leeep.fid"), file: VisibleXMLText("V/a.json")))
    var bytes = ByteAppender(capacity: 0)
    #expect(markup.append(id: "valid.1", nanoseconds: 1_500_000, to: &bytes))
    #expect(
      String(decoding: bytes.bytes, as: UTF8.self)
        == "  <testcase classname=\"leeep.fid\" name=\"valid.1\" file=\"V/a.json\" time=\"0.002\"/>\n")
    let before = Array(bytes.bytes)
    #expect(!markup.append(id: "a&b", nanoseconds: 0, to: &bytes))
    #expect(Array(bytes.bytes) == before)
  }

  @Test func mixedTestcasesGiveTheSameBytes() throws {
    let report = fileReport("fid/mixed.json", results: mixedResults())
    let (markup, calls) = try bothWays(report)
    #expect(markup == calls)
    let (strictMarkup, strictCalls) = try bothWays(report, strict: true)
    #expect(strictMarkup == strictCalls)
  }

  @Test func onlyPassesAndOnlyFailuresGiveTheSameBytes() throws {
    let passes = (0..<50).map { result("p.\($0)", .passed, nanoseconds: UInt64($0) * 7_654_321) }
    let failures = (0..<5).map { result("f.\($0)", .failed(mismatch)) }
    for results in [passes, failures, [passes[0]], Array(passes.prefix(3)) + failures + Array(passes.suffix(3))] {
      let (markup, calls) = try bothWays(fileReport("fid/set.json", results: results))
      #expect(markup == calls)
    }
  }

  /// A class or file that libxml2 escapes (an implementation's name, a path) is escaped in the
  /// markup by libxml2 itself, so it comes out the same too.
  @Test func escapedClassAndFileGiveTheSameBytes() throws {
    let hostile = [
      "a\"b", "x name=\"\" y", "<&>", "tab\there", "line\nbreak", "é and \u{FFFE}", "ctl\u{1}", " time=\"\"",
    ]
    for text in hostile {
      var report = fileReport(
        "dir/\(text).json", suite: "leeep.fid", results: [result("a", .passed), result("b", .failed(mismatch))])
      report.implementation = text
      report.location = VectorFileLocation(root: "Vectors \(text)", path: "dir/\(text).json")
      // The markup is made (a `nil` would send every testcase through the calls, proving nothing).
      #expect(PassingTestCaseMarkup(classname: VisibleXMLText(text), file: VisibleXMLText(text)) != nil, "\(text)")
      #expect(PassingTestCaseMarkup(classname: VisibleXMLText(text), file: nil) != nil, "\(text)")
      let (markup, calls) = try bothWays(report)
      #expect(markup == calls, "\(text)")
      let (strictMarkup, strictCalls) = try bothWays(report, strict: true)
      #expect(strictMarkup == strictCalls, "\(text)")
    }
  }

  /// The word-at-a-time check says what a byte-by-byte one says: every byte value at every
  /// place of ids 1 to 24 bytes long (both sides of each eight-byte word and the tail).
  @Test func verbatimCheckMatchesTheByteRule() {
    func byByte(_ bytes: [UInt8]) -> Bool {
      bytes.allSatisfy { (0x20...0x7E).contains($0) && !"<>&\"".utf8.contains($0) }
    }
    for length in 1...24 {
      for place in 0..<length {
        for value in UInt8.min...UInt8.max {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[place] = value
          let verbatim = bytes.withUnsafeBufferPointer { isVerbatimInAttribute($0) }
          #expect(verbatim == byByte(bytes), "byte 0x\(String(value, radix: 16)) at \(place) of \(length)")
        }
      }
    }
    #expect(isVerbatimInAttribute(UnsafeBufferPointer(start: nil, count: 0)))
  }

  @Test func appendedSecondsAreTheSecondsText() {
    var values: [UInt64] = [0, 1, 499_999, 500_000, 999_999, 1_000_000, 9_499_999, 9_500_000, 999_500_000, UInt64.max]
    var value: UInt64 = 1
    while value < UInt64.max / 7 {
      values += [value, value &* 3, value + 499_999, value + 500_000]
      value = value &* 7
    }
    for nanoseconds in values {
      var bytes = ByteAppender(capacity: 0)
      bytes.append(Array("x".utf8))
      JUnitFormat.appendSeconds(nanoseconds: nanoseconds, to: &bytes)
      #expect(String(decoding: bytes.bytes, as: UTF8.self) == "x" + JUnitFormat.seconds(nanoseconds: nanoseconds))
    }
  }
}
