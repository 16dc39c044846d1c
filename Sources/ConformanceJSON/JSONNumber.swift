/// A JSON number, kept as the literal text it was written with.
///
/// Keeping the text means a 19-digit ID, a 10,000-digit number or `1.0` survives a round trip
/// exactly; comparison is by exact decimal value (`1.0 == 1`, `1e2 == 100`, `-0 == 0`),
/// never through `Double`.
public struct JSONNumber: Sendable, CustomStringConvertible {
  /// The number as written, a valid RFC 8259 `number` production.
  public let literal: String

  /// Wraps a literal the caller has already validated (the parser does so).
  public init(uncheckedLiteral literal: String) {
    self.literal = literal
  }

  /// The literal, validated against RFC 8259's grammar; `nil` when it is not a JSON number.
  public init?(literal: String) {
    guard JSONNumber.isValidLiteral(literal.utf8) else { return nil }
    self.literal = literal
  }

  public init(_ value: Int) {
    self.literal = String(value)
  }

  public var description: String { literal }

  /// The value as an exact decimal: `digits × 10^exponent`, no leading or trailing zeros
  /// in `digits` (empty for zero).
  public var decimal: Decimal { Decimal(literal: literal) }

  /// True when the value is a whole number (`3`, `3.0`, `3e0`, `30e-1`).
  public var isIntegral: Bool { decimal.exponent >= 0 }

  /// The value as an `Int` when it is integral and fits; `nil` otherwise.
  public var intValue: Int? {
    let value = decimal
    guard value.exponent >= 0 else { return nil }
    if value.digits.isEmpty { return 0 }
    guard value.digits.count + value.exponent <= 18 else { return nil }
    var result = 0
    for digit in value.digits { result = result * 10 + Int(digit) }
    for _ in 0..<value.exponent { result *= 10 }
    return value.isNegative ? -result : result
  }

  /// The nearest `Double` (for display and approximate uses only).
  public var doubleValue: Double { Double(literal) ?? .nan }

  /// An exact decimal value.
  public struct Decimal: Sendable, Equatable, Comparable {
    public let isNegative: Bool
    /// Significant digits (0...9), most significant first; empty means zero.
    public let digits: [UInt8]
    /// Power of ten applied to `digits`, saturated for absurd exponents.
    public let exponent: Int

    init(literal: String) {
      var bytes = Array(literal.utf8)[...]
      var negative = false
      if bytes.first == UInt8(ascii: "-") {
        negative = true
        bytes = bytes.dropFirst()
      }
      var digits: [UInt8] = []
      var exponent = 0
      var seenPoint = false
      var index = bytes.startIndex
      while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: ".") {
          seenPoint = true
        } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
          break
        } else {
          digits.append(byte &- UInt8(ascii: "0"))
          if seenPoint { exponent -= 1 }
        }
        index += 1
      }
      if index < bytes.endIndex {
        index += 1
        var exponentNegative = false
        if bytes[index] == UInt8(ascii: "+") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "-") {
          exponentNegative = true
          index += 1
        }
        var written = 0
        // Saturate: a literal like 1e99999999999999999999 must not trap.
        let limit = Int.max / 4
        while index < bytes.endIndex {
          let digit = Int(bytes[index] &- UInt8(ascii: "0"))
          written = written > (limit - digit) / 10 ? limit : written * 10 + digit
          index += 1
        }
        exponent = exponentNegative ? max(-limit, exponent - written) : min(limit, exponent + written)
      }
      let firstSignificant = digits.firstIndex { $0 != 0 } ?? digits.endIndex
      var significant = Array(digits[firstSignificant...])
      while let last = significant.last, last == 0 {
        significant.removeLast()
        exponent += 1
      }
      self.digits = significant
      self.exponent = significant.isEmpty ? 0 : exponent
      self.isNegative = significant.isEmpty ? false : negative
    }

    public static func < (lhs: Decimal, rhs: Decimal) -> Bool {
      if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
      let magnitudeLess = Decimal.magnitudePrecedes(lhs, rhs)
      let magnitudeGreater = Decimal.magnitudePrecedes(rhs, lhs)
      return lhs.isNegative ? magnitudeGreater : magnitudeLess
    }

    private static func magnitudePrecedes(_ a: Decimal, _ b: Decimal) -> Bool {
      if a.digits.isEmpty { return !b.digits.isEmpty }
      if b.digits.isEmpty { return false }
      // Compare the position of the most significant digit first.
      let aTop = a.digits.count + a.exponent
      let bTop = b.digits.count + b.exponent
      if aTop != bTop { return aTop < bTop }
      let length = max(a.digits.count, b.digits.count)
      for position in 0..<length {
        let x = position < a.digits.count ? a.digits[position] : 0
        let y = position < b.digits.count ? b.digits[position] : 0
        if x != y { return x < y }
      }
      return false
    }
  }

  /// Checks RFC 8259's `number` grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func isValidLiteral(_ bytes: some Collection<UInt8>) -> Bool {
    var iterator = Array(bytes)[...]
    func digits() -> Int {
      let count = iterator.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      iterator = iterator.dropFirst(count)
      return count
    }
    if iterator.first == UInt8(ascii: "-") { iterator = iterator.dropFirst() }
    if iterator.first == UInt8(ascii: "0") {
      iterator = iterator.dropFirst()
    } else if digits() == 0 {
      return false
    }
    if iterator.first == UInt8(ascii: ".") {
      iterator = iterator.dropFirst()
      if digits() == 0 { return false }
    }
    if iterator.first == UInt8(ascii: "e") || iterator.first == UInt8(ascii: "E") {
      iterator = iterator.dropFirst()
      if iterator.first == UInt8(ascii: "+") || iterator.first == UInt8(ascii: "-") {
        iterator = iterator.dropFirst()
      }
      if digits() == 0 { return false }
    }
    return iterator.isEmpty
  }
}

extension JSONNumber: Equatable {
  /// Equal by exact decimal value.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    lhs.literal == rhs.literal || lhs.decimal == rhs.decimal
  }
}
