import ConformanceJSON

/// `leeep.link`: a tapped URL classified by the context's routes. Cases are URLs built from a
/// route's pattern (its placeholders filled) and then changed in one part. Targets: scheme and
/// host case (equal ignoring ASCII case), default ports (`:443`, `:80`) against other ports
/// (`:0`, `:65535`, `:65536`, an empty one), userinfo, dot segments also percent-encoded in
/// either case, a trailing slash on either side, literal segments compared case-sensitively,
/// query keys repeated (the first occurrence wins), reordered, emptied, `+` (never a space),
/// `?` and `#` inside values, fragments (ignored); captured values percent-decoded as UTF-8
/// (bad escapes, bad UTF-8), `slug` 1–255 scalars after decoding (counted in bytes or UTF-16
/// by mistake), `id` a numeric ID (leading zero, 19 and 20 digits, other scripts' digits);
/// routes tried in order; `ugc_page_transition` and `sdk_version` (versions compared part by
/// part as numbers: `0.9.0` is before `0.11.0`), `not_a_string`.
struct LeeepLinkExplorer: SuiteExplorer {
  let suite = "leeep.link"
  static let defaultRoutes: JSONValue = [
    ["kind": "blog", "pattern": "https://shop.example/blog/{slug}"],
    ["kind": "blog", "pattern": "https://shop.example/column?id={slug}"],
    ["kind": "post", "pattern": "https://shop.example/posts/{id}"],
    ["kind": "ugc", "pattern": "https://shop.example/ugc/{id}"],
    ["kind": "staff", "pattern": "https://shop.example/staff/{staff_id}"],
    ["kind": "product", "pattern": "http://shop.example:8080/items/{code}?ref=app"],
  ]
  static let versions = [
    "0.0.0", "0.7.9", "0.8.0", "0.8.1", "0.9.0", "0.9.10", "0.10.0", "0.10.99", "0.11.0", "0.11.1", "0.100.0", "1.0.0",
    "10.0.0", "0.8.10",
  ]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["url"], strings: ["https://shop.example/", "http://", "https://"], limits: [TextLimit(255, .scalars)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    var context: JSONObject =
      ExploreMix.sample(samples, &random, usable: Self.contextIsUsable)?.context ?? ["routes": Self.defaultRoutes]
    switch random.below(6) {
    case 0: context["ugc_page_transition"] = .bool(random.chance(1, in: 2))
    case 1: context["sdk_version"] = .string(random.pick(Self.versions))
    case 2: context["sdk_version"] = nil
    default: break
    }
    let patterns = (context["routes"]?.arrayValue ?? []).compactMap { $0.objectValue?["pattern"]?.stringValue }
    let input: JSONValue
    switch random.below(10) {
    case 0: input = ExploreMix.nonString(&random)
    case 1:
      let base = ExploreMix.sample(samples, &random, usable: Self.contextIsUsable)?.input ?? "https://shop.example/"
      input = Self.mutator.mutate(base, &random)
    default:
      var url = patterns.isEmpty ? "https://shop.example/blog/a" : Self.url(matching: random.pick(patterns), &random)
      for _ in 0..<ExploreMix.mutationCount(&random) {
        if var parts = URLParts(url), random.chance(4, in: 5) {
          parts.mutate(&random)
          url = parts.text
        } else {
          url = StringMutations.mutate(url, limits: [], strings: [], &random)
        }
      }
      input = .string(url)
    }
    return ExploreCase(suite: suite, input: input, context: context)
  }

  /// A URL the pattern matches, its placeholders filled with values near their rules' edges
  /// (percent-encoded as UTF-8, in upper or lower case hex).
  static func url(matching pattern: String, _ random: inout ExploreRandom) -> String {
    var result = ""
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      result += value(for: name, &random)
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  static func value(for name: String, _ random: inout ExploreRandom) -> String {
    let lowercase = random.chance(1, in: 3)
    switch name {
    case "slug":
      switch random.below(4) {
      case 0:
        let count = TextLengths.lengths(around: 255, random: &random)
        return percentEncoded(
          TextLengths.string(
            count: count, unit: random.pick([.scalars, .utf16Units, .utf8Bytes, .graphemes]), random: &random),
          lowercase: lowercase)
      case 1:
        return percentEncoded(
          random.pick(["caf\u{E9}", "cafe\u{301}", "\u{6625}", " ", "a+b", "a/b", "\u{1F600}"]), lowercase: lowercase)
      default:
        return random.pick([
          "spring-coat", "a", "A", "a.b", "a~b", "%E3%81%82", "%e3%81%82", "%2e%2e", "%2E", "a%20b", "a+b", "%25",
          "%zz", "%C3", "%C0%AF", "%ED%A0%80", "%F4%90%80%80",
        ])
      }
    case "id":
      return random.chance(1, in: 2)
        ? IDPattern.numeric.valid(&random) : percentEncoded(IDPattern.numeric.nearMiss(&random), lowercase: lowercase)
    default:
      return random.pick(["a", "x1", "%41", "%e3%81%82", "-", "%", "%2F", "a%2Fb", "AB", "123"])
    }
  }

  /// A context whose routes the suite can use: an array of `{kind, pattern}` with a usable kind
  /// and an absolute http(s) pattern without userinfo, fragment, dot segments, a placeholder or
  /// query key named twice or a query pair without `=`; optional keys of the right type.
  static func contextIsUsable(_ context: JSONObject) -> Bool {
    if let flag = context["ugc_page_transition"], flag.boolValue == nil { return false }
    if let version = context["sdk_version"] {
      guard let text = version.stringValue else { return false }
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3,
        parts.allSatisfy({ part in
          !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (part == "0" || part.first != "0")
        })
      else { return false }
    }
    guard case .array(let routes)? = context["routes"] else { return false }
    for route in routes {
      guard case .object(let object) = route, let kind = object["kind"]?.stringValue,
        !kind.isEmpty, kind != "other", kind != "none", let pattern = object["pattern"]?.stringValue,
        let parts = URLParts(pattern), parts.scheme.lowercased() == "http" || parts.scheme.lowercased() == "https",
        parts.userinfo == nil, parts.fragment == nil, !parts.host.isEmpty,
        pattern.unicodeScalars.allSatisfy({ $0.isASCII && $0 != " " && $0 != "\\" })
      else { return false }
      var names: Set<String> = []
      for segment in parts.segments {
        let lowered = segment.lowercased()
        if [".", "..", "%2e", "%2e%2e", ".%2e", "%2e."].contains(lowered) { return false }
        if let name = placeholder(segment) {
          guard names.insert(name).inserted else { return false }
        } else if segment.contains("{") || segment.contains("}") {
          return false
        }
      }
      var keys: Set<String> = []
      for item in parts.query ?? [] {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2, keys.insert(String(pair[0])).inserted else { return false }
        if let name = placeholder(String(pair[1])) {
          guard names.insert(name).inserted else { return false }
        } else if pair[1].contains("{") || pair[1].contains("}") {
          return false
        }
      }
      if let port = parts.port, port.isEmpty || !port.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return false }
    }
    return true
  }

  /// The name of a `{name}` placeholder (`[A-Za-z_][A-Za-z0-9_]*`), or nil.
  static func placeholder(_ text: String) -> String? {
    guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return nil }
    let name = text.dropFirst().dropLast()
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic),
      name.unicodeScalars.allSatisfy({
        $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
      })
    else { return nil }
    return String(name)
  }
}
