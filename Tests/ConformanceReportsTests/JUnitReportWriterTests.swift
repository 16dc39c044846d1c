import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Testing

@testable import ConformanceReports

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct JUnitReportShapeTests {
  let mismatch = TestFailure(
    expected: ["result": "reject", "error": "invalid_fid"], actual: ["result": "accept", "output": "c1"],
    difference: "result: expected reject, got accept")

  func sampleReports() -> [FileReport] {
    [
      fileReport(
        "fid/valid.json", source: "LEEEP iOS SDK reference §2", description: "Valid FIDs",
        results: [
          result("fid.valid.b", .passed, nanoseconds: 1_234_567_890),
          result("fid.valid.a", .failed(mismatch), description: "an FID without its prefix"),
          result("fid.valid.c", .skipped("reference does not implement suite leeep.fid")),
          result(
            "fid.valid.d", .errored("reference could not evaluate the input: context"),
            expected: .reject(error: "invalid_fid", field: nil)),
        ], nanoseconds: 7_000_000),
      loadFailureReport("fid/broken.json", suite: "leeep.fid", reason: "tests[0].id: duplicate id \"x\""),
      loadFailureReport("unknown.json", suite: nil, reason: "invalid JSON: unexpected end of input at byte 1"),
    ]
  }

  @Test func rootCarriesRunTotalsTimestampAndHost() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(sampleReports(), to: destination, runNanoseconds: 1_500_000_000)
    let report = try readValidReport(destination)
    #expect(report.string("name(/*)") == "testsuites")
    #expect(report.string("/testsuites/@name") == "conformance")
    #expect(report.string("/testsuites/@tests") == "6")
    #expect(report.string("/testsuites/@failures") == "1")
    #expect(report.string("/testsuites/@errors") == "3")
    #expect(report.string("/testsuites/@skipped") == "1")
    #expect(report.string("/testsuites/@time") == "1.500")
    #expect(report.string("/testsuites/@timestamp") == "2024-05-01T10:00:00Z")
    #expect(report.string("/testsuites/@hostname") == "ci-host")
    expectCountsMatchChildren(report)
  }

  @Test func oneTestsuitePerFileNamedByRelativePath() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(sampleReports(), to: destination)
    let report = try readValidReport(destination)
    #expect(report.strings("/testsuites/testsuite/@name") == ["fid/valid.json", "fid/broken.json", "unknown.json"])
    #expect(
      report.strings("/testsuites/testsuite/@file") == [
        "Vectors/fid/valid.json", "Vectors/fid/broken.json", "Vectors/unknown.json",
      ])
    let suite = "/testsuites/testsuite[1]"
    #expect(report.string("\(suite)/@tests") == "4")
    #expect(report.string("\(suite)/@failures") == "1")
    #expect(report.string("\(suite)/@errors") == "1")
    #expect(report.string("\(suite)/@skipped") == "1")
    #expect(report.string("\(suite)/@time") == "0.007")
    #expect(report.string("\(suite)/@timestamp") == "2024-05-01T10:00:00Z")
    #expect(report.string("\(suite)/@hostname") == "ci-host")
    #expect(report.strings("\(suite)/properties/property/@name") == ["suite", "source", "description", "root"])
    #expect(
      report.strings("\(suite)/properties/property/@value") == [
        "leeep.fid", "LEEEP iOS SDK reference §2", "Valid FIDs", "Vectors",
      ])
  }

  @Test func testcasesInIDByteOrderWithClassFileAndTime() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(
      [fileReport("a.json", results: ["b", "a", "B", "a.b", "a-b", "a_b"].map { result($0, .passed) })], to: destination
    )
    let report = try readValidReport(destination)
    #expect(report.strings("//testcase/@name") == ["B", "a", "a-b", "a.b", "a_b", "b"])
    #expect(Set(report.strings("//testcase/@classname")) == ["leeep.fid"])
    #expect(Set(report.strings("//testcase/@file")) == ["Vectors/a.json"])
  }

  @Test func mismatchIsAFailureShowingExpectedActualAndDifference() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(sampleReports(), to: destination)
    let report = try readValidReport(destination)
    let testcase = "//testcase[@name='fid.valid.a']"
    #expect(report.count("\(testcase)/*") == 1)
    #expect(report.string("\(testcase)/failure/@type") == "mismatch")
    #expect(report.string("\(testcase)/failure/@message") == "result: expected reject, got accept")
    #expect(
      report.string("\(testcase)/failure")
        == """
        description: an FID without its prefix
        expected: {"result": "reject", "error": "invalid_fid"}
        actual: {"result": "accept", "output": "c1"}
        difference: result: expected reject, got accept

        """)
  }

  @Test func passedSkippedAndErroredTestcases() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(sampleReports(), to: destination)
    let report = try readValidReport(destination)
    #expect(report.count("//testcase[@name='fid.valid.b']/*") == 0)
    #expect(report.string("//testcase[@name='fid.valid.b']/@time") == "1.235")
    #expect(
      report.string("//testcase[@name='fid.valid.c']/skipped/@message")
        == "reference does not implement suite leeep.fid")
    #expect(report.string("//testcase[@name='fid.valid.d']/error/@type") == "implementation-error")
    #expect(
      report.string("//testcase[@name='fid.valid.d']/error/@message")
        == "reference could not evaluate the input: context")
    #expect(
      report.string("//testcase[@name='fid.valid.d']/error")
        == "expected: {\"result\": \"reject\", \"error\": \"invalid_fid\"}\nerror: reference could not evaluate the input: context\n"
    )
  }

  /// A load error is a testcase named by the file, holding an `<error type="load-error">`, and
  /// counts as one test and one error in its testsuite and the root.
  @Test func loadErrorIsAnErrorTestcaseNamedForTheFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(sampleReports(), to: destination)
    let report = try readValidReport(destination)
    let known = "/testsuites/testsuite[@name='fid/broken.json']"
    #expect(report.string("\(known)/@tests") == "1")
    #expect(report.string("\(known)/@errors") == "1")
    #expect(report.string("\(known)/@failures") == "0")
    #expect(report.string("\(known)/testcase/@name") == "Vectors/fid/broken.json", "root included: unique across roots")
    #expect(report.string("\(known)/testcase/@classname") == "leeep.fid")
    #expect(report.string("\(known)/testcase/error/@type") == "load-error")
    #expect(report.string("\(known)/testcase/error/@message") == "tests[0].id: duplicate id \"x\"")
    #expect(report.string("\(known)/testcase/error") == "Vectors/fid/broken.json: tests[0].id: duplicate id \"x\"")
    #expect(report.string("\(known)/properties/property[@name='suite']/@value") == "leeep.fid")
    let unknown = "/testsuites/testsuite[@name='unknown.json']"
    #expect(report.string("\(unknown)/testcase/@classname") == "conformance.load")
    #expect(report.string("\(unknown)/testcase/@name") == "Vectors/unknown.json")
    #expect(report.string("\(unknown)/properties/property[@name='suite']/@value") == "")
    #expect(report.string("\(unknown)/properties/property[@name='source']/@value") == "")
    expectCountsMatchChildren(report)
  }

  @Test func everyTimeHasExactlyThreeDecimals() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport(sampleReports(), to: destination, runNanoseconds: 12_345_678_901)
    let report = try readValidReport(destination)
    let times = report.strings("//@time")
    #expect(times.count == 1 + 3 + 6)
    for time in times {
      let parts = time.split(separator: ".", omittingEmptySubsequences: false)
      #expect(parts.count == 2 && !parts[0].isEmpty && parts[1].utf8.count == 3, "\(time)")
      #expect(time.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }, "\(time)")
    }
    #expect(report.string("/testsuites/@time") == "12.346")
  }

  @Test func emptyRunIsAValidReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport([], to: destination, runNanoseconds: 0)
    let report = try readValidReport(destination)
    #expect(report.count("/testsuites/*") == 0)
    #expect(
      report.strings("/testsuites/@*") == [
        "conformance", "0", "0", "0", "0", "0.000", "2024-05-01T10:00:00Z", "ci-host",
      ])
  }
}

/// Characters XML 1.0 forbids become visible escapes; XML's own specials are escaped by the
/// writer and read back exactly.
@Suite struct JUnitReportEscapingTests {
  static let hostile =
    "soh\u{1} esc\u{1B} us\u{1F} fffe\u{FFFE} ffff\u{FFFF} cdata]]> amp& lt< gt> quot\" apos' tab\t lf\n cr\r nfc\u{E9} nfd e\u{301} emoji🎌 nul\u{0} end"
  static let visible =
    "soh\\u0001 esc\\u001b us\\u001f fffe\\ufffe ffff\\uffff cdata]]> amp& lt< gt> quot\" apos' tab\t lf\n cr\r nfc\u{E9} nfd e\u{301} emoji🎌 nul\\u0000 end"

  func writeHostileReport(to destination: String) throws {
    let failure = TestFailure(expected: .string(Self.hostile), actual: .null, difference: Self.hostile)
    try writeReport(
      [
        fileReport(
          "odd & <names>.json", source: Self.hostile, description: Self.hostile,
          results: [
            result("failed", .failed(failure), description: Self.hostile),
            result("errored", .errored(Self.hostile)),
            result("skipped", .skipped(Self.hostile)),
          ]),
        loadFailureReport("broken.json", suite: nil, reason: Self.hostile),
      ], to: destination)
  }

  @Test func reportIsWellFormedAndHoldsNoForbiddenBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeHostileReport(to: destination)
    _ = try readValidReport(destination)
    let bytes = readAllBytes(destination) ?? []
    #expect(!bytes.isEmpty)
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
    let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
    #expect(!scalars.contains("\u{FFFE}") && !scalars.contains("\u{FFFF}"))
    #expect(!scalars.contains("\u{FFFD}"))  // no invalid UTF-8 was repaired by the decoding above
  }

  @Test func attributesReadBackAsVisibleEscapes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeHostileReport(to: destination)
    let report = try readValidReport(destination)
    let values = [
      report.string("//testcase[@name='failed']/failure/@message"),
      report.string("//testcase[@name='errored']/error/@message"),
      report.string("//testcase[@name='skipped']/skipped/@message"),
      report.string("//testcase[@name='Vectors/broken.json']/error/@message"),
      report.string("//property[@name='source']/@value"),
      report.string("//property[@name='description']/@value"),
    ]
    for value in values {
      #expect(value.map { $0.utf8.elementsEqual(Self.visible.utf8) } == true, "\(String(describing: value))")
    }
    #expect(report.string("/testsuites/testsuite[1]/@name") == "odd & <names>.json")
  }

  @Test func textReadsBackAsVisibleEscapes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeHostileReport(to: destination)
    let report = try readValidReport(destination)
    // The JSON rendering already escapes controls itself; the difference and the description
    // are written as they are, so the writer's escapes show.
    let expectedJSON = JSONSerializer.pretty.string(from: .string(Self.hostile))
    let failureText =
      "description: \(Self.visible)\nexpected: \(expectedJSON)\nactual: null\ndifference: \(Self.visible)\n"
    #expect(report.string("//testcase[@name='failed']/failure")?.utf8.elementsEqual(failureText.utf8) == true)
    let errorText = "expected: {\"result\": \"accept\"}\nerror: \(Self.visible)\n"
    #expect(report.string("//testcase[@name='errored']/error")?.utf8.elementsEqual(errorText.utf8) == true)
    let loadText = "Vectors/broken.json: \(Self.visible)"
    #expect(report.string("//testcase[@name='Vectors/broken.json']/error")?.utf8.elementsEqual(loadText.utf8) == true)
  }
}

/// The report's body stays in memory up to a limit, then streams to a hidden body file; the
/// report replaces the destination atomically at the end.
@Suite struct JUnitReportFileTests {
  func writer(_ destination: String, bodyMemoryLimit: Int = JUnitReportFile.defaultMemoryLimit)
    -> JUnitReportWriter
  {
    JUnitReportWriter(
      destination: destination, name: "conformance", hostname: "ci-host",
      timestamp: JUnitTimestamp(secondsSinceEpoch: fixedTimestamp), bodyMemoryLimit: bodyMemoryLimit)
  }

  @Test func aSmallBodyStaysInMemoryUntilTheEnd() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    let writer = writer(destination)
    try writer.runStarted(fileCount: 2)
    try writer.fileFinished(fileReport("a.json", results: [result("in-memory-id", .passed)]))
    #expect(try folder.list().isEmpty)
    try writer.runFinished(RunSummary())
    #expect(try folder.list() == ["junit.xml"])
    let report = try readValidReport(destination)
    #expect(report.strings("//testcase/@name") == ["in-memory-id"])
  }

  @Test func testsuitesGoToAHiddenBodyFileOnceTheBodyPassesTheLimit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    let writer = writer(destination, bodyMemoryLimit: 600)
    try writer.runStarted(fileCount: 3)
    try writer.fileFinished(fileReport("a.json", results: [result("first-id", .passed)]))
    #expect(try folder.list().isEmpty)
    try writer.fileFinished(fileReport("b.json", results: [result("streamed-id", .passed)]))
    let entries = try folder.list()
    #expect(entries.count == 1)
    let body = try #require(entries.first)
    #expect(body.hasPrefix(".junit.xml.body-") && body.hasSuffix(".tmp"))
    // What was in memory moved to the file first, in order.
    let bodyText = text(of: folder.url(body))
    let first = try #require(bodyText.range(of: "first-id"))
    let streamed = try #require(bodyText.range(of: "streamed-id"))
    #expect(first.lowerBound < streamed.lowerBound)
    try writer.fileFinished(fileReport("c.json", results: [result("last-id", .passed)]))
    try writer.runFinished(RunSummary())
    #expect(try folder.list() == ["junit.xml"])
    let report = try readValidReport(destination)
    #expect(report.strings("//testcase/@name") == ["first-id", "streamed-id", "last-id"])
    expectCountsMatchChildren(report)
  }

  /// Through the body file (limit 0) and through memory: the same report either way.
  @Test(arguments: [0, JUnitReportFile.defaultMemoryLimit])
  func largeReportWithMultiByteTextStaysValid(bodyMemoryLimit: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    // Multi-byte text everywhere, so that any cut of the body falls inside scalars.
    let message = "日本語のメッセージ 🎌 é e\u{301} ü"
    let reports = (0..<20).map { file in
      fileReport(
        "file-\(file).json",
        results: (0..<100).map { index in
          result("t\(index)", .skipped("\(message) \(file)/\(index)"))
        })
    }
    try writeReport(reports, to: destination, bodyMemoryLimit: bodyMemoryLimit)
    #expect((readAllBytes(destination)?.count ?? 0) > 256 * 1024)
    let report = try readValidReport(destination)
    #expect(report.string("/testsuites/@tests") == "2000")
    #expect(report.string("/testsuites/@skipped") == "2000")
    let messages = report.strings("//skipped/@message")
    #expect(messages.count == 2000)
    #expect(messages.last?.utf8.elementsEqual("\(message) 19/99".utf8) == true)
    expectCountsMatchChildren(report)
    #expect(try folder.list() == ["junit.xml"])
  }

  @Test func theBodyFileAndMemoryGiveTheSameReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reports = (0..<30).map { file in
      fileReport(
        "file-\(file).json",
        results: (0..<40).map { index in
          result("t\(index)", index % 7 == 0 ? .skipped("日本語 \(file)/\(index)") : .passed)
        })
    }
    try writeReport(reports, to: folder.url("memory.xml"))
    try writeReport(reports, to: folder.url("file.xml"), bodyMemoryLimit: 0)
    try writeReport(reports, to: folder.url("both.xml"), bodyMemoryLimit: 20_000)
    let memory = try #require(readAllBytes(folder.url("memory.xml")))
    #expect(memory.count > 40_000)
    #expect(readAllBytes(folder.url("file.xml")) == memory)
    #expect(readAllBytes(folder.url("both.xml")) == memory)
    #expect(try folder.list() == ["both.xml", "file.xml", "memory.xml"])
  }

  @Test func replacesAnExistingReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = try folder.write("junit.xml", "old report")
    try writeReport([fileReport("a.json", results: [result("x", .passed)])], to: destination)
    _ = try readValidReport(destination)
    #expect(try folder.list() == ["junit.xml"])
  }

  @Test func newReportIsReadableByEveryone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("junit.xml")
    try writeReport([], to: destination)
    var info = stat()
    #expect(stat(destination, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o644)
  }

  @Test func createsMissingFolders() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("Reports/ci/run-1/junit.xml")
    try writeReport([fileReport("a.json", results: [result("x", .passed)])], to: destination)
    _ = try readValidReport(destination)
    #expect(try folder.list("Reports/ci/run-1") == ["junit.xml"])
  }

  @Test func abandonedRunLeavesTheDestinationAndNoTemporaryFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = try folder.write("junit.xml", "old report")
    do {
      // A body file on disk (limit 0), which must go too.
      let writer = writer(destination, bodyMemoryLimit: 0)
      try writer.runStarted(fileCount: 1)
      try writer.fileFinished(fileReport("a.json", results: [result("x", .passed)]))
      #expect(try folder.list().count == 2)
      #expect(text(of: destination) == "old report")
      // Dropped without runFinished, as when another observer throws.
    }
    #expect(try folder.list() == ["junit.xml"])
    #expect(text(of: destination) == "old report")

    let writer = writer(destination)
    try writer.runStarted(fileCount: 1)
    writer.discard()
    #expect(try folder.list() == ["junit.xml"])
  }

  @Test func aFolderDestinationIsRefusedWhenTheRunStartsAndLeftAlone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A destination that cannot be replaced: a folder holding a file.
    try folder.write("junit.xml/keep.txt", "kept")
    let destination = folder.url("junit.xml")
    let writer = writer(destination)
    #expect(throws: JUnitWriteError(path: destination, reason: "is a folder")) {
      try writer.runStarted(fileCount: 1)
    }
    #expect(try folder.list() == ["junit.xml"])
    #expect(try folder.list("junit.xml") == ["keep.txt"])
    #expect(text(of: folder.url("junit.xml/keep.txt")) == "kept")
  }

  @Test func folderBlockedByAFileIsAClearError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("Reports", "a file, not a folder")
    let destination = folder.url("Reports/junit.xml")
    let writer = writer(destination)
    let error = #expect(throws: JUnitWriteError.self) { try writer.runStarted(fileCount: 0) }
    #expect(
      error?.description
        == "cannot write JUnit report \(destination): cannot create folder \(folder.url("Reports")): a file is in the way"
    )
    #expect(try folder.list() == ["Reports"])
  }
}

@Suite struct JUnitIDOrderTests {
  /// The sort gives the byte order of the whole ids: ids sharing their first sixteen bytes or
  /// more, prefixes of one another, bytes above 0x7F (canonically equivalent ids apart), and the
  /// empty id.
  @Test func idOrderIsTheByteOrderOfTheIDs() {
    let ids = [
      "valid.f00030-001", "valid.f00030-000", "valid.f00030-0001", "valid.f00030-00", "a", "", "b",
      "abcdefgh", "abcdefg", "abcdefghi", "abcdefghijklmnopq", "abcdefghijklmnop", "abcdefghijklmnopa",
      "é", "e\u{301}", "z", "Z", "0", "valid.f00030-000.long-tail.b", "valid.f00030-000.long-tail.a",
    ]
    let results = ids.map { result($0, .passed) }
    let expected = ids.indices.sorted { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }
    #expect(JUnitReportWriter.idOrder(results) == expected)
  }

  /// Ids equal in their first eight bytes, or apart only by zero bytes where a shorter one
  /// ends, still come out in the byte order of the whole ids (a prefix first).
  @Test func idsSharingTheirFirstEightBytesOrZeroBytesAreInByteOrder() {
    let ids = [
      "a\u{0}", "a", "abcdefgh\u{0}", "abcdefgh", "\u{0}", "", "abcdefgh\u{0}\u{0}", "abcdefgi", "abcdefg\u{0}",
      "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "\u{FF}",
      "\u{7F}\u{FF}",
    ]
    let expected = ids.indices.sorted { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }
    #expect(JUnitReportWriter.idOrder(ids.map { result($0, .passed) }) == expected)
  }

  /// Ids already in order stay; one out of place at the end, or a longer id sharing a
  /// sixteen-byte prefix before a shorter one, is sorted into place.
  @Test func idsInOrderStayAndOneOutOfPlaceIsSorted() {
    let sorted = ["a", "abcdefghijklmnop", "abcdefghijklmnopa", "abcdefghijklmnopb", "b"]
    #expect(JUnitReportWriter.idOrder(sorted.map { result($0, .passed) }) == [0, 1, 2, 3, 4])
    let lastOut = sorted + ["abcdefghijklmnopaa"]
    #expect(JUnitReportWriter.idOrder(lastOut.map { result($0, .passed) }) == [0, 1, 2, 5, 3, 4])
    let tieOut = ["abcdefghijklmnopb", "abcdefghijklmnopa"]
    #expect(JUnitReportWriter.idOrder(tieOut.map { result($0, .passed) }) == [1, 0])
  }

  /// 1,000 shuffled ids (prefixes shared beyond sixteen bytes, repeats kept in their first
  /// order) come out in byte order, stably: equal ids in run order.
  @Test func manyShuffledIDsComeOutInByteOrder() {
    var generator = SystemRandomNumberGenerator()
    let ids = (0..<1000).map { _ in
      ["valid.f00030-", "length.23.f00030-", "a", "é"].randomElement(using: &generator)!
        + String(Int.random(in: 0..<600, using: &generator))
    }
    let expected = ids.indices.sorted {
      ids[$0].utf8.elementsEqual(ids[$1].utf8) ? $0 < $1 : ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8)
    }
    #expect(JUnitReportWriter.idOrder(ids.map { result($0, .passed) }) == expected)
  }
}
