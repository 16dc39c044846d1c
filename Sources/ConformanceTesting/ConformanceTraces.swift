import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// One step of a trace (`leeep.push.client`, `respondo.push.session`, `leeep.scroll-request`;
/// docs/suites/traces.md): its name and its arguments, as they passed the suite's shape check —
/// a step the suite defines, with exactly its arguments, each of a JSON type and value it lists.
///
/// ```swift
/// switch step.name {
/// case "identify": client.identify(userID: try step.string("user_id"))
/// case "network": reachability.online = try step.bool("online")
/// case "logout": client.logout()
/// default: throw UnknownStep(step.name)
/// }
/// ```
///
/// The accessors throw ``ConformanceTraceStepError`` only when the test asks for an argument the
/// step does not have, or as another type than the suite gives it (a slip in the test's mapping,
/// never in the vector): the test case then fails, naming the step and the argument.
public struct ConformanceTraceStep: Sendable, Equatable, CustomStringConvertible {
  /// 0-based position in the trace.
  public let index: Int
  /// The step's name (its `step` key).
  public let name: String
  /// The step's arguments as written: its object without the `step` key, numbers exact.
  public let arguments: JSONObject
  /// The step's object as written, `step` key included.
  private let object: JSONObject

  init(_ step: TraceStep) {
    index = step.index
    name = step.name
    object = step.object
    arguments = JSONObject(step.object.members.filter { $0.key != TraceSuiteShape.stepKey })
  }

  /// The step as written in the vector: `{"step": name, …arguments}`, members in their order.
  public var json: JSONValue { .object(object) }

  public var description: String { "step \(index) \(JSONSerializer.compact.string(from: json))" }

  /// Whether the step has `argument` (an optional argument may be absent).
  public func has(_ argument: String) -> Bool { arguments[argument] != nil }

  /// Any argument, as its JSON value.
  public func value(_ argument: String) throws(ConformanceTraceStepError) -> JSONValue {
    guard let value = arguments[argument] else { throw problem("has no argument \"\(argument)\"") }
    return value
  }

  /// A string argument, byte for byte as written.
  public func string(_ argument: String) throws(ConformanceTraceStepError) -> String {
    guard case .string(let text) = try value(argument) else { throw problem("\"\(argument)\" is not a string") }
    return text
  }

  /// A boolean argument.
  public func bool(_ argument: String) throws(ConformanceTraceStepError) -> Bool {
    guard case .bool(let flag) = try value(argument) else { throw problem("\"\(argument)\" is not a boolean") }
    return flag
  }

  /// A number argument, exact as written (``JSONNumber/decimal``, ``JSONNumber/intValue``, its literal).
  public func number(_ argument: String) throws(ConformanceTraceStepError) -> JSONNumber {
    guard case .number(let number) = try value(argument) else { throw problem("\"\(argument)\" is not a number") }
    return number
  }

  /// An object argument.
  public func object(_ argument: String) throws(ConformanceTraceStepError) -> JSONObject {
    guard case .object(let object) = try value(argument) else { throw problem("\"\(argument)\" is not an object") }
    return object
  }

  private func problem(_ what: String) -> ConformanceTraceStepError {
    ConformanceTraceStepError(description: "\(self): \(what)")
  }
}

/// A test asked a trace step for an argument it does not have, or as the wrong type.
public struct ConformanceTraceStepError: Error, Sendable, CustomStringConvertible {
  public var description: String
}

/// A vector of a trace suite whose input passed the suite's shape check, with its steps as
/// values; a Swift Testing argument like ``ConformanceVector`` (`leeep.push.client identify.switch`).
public struct ConformanceTrace: Sendable, Identifiable, CustomTestStringConvertible {
  /// The vector: its expectation, its context (`online`, `sdk_version`…), its file.
  public let vector: ConformanceVector
  /// The trace's steps, in order.
  public let steps: [ConformanceTraceStep]

  public var id: ConformanceVector.ID { vector.id }
  public var testDescription: String { vector.testDescription }
  /// The vector's context (the file's with the test's merged over it).
  public var context: JSONObject { vector.context }
}

/// A trace suite's vectors for a typed test: ``traces``, every vector whose input passes the
/// suite's shape check, with its steps; and ``shapeOnly``, the vectors whose input does not
/// (they expect `not_an_array`, or `invalid_step` with the index of the first bad step). Those
/// test the mapping from JSON to steps, which a typed API does not have: they are left out of
/// the test's arguments, recorded as skipped answers (`{"skip": …}`) when answers are recorded,
/// and never count as passes.
public struct ConformanceTraces: Sendable {
  public let suite: String
  /// The vectors with typed steps, in file order: the test's arguments.
  public let traces: [ConformanceTrace]
  /// The shape-only vectors left out, in file order.
  public let shapeOnly: [ConformanceVector]

  /// `leeep.push.client: 531 traces with typed steps; 288 shape-only vectors left out (reported skipped)`.
  public var summary: String {
    "\(suite): \(traces.count) traces with typed steps; \(shapeOnly.count) shape-only vectors left out "
      + "(reported skipped)"
  }

  /// Why a shape-only vector is left out, as its `{"skip": …}` answer says.
  public static func skipReason(_ vector: ConformanceVector) -> String {
    "shape-only: expects \(JSONSerializer.compact.string(from: vector.expectation.json)), a trace that fails the "
      + "shape check; a typed trace API has no steps to give for it"
  }

  /// Splits a trace suite's vectors by the suite's shape check. Throws for a suite that is not a
  /// trace suite, and for a vector whose input fails the shape check though it expects another
  /// result: leaving it out would hide that it contradicts the contract.
  static func split(_ vectors: [ConformanceVector], suite: String) throws(VectorLoadError) -> ConformanceTraces {
    guard TraceSuiteShape.suites[suite] != nil else {
      throw VectorLoadError(
        description:
          "suite \(suite) is not a trace suite; the trace suites are "
          + TraceSuiteShape.suites.keys.sorted().joined(separator: ", "))
    }
    var traces: [ConformanceTrace] = []
    var shapeOnly: [ConformanceVector] = []
    for vector in vectors {
      switch TraceSuiteShape.check(suite: suite, input: vector.input) {
      case .steps(let steps)?:
        traces.append(ConformanceTrace(vector: vector, steps: steps.map(ConformanceTraceStep.init)))
      case .rejected(let rejection)?:
        guard Comparison.difference(expected: vector.expectation, actual: rejection) == nil else {
          throw VectorLoadError(
            description:
              "\(vector.file): \(vector.testDescription): the input fails the trace's shape check "
              + "(\(JSONSerializer.compact.string(from: rejection.json))) but the vector expects "
              + "\(JSONSerializer.compact.string(from: vector.expectation.json)); it contradicts the contract "
              + "(docs/suites/traces.md), and a typed test cannot leave it out")
        }
        shapeOnly.append(vector)
      case nil:
        preconditionFailure("\(suite) was checked to be a trace suite")
      }
    }
    return ConformanceTraces(suite: suite, traces: traces, shapeOnly: shapeOnly)
  }
}

extension ConformanceVectors {
  /// A trace suite's vectors under `root` for a typed test: ``ConformanceTraces/traces`` with their
  /// steps, ``ConformanceTraces/shapeOnly`` left out. Throws as ``load(suite:root:)`` does, and for
  /// a suite that is not a trace suite or a vector whose input fails the shape check though it
  /// expects another result. Records nothing: load through
  /// ``ConformanceImplementation/traces(suite:)`` to record answers.
  public static func traces(suite: String, root: String = shippedRoot) throws(VectorLoadError)
    -> ConformanceTraces
  {
    try ConformanceTraces.split(load(suite: suite, root: root), suite: suite)
  }
}

extension ConformanceImplementation {
  /// A trace suite's vectors (one of ``suites``) for a typed test, as
  /// ``ConformanceVectors/traces(suite:root:)`` gives them; when `CONFORMANCE_ANSWERS` is set,
  /// records every shape-only vector left out as `{"skip": "shape-only: …"}`, which
  /// `conformance judge` reports skipped.
  ///
  /// ```swift
  /// @Test(arguments: try ConformanceImplementation.sdk.traces(suite: "leeep.scroll-request").traces)
  /// func scrollRequest(_ trace: ConformanceTrace) throws {
  ///   expectConformance(trace, try MyPort.run(trace.steps))
  /// }
  /// ```
  public func traces(suite: String) throws(VectorLoadError) -> ConformanceTraces {
    try traces(suite: suite, recordingTo: ConformanceAnswers.shared)
  }

  func traces(suite: String, recordingTo answers: ConformanceAnswers) throws(VectorLoadError) -> ConformanceTraces {
    let split = try ConformanceTraces.split(vectors(suite: suite, recordingTo: answers), suite: suite)
    for vector in split.shapeOnly {
      if let problem = answers.record(vector, skipped: ConformanceTraces.skipReason(vector)) {
        throw VectorLoadError(description: problem)
      }
    }
    return split
  }
}

/// Checks what your implementation answered for a typed trace, as
/// ``expectConformance(_:_:sourceLocation:)`` does for its vector.
public func expectConformance(
  _ trace: ConformanceTrace, _ actual: Outcome, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectConformance(trace.vector, actual, sourceLocation: sourceLocation)
}

/// Evaluates a typed trace with `evaluate` (its steps and context) and checks the outcome; an
/// error thrown by `evaluate` (a ``ConformanceTraceStepError`` too) is recorded as the
/// implementation being unable to answer, with the vector's id.
public func expectConformance(
  _ trace: ConformanceTrace, sourceLocation: SourceLocation = #_sourceLocation,
  evaluate: (_ steps: [ConformanceTraceStep], _ context: JSONObject) throws -> Outcome
) {
  expectConformance(trace.vector, sourceLocation: sourceLocation) { _, context in
    try evaluate(trace.steps, context)
  }
}
