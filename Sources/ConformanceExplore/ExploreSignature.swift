import ConformanceJSON
import ConformanceKit

/// What kind of answer an outcome is, for a finding's signature: an output, or a rejection
/// with its error code.
package enum OutcomeKind: Sendable, Hashable, Comparable, CustomStringConvertible {
  case accept
  case reject(error: String)

  package init(_ outcome: Outcome) {
    switch outcome {
    case .accept: self = .accept
    case .reject(let error, _): self = .reject(error: error)
    }
  }

  /// `accept`, `reject invalid_fid`.
  package var description: String {
    switch self {
    case .accept: "accept"
    case .reject(let error): "reject \(error)"
    }
  }

  package static func < (lhs: OutcomeKind, rhs: OutcomeKind) -> Bool {
    switch (lhs, rhs) {
    case (.accept, .reject): true
    case (.reject(let a), .reject(let b)): utf8Precedes(a, b)
    default: false
    }
  }

  package static func == (lhs: OutcomeKind, rhs: OutcomeKind) -> Bool {
    switch (lhs, rhs) {
    case (.accept, .accept): true
    case (.reject(let a), .reject(let b)): utf8Equal(a, b)
    default: false
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch self {
    case .accept: hasher.combine(0 as UInt8)
    case .reject(let error):
      hasher.combine(1 as UInt8)
      for byte in error.utf8 { hasher.combine(byte) }
    }
  }
}

/// The check of `run`'s comparison that fails first: the result (accept against reject), the
/// error code, the field, or the output.
package enum DifferencePart: String, Sendable, Hashable, Comparable, CaseIterable {
  case result, error, field, output

  package static func < (lhs: DifferencePart, rhs: DifferencePart) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// What makes two findings the same finding: the suite, the part that differs, and what kind of
/// answer the reference (expected) and the implementation (actual) gave.
package struct FindingSignature: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var suite: String
  package var part: DifferencePart
  package var expected: OutcomeKind
  package var actual: OutcomeKind

  package init(suite: String, part: DifferencePart, expected: OutcomeKind, actual: OutcomeKind) {
    self.suite = suite
    self.part = part
    self.expected = expected
    self.actual = actual
  }

  /// `leeep.fid: result differs (expected reject invalid_fid, actual accept)`.
  package var description: String {
    "\(suite): \(part.rawValue) differs (expected \(expected), actual \(actual))"
  }

  package static func < (lhs: FindingSignature, rhs: FindingSignature) -> Bool {
    if !utf8Equal(lhs.suite, rhs.suite) { return utf8Precedes(lhs.suite, rhs.suite) }
    if lhs.part != rhs.part { return lhs.part < rhs.part }
    if lhs.expected != rhs.expected { return lhs.expected < rhs.expected }
    return lhs.actual < rhs.actual
  }
}

/// A case's two answers compared as `run` compares a test's: the reference's answer stands for
/// the test's `expect` (output, error and field all given).
package enum ExploreComparison {
  /// The reference's answer as a vector's `expect`.
  package static func expectation(of outcome: Outcome) -> Expectation {
    switch outcome {
    case .accept(let output): .accept(output: output)
    case .reject(let error, let field): .reject(error: error, field: field)
    }
  }

  /// `nil` when the implementation's answer meets the reference's; otherwise the signature and
  /// `run`'s words for the difference.
  package static func difference(
    suite: String, reference: Outcome, actual: Outcome
  ) -> (signature: FindingSignature, words: String)? {
    guard let words = Comparison.difference(expected: expectation(of: reference), actual: actual) else { return nil }
    let part: DifferencePart
    switch (reference, actual) {
    case (.accept, .accept): part = .output
    case (.reject(let error, _), .reject(let actualError, _)):
      part = utf8Equal(error, actualError) ? .field : .error
    default: part = .result
    }
    return (
      FindingSignature(suite: suite, part: part, expected: OutcomeKind(reference), actual: OutcomeKind(actual)), words
    )
  }
}
