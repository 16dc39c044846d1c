/// Exact decimal arithmetic on JSON numbers: sums, differences and products of decimal literals
/// with every digit kept, never through `Double` (`0.1 × 3` is `0.3`; a sum of 19-digit prices
/// is exact).
///
/// The cost of a result grows with the digit positions it spans, from its most significant digit
/// to its least: `1e400 + 1` spans 401 positions, `1e400 × 3` only one. Callers that add
/// untrusted numbers check ``JSONNumber/Decimal/positionsSpanned(bySumOf:)`` first (a 10-byte
/// literal such as `1e99999999` would otherwise need a hundred million digits).
extension JSONNumber.Decimal {
  /// Zero: no digits.
  public static let zero = JSONNumber.Decimal(isNegative: false, digits: [], exponent: 0)

  /// `digits × 10^exponent` with the sign, normalised: leading and trailing zeros are removed
  /// (the exponent grows by each trailing zero removed) and zero is never negative.
  ///
  /// - Precondition: every element of `digits` is 0...9.
  public init(isNegative: Bool, digits: [UInt8], exponent: Int) {
    precondition(digits.allSatisfy { $0 <= 9 }, "a decimal digit is 0...9")
    let first = digits.firstIndex { $0 != 0 } ?? digits.endIndex
    var significant = Array(digits[first...])
    var scale = exponent
    while let last = significant.last, last == 0 {
      significant.removeLast()
      scale += 1
    }
    self.isNegative = !significant.isEmpty && isNegative
    self.digits = significant
    self.exponent = significant.isEmpty ? 0 : scale
  }

  /// The position just above the most significant digit (`digits.count + exponent`); 0 for zero.
  var top: Int { digits.isEmpty ? 0 : digits.count + exponent }

  /// How many digit positions the exact sum of `values` can span, from the most significant
  /// digit it may have (one carry above the largest) down to the least significant digit of any
  /// value; 0 when every value is zero. Saturates instead of overflowing.
  public static func positionsSpanned(bySumOf values: [JSONNumber.Decimal]) -> Int {
    let nonzero = values.filter { !$0.digits.isEmpty }
    guard let highest = nonzero.map(\.top).max(), let lowest = nonzero.map(\.exponent).min() else { return 0 }
    let (span, overflow) = highest.subtractingReportingOverflow(lowest)
    return overflow ? Int.max : span.addingReportingOverflow(1).overflow ? Int.max : span + 1
  }

  /// How many digits the exact product `lhs × rhs` can have (its exponent does not count:
  /// `1e400 × 3` is one digit).
  public static func digitsOfProduct(_ lhs: JSONNumber.Decimal, _ rhs: JSONNumber.Decimal) -> Int {
    lhs.digits.isEmpty || rhs.digits.isEmpty ? 0 : lhs.digits.count + rhs.digits.count
  }

  public static func + (lhs: JSONNumber.Decimal, rhs: JSONNumber.Decimal) -> JSONNumber.Decimal {
    if lhs.digits.isEmpty { return rhs }
    if rhs.digits.isEmpty { return lhs }
    if lhs.isNegative == rhs.isNegative {
      let (digits, exponent) = addMagnitudes(lhs, rhs)
      return JSONNumber.Decimal(isNegative: lhs.isNegative, digits: digits, exponent: exponent)
    }
    // Opposite signs: the larger magnitude minus the smaller, with the larger one's sign.
    let lhsLarger = magnitudeCompare(lhs, rhs) >= 0
    let (larger, smaller) = lhsLarger ? (lhs, rhs) : (rhs, lhs)
    let (digits, exponent) = subtractMagnitudes(larger, smaller)
    return JSONNumber.Decimal(isNegative: larger.isNegative, digits: digits, exponent: exponent)
  }

  public static prefix func - (value: JSONNumber.Decimal) -> JSONNumber.Decimal {
    JSONNumber.Decimal(isNegative: !value.isNegative, digits: value.digits, exponent: value.exponent)
  }

  public static func - (lhs: JSONNumber.Decimal, rhs: JSONNumber.Decimal) -> JSONNumber.Decimal {
    lhs + (-rhs)
  }

  public static func * (lhs: JSONNumber.Decimal, rhs: JSONNumber.Decimal) -> JSONNumber.Decimal {
    if lhs.digits.isEmpty || rhs.digits.isEmpty { return .zero }
    // Schoolbook multiplication on least-significant-first digits, carrying once at the end:
    // each column holds at most min(count) products of 81, far below Int's range.
    let a = Array(lhs.digits.reversed())
    let b = Array(rhs.digits.reversed())
    var columns = [Int](repeating: 0, count: a.count + b.count)
    for (i, x) in a.enumerated() where x != 0 {
      for (j, y) in b.enumerated() { columns[i + j] += Int(x) * Int(y) }
    }
    var carry = 0
    for index in columns.indices {
      let value = columns[index] + carry
      columns[index] = value % 10
      carry = value / 10
    }
    precondition(carry == 0, "a product of n and m digits has at most n + m digits")
    let (exponent, overflow) = lhs.exponent.addingReportingOverflow(rhs.exponent)
    precondition(!overflow, "exponents are saturated at Int.max / 4, so their sum fits")
    return JSONNumber.Decimal(
      isNegative: lhs.isNegative != rhs.isNegative, digits: columns.reversed().map { UInt8($0) }, exponent: exponent)
  }

  /// The value as a JSON number literal, in plain decimal notation without trailing zeros in a
  /// fraction (`3`, `0.3`, `-19.99`, `1200`), or as `<digits>e<exponent>` (`123e400`, `5e-30`)
  /// when plain notation would pad more than 20 zeros.
  public var literal: String {
    if digits.isEmpty { return "0" }
    let sign = isNegative ? "-" : ""
    let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
    let padding = 20
    if exponent >= 0 {
      if exponent <= padding { return sign + text + String(repeating: "0", count: exponent) }
      return "\(sign)\(text)e\(exponent)"
    }
    let fraction = -exponent
    if fraction < digits.count {
      let split = text.utf8.index(text.utf8.startIndex, offsetBy: digits.count - fraction)
      return sign + String(text[..<split]) + "." + String(text[split...])
    }
    let zeros = fraction - digits.count
    if zeros <= padding { return sign + "0." + String(repeating: "0", count: zeros) + text }
    return "\(sign)\(text)e\(exponent)"
  }

  // MARK: - Magnitudes

  /// -1, 0 or 1 as |lhs| is below, equal to or above |rhs|.
  static func magnitudeCompare(_ lhs: JSONNumber.Decimal, _ rhs: JSONNumber.Decimal) -> Int {
    let a = JSONNumber.Decimal(isNegative: false, digits: lhs.digits, exponent: lhs.exponent)
    let b = JSONNumber.Decimal(isNegative: false, digits: rhs.digits, exponent: rhs.exponent)
    return a < b ? -1 : (b < a ? 1 : 0)
  }

  /// Both magnitudes as least-significant-first digits over the same positions, from the lower
  /// exponent up to one position above the higher top (room for a carry).
  private static func aligned(_ lhs: JSONNumber.Decimal, _ rhs: JSONNumber.Decimal) -> (
    a: [Int], b: [Int], exponent: Int
  ) {
    let low = min(lhs.exponent, rhs.exponent)
    let length = max(lhs.top, rhs.top) - low + 1
    func spread(_ value: JSONNumber.Decimal) -> [Int] {
      var result = [Int](repeating: 0, count: length)
      let offset = value.exponent - low
      for (index, digit) in value.digits.reversed().enumerated() { result[offset + index] = Int(digit) }
      return result
    }
    return (spread(lhs), spread(rhs), low)
  }

  private static func addMagnitudes(_ lhs: JSONNumber.Decimal, _ rhs: JSONNumber.Decimal) -> ([UInt8], Int) {
    let (a, b, exponent) = aligned(lhs, rhs)
    var result = [UInt8](repeating: 0, count: a.count)
    var carry = 0
    for index in a.indices {
      let sum = a[index] + b[index] + carry
      result[index] = UInt8(sum % 10)
      carry = sum / 10
    }
    return (result.reversed(), exponent)
  }

  /// |larger| − |smaller|, where |larger| ≥ |smaller|.
  private static func subtractMagnitudes(_ larger: JSONNumber.Decimal, _ smaller: JSONNumber.Decimal) -> (
    [UInt8], Int
  ) {
    let (a, b, exponent) = aligned(larger, smaller)
    var result = [UInt8](repeating: 0, count: a.count)
    var borrow = 0
    for index in a.indices {
      var difference = a[index] - b[index] - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 10 }
      result[index] = UInt8(difference)
    }
    precondition(borrow == 0, "the larger magnitude comes first")
    return (result.reversed(), exponent)
  }
}

extension JSONNumber {
  /// The exact value as a JSON number (its literal from ``JSONNumber/Decimal/literal``).
  public init(_ value: JSONNumber.Decimal) {
    self.init(uncheckedLiteral: value.literal)
  }
}
