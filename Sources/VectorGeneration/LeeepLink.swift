import ConformanceJSON
import ConformanceKit

/// `leeep.link` (docs/suites/leeep.link.md): the links a LEEEP tag hands to `onTapLink`, classified by the
/// site's page settings (routes). Every expectation below is written from the rule the vector
/// tests: the kind and the captured values a matching route gives, `other` when the rule makes
/// every route fail, `none` for a ugc match with page transition off.
extension LeeepLink: GeneratedSuite {
  static let source =
    "LEEEP iOS SDK reference, LeeepTagView onTapLink: LeeepLinkHandlerParam (.post .ugc .staff .product .reviewForm .blog .other); LEEEP管理画面のブログ詳細ページ設定と一致したリンクを判定します"

  /// The site the vectors use: a blog detail page in both setting forms the reference mentions
  /// (`/blog/{slug}` and `/column?id={slug}`), the detail pages of the other kinds, and the
  /// review form with its two optional IDs spelled as three routes tried in order.
  static let siteRoutes: KeyValuePairs<String, String> = [
    "blog": "https://shop.example/blog/{slug}",
    "blog": "https://shop.example/column?id={slug}",
    "post": "https://shop.example/posts/{id}",
    "ugc": "https://shop.example/ugc/{id}",
    "staff": "https://shop.example/staff/{id}",
    "product": "https://shop.example/products/{id}",
    "review_form": "https://shop.example/reviews/new?product_id={product_id}&cart_product_id={cart_product_id}",
    "review_form": "https://shop.example/reviews/new?product_id={product_id}",
    "review_form": "https://shop.example/reviews/new",
  ]

  static let site = "https://shop.example"

  static func routes(_ routes: KeyValuePairs<String, String>) -> JSONValue {
    .array(routes.map { ["kind": .string($0.key), "pattern": .string($0.value)] })
  }

  static func context(_ routes: KeyValuePairs<String, String>) -> JSONObject {
    ["routes": LeeepLink.routes(routes)]
  }

  static let siteContext = context(siteRoutes)

  static func files() -> [GeneratedFile] {
    [
      type(), kinds(), schemeAndHost(), ports(), paths(), queries(), fragments(), percentEncoding(),
      badUTF8(), capturedValues(), routeOrder(), ugcPageTransition(), syntax(), security(), contextFree(),
      contextUnread(),
    ] + LinkSDKVersionVectors.files()
  }

  // MARK: - Groups

  static func type() -> GeneratedFile {
    var file = LinkVectorFile(description: "the input is the tapped URL as a string", context: siteContext)
    let nonStrings: [(String, JSONValue)] = [
      ("null", .null), ("number", 12345), ("boolean", true),
      ("array", [.string("\(site)/blog/spring")]),
    ]
    for (name, value) in nonStrings {
      file.reject("type.\(name)", "a JSON \(name) is not a URL string: not_a_string", value)
    }
    file.reject(
      "type.object-link-param",
      "the LeeepLinkHandlerParam-like object instead of its URL string is not a string: not_a_string",
      ["kind": "blog", "url": .string("\(site)/blog/spring")], tags: ["integration-mistake"])
    file.other(
      "type.empty-string", "the empty string is a string, not a URI: only not_a_string rejects, so it is other",
      "", tags: ["boundary"])
    return file.file(at: "\(folder)/type.json")
  }

  /// not_a_string needs no routes, so it is reported for a test with no context at all (docs/vector-format.md:
  /// context is optional) or with a route table the suite could not use. The file has no context.
  static func contextFree() -> GeneratedFile {
    var builder = VectorFileBuilder(
      suite: name, description: "not_a_string needs no context: it is reported without routes", source: source)
    func add(_ id: String, _ description: String, _ input: JSONValue, context: JSONObject? = nil) {
      builder.add(
        id: "context-free.not-a-string.\(id)", description: description, tags: ["invalid"], input: input,
        context: context, expect: .reject("not_a_string"))
    }
    add("null", "no context: null is not_a_string, which needs no routes", .null)
    add("number", "no context: a number is not_a_string, which needs no routes", 42)
    add("boolean", "no context: a boolean is not_a_string, which needs no routes", false)
    add("array", "no context: an array holding the URL is not_a_string", [.string("\(site)/blog/spring")])
    add(
      "object-link-param", "no context: the LeeepLinkHandlerParam-like object is not_a_string",
      ["kind": "blog", "url": .string("\(site)/blog/spring")])
    add(
      "unusable-routes", "routes that are no route table (a string) are never read for a non-string input",
      42, context: ["routes": "https://shop.example/blog/{slug}"])
    return builder.file(at: "\(folder)/context-free.json")
  }

  /// Each context key is read at the first check that needs it: `ugc_page_transition` only when
  /// a ugc route matches, `sdk_version` only when a route it decides (blog, ugc) is tried. A link
  /// that never gets there is classified with that key unusable. (Where it is needed, an unusable
  /// key is a context error, which no vector can pin.)
  static func contextUnread() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "ugc_page_transition is read only when a ugc route matches, sdk_version only when a blog or ugc route is tried: links that never need them",
      context: siteContext)
    let transitions: [(String, JSONValue)] = [("string", "false"), ("number", 0), ("null", .null)]
    for (name, transition) in transitions {
      let context: JSONObject = ["ugc_page_transition": transition]
      let setting = "ugc_page_transition \(JSONSerializer.compact.string(from: transition))"
      file.match(
        "ugc-page-transition-\(name).blog", "\(setting) is never read for a blog link", "\(site)/blog/spring",
        kind: "blog", params: ["slug": "spring"], context: context)
      file.match(
        "ugc-page-transition-\(name).post", "\(setting) is never read for a post link, a route before ugc",
        "\(site)/posts/12", kind: "post", params: ["id": "12"], context: context)
      file.match(
        "ugc-page-transition-\(name).staff", "\(setting) is never read for a staff link, a route after ugc",
        "\(site)/staff/7", kind: "staff", params: ["id": "7"], context: context)
      file.other(
        "ugc-page-transition-\(name).ugc-id-not-numeric",
        "\(setting) is never read when the ugc route does not match: its id must be numeric", "\(site)/ugc/abc",
        tags: ["boundary"], context: context)
      file.other(
        "ugc-page-transition-\(name).other-host", "\(setting) is never read for another site's ugc link",
        "https://other.example/ugc/12", valid: true, context: context)
    }
    // No blog or ugc route before the one that matches: no route sdk_version decides is tried.
    let noBlogFirst: JSONObject = [
      "routes": routes([
        "post": "https://shop.example/posts/{id}", "staff": "https://shop.example/staff/{id}",
        "ugc": "https://shop.example/ugc/{id}", "blog": "https://shop.example/blog/{slug}",
      ])
    ]
    for (name, version) in [("two-parts", JSONValue.string("0.11")), ("number", 11)] {
      var context = noBlogFirst
      context["sdk_version"] = version
      let setting = "sdk_version \(JSONSerializer.compact.string(from: version))"
      file.match(
        "sdk-version-\(name).post", "\(setting) is never read when a post route, before any blog or ugc route, matches",
        "\(site)/posts/12", kind: "post", params: ["id": "12"], context: context)
      file.match(
        "sdk-version-\(name).staff",
        "\(setting) is never read when a staff route, before any blog or ugc route, matches",
        "\(site)/staff/7", kind: "staff", params: ["id": "7"], context: context)
    }
    return file.file(at: "\(folder)/context-unread.json")
  }

  static func kinds() -> GeneratedFile {
    var file = LinkVectorFile(
      description: "every kind of LeeepLinkHandlerParam in the LEEEP iOS SDK reference, matched by the site's routes",
      context: siteContext)
    file.match(
      "kind.blog.path-setting", "a blog detail link in the /blog/{slug} form gives blog with its slug",
      "\(site)/blog/spring-coordinate", kind: "blog", params: ["slug": "spring-coordinate"])
    file.match(
      "kind.blog.query-setting", "a blog detail link in the /column?id={slug} form gives blog with its slug",
      "\(site)/column?id=spring-coordinate", kind: "blog", params: ["slug": "spring-coordinate"])
    file.match(
      "kind.blog.japanese-slug",
      "a percent-encoded Japanese slug is decoded as UTF-8 (blogSlug takes the value before URL encoding)",
      "\(site)/blog/%E6%98%A5%E3%82%B3%E3%83%BC%E3%83%87", kind: "blog", params: ["slug": "春コーデ"],
      tags: ["unicode"])
    file.match(
      "kind.post", "a social post link gives post with its numeric id", "\(site)/posts/1234567", kind: "post",
      params: ["id": "1234567"])
    file.match(
      "kind.ugc.default-page-transition",
      "a UGC post link gives ugc: ugc_page_transition defaults to true", "\(site)/ugc/20001", kind: "ugc",
      params: ["id": "20001"])
    file.match(
      "kind.staff", "a poster (staff) link gives staff with its numeric id", "\(site)/staff/42", kind: "staff",
      params: ["id": "42"])
    file.match(
      "kind.product", "a product link gives product with its numeric id", "\(site)/products/9876543210",
      kind: "product", params: ["id": "9876543210"])
    file.match(
      "kind.review-form.both-ids",
      "a review form link with product_id and cart_product_id gives review_form with both",
      "\(site)/reviews/new?product_id=SKU-001&cart_product_id=7001", kind: "review_form",
      params: ["product_id": "SKU-001", "cart_product_id": "7001"])
    file.match(
      "kind.review-form.product-id-only",
      "without cart_product_id the first review route fails and the second captures product_id",
      "\(site)/reviews/new?product_id=SKU-001", kind: "review_form", params: ["product_id": "SKU-001"])
    file.match(
      "kind.review-form.no-ids", "a review form link without IDs matches the third route with no params",
      "\(site)/reviews/new", kind: "review_form", params: [:])
    file.match(
      "kind.review-form.cart-product-id-only",
      "only cart_product_id: no route names it alone, so the bare review route matches with no params",
      "\(site)/reviews/new?cart_product_id=7001", kind: "review_form", params: [:])
    file.match(
      "kind.review-form.empty-product-id",
      "an empty product_id fails both routes that capture it; the bare review route matches",
      "\(site)/reviews/new?product_id=&cart_product_id=7001", kind: "review_form", params: [:])
    file.other(
      "kind.other.external-site", "a link to another site is other, with its URL",
      "https://www.instagram.example/p/Cx1", valid: true)
    file.other("kind.other.site-top", "the site's top page matches no route: other", "\(site)/", valid: true)
    file.other(
      "kind.other.blog-list", "the blog list page is not a blog detail page: other", "\(site)/blog", valid: true)
    file.other(
      "kind.other.unknown-page", "a page of the site without a route is other", "\(site)/campaign/spring",
      valid: true)
    file.other("kind.other.mailto", "a mailto: link is other", "mailto:info@shop.example", valid: true)
    file.other("kind.other.tel", "a tel: link is other", "tel:+81-3-1234-5678", valid: true)
    file.match(
      "kind.output.url-is-input",
      "the output url is the input unchanged, with its query and fragment",
      "\(site)/blog/spring?utm_source=leeep&utm_medium=tag#top", kind: "blog", params: ["slug": "spring"])
    file.match(
      "kind.custom-kind",
      "a kind outside the reference's list (blog, post, …) is reported as the route names it",
      "\(site)/campaign/spring", kind: "campaign", params: ["name": "spring"],
      context: context(["campaign": "https://shop.example/campaign/{name}"]))
    file.other(
      "kind.blog-setting-missing",
      "with only the /column?id= setting, a /blog/{slug} link is other (設定が未登録…は .other)",
      "\(site)/blog/spring", valid: true, context: context(["blog": "https://shop.example/column?id={slug}"]))
    file.other(
      "kind.no-routes", "with no routes every link is other", "\(site)/blog/spring", valid: true,
      context: ["routes": []])
    return file.file(at: "\(folder)/kinds.json")
  }

  static func schemeAndHost() -> GeneratedFile {
    var file = LinkVectorFile(
      description: "scheme and host equal the pattern's ignoring ASCII case; nothing else about them is normalised",
      context: siteContext)
    file.match(
      "scheme.uppercase", "HTTPS equals https (scheme case is ignored); the url keeps its case",
      "HTTPS://shop.example/blog/spring", kind: "blog", params: ["slug": "spring"])
    file.match(
      "scheme.mixed-case", "hTtPs equals https", "hTtPs://shop.example/blog/spring", kind: "blog",
      params: ["slug": "spring"])
    file.other(
      "scheme.http-for-https-route", "http is not https: the scheme must equal the pattern's",
      "http://shop.example/blog/spring")
    let legacy = context(["blog": "http://legacy.example/blog/{slug}"])
    file.match(
      "scheme.http-route", "an http pattern matches an http link", "http://legacy.example/blog/spring",
      kind: "blog", params: ["slug": "spring"], context: legacy)
    file.other(
      "scheme.https-for-http-route", "https is not http: the scheme must equal the pattern's",
      "https://legacy.example/blog/spring", context: legacy)
    file.match(
      "scheme.uppercase-pattern", "a pattern written in capitals matches a lowercase link",
      "https://shop.example/blog/spring", kind: "blog", params: ["slug": "spring"],
      context: context(["blog": "HTTPS://SHOP.EXAMPLE/blog/{slug}"]))
    file.match(
      "host.uppercase", "SHOP.EXAMPLE equals shop.example (host case is ignored)",
      "https://SHOP.EXAMPLE/blog/spring", kind: "blog", params: ["slug": "spring"])
    file.match(
      "host.mixed-case", "Shop.Example equals shop.example", "https://Shop.Example/blog/spring", kind: "blog",
      params: ["slug": "spring"])
    file.match(
      "host.uppercase-with-path-kept",
      "host case is ignored but the path is still compared case-sensitively",
      "https://SHOP.EXAMPLE/blog/Spring", kind: "blog", params: ["slug": "Spring"])
    file.other("host.www-prefix", "www.shop.example is another host", "https://www.shop.example/blog/spring")
    file.other("host.subdomain", "blog.shop.example is another host", "https://blog.shop.example/blog/spring")
    file.other("host.parent-domain", "example is another host", "https://example/blog/spring")
    file.other("host.missing-letter", "shop.exampl is another host", "https://shop.exampl/blog/spring")
    file.other("host.ipv4", "an IPv4 address never equals a host name", "https://192.0.2.10/blog/spring")
    file.other("host.empty", "https:/// has an empty host", "https:///blog/spring")
    file.other(
      "host.sub-delimiter", "a host with a sub-delimiter (;) is not shop.example", "https://shop.example;/blog/spring")
    let ipv6 = context(["blog": "https://[2001:db8::1]/blog/{slug}"])
    file.match(
      "host.ipv6.same", "an IPv6 literal host equals the same literal", "https://[2001:db8::1]/blog/spring",
      kind: "blog", params: ["slug": "spring"], context: ipv6)
    file.match(
      "host.ipv6.uppercase-hex", "IPv6 hex digits compare ignoring ASCII case", "https://[2001:DB8::1]/blog/spring",
      kind: "blog", params: ["slug": "spring"], context: ipv6)
    file.match(
      "host.ipv6.default-port", "an IPv6 literal with the default port :443 equals no port",
      "https://[2001:db8::1]:443/blog/spring", kind: "blog", params: ["slug": "spring"], context: ipv6)
    file.other(
      "host.ipv6.other-spelling", "IPv6 literals compare as text: an uncompressed spelling is another host",
      "https://[2001:db8:0:0:0:0:0:1]/blog/spring", context: ipv6)
    file.other(
      "host.ipv6.missing-bracket", "an IPv6 literal without ] is not a URI", "https://[2001:db8::1/blog/spring",
      context: ipv6)
    file.other(
      "host.ipv6.without-brackets", "an IPv6 address without brackets is not a host (the rest is no port)",
      "https://2001:db8::1/blog/spring", context: ipv6)
    file.other(
      "host.ipv6.zone-id", "an IPv6 zone identifier (%25en0) is not RFC 3986",
      "https://[2001:db8::1%25en0]/blog/spring",
      context: ipv6)
    file.other(
      "host.ipv6.two-double-colons", "two :: in an IPv6 literal is not an address",
      "https://[2001:db8::1::2]/blog/spring",
      context: ipv6)
    file.other(
      "host.ipv6.ipvfuture", "an IPvFuture literal is not accepted", "https://[v1.2001:db8::1]/blog/spring",
      context: ipv6)
    file.match(
      "host.ipv6.embedded-ipv4", "an IPv6 literal ending in dotted IPv4 equals the same literal",
      "https://[::ffff:192.0.2.1]/blog/spring", kind: "blog", params: ["slug": "spring"],
      context: context(["blog": "https://[::ffff:192.0.2.1]/blog/{slug}"]))
    return file.file(at: "\(folder)/scheme-host.json")
  }

  static func ports() -> GeneratedFile {
    let routes: KeyValuePairs<String, String> = [
      "blog": "https://shop.example/blog/{slug}",
      "blog": "http://legacy.example/blog/{slug}",
      "blog": "https://staging.example:8443/blog/{slug}",
      "blog": "https://alt.example:443/blog/{slug}",
      "blog": "http://old.example:80/blog/{slug}",
    ]
    var file = LinkVectorFile(
      description: "ports: the default port (:443 https, :80 http) equals no port; other ports must be equal",
      context: context(routes))
    func match(_ id: String, _ description: String, _ url: String, tags: [String] = []) {
      file.match(id, description, url, kind: "blog", params: ["slug": "spring"], tags: tags)
    }
    match("port.https.absent", "no port is the https default", "https://shop.example/blog/spring")
    match("port.https.443", "an explicit :443 equals no port for https", "https://shop.example:443/blog/spring")
    match(
      "port.https.empty", "an empty port (shop.example:) is no port (RFC 3986 6.2.3)",
      "https://shop.example:/blog/spring", tags: ["boundary"])
    match(
      "port.https.leading-zero", "a port is a decimal number: :0443 is 443, the default",
      "https://shop.example:0443/blog/spring", tags: ["boundary"])
    match(
      "port.https.many-leading-zeros", ":000443 is 443, the default", "https://shop.example:000443/blog/spring",
      tags: ["boundary"])
    let otherPorts: [(String, String, String)] = [
      ("port.https.80", "80", ":80 is not the https default"),
      ("port.https.8443", "8443", ":8443 is another port"),
      ("port.https.444", "444", ":444 is another port"),
      ("port.https.0", "0", ":0 is another port"),
      ("port.https.65535", "65535", ":65535, the highest port, is another port"),
    ]
    for (id, port, description) in otherPorts {
      file.other(id, description, "https://shop.example:\(port)/blog/spring")
    }
    let badPorts: [(String, String, String, [String])] = [
      ("port.https.65536", "65536", "a port above 65535 is not a TCP port", ["boundary"]),
      ("port.https.20-digits", "18446744073709552059", "a 20-digit port is far above 65535", []),
      ("port.https.letters", "44a", "a port is ASCII digits only", []),
      ("port.https.plus-sign", "+443", "a port has no sign: +443", []),
      ("port.https.minus-sign", "-443", "a port has no sign: -443", []),
      ("port.https.hex", "0x1bb", "a port is decimal, not hexadecimal", []),
      ("port.https.fullwidth-digits", "４４３", "full-width digits are not ASCII digits", ["unicode"]),
      ("port.https.second-port", "443:443", "two ports are not a port", []),
      ("port.https.name", "https", "a service name is not a port", []),
    ]
    for (id, port, description, tags) in badPorts {
      file.other(id, description, "https://shop.example:\(port)/blog/spring", tags: tags)
    }
    match(
      "port.https.long-leading-zeros", "23 digits of leading zeros and 443 is still the number 443, the default",
      "https://shop.example:00000000000000000000443/blog/spring", tags: ["boundary"])
    match("port.http.absent", "no port is the http default", "http://legacy.example/blog/spring")
    match("port.http.80", "an explicit :80 equals no port for http", "http://legacy.example:80/blog/spring")
    match("port.http.empty", "an empty port is no port for http", "http://legacy.example:/blog/spring")
    file.other("port.http.443", ":443 is not the http default", "http://legacy.example:443/blog/spring")
    file.other("port.http.8080", ":8080 is another port", "http://legacy.example:8080/blog/spring")
    match(
      "port.explicit.same", "a pattern port :8443 matches :8443", "https://staging.example:8443/blog/spring")
    match(
      "port.explicit.leading-zero", ":08443 is 8443", "https://staging.example:08443/blog/spring",
      tags: ["boundary"])
    file.other(
      "port.explicit.absent", "no port is 443, not the pattern's 8443", "https://staging.example/blog/spring")
    file.other("port.explicit.443", ":443 is not the pattern's 8443", "https://staging.example:443/blog/spring")
    file.other(
      "port.explicit.empty", "an empty port is the default 443, not 8443", "https://staging.example:/blog/spring")
    file.other("port.explicit.8444", ":8444 is not 8443", "https://staging.example:8444/blog/spring")
    match(
      "port.pattern-default.absent", "a pattern written with :443 matches a link without a port",
      "https://alt.example/blog/spring")
    match("port.pattern-default.443", "a pattern with :443 matches :443", "https://alt.example:443/blog/spring")
    file.other(
      "port.pattern-default.8443", "a pattern with :443 does not match :8443", "https://alt.example:8443/blog/spring")
    match(
      "port.http-pattern-default.absent", "an http pattern written with :80 matches a link without a port",
      "http://old.example/blog/spring")
    match("port.http-pattern-default.80", "an http pattern with :80 matches :80", "http://old.example:80/blog/spring")
    return file.file(at: "\(folder)/port.json")
  }
}

/// One vector file of `leeep.link`, with shorthands for the three outputs.
struct LinkVectorFile {
  private var builder: VectorFileBuilder

  init(description: String, context: JSONObject) {
    builder = VectorFileBuilder(
      suite: LeeepLink.name, description: description, source: LeeepLink.source, context: context)
  }

  /// The route of `kind` matches: `{"kind", "params", "url": input}`.
  mutating func match(
    _ id: String, _ description: String, _ url: String, kind: String, params: KeyValuePairs<String, String>,
    tags: [String] = [], context: JSONObject? = nil
  ) {
    let captured = JSONObject(params.map { JSONObject.Member(key: $0.key, value: .string($0.value)) })
    builder.add(
      id: id, description: description, tags: ["valid"] + tags, input: .string(url), context: context,
      expect: .accept(output: ["kind": .string(kind), "params": .object(captured), "url": .string(url)]))
  }

  /// No route matches: `{"kind": "other", "url": input}`. `valid` marks a well-formed link the
  /// routes simply do not cover; otherwise the vector shows a rule that makes matching fail.
  mutating func other(
    _ id: String, _ description: String, _ url: String, tags: [String] = [], valid: Bool = false,
    context: JSONObject? = nil
  ) {
    builder.add(
      id: id, description: description, tags: [valid ? "valid" : "invalid"] + tags, input: .string(url),
      context: context, expect: .accept(output: ["kind": "other", "url": .string(url)]))
  }

  /// A ugc route matches while page transition is off: `{"kind": "none"}`.
  mutating func none(
    _ id: String, _ description: String, _ url: String, tags: [String] = [], context: JSONObject? = nil
  ) {
    builder.add(
      id: id, description: description, tags: ["valid"] + tags, input: .string(url), context: context,
      expect: .accept(output: ["kind": "none"]))
  }

  mutating func reject(_ id: String, _ description: String, _ input: JSONValue, tags: [String] = []) {
    builder.add(
      id: id, description: description, tags: ["invalid"] + tags, input: input, expect: .reject("not_a_string"))
  }

  func file(at path: String) -> GeneratedFile { builder.file(at: path) }
}
