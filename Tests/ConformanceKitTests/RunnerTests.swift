import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Testing

/// An implementation whose answers the test controls: echoes the input for `leeep.fid`,
/// rejects `"bad"` with `invalid_fid`, throws on `"boom"`, and lacks every other suite.
struct EchoImplementation: Implementation {
  let name = "echo"
  struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
  func supports(suite: String) -> Bool { suite == "leeep.fid" }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    if input == "boom" { throw Boom() }
    if input == "bad" { return .reject(error: "invalid_fid", field: nil) }
    if input == "field" { return .reject(error: "invalid_value", field: "\u{E9}") }
    return .accept(output: input)
  }
}

/// Keeps every report it is handed.
final class Recorder: RunObserver {
  var reports: [FileReport] = []
  var summary: RunSummary?
  func fileFinished(_ report: FileReport) throws { reports.append(report) }
  func runFinished(_ summary: RunSummary) throws { self.summary = summary }
}

func vectorFile(suite: String = "leeep.fid", _ tests: String) -> String {
  #"{"format": "conformance-vectors/1", "suite": "\#(suite)", "description": "d", "tests": [\#(tests)]}"#
}

@Suite struct RunnerTests {
  @Test func malformedFilesBesideAGoodOneAreEachReportedAndTheGoodOneRuns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "good.json", vectorFile(#"{"id": "ok", "input": "a", "expect": {"result": "accept", "output": "a"}}"#))
    try folder.write("bad/duplicate-key.json", #"{"format": "x", "format": "y"}"#)
    try folder.write("bad/bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8))
    try folder.write("bad/surrogate.json", #"["\udead"]"#)
    try folder.write("bad/deep.json", String(repeating: "[", count: 100_000))
    try folder.write("bad/utf8.json", bytes: [0x22, 0xFF, 0x22])
    try folder.write("bad/empty.json", "")
    try folder.write("bad/not-a-file.schema.json", "this is skipped")
    let recorder = Recorder()
    let summary = try Runner(implementation: EchoImplementation()).run(roots: [folder.path], observers: [recorder])
    #expect(
      recorder.reports.map(\.location.path) == [
        "bad/bom.json", "bad/deep.json", "bad/duplicate-key.json", "bad/empty.json", "bad/surrogate.json",
        "bad/utf8.json", "good.json",
      ])
    #expect(summary.totals.loadErrors == 6)
    #expect(summary.totals.passed == 1)
    #expect(summary.exitStatus == 2)
    let reasons = recorder.reports.compactMap { report -> String? in
      if case .loadFailure(let failure) = report.content { return failure.reason }
      return nil
    }
    #expect(reasons.contains(#"invalid JSON: line 1, column 17: duplicate key "format""#))
    #expect(reasons.contains("invalid JSON: line 1, column 257: nesting deeper than 256 levels"))
  }

  @Test func anIDRepeatedInAnotherFileOfTheSameSuiteNamesBothFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let test = #"{"id": "same", "input": "a", "expect": {"result": "accept"}}"#
    try folder.write("a.json", vectorFile(test))
    try folder.write("b.json", vectorFile(test))
    try folder.write("c.json", vectorFile(suite: "leeep.user-id", test))
    let recorder = Recorder()
    let summary = try Runner(implementation: EchoImplementation()).run(roots: [folder.path], observers: [recorder])
    guard case .loadFailure(let failure) = recorder.reports[1].content else {
      Issue.record("b.json should fail to load")
      return
    }
    #expect(
      failure.description
        == #"\#(folder.path)/b.json: id "same" of suite leeep.fid is already used by \#(folder.path)/a.json"#)
    // Same id in another suite is fine; that suite is not implemented, so it is skipped.
    #expect(summary.totals.skipped == 1)
    #expect(summary.totals.loadErrors == 1)
  }

  @Test func outcomesAreComparedAsTheContractSays() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "f.json",
      vectorFile(
        """
        {"id": "accept-any", "input": "a", "expect": {"result": "accept"}},
        {"id": "output-by-value", "input": {"n": 1.0, "k": [1]}, "expect": {"result": "accept", "output": {"k": [1e0], "n": 1}}},
        {"id": "wrong-output", "input": {"n": 1}, "expect": {"result": "accept", "output": {"n": 2}}},
        {"id": "reject-any", "input": "bad", "expect": {"result": "reject"}},
        {"id": "wrong-error", "input": "bad", "expect": {"result": "reject", "error": "not_a_string"}},
        {"id": "wrong-field", "input": "bad", "expect": {"result": "reject", "error": "invalid_fid", "field": "x"}},
        {"id": "accepted-not-rejected", "input": "a", "expect": {"result": "reject"}},
        {"id": "nfc-is-not-nfd", "input": "\\u00e9", "expect": {"result": "accept", "output": "e\\u0301"}},
        {"id": "throws", "input": "boom", "expect": {"result": "accept"}},
        {"id": "nfd-field-is-not-nfc-field", "input": "field", "expect": {"result": "reject", "field": "e\\u0301"}}
        """))
    let recorder = Recorder()
    try Runner(implementation: EchoImplementation()).run(roots: [folder.path], observers: [recorder])
    guard case .results(let results) = recorder.reports[0].content else {
      Issue.record("the file should load")
      return
    }
    var outcome: [String: String] = [:]
    for result in results {
      switch result.status {
      case .passed: outcome[result.id] = "passed"
      case .failed(let failure): outcome[result.id] = failure.difference
      case .errored(let message): outcome[result.id] = message
      case .skipped(let reason): outcome[result.id] = reason
      }
    }
    #expect(outcome["accept-any"] == "passed")
    #expect(outcome["output-by-value"] == "passed")
    #expect(outcome["wrong-output"] == "at output.n: expected 2, got 1")
    #expect(outcome["reject-any"] == "passed")
    #expect(outcome["wrong-error"] == #"error: expected "not_a_string", got "invalid_fid""#)
    #expect(outcome["wrong-field"] == #"field: expected "x", got no field"#)
    #expect(outcome["accepted-not-rejected"] == "result: expected reject, got accept")
    #expect(outcome["nfc-is-not-nfd"] == #"at output: expected "e\u0301", got "é""#)
    #expect(outcome["throws"] == "echo could not evaluate the input: boom")
    #expect(outcome["nfd-field-is-not-nfc-field"] == #"field: expected "e\u0301", got "é""#)
  }

  @Test func selectionFiltersBySuiteTagAndIDGlob() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "f.json",
      vectorFile(
        """
        {"id": "type.null", "tags": ["invalid"], "input": "a", "expect": {"result": "accept"}},
        {"id": "type.number", "tags": ["invalid", "boundary"], "input": "a", "expect": {"result": "accept"}},
        {"id": "valid.c", "tags": ["valid"], "input": "a", "expect": {"result": "accept"}}
        """))
    func selected(_ selection: Selection) throws -> [String] {
      let recorder = Recorder()
      try Runner(implementation: EchoImplementation(), selection: selection).run(
        roots: [folder.path], observers: [recorder])
      guard case .results(let results) = recorder.reports.first?.content else { return [] }
      return results.map(\.id)
    }
    #expect(try selected(Selection(tags: ["invalid"])) == ["type.null", "type.number"])
    #expect(try selected(Selection(tags: ["valid", "boundary"])) == ["type.number", "valid.c"])
    #expect(try selected(Selection(idPatterns: [IDPattern("type.*")])) == ["type.null", "type.number"])
    #expect(try selected(Selection(idPatterns: [IDPattern("*.n?ll")])) == ["type.null"])
    #expect(try selected(Selection(tags: ["invalid"], idPatterns: [IDPattern("*.number")])) == ["type.number"])
    #expect(try selected(Selection(suites: ["leeep.user-id"])) == [])
  }

  @Test func shardsPartitionTestsAndStayStableWhenVectorsAreAdded() {
    let ids = (0..<500).map { "id.\($0)" }
    let shards = (1...4).map { Shard(index: $0, count: 4)! }
    for id in ids {
      #expect(shards.filter { $0.owns(file: "a/b.json", id: id) }.count == 1)
    }
    let counts = shards.map { shard in ids.filter { shard.owns(file: "a/b.json", id: $0) }.count }
    #expect(counts.allSatisfy { $0 > 80 }, "a shard got too few tests: \(counts)")
    // FNV-1a 64 of "leeep/fid/valid.json\0valid.first-c" mod 4 is 1 (computed independently in
    // Python): shard 2 owns it on every platform and every run.
    #expect(shards.firstIndex { $0.owns(file: "leeep/fid/valid.json", id: "valid.first-c") } == 1)
    #expect(Shard(parsing: "0/3") == nil)
    #expect(Shard(parsing: "4/3") == nil)
    #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
  }

  @Test func aMissingRootIsAnError() {
    #expect(throws: VectorRootError.self) {
      try Runner(implementation: EchoImplementation()).run(roots: ["/nonexistent/vectors"], observers: [])
    }
  }
}
