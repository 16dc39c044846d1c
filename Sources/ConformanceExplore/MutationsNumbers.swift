import ConformanceJSON

/// JSON numbers at and around the bounds a rule names, in every spelling JSON allows for the
/// same value (`1`, `1.0`, `1e0`, `10e-1`, `0.1e1`), with `-0`, values past 2^53 where a
/// `Double` stops being exact, past Int64, and with hundreds of digits.
package enum NumberForms {
  /// Values past the exact range of binary floating point and of fixed-width integers.
  package static let wide = [
    "9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993", "9223372036854775807",
    "9223372036854775808", "18446744073709551616", "-9223372036854775809", "1e19", "1e308", "1.7976931348623159e308",
    "5e-324", "2e-324", "0.1", "0.2", "0.3", "0.30000000000000004", "1e-7",
  ]
  /// Zero in its spellings, and tiny values on either side of it.
  package static let zeros = ["0", "-0", "0.0", "-0.0", "0e0", "-0e5", "0E-3", "1e-400", "-1e-400"]
  /// Integral values spelled as fractions or with exponents, and fractions that round.
  package static let spellings = ["1.0", "1e0", "10e-1", "0.1e1", "1E+0", "1.5", "0.5", "2.000000000000000000001"]

  /// A number of hundreds of digits (a 1 and zeros, or nines, with or without a fraction).
  package static func longDigits(_ random: inout ExploreRandom) -> String {
    let count = random.pick([20, 40, 120, 300, 401])
    switch random.below(4) {
    case 0: return "1" + String(repeating: "0", count: count)
    case 1: return String(repeating: "9", count: count)
    case 2: return "0." + String(repeating: "0", count: count) + "1"
    default: return "1." + String(repeating: "0", count: count) + "1"
    }
  }

  /// A literal at or near `bound` (a decimal literal such as `0`, `1`, `255`): the bound, one
  /// either side, a fraction either side, and the bound spelled with an exponent or a fraction.
  package static func around(_ bound: String, _ random: inout ExploreRandom) -> String {
    let decimal = JSONNumber(literal: bound)?.decimal
    let integer = JSONNumber(literal: bound)?.intValue
    switch random.below(9) {
    case 0, 1: return bound
    case 2: return integer.map { String($0 - 1) } ?? bound
    case 3: return integer.map { String($0 + 1) } ?? bound
    case 4: return integer.map { "\($0).0" } ?? bound
    case 5: return integer.map { $0 == 0 ? "-0" : "\($0)e0" } ?? bound
    case 6: return integer.map { "\($0 * 10)e-1" } ?? bound
    case 7:
      guard let integer else { return bound }
      return random.chance(1, in: 2) ? "\(integer).000000000000000000001" : "\(integer - 1).999999999999999999999"
    default:
      guard let decimal, decimal.digits.isEmpty else { return integer.map { "\($0)E+0" } ?? bound }
      return random.pick(zeros)
    }
  }

  /// A number literal: near one of `bounds`, or wide, zero-like, fractional, long or negative.
  /// `hugeExponents` adds literals such as `1e99999999` (never for suites whose arithmetic
  /// leaves such a sum without a verdict).
  package static func literal(bounds: [String], hugeExponents: Bool, _ random: inout ExploreRandom) -> String {
    switch random.below(10) {
    case 0...3 where !bounds.isEmpty: return around(random.pick(bounds), &random)
    case 4: return random.pick(wide)
    case 5: return random.pick(zeros)
    case 6: return random.pick(spellings)
    case 7: return longDigits(&random)
    case 8:
      return hugeExponents ? random.pick(["1e99999999", "-1e400", "1E400"]) : "-" + random.pick(["1", "0.5", "255"])
    default: return String(random.below(1000) - 10)
    }
  }

  package static func number(_ literal: String) -> JSONValue {
    .number(JSONNumber(literal: literal) ?? JSONNumber(0))
  }
}
