import ConformanceJSON
import ConformanceKit

/// One suite's rules over a sequence of step names: the state left by the steps read so far.
protocol StepNameRules {
  /// The error code of the first rule `step` breaks in this state, or `nil` after applying it;
  /// throws when a check needs a context value it cannot use.
  mutating func apply(_ step: String) throws(ContextError) -> String?
  /// The output of a sequence that broke no rule (the empty one too).
  var output: JSONValue { get }
}

/// What the suites whose input is an array of step names share (`fanship.sequence`,
/// `adapty.presentation`; docs/suites/fanship.sequence.md, docs/suites/adapty.presentation.md):
/// the whole input must be an array of strings before any step is read (`not_an_array`, no field,
/// no context needed); then the rules' starting state is made (reading the context it needs), the
/// steps are applied left to right, and the first step that breaks a rule is the rejection, with
/// field = that step as written.
enum StepNameSequence {
  static func evaluate<Rules: StepNameRules>(
    _ input: JSONValue, start: () throws(ContextError) -> Rules
  ) throws(ContextError) -> Outcome {
    guard case .array(let items) = input else { return .reject("not_an_array") }
    var steps: [String] = []
    steps.reserveCapacity(items.count)
    for item in items {
      guard case .string(let step) = item else { return .reject("not_an_array") }
      steps.append(step)
    }
    var rules = try start()
    for step in steps {
      if let error = try rules.apply(step) { return .reject(error, field: step) }
    }
    return .accept(output: rules.output)
  }
}
