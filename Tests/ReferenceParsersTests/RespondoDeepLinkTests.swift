import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// `respondo.deep-link` (docs/suites/respondo.deep-link.md): each check and the order of the checks.
@Suite struct RespondoDeepLinkTests {
  let suite = RespondoDeepLink()
  let id = "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
  let prefix = "respondo://conversation/"

  func evaluate(_ input: JSONValue) throws -> Outcome {
    try suite.evaluate(input, context: [:])
  }

  @Test func acceptsTheSeedsLink() throws {
    #expect(try evaluate(.string(prefix + id)) == .accept(output: ["conversation_id": .string(id)]))
    let zero = "00000000-0000-0000-0000-000000000000"
    #expect(try evaluate(.string(prefix + zero)) == .accept(output: ["conversation_id": .string(zero)]))
  }

  @Test func rejectsNonStrings() throws {
    for input: JSONValue in [.null, 1, true, [.string(prefix + id)], ["deep_link": .string(prefix + id)]] {
      #expect(try evaluate(input) == .reject(error: "not_a_string", field: nil))
    }
  }

  @Test func thePrefixIsExactAndCaseSensitive() throws {
    for link in [
      "", id, "respondo://conversation", "Respondo://conversation/" + id, "respondo://Conversation/" + id,
      "respondo:/conversation/" + id, " " + prefix + id, "\u{FEFF}" + prefix + id,
      "https://respondo.example/conversation/" + id,
      "respondo://conversation%2F" + id, "respondo://conversation\u{FF0F}" + id,
    ] {
      #expect(try evaluate(.string(link)) == .reject(error: "not_respondo_link", field: nil), "\(link)")
    }
  }

  @Test func anythingAfterTheIDIsAnUnexpectedComponent() throws {
    for suffix in ["/", "/messages", "?", "?x=1", "#", "#top", "/?#"] {
      #expect(try evaluate(.string(prefix + id + suffix)) == .reject(error: "unexpected_component", field: nil))
    }
  }

  @Test func theComponentIsReportedBeforeTheID() throws {
    // The id before the delimiter is not canonical, or empty: the component still wins (the contract's order).
    for link in [prefix + id.uppercased() + "/", prefix + "?id=" + id, prefix + "/", prefix + "12345#x"] {
      #expect(try evaluate(.string(link)) == .reject(error: "unexpected_component", field: nil), "\(link)")
    }
  }

  @Test func theIDMustBeACanonicalUUID() throws {
    for text in [
      "", id.uppercased(), "{" + id + "}", String(id.dropLast()), id + "0", id + "\n", id + "%2F",
      "a1c4e7b2\u{2010}5d38-4f6a-9e10-3b7c2d5f8a90", "\u{FF41}" + String(id.dropFirst()),
    ] {
      #expect(try evaluate(.string(prefix + text)) == .reject(error: "invalid_conversation_id", field: nil), "\(text)")
    }
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 200, "the respondo.deep-link corpus has \(count) vectors, fewer than 200")
  }
}
