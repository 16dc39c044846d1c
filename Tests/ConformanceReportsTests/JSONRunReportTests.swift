import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceReports

@Suite struct JSONRunReportTests {
  static func schema() throws -> JSONSchemaValidator {
    let text = try TemporaryFolder.readText(packageRoot() + "/docs/report.schema.json")
    return JSONSchemaValidator(schema: try JSONParser().parse(text))
  }

  @Test func theFixtureReportHoldsTheRunAndValidatesAgainstTheSchema() throws {
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let report = JSONRunReport.value(fixture.data)
    #expect(try Self.schema().validate(report) == [])
    // What was written to disk is the same document.
    let object = try #require(report.objectValue)
    #expect(object["format"] == "conformance-report/1")
    #expect(object["tool"] == ["name": "conformance", "version": "9.9.9"])
    #expect(object["implementation"] == #"fixture <b>"impl"</b>"#)
    #expect(object["status"] == "load-error")
    #expect(object["exitStatus"] == 2)
    #expect(
      object["totals"]
        == [
          "tests": 13, "passed": 4, "failed": 5, "errored": 1, "skipped": 3, "loadErrors": 2, "unexpectedPasses": 1,
          "expectedFailures": 1, "staleExpectations": 1,
        ])
    let suites = try #require(object["suites"]?.arrayValue)
    #expect(suites.map { $0.objectValue?["suite"] } == ["leeep.fid", "leeep.user-id", "leeep.link"])
    let fid = try #require(suites[0].objectValue)
    #expect(fid["tests"] == 8)
    #expect(fid["loadErrors"] == 2)
    #expect(fid["untagged"] == ["tests": 1, "passed": 1, "failed": 0, "errored": 0, "skipped": 0])
    // Standard tags in the contract's order, then the others in byte order.
    #expect(
      fid["tags"]?.arrayValue?.compactMap { $0.objectValue?["tag"]?.stringValue } == [
        "valid", "invalid", "boundary", "unicode", "security", ReportFixture.hostileTag,
      ])
    #expect(
      object["tags"]?.arrayValue?.first
        == ["tag": "valid", "tests": 5, "passed": 3, "failed": 1, "errored": 0, "skipped": 1])

    let failures = try #require(object["failures"]?.arrayValue?.compactMap { $0.objectValue })
    #expect(
      failures.map { "\($0["kind"]!.stringValue!) \($0["id"]!.stringValue!)" } == [
        "failed fail.nested", "failed fail.hostile", "failed fail.big-number", "errored error.boom",
        "unexpected-pass listed.passes", "failed fail.field",
      ])
    let nested = failures[0]
    #expect(nested["file"] == .string(fixture.vectorsRoot + "/leeep/fid/mixed.json"))
    #expect(nested["path"] == "leeep/fid/mixed.json")
    #expect(nested["suite"] == "leeep.fid")
    #expect(nested["expected"] == ["result": "accept", "output": ["target": ["slug": "y", "n": 1]]])
    #expect(nested["actual"] == ["result": "accept", "output": ["target": ["slug": "x", "n": 1]]])
    #expect(nested["difference"] == #"at output.target.slug: expected "y", got "x""#)
    // Number literals pass through exactly (no Double on the way).
    let big = try JSONParser().parse(JSONSerializer.compact.string(from: .object(failures[2])))
    #expect(
      JSONSerializer.compact.string(from: big.objectValue!["actual"]!)
        == #"{"result": "accept", "output": 100000000000000000000001}"#)
    #expect(
      failures[3]["error"]
        == "fixture <b>\"impl\"</b> could not evaluate the input: <script>document.title='pwned'</script>")
    #expect(failures[3]["actual"] == nil)
    #expect(failures[4]["entry"] == .string(fixture.expectationsPath + " entries[1]"))

    let listed = try #require(object["expectedFailures"]?.arrayValue)
    #expect(listed.count == 1)
    #expect(listed[0].objectValue?["reason"] == "needs <i>work</i>")
    #expect(listed[0].objectValue?["outcome"] == "failed")
    #expect(listed[0].objectValue?["detail"] == #"result: expected accept, got reject with error "nope""#)
    let stale = try #require(object["staleExpectations"]?.arrayValue)
    #expect(stale.map { $0.objectValue?["id"] } == ["gone.*"])
    let loadErrors = try #require(object["loadErrors"]?.arrayValue?.compactMap { $0.objectValue })
    #expect(
      loadErrors.map { $0["path"] } == [
        "leeep/fid/broken/<svg onload=alert(1)>.json", "leeep/fid/broken/unknown-key.json",
      ])
    #expect(object["expectations"] == ["file": .string(fixture.expectationsPath), "entries": 3])
    #expect(object["corpus"]?.objectValue?["files"] == 5)
  }

  @Test func aPassingRunWithASelectionValidatesToo() throws {
    let data = try reportData(
      files: ["a.json": vectors(#"{"id": "one", "tags": ["valid"], "input": "a", "expect": {"result": "accept"}}"#)],
      selection: Selection(tags: ["valid"], shard: Shard(index: 1, count: 1)))
    let report = JSONRunReport.value(data)
    #expect(try Self.schema().validate(report) == [])
    #expect(report.objectValue?["status"] == "passed")
    #expect(
      report.objectValue?["selection"] == [
        "suites": [], "tags": ["valid"], "ids": [], "excludeTags": [], "excludeIds": [], "shard": "1/1",
      ])
    #expect(report.objectValue?["expectations"] == nil)
  }

  @Test func theSchemaRejectsAReportThatBreaksIt() throws {
    let data = try reportData(files: [
      "a.json": vectors(#"{"id": "one", "input": "a", "expect": {"result": "accept"}}"#)
    ])
    guard case .object(var report) = JSONRunReport.value(data) else { return }
    report["totals"] = ["tests": -1]
    report["extra"] = true
    let problems = try Self.schema().validate(.object(report))
    #expect(problems.contains("$: unsupported schema keyword extra") || problems.contains { $0.hasPrefix("$.extra") })
    #expect(problems.contains(#"$.totals: missing required key "passed""#))
    #expect(problems.contains("$.totals.tests: -1 breaks minimum 0"))
  }

  @Test func twoRunsOverTheSameVectorsDifferOnlyInDuration() throws {
    let files = [
      "a.json": vectors(#"{"id": "one", "input": {"n": 1}, "expect": {"result": "accept", "output": {"n": 2}}}"#)
    ]
    func normalized() throws -> String {
      guard case .object(var report) = JSONRunReport.value(try reportData(files: files)) else { return "" }
      report["durationMilliseconds"] = 0
      // The temporary folder differs between the two runs; its name appears in roots and paths.
      return JSONSerializer.compact.string(from: .object(report))
        .replacingAll(
          of: try #require(report["corpus"]?.objectValue?["roots"]?.arrayValue?.first?.stringValue), with: "ROOT")
    }
    #expect(try normalized() == normalized())
  }

  @Test func theCorpusDigestFollowsTheDocumentedScheme() throws {
    // Computed independently with Python's hashlib over the same bytes:
    // sha256(b"a.json\0" + len(A).to_bytes(8, "big") + A + b"b/c.json\0" + len(B).to_bytes(8, "big") + B)
    var digest = CorpusDigest()
    digest.add(path: "a.json", bytes: Array("{}".utf8))
    digest.add(path: "b/c.json", bytes: Array("[1]\n".utf8))
    #expect(digest.hexValue == "eef200d83dfaa3265d6d995aabb43fadad175e2be28fc567a2290f9a26a80ad9")
    #expect(digest.fileCount == 2)
  }
}

extension String {
  func replacingAll(of target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var output = ""
    var rest = self[...]
    while let range = rest.range(of: target) {
      output += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return output + rest
  }
}

extension TemporaryFolder {
  static func readText(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }
}
