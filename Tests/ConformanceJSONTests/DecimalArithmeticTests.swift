import ConformanceJSON
import Testing

/// Exact decimal arithmetic on JSON number literals (JSONNumber+Arithmetic.swift): every result
/// is written out as the literal it must be, so a rounding or a lost digit fails the test.
@Suite struct DecimalArithmeticTests {
  func decimal(_ literal: String) -> JSONNumber.Decimal { JSONNumber(literal: literal)!.decimal }

  @Test(arguments: [
    ("0.1", "0.2", "0.3"), ("0.1", "0.7", "0.8"), ("1", "2", "3"), ("0", "0", "0"), ("-0", "0", "0"),
    ("9999999999999999999", "1", "10000000000000000000"),
    ("9999999999999999999", "9999999999999999999", "19999999999999999998"),
    ("1234567890123456789.01", "0.99", "1234567890123456790"), ("1e2", "1", "101"), ("1.5", "-0.5", "1"),
    ("-2", "0.5", "-1.5"), ("5", "-5", "0"), ("0.001", "1e3", "1000.001"), ("1e-30", "0", "1e-30"),
    ("1e400", "1", "1" + String(repeating: "0", count: 399) + "1"), ("-1.25", "-0.75", "-2"),
  ])
  func sums(_ a: String, _ b: String, _ sum: String) {
    #expect((decimal(a) + decimal(b)).literal == sum, "\(a) + \(b)")
    #expect((decimal(b) + decimal(a)).literal == sum, "\(b) + \(a)")
  }

  @Test(arguments: [
    ("0.3", "0.1", "0.2"), ("1", "0.01", "0.99"), ("100", "100", "0"), ("1", "2", "-1"),
    ("10000000000000000000", "1", "9999999999999999999"), ("0", "0.5", "-0.5"), ("-1", "-1", "0"),
    ("1e20", "1", "99999999999999999999"), ("2.50", "2.5", "0"),
  ])
  func differences(_ a: String, _ b: String, _ difference: String) {
    #expect((decimal(a) - decimal(b)).literal == difference, "\(a) - \(b)")
  }

  @Test(arguments: [
    ("0.1", "3", "0.3"), ("19.99", "3", "59.97"), ("0", "5", "0"), ("1.0", "1", "1"), ("2.50", "2", "5"),
    ("9999999999999999999", "9999999999999999999", "99999999999999999980000000000000000001"),
    ("-1.5", "2", "-3"), ("-1.5", "-2", "3"), ("1e400", "3", "3e400"), ("1e-30", "7", "7e-30"),
    ("123456789", "1000000", "123456789000000"), ("0.001", "0.001", "0.000001"),
    ("1e10", "1e10", "100000000000000000000"),
  ])
  func products(_ a: String, _ b: String, _ product: String) {
    #expect((decimal(a) * decimal(b)).literal == product, "\(a) × \(b)")
    #expect((decimal(b) * decimal(a)).literal == product, "\(b) × \(a)")
  }

  /// Plain notation unless more than 20 zeros would be padded; no trailing fraction zeros.
  @Test(arguments: [
    ("3.0", "3"), ("0.30", "0.3"), ("-0", "0"), ("0e5", "0"), ("1e20", "100000000000000000000"), ("1e21", "1e21"),
    ("1.5e21", "1500000000000000000000"), ("1.5e22", "15e21"), ("1e-21", "0.000000000000000000001"), ("1e-22", "1e-22"),
    ("12.5e-22", "0.00000000000000000000125"), ("12.5e-23", "125e-24"),
    ("-19.990", "-19.99"), ("1200", "1200"), ("1.2e3", "1200"), ("123.456", "123.456"),
  ])
  func literals(_ input: String, _ literal: String) {
    let value = decimal(input)
    #expect(value.literal == literal, "\(input)")
    // Every literal is a valid JSON number with the same value.
    #expect(JSONNumber(literal: value.literal)?.decimal == value, "\(input)")
  }

  @Test func normalisingInitialiser() {
    let value = JSONNumber.Decimal(isNegative: true, digits: [0, 0, 1, 2, 0, 0], exponent: -4)
    #expect(value.digits == [1, 2])
    #expect(value.exponent == -2)
    #expect(value.literal == "-0.12")
    #expect(JSONNumber.Decimal(isNegative: true, digits: [0, 0], exponent: 7) == .zero)
    #expect(!JSONNumber.Decimal(isNegative: true, digits: [0], exponent: 7).isNegative)
  }

  @Test func numberFromDecimal() {
    #expect(JSONNumber(decimal("0.1") * decimal("3")).literal == "0.3")
    #expect(JSONNumber(decimal("0.1") * decimal("3")) == JSONNumber(literal: "3e-1")!)
  }

  @Test func spans() {
    #expect(JSONNumber.Decimal.positionsSpanned(bySumOf: []) == 0)
    #expect(JSONNumber.Decimal.positionsSpanned(bySumOf: [.zero, .zero]) == 0)
    // 99 + 1: two digits and a carry.
    #expect(JSONNumber.Decimal.positionsSpanned(bySumOf: [decimal("99"), decimal("1")]) == 3)
    #expect(JSONNumber.Decimal.positionsSpanned(bySumOf: [decimal("1e400"), decimal("0.5")]) == 403)
    #expect(JSONNumber.Decimal.positionsSpanned(bySumOf: [decimal("1e400")]) == 2)
    #expect(
      JSONNumber.Decimal.positionsSpanned(bySumOf: [
        decimal("1e99999999999999999999"), decimal("1e-99999999999999999999"),
      ])
        > 1 << 60)
    #expect(JSONNumber.Decimal.digitsOfProduct(decimal("1e400"), decimal("3")) == 2)
    #expect(JSONNumber.Decimal.digitsOfProduct(decimal("0"), decimal("123")) == 0)
    #expect(JSONNumber.Decimal.digitsOfProduct(decimal("12.5"), decimal("100")) == 4)
  }

  @Test func sumsNeverGoThroughDouble() {
    // 0.1 added ten times is exactly 1 (binary floating point gives 0.9999999999999999).
    var total = JSONNumber.Decimal.zero
    for _ in 0..<10 { total = total + decimal("0.1") }
    #expect(total.literal == "1")
    // 2^53 + 1 is not representable as a Double.
    #expect((decimal("9007199254740992") + decimal("1")).literal == "9007199254740993")
  }
}
