import ConformanceJSON
import ConformanceKit

/// `leeep.tag-view`: the parameters a `LeeepTagView` is created with, for each kind of tag
/// (docs/suites/leeep.tag-view.md, LEEEP iOS SDK reference, LeeepTagView パラメータ), and the views the
/// tag records itself: "LeeepTagView LeeepTagViewUIKit は自動で viewTag を発火するため実装不要です"
/// (and the same for viewPost on the post detail tags).
extension LeeepTagView: ReferenceSuite {
  /// The tag kinds, with the detail parameter each one requires and reads.
  enum Kind: String, CaseIterable {
    case socialPosts = "social_posts"
    case socialPostDetail = "social_post_detail"
    case staffDetail = "staff_detail"
    case reviewList = "review_list"
    case ugcList = "ugc_list"
    case ugcPostDetail = "ugc_post_detail"
    case blogList = "blog_list"
    case blogDetail = "blog_detail"

    /// The parameter the detail tag shows ("投稿詳細ページタグを表示する際に与えてください", "投稿者詳細ページ
    /// タグを表示する際に与えてください", "ブログ詳細を表示するときに指定してください"); `nil` for list tags.
    var detailParameter: String? {
      switch self {
      case .socialPostDetail, .ugcPostDetail: "postId"
      case .staffDetail: "staffId"
      case .blogDetail: "blogSlug"
      case .socialPosts, .reviewList, .ugcList, .blogList: nil
      }
    }

    /// "ブログ記事の指定には postId を使用しません".
    var isBlog: Bool { self == .blogList || self == .blogDetail }
  }

  /// Every parameter a tag takes, in the contract's order.
  static let parameters = ["tagId", "productId", "cartProductId", "brandCode", "postId", "staffId", "blogSlug"]
  /// What every tag reads when present.
  static let commonParameters = ["tagId", "productId", "cartProductId", "brandCode"]

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // Checks 1–5: the tag and the params object; other input keys are ignored.
    guard case .object(let object) = input else { return .reject("not_an_object") }
    guard let tagValue = object["tag"] else { return .reject("missing_key", field: "tag") }
    guard case .string(let tagName) = tagValue,
      let kind = Kind.allCases.first(where: { TextRules.identical($0.rawValue, tagName) })
    else { return .reject("invalid_value", field: "tag") }
    guard let paramsValue = object["params"] else { return .reject("missing_key", field: "params") }
    guard case .object(let params) = paramsValue else { return .reject("invalid_type", field: "params") }

    // Checks 6–8: three passes in key order: unknown keys, then non-string values, then empty strings.
    let keys = params.keysInByteOrder
    if let unknown = keys.first(where: { key in !Self.parameters.contains { TextRules.identical($0, key) } }) {
      return .reject("unknown_key", field: unknown)
    }
    if let key = keys.first(where: { params[$0]?.stringValue == nil }) {
      return .reject("non_string_value", field: key)
    }
    if let key = keys.first(where: { params[$0]?.stringValue?.utf8.isEmpty == true }) {
      return .reject("invalid_value", field: key)
    }

    // Checks 9 and 10: the tag's ID, then the detail tag's own parameter.
    if !params.contains("tagId") { return .reject("missing_key", field: "tagId") }
    if let detail = kind.detailParameter, !params.contains(detail) { return .reject("missing_key", field: detail) }

    // Check 11: a blog article is named by its slug, never by a post ID.
    if kind.isBlog, params.contains("postId") { return .reject("unexpected_param", field: "postId") }

    // Check 12: the slug itself, not a URL, a path or an encoded value.
    if kind == .blogDetail, case .string(let slug)? = params["blogSlug"], !Self.isSlug(slug) {
      return .reject("invalid_value", field: "blogSlug")
    }

    // Output: the parameters this tag reads, as given, and the views it records itself.
    var read = JSONObject()
    for key in Self.commonParameters + [kind.detailParameter].compactMap({ $0 }) {
      if let value = params[key] { read[key] = value }
    }
    var fires: [JSONValue] = [["event": "view_tag", "tagId": params["tagId"] ?? .null]]
    if kind.detailParameter == "postId" { fires.append(["event": "view_post", "postId": params["postId"] ?? .null]) }
    return .accept(output: ["tag": .string(kind.rawValue), "params": .object(read), "fires": .array(fires)])
  }

  /// A blog slug as the tag takes it: no `://` anywhere, no leading `/`, no `%` followed by two
  /// hexadecimal digits (either case), at most 255 scalars ("スラッグはURL全体ではなく、記事を識別する
  /// 文字列です。URLエンコード前の値を指定します").
  static func isSlug(_ slug: String) -> Bool {
    let bytes = Array(slug.utf8)
    if bytes.first == UInt8(ascii: "/") { return false }
    let scheme = Array("://".utf8)
    if bytes.count >= scheme.count {
      for start in 0...(bytes.count - scheme.count) where bytes[start..<(start + scheme.count)].elementsEqual(scheme) {
        return false
      }
    }
    if bytes.count >= 3 {
      for start in 0..<(bytes.count - 2) where bytes[start] == UInt8(ascii: "%") {
        if isHexDigit(bytes[start + 1]) && isHexDigit(bytes[start + 2]) { return false }
      }
    }
    return TextRules.scalarCount(slug) <= 255
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    TextRules.isASCIIDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }
}
