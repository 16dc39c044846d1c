import ConformanceJSON

/// `leeep.tracking`: one tracking call. Targets: the call names in another case, keys a call does
/// not take (the first in key order), each argument checked fully before the next
/// (`missing_key`, `invalid_type`, `invalid_value`), products in index order with their own
/// unknown keys (a product-level `discount`), `"-"` as a SKU and `""` not, `salesPrice >= 0`
/// (`-0` is 0, `-1e-400` is below), `quantity` integral in any spelling (`1.0`, `1e0`) and
/// `>= 1`, `discountAmount` up to the exact total (equal is fine), totals in exact decimals
/// (`0.1 × 3` is `0.3`, 2^53 + 1, hundreds of digits), `discountAmount` 0 when absent.
struct LeeepTrackingExplorer: SuiteExplorer {
  let suite = "leeep.tracking"
  static let calls = ["order", "view_page", "view_product", "view_tag", "view_post"]
  static let productKeys = ["productId", "skuCode", "salesPrice", "quantity", "name"]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["call", "orderId", "products", "discountAmount", "productId", "tagId", "postId"] + productKeys + [
        "discount"
      ],
      strings: calls + ["-", "", "p1", "o1"], numbers: ["0", "1", "100"], hugeExponents: false))
  static let prices = [
    "0", "-0", "0.1", "0.2", "0.3", "1", "100", "1980", "9007199254740993", "0.30000000000000004", "-1e-400", "1e-400",
    "12345678901234567890.5", "1" + String(repeating: "0", count: 200), "-1", "1e2", "0.000000000000000000001",
  ]
  static let quantities = [
    "1", "1.0", "1e0", "10e-1", "2", "3", "0", "-0", "0.5", "1.5", "9007199254740993", "100000000000000000000",
  ]

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    ExploreMix.contextFreeCase(
      suite: suite, samples: samples, &random, valid: Self.valid, mutator: Self.mutator, suiteMutation: Self.mutation)
  }

  static func product(_ random: inout ExploreRandom) -> JSONValue {
    [
      "productId": .string(random.pick(["p1", "p2", "\u{3042}"])),
      "skuCode": .string(random.pick(["-", "SKU-1", "s"])),
      "salesPrice": NumberForms.number(random.chance(1, in: 3) ? random.pick(prices) : String(random.below(5000))),
      "quantity": NumberForms.number(random.chance(1, in: 3) ? random.pick(quantities) : String(1 + random.below(5))),
      "name": .string(random.pick(["coat", "T", "\u{30B3}\u{30FC}\u{30C8}"])),
    ]
  }

  static func valid(_ random: inout ExploreRandom) -> JSONValue {
    switch random.pick(calls) {
    case "order":
      var order: JSONObject = ["call": "order", "orderId": .string(random.pick(["o1", "ORDER-1"]))]
      order["products"] = .array((0..<(1 + random.below(3))).map { _ in product(&random) })
      if random.chance(1, in: 2) {
        order["discountAmount"] = NumberForms.number(
          random.pick([
            "0", "-0", "0.3", "0.1", "100", "1", "1e-400", "-1e-400", "9007199254740993", "0.30000000000000004",
          ]))
      }
      return .object(order)
    case "view_page": return ["call": "view_page"]
    case "view_product": return ["call": "view_product", "productId": "p1"]
    case "view_tag": return ["call": "view_tag", "tagId": "t1"]
    default: return ["call": "view_post", "postId": "post-1"]
    }
  }

  /// One change the call's rules tell apart.
  static func mutation(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    guard case .object(var call) = value else { return mutator.mutate(value, &random) }
    switch random.below(9) {
    case 0: call["call"] = random.pick(["Order", "ORDER", "view_Page", "viewPage", "order ", "", 1, .null, "purchase"])
    case 1:
      // Keys the call does not take, several so "first in key order" decides.
      call[random.pick(["zeta", "Alpha", "discount", "productId", "tagId", "orderId", "products"])] = "x"
      if random.chance(1, in: 2) { call[random.pick(["beta", "a", "Z"])] = 1 }
    case 2, 3:
      guard case .array(var products)? = call["products"], !products.isEmpty else {
        call["products"] = random.pick([.array([]), "p", .null, .array([product(&random)])])
        break
      }
      let index = random.below(products.count)
      guard case .object(var item) = products[index] else { break }
      switch random.below(6) {
      case 0: item["salesPrice"] = NumberForms.number(random.pick(prices))
      case 1:
        item["quantity"] =
          random.chance(1, in: 6) ? random.pick(["1", true, .null]) : NumberForms.number(random.pick(quantities))
      case 2: item["skuCode"] = random.pick(["", "-", " ", "\u{2010}", .null, 1])
      case 3: item[random.pick(["discount", "zz", "Name", "a"])] = random.pick([1, "x"])
      case 4: item[random.pick(productKeys)] = random.chance(1, in: 2) ? nil : random.pick(["", 1, .null, "-1"])
      default:
        products.append(random.chance(1, in: 4) ? random.pick(["p", .null, 1]) : product(&random))
      }
      if index < products.count, products[index].objectValue != nil { products[index] = .object(item) }
      call["products"] = .array(products)
    case 4: call["discountAmount"] = discountAroundTotal(of: call, &random) ?? NumberForms.number(random.pick(prices))
    case 5: call["discountAmount"] = random.pick(["0", .null, true, NumberForms.number(random.pick(prices))])
    case 6:
      let key = random.pick(["orderId", "productId", "tagId", "postId"])
      if call.contains(key) { call[key] = random.pick(["", " ", 1, .null, "\u{0}"]) }
    case 7:
      // Two arguments broken at once: order decides.
      call["orderId"] = random.pick([nil, 1, ""])
      call["products"] = random.pick([nil, .array([]), "x"])
    default: return mutator.mutate(.object(call), &random)
    }
    return .object(call)
  }

  /// A discount at, just under or just over the order's exact total (equal is accepted, a digit
  /// above is `invalid_value`), or nil when the products give no total. "Just over" and "just
  /// under" are the total plus or minus one unit one or 21 decimal places below its last digit,
  /// computed exactly and written as a decimal literal: never the total's literal with digits
  /// appended, which for `1e-2` would be `1e-20…01`, a number the reference has no total for.
  static func discountAroundTotal(of call: JSONObject, _ random: inout ExploreRandom) -> JSONValue? {
    guard let found = orderTotal(call) else { return nil }
    let (literal, total) = (found.literal, found.total)
    let places = random.pick([1, 21])
    let unit = JSONNumber.Decimal(isNegative: false, digits: [1], exponent: min(total.exponent, 0) - places)
    guard JSONNumber.Decimal.positionsSpanned(bySumOf: [total, unit]) <= totalDigitsLimit else {
      return NumberForms.number(literal)
    }
    switch random.below(5) {
    case 0: return NumberForms.number(literal)
    case 1: return .number(JSONNumber(total))
    case 2: return .number(JSONNumber(total + unit))
    case 3: return .number(JSONNumber(total - (total.digits.isEmpty ? .zero : unit)))
    default: return NumberForms.number("0.30000000000000004")
    }
  }

  /// At most this many digit positions in a total the explorer works out itself: far below the
  /// reference's limit (`LeeepTracking.maximumDigits`), so a total plus a unit past its last
  /// digit always has an answer.
  static let totalDigitsLimit = 1_000

  /// The order's exact total `sum(salesPrice × quantity)` when every product has a number for
  /// both, with the literal to send when it equals one product's price as written (else the
  /// total's own literal); nil when a product lacks one or the total would span more than
  /// ``totalDigitsLimit`` digit positions.
  static func orderTotal(_ call: JSONObject) -> (literal: String, total: JSONNumber.Decimal)? {
    guard case .array(let products)? = call["products"], !products.isEmpty else { return nil }
    var total = JSONNumber.Decimal.zero
    for product in products {
      guard let price = product.objectValue?["salesPrice"]?.numberValue,
        let quantity = product.objectValue?["quantity"]?.numberValue,
        JSONNumber.Decimal.digitsOfProduct(price.decimal, quantity.decimal) <= totalDigitsLimit
      else { return nil }
      let line = price.decimal * quantity.decimal
      guard JSONNumber.Decimal.positionsSpanned(bySumOf: [total, line]) <= totalDigitsLimit else { return nil }
      total = total + line
    }
    if products.count == 1, let price = products[0].objectValue?["salesPrice"]?.numberValue,
      price.decimal == total
    {
      return (price.literal, total)
    }
    return (total.literal, total)
  }
}
