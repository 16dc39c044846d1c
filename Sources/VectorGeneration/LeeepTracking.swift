import ConformanceJSON
import ConformanceKit

/// `leeep.tracking` (docs/suites/leeep.tracking.md): one call of the LEEEP tracking API with its
/// arguments. Every rejection below names the check the vector breaks; every accepted order's
/// total is written by hand from the prices it holds or, for the integer-priced variations,
/// computed here with integer arithmetic from the same prices the vector carries.
extension LeeepTracking: GeneratedSuite {
  static let source =
    "LEEEP iOS SDK reference, 注文を計測します (orderId, products: productId, skuCode, salesPrice, quantity, name; discountAmount), ページビュー / 商品のビュー / LEEEPタグのビュー / LEEEPの投稿のビューを計測します"

  static func files() -> [GeneratedFile] {
    [
      call(), unknownKeys(), viewCalls(), orderArguments(), products(), productFields(), skuCode(), quantity(),
      discount(), totals(), checkOrder(), mistakes(),
    ]
  }

  // MARK: - Building blocks

  /// A JSON number written with exactly this literal (`1.0` stays `1.0`).
  static func number(_ literal: String) -> JSONValue {
    guard let number = JSONNumber(literal: literal) else { preconditionFailure("not a JSON number: \(literal)") }
    return .number(number)
  }

  /// A product with every field, in the SDK's order; integer prices unless a literal is given.
  static func product(
    _ productId: JSONValue = "P-1001", sku: JSONValue = "SKU-1001-M", price: JSONValue = 1200,
    quantity: JSONValue = 1, name: JSONValue = "リネンシャツ"
  ) -> JSONObject {
    ["productId": productId, "skuCode": sku, "salesPrice": price, "quantity": quantity, "name": name]
  }

  /// Three ordinary products, 1200 × 1 + 3500 × 2 + 800 × 3 = 10600.
  static let basket: [JSONObject] = [
    product("P-1001", sku: "SKU-1001-M", price: 1200, quantity: 1, name: "リネンシャツ"),
    product("P-2002", sku: "SKU-2002-L", price: 3500, quantity: 2, name: "デニムパンツ"),
    product("P-3003", sku: "-", price: 800, quantity: 3, name: "ソックス"),
  ]
  static let basketTotal = 10600

  /// An order call; `discount` is added only when given.
  static func order(
    _ orderId: JSONValue = "ORD-20240401-0001", products: [JSONObject], discount: JSONValue? = nil
  ) -> JSONObject {
    var call: JSONObject = ["call": "order", "orderId": orderId, "products": .array(products.map { .object($0) })]
    if let discount { call["discountAmount"] = discount }
    return call
  }

  /// The accepted output of `input` (an order call), with the total derived by the vector.
  static func orderOutput(_ input: JSONObject, total: JSONValue) -> JSONValue {
    [
      "event": "order", "orderId": input["orderId"] ?? .null, "products": input["products"] ?? .null,
      "discountAmount": input["discountAmount"] ?? 0, "total": total,
    ]
  }

  /// A file whose test ids all start with `prefix` (empty: the ids name their group themselves).
  static func file(_ description: String, prefix: String = "") -> TrackingVectorFile {
    TrackingVectorFile(description: description, prefix: prefix)
  }

  /// The JSON values of each wrong type for a field that must be a string.
  static let notStrings: [(name: String, value: JSONValue)] = [
    ("null", .null), ("number", 1001), ("boolean", true), ("array", ["P-1001"]), ("object", ["id": "P-1001"]),
  ]
  /// The JSON values of each wrong type for a field that must be a number.
  static let notNumbers: [(name: String, value: JSONValue)] = [
    ("null", .null), ("string", "1200"), ("boolean", true), ("array", [1200]), ("object", ["amount": 1200]),
  ]

  // MARK: - call.json

  static func call() -> GeneratedFile {
    var file = file("the input is an object whose call is one of order, view_page, view_product, view_tag, view_post")
    let nonObjects: [(String, JSONValue)] = [
      ("null", .null), ("string", "order"), ("number", 1), ("boolean", false), ("array", [["call": "view_page"]]),
    ]
    for (name, value) in nonObjects {
      file.rejectInput("input.\(name)", "a JSON \(name) is not a call object: not_an_object", value, "not_an_object")
    }
    file.reject("call.missing", "an object without call: missing_key call", [:], "missing_key", field: "call")
    file.reject(
      "call.missing-with-arguments", "arguments without call: missing_key call, before anything else",
      ["tagId": "T-1", "extra": 1], "missing_key", field: "call")
    for (name, value) in [("null", JSONValue.null), ("number", 1), ("boolean", true), ("array", ["order"])] {
      file.reject(
        "call.\(name)", "a call that is a JSON \(name), not a string: invalid_value call", ["call": value, "x": 1],
        "invalid_value", field: "call")
    }
    let unknownNames: [(String, String, String, [String])] = [
      ("empty", "", "the empty string is not a call", ["boundary"]),
      ("sdk-method-name", "viewTag", "the SDK's method name viewTag is not the call name view_tag", []),
      ("sdk-method-order", "Order", "call names are case-sensitive: Order is not order", []),
      ("uppercase", "VIEW_PAGE", "call names are case-sensitive", []),
      ("trailing-space", "view_page ", "a trailing space makes another name", ["boundary"]),
      ("leading-space", " order", "a leading space makes another name", ["boundary"]),
      ("hyphen", "view-product", "view-product is not view_product", []),
      ("view-blog", "view_blog", "there is no view_blog call", []),
      ("page-view", "page_view", "page_view is not view_page", []),
      ("purchase", "purchase", "purchase is not a LEEEP call (the order call is order)", []),
      ("fullwidth", "ｏｒｄｅｒ", "full-width letters are not order", ["unicode"]),
      ("nul-suffix", "order\u{0}", "order followed by NUL is another name", ["boundary"]),
    ]
    for (name, value, description, tags) in unknownNames {
      file.reject(
        "call.unknown.\(name)", "\(description): invalid_value call", ["call": .string(value)], "invalid_value",
        field: "call", tags: tags)
    }
    file.reject(
      "call.before-unknown-keys", "an unknown call is reported before any other key is looked at",
      ["call": "view_tags", "tagId": "T-1", "zzz": 1], "invalid_value", field: "call")
    file.accept(
      "call.view-page", "view_page takes no argument: {\"event\": \"view_page\"}", ["call": "view_page"],
      ["event": "view_page"])
    return file.file(at: "\(folder)/call.json")
  }

  // MARK: - unknown-keys.json

  static func unknownKeys() -> GeneratedFile {
    var file = file(
      "unknown_key: a top-level key the call does not take, the first in key order (UTF-8 bytes), before any argument check",
      prefix: "unknown-key.")
    let calls: [(String, [String])] = [
      ("order", ["orderId", "products", "discountAmount"]), ("view_page", []), ("view_product", ["productId"]),
      ("view_tag", ["tagId"]), ("view_post", ["postId"]),
    ]
    let allArguments = ["orderId", "products", "discountAmount", "productId", "tagId", "postId"]
    // Another call's argument is unknown to this call, even with this call's arguments missing.
    for (call, own) in calls {
      for foreign in allArguments where !own.contains(foreign) {
        file.reject(
          "\(call).foreign.\(foreign)", "\(call) does not take \(foreign) (another call's argument): unknown_key",
          ["call": .string(call), foreign: "x"], "unknown_key", field: foreign)
      }
    }
    let spellings: [(String, String, String)] = [
      ("view_product", "product_id", "snake_case product_id is not the SDK's productId"),
      ("view_tag", "tag_id", "snake_case tag_id is not the SDK's tagId"),
      ("view_post", "post_id", "snake_case post_id is not the SDK's postId"),
      ("view_tag", "tagID", "tagID is not tagId (key names are case-sensitive)"),
      ("view_post", "PostId", "PostId is not postId"),
      ("order", "order_id", "snake_case order_id is not orderId"),
      ("order", "discount_amount", "snake_case discount_amount is not discountAmount"),
      ("order", "discount", "discount is not discountAmount (the order-wide discount has one name)"),
      ("order", "total", "the order takes no total: the SDK computes it"),
      ("order", "currency", "the order takes no currency"),
      ("order", "product", "product (singular) is not products"),
      ("view_product", "productId ", "a trailing space makes another key"),
      ("view_tag", "call ", "call followed by a space is not call"),
    ]
    for (call, key, description) in spellings {
      file.reject(
        "\(call).spelling.\(key.replacingOccurrences(of: " ", with: "-space"))", "\(description): unknown_key",
        ["call": .string(call), key: "x"], "unknown_key", field: key)
    }
    // The first in key order, whatever the document order.
    file.reject(
      "order.first-in-key-order", "with unknown keys zeta, Zeta and alpha, Zeta comes first (capitals sort first)",
      ["call": "order", "zeta": 1, "Zeta": 1, "alpha": 1], "unknown_key", field: "Zeta")
    file.reject(
      "view_tag.first-in-key-order.document-order", "unknown keys b and a: a is reported though b is written first",
      ["call": "view_tag", "tagId": "T-1", "b": 1, "a": 1], "unknown_key", field: "a")
    file.reject(
      "view_tag.first-in-key-order.bytes", "unknown keys é (0xC3…) and z: z is first by UTF-8 bytes",
      ["call": "view_tag", "tagId": "T-1", "é": 1, "z": 1], "unknown_key", field: "z", tags: ["unicode"])
    file.reject(
      "view_tag.first-in-key-order.digit", "unknown keys _x and 1x: 1x (0x31) before _x (0x5F)",
      ["call": "view_tag", "tagId": "T-1", "_x": 1, "1x": 1], "unknown_key", field: "1x")
    file.reject(
      "view_tag.empty-key", "the empty key is unknown and sorts first", ["call": "view_tag", "": 1, "a": 1],
      "unknown_key", field: "", tags: ["boundary"])
    file.reject(
      "view_product.japanese-key", "a Japanese key is unknown", ["call": "view_product", "商品ID": "P-1001"],
      "unknown_key", field: "商品ID", tags: ["unicode"])
    // Before argument checks.
    file.reject(
      "order.before-missing-arguments", "an unknown key is reported before the missing orderId and products",
      ["call": "order", "note": "gift"], "unknown_key", field: "note")
    file.reject(
      "view_tag.before-argument-type", "an unknown key is reported before tagId's wrong type",
      ["call": "view_tag", "tagId": 1, "postId": "5001"], "unknown_key", field: "postId")
    file.reject(
      "view_product.unknown-null", "an unknown key is unknown whatever its value, null included",
      ["call": "view_product", "productId": "P-1001", "sku": .null], "unknown_key", field: "sku")
    return file.file(at: "\(folder)/unknown-keys.json")
  }

  // MARK: - view-calls.json

  static func viewCalls() -> GeneratedFile {
    var file = file("view_product, view_tag and view_post: the one argument a non-empty string, echoed in the output")
    let calls: [(call: String, argument: String, sample: String)] = [
      ("view_product", "productId", "P-1001"), ("view_tag", "tagId", "T-2001"), ("view_post", "postId", "5001"),
    ]
    for (call, argument, sample) in calls {
      let values: [(String, String, String, [String])] = [
        ("plain", sample, "an ordinary \(argument)", []),
        ("one-character", "1", "one character is enough", ["boundary"]),
        ("numeric-looking", "0012345", "a numeric-looking string stays a string, leading zeros kept", []),
        ("japanese", "春の新作-01", "a Japanese \(argument)", ["unicode"]),
        ("space", " ", "a single space is not empty (no trimming)", ["boundary"]),
        ("padded", " \(sample) ", "surrounding spaces are kept as given", []),
        ("long", String(repeating: "9", count: 300), "no length limit: 300 characters", ["boundary"]),
        ("emoji", "🌸", "an emoji \(argument)", ["unicode"]),
      ]
      for (name, value, description, tags) in values {
        file.accept(
          "\(call).\(name)", "\(call): \(description): accepted and echoed",
          ["call": .string(call), argument: .string(value)],
          ["event": .string(call), argument: .string(value)], tags: tags)
      }
      file.reject(
        "\(call).missing", "\(call) without \(argument): missing_key", ["call": .string(call)], "missing_key",
        field: argument)
      for (name, value) in notStrings {
        file.reject(
          "\(call).type.\(name)", "\(argument) as a JSON \(name): invalid_type",
          ["call": .string(call), argument: value],
          "invalid_type", field: argument, tags: name == "number" ? ["integration-mistake"] : [])
      }
      file.reject(
        "\(call).empty", "\(argument) as the empty string: invalid_value", ["call": .string(call), argument: ""],
        "invalid_value", field: argument, tags: ["boundary"])
    }
    file.reject(
      "view_page.with-argument", "view_page takes no argument: a productId is unknown_key",
      ["call": "view_page", "productId": "P-1001"], "unknown_key", field: "productId")
    return file.file(at: "\(folder)/view-calls.json")
  }

  // MARK: - order-arguments.json

  static func orderArguments() -> GeneratedFile {
    var file = file(
      "order: orderId, products and discountAmount, each checked fully (missing, type, value) before the next")
    let goodProducts = [product()]
    var noOrderID = order(products: goodProducts)
    noOrderID["orderId"] = nil
    file.reject(
      "orderId.missing", "an order without orderId: missing_key orderId", noOrderID, "missing_key", field: "orderId")
    for (name, value) in notStrings {
      file.reject(
        "orderId.type.\(name)", "orderId as a JSON \(name): invalid_type", order(value, products: goodProducts),
        "invalid_type", field: "orderId", tags: name == "number" ? ["integration-mistake"] : [])
    }
    file.reject(
      "orderId.empty", "orderId as the empty string: invalid_value", order("", products: goodProducts), "invalid_value",
      field: "orderId", tags: ["boundary"])
    for (name, value, tags) in [
      ("numeric-string", "100234", [String]()), ("japanese", "注文-0001", ["unicode"]), ("space", " ", ["boundary"]),
    ] as [(String, String, [String])] {
      let input = order(.string(value), products: goodProducts)
      file.accept(
        "orderId.\(name)", "orderId \(value.debugDescription) is a non-empty string: accepted", input,
        orderOutput(input, total: 1200), tags: tags)
    }
    var noProducts = order(products: [])
    noProducts["products"] = nil
    file.reject(
      "products.missing", "an order without products: missing_key products", noProducts, "missing_key",
      field: "products")
    let notArrays: [(String, JSONValue, [String])] = [
      ("null", .null, []), ("object", .object(product()), ["integration-mistake"]), ("string", "P-1001", []),
      ("number", 1, []), ("boolean", true, []),
    ]
    for (name, value, tags) in notArrays {
      var input = order(products: [])
      input["products"] = value
      let description =
        name == "object"
        ? "one product object instead of an array of products: invalid_type products"
        : "products as a JSON \(name): invalid_type"
      file.reject("products.type.\(name)", description, input, "invalid_type", field: "products", tags: tags)
    }
    file.reject(
      "products.empty", "an order with no products: invalid_value products", order(products: []), "invalid_value",
      field: "products", tags: ["boundary"])
    for (name, value) in notNumbers {
      file.reject(
        "discountAmount.type.\(name)", "discountAmount as a JSON \(name): invalid_type",
        order(products: goodProducts, discount: value), "invalid_type", field: "discountAmount",
        tags: name == "string" ? ["integration-mistake"] : [])
    }
    for (name, literal) in [("minus-one", "-1"), ("minus-cent", "-0.01"), ("minus-tiny", "-1e-400")] {
      file.reject(
        "discountAmount.negative.\(name)", "discountAmount \(literal) is below 0: invalid_value",
        order(products: goodProducts, discount: number(literal)), "invalid_value", field: "discountAmount",
        tags: ["boundary"])
    }
    let absent = order(products: goodProducts)
    file.accept(
      "discountAmount.absent", "without discountAmount the output's discountAmount is 0 and the total is 1200",
      absent, orderOutput(absent, total: 1200))
    let minusZero = order(products: goodProducts, discount: number("-0"))
    file.accept(
      "discountAmount.minus-zero", "discountAmount -0 equals 0, so it is not below 0: accepted, total 1200",
      minusZero, orderOutput(minusZero, total: 1200), tags: ["boundary", "cross-sdk"])
    return file.file(at: "\(folder)/order-arguments.json")
  }

  // MARK: - products.json

  static func products() -> GeneratedFile {
    var file = file(
      "products: each item an object (invalid_type products[i]) whose keys are the five product fields (unknown_key products[i].KEY, the first in key order)",
      prefix: "products.")
    let notObjects: [(String, JSONValue)] = [
      ("null", .null), ("string", "P-1001"), ("number", 1001), ("boolean", true), ("array", ["P-1001", 1200, 1]),
    ]
    for index in 0..<3 {
      for (name, value) in notObjects {
        var items = basket.map { JSONValue.object($0) }
        items[index] = value
        var input = order(products: [])
        input["products"] = .array(items)
        file.reject(
          "item.\(index).\(name)",
          "products[\(index)] is a JSON \(name), not a product: invalid_type products[\(index)]",
          input, "invalid_type", field: "products[\(index)]")
      }
    }
    let unknown: [(String, String, JSONValue, String, [String])] = [
      (
        "discount", "discount", 100,
        "a discount on a product: the LEEEP iOS SDK reference puts a product's discount in its salesPrice, so discount is unknown",
        ["integration-mistake"]
      ),
      (
        "discountAmount", "discountAmount", 100, "the order-wide discountAmount inside a product is unknown there",
        ["integration-mistake"]
      ),
      ("price", "price", 1200, "price is not salesPrice", ["integration-mistake"]),
      (
        "listPrice", "listPrice", 1500, "a list price field is unknown (salesPrice is the price after discounts)",
        ["integration-mistake"]
      ),
      ("sku_code", "sku_code", "SKU-1", "snake_case sku_code is not skuCode", []),
      ("id", "id", "P-1", "id is not productId", []),
      ("quantity-typo", "quantitiy", 1, "a misspelt quantity is unknown", []),
      ("category", "category", "tops", "a category is not a product field", []),
    ]
    for (name, key, value, description, tags) in unknown {
      var items = basket
      items[1][key] = value
      file.reject(
        "unknown.\(name)", "\(description): unknown_key products[1].\(key)", order(products: items), "unknown_key",
        field: "products[1].\(key)", tags: tags)
    }
    var firstInKeyOrder = basket
    firstInKeyOrder[0]["zeta"] = 1
    firstInKeyOrder[0]["Zeta"] = 1
    firstInKeyOrder[0]["discount"] = 1
    file.reject(
      "unknown.first-in-key-order", "unknown product keys zeta, Zeta and discount: Zeta is first in key order",
      order(products: firstInKeyOrder), "unknown_key", field: "products[0].Zeta")
    var beforeFields = basket
    beforeFields[0] = ["productId": "", "discount": 100]
    file.reject(
      "unknown.before-fields", "a product's unknown key comes before its empty productId and missing fields",
      order(products: beforeFields), "unknown_key", field: "products[0].discount", tags: ["integration-mistake"])
    var unknownNull = basket
    unknownNull[2]["note"] = .null
    file.reject(
      "unknown.null-value", "an unknown product key with a null value is still unknown", order(products: unknownNull),
      "unknown_key", field: "products[2].note")
    // Index order: an earlier product's later problem wins over a later product's earlier one.
    var indexOrder = basket
    indexOrder[0]["name"] = ""
    indexOrder[1]["discount"] = 1
    file.reject(
      "index-order.earlier-product-first",
      "products[0] with an empty name is reported before products[1]'s unknown key",
      order(products: indexOrder), "invalid_value", field: "products[0].name")
    var indexOrder2 = basket.map { JSONValue.object($0) }
    indexOrder2[2] = 5
    var nested = basket[1]
    nested["quantity"] = 0
    indexOrder2[1] = .object(nested)
    var input = order(products: [])
    input["products"] = .array(indexOrder2)
    file.reject(
      "index-order.field-before-later-item",
      "products[1].quantity 0 is reported before products[2], which is not an object",
      input, "invalid_value", field: "products[1].quantity")
    let bigIndex = Array(repeating: product(), count: 12) + [product(sku: "")]
    file.reject(
      "index-order.two-digit-index", "the field path names the 0-based index in decimal: products[12].skuCode",
      order(products: bigIndex), "invalid_value", field: "products[12].skuCode", tags: ["boundary"])
    let many = (0..<100).map { product(.string("P-\($0)"), price: 100, quantity: 1, name: .string("item \($0)")) }
    let manyInput = order(products: many)
    file.accept(
      "many.hundred-products", "an order of 100 products at 100 each: total 10000", manyInput,
      orderOutput(manyInput, total: .number(JSONNumber(100 * 100))))
    let repeated = [product(), product()]
    let repeatedInput = order(products: repeated)
    file.accept(
      "many.same-product-twice", "the same product on two lines is allowed: 1200 + 1200 = 2400", repeatedInput,
      orderOutput(repeatedInput, total: 2400))
    return file.file(at: "\(folder)/products.json")
  }

  // MARK: - product-fields.json

  static func productFields() -> GeneratedFile {
    var file = file(
      "a product's fields in order productId, skuCode, salesPrice, quantity, name: missing_key, invalid_type, invalid_value at products[i].FIELD",
      prefix: "product-field.")
    let stringFields = ["productId", "skuCode", "name"]
    for index in [0, 2] {
      func reject(
        _ id: String, _ description: String, _ change: (inout JSONObject) -> Void, _ error: String, _ field: String,
        tags: [String] = []
      ) {
        var items = basket
        change(&items[index])
        file.reject(
          "\(index).\(id)", "products[\(index)]: \(description): \(error)", order(products: items), error,
          field: "products[\(index)].\(field)", tags: tags)
      }
      for field in ["productId", "skuCode", "salesPrice", "quantity", "name"] {
        reject("\(field).missing", "no \(field)", { $0[field] = nil }, "missing_key", field)
      }
      for field in stringFields {
        for (name, value) in notStrings {
          reject("\(field).type.\(name)", "\(field) as a JSON \(name)", { $0[field] = value }, "invalid_type", field)
        }
        reject(
          "\(field).empty", "\(field) as the empty string", { $0[field] = "" }, "invalid_value", field,
          tags: ["boundary"])
      }
      for (name, value) in notNumbers {
        reject(
          "salesPrice.type.\(name)", "salesPrice as a JSON \(name)", { $0["salesPrice"] = value }, "invalid_type",
          "salesPrice", tags: name == "string" ? ["integration-mistake"] : [])
      }
      reject(
        "salesPrice.type.formatted-string", "salesPrice as the text \"1,200\"", { $0["salesPrice"] = "1,200" },
        "invalid_type", "salesPrice", tags: ["integration-mistake"])
      for (name, literal) in [("minus-one", "-1"), ("minus-cent", "-0.01"), ("minus-tiny", "-1e-400")] {
        reject(
          "salesPrice.negative.\(name)", "salesPrice \(literal) is below 0", { $0["salesPrice"] = number(literal) },
          "invalid_value", "salesPrice", tags: ["boundary"])
      }
      for (name, value) in notNumbers {
        reject(
          "quantity.type.\(name)", "quantity as a JSON \(name)", { $0["quantity"] = value }, "invalid_type", "quantity")
      }
    }
    // The middle product of three: each field missing, and each string field empty.
    for field in ["productId", "skuCode", "salesPrice", "quantity", "name"] {
      var items = basket
      items[1][field] = nil
      file.reject(
        "1.\(field).missing", "products[1]: no \(field): missing_key", order(products: items), "missing_key",
        field: "products[1].\(field)")
    }
    for field in stringFields {
      var items = basket
      items[1][field] = ""
      file.reject(
        "1.\(field).empty", "products[1]: \(field) as the empty string: invalid_value", order(products: items),
        "invalid_value", field: "products[1].\(field)", tags: ["boundary"])
    }
    let prices: [(String, String, String, [String])] = [
      ("cent", "0.01", "0.01", ["boundary"]), ("cent-exponent", "1e-2", "0.01", ["cross-sdk"]),
      ("trailing-zeros", "1200.000", "1200", ["cross-sdk"]), ("zero-point-zero", "0.0", "0", ["boundary"]),
      ("nineteen-digits", "9999999999999999999", "9999999999999999999", ["boundary", "cross-sdk"]),
    ]
    for (name, literal, total, tags) in prices {
      let input = order(products: [product(price: number(literal))])
      file.accept(
        "valid.salesPrice.\(name)", "salesPrice \(literal) is a number >= 0: accepted, echoed as given, total \(total)",
        input, orderOutput(input, total: number(total)), tags: tags)
    }
    // The first failing field wins: each earlier field against each later one.
    let fields = ["productId", "skuCode", "salesPrice", "quantity", "name"]
    let broken: [String: JSONValue] = [
      "productId": "", "skuCode": "", "salesPrice": number("-1"), "quantity": 0, "name": "",
    ]
    for (i, earlier) in fields.enumerated() {
      for later in fields[(i + 1)...] {
        var items = [product()]
        items[0][earlier] = broken[earlier]
        items[0][later] = broken[later]
        file.reject(
          "field-order.\(earlier).before.\(later)",
          "\(earlier) and \(later) both invalid: \(earlier), listed first, is reported", order(products: items),
          "invalid_value", field: "products[0].\(earlier)")
      }
    }
    // Fully before the next: a field's invalid_value comes before a later field's missing_key.
    var emptyIDNoName = [product()]
    emptyIDNoName[0]["productId"] = ""
    emptyIDNoName[0]["name"] = nil
    file.reject(
      "fully-before-next.value-before-later-missing", "an empty productId is reported before the missing name",
      order(products: emptyIDNoName), "invalid_value", field: "products[0].productId")
    var missingSKUBadPrice = [product()]
    missingSKUBadPrice[0]["skuCode"] = nil
    missingSKUBadPrice[0]["salesPrice"] = "free"
    file.reject(
      "fully-before-next.missing-before-later-type", "the missing skuCode is reported before salesPrice's wrong type",
      order(products: missingSKUBadPrice), "missing_key", field: "products[0].skuCode")
    let valid: [(String, JSONObject, Int, String, [String])] = [
      ("japanese-name", product(name: "春のリネンシャツ（オフホワイト）"), 1200, "a Japanese product name", ["unicode"]),
      ("space-fields", product(" ", sku: " ", name: " "), 1200, "single spaces are non-empty strings", ["boundary"]),
      ("numeric-looking-id", product("000123"), 1200, "a numeric-looking productId stays a string", []),
      ("emoji-name", product(name: "🎁ギフトセット"), 1200, "an emoji in a name", ["unicode"]),
      ("free-item", product(price: 0, quantity: 2), 0, "salesPrice 0 is allowed (>= 0): total 0", ["boundary"]),
    ]
    for (name, item, total, description, tags) in valid {
      let input = order(products: [item])
      file.accept(
        "valid.\(name)", "\(description): accepted, total \(total)", input,
        orderOutput(input, total: .number(JSONNumber(total))), tags: tags)
    }
    let fieldOrder = order(products: [
      ["name": "リネンシャツ", "quantity": 1, "salesPrice": 1200, "skuCode": "SKU-1001-M", "productId": "P-1001"]
    ])
    file.accept(
      "valid.document-order-irrelevant", "fields written in reverse order are the same product: total 1200",
      fieldOrder, orderOutput(fieldOrder, total: 1200))
    return file.file(at: "\(folder)/product-fields.json")
  }

  // MARK: - sku-code.json

  static func skuCode() -> GeneratedFile {
    var file = file(
      "skuCode: a non-empty string; a product without SKU gives \"-\" (SKUコードがない商品の場合 \"-\" を与えてください), never \"\"",
      prefix: "skuCode.")
    let dash = order(products: [product(sku: "-")])
    file.accept(
      "dash", "a product without SKU gives \"-\": accepted and echoed", dash, orderOutput(dash, total: 1200))
    file.reject(
      "empty", "a product without SKU given as \"\" instead of \"-\": invalid_value",
      order(products: [product(sku: "")]),
      "invalid_value", field: "products[0].skuCode", tags: ["integration-mistake", "boundary"])
    file.reject(
      "null", "a product without SKU given as null instead of \"-\": invalid_type",
      order(products: [product(sku: .null)]),
      "invalid_type", field: "products[0].skuCode", tags: ["integration-mistake"])
    var missing = product()
    missing["skuCode"] = nil
    file.reject(
      "omitted", "a product without SKU with skuCode left out instead of \"-\": missing_key",
      order(products: [missing]),
      "missing_key", field: "products[0].skuCode", tags: ["integration-mistake"])
    let lookAlikes: [(String, String, String, [String])] = [
      (
        "fullwidth-hyphen", "－", "a full-width hyphen is a non-empty string, accepted as given (not \"-\")", ["unicode"]
      ),
      ("minus-sign", "−", "U+2212 MINUS SIGN is a non-empty string, accepted as given", ["unicode"]),
      ("double-dash", "--", "\"--\" is a non-empty SKU", []),
      ("dash-space", "- ", "\"- \" is a non-empty SKU, kept with its space", ["boundary"]),
      ("space", " ", "a single space is a non-empty SKU (no trimming)", ["boundary"]),
      ("na", "N/A", "\"N/A\" is a non-empty SKU", []),
      ("zero", "0", "\"0\" is a non-empty SKU", []),
    ]
    for (name, sku, description, tags) in lookAlikes {
      let input = order(products: [product(sku: .string(sku))])
      file.accept("look-alike.\(name)", description, input, orderOutput(input, total: 1200), tags: tags)
    }
    let mixed = order(products: [product(sku: "SKU-1"), product("P-2", sku: "-", price: 500)])
    file.accept(
      "mixed", "one product with a SKU, one with \"-\": both accepted, total 1700", mixed,
      orderOutput(mixed, total: 1700))
    file.reject(
      "second-empty", "the second product gives \"\" for its missing SKU: invalid_value products[1].skuCode",
      order(products: [product(sku: "-"), product("P-2", sku: "")]), "invalid_value", field: "products[1].skuCode",
      tags: ["integration-mistake"])
    return file.file(at: "\(folder)/sku-code.json")
  }

  // MARK: - quantity.json

  static func quantity() -> GeneratedFile {
    var file = file(
      "quantity: a JSON number with an integral value (1.0 is 1; 1.5 and \"1\" are invalid_type), then >= 1 (invalid_value)",
      prefix: "quantity.")
    let integral: [(String, String, Int, [String])] = [
      ("one", "1", 1, ["boundary"]), ("one-point-zero", "1.0", 1, ["boundary", "cross-sdk"]),
      ("two-point-zero", "2.0", 2, ["cross-sdk"]), ("exponent", "1e0", 1, ["cross-sdk"]),
      ("exponent-two", "2E0", 2, ["cross-sdk"]), ("scaled-fraction", "10e-1", 1, ["cross-sdk"]),
      ("trailing-zeros", "3.000", 3, ["cross-sdk"]), ("positive-exponent", "1e2", 100, ["cross-sdk"]),
      ("plus-exponent", "1E+1", 10, ["cross-sdk"]), ("ten", "10", 10, []), ("large", "1000000", 1_000_000, []),
    ]
    for (name, literal, count, tags) in integral {
      let input = order(products: [product(price: 100, quantity: number(literal))])
      file.accept(
        "integral.\(name)",
        "quantity \(literal) has the integral value \(count): total 100 × \(count), echoed as given",
        input, orderOutput(input, total: .number(JSONNumber(100 * count))), tags: ["valid"] + tags)
    }
    let fractional: [(String, String, [String])] = [
      ("one-point-five", "1.5", ["integration-mistake"]), ("half", "0.5", []),
      ("tiny-fraction", "1.000000000000000001", ["boundary", "cross-sdk"]),
      ("exponent-fraction", "15e-1", []), ("small-exponent", "1e-1", []), ("two-point-five", "2.5", []),
    ]
    for (name, literal, tags) in fractional {
      file.reject(
        "fractional.\(name)", "quantity \(literal) is not a whole number: invalid_type",
        order(products: [product(quantity: number(literal))]), "invalid_type", field: "products[0].quantity", tags: tags
      )
    }
    for (name, value) in [
      ("string", JSONValue.string("1")), ("string-two", "2"), ("boolean-true", true), ("null", .null),
    ] {
      file.reject(
        "type.\(name)",
        "quantity as \(Wording.quoted(value)) is not a number: invalid_type",
        order(products: [product(quantity: value)]), "invalid_type", field: "products[0].quantity",
        tags: name.hasPrefix("string") ? ["integration-mistake"] : [])
    }
    let belowOne: [(String, String, [String])] = [
      ("zero", "0", ["boundary"]), ("zero-point-zero", "0.0", ["boundary"]), ("minus-zero", "-0", ["boundary"]),
      ("minus-one", "-1", []), ("minus-two-point-zero", "-2.0", []), ("zero-exponent", "0e5", ["boundary"]),
    ]
    for (name, literal, tags) in belowOne {
      file.reject(
        "below-one.\(name)", "quantity \(literal) is whole but below 1: invalid_value",
        order(products: [product(quantity: number(literal))]), "invalid_value", field: "products[0].quantity",
        tags: tags)
    }
    file.reject(
      "negative-fraction", "quantity -1.5 is not a whole number: invalid_type before the >= 1 rule",
      order(products: [product(quantity: number("-1.5"))]), "invalid_type", field: "products[0].quantity")
    let huge = order(products: [product(price: 1, quantity: number("1e400"))])
    file.accept(
      "integral.beyond-int64", "quantity 1e400 is a whole number beyond Int64 (never converted): total 1e400",
      huge, orderOutput(huge, total: number("1e400")), tags: ["valid", "boundary", "cross-sdk"])
    let nineteen = order(products: [product(price: 1, quantity: number("9999999999999999999"))])
    file.accept(
      "integral.nineteen-digits", "quantity 9999999999999999999 (above Int64's maximum): exact total",
      nineteen, orderOutput(nineteen, total: number("9999999999999999999")), tags: ["valid", "boundary", "cross-sdk"])
    return file.file(at: "\(folder)/quantity.json")
  }

  // MARK: - discount.json

  static func discount() -> GeneratedFile {
    var file = file(
      "discountAmount: the discount on the whole order (注文全体に対する割引金額), >= 0 and never above sum(salesPrice × quantity)",
      prefix: "discountAmount.")
    let cases: [(String, String, String, String, [String])] = [
      ("zero", "0", "10600", "discountAmount 0: the total is the basket's 10600", ["boundary"]),
      ("some", "600", "10000", "discountAmount 600 off 10600: total 10000", []),
      ("equal", "10600", "0", "a discount equal to the total is allowed: total 0", ["boundary"]),
      (
        "equal-written-differently", "10600.00", "0", "10600.00 equals 10600: total 0, the discount echoed as given",
        ["boundary"]
      ),
      ("equal-exponent", "1.06e4", "0", "1.06e4 equals 10600: total 0", ["boundary", "cross-sdk"]),
      ("fraction", "0.5", "10599.5", "a fractional discount: 10600 - 0.5 = 10599.5", []),
      ("cent-below", "10599.99", "0.01", "one cent below the total: total 0.01", ["boundary"]),
      (
        "tiny-below", "10599.999999999999999999", "0.000000000000000001", "just below the total: the exact remainder",
        ["boundary", "cross-sdk"]
      ),
    ]
    for (name, discount, total, description, tags) in cases {
      let input = order(products: basket, discount: number(discount))
      file.accept("within.\(name)", description, input, orderOutput(input, total: number(total)), tags: tags)
    }
    let above: [(String, String, String, [String])] = [
      ("one", "10601", "one above the total", ["boundary"]),
      ("cent", "10600.01", "a cent above the total", ["boundary"]),
      (
        "tiny", "10600.000000000000000001", "above the total by 1e-18 (binary floating point calls them equal)",
        ["boundary", "cross-sdk"]
      ),
      ("double", "21200", "twice the total", []),
      ("exponent", "1e5", "1e5 is above 10600", []),
    ]
    for (name, discount, description, tags) in above {
      file.reject(
        "above.\(name)", "discountAmount \(discount): \(description): invalid_value discountAmount",
        order(products: basket, discount: number(discount)), "invalid_value", field: "discountAmount", tags: tags)
    }
    file.reject(
      "above.free-order", "any discount above 0 on an order of free items is above the total",
      order(products: [product(price: 0)], discount: number("0.01")), "invalid_value", field: "discountAmount",
      tags: ["boundary"])
    let freeZero = order(products: [product(price: 0)], discount: 0)
    file.accept(
      "within.free-order-zero", "a zero discount on an order of free items: total 0", freeZero,
      orderOutput(freeZero, total: 0), tags: ["boundary"])
    file.reject(
      "above.per-product-sum",
      "a discount above the total after a product's discount was already put into its salesPrice",
      order(products: [product(price: 900, quantity: 1)], discount: 1000), "invalid_value", field: "discountAmount",
      tags: ["integration-mistake"])
    file.reject(
      "negative-not-compared", "a negative discount breaks the >= 0 rule (invalid_value) whatever the total",
      order(products: basket, discount: number("-20000")), "invalid_value", field: "discountAmount")
    file.reject(
      "above.after-product-checks",
      "a discount above the total is reported only when every product passed: here products[1] is first",
      order(products: [basket[0], product(sku: "")], discount: 999_999), "invalid_value", field: "products[1].skuCode")
    let nineteen = order(
      products: [product(price: number("9999999999999999999"))], discount: number("9999999999999999998"))
    file.accept(
      "within.nineteen-digits", "19-digit price and discount: exact total 1", nineteen,
      orderOutput(nineteen, total: 1), tags: ["boundary", "cross-sdk"])
    file.reject(
      "above.nineteen-digits", "a 19-digit discount one above a 19-digit price (indistinguishable as Double)",
      order(products: [product(price: number("9999999999999999998"))], discount: number("9999999999999999999")),
      "invalid_value", field: "discountAmount", tags: ["boundary", "cross-sdk"])
    return file.file(at: "\(folder)/discount.json")
  }

  // MARK: - totals.json

  static func totals() -> GeneratedFile {
    var file = file(
      "the order's total: sum(salesPrice × quantity) - discountAmount in exact decimal arithmetic, never binary floating point"
    )
    // (name, [(price, quantity)], discount, total, description, tags)
    let cases: [(String, [(String, String)], String?, String, String, [String])] = [
      (
        "tenth-times-three", [("0.1", "3")], nil, "0.3",
        "0.1 × 3 is exactly 0.3 (binary floating point: 0.30000000000000004)", ["cross-sdk"]
      ),
      ("tenth-plus-fifth", [("0.1", "1"), ("0.2", "1")], nil, "0.3", "0.1 + 0.2 is exactly 0.3", ["cross-sdk"]),
      ("tenth-ten-times", [("0.1", "10")], nil, "1", "0.1 × 10 is exactly 1", ["cross-sdk"]),
      ("cents", [("19.99", "3")], nil, "59.97", "19.99 × 3 = 59.97", []),
      ("cents-with-discount", [("19.99", "3")], "9.97", "50", "59.97 - 9.97 = 50", []),
      ("price-trailing-zero", [("19.90", "2")], nil, "39.8", "19.90 × 2 = 39.8 (the same value as 39.80)", []),
      ("mixed-scales", [("1.005", "1"), ("2.5", "2"), ("100", "1")], nil, "106.005", "1.005 + 5 + 100 = 106.005", []),
      ("discount-fraction", [("1000", "1")], "0.01", "999.99", "1000 - 0.01 = 999.99", []),
      (
        "nineteen-digit-sum", [("9999999999999999999", "1"), ("9999999999999999999", "1")], nil, "19999999999999999998",
        "two 19-digit prices add exactly beyond Int64 and Double", ["boundary", "cross-sdk"]
      ),
      (
        "nineteen-digit-product", [("9999999999999999999", "9999999999999999999")], nil,
        "99999999999999999980000000000000000001", "a 19-digit price × a 19-digit quantity, all 38 digits",
        ["boundary", "cross-sdk"]
      ),
      (
        "nineteen-digit-with-cents", [("1234567890123456789.01", "1"), ("0.99", "1")], nil, "1234567890123456790",
        "19 integer digits and cents carry exactly", ["boundary", "cross-sdk"]
      ),
      (
        "above-double-precision", [("9007199254740993", "1")], nil, "9007199254740993",
        "2^53 + 1, which a Double cannot hold", ["boundary", "cross-sdk"]
      ),
      ("carry-chain", [("999999.999", "1"), ("0.001", "1")], nil, "1000000", "a carry through every digit", []),
      ("exponent-price", [("1.2e3", "2")], nil, "2400", "salesPrice 1.2e3 is 1200: 2400", ["cross-sdk"]),
      ("negative-exponent-price", [("125e-2", "4")], nil, "5", "salesPrice 125e-2 is 1.25: 5", ["cross-sdk"]),
      (
        "huge-exponent", [("1e400", "3")], nil, "3e400", "salesPrice 1e400 × 3 = 3e400, exact beyond Double",
        ["boundary", "cross-sdk"]
      ),
      (
        "huge-exponent-plus-one", [("1e30", "1"), ("1", "1")], nil, "1000000000000000000000000000001",
        "1e30 + 1 keeps the 1", ["boundary", "cross-sdk"]
      ),
      (
        "tiny-price", [("0.000000000000000000000001", "3")], nil, "0.000000000000000000000003", "a price of 1e-24 × 3",
        ["boundary"]
      ),
      ("many-thirds", [("0.333", "3"), ("0.001", "1")], nil, "1", "0.999 + 0.001 = 1", []),
      (
        "yen-and-discount", [("1200", "1"), ("3500", "2"), ("800", "3")], "600", "10000", "the basket 10600 less 600",
        []
      ),
      ("quantity-one-point-zero", [("0.1", "3.0")], nil, "0.3", "quantity 3.0 is 3: 0.3", ["cross-sdk"]),
      ("zero-prices", [("0", "5"), ("0.00", "1")], nil, "0", "free items only: total 0", ["boundary"]),
      (
        "minus-zero-price", [("-0", "1"), ("10", "1")], nil, "10", "salesPrice -0 equals 0: not below 0, total 10",
        ["boundary", "cross-sdk"]
      ),
      (
        "tax-rounding", [("1.1", "3")], nil, "3.3", "1.1 × 3 is exactly 3.3 (binary: 3.3000000000000003)", ["cross-sdk"]
      ),
      ("thirds-of-yen", [("33.33", "3"), ("0.01", "1")], nil, "100", "33.33 × 3 + 0.01 = 100", []),
      (
        "sub-cent-prices", [("0.005", "2"), ("0.0025", "4")], nil, "0.02",
        "prices below a cent add exactly: 0.01 + 0.01", []
      ),
      (
        "discount-leaves-fraction", [("0.7", "1"), ("0.1", "1")], "0.5", "0.3",
        "0.8 - 0.5 = 0.3 (binary: 0.30000000000000004)", ["cross-sdk"]
      ),
      (
        "discount-equals-fractional-total", [("0.1", "3")], "0.3", "0",
        "a discount of 0.3 equals 0.1 × 3 exactly", ["boundary", "cross-sdk"]
      ),
      ("large-quantity", [("0.01", "1000000")], nil, "10000", "0.01 × 1000000 = 10000", []),
      (
        "many-digit-fraction", [("0.123456789012345678901234567890", "1")], nil, "0.12345678901234567890123456789",
        "30 fraction digits are kept (a trailing zero drops nothing of value)", ["boundary", "cross-sdk"]
      ),
      (
        "twenty-digit-price", [("12345678901234567890", "1"), ("0.5", "1")], nil, "12345678901234567890.5",
        "a 20-digit price plus a half, exact", ["boundary", "cross-sdk"]
      ),
      ("exponent-discount", [("100", "1")], "5e1", "50", "discountAmount 5e1 is 50: total 50", ["cross-sdk"]),
      ("uppercase-exponent-quantity", [("2.5", "4E0")], nil, "10", "quantity 4E0 is 4: 2.5 × 4 = 10", ["cross-sdk"]),
      (
        "three-lines-cents", [("19.99", "1"), ("29.99", "2"), ("0.03", "1")], nil, "80", "19.99 + 59.98 + 0.03 = 80", []
      ),
    ]
    for (name, lines, discount, total, description, tags) in cases {
      let items = lines.enumerated().map { index, line in
        product(
          .string("P-\(index + 1)"), sku: "-", price: number(line.0), quantity: number(line.1),
          name: .string("item \(index + 1)"))
      }
      let input = order(products: items, discount: discount.map(number))
      file.accept(
        // A description that already states the total is not followed by it again.
        "total.\(name)", description.hasSuffix("total \(total)") ? description : "\(description): total \(total)",
        input, orderOutput(input, total: number(total)), tags: tags)
    }
    // Integer-priced baskets: the total is computed here from the same integers.
    let sizes = [1, 2, 5, 10, 25]
    for size in sizes {
      let lines = (0..<size).map { (price: 150 * ($0 + 1), quantity: $0 % 3 + 1) }
      let items = lines.enumerated().map { index, line in
        product(
          .string("P-\(index)"), sku: .string("SKU-\(index)"), price: .number(JSONNumber(line.price)),
          quantity: .number(JSONNumber(line.quantity)))
      }
      let total = lines.reduce(0) { $0 + $1.price * $1.quantity }
      let input = order(products: items, discount: 100)
      let basket =
        switch size {
        case 1: "1 product at 150 with quantity 1"
        case 2: "2 products at 150 and 300 with quantities 1 and 2"
        default: "\(size) products at 150, 300, … with quantities 1, 2, 3, …"
        }
      file.accept(
        "basket.\(size)", "\(basket), less 100: total \(total - 100)",
        input, orderOutput(input, total: .number(JSONNumber(total - 100))))
    }
    return file.file(at: "\(folder)/totals.json")
  }

  // MARK: - check-order.json

  static func checkOrder() -> GeneratedFile {
    var file = file(
      "the order of the checks: call, unknown keys, then each argument in order, the discount against the total last",
      prefix: "check-order.")
    file.reject(
      "missing-call-before-unknown", "missing call before an unknown key", ["discount": 1], "missing_key", field: "call"
    )
    file.reject(
      "unknown-before-orderId", "an unknown key before the missing orderId",
      ["call": "order", "products": [], "discount": 1], "unknown_key", field: "discount")
    file.reject(
      "orderId-before-products", "orderId's wrong type before products' wrong type",
      ["call": "order", "orderId": 1, "products": "x"], "invalid_type", field: "orderId")
    file.reject(
      "orderId-value-before-products-missing", "an empty orderId before the missing products",
      ["call": "order", "orderId": ""], "invalid_value", field: "orderId")
    file.reject(
      "products-before-discount", "empty products before a discount of the wrong type",
      ["call": "order", "orderId": "O-1", "products": [], "discountAmount": "100"], "invalid_value", field: "products")
    file.reject(
      "product-fields-before-discount", "a product's missing name before a negative discount",
      order(products: [["productId": "P", "skuCode": "-", "salesPrice": 1, "quantity": 1]], discount: number("-1")),
      "missing_key", field: "products[0].name")
    file.reject(
      "products-item-before-discount-total", "a non-object product before a discount above the total",
      ["call": "order", "orderId": "O-1", "products": [.object(product()), "P-2"], "discountAmount": 99999],
      "invalid_type", field: "products[1]")
    file.reject(
      "discount-type-before-total", "a discount of the wrong type is invalid_type, never compared with the total",
      order(products: [product()], discount: ["amount": 1]), "invalid_type", field: "discountAmount")
    file.reject(
      "view-argument-after-unknown", "view_post: an unknown key before the empty postId",
      ["call": "view_post", "postId": "", "tagId": "T-1"], "unknown_key", field: "tagId")
    file.reject(
      "products-type-before-item", "products as an object is invalid_type products, its members never read",
      ["call": "order", "orderId": "O-1", "products": ["0": .object(product())]], "invalid_type", field: "products")
    return file.file(at: "\(folder)/check-order.json")
  }

  // MARK: - integration-mistakes.json

  static func mistakes() -> GeneratedFile {
    var file = file(
      "realistic integration mistakes from the LEEEP iOS SDK reference's tracking section, each named after the mistake",
      prefix: "mistake.")
    var perProduct = basket
    perProduct[1]["discount"] = 500
    file.reject(
      "discount-per-product", "a 500 discount given on one product instead of in its salesPrice: unknown_key",
      order(products: perProduct), "unknown_key", field: "products[1].discount", tags: ["integration-mistake"])
    var perProductAmount = basket
    perProductAmount[0]["discountAmount"] = 200
    file.reject(
      "discount-amount-per-product", "discountAmount repeated inside a product: unknown_key",
      order(products: perProductAmount, discount: 200), "unknown_key", field: "products[0].discountAmount",
      tags: ["integration-mistake"])
    let discounted = order(products: [product(price: 1000, quantity: 2)], discount: 300)
    file.accept(
      "discount-in-sales-price",
      "the right way: a product's own discount is already in salesPrice 1000, the coupon in discountAmount: 2000 - 300",
      discounted, orderOutput(discounted, total: 1700), tags: ["valid"])
    file.reject(
      "empty-sku-for-no-sku", "\"\" given for a product without SKU (the reference says \"-\")",
      order(products: [product(sku: "")]), "invalid_value", field: "products[0].skuCode", tags: ["integration-mistake"])
    file.reject(
      "quantity-as-string", "quantity sent as the text \"2\" from a form field",
      order(products: [product(quantity: "2")]),
      "invalid_type", field: "products[0].quantity", tags: ["integration-mistake"])
    file.reject(
      "quantity-as-weight", "a weighed item sent with quantity 1.5: the quantity is a count",
      order(products: [product(quantity: number("1.5"))]), "invalid_type", field: "products[0].quantity",
      tags: ["integration-mistake"])
    file.reject(
      "price-as-string", "salesPrice sent as the text \"1200\"", order(products: [product(price: "1200")]),
      "invalid_type", field: "products[0].salesPrice", tags: ["integration-mistake"])
    file.reject(
      "discount-as-negative", "the discount given as a negative amount (-300) to subtract",
      order(products: basket, discount: -300), "invalid_value", field: "discountAmount", tags: ["integration-mistake"])
    file.reject(
      "discount-includes-product-discounts", "the coupon plus product discounts already in salesPrice exceed the total",
      order(products: [product(price: 800)], discount: 1000), "invalid_value", field: "discountAmount",
      tags: ["integration-mistake"])
    file.reject(
      "single-product-not-array", "one product passed as an object instead of an array",
      ["call": "order", "orderId": "O-1", "products": .object(product())], "invalid_type", field: "products",
      tags: ["integration-mistake"])
    file.reject(
      "order-id-as-number", "an order number passed as a number", order(100234, products: basket), "invalid_type",
      field: "orderId", tags: ["integration-mistake"])
    file.reject(
      "total-passed", "a total passed beside the products: the SDK has no such argument",
      ["call": "order", "orderId": "O-1", "products": .array(basket.map { .object($0) }), "total": 10600],
      "unknown_key",
      field: "total", tags: ["integration-mistake"])
    file.reject(
      "view-post-with-tag", "view_post with the tag's tagId beside postId (the post detail tag records both itself)",
      ["call": "view_post", "postId": "5001", "tagId": "T-1"], "unknown_key", field: "tagId",
      tags: ["integration-mistake"])
    file.reject(
      "view-product-numeric-id", "a product ID passed as a number to view_product",
      ["call": "view_product", "productId": 1001],
      "invalid_type", field: "productId", tags: ["integration-mistake"])
    file.accept(
      "view-tag-from-app",
      "a view_tag call is valid on its own: a tag view records it already, so an app that also calls it counts the view twice (leeep.tag-view shows what the tag fires)",
      ["call": "view_tag", "tagId": "T-2001"], ["event": "view_tag", "tagId": "T-2001"],
      tags: ["valid", "integration-mistake"])
    file.accept(
      "view-post-from-app",
      "a view_post call is valid on its own: the post detail tags record it already, so an app that also calls it counts the view twice",
      ["call": "view_post", "postId": "5001"], ["event": "view_post", "postId": "5001"],
      tags: ["valid", "integration-mistake"])
    return file.file(at: "\(folder)/integration-mistakes.json")
  }
}

/// One vector file of `leeep.tracking`: every rejection is tagged `invalid` and every acceptance
/// `valid`, before the test's own tags.
struct TrackingVectorFile {
  private var builder: VectorFileBuilder
  private let prefix: String

  init(description: String, prefix: String) {
    builder = VectorFileBuilder(
      suite: LeeepTracking.name, description: description, source: LeeepTracking.source)
    self.prefix = prefix
  }

  mutating func accept(
    _ id: String, _ description: String, _ input: JSONObject, _ output: JSONValue, tags: [String] = []
  ) {
    builder.add(
      id: prefix + id, description: description, tags: Self.tags("valid", tags), input: .object(input),
      expect: .accept(output: output))
  }

  mutating func reject(
    _ id: String, _ description: String, _ input: JSONObject, _ error: String, field: String? = nil, tags: [String] = []
  ) {
    rejectInput(id, description, .object(input), error, field: field, tags: tags)
  }

  /// A rejection of an input that is not an object.
  mutating func rejectInput(
    _ id: String, _ description: String, _ input: JSONValue, _ error: String, field: String? = nil, tags: [String] = []
  ) {
    builder.add(
      id: prefix + id, description: description, tags: Self.tags("invalid", tags), input: input,
      expect: .reject(error: error, field: field))
  }

  static func tags(_ first: String, _ rest: [String]) -> [String] { rest.contains(first) ? rest : [first] + rest }

  func file(at path: String) -> GeneratedFile { builder.file(at: path) }
}
