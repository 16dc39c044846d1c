import ConformanceJSON
import ConformanceKit

// The trace mechanism shared by the trace suites (docs/suites/traces.md): a trace suite is a table
// of steps (each with its arguments), a state with each step's effect on it, and optional
// trace-level rules. The mechanism checks the whole array first (`not_an_array`, `invalid_step`
// with the 0-based index of the first bad step), then reads the context, then runs the steps in
// order from a fresh state; the output holds every step's result as `results`, in order, beside
// the suite's final state.

/// A JSON type a step argument may have.
public enum TraceJSONType: Sendable, Equatable {
  case null, bool, number, string, array, object
  /// Any JSON value at all (for example a payload that the step itself checks).
  case any

  func admits(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.any, _), (.null, .null), (.bool, .bool), (.number, .number), (.string, .string), (.array, .array),
      (.object, .object):
      true
    default: false
    }
  }
}

/// One argument of a step: its key, the JSON types it may have, and the values it may take.
public struct TraceArgument: Sendable {
  public let name: String
  public let types: [TraceJSONType]
  /// When given, a string argument must be one of these, byte for byte.
  public let allowedStrings: [String]?
  /// When given, a further rule the value must meet (for example a canonical UUID).
  public let admits: (@Sendable (JSONValue) -> Bool)?
  public let isOptional: Bool

  public init(
    _ name: String, _ types: [TraceJSONType], oneOf allowedStrings: [String]? = nil, optional: Bool = false,
    where admits: (@Sendable (JSONValue) -> Bool)? = nil
  ) {
    self.name = name
    self.types = types
    self.allowedStrings = allowedStrings
    self.isOptional = optional
    self.admits = admits
  }

  public init(
    _ name: String, _ type: TraceJSONType, oneOf allowedStrings: [String]? = nil, optional: Bool = false,
    where admits: (@Sendable (JSONValue) -> Bool)? = nil
  ) {
    self.init(name, [type], oneOf: allowedStrings, optional: optional, where: admits)
  }

  /// Whether `value` has one of the argument's types and is among the values it lists.
  func accepts(_ value: JSONValue) -> Bool {
    guard types.contains(where: { $0.admits(value) }) else { return false }
    if let allowedStrings, case .string(let text) = value {
      guard allowedStrings.contains(where: { TextRules.identical($0, text) }) else { return false }
    }
    return admits?(value) ?? true
  }
}

/// One step of a trace as it passed the shape check: its position, its name and its object.
public struct TraceStep: Sendable {
  /// 0-based position in the trace.
  public let index: Int
  public let name: String
  /// The step's object as written (the `step` key and its arguments).
  public let object: JSONObject

  /// The argument's value, or nil when an optional argument is absent.
  public subscript(argument: String) -> JSONValue? { object[argument] }

  /// A string argument. The shape check has already made sure it is one (`invalid_step` otherwise).
  public func string(_ argument: String) -> String {
    guard case .string(let text)? = object[argument] else {
      preconditionFailure("step \(index) \(name): \(argument) passed the shape check but is not a string")
    }
    return text
  }

  /// An optional string argument: nil when absent.
  public func optionalString(_ argument: String) -> String? { object[argument]?.stringValue }

  /// A boolean argument. The shape check has already made sure it is one.
  public func bool(_ argument: String) -> Bool {
    guard case .bool(let flag)? = object[argument] else {
      preconditionFailure("step \(index) \(name): \(argument) passed the shape check but is not a boolean")
    }
    return flag
  }

  /// Any argument that is present (the shape check has made sure required ones are).
  public func value(_ argument: String) -> JSONValue {
    guard let value = object[argument] else {
      preconditionFailure("step \(index) \(name): \(argument) passed the shape check but is absent")
    }
    return value
  }
}

/// A step of a trace suite: its name, its arguments, and what it does to the suite's state.
public struct TraceStepDefinition<State, Configuration>: Sendable {
  public let name: String
  public let arguments: [TraceArgument]
  /// Runs the step on the state and gives its result string (`ok`, `stale`, ...). It throws only
  /// when the reference cannot compute the result at all (a number too wide to write exactly): the
  /// test is then an error, since no rule of the contract rejects the step.
  public let effect:
    @Sendable (_ step: TraceStep, _ state: inout State, _ configuration: Configuration) throws(ContextError) -> String

  public init(
    _ name: String, _ arguments: [TraceArgument] = [],
    effect:
      @escaping @Sendable (_ step: TraceStep, _ state: inout State, _ configuration: Configuration) throws(ContextError)
      -> String
  ) {
    self.name = name
    self.arguments = arguments
    self.effect = effect
  }

  /// Whether `object` has exactly this step's arguments (and `step`), each of a type and value
  /// it lists, and no other key.
  func admits(_ object: JSONObject) -> Bool {
    for argument in arguments {
      guard let value = object[argument.name] else {
        if argument.isOptional { continue }
        return false
      }
      guard argument.accepts(value) else { return false }
    }
    for key in object.keys where !TextRules.identical(key, TraceSuiteShape.stepKey) {
      guard arguments.contains(where: { TextRules.identical($0.name, key) }) else { return false }
    }
    return true
  }
}

/// A rule on the trace as a whole, checked step by step in order during the shape check: a step
/// it does not admit is the trace's `invalid_step`. A fresh rule value is made for every trace,
/// so it may keep what it saw of the earlier steps.
public protocol TraceRule: Sendable {
  /// Whether the rule admits `step`, given every earlier step it was shown.
  mutating func admits(_ step: TraceStep) -> Bool

  /// Whether the rule admits a trace that ends after the steps it was shown: a step the rule
  /// requires that never came (an empty trace without its first step) is `invalid_step` at the
  /// index where it would have stood, the trace's length.
  func admitsEnd(afterSteps count: Int) -> Bool
}

extension TraceRule {
  public func admitsEnd(afterSteps count: Int) -> Bool { true }
}

/// A suite whose input is a trace of steps (docs/suites/traces.md).
public protocol TraceSuite: ReferenceSuite {
  /// What the suite reads from its context (read only after the shape check passes).
  associatedtype Configuration
  /// The state the steps run on, fresh for every trace.
  associatedtype State

  /// Every step of the suite.
  var steps: [TraceStepDefinition<State, Configuration>] { get }

  /// The suite's trace-level rules, fresh for one trace (none by default).
  func traceRules() -> [any TraceRule]

  /// Reads the context; throws ``ContextError`` when the suite cannot use it.
  func configuration(from context: JSONObject) throws(ContextError) -> Configuration

  /// The state before the first step.
  func initialState(_ configuration: Configuration) -> State

  /// The output's members beside `results`, from the final state.
  func output(of state: State, configuration: Configuration) -> [JSONObject.Member]
}

extension TraceSuite {
  public func traceRules() -> [any TraceRule] { [] }

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    let table = steps
    let checked: [(TraceStep, Int)]
    switch checkShape(input, table: table) {
    case .rejected(let rejection): return rejection
    case .steps(let steps): checked = steps
    }
    let configuration = try configuration(from: context)
    var state = initialState(configuration)
    var results: [JSONValue] = []
    results.reserveCapacity(checked.count)
    for (step, definition) in checked {
      results.append(.string(try table[definition].effect(step, &state, configuration)))
    }
    var members = [JSONObject.Member(key: "results", value: .array(results))]
    members += output(of: state, configuration: configuration)
    return .accept(output: .object(JSONObject(members)))
  }
}

extension TraceSuite {
  /// The shape check alone: the trace's steps as they passed it, or its rejection (`not_an_array`,
  /// `invalid_step` with the index), without running any step (the Swift kit's typed traces).
  package func shape(of input: JSONValue) -> TraceShape {
    switch checkShape(input, table: steps) {
    case .rejected(let rejection): .rejected(rejection)
    case .steps(let checked): .steps(checked.map(\.0))
    }
  }

  fileprivate func checkShape(
    _ input: JSONValue, table: [TraceStepDefinition<State, Configuration>]
  ) -> TraceSuiteShape.Checked {
    TraceSuiteShape.check(input, steps: table.map { ($0.name, $0.admits) }, rules: traceRules())
  }
}

/// What a trace suite's shape check found: every step, or the trace's rejection.
package enum TraceShape: Sendable {
  case steps([TraceStep])
  case rejected(Outcome)
}

/// The shape check of a trace, shared by every trace suite.
public enum TraceSuiteShape {
  /// Every trace suite of the contract, by name.
  package static let suites: [String: any TraceSuite] = {
    var suites: [String: any TraceSuite] = [:]
    for case let suite as any TraceSuite in ReferenceImplementation.allSuites { suites[suite.name] = suite }
    return suites
  }()

  /// The shape check of `input` as a trace of `suite`; `nil` when `suite` is not a trace suite.
  package static func check(suite: String, input: JSONValue) -> TraceShape? {
    suites[suite]?.shape(of: input)
  }

  /// The key naming a step.
  public static let stepKey = "step"

  /// Checks the whole array: every item an object with a known `step`, exactly that step's
  /// arguments, and every trace-level rule kept. Gives each step with the position of its
  /// definition in `steps`, or the rejection (`not_an_array`, or `invalid_step` with the index of
  /// the first bad item).
  static func check(
    _ input: JSONValue, steps: [(name: String, admits: (JSONObject) -> Bool)], rules: [any TraceRule]
  ) -> Checked {
    guard case .array(let items) = input else { return .rejected(.reject("not_an_array")) }
    // Step names compare byte for byte: a dictionary keyed by `String` would use canonical
    // equivalence, and U+212A KELVIN SIGN is canonically "K".
    var byName: [UTF8Key: Int] = [:]
    for (position, step) in steps.enumerated() { byName[UTF8Key(step.name)] = position }
    var rules = rules
    var checked: [(TraceStep, Int)] = []
    checked.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let invalid = Outcome.reject("invalid_step", field: String(index))
      guard case .object(let object) = item, case .string(let name)? = object[stepKey],
        let position = byName[UTF8Key(name)], steps[position].admits(object)
      else { return .rejected(invalid) }
      let step = TraceStep(index: index, name: name, object: object)
      for rule in rules.indices where !rules[rule].admits(step) { return .rejected(invalid) }
      checked.append((step, position))
    }
    for rule in rules where !rule.admitsEnd(afterSteps: items.count) {
      return .rejected(.reject("invalid_step", field: String(items.count)))
    }
    return .steps(checked)
  }

  /// What the shape check found: every step with its definition's position, or the rejection.
  enum Checked {
    case steps([(TraceStep, Int)])
    case rejected(Outcome)
  }
}

/// A string kept as its UTF-8 bytes, for sets and dictionaries that must compare byte for byte
/// (Swift's `String` hashes and compares by canonical equivalence: NFC and NFD spellings of a
/// member ID would collide).
public struct UTF8Key: Hashable, Sendable {
  public let bytes: [UInt8]
  public init(_ text: String) { bytes = Array(text.utf8) }
}
