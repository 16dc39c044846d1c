import ConformanceJSON

/// What an implementation answered for one input.
public enum Outcome: Sendable {
  /// The input was accepted and produced `output`.
  case accept(output: JSONValue)
  /// The input was rejected with an error code and, where the suite names one, a field.
  case reject(error: String, field: String?)

  /// The outcome written in the vector format's `expect` shape, for reports.
  public var json: JSONValue {
    switch self {
    case .accept(let output):
      return ["result": "accept", "output": output]
    case .reject(let error, let field):
      var object: JSONObject = ["result": "reject", "error": .string(error)]
      if let field { object["field"] = .string(field) }
      return .object(object)
    }
  }
}

extension Outcome: Equatable {
  /// Equal as the contract compares: outputs as JSON values, codes and fields byte for byte.
  public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
    switch (lhs, rhs) {
    case (.accept(let a), .accept(let b)): a == b
    case (.reject(let errorA, let fieldA), .reject(let errorB, let fieldB)):
      utf8Equal(errorA, errorB) && sameBytes(fieldA, fieldB)
    default: false
    }
  }
}

/// Optional strings equal byte for byte (both absent, or both present with the same UTF-8).
func sameBytes(_ a: String?, _ b: String?) -> Bool {
  switch (a, b) {
  case (nil, nil): true
  case (let a?, let b?): utf8Equal(a, b)
  default: false
  }
}
