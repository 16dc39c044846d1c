import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

@testable import ConformanceExplore

@Suite struct SuiteExplorerTests {
  static let reference = ReferenceImplementation()

  @Test func everySuiteOfTheContractHasOneExplorerInTheContractsOrder() {
    #expect(SuiteExplorers.all.map(\.suite) == Contract.suites)
    for suite in Contract.suites {
      #expect(SuiteExplorers.explorer(for: suite)?.suite == suite)
    }
    #expect(SuiteExplorers.explorer(for: "team.own") == nil)
  }

  /// 2,000 cases per suite from a fixed seed: the reference answers every one (never a context
  /// error), accepts some and rejects some, and gives every error code the suite's contract
  /// page lists (Contract.rejections), so the cases reach every check.
  @Test(arguments: Contract.suites)
  func casesAreUsableAndReachEveryOutcome(suite: String) throws {
    let explorer = try #require(SuiteExplorers.explorer(for: suite))
    var accepted = 0
    var codes: Set<String> = []
    let cases = exploreCases(explorer, count: 2000, seed: 35)
    for c in cases {
      #expect(c.suite == suite)
      do {
        switch try Self.reference.evaluate(suite: suite, input: c.input, context: c.context) {
        case .accept: accepted += 1
        case .reject(let error, _): codes.insert(error)
        }
      } catch {
        Issue.record(
          "\(suite): \(error) for input \(JSONSerializer.compact.string(from: c.input)) context \(JSONSerializer.compact.string(from: .object(c.context)))"
        )
        return
      }
    }
    let listed = Set(try #require(Contract.rejections[suite]).codes)
    #expect(codes.subtracting(listed).isEmpty, "codes the contract does not list: \(codes.subtracting(listed))")
    #expect(listed.subtracting(codes).isEmpty, "\(suite): codes never reached: \(listed.subtracting(codes).sorted())")
    #expect(accepted >= 100, "\(suite): only \(accepted) of 2000 accepted")
    #expect(accepted <= 1900, "\(suite): \(accepted) of 2000 accepted, too few reach a rejection")
  }

  @Test(arguments: Contract.suites)
  func theSameSeedGivesTheSameCases(suite: String) throws {
    let explorer = try #require(SuiteExplorers.explorer(for: suite))
    let first = exploreCases(explorer, count: 300, seed: 7)
    #expect(first == exploreCases(explorer, count: 300, seed: 7))
    #expect(first != exploreCases(explorer, count: 300, seed: 8))
  }

  @Test func theRandomSequenceIsSplitMix64() {
    // SplitMix64's published first outputs for seed 0.
    var random = ExploreRandom(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    var bounded = ExploreRandom(seed: 1)
    for _ in 0..<1000 { #expect((0..<7).contains(bounded.below(7))) }
  }

  @Test func textLengthsCountInTheUnitAsked() {
    var random = ExploreRandom(seed: 3)
    for unit in [TextUnit.scalars, .utf8Bytes, .utf16Units, .graphemes] {
      for count in [0, 1, 254, 255, 256] {
        let text = TextLengths.string(count: count, unit: unit, random: &random)
        #expect(TextLengths.measure(text, unit) == count, "\(unit) \(count)")
      }
    }
  }

  @Test func urlPartsRoundTrip() throws {
    for url in [
      "https://shop.example/blog/a", "http://u:p@[2001:db8::1]:8080/a/b?x=1&y=#f", "https://shop.example",
      "https://h/?", "https://h:/p#",
    ] {
      #expect(try #require(URLParts(url)).text == url)
    }
    let parts = try #require(URLParts("http://u@h.example:81/a/b?k=v&k2=#frag"))
    #expect(parts.userinfo == "u")
    #expect(parts.host == "h.example")
    #expect(parts.port == "81")
    #expect(parts.segments == ["a", "b"])
    #expect(parts.query == ["k=v", "k2="])
    #expect(parts.fragment == "frag")
  }

  /// `leeep.tracking`: the discount set at, just under and just over the exact total is always
  /// answered (an order whose prices are written with exponents once got `1e-20…01` as a
  /// discount, a number the reference has no total for), and lands on both sides of the total:
  /// accepted at or under it, `invalid_value` for `discountAmount` over it.
  @Test(arguments: ["1e-2", "125e-2", "1e-400", "1e400", "3e400", "1.2e3", "0.1", "0", "1980"])
  func trackingDiscountsAroundTheTotalAreAlwaysAnswered(price: String) throws {
    var random = ExploreRandom(seed: 35)
    var outcomes: Set<String> = []
    for quantities in [["1"], ["3"], ["1e0", "2"]] {
      let products: [JSONValue] = quantities.map { quantity in
        [
          "productId": "p1", "skuCode": "-", "salesPrice": .number(try! #require(JSONNumber(literal: price))),
          "quantity": .number(try! #require(JSONNumber(literal: quantity))), "name": "coat",
        ]
      }
      let order: JSONObject = ["call": "order", "orderId": "o1", "products": .array(products)]
      for _ in 0..<300 {
        var call = order
        let discount = LeeepTrackingExplorer.discountAroundTotal(of: order, &random)
        #expect(discount != nil)
        call["discountAmount"] = discount
        let outcome = try Self.reference.evaluate(suite: "leeep.tracking", input: .object(call), context: [:])
        switch outcome {
        case .accept: outcomes.insert("accept")
        case .reject(let error, let field): outcomes.insert("\(error) \(field ?? "")")
        }
        // Any change the explorer makes to such an order is answered too.
        let mutated = LeeepTrackingExplorer.mutation(.object(order), &random)
        _ = try Self.reference.evaluate(suite: "leeep.tracking", input: mutated, context: [:])
      }
    }
    #expect(outcomes.contains("accept"))
    #expect(price == "0" || outcomes.contains("invalid_value discountAmount"), "\(outcomes)")
  }
}
