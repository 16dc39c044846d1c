import ConformanceCommands
import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Testing

@testable import ConformanceTesting

/// A leeep.push.client file (docs/suites/leeep.push.client.md's example, with two more shape
/// checks): a trace whose step lists its argument before `step`, `null` (not_an_array), and a
/// trace whose second item names no step of the suite (invalid_step at 1).
private let pushClientFile = """
  {"format": "conformance-vectors/1", "suite": "leeep.push.client", "description": "d", "tests": [
   {"id": "set.opted_in", "input": [{"user_id": "member-0001", "step": "identify"}, {"step": "set_consent", "consent": "opted_in"}],
    "expect": {"result": "accept", "output": {"results": ["ok", "ok"], "status": {"bound": true, "consent": "opted_in", "os_permission": "unknown", "pending": false, "error": "", "ready": false}}}},
   {"id": "not-an-array.null", "input": null, "expect": {"result": "reject", "error": "not_an_array"}},
   {"id": "unknown-step", "input": [{"step": "logout"}, {"step": "login"}], "expect": {"result": "reject", "error": "invalid_step", "field": "1"}}
  ]}
  """

/// Runs `conformance ARGS` in-process and returns (exit status, stdout, stderr).
private func conformance(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  let captured = CapturedConsole()
  let status = ConformanceCommand.main(arguments: arguments, console: captured.console)
  return (status, captured.output, captured.error)
}

@Suite struct ConformanceTracesTests {
  static let traceSuites = ["leeep.push.client", "respondo.push.session", "leeep.scroll-request"]

  /// Whether the vector's expectation is one of the shape checks' rejections (docs/suites/traces.md).
  static func expectsShapeRejection(_ vector: ConformanceVector) -> Bool {
    guard case .reject(let error?, _) = vector.expectation else { return false }
    return error == "not_an_array" || error == "invalid_step"
  }

  /// Every shipped vector of a trace suite either has typed steps or expects a shape rejection:
  /// the split follows the vectors' own expectations, and both kinds occur in every suite.
  @Test(arguments: traceSuites)
  func everyShippedVectorIsATypedTraceOrShapeOnly(suite: String) throws {
    let all = try ConformanceVectors.load(suite: suite)
    let split = try ConformanceVectors.traces(suite: suite)
    let expectedShapeOnly = all.filter(Self.expectsShapeRejection).map(\.id)
    #expect(split.shapeOnly.map(\.id) == expectedShapeOnly)
    #expect(split.traces.map(\.id) == all.filter { !Self.expectsShapeRejection($0) }.map(\.id))
    #expect(split.traces.count + split.shapeOnly.count == all.count)
    #expect(!split.traces.isEmpty && !split.shapeOnly.isEmpty)
    #expect(
      split.summary
        == "\(suite): \(split.traces.count) traces with typed steps; \(split.shapeOnly.count) shape-only vectors "
        + "left out (reported skipped)")
  }

  /// The typed steps are the input's steps: same order, names, arguments and values as written.
  @Test(arguments: traceSuites)
  func theStepsAreTheInputsSteps(suite: String) throws {
    for trace in try ConformanceVectors.traces(suite: suite).traces {
      guard case .array(let items) = trace.vector.input else {
        Issue.record("\(trace.testDescription): a typed trace whose input is not an array")
        continue
      }
      #expect(JSONValue.array(trace.steps.map(\.json)) == trace.vector.input)
      #expect(trace.steps.map(\.index) == Array(items.indices))
      for (step, item) in zip(trace.steps, items) {
        #expect(item.objectValue?["step"] == .string(step.name))
        let arguments = item.objectValue?.members.filter { $0.key != "step" } ?? []
        #expect(step.arguments.members.map(\.key) == arguments.map(\.key))
        for member in arguments { #expect(try step.value(member.key) == member.value) }
      }
    }
  }

  @Test func typedAccessorsAndTheirErrors() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/push-client.json", pushClientFile)
    let split = try ConformanceVectors.traces(suite: "leeep.push.client", root: folder.path + "/v")
    #expect(split.traces.map(\.vector.vectorID) == ["set.opted_in"])
    #expect(split.shapeOnly.map(\.vectorID) == ["not-an-array.null", "unknown-step"])
    let identify = split.traces[0].steps[0]
    #expect(identify.name == "identify" && identify.index == 0)
    #expect(try identify.string("user_id") == "member-0001")
    #expect(identify.has("user_id") && !identify.has("step"))
    #expect(identify.description == #"step 0 {"user_id": "member-0001", "step": "identify"}"#)
    #expect {
      try identify.bool("user_id")
    } throws: { error in
      (error as? ConformanceTraceStepError)?.description
        == #"step 0 {"user_id": "member-0001", "step": "identify"}: "user_id" is not a boolean"#
    }
    #expect {
      try split.traces[0].steps[1].string("ticket")
    } throws: { error in
      (error as? ConformanceTraceStepError)?.description
        == #"step 1 {"step": "set_consent", "consent": "opted_in"}: has no argument "ticket""#
    }
  }

  @Test func aNumberArgumentKeepsItsLiteral() throws {
    let split = try ConformanceVectors.traces(suite: "leeep.scroll-request")
    let numbers = split.traces.flatMap(\.steps).flatMap { step in
      step.arguments.members.compactMap { member -> (JSONNumber, JSONNumber)? in
        guard case .number(let written) = member.value else { return nil }
        return ((try? step.number(member.key)) ?? JSONNumber(0), written)
      }
    }
    #expect(!numbers.isEmpty)
    #expect(numbers.allSatisfy { $0.0.description == $0.1.description })
    // The shipped suite has decimals a double would change (docs/suites/leeep.scroll-request.md).
    #expect(numbers.contains { !$0.0.isIntegral })
  }

  @Test func aVectorFailingTheShapeCheckThatExpectsAnotherResultIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "v/bad.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.push.client", "description": "d", "tests": [{"id": "typo", "input": [{"step": "Logout"}], "expect": {"result": "accept"}}]}"#
    )
    #expect {
      try ConformanceVectors.traces(suite: "leeep.push.client", root: folder.path + "/v")
    } throws: { error in
      (error as? VectorLoadError)?.description
        == "\(path): leeep.push.client typo: the input fails the trace's shape check "
        + #"({"result": "reject", "error": "invalid_step", "field": "0"}) but the vector expects {"result": "accept"}; "#
        + "it contradicts the contract (docs/suites/traces.md), and a typed test cannot leave it out"
    }
  }

  @Test func aSuiteThatIsNotATraceSuiteIsRefused() {
    #expect {
      try ConformanceVectors.traces(suite: "leeep.fid")
    } throws: { error in
      (error as? VectorLoadError)?.description
        == "suite leeep.fid is not a trace suite; the trace suites are leeep.push.client, leeep.scroll-request, "
        + "respondo.push.session"
    }
  }

  /// Shape-only vectors are recorded as `{"skip": …}` and `conformance judge` reports them
  /// skipped, never passed; the typed trace's answer is judged as any other.
  @Test func shapeOnlyVectorsAreRecordedSkippedAndJudgedSkipped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = folder.path + "/v"
    try folder.write("v/push-client.json", pushClientFile)
    let answers = ConformanceAnswers(path: folder.path + "/answers.jsonl")
    let implementation = ConformanceImplementation(name: "Port", suites: ["leeep.push.client"], root: root)
    let split = try implementation.traces(suite: "leeep.push.client", recordingTo: answers)
    let output = try JSONParser().parse(
      #"{"results": ["ok", "ok"], "status": {"bound": true, "consent": "opted_in", "os_permission": "unknown", "pending": false, "error": "", "ready": false}}"#
    )
    #expect(answers.record(split.traces[0].vector, answer: .accept(output: output)) == nil)
    answers.finish()
    let lines = try folder.read("answers.jsonl").split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropFirst()) == [
        #"{"suite": "leeep.push.client", "id": "not-an-array.null", "answer": {"skip": "shape-only: expects {\"result\": \"reject\", \"error\": \"not_an_array\"}, a trace that fails the shape check; a typed trace API has no steps to give for it"}}"#,
        #"{"suite": "leeep.push.client", "id": "unknown-step", "answer": {"skip": "shape-only: expects {\"result\": \"reject\", \"error\": \"invalid_step\", \"field\": \"1\"}, a trace that fails the shape check; a typed trace API has no steps to give for it"}}"#,
        #"{"suite": "leeep.push.client", "id": "set.opted_in", "answer": {"result": "accept", "output": {"results": ["ok", "ok"], "status": {"bound": true, "consent": "opted_in", "os_permission": "unknown", "pending": false, "error": "", "ready": false}}}}"#,
        #"{"end": true, "count": 3}"#,
      ])
    let packed = conformance(["pack", "--vectors", root, "--out", folder.path + "/pack.json"])
    #expect(packed.status == 0, "\(packed.error)")
    let judged = conformance(["judge", folder.path + "/answers.jsonl", "--pack", folder.path + "/pack.json"])
    #expect(judged.status == 0, "\(judged.output)\(judged.error)")
    #expect(judged.output.hasSuffix("1 passed, 0 failed, 2 skipped\n"), "\(judged.output)")
  }
}
