import ConformanceJSON
import Testing

@Suite struct JSONNumberTests {
  func number(_ literal: String) -> JSONNumber { JSONNumber(literal: literal)! }

  @Test(arguments: [
    ("1", "1.0"), ("1", "1e0"), ("100", "1e2"), ("0", "-0"), ("0.5", "5e-1"), ("120", "1.2E+2"),
    ("9999999999999999999", "9999999999999999999.000"),
  ])
  func equalByValue(_ a: String, _ b: String) {
    #expect(number(a) == number(b))
  }

  @Test(arguments: [("1", "1.5"), ("9999999999999999999", "9999999999999999998"), ("-1", "1"), ("1e400", "1e401")])
  func differentValues(_ a: String, _ b: String) {
    #expect(number(a) != number(b))
  }

  @Test func integralAndIntValue() {
    #expect(number("1.0").isIntegral)
    #expect(number("10e-1").isIntegral)
    #expect(!number("1.5").isIntegral)
    #expect(number("1e400").isIntegral)
    #expect(number("1e400").intValue == nil)
    #expect(number("-3.0").intValue == -3)
    #expect(number("1e99999999999999999999999").isIntegral)
  }

  @Test func ordering() {
    #expect(number("-1").decimal < number("0").decimal)
    #expect(number("2").decimal < number("10").decimal)
    #expect(number("-10").decimal < number("-2").decimal)
    #expect(number("0.999").decimal < number("1").decimal)
  }

  @Test func literalValidation() {
    #expect(JSONNumber(literal: "01") == nil)
    #expect(JSONNumber(literal: "+1") == nil)
    #expect(JSONNumber(literal: "1.") == nil)
    #expect(JSONNumber(literal: "-0.0e-0") != nil)
  }
}
