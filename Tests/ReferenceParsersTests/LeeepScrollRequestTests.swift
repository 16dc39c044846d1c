import ConformanceJSON
import ConformanceKit
import Testing

@testable import ReferenceParsers

/// docs/suites/leeep.scroll-request.md checked directly: the create rule, reloads, the request's
/// checks in order, the clamp with exact decimals, numbers too wide to sum, then every shipped
/// vector.
@Suite struct LeeepScrollRequestTests {
  let suite = LeeepScrollRequest()

  func run(_ text: String) throws -> Outcome {
    try suite.evaluate(JSONParser().parse(text), context: JSONObject())
  }

  func output(_ text: String) throws -> JSONObject? {
    guard case .accept(let output) = try run(text) else { return nil }
    return output.objectValue
  }

  static let create = #"{"step": "create", "handler": true}"#

  static func layout(_ top: String, _ viewport: String, _ content: String) -> String {
    #"{"step": "layout", "tag_top": \#(top), "viewport_height": \#(viewport), "content_height": \#(content)}"#
  }

  static func request(host: String, content: String = "0", reason: String = "reviewPagination") -> String {
    #"{"step": "request", "tagId": "T", "reason": "\#(reason)", "target": "reviewListTop", "contentOffsetTop": \#(content), "hostOffsetTop": \#(host)}"#
  }

  @Test func createComesFirstAndOnce() throws {
    #expect(try run("[]") == .reject("invalid_step", field: "0"))
    #expect(try run(#"[{"step": "set_handler", "handler": true}]"#) == .reject("invalid_step", field: "0"))
    #expect(try run("[\(Self.create), \(Self.create)]") == .reject("invalid_step", field: "1"))
    #expect(try run("[\(Self.create), 1, \(Self.create)]") == .reject("invalid_step", field: "1"))
    #expect(try run("{}") == .reject("not_an_array"))
  }

  @Test func onlyASwitchReloads() throws {
    let steps = [false, false, true, true, false].map { #"{"step": "set_handler", "handler": \#($0)}"# }
    let result = try output("[\(Self.create), \(steps.joined(separator: ", "))]")
    #expect(result?["results"] == ["ok", "reloaded", "ok", "reloaded", "ok", "reloaded"].jsonArray)
    #expect(result?["reloads"] == 3)
    #expect(result?["handler"] == false)
  }

  @Test func aRequestIsCheckedInOrder() throws {
    let noHandler = #"{"step": "create", "handler": false}"#
    #expect(try output("[\(noHandler), \(Self.request(host: "1"))]")?["results"] == ["ok", "no_handler"].jsonArray)
    #expect(try output("[\(Self.create), \(Self.request(host: "1"))]")?["results"] == ["ok", "not_laid_out"].jsonArray)
    let unknown = Self.request(host: "1", reason: ".reviewPagination")
    #expect(
      try output("[\(Self.create), \(Self.layout("0", "1", "9")), \(unknown)]")?["results"]
        == ["ok", "ok", "ignored"].jsonArray)
  }

  @Test func theOffsetIsTagTopPlusHostOffsetClampedExactly() throws {
    func offset(_ top: String, _ viewport: String, _ content: String, host: String, contentOffset: String = "0")
      throws -> String?
    {
      let text =
        "[\(Self.create), \(Self.layout(top, viewport, content)), \(Self.request(host: host, content: contentOffset))]"
      return try output(text)?["offset"]?.numberValue?.decimal.literal
    }
    #expect(try offset("1200", "800", "5000", host: "320", contentOffset: "2400") == "1520")
    #expect(try offset("4000", "800", "5000", host: "500") == "4200")
    #expect(try offset("100", "800", "500", host: "50") == "0")
    #expect(try offset("0.1", "0", "0.30000000000000004", host: "0.2") == "0.3")
    #expect(try offset("0", "10000000000000000", "10000000000000001", host: "5") == "1")
    #expect(try offset("-0", "-0", "10", host: "-0") == "0")
    #expect(try offset("1e400", "0", "1e401", host: "1") == "1" + String(repeating: "0", count: 399) + "1")
    #expect(try run("[\(Self.create), \(Self.layout("-1e-400", "0", "1"))]") == .reject("invalid_step", field: "1"))
  }

  /// A sum no exact literal of reasonable size can hold is a test error, never a verdict; with
  /// nothing to scroll no sum is needed.
  @Test func absurdSumsAreNotComputed() throws {
    let wide =
      "[\(Self.create), \(Self.layout("1e99999999", "0", "1e100000000")), \(Self.request(host: "1e-99999999"))]"
    #expect(
      throws: ContextError(
        key: "input",
        reason:
          "step 2: tag_top + hostOffsetTop would span more than 10000 digits; the reference does not compute such an offset"
      )
    ) { try run(wide) }
    let fits =
      "[\(Self.create), \(Self.layout("1e99999999", "1e100000000", "1")), \(Self.request(host: "1e-99999999"))]"
    #expect(try output(fits)?["offset"] == 0)
  }

  // MARK: The committed corpus

  @Test func committedVectorsAgree() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 250, "the leeep.scroll-request corpus has \(count) vectors, fewer than 250")
  }
}

extension Array where Element == String {
  fileprivate var jsonArray: JSONValue { .array(map { .string($0) }) }
}
