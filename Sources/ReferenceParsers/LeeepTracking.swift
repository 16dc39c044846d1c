import ConformanceJSON
import ConformanceKit

/// `leeep.tracking`: one call of the LEEEP tracking API (`order`, `viewPage`, `viewProduct`,
/// `viewTag`, `viewPost`) with its arguments, named as in the SDK (docs/suites/leeep.tracking.md,
/// LEEEP iOS SDK reference: "注文を計測します", "ページビューを計測します", "商品のビューを計測します",
/// "LEEEPタグのビューを計測します", "LEEEPの投稿のビューを計測します").
///
/// The order's total is `sum(salesPrice × quantity) − discountAmount` in exact decimal arithmetic:
/// "個々の商品に対する割引は products[].salesPrice に与えてください", so a discount lives either in the
/// sales price of a product or in the one order-wide `discountAmount`, never in a product field.
extension LeeepTracking: ReferenceSuite {
  /// The most digit positions an exact product or partial total may span before the reference
  /// refuses to compute it (a 10-byte literal like `1e99999999` beside `0.5` would need a hundred
  /// million digits). Far above any price: a 19-digit price times a 19-digit quantity has 38.
  public static let maximumDigits = 10_000

  /// The calls, by their name in the input, with the arguments each takes in the contract's order.
  enum Call: String, CaseIterable {
    case order
    case viewPage = "view_page"
    case viewProduct = "view_product"
    case viewTag = "view_tag"
    case viewPost = "view_post"

    var arguments: [Argument] {
      switch self {
      case .order:
        [
          Argument(name: "orderId", rule: .nonEmptyString), Argument(name: "products", rule: .products),
          Argument(name: "discountAmount", rule: .nonNegativeNumber, isOptional: true),
        ]
      case .viewPage: []
      case .viewProduct: [Argument(name: "productId", rule: .nonEmptyString)]
      case .viewTag: [Argument(name: "tagId", rule: .nonEmptyString)]
      case .viewPost: [Argument(name: "postId", rule: .nonEmptyString)]
      }
    }
  }

  /// What a value must be: the `invalid_type` rule, then the `invalid_value` rule.
  enum Rule {
    /// A string (`invalid_type`), not empty (`invalid_value`).
    case nonEmptyString
    /// A JSON number (`invalid_type`), `>= 0` (`invalid_value`).
    case nonNegativeNumber
    /// A JSON number with an integral value, `1.0` included (`invalid_type`), `>= 1` (`invalid_value`).
    case count
    /// A non-empty array of products, each checked in index order.
    case products
  }

  struct Argument {
    var name: String
    var rule: Rule
    var isOptional = false
  }

  /// A product's fields in the contract's order ("productId / skuCode / salesPrice / quantity / name").
  static let productFields: [Argument] = [
    Argument(name: "productId", rule: .nonEmptyString), Argument(name: "skuCode", rule: .nonEmptyString),
    Argument(name: "salesPrice", rule: .nonNegativeNumber), Argument(name: "quantity", rule: .count),
    Argument(name: "name", rule: .nonEmptyString),
  ]

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // Checks 1–3: the call.
    guard case .object(let object) = input else { return .reject("not_an_object") }
    guard let callValue = object["call"] else { return .reject("missing_key", field: "call") }
    guard case .string(let callName) = callValue,
      let call = Call.allCases.first(where: { TextRules.identical($0.rawValue, callName) })
    else { return .reject("invalid_value", field: "call") }

    // Check 4: a key the call does not take, the first in key order (UTF-8 bytes).
    let arguments = call.arguments
    if let unknown = Self.firstUnknownKey(in: object, known: ["call"] + arguments.map(\.name)) {
      return .reject("unknown_key", field: unknown)
    }

    // Check 5: each argument checked fully before the next.
    for argument in arguments {
      if let rejection = Self.check(object[argument.name], argument, field: argument.name) { return rejection }
    }

    // Output: view calls echo their one argument; an order adds its exact total.
    var output: JSONObject = ["event": .string(call.rawValue)]
    guard call == .order else {
      for argument in arguments { output[argument.name] = object[argument.name] }
      return .accept(output: .object(output))
    }
    guard case .array(let products)? = object["products"] else {
      preconditionFailure("check 5 accepted products as an array")
    }
    let discount = object["discountAmount"]?.numberValue ?? JSONNumber(0)
    let subtotal = try Self.subtotal(of: products)
    // Check 6: the order-wide discount cannot exceed what the products cost.
    if subtotal < discount.decimal { return .reject("invalid_value", field: "discountAmount") }
    guard JSONNumber.Decimal.positionsSpanned(bySumOf: [subtotal, discount.decimal]) <= Self.maximumDigits else {
      throw Self.tooManyDigits(at: "discountAmount", "the total minus discountAmount")
    }
    output["orderId"] = object["orderId"]
    output["products"] = .array(products)
    output["discountAmount"] = .number(discount)
    output["total"] = .number(JSONNumber(subtotal - discount.decimal))
    return .accept(output: .object(output))
  }

  /// The first key of `object`, in key order, that is not in `known`.
  static func firstUnknownKey(in object: JSONObject, known: [String]) -> String? {
    object.keysInByteOrder.first { key in !known.contains { TextRules.identical($0, key) } }
  }

  /// The rejection for a value that breaks `argument`'s rules, `nil` when it passes: `missing_key`,
  /// then `invalid_type`, then `invalid_value`. A present `null` is a value of the wrong type.
  static func check(_ value: JSONValue?, _ argument: Argument, field: String) -> Outcome? {
    guard let value else { return argument.isOptional ? nil : .reject("missing_key", field: field) }
    switch argument.rule {
    case .nonEmptyString:
      guard case .string(let text) = value else { return .reject("invalid_type", field: field) }
      if text.utf8.isEmpty { return .reject("invalid_value", field: field) }
    case .nonNegativeNumber:
      guard case .number(let number) = value else { return .reject("invalid_type", field: field) }
      if number.decimal < .zero { return .reject("invalid_value", field: field) }
    case .count:
      guard case .number(let number) = value, number.isIntegral else { return .reject("invalid_type", field: field) }
      if number.decimal < JSONNumber(1).decimal { return .reject("invalid_value", field: field) }
    case .products:
      guard case .array(let products) = value else { return .reject("invalid_type", field: field) }
      if products.isEmpty { return .reject("invalid_value", field: field) }
      for (index, product) in products.enumerated() {
        let path = "\(field)[\(index)]"
        guard case .object(let fields) = product else { return .reject("invalid_type", field: path) }
        if let unknown = firstUnknownKey(in: fields, known: productFields.map(\.name)) {
          return .reject("unknown_key", field: "\(path).\(unknown)")
        }
        for productField in productFields {
          if let rejection = check(fields[productField.name], productField, field: "\(path).\(productField.name)") {
            return rejection
          }
        }
      }
    }
    return nil
  }

  /// `sum(salesPrice × quantity)` over checked products, exact. Throws when a product or a partial
  /// sum would span more than ``maximumDigits`` digit positions: the test is then reported as an
  /// error (the reference cannot answer), since no rule of the contract rejects such a number.
  static func subtotal(of products: [JSONValue]) throws(ContextError) -> JSONNumber.Decimal {
    var total = JSONNumber.Decimal.zero
    for (index, product) in products.enumerated() {
      guard case .number(let price)? = product.objectValue?["salesPrice"],
        case .number(let quantity)? = product.objectValue?["quantity"]
      else { preconditionFailure("check 5 accepted every product") }
      let (a, b) = (price.decimal, quantity.decimal)
      guard JSONNumber.Decimal.digitsOfProduct(a, b) <= maximumDigits else {
        throw tooManyDigits(at: "products[\(index)]", "salesPrice × quantity")
      }
      let line = a * b
      guard JSONNumber.Decimal.positionsSpanned(bySumOf: [total, line]) <= maximumDigits else {
        throw tooManyDigits(at: "products[\(index)]", "the total so far plus salesPrice × quantity")
      }
      total = total + line
    }
    return total
  }

  /// The error for a number no exact total can be written for within ``maximumDigits``.
  static func tooManyDigits(at field: String, _ what: String) -> ContextError {
    ContextError(
      key: "input",
      reason:
        "\(field): \(what) would span more than \(maximumDigits) digits; the reference does not compute such a total")
  }
}
