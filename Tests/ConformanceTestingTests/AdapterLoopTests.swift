import ConformanceAdapter
import ConformanceJSON
import ConformanceKit
import Testing

/// The Swift adapter kit's loop, request line by request line (docs/adapters.md's exchange).
@Suite struct AdapterLoopTests {
  private struct Broken: Error, CustomStringConvertible {
    var description: String { "no port for this input" }
  }

  private func reply(_ line: String) -> String? {
    AdapterLoop.reply(to: line, name: "swift-sdk", version: "2.1.0", suites: ["leeep.fid"]) { _, input, context in
      if context["explode"] != nil { throw Broken() }
      guard case .string(let raw) = input else { return .reject(error: "not_a_string", field: "input") }
      return .accept(output: ["raw": .string(raw), "n": .number(JSONNumber(uncheckedLiteral: "1.10"))])
    }
  }

  @Test func theHelloNamesTheProtocolTheAdapterAndItsSuites() {
    #expect(
      reply(#"{"type": "hello", "protocol": "conformance-adapter/2"}"#)
        == #"{"protocol": "conformance-adapter/2", "name": "swift-sdk", "version": "2.1.0", "suites": ["leeep.fid"]}"#)
  }

  @Test func eachAnswerEchoesItsIDAsWrittenWithTheOutcome() {
    #expect(
      reply(#"{"type": "evaluate", "id": 17, "suite": "leeep.fid", "input": "é", "context": {}}"#)
        == #"{"id": 17, "result": "accept", "output": {"raw": "é", "n": 1.10}}"#)
    #expect(
      reply(#"{"type": "evaluate", "id": 18, "suite": "leeep.fid", "input": 3, "context": {}}"#)
        == #"{"id": 18, "result": "reject", "error": "not_a_string", "field": "input"}"#)
  }

  @Test func aThrownErrorOrAnUnannouncedSuiteIsAnErrorOfThatTest() {
    #expect(
      reply(#"{"type": "evaluate", "id": 1, "suite": "leeep.fid", "input": "x", "context": {"explode": true}}"#)
        == #"{"id": 1, "error": "evaluate threw: no port for this input"}"#)
    #expect(
      reply(#"{"type": "evaluate", "id": 2, "suite": "leeep.user-id", "input": "x", "context": {}}"#)
        == #"{"id": 2, "error": "swift-sdk does not implement suite leeep.user-id"}"#)
  }

  @Test func linesThatAskNothingAreNotAnswered() {
    #expect(reply("") == nil)
    #expect(reply("not json") == nil)
    #expect(reply("[1]") == nil)
    #expect(reply(#"{"type": "evaluate", "suite": "leeep.fid", "input": "x"}"#) == nil)
  }
}
