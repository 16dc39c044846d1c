import ConformanceJSON
import ConformanceKit

/// `respondo.deep-link`: the conversation link of a message push (docs/suites/respondo.deep-link.md, Respondo Respondo guide, プッシュ通知:
/// "メッセージのプッシュは常に次の形式のディープリンクを含みます： respondo://conversation/<id>").
///
/// Read on bytes: the prefix is case-sensitive, nothing is percent-decoded, trimmed or normalised.
extension RespondoDeepLink: ReferenceSuite {
  static let prefix = Array("respondo://conversation/".utf8)
  /// What ends the conversation id: a further path segment, a query or a fragment.
  static let componentDelimiters: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    guard case .string(let link) = input else { return .reject("not_a_string") }
    let bytes = Array(link.utf8)
    guard bytes.starts(with: Self.prefix) else { return .reject("not_respondo_link") }
    let rest = bytes[Self.prefix.count...]
    // The id is the text up to the first `/`, `?` or `#`; anything from there on is a component
    // the link must not have, reported before the id itself is looked at (the contract's order).
    if rest.contains(where: Self.componentDelimiters.contains) { return .reject("unexpected_component") }
    let conversationID = String(decoding: rest, as: UTF8.self)
    guard TextRules.isCanonicalUUID(conversationID) else { return .reject("invalid_conversation_id") }
    return .accept(output: ["conversation_id": .string(conversationID)])
  }
}
