import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// A small trace suite for the mechanism alone: a counter with a word, a context `start` number.
private struct CounterSuite: TraceSuite {
  static let name = "test.counter"

  struct State {
    var count = 0
    var words: [String] = []
  }

  /// At most two `say` steps in a trace.
  struct AtMostTwoSays: TraceRule {
    var says = 0
    mutating func admits(_ step: TraceStep) -> Bool {
      guard step.name == "say" else { return true }
      says += 1
      return says <= 2
    }
  }

  var steps: [TraceStepDefinition<State, Int>] {
    [
      TraceStepDefinition("bump") { _, state, _ in
        state.count += 1
        return "ok"
      },
      TraceStepDefinition(
        "say",
        [
          TraceArgument("word", .string, oneOf: ["hello", "bye"]),
          TraceArgument("loud", .bool, optional: true),
        ]
      ) { step, state, start in
        state.words.append(step.string("word"))
        return step["loud"]?.boolValue == true ? "LOUD" : "said \(start)"
      },
      TraceStepDefinition("Keep", [TraceArgument("value", .any), TraceArgument("tag", [.string, .null])]) { _, _, _ in
        "kept"
      },
      TraceStepDefinition(
        "short",
        [TraceArgument("text", .string, where: { ($0.stringValue?.utf8.count ?? 0) <= 3 })]
      ) { _, _, _ in "short" },
    ]
  }

  func traceRules() -> [any TraceRule] { [AtMostTwoSays()] }

  func configuration(from context: JSONObject) throws(ContextError) -> Int {
    guard let value = context["start"] else { return 0 }
    guard case .number(let number) = value, let start = Int(number.literal) else {
      throw ContextError(key: "start", reason: "must be an integer, got \(value.typeName)")
    }
    return start
  }

  func initialState(_ configuration: Int) -> State { State(count: configuration) }

  func output(of state: State, configuration: Int) -> [JSONObject.Member] {
    [
      .init(key: "count", value: .number(JSONNumber(state.count))),
      .init(key: "words", value: .array(state.words.map { .string($0) })),
    ]
  }
}

private func run(_ input: JSONValue, _ context: JSONObject = [:]) throws -> Outcome {
  try CounterSuite().evaluate(input, context: context)
}

private func invalid(_ index: Int) -> Outcome { .reject(error: "invalid_step", field: String(index)) }

@Suite struct TraceSuiteTests {
  @Test func anEmptyTraceGivesTheFreshState() throws {
    #expect(try run([]) == .accept(output: ["results": [], "count": 0, "words": []]))
  }

  @Test func stepsRunInOrderEachWithItsResult() throws {
    let trace: JSONValue = [
      ["step": "bump"], ["step": "say", "word": "hello"], ["step": "bump"],
      ["step": "say", "word": "bye", "loud": true], ["step": "Keep", "value": [1, 2], "tag": nil],
    ]
    #expect(
      try run(trace, ["start": 5])
        == .accept(
          output: [
            "results": ["ok", "said 5", "ok", "LOUD", "kept"], "count": 7, "words": ["hello", "bye"],
          ]))
  }

  @Test(arguments: [JSONValue.null, true, 1, "bump", ["step": "bump"]])
  func anythingButAnArrayIsNotAnArray(_ input: JSONValue) throws {
    #expect(try run(input) == .reject(error: "not_an_array", field: nil))
  }

  @Test func everyBadItemShapeIsInvalidStepAtItsIndex() throws {
    let bad: [JSONValue] = [
      .null, "bump", [["step": "bump"]], [:], ["step": 1], ["step": "Bump"], ["step": "bump "],
      ["step": "\u{212A}eep", "value": 1, "tag": "t"],  // KELVIN SIGN is canonically K, not byte for byte
      ["step": "bump", "extra": 1], ["step": "say"], ["step": "say", "word": 1], ["step": "say", "word": "Hello"],
      ["step": "say", "word": "hello", "loud": "yes"], ["step": "say", "word": "hello", "Loud": true],
      ["step": "Keep", "tag": "t"], ["step": "Keep", "value": 1, "tag": 2], ["step": "short", "text": "long"],
      ["step": "Keep", "value": 1],
    ]
    for item in bad {
      #expect(try run([item]) == invalid(0), "\(item)")
      #expect(try run([["step": "bump"], ["step": "bump"], item, .null]) == invalid(2), "\(item)")
    }
    #expect(
      try run([["step": "Keep", "value": nil, "tag": nil], ["step": "short", "text": "abc"]])
        == .accept(output: ["results": ["kept", "short"], "count": 0, "words": []]))
  }

  @Test func aTraceLevelRuleReportsTheFirstStepItRejects() throws {
    let say: JSONValue = ["step": "say", "word": "hello"]
    #expect(try run([say, ["step": "bump"], say, say, .null]) == invalid(3))
    // A shape error before the rule breaks wins by its index.
    #expect(try run([say, .null, say, say]) == invalid(1))
  }

  @Test func theContextIsReadOnlyAfterTheShapeCheck() throws {
    let broken: JSONObject = ["start": "five"]
    #expect(try run("x", broken) == .reject(error: "not_an_array", field: nil))
    #expect(try run([["step": "bump"], 1], broken) == invalid(1))
    #expect(throws: ContextError(key: "start", reason: "must be an integer, got string")) {
      try run([], broken)
    }
  }
}
