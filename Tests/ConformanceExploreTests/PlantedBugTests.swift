import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

@testable import ConformanceExplore

/// An implementation with one bug planted by hand: the reference, with one rule got wrong the way
/// a port commonly gets it wrong.
struct PlantedBug: Sendable, CustomStringConvertible {
  let description: String
  let suite: String
  /// The buggy answer, given the reference.
  let evaluate:
    @Sendable (_ input: JSONValue, _ context: JSONObject, _ reference: ReferenceImplementation) throws -> Outcome

  func outcome(_ input: JSONValue, _ context: JSONObject) throws -> Outcome {
    try evaluate(input, context, ReferenceImplementation())
  }
}

/// Runs `body` on the input's string, for bugs in a suite whose input is a string.
private func stringInput(_ input: JSONValue) -> String? { input.stringValue }

enum PlantedBugs {
  static let all: [PlantedBug] = [
    PlantedBug(description: "user-id: too_long counts scalars, not UTF-8 bytes", suite: "leeep.user-id") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.user-id", input: input, context: context)
      guard let text = stringInput(input), case .reject("too_long", _) = outcome else { return outcome }
      return text.unicodeScalars.count > 255 ? outcome : .accept(output: input)
    },
    PlantedBug(description: "user-id: whitespace_only knows only ASCII white space", suite: "leeep.user-id") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.user-id", input: input, context: context)
      guard let text = stringInput(input), case .reject("whitespace_only", _) = outcome else { return outcome }
      return text.unicodeScalars.allSatisfy({ $0 == " " || ($0.value >= 9 && $0.value <= 13) })
        ? outcome : .accept(output: input)
    },
    PlantedBug(description: "deep-link: accepts upper case UUID hex", suite: "respondo.deep-link") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "respondo.deep-link", input: input, context: context)
      guard let text = stringInput(input), case .reject("invalid_conversation_id", _) = outcome,
        case .accept = try reference.evaluate(
          suite: "respondo.deep-link", input: .string(text.lowercased()), context: context)
      else { return outcome }
      return .accept(output: ["conversation_id": .string(String(text.dropFirst("respondo://conversation/".count)))])
    },
    PlantedBug(description: "push.payload: the scope compared as Double", suite: "leeep.push.payload") {
      input, context, reference in
      guard case .object(var object) = input, let scope = context["expected_scope"]?.objectValue else {
        return try reference.evaluate(suite: "leeep.push.payload", input: input, context: context)
      }
      for key in ["website_id", "app_id"] {
        if let given = object[key]?.stringValue, let expected = scope[key]?.stringValue, given != expected,
          given.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), given.first != "0",
          let a = Double(given), let b = Double(expected), a == b
        {
          object[key] = .string(expected)
        }
      }
      return try reference.evaluate(suite: "leeep.push.payload", input: .object(object), context: context)
    },
    PlantedBug(description: "link: a repeated query key takes its last value", suite: "leeep.link") {
      input, context, reference in
      guard let text = stringInput(input), var parts = URLParts(text), let items = parts.query else {
        return try reference.evaluate(suite: "leeep.link", input: input, context: context)
      }
      var kept: [String] = []
      for (index, item) in items.enumerated() {
        let key = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let later = items[(index + 1)...].contains {
          ($0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") == key
        }
        if !later { kept.append(item) }
      }
      parts.query = kept
      let outcome = try reference.evaluate(suite: "leeep.link", input: .string(parts.text), context: context)
      guard case .accept(.object(var output)) = outcome else { return outcome }
      if output.contains("url") { output["url"] = input }
      return .accept(output: .object(output))
    },
    PlantedBug(description: "onboarding: -0 is below zero", suite: "adapty.onboarding.event") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "adapty.onboarding.event", input: input, context: context)
      guard case .accept = outcome, let meta = input.objectValue?["meta"]?.objectValue,
        let index = (meta["screen_index"] ?? meta["screenIndex"])?.numberValue, index.literal.hasPrefix("-")
      else { return outcome }
      return .reject(error: "invalid_value", field: "screen_index")
    },
    PlantedBug(description: "push.token: an APNs token in upper case hex is accepted", suite: "respondo.push.token") {
      input, context, reference in
      guard case .object(var object) = input, let platform = object["platform"]?.stringValue, platform.hasSuffix("ios"),
        let token = object["token"]?.stringValue
      else { return try reference.evaluate(suite: "respondo.push.token", input: input, context: context) }
      object["token"] = .string(token.lowercased())
      let outcome = try reference.evaluate(suite: "respondo.push.token", input: .object(object), context: context)
      guard case .accept = outcome else {
        return try reference.evaluate(suite: "respondo.push.token", input: input, context: context)
      }
      return .accept(output: ["transport": "apns", "token": .string(token)])
    },
    PlantedBug(description: "tracking: the total in binary floating point", suite: "leeep.tracking") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.tracking", input: input, context: context)
      guard case .accept(.object(var output)) = outcome, output["event"] == "order",
        case .array(let products)? = output["products"]
      else { return outcome }
      var total = 0.0
      for product in products {
        total +=
          (product.objectValue?["salesPrice"]?.numberValue?.doubleValue ?? 0)
          * (product.objectValue?["quantity"]?.numberValue?.doubleValue ?? 0)
      }
      total -= output["discountAmount"]?.numberValue?.doubleValue ?? 0
      output["total"] = .number(JSONNumber(literal: "\(total)".replacing("inf", with: "1e999")) ?? JSONNumber(0))
      return .accept(output: .object(output))
    },
    PlantedBug(description: "tag-view: a percent-escape found only in upper case hex", suite: "leeep.tag-view") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.tag-view", input: input, context: context)
      guard case .reject("invalid_value", "blogSlug") = outcome, case .object(var object) = input,
        case .object(var params)? = object["params"], let slug = params["blogSlug"]?.stringValue,
        slug.firstMatch(of: /%[0-9A-F][0-9A-F]/) == nil, slug.firstMatch(of: /%[0-9a-fA-F][0-9a-fA-F]/) != nil
      else { return outcome }
      params["blogSlug"] = .string(slug.replacing("%", with: "\u{FF05}"))
      object["params"] = .object(params)
      let relaxed = try reference.evaluate(suite: "leeep.tag-view", input: .object(object), context: context)
      guard case .accept(.object(var output)) = relaxed, case .object(var outputParams)? = output["params"] else {
        return outcome
      }
      outputParams["blogSlug"] = .string(slug)
      output["params"] = .object(outputParams)
      return .accept(output: .object(output))
    },
    PlantedBug(description: "user-id: a White_Space list without U+1680 and U+205F", suite: "leeep.user-id") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.user-id", input: input, context: context)
      guard let text = stringInput(input), case .reject("whitespace_only", _) = outcome,
        text.unicodeScalars.contains(where: { $0 == "\u{1680}" || $0 == "\u{205F}" })
      else { return outcome }
      return .accept(output: input)
    },
    PlantedBug(description: "link: ports compared as text (:0443 is not the default port)", suite: "leeep.link") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.link", input: input, context: context)
      guard let text = stringInput(input), let port = URLParts(text)?.port, port.count > 1, port.hasPrefix("0"),
        case .accept(.object(let output)) = outcome, output["kind"] != "other"
      else { return outcome }
      return .accept(output: ["kind": "other", "url": input])
    },
    PlantedBug(description: "user-id: U+001C-U+001F taken as white space (str.isspace)", suite: "leeep.user-id") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.user-id", input: input, context: context)
      guard let text = stringInput(input), case .accept = outcome, !text.isEmpty,
        text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || ($0.value >= 0x1C && $0.value <= 0x1F) })
      else { return outcome }
      return .reject(error: "whitespace_only", field: nil)
    },
    PlantedBug(description: "user-id: U+180E taken as white space (Unicode 6.2)", suite: "leeep.user-id") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.user-id", input: input, context: context)
      guard let text = stringInput(input), case .accept = outcome, !text.isEmpty,
        text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0 == "\u{180E}" })
      else { return outcome }
      return .reject(error: "whitespace_only", field: nil)
    },
    PlantedBug(description: "push.payload: blog_slug counted in UTF-16 units", suite: "leeep.push.payload") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.push.payload", input: input, context: context)
      guard case .accept = outcome, let slug = input.objectValue?["blog_slug"]?.stringValue, slug.utf16.count > 255
      else { return outcome }
      return .reject(error: "invalid_value", field: "blog_slug")
    },
    PlantedBug(description: "tag-view: blogSlug counted in UTF-16 units", suite: "leeep.tag-view") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.tag-view", input: input, context: context)
      guard case .accept = outcome, input.objectValue?["tag"] == "blog_detail",
        let slug = input.objectValue?["params"]?.objectValue?["blogSlug"]?.stringValue, slug.utf16.count > 255
      else { return outcome }
      return .reject(error: "invalid_value", field: "blogSlug")
    },
    PlantedBug(
      description: "onboarding: screen_index >= total_screens compared as Double", suite: "adapty.onboarding.event"
    ) { input, context, reference in
      let outcome = try reference.evaluate(suite: "adapty.onboarding.event", input: input, context: context)
      guard case .accept = outcome, let meta = input.objectValue?["meta"]?.objectValue,
        let index = (meta["screen_index"] ?? meta["screenIndex"])?.numberValue,
        let total = (meta["total_screens"] ?? meta["screensTotal"])?.numberValue, index.doubleValue >= total.doubleValue
      else { return outcome }
      return .reject(error: "invalid_value", field: "screen_index")
    },
    PlantedBug(description: "tracking: quantity's integral check through Double", suite: "leeep.tracking") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.tracking", input: input, context: context)
      guard case .reject("invalid_type", let field?) = outcome, field.hasSuffix(".quantity"),
        case .array(var products)? = input.objectValue?["products"]
      else { return outcome }
      for (index, product) in products.enumerated() {
        guard case .object(var item) = product, let quantity = item["quantity"]?.numberValue,
          quantity.doubleValue.rounded() == quantity.doubleValue, quantity.doubleValue.isFinite
        else { continue }
        item["quantity"] = .number(
          JSONNumber(literal: String(Int(exactly: quantity.doubleValue) ?? 1)) ?? JSONNumber(1))
        products[index] = .object(item)
      }
      var object = input.objectValue ?? JSONObject()
      object["products"] = .array(products)
      return try reference.evaluate(suite: "leeep.tracking", input: .object(object), context: context)
    },
    PlantedBug(
      description: "respondo.push.payload: any Unicode white space around the JSON text", suite: "respondo.push.payload"
    ) { input, context, reference in
      guard case .object(var object) = input, let text = object["respondo"]?.stringValue else {
        return try reference.evaluate(suite: "respondo.push.payload", input: input, context: context)
      }
      let trimmed = String(
        String.UnicodeScalarView(
          text.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
            .reversed()))
      object["respondo"] = .string(trimmed)
      return try reference.evaluate(suite: "respondo.push.payload", input: .object(object), context: context)
    },
    PlantedBug(description: "destination: provisional is deliverable", suite: "leeep.push.destination") {
      input, context, reference in
      let outcome = try reference.evaluate(suite: "leeep.push.destination", input: input, context: context)
      guard case .accept(.object(var output)) = outcome, output["permission"] == "provisional" else { return outcome }
      output["deliverable"] = true
      return .accept(output: .object(output))
    },
  ]
}

@Suite struct PlantedBugTests {
  /// How many shipped vectors fail against the bug (0: the corpus misses it).
  static func shippedFailures(_ bug: PlantedBug) -> Int {
    (ShippedCorpus.tests[bug.suite] ?? []).filter { test in
      guard let outcome = try? bug.outcome(test.input, test.context) else { return false }
      return Comparison.difference(expected: test.expectation, actual: outcome) != nil
    }.count
  }

  /// The first of `limit` explored cases where the bug answers differently from the reference.
  static func firstDifference(_ bug: PlantedBug, limit: Int) throws -> (index: Int, ExploreCase)? {
    let explorer = try #require(SuiteExplorers.explorer(for: bug.suite))
    let samples = ShippedCorpus.samples(bug.suite)
    let reference = ReferenceImplementation()
    var random = ExploreRandom(seed: 1)
    for index in 0..<limit {
      let c = explorer.makeCase(samples: samples, random: &random)
      let expected = try reference.evaluate(suite: c.suite, input: c.input, context: c.context)
      if try bug.outcome(c.input, c.context) != expected { return (index, c) }
    }
    return nil
  }

  /// The planted bugs no shipped vector catches (measured: the corpus catches every other one,
  /// which the explorer must find as well, as a port that removed those vectors would need).
  static let missedByTheCorpus: Set<String> = [
    "respondo.push.payload: any Unicode white space around the JSON text"
  ]

  /// Each planted bug: whether the shipped vectors of its suite catch it is as recorded above,
  /// and the suite's explorer shows a difference within a few thousand cases either way.
  @Test(arguments: PlantedBugs.all)
  func theExplorerFindsEveryPlantedBug(bug: PlantedBug) throws {
    let failures = Self.shippedFailures(bug)
    if Self.missedByTheCorpus.contains(bug.description) {
      #expect(failures == 0, "the shipped vectors now catch: \(bug)")
    } else {
      #expect(failures > 0, "no shipped vector catches: \(bug)")
    }
    let found = try Self.firstDifference(bug, limit: 5000)
    #expect(found != nil, "no difference in 5000 cases: \(bug)")
  }
}
