import ConformanceJSON

/// One case explore sends to the adapter and to the reference parsers.
package struct ExploreCase: Sendable, Hashable {
  package var suite: String
  package var input: JSONValue
  /// The merged context, as `run` hands it to an implementation.
  package var context: JSONObject

  package init(suite: String, input: JSONValue, context: JSONObject) {
    self.suite = suite
    self.input = input
    self.context = context
  }

  /// Equal as the contract compares JSON: strings byte for byte, numbers by value, object
  /// members in any order.
  package static func == (lhs: ExploreCase, rhs: ExploreCase) -> Bool {
    utf8Equal(lhs.suite, rhs.suite) && lhs.input == rhs.input && lhs.context == rhs.context
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(suite)
    ExploreCase.hash(input, into: &hasher)
    ExploreCase.hash(.object(context), into: &hasher)
  }

  /// A hash that agrees with `JSONValue`'s equality: numbers by exact decimal value, object
  /// members combined without their order.
  private static func hash(_ value: JSONValue, into hasher: inout Hasher) {
    switch value {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let flag): hasher.combine(flag ? 1 as UInt8 : 2)
    case .number(let number):
      let decimal = number.decimal
      hasher.combine(3 as UInt8)
      hasher.combine(decimal.isNegative)
      hasher.combine(decimal.digits)
      hasher.combine(decimal.exponent)
    case .string(let text):
      hasher.combine(4 as UInt8)
      hasher.combine(text.utf8.count)
      for byte in text.utf8 { hasher.combine(byte) }
    case .array(let items):
      hasher.combine(5 as UInt8)
      hasher.combine(items.count)
      for item in items { hash(item, into: &hasher) }
    case .object(let object):
      hasher.combine(6 as UInt8)
      var members = 0
      for member in object.members {
        var memberHasher = Hasher()
        hash(.string(member.key), into: &memberHasher)
        hash(member.value, into: &memberHasher)
        members &+= memberHasher.finalize()
      }
      hasher.combine(members)
    }
  }
}
