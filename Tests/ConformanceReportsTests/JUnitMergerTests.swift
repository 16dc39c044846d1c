import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Testing

@testable import ConformanceReports

#if canImport(Glibc)
  import Glibc
#endif

/// Answers from the input alone: strings starting with `ok` are accepted as they are, other
/// strings rejected as `invalid_fid`, anything else cannot be evaluated. It does not have
/// `leeep.user-id`, whose tests are therefore skipped.
struct ScriptedImplementation: Implementation {
  struct CannotEvaluate: Error {}
  var name: String { "scripted" }
  func supports(suite: String) -> Bool { suite != "leeep.user-id" }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    guard case .string(let text) = input else { throw CannotEvaluate() }
    return text.utf8.starts(with: "ok".utf8) ? .accept(output: input) : .reject(error: "invalid_fid", field: nil)
  }
}

/// A vectors root with passing, failing, erroring and skipped tests, and two files that do not
/// load (one whose suite is known).
func writeVectors(in folder: TemporaryFolder) throws -> String {
  func test(_ id: String, _ kind: Int) -> String {
    switch kind % 4 {
    case 0: return #"{"id": "\#(id)", "input": "ok-\#(id)", "expect": {"result": "accept", "output": "ok-\#(id)"}}"#
    case 1: return #"{"id": "\#(id)", "input": "bad", "expect": {"result": "accept"}}"#
    case 2: return #"{"id": "\#(id)", "input": null, "expect": {"result": "reject"}}"#
    default: return #"{"id": "\#(id)", "input": "bad", "expect": {"result": "reject", "error": "invalid_fid"}}"#
    }
  }
  func file(_ suite: String, _ tests: [String]) -> String {
    #"{"format": "conformance-vectors/1", "suite": "\#(suite)", "description": "generated", "source": "LEEEP iOS SDK reference", "tests": [\#(tests.joined(separator: ", "))]}"#
  }
  // Ids deliberately out of byte order.
  try folder.write("Vectors/fid/a.json", file("leeep.fid", (0..<24).reversed().map { test("fid.a.case-\($0)", $0) }))
  try folder.write("Vectors/fid/z.json", file("leeep.fid", (0..<12).map { test("zeta.\(11 - $0)", $0) }))
  try folder.write("Vectors/user/b.json", file("leeep.user-id", (0..<6).map { test("user.\($0)", 0) }))
  try folder.write("Vectors/broken.json", "{")
  try folder.write(
    "Vectors/fid/no-tests.json",
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "x", "tests": []}"#)
  return folder.url("Vectors")
}

func runReport(root: String, shard: Shard?, to destination: String) throws {
  let writer = JUnitReportWriter(
    destination: destination, hostname: "ci-host", timestamp: JUnitTimestamp(secondsSinceEpoch: fixedTimestamp))
  try Runner(implementation: ScriptedImplementation(), selection: Selection(shard: shard))
    .run(roots: [root], observers: [writer])
}

/// The report's text with every `time="…"` attribute's value removed: times are the only thing
/// allowed to differ between a merged report and an unsharded one.
func withoutTimes(_ text: String) -> String {
  var result = ""
  var rest = Substring(text)
  while let range = rest.range(of: " time=\"") {
    result += rest[..<range.upperBound]
    rest = rest[range.upperBound...]
    if let close = rest.firstIndex(of: "\"") { rest = rest[close...] }
  }
  return result + rest
}

@Suite struct JUnitMergeTests {
  @Test func shardsMergeIntoTheUnshardedReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = try writeVectors(in: folder)
    try runReport(root: root, shard: nil, to: folder.url("out/unsharded.xml"))
    let shards = (1...3).map { folder.url("out/shard-\($0).xml") }
    for (index, path) in shards.enumerated() {
      try runReport(root: root, shard: Shard(index: index + 1, count: 3), to: path)
    }
    let unsharded = try readValidReport(folder.url("out/unsharded.xml"))
    let total = Int(unsharded.string("/testsuites/@tests") ?? "") ?? 0
    #expect(total == 24 + 12 + 6 + 2)
    for path in shards {
      // Each shard really holds only part of the run.
      let tests = Int(try XMLReadBack(path: path).string("/testsuites/@tests") ?? "") ?? 0
      #expect(tests > 2 && tests < total)
    }

    try JUnitMerger.merge(inputs: shards, into: folder.url("out/merged.xml"))
    let merged = try readValidReport(folder.url("out/merged.xml"))
    expectCountsMatchChildren(merged)
    #expect(merged.count("//error[@type='load-error']") == 2)
    #expect(
      withoutTimes(text(of: folder.url("out/merged.xml"))) == withoutTimes(text(of: folder.url("out/unsharded.xml"))))

    // The order of the inputs does not matter.
    try JUnitMerger.merge(inputs: shards.reversed(), into: folder.url("out/merged-reversed.xml"))
    #expect(
      withoutTimes(text(of: folder.url("out/merged-reversed.xml")))
        == withoutTimes(text(of: folder.url("out/unsharded.xml"))))
  }

  @Test func sameTestsuitesAreCombinedAndCountsRecomputed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("merged.xml")
    try JUnitMerger.merge(inputs: [fixture("merge/shard-a.xml"), fixture("merge/shard-b.xml")], into: destination)
    let report = try readValidReport(destination)
    expectCountsMatchChildren(report)
    #expect(
      report.strings("/testsuites/@*") == [
        "conformance", "5", "1", "1", "1", "3.750", "2024-05-01T10:00:01Z", "runner-a",
      ])
    #expect(report.strings("/testsuites/testsuite/@name") == ["fid/edge.json", "fid/valid.json"])
    let valid = "/testsuites/testsuite[2]"
    // Counts from the children, time summed, the rest from the first input holding the testsuite.
    #expect(
      report.strings("\(valid)/@*") == [
        "fid/valid.json", "4", "1", "1", "0", "0.750", "2024-05-01T10:00:05Z", "runner-a", "Vectors/fid/valid.json",
      ])
    #expect(report.strings("\(valid)/properties/property/@value") == ["leeep.fid", "LEEEP iOS SDK reference a"])
    #expect(report.strings("\(valid)/testcase/@name") == ["fid.valid.a", "fid.valid.b", "fid.valid.c", "fid.valid.d"])
    #expect(report.strings("\(valid)/testcase/@time") == ["0.300", "0.150", "0.200", "0.100"])
    #expect(report.string("\(valid)/testcase[1]/error/@message") == "boom")
    #expect(report.string("\(valid)/testcase[2]/failure") == #"expected: {"result": "accept"}"#)
    #expect(report.string("\(valid)/testcase[2]/failure/@message") == "result: expected accept, got reject")
    #expect(report.strings("/testsuites/testsuite[1]/@*").prefix(6) == ["fid/edge.json", "1", "0", "0", "1", "0.125"])
  }

  @Test func singleTestsuiteRootIsAccepted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.url("merged.xml")
    try JUnitMerger.merge(
      inputs: [fixture("merge/single-testsuite.xml"), fixture("merge/shard-b.xml")], into: destination, name: "nightly")
    let report = try readValidReport(destination)
    expectCountsMatchChildren(report)
    #expect(report.string("/testsuites/@name") == "nightly")
    #expect(report.string("/testsuites/@time") == "2.625")
    #expect(report.strings("//testsuite[@name='fid/edge.json']/testcase/@name") == ["fid.edge.a", "fid.edge.b"])
    #expect(report.string("//testsuite[@name='fid/edge.json']/@time") == "0.500")
  }

  /// Testcases are copied through the writer: a namespace declared on an ancestor that is not
  /// copied is declared again where it is used, so the result stays namespace-well-formed.
  @Test func namespacedAttributesSurviveTheCopy() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write(
      "namespaced.xml",
      """
      <testsuites xmlns:x="urn:example:x">
        <testsuite name="a.json">
          <testcase name="t" x:retries="2"><failure message="m" x:kind="flaky">text &amp; more</failure></testcase>
        </testsuite>
      </testsuites>
      """)
    try JUnitMerger.merge(inputs: [input], into: folder.url("merged.xml"))
    let report = try XMLReadBack(path: folder.url("merged.xml"))
    #expect(report.string("//testcase/@*[local-name()='retries' and namespace-uri()='urn:example:x']") == "2")
    #expect(report.string("//failure/@*[local-name()='kind' and namespace-uri()='urn:example:x']") == "flaky")
    #expect(report.string("//failure") == "text & more")
    #expect(report.string("/testsuites/@failures") == "1")
  }

  @Test func theSameShardTwiceIsAnOverlap() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = fixture("merge/shard-a.xml")
    let destination = folder.url("merged.xml")
    let error = #expect(throws: JUnitMerger.MergeError.self) {
      try JUnitMerger.merge(inputs: [input, input], into: destination)
    }
    #expect(
      error?.description
        == "\(input):8: testcase \"fid.valid.d\" of testsuite \"fid/valid.json\" is also in \(input): the shards overlap"
    )
    #expect(try folder.list() == [])
  }

  @Test func noInputsIsAnError() throws {
    #expect(throws: JUnitMerger.MergeError.noInputs) { try JUnitMerger.merge(inputs: [], into: "/nonexistent/x.xml") }
    #expect(JUnitMerger.MergeError.noInputs.description == "no JUnit reports to merge")
  }
}

/// Hostile and foreign inputs are refused with the file and line, before anything is written.
@Suite struct JUnitMergeRefusalTests {
  static let documentTypeReason =
    "refused: a document type declaration (<!DOCTYPE>) has no place in a JUnit report, and its entities could read other files or expand without bound"

  func expectRefusal(
    _ input: String, _ expected: JUnitMerger.MergeError, description: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = try folder.write("merged.xml", "old report")
    let error = #expect(throws: JUnitMerger.MergeError.self, sourceLocation: sourceLocation) {
      try JUnitMerger.merge(inputs: [input, fixture("merge/shard-a.xml")], into: destination)
    }
    #expect(error == expected, sourceLocation: sourceLocation)
    #expect(error?.description == description, sourceLocation: sourceLocation)
    // Nothing written: the destination is as it was and no temporary file is left.
    #expect(text(of: destination) == "old report", sourceLocation: sourceLocation)
    #expect(try folder.list() == ["merged.xml"], sourceLocation: sourceLocation)
  }

  @Test func billionLaughsIsRefusedAtTheDocumentType() throws {
    let input = fixture("merge/billion-laughs.xml")
    try expectRefusal(
      input, .documentType(path: input, line: 2), description: "\(input):2: \(Self.documentTypeReason)")
  }

  @Test func externalDTDIsRefused() throws {
    let input = fixture("merge/external-dtd.xml")
    try expectRefusal(
      input, .documentType(path: input, line: 2), description: "\(input):2: \(Self.documentTypeReason)")
  }

  /// An external entity pointing at a local file is refused without the file ever being read:
  /// its access time (set older than its modification time, so any read would update it under
  /// `relatime`) does not move.
  @Test(arguments: ["general", "parameter"])
  func externalEntityIsRefusedWithoutReadingTheFile(kind: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let secret = try folder.write("secret.txt", "TOP-SECRET")
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_100_000_000, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, secret, &times, 0) == 0)
    let declaration =
      kind == "general"
      ? #"<!DOCTYPE testsuites [ <!ENTITY secret SYSTEM "file://\#(secret)"> ]>"#
      : #"<!DOCTYPE testsuites [ <!ENTITY % secret SYSTEM "file://\#(secret)"> %secret; ]>"#
    let input = try folder.write(
      "xxe.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      \(declaration)
      <testsuites name="conformance" tests="1">
        <testsuite name="a.json" tests="1">
          <testcase classname="leeep.fid" name="leak"><failure message="&secret;">&secret;</failure></testcase>
        </testsuite>
      </testsuites>
      """)
    let destination = folder.url("merged.xml")
    #expect(throws: JUnitMerger.MergeError.documentType(path: input, line: 2)) {
      try JUnitMerger.merge(inputs: [input], into: destination)
    }
    var info = stat()
    #expect(stat(secret, &info) == 0)
    #expect(info.st_atim.tv_sec == 1_000_000_000)
    #expect(try folder.list() == ["secret.txt", "xxe.xml"])
  }

  @Test func foreignRootIsNotAJUnitReport() throws {
    let input = fixture("merge/not-junit.xml")
    try expectRefusal(
      input,
      .notJUnit(path: input, line: 2, reason: "the root element is <html>, expected <testsuites> or <testsuite>"),
      description: "\(input):2: not a JUnit report: the root element is <html>, expected <testsuites> or <testsuite>")
  }

  @Test func malformedXMLNamesTheLineAndLibxml2sMessage() throws {
    let input = fixture("merge/malformed.xml")
    // A destination that can be written: the merge checks it before reading any input.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let error = #expect(throws: JUnitMerger.MergeError.self) {
      try JUnitMerger.merge(inputs: [input], into: folder.url("merged.xml"))
    }
    guard case .malformed(let path, let line, let message) = error else {
      Issue.record("expected a malformed-XML error, got \(String(describing: error))")
      return
    }
    #expect(path == input && line == 4)
    #expect(message.contains("Opening and ending tag mismatch: testsuite line 3 and testsuites"))
    #expect(error?.description.hasPrefix("\(input):4: not well-formed XML: ") == true)
  }

  @Test func missingInputCannotBeRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = folder.url("missing.xml")
    try expectRefusal(
      input, .unreadable(path: input, reason: "No such file or directory"),
      description: "\(input): cannot read: No such file or directory")
  }

  @Test func folderIsNotAReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try expectRefusal(
      folder.path, .unreadable(path: folder.path, reason: "not a regular file"),
      description: "\(folder.path): cannot read: not a regular file")
  }

  @Test func theFirstBadInputStopsTheMerge() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let missing = folder.url("missing.xml")
    let foreign = fixture("merge/not-junit.xml")
    #expect(throws: JUnitMerger.MergeError.unreadable(path: missing, reason: "No such file or directory")) {
      try JUnitMerger.merge(inputs: [missing, foreign], into: folder.url("merged.xml"))
    }
    let error = #expect(throws: JUnitMerger.MergeError.self) {
      try JUnitMerger.merge(inputs: [foreign, missing], into: folder.url("merged.xml"))
    }
    #expect(error?.description.hasPrefix("\(foreign):2: not a JUnit report: ") == true)
  }

  @Test(arguments: [
    (
      "<testsuites>\n  <testsuite tests=\"0\"/>\n</testsuites>", 2, "<testsuite> has no name attribute"
    ),
    (
      "<testsuites>\n  <testsuite name=\"a\">\n    <testcase classname=\"x\"/>\n  </testsuite>\n</testsuites>", 3,
      "<testcase> has no name attribute"
    ),
    ("<testsuites>\n  <suite name=\"a\"/>\n</testsuites>", 2, "unexpected element <suite> in <testsuites>"),
    (
      "<testsuites>\n  <testsuite name=\"a\">\n    <testsuite name=\"b\"/>\n  </testsuite>\n</testsuites>", 3,
      "nested <testsuite> elements are not supported"
    ),
    (
      "<testsuite name=\"a\">\n  <testcase name=\"t\">\n    <retry/>\n  </testcase>\n</testsuite>", 3,
      "unexpected element <retry> in <testcase>"
    ),
    (
      "<testsuites>\n  <testsuite name=\"a\" time=\"1,5\"/>\n</testsuites>", 2,
      "time \"1,5\" of <testsuite> is not a plain decimal number of seconds"
    ),
    (
      "<x:testsuites xmlns:x=\"urn:x\"/>", 1, "the root element is <x:testsuites>, expected <testsuites> or <testsuite>"
    ),
  ])
  func wrongShapeIsNotAJUnitReport(document: String, line: Int, reason: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("input.xml", document)
    try expectRefusal(
      input, .notJUnit(path: input, line: line, reason: reason),
      description: "\(input):\(line): not a JUnit report: \(reason)")
  }

  @Test func emptyFileIsNotWellFormed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = try folder.write("empty.xml", "")
    try expectRefusal(
      input, .malformed(path: input, line: 1, message: "Document is empty"),
      description: "\(input):1: not well-formed XML: Document is empty")
  }
}

/// Inputs that are well-formed but beyond what a merge should take: refused as too large,
/// quickly, never as not well-formed and never with a sum that wraps around.
extension JUnitMergeRefusalTests {
  @Test func aFIFOIsRefusedWithoutBeingOpened() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fifo = folder.url("shard.xml")
    #expect(mkfifo(fifo, 0o600) == 0)
    try expectRefusal(
      fifo, .unreadable(path: fifo, reason: "not a regular file"),
      description: "\(fifo): cannot read: not a regular file")
  }

  @Test func timesWhoseSumOverflowsAreTooLarge() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shard =
      #"<testsuites time="10000000000"><testsuite name="a" time="10000000000"><testcase name="NAME"/></testsuite></testsuites>"#
    let first = try folder.write("in/a.xml", shard.replacingOccurrences(of: "NAME", with: "x"))
    let second = try folder.write("in/b.xml", shard.replacingOccurrences(of: "NAME", with: "y"))
    let destination = folder.url("merged.xml")
    let error = #expect(throws: JUnitMerger.MergeError.self) {
      try JUnitMerger.merge(inputs: [first, second], into: destination)
    }
    #expect(
      error?.description
        == "\(second):1: too large to merge: the times add up to more than 18446744073.709551615 seconds, "
        + "more than a report can count")
    let huge = try folder.write("in/c.xml", #"<testsuite name="a" time="99999999999"><testcase name="x"/></testsuite>"#)
    try expectRefusal(
      huge,
      .tooLarge(
        path: huge, line: 1, reason: #"time "99999999999" of <testsuite> is more seconds than a report can count"#),
      description:
        #"\#(huge):1: too large to merge: time "99999999999" of <testsuite> is more seconds than a report can count"#
    )
    #expect(try folder.list() == ["in"])
  }

  /// 200,000 attributes on one testcase took libxml2 minutes (it compares them pairwise); the
  /// scan before parsing refuses it at once.
  @Test func anElementWithTooManyAttributesIsRefusedAsTooLarge() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let attributes = (0..<200_000).map { " a\($0)=\"\"" }.joined()
    let input = try folder.write(
      "in.xml", "<testsuites>\n<testsuite name=\"a\">\n<testcase name=\"x\"\(attributes)/></testsuite></testsuites>")
    let reason = "an element has more than 1000 attributes"
    try expectRefusal(
      input, .tooLarge(path: input, line: 3, reason: reason), description: "\(input):3: too large to merge: \(reason)")
    // A thousand are fine, and kept.
    let fine = try folder.write(
      "fine.xml",
      "<testsuites><testsuite name=\"a\"><testcase name=\"x\"\((0..<999).map { " a\($0)=\"v&amp;\($0)\"" }.joined())/>"
        + "</testsuite></testsuites>")
    let merged = folder.url("out/merged.xml")
    try JUnitMerger.merge(inputs: [fine], into: merged)
    let report = try XMLReadBack(path: merged)
    #expect(report.string("//testcase/@a998") == "v&998")
  }

  @Test func libxml2LimitsAndDeepNestingAreTooLargeNotMalformed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
    let nested = try folder.write(
      "deep.xml",
      #"<testsuites><testsuite name="s"><testcase name="x"><failure>\#(deep)</failure></testcase></testsuite></testsuites>"#
    )
    try expectRefusal(
      nested, .tooLarge(path: nested, line: 1, reason: "elements nested deeper than 256 levels"),
      description: "\(nested):1: too large to merge: elements nested deeper than 256 levels")
    // A name beyond libxml2's 50,000-byte limit: libxml2 calls it an error; it is a limit.
    let longName = try folder.write(
      "long.xml",
      #"<testsuites><testsuite name="s"><testcase name="x" \#(String(repeating: "n", count: 60_000))="v"/></testsuite></testsuites>"#
    )
    let error = #expect(throws: JUnitMerger.MergeError.self) {
      try JUnitMerger.merge(inputs: [longName], into: folder.url("merged.xml"))
    }
    guard case .tooLarge(let path, _, let reason) = error else {
      Issue.record("expected too large, got \(String(describing: error))")
      return
    }
    #expect(path == longName)
    #expect(reason == "beyond libxml2's limit: Name too long: NCName")
  }
}
