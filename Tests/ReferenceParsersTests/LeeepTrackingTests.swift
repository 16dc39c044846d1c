import ConformanceJSON
import ConformanceKit
import Testing

@testable import ReferenceParsers

/// docs/suites/leeep.tracking.md checked directly: each call and argument, the order of the checks,
/// the exact total, then every shipped vector.
@Suite struct LeeepTrackingTests: JSONTextSuiteChecks {
  let suite = LeeepTracking()

  /// The total the suite reports for an order of `products`, as its literal.
  func total(_ products: String, discount: String? = nil) throws -> String? {
    let discountMember = discount.map { ", \"discountAmount\": \($0)" } ?? ""
    let outcome = try evaluate(#"{"call": "order", "orderId": "o-1", "products": \#(products)\#(discountMember)}"#)
    guard case .accept(let output) = outcome else { return nil }
    return output.objectValue?["total"]?.numberValue?.literal
  }

  func product(price: String, quantity: String = "1") -> String {
    #"{"productId": "p", "skuCode": "-", "salesPrice": \#(price), "quantity": \#(quantity), "name": "n"}"#
  }

  // MARK: The call

  @Test(arguments: ["null", "1", "\"order\"", "[{\"call\": \"order\"}]", "true"])
  func nonObjectsAreNotAnObject(_ input: String) throws {
    try expectReject(input, "not_an_object", nil)
  }

  @Test func theCallIsRequiredAndOneOfFive() throws {
    try expectReject("{}", "missing_key", "call")
    try expectReject(#"{"orderId": "o-1"}"#, "missing_key", "call")
    for call in ["null", "1", "\"\"", "\"viewTag\"", "\"ORDER\"", "\"view_tag \"", "\"page_view\"", "[\"order\"]"] {
      try expectReject(#"{"call": \#(call), "zzz": 1}"#, "invalid_value", "call")
    }
  }

  @Test func viewCallsEchoTheirArgument() throws {
    try expectAccept(#"{"call": "view_page"}"#, #"{"event": "view_page"}"#)
    try expectAccept(
      #"{"call": "view_product", "productId": "P-1"}"#, #"{"event": "view_product", "productId": "P-1"}"#)
    try expectAccept(#"{"call": "view_tag", "tagId": "t 1"}"#, #"{"event": "view_tag", "tagId": "t 1"}"#)
    try expectAccept(#"{"call": "view_post", "postId": "42"}"#, #"{"event": "view_post", "postId": "42"}"#)
  }

  // MARK: Unknown keys

  @Test func unknownKeysComeBeforeArgumentsAndTheFirstInKeyOrderIsNamed() throws {
    try expectReject(#"{"call": "view_page", "tagId": "t"}"#, "unknown_key", "tagId")
    try expectReject(#"{"call": "view_tag", "tagId": 1, "postId": "p"}"#, "unknown_key", "postId")
    // Key order is UTF-8 byte order: capitals before lowercase, whatever the document order.
    try expectReject(#"{"call": "view_post", "zeta": 1, "Zeta": 1, "alpha": 1}"#, "unknown_key", "Zeta")
    try expectReject(#"{"zeta": 1, "call": "order", "discount": 10}"#, "unknown_key", "discount")
    // An argument spelled in snake_case is not the SDK's argument.
    try expectReject(#"{"call": "view_product", "product_id": "P-1"}"#, "unknown_key", "product_id")
    try expectReject(#"{"call": "view_product", "productId": "P", "éa": 1, "zz": 1}"#, "unknown_key", "zz")
  }

  // MARK: Arguments in order

  @Test func viewArgumentsAreStringsNotEmpty() throws {
    for (call, argument) in [("view_product", "productId"), ("view_tag", "tagId"), ("view_post", "postId")] {
      try expectReject(#"{"call": "\#(call)"}"#, "missing_key", argument)
      for wrong in ["null", "1", "true", "[\"a\"]", "{}"] {
        try expectReject(#"{"call": "\#(call)", "\#(argument)": \#(wrong)}"#, "invalid_type", argument)
      }
      try expectReject(#"{"call": "\#(call)", "\#(argument)": ""}"#, "invalid_value", argument)
      try expectAccept(
        #"{"call": "\#(call)", "\#(argument)": " "}"#, #"{"event": "\#(call)", "\#(argument)": " "}"#)
    }
  }

  @Test func eachOrderArgumentIsCheckedFullyBeforeTheNext() throws {
    let good = product(price: "100")
    try expectReject(#"{"call": "order"}"#, "missing_key", "orderId")
    try expectReject(#"{"call": "order", "products": 1}"#, "missing_key", "orderId")
    try expectReject(#"{"call": "order", "orderId": 1}"#, "invalid_type", "orderId")
    try expectReject(#"{"call": "order", "orderId": "", "products": 1}"#, "invalid_value", "orderId")
    try expectReject(#"{"call": "order", "orderId": "o", "discountAmount": -1}"#, "missing_key", "products")
    try expectReject(#"{"call": "order", "orderId": "o", "products": {}}"#, "invalid_type", "products")
    try expectReject(#"{"call": "order", "orderId": "o", "products": null}"#, "invalid_type", "products")
    try expectReject(
      #"{"call": "order", "orderId": "o", "products": [], "discountAmount": "x"}"#, "invalid_value", "products")
    try expectReject(
      #"{"call": "order", "orderId": "o", "products": [\#(good)], "discountAmount": "1"}"#, "invalid_type",
      "discountAmount")
    try expectReject(
      #"{"call": "order", "orderId": "o", "products": [\#(good)], "discountAmount": null}"#, "invalid_type",
      "discountAmount")
    try expectReject(
      #"{"call": "order", "orderId": "o", "products": [\#(good)], "discountAmount": -0.01}"#, "invalid_value",
      "discountAmount")
  }

  @Test func productsAreCheckedOneByOneInIndexOrder() throws {
    let good = product(price: "100")
    func order(_ products: String) -> String { #"{"call": "order", "orderId": "o", "products": \#(products)}"# }
    try expectReject(order("[\(good), 1, {\"x\": 1}]"), "invalid_type", "products[1]")
    try expectReject(order("[\(good), {\"x\": 1}, 1]"), "unknown_key", "products[1].x")
    try expectReject(order("[\(good), {\"skuCode\": \"\"}, 1]"), "missing_key", "products[1].productId")
    // Unknown keys of a product come before its fields, the first in key order.
    try expectReject(
      order(#"[{"productId": "", "skuCode": "-", "discount": 10, "Discount": 1}]"#), "unknown_key",
      "products[0].Discount")
    try expectReject(order(#"[{"productId": "", "discount": 10}]"#), "unknown_key", "products[0].discount")
    // Fields in the order productId, skuCode, salesPrice, quantity, name, each fully.
    try expectReject(order(#"[{"productId": "", "name": 1}]"#), "invalid_value", "products[0].productId")
    try expectReject(order(#"[{"productId": "p", "name": 1}]"#), "missing_key", "products[0].skuCode")
    try expectReject(order(#"[{"productId": "p", "skuCode": "", "name": 1}]"#), "invalid_value", "products[0].skuCode")
    try expectReject(order(#"[{"productId": "p", "skuCode": null}]"#), "invalid_type", "products[0].skuCode")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "quantity": 0}]"#), "missing_key", "products[0].salesPrice")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": "100", "quantity": 0}]"#), "invalid_type",
      "products[0].salesPrice")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": -1, "quantity": 0}]"#), "invalid_value",
      "products[0].salesPrice")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "name": ""}]"#), "missing_key",
      "products[0].quantity")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "quantity": 1.5, "name": ""}]"#), "invalid_type",
      "products[0].quantity")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "quantity": "2", "name": ""}]"#), "invalid_type",
      "products[0].quantity")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "quantity": 0, "name": ""}]"#), "invalid_value",
      "products[0].quantity")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "quantity": -1.0}]"#), "invalid_value",
      "products[0].quantity")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "quantity": 1}]"#), "missing_key",
      "products[0].name")
    try expectReject(
      order(#"[{"productId": "p", "skuCode": "-", "salesPrice": 1, "quantity": 1, "name": ""}]"#), "invalid_value",
      "products[0].name")
    try expectReject(
      order("[\(good), \(good), {\"productId\": \"p\", \"skuCode\": \"\"}]"), "invalid_value", "products[2].skuCode")
  }

  // MARK: Output and total

  @Test func anOrderEchoesItsProductsAndAddsTheTotal() throws {
    let products = #"[{"productId": "p", "skuCode": "-", "salesPrice": 19.90, "quantity": 2.0, "name": "T"}]"#
    let outcome = try evaluate(#"{"call": "order", "orderId": "o-1", "products": \#(products)}"#)
    #expect(
      outcome
        == .accept(
          output: parse(
            #"{"event": "order", "orderId": "o-1", "products": \#(products), "discountAmount": 0, "total": 39.8}"#)))
    // Products are echoed as given: the literals 19.90 and 2.0 are kept.
    guard case .accept(let output) = outcome,
      case .number(let quantity)? = output.objectValue?["products"]?.arrayValue?.first?.objectValue?["quantity"]
    else {
      Issue.record("no products in \(outcome)")
      return
    }
    #expect(quantity.literal == "2.0")
    #expect(output.objectValue?["total"]?.numberValue?.literal == "39.8")
  }

  @Test func totalsAreExactDecimals() throws {
    #expect(try total("[\(product(price: "0.1", quantity: "3"))]") == "0.3")
    #expect(try total("[\(product(price: "0.1")), \(product(price: "0.2"))]") == "0.3")
    #expect(try total("[\(product(price: "1.10", quantity: "3"))]", discount: "0.3") == "3")
    #expect(try total("[\(product(price: "100", quantity: "1.0"))]") == "100")
    #expect(try total("[\(product(price: "100", quantity: "1e2"))]") == "10000")
    #expect(
      try total("[\(product(price: "9999999999999999999")), \(product(price: "9999999999999999999"))]")
        == "19999999999999999998")
    #expect(
      try total("[\(product(price: "9999999999999999999", quantity: "9999999999999999999"))]")
        == "99999999999999999980000000000000000001")
    #expect(try total("[\(product(price: "1e400", quantity: "3"))]") == "3e400")
    #expect(try total("[\(product(price: "0"))]") == "0")
    #expect(try total("[\(product(price: "-0"))]") == "0")
  }

  @Test func aDiscountMayEqualButNotExceedTheTotal() throws {
    #expect(try total("[\(product(price: "100", quantity: "2"))]", discount: "200") == "0")
    #expect(try total("[\(product(price: "100", quantity: "2"))]", discount: "200.00") == "0")
    #expect(try total("[\(product(price: "0.1", quantity: "3"))]", discount: "0.3") == "0")
    try expectReject(
      #"{"call": "order", "orderId": "o", "products": [\#(product(price: "0.1", quantity: "3"))], "discountAmount": 0.30000000000000001}"#,
      "invalid_value", "discountAmount")
    try expectReject(
      #"{"call": "order", "orderId": "o", "products": [\#(product(price: "0"))], "discountAmount": 1e-400}"#,
      "invalid_value", "discountAmount")
    let outcome = try evaluate(
      #"{"call": "order", "orderId": "o", "products": [\#(product(price: "100"))], "discountAmount": 10.50}"#)
    guard case .accept(let output) = outcome else {
      Issue.record("not accepted: \(outcome)")
      return
    }
    #expect(output.objectValue?["discountAmount"]?.numberValue?.literal == "10.50")
    #expect(output.objectValue?["total"]?.numberValue?.literal == "89.5")
  }

  /// A total no exact literal of reasonable size can hold is a test error, never a verdict.
  @Test func absurdSpansAreNotComputed() throws {
    let tooWide = "[\(product(price: "1e99999999")), \(product(price: "0.5"))]"
    let input = parse(#"{"call": "order", "orderId": "o", "products": \#(tooWide)}"#)
    #expect(throws: ContextError.self) { try suite.evaluate(input, context: JSONObject()) }
    do {
      _ = try suite.evaluate(input, context: JSONObject())
    } catch {
      #expect(
        error.description
          == "context input: products[1]: the total so far plus salesPrice × quantity would span more than 10000 digits; the reference does not compute such a total"
      )
    }
    let longDigits = String(repeating: "7", count: 6_000)
    let tooLong = parse(
      #"{"call": "order", "orderId": "o", "products": [\#(product(price: longDigits, quantity: longDigits))]}"#)
    #expect(
      throws: ContextError(
        key: "input",
        reason:
          "products[0]: salesPrice × quantity would span more than 10000 digits; the reference does not compute such a total"
      )
    ) {
      try suite.evaluate(tooLong, context: JSONObject())
    }
    let wideDiscount = parse(
      #"{"call": "order", "orderId": "o", "products": [\#(product(price: "1"))], "discountAmount": 1e-99999999}"#)
    #expect(
      throws: ContextError(
        key: "input",
        reason:
          "discountAmount: the total minus discountAmount would span more than 10000 digits; the reference does not compute such a total"
      )
    ) {
      try suite.evaluate(wideDiscount, context: JSONObject())
    }
    // Wide but within the limit: exact.
    #expect(try total("[\(product(price: "1e9990")), \(product(price: "1"))]")?.utf8.count == 9991)
  }

  @Test func theContextIsNeverRead() throws {
    let input = parse(#"{"call": "view_tag", "tagId": "t"}"#)
    #expect(
      try suite.evaluate(input, context: ["anything": [1, 2]])
        == .accept(output: parse(#"{"event": "view_tag", "tagId": "t"}"#)))
  }

  // MARK: Shipped vectors

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 400)
  }
}
