import ConformanceJSON
import ConformanceKit

/// `leeep.link`: classifies a link tapped inside a LEEEP tag the way `onTapLink` reports it
/// (docs/suites/leeep.link.md, LEEEP iOS SDK reference, LeeepTagView onTapLink: "引数の LeeepLinkHandlerParam により、以下のパターンで分岐させることが
/// できます"; ブログ: "LEEEP管理画面のブログ詳細ページ設定と一致したリンクを判定します").
///
/// The routes stand for the site's page settings; the first route the URL matches gives the
/// kind and the captured values, anything else is `other`. A `ugc` match while the UGC list's
/// page-transition mode is off gives `none`: "「ページ遷移モード」がOFFの場合は従来どおり
/// ポップアップ表示となり、.ugc は発生しません".
extension LeeepLink: ReferenceSuite {
  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // not_a_string needs no context, so it is reported even when the context is missing or broken.
    guard case .string(let text) = input else { return .reject("not_a_string") }
    // Classifying a string needs the route table: it is read here, whole, for every string, so a
    // broken table is a context error even for a URL no route could match. The other two keys are
    // read only where they decide the answer (LinkConfiguration).
    let routes = try LinkConfiguration.routes(in: context)
    if let url = LinkURL(text) {
      for route in routes {
        let isBlog = TextRules.identical(route.kind, "blog")
        let isUGC = TextRules.identical(route.kind, "ugc")
        // The version decides the blog and ugc routes, so it is read when one of them is tried.
        let sdkVersion = isBlog || isUGC ? try LinkConfiguration.sdkVersion(in: context) : nil
        // An SDK before .blog never tries a blog route: its links fall through to later routes.
        if isBlog, sdkVersion?.hasBlog == false { continue }
        guard let params = route.pattern.captures(in: url) else { continue }
        // First match wins, also for a ugc route with page transition off (or an SDK before
        // .ugc): the tag shows its popup, no callback, and later routes are not tried.
        if isUGC {
          let pageTransition = try LinkConfiguration.ugcPageTransition(in: context)
          if !pageTransition || sdkVersion?.hasUGC == false { return .accept(output: ["kind": "none"]) }
        }
        return .accept(output: ["kind": .string(route.kind), "params": .object(params), "url": .string(text)])
      }
    }
    return .accept(output: ["kind": "other", "url": .string(text)])
  }
}

/// The suite's context: `routes` (required, in order), `ugc_page_transition` (default true) and
/// `sdk_version` (default: the latest SDK). Each key is read on its own, at the first check that
/// needs it (the contract's rule for every suite): `routes` for every string,
/// `ugc_page_transition` only once a ugc route matched, `sdk_version` once a blog or ugc route is
/// tried. A key never read is never checked.
enum LinkConfiguration {
  static func routes(in context: JSONObject) throws(ContextError) -> [LinkRoute] {
    // Other context keys are ignored, as other suites ignore keys they do not read: a vector
    // author may annotate a route table, and a file's context may serve several purposes.
    guard let routesValue = context["routes"] else {
      throw ContextError(key: "routes", reason: "missing: an array of {\"kind\", \"pattern\"}")
    }
    guard case .array(let items) = routesValue else {
      throw ContextError(key: "routes", reason: "must be an array, not \(routesValue.typeName)")
    }
    var routes: [LinkRoute] = []
    for (index, item) in items.enumerated() {
      routes.append(try LinkRoute(item, at: index))
    }
    return routes
  }

  static func ugcPageTransition(in context: JSONObject) throws(ContextError) -> Bool {
    switch context["ugc_page_transition"] {
    case nil: return true
    case .bool(let value)?: return value
    case let other?:
      throw ContextError(key: "ugc_page_transition", reason: "must be a boolean, not \(other.typeName)")
    }
  }

  static func sdkVersion(in context: JSONObject) throws(ContextError) -> SDKVersion {
    switch context["sdk_version"] {
    case nil: return .latest
    case .string(let text)?:
      guard let version = SDKVersion(text) else {
        throw ContextError(
          key: "sdk_version",
          reason:
            "\(JSONSerializer.compact.string(from: .string(text))) is not MAJOR.MINOR.PATCH (three parts of ASCII digits, no leading zeros, such as \"0.11.0\")"
        )
      }
      return version
    case let other?:
      throw ContextError(
        key: "sdk_version", reason: "must be a string MAJOR.MINOR.PATCH such as \"0.11.0\", not \(other.typeName)")
    }
  }
}

/// The LEEEP SDK release the app is built with, `MAJOR.MINOR.PATCH`, compared part by part as
/// numbers (`0.10.0` is after `0.9.0`). The link kinds came with releases: "v0.8.0で
/// LeeepLinkHandlerParam に .ugc が追加されました", "SDK 0.11.0から .blog が追加されています".
struct SDKVersion: Sendable, Comparable {
  /// Each part's ASCII digits without leading zeros (`0` alone for zero): never converted to an
  /// integer, so `0.99999999999999999999.0` compares correctly.
  var parts: [[UInt8]]

  /// No `sdk_version`: the latest SDK, which has every kind.
  static let latest = SDKVersion(parts: nil)
  static let ugcRelease = SDKVersion("0.8.0")!
  static let blogRelease = SDKVersion("0.11.0")!

  private init(parts: [[UInt8]]?) {
    self.parts = parts ?? []
    isLatest = parts == nil
  }

  private var isLatest: Bool

  /// `nil` unless `text` is exactly three dot-separated parts of ASCII digits, each `0` or
  /// starting with `1`–`9` (no sign, no space, no suffix such as `-beta`).
  init?(_ text: String) {
    let parts = Array(text.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3,
      parts.allSatisfy({ part in
        !part.isEmpty && part.allSatisfy(TextRules.isASCIIDigit) && (part.count == 1 || part.first != UInt8(ascii: "0"))
      })
    else { return nil }
    self.init(parts: parts.map(Array.init))
  }

  var hasUGC: Bool { !(self < .ugcRelease) }
  var hasBlog: Bool { !(self < .blogRelease) }

  static func < (lhs: SDKVersion, rhs: SDKVersion) -> Bool {
    if lhs.isLatest || rhs.isLatest { return !lhs.isLatest && rhs.isLatest }
    for (a, b) in zip(lhs.parts, rhs.parts) where !a.elementsEqual(b) {
      // Without leading zeros, a longer part is a larger number.
      if a.count != b.count { return a.count < b.count }
      return a.lexicographicallyPrecedes(b)
    }
    return false
  }
}

/// One entry of `routes`: the kind reported on a match and the URL pattern.
struct LinkRoute: Sendable {
  var kind: String
  var pattern: LinkPattern

  init(_ value: JSONValue, at index: Int) throws(ContextError) {
    func failure(_ reason: String) -> ContextError {
      ContextError(key: "routes", reason: "routes[\(index)]: \(reason)")
    }
    guard case .object(let route) = value else { throw failure("must be an object, not \(value.typeName)") }
    guard case .string(let kind)? = route["kind"] else { throw failure("kind must be a string") }
    guard Self.isKind(kind) else {
      throw failure("kind must be a non-empty string other than \"other\" and \"none\", got \"\(kind)\"")
    }
    guard case .string(let pattern)? = route["pattern"] else { throw failure("pattern must be a string") }
    do {
      self.pattern = try LinkPattern(pattern)
    } catch {
      throw failure("pattern \"\(pattern)\": \(error.reason)")
    }
    self.kind = kind
  }

  /// Any non-empty kind (`blog`, `review_form`, `reviewForm`, a kind a later SDK adds), but not
  /// the two kinds the suite itself reports when no route gives the result.
  static func isKind(_ kind: String) -> Bool {
    !kind.isEmpty && !TextRules.identical(kind, "other") && !TextRules.identical(kind, "none")
  }
}

/// A tapped URL that passed every URI rule of the contract, split for matching.
struct LinkURL {
  var origin: LinkURI.Origin
  var segments: [ArraySlice<UInt8>]
  /// The query split on `&`, then on the first `=`; a pair without `=` has an empty value.
  var queryPairs: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]

  /// `nil` when the string is not an absolute http(s) URI with a host, no userinfo, only
  /// RFC 3986 characters and well-formed `%` escapes, and no dot segment.
  init?(_ text: String) {
    guard let components = try? LinkURI.split(Array(text.utf8)),
      let origin = try? LinkURI.origin(of: components),
      let segments = try? LinkURI.segments(of: components.path)
    else { return nil }
    if let query = components.query, !LinkURI.isValidQueryOrFragment(query) { return nil }
    if let fragment = components.fragment, !LinkURI.isValidQueryOrFragment(fragment) { return nil }
    self.origin = origin
    self.segments = segments
    self.queryPairs = (components.query ?? []).split(
      separator: LinkURI.ASCII.ampersand, omittingEmptySubsequences: false
    ).map { pair -> (key: ArraySlice<UInt8>, value: ArraySlice<UInt8>) in
      guard let equals = pair.firstIndex(of: LinkURI.ASCII.equals) else { return (pair, pair[pair.endIndex...]) }
      return (pair[..<equals], pair[(equals + 1)...])
    }
  }
}

/// A route pattern: an absolute http(s) URL whose path segments and query values may be
/// `{name}` placeholders (name `[A-Za-z_][A-Za-z0-9_]*`).
struct LinkPattern: Sendable {
  enum Part: Sendable {
    case literal([UInt8])
    case placeholder(String)
  }

  var origin: LinkURI.Origin
  var segments: [Part]
  /// The pattern's query pairs, each a required first occurrence in the URL's query.
  var query: [(key: [UInt8], value: Part)]

  init(_ text: String) throws(LinkURI.Failure) {
    let components = try LinkURI.split(Array(text.utf8))
    guard components.fragment == nil else { throw LinkURI.Failure("a pattern has no fragment") }
    origin = try LinkURI.origin(of: components)
    // Segments with a brace skip the character check here: `part` accepts them only as a
    // whole `{name}`, with a clearer message than the generic one.
    let rawSegments = try LinkURI.segments(of: components.path, isPlaceholder: Self.hasBrace)
    var names: [String] = []
    func part(_ raw: ArraySlice<UInt8>) throws(LinkURI.Failure) -> Part {
      guard let name = Self.placeholderName(raw) else {
        if Self.hasBrace(raw) {
          throw LinkURI.Failure("a placeholder must be a whole `{name}` segment or query value")
        }
        return .literal(Array(raw))
      }
      if names.contains(where: { TextRules.identical($0, name) }) {
        throw LinkURI.Failure("placeholder {\(name)} appears twice: a parameter takes one value")
      }
      names.append(name)
      return .placeholder(name)
    }
    var segments: [Part] = []
    for raw in rawSegments { segments.append(try part(raw)) }
    self.segments = segments
    var query: [(key: [UInt8], value: Part)] = []
    if let rawQuery = components.query {
      for pair in rawQuery.split(separator: LinkURI.ASCII.ampersand, omittingEmptySubsequences: false) {
        guard let equals = pair.firstIndex(of: LinkURI.ASCII.equals) else {
          throw LinkURI.Failure("every query pair of a pattern is `key=value`")
        }
        let key = pair[..<equals]
        let value = pair[(equals + 1)...]
        guard !key.isEmpty else { throw LinkURI.Failure("empty query key") }
        guard LinkURI.isValidQueryOrFragment(key) else {
          throw LinkURI.Failure("query key has a character outside RFC 3986 or a bad `%` escape")
        }
        if !Self.hasBrace(value) && !LinkURI.isValidQueryOrFragment(value) {
          throw LinkURI.Failure("query value has a character outside RFC 3986 or a bad `%` escape")
        }
        if query.contains(where: { $0.key.elementsEqual(key) }) {
          // Both pairs would read the link's first occurrence of the key: one value, two claims.
          throw LinkURI.Failure(
            "query key \(String(decoding: key, as: UTF8.self)) appears twice: a key takes one value")
        }
        query.append((Array(key), try part(value)))
      }
    }
    self.query = query
  }

  static func hasBrace(_ raw: ArraySlice<UInt8>) -> Bool {
    raw.contains(LinkURI.ASCII.leftBrace) || raw.contains(LinkURI.ASCII.rightBrace)
  }

  /// `name` when `raw` is exactly `{name}` with `name` matching `[A-Za-z_][A-Za-z0-9_]*`.
  static func placeholderName(_ raw: ArraySlice<UInt8>) -> String? {
    guard raw.count >= 3, raw.first == LinkURI.ASCII.leftBrace, raw.last == LinkURI.ASCII.rightBrace else {
      return nil
    }
    let name = raw.dropFirst().dropLast()
    guard let first = name.first, LinkURI.ASCII.isLetter(first) || first == LinkURI.ASCII.underscore,
      name.allSatisfy({ LinkURI.ASCII.isLetter($0) || TextRules.isASCIIDigit($0) || $0 == LinkURI.ASCII.underscore })
    else { return nil }
    return String(decoding: name, as: UTF8.self)
  }

  /// The captured values when `url` matches, percent-decoded, in the pattern's order; `nil`
  /// when any condition of docs/suites/leeep.link.md fails.
  func captures(in url: LinkURL) -> JSONObject? {
    guard url.origin == origin, url.segments.count == segments.count else { return nil }
    var raw: [(name: String, value: ArraySlice<UInt8>)] = []
    for (part, segment) in zip(segments, url.segments) {
      switch part {
      case .literal(let literal):
        // Raw text, case-sensitive: `%62log` is not `blog`.
        guard segment.elementsEqual(literal) else { return nil }
      case .placeholder(let name):
        guard !segment.isEmpty else { return nil }
        raw.append((name, segment))
      }
    }
    for (key, part) in query {
      // The first occurrence of the key decides; keys compare as raw text.
      guard let pair = url.queryPairs.first(where: { $0.key.elementsEqual(key) }) else { return nil }
      switch part {
      case .literal(let literal):
        guard pair.value.elementsEqual(literal) else { return nil }
      case .placeholder(let name):
        guard !pair.value.isEmpty else { return nil }
        raw.append((name, pair.value))
      }
    }
    var params = JSONObject()
    for (name, encoded) in raw {
      // `+` stays a plus: only `%HH` escapes are decoded, once.
      guard let bytes = LinkURI.percentDecoded(encoded), let value = LinkURI.decodedUTF8(bytes),
        Self.isAcceptable(value, for: name)
      else { return nil }
      params[name] = .string(value)
    }
    return params
  }

  /// `slug`: 1–255 scalars; `id`: a numeric ID; any other name: non-empty.
  static func isAcceptable(_ value: String, for name: String) -> Bool {
    if TextRules.identical(name, "slug") { return (1...255).contains(TextRules.scalarCount(value)) }
    if TextRules.identical(name, "id") { return TextRules.isNumericID(value) }
    return !value.isEmpty
  }
}
