import ConformanceJSON
import ConformanceKit
import Testing

@testable import ReferenceParsers

/// `leeep.link` (docs/suites/leeep.link.md): the reference parser checked rule by rule, then against every
/// shipped vector.
@Suite struct LeeepLinkTests {
  let suite = LeeepLink()

  static let siteRoutes: JSONValue = [
    ["kind": "blog", "pattern": "https://shop.example/blog/{slug}"],
    ["kind": "blog", "pattern": "https://shop.example/column?id={slug}"],
    ["kind": "post", "pattern": "https://shop.example/posts/{id}"],
    ["kind": "ugc", "pattern": "https://shop.example/ugc/{id}"],
    [
      "kind": "review_form",
      "pattern": "https://shop.example/reviews/new?product_id={product_id}&cart_product_id={cart_product_id}",
    ],
  ]
  let site: JSONObject = ["routes": LeeepLinkTests.siteRoutes]

  func evaluate(_ url: String, context: JSONObject? = nil) throws -> JSONValue? {
    guard case .accept(let output) = try suite.evaluate(.string(url), context: context ?? site) else { return nil }
    return output
  }

  func context(_ pattern: String, kind: String = "blog") -> JSONObject {
    ["routes": [["kind": .string(kind), "pattern": .string(pattern)]]]
  }

  func contextError(_ context: JSONObject) -> ContextError? {
    do {
      _ = try suite.evaluate("https://shop.example/", context: context)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Input and output

  @Test(arguments: [JSONValue.null, 1, true, ["https://shop.example/blog/a"], ["url": "https://shop.example/blog/a"]])
  func nonStringsAreNotAString(_ input: JSONValue) throws {
    #expect(try suite.evaluate(input, context: site) == .reject(error: "not_a_string", field: nil))
  }

  @Test func matchGivesKindParamsAndTheInputURL() throws {
    let url = "HTTPS://Shop.Example:443/blog/%E3%81%82/?x=1#f"
    #expect(try evaluate(url) == ["kind": "blog", "params": ["slug": "あ"], "url": .string(url)])
  }

  @Test func noMatchIsOtherWithoutParams() throws {
    #expect(try evaluate("https://evil.example/blog/a") == ["kind": "other", "url": "https://evil.example/blog/a"])
  }

  @Test func ugcWithPageTransitionOffIsNoneWithoutURL() throws {
    var off = site
    off["ugc_page_transition"] = false
    #expect(try evaluate("https://shop.example/ugc/1", context: off) == ["kind": "none"])
    #expect(try evaluate("https://shop.example/posts/1", context: off)?.objectValue?["kind"] == "post")
    off["ugc_page_transition"] = true
    #expect(try evaluate("https://shop.example/ugc/1", context: off)?.objectValue?["kind"] == "ugc")
    #expect(try evaluate("https://shop.example/ugc/1")?.objectValue?["kind"] == "ugc")
  }

  @Test func ugcMatchDoesNotFallThroughWhenPageTransitionIsOff() throws {
    let context: JSONObject = [
      "routes": [
        ["kind": "ugc", "pattern": "https://shop.example/p/{id}"],
        ["kind": "post", "pattern": "https://shop.example/p/{id}"],
      ],
      "ugc_page_transition": false,
    ]
    #expect(try evaluate("https://shop.example/p/1", context: context) == ["kind": "none"])
  }

  @Test func nfcAndNFDSlugsStayDifferentBytes() throws {
    let nfc = try evaluate("https://shop.example/blog/%C3%A9")?.objectValue?["params"]?.objectValue?["slug"]
    let nfd = try evaluate("https://shop.example/blog/e%CC%81")?.objectValue?["params"]?.objectValue?["slug"]
    #expect(nfc?.stringValue.map { Array($0.utf8) } == [0xC3, 0xA9])
    #expect(nfd?.stringValue.map { Array($0.utf8) } == [0x65, 0xCC, 0x81])
    #expect(nfc != nfd)
  }

  // MARK: Matching rules

  @Test(arguments: [
    ("https://shop.example/blog/a", true),
    ("HTTPS://SHOP.EXAMPLE/blog/a", true),
    ("https://shop.example:443/blog/a", true),
    ("https://shop.example:/blog/a", true),
    ("https://shop.example:0443/blog/a", true),
    ("https://shop.example/blog/a/", true),
    ("https://shop.example/blog/a#x#y", false),
    ("http://shop.example/blog/a", false),
    ("https://shop.example:8443/blog/a", false),
    ("https://shop.example:65536/blog/a", false),
    ("https://shop.example/Blog/a", false),
    ("https://shop.example/blog/a//", false),
    ("https://shop.example/blog/", false),
    ("https://shop.example/blog/..", false),
    ("https://shop.example/blog/.%2E", false),
    ("https://u@shop.example/blog/a", false),
    ("https://shop.example/blog/a b", false),
    ("https://shop.example/blog/a\\b", false),
    ("https://shop.example/blog/%zz", false),
    ("https://shop.example/blog/%C0%AF", false),
    ("//shop.example/blog/a", false),
    ("ftp://shop.example/blog/a", false),
  ])
  func pathRoute(_ url: String, matches: Bool) throws {
    let kind = try evaluate(url)?.objectValue?["kind"]
    #expect(kind == (matches ? "blog" : "other"), "\(url)")
  }

  @Test func queryUsesTheFirstOccurrenceAndKeepsPlus() throws {
    #expect(try evaluate("https://shop.example/column?id=a+b&id=c")?.objectValue?["params"] == ["slug": "a+b"])
    #expect(try evaluate("https://shop.example/column?id&id=c")?.objectValue?["kind"] == "other")
    #expect(try evaluate("https://shop.example/column?ID=c")?.objectValue?["kind"] == "other")
    #expect(
      try evaluate("https://shop.example/reviews/new?cart_product_id=2&x&product_id=1")?.objectValue?["params"]
        == ["product_id": "1", "cart_product_id": "2"])
  }

  @Test func valueRulesApplyAfterDecoding() throws {
    #expect(try evaluate("https://shop.example/posts/%31%32")?.objectValue?["params"] == ["id": "12"])
    #expect(try evaluate("https://shop.example/posts/9999999999999999999")?.objectValue?["kind"] == "post")
    #expect(try evaluate("https://shop.example/posts/10000000000000000000")?.objectValue?["kind"] == "other")
    #expect(try evaluate("https://shop.example/posts/01")?.objectValue?["kind"] == "other")
    let slug255 = String(repeating: "%F0%9F%8C%B8", count: 255)
    #expect(try evaluate("https://shop.example/blog/\(slug255)")?.objectValue?["kind"] == "blog")
    #expect(try evaluate("https://shop.example/blog/\(slug255)a")?.objectValue?["kind"] == "other")
    #expect(try evaluate("https://shop.example/blog/a%2Fb")?.objectValue?["params"] == ["slug": "a/b"])
  }

  @Test func routesAreTriedInOrderAndValueRulesFallThrough() throws {
    let context: JSONObject = [
      "routes": [
        ["kind": "product", "pattern": "https://shop.example/items/{id}"],
        ["kind": "blog", "pattern": "https://shop.example/items/{slug}"],
      ]
    ]
    #expect(try evaluate("https://shop.example/items/12", context: context)?.objectValue?["kind"] == "product")
    #expect(try evaluate("https://shop.example/items/ab", context: context)?.objectValue?["kind"] == "blog")
  }

  // MARK: Context

  /// not_a_string needs no context: it is reported with the context missing or broken.
  @Test(arguments: [JSONObject(), ["routes": "x"], ["routes": [["kind": "other", "pattern": "x"]]]])
  func notAStringIsReportedWithoutAUsableContext(_ context: JSONObject) throws {
    #expect(try suite.evaluate(42, context: context) == .reject(error: "not_a_string", field: nil))
    #expect(try suite.evaluate(.null, context: context) == .reject(error: "not_a_string", field: nil))
  }

  /// Any string needs the route table, even one that is not a URL at all.
  @Test(arguments: ["", "not a url", "https://shop.example/blog/a"])
  func everyStringNeedsTheRoutes(_ url: String) {
    for context: JSONObject in [[:], ["routes": "x"], ["routes": [["kind": "blog", "pattern": "/blog/{slug}"]]]] {
      #expect(throws: ContextError.self) { try suite.evaluate(.string(url), context: context) }
    }
  }

  @Test func contextErrorsNameTheKey() {
    #expect(contextError([:])?.key == "routes")
    #expect(contextError(["routes": "x"])?.key == "routes")
    #expect(
      contextError(["routes": [["kind": "ugc", "pattern": "https://shop.example/"]], "ugc_page_transition": "false"])?
        .key == "ugc_page_transition")
    // Keys the suite does not read are ignored, in the context and in a route.
    #expect(contextError(["routes": [], "note": "blog routes of shop.example"]) == nil)
    #expect(
      contextError(["routes": [["kind": "blog", "pattern": "https://shop.example/blog/{slug}", "note": "x"]]]) == nil)
    #expect(contextError(["routes": []]) == nil)
  }

  @Test(arguments: [
    JSONValue.string("https://shop.example/blog/{slug}"),
    ["kind": "blog"],
    ["pattern": "https://shop.example/blog/{slug}"],
    ["kind": 1, "pattern": "https://shop.example/blog/{slug}"],
    ["kind": "blog", "pattern": 1],
    ["kind": "", "pattern": "https://shop.example/"],
    ["kind": "other", "pattern": "https://shop.example/"],
    ["kind": "none", "pattern": "https://shop.example/"],
  ])
  func malformedRoutesAreContextErrors(_ route: JSONValue) {
    let error = contextError(["routes": [["kind": "post", "pattern": "https://shop.example/p/{id}"], route]])
    #expect(error?.key == "routes")
    #expect(error?.reason.hasPrefix("routes[1]") == true)
  }

  @Test(arguments: [
    "/blog/{slug}",
    "//shop.example/blog/{slug}",
    "shop.example/blog/{slug}",
    "ftp://shop.example/blog/{slug}",
    "https:shop.example/blog/{slug}",
    "https:///blog/{slug}",
    "https://user@shop.example/blog/{slug}",
    "https://shop.example/blog/{slug}#top",
    "https://shop.example:443x/blog/{slug}",
    "https://shop.example:70000/blog/{slug}",
    "https://{host}/blog/{slug}",
    "https://shop.example/blog-{slug}",
    "https://shop.example/blog/{slug",
    "https://shop.example/blog/{}",
    "https://shop.example/blog/{1slug}",
    "https://shop.example/blog/{sl-ug}",
    "https://shop.example/{slug}/{slug}",
    "https://shop.example/blog/{slug}?id={slug}",
    "https://shop.example/column?id",
    "https://shop.example/column?",
    "https://shop.example/column?=x",
    "https://shop.example/column?id={slug}&",
    "https://shop.example/column?id={slug}&id=x",
    "https://shop.example/column?{key}=x",
    "https://shop.example/column?id=x{slug}",
    "https://shop.example/../blog/{slug}",
    "https://shop.example/%2e/blog/{slug}",
    "https://shop.example/ブログ/{slug}",
    "https://shop.example/blog /{slug}",
    "https://shop.example/bl%g/{slug}",
    " https://shop.example/blog/{slug}",
  ])
  func malformedPatternsAreContextErrors(_ pattern: String) {
    let error = contextError(context(pattern))
    #expect(error?.key == "routes", "\(pattern)")
    #expect(error?.reason.hasPrefix("routes[0]: pattern") == true, "\(pattern)")
  }

  @Test(arguments: [
    "https://shop.example", "https://shop.example/", "HTTP://SHOP.EXAMPLE:8080/a/{b}/",
    "https://shop.example/{_}/{a1}?k=&x={X}", "https://[::1]/{slug}", "https://shop.example/%E3%81%82/{slug}",
    "https://shop.example/a/?b=c+d&e={e}",
  ])
  func wellFormedPatternsAreAccepted(_ pattern: String) {
    #expect(contextError(context(pattern)) == nil, "\(pattern)")
  }

  // MARK: SDK versions

  func kind(_ url: String, version: String?, routes: JSONValue = LeeepLinkTests.siteRoutes) throws -> JSONValue? {
    var context: JSONObject = ["routes": routes]
    if let version { context["sdk_version"] = .string(version) }
    return try evaluate(url, context: context)?.objectValue?["kind"]
  }

  @Test(arguments: [
    ("0.11.0", "blog"), ("0.11.1", "blog"), ("0.12.0", "blog"), ("1.0.0", "blog"), ("0.100.0", "blog"),
    ("0.10.9", "other"), ("0.10.99", "other"), ("0.9.0", "other"), ("0.8.0", "other"), ("0.0.0", "other"),
  ])
  func blogRoutesCameWithVersion0_11_0(_ version: String, kind expected: String) throws {
    #expect(try kind("https://shop.example/blog/a", version: version) == .string(expected), "\(version)")
  }

  @Test(arguments: [
    ("0.8.0", "ugc"), ("0.8.1", "ugc"), ("0.10.0", "ugc"), ("0.11.0", "ugc"), ("10.0.0", "ugc"),
    ("0.7.9", "none"), ("0.7.99", "none"), ("0.1.0", "none"), ("0.0.0", "none"),
  ])
  func ugcMatchesCameWithVersion0_8_0(_ version: String, kind expected: String) throws {
    #expect(try kind("https://shop.example/ugc/1", version: version) == .string(expected), "\(version)")
  }

  @Test func withoutAVersionTheLatestSDKHasEveryKind() throws {
    #expect(try kind("https://shop.example/blog/a", version: nil) == "blog")
    #expect(try kind("https://shop.example/ugc/1", version: nil) == "ugc")
  }

  @Test func aSkippedBlogRouteFallsThroughToLaterRoutes() throws {
    let routes: JSONValue = [
      ["kind": "blog", "pattern": "https://shop.example/p/{slug}"],
      ["kind": "post", "pattern": "https://shop.example/p/{id}"],
      ["kind": "page", "pattern": "https://shop.example/p/{name}"],
    ]
    #expect(try kind("https://shop.example/p/12", version: "0.11.0", routes: routes) == "blog")
    #expect(try kind("https://shop.example/p/12", version: "0.10.9", routes: routes) == "post")
    #expect(try kind("https://shop.example/p/ab", version: "0.10.9", routes: routes) == "page")
    // A ugc route before 0.8.0 still matches first: the popup, later routes not tried.
    let ugcFirst: JSONValue = [
      ["kind": "ugc", "pattern": "https://shop.example/p/{id}"],
      ["kind": "post", "pattern": "https://shop.example/p/{id}"],
    ]
    #expect(
      try evaluate("https://shop.example/p/1", context: ["routes": ugcFirst, "sdk_version": "0.7.0"]) == [
        "kind": "none"
      ])
  }

  @Test func versionsCompareNumericallyPartByPart() throws {
    func less(_ a: String, _ b: String) -> Bool { SDKVersion(a)! < SDKVersion(b)! }
    #expect(less("0.9.0", "0.10.0"))
    #expect(!less("0.10.0", "0.9.0"))
    #expect(less("0.10.9", "0.11.0"))
    #expect(less("0.99.99", "1.0.0"))
    #expect(less("1.2.3", "1.2.10"))
    #expect(less("9999999999999999999.0.0", "10000000000000000000.0.0"))
    #expect(!less("0.11.0", "0.11.0"))
    #expect(SDKVersion("0.11.0")! == SDKVersion("0.11.0")!)
    #expect(SDKVersion("0.11.0")! < SDKVersion.latest)
    #expect(!(SDKVersion.latest < SDKVersion("99999999999999999999.0.0")!))
  }

  /// A blog route the probe URL of `contextError` matches, so that `sdk_version` decides it.
  static let rootBlogRoute: JSONValue = [["kind": "blog", "pattern": "https://shop.example/"]]

  /// A malformed version is a context error, with this exact text, once a blog route matches.
  @Test(arguments: [
    "0.11", "0.11.0.0", "v0.11.0", "0.11.0-beta", "0.11.0+1", "00.11.0", "0.011.0", "0.11.00", "01.0.0", "",
    "0..0", ".0.11", "0.11.", " 0.11.0", "0.11.0 ", "0.11.0\n", "０.１１.０", "0.11.a", "-0.11.0", "0,11,0",
    "0.1 1.0",
  ])
  func malformedVersionsAreContextErrors(_ version: String) {
    let quoted = JSONSerializer.compact.string(from: .string(version))
    #expect(
      contextError(["routes": Self.rootBlogRoute, "sdk_version": .string(version)])?.description
        == "context sdk_version: \(quoted) is not MAJOR.MINOR.PATCH (three parts of ASCII digits, no leading zeros, such as \"0.11.0\")",
      "\(version)")
  }

  @Test(
    arguments: [
      (JSONValue.number(JSONNumber(literal: "0.11")!), "number"), (JSONValue.null, "null"),
      (JSONValue.bool(true), "boolean"),
      (JSONValue.array([0, 11, 0]), "array"), (JSONValue.object(["major": 0]), "object"),
    ] as [(JSONValue, String)])
  func nonStringVersionsAreContextErrors(_ version: JSONValue, typeName: String) {
    #expect(
      contextError(["routes": Self.rootBlogRoute, "sdk_version": version])?.description
        == "context sdk_version: must be a string MAJOR.MINOR.PATCH such as \"0.11.0\", not \(typeName)")
  }

  @Test func aBrokenVersionIsNotReadForANonString() throws {
    #expect(
      try suite.evaluate(42, context: ["routes": [], "sdk_version": "0.11"])
        == .reject(error: "not_a_string", field: nil))
    #expect(try suite.evaluate(.null, context: ["sdk_version": 11]) == .reject(error: "not_a_string", field: nil))
    // A link that routes before any blog or ugc route take, or a string that is no URL, never
    // needs it: no route the version decides is tried.
    let postFirst: JSONValue = [
      ["kind": "post", "pattern": "https://shop.example/posts/{id}"],
      ["kind": "blog", "pattern": "https://shop.example/blog/{slug}"],
      ["kind": "ugc", "pattern": "https://shop.example/ugc/{id}"],
    ]
    for url in ["not a url", "https://shop.example/posts/12"] {
      #expect(
        try evaluate(url, context: ["routes": postFirst, "sdk_version": "0.11"])
          == evaluate(url, context: ["routes": postFirst]), "\(url)")
    }
    // Any link that reaches a blog or ugc route reads it, matched or not (the contract reads it
    // when a route it decides is tried), also a ugc match with page transition off.
    for url in [
      "https://shop.example/blog/a", "https://shop.example/ugc/12", "https://shop.example/ugc/12x",
      "https://other.example/x",
    ] {
      #expect(throws: ContextError.self, "\(url)") {
        try suite.evaluate(.string(url), context: ["routes": postFirst, "sdk_version": "0.11"])
      }
      #expect(throws: ContextError.self, "\(url)") {
        try suite.evaluate(
          .string(url), context: ["routes": postFirst, "sdk_version": "0.11", "ugc_page_transition": false])
      }
    }
    #expect(
      try evaluate(
        "https://shop.example/ugc/12",
        context: ["routes": postFirst, "sdk_version": "0.7.9", "ugc_page_transition": true]) == ["kind": "none"])
  }

  /// `ugc_page_transition` is read only when a ugc route matches: any other string is classified
  /// with it missing, of another type, or null.
  @Test(arguments: [JSONValue.string("false"), 0, .null, ["on": false]])
  func pageTransitionIsReadOnlyForAUGCMatch(_ transition: JSONValue) throws {
    let context: JSONObject = ["routes": Self.siteRoutes, "ugc_page_transition": transition]
    for url in [
      "", "not a url", "https://shop.example/blog/a", "https://shop.example/posts/12", "https://shop.example/ugc/abc",
      "https://other.example/ugc/12",
    ] {
      #expect(try evaluate(url, context: context) == evaluate(url, context: site), "\(url)")
    }
    #expect(
      throws: ContextError(key: "ugc_page_transition", reason: "must be a boolean, not \(transition.typeName)")
    ) { try suite.evaluate("https://shop.example/ugc/12", context: context) }
  }

  /// A pattern that names one placeholder twice, or one query key twice, cannot say which value a
  /// parameter takes: a context error with this exact text.
  @Test func repeatedPlaceholdersAndQueryKeysAreContextErrors() {
    #expect(
      contextError(context("https://shop.example/{slug}/{slug}"))?.description
        == "context routes: routes[0]: pattern \"https://shop.example/{slug}/{slug}\": placeholder {slug} appears twice: a parameter takes one value"
    )
    #expect(
      contextError(context("https://shop.example/blog/{slug}?id={slug}"))?.description
        == "context routes: routes[0]: pattern \"https://shop.example/blog/{slug}?id={slug}\": placeholder {slug} appears twice: a parameter takes one value"
    )
    #expect(
      contextError(context("https://shop.example/column?id={slug}&id=x"))?.description
        == "context routes: routes[0]: pattern \"https://shop.example/column?id={slug}&id=x\": query key id appears twice: a key takes one value"
    )
    #expect(
      contextError(context("https://shop.example/column?id={a}&id={b}"))?.description
        == "context routes: routes[0]: pattern \"https://shop.example/column?id={a}&id={b}\": query key id appears twice: a key takes one value"
    )
    // Keys compare as raw text: `id` and `ID`, `id` and `%69d` are different keys.
    #expect(contextError(context("https://shop.example/column?id={a}&ID={b}&%69d={c}")) == nil)
  }

  // MARK: URI reader

  @Test(arguments: [
    ("::", true), ("::1", true), ("2001:db8::1", true), ("1:2:3:4:5:6:7:8", true), ("1:2:3:4:5:6:7::", true),
    ("::ffff:192.0.2.1", true), ("1:2:3:4:5:6:192.0.2.1", true), ("ABCD::ef", true),
    (":", false), (":::", false), ("1::2::3", false), ("1:2:3:4:5:6:7:8:9", false), ("1:2:3:4:5:6:7", false),
    ("12345::", false), ("g::", false), (":1::", false), ("1::2:", false), ("::192.0.2.256", false),
    ("::192.0.2.01", false), ("::1.2.3", false), ("1.2.3.4::", false), ("1:2:3:4:5:6:7::192.0.2.1", false),
    ("fe80::1%25en0", false), ("", false),
  ])
  func ipv6Literals(_ text: String, valid: Bool) {
    #expect(LinkURI.isIPv6Address(Array(text.utf8)[...]) == valid, "\(text)")
  }

  @Test(
    arguments: [
      ([0x61], "a"), ([0xC2, 0x80], "\u{80}"), ([0xED, 0x9F, 0xBF], "\u{D7FF}"),
      ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),
      ([0xC0, 0xAF], nil), ([0xC1, 0xBF], nil), ([0xE0, 0x9F, 0xBF], nil), ([0xED, 0xA0, 0x80], nil),
      ([0xF0, 0x8F, 0xBF, 0xBF], nil), ([0xF4, 0x90, 0x80, 0x80], nil), ([0xF5, 0x80, 0x80, 0x80], nil),
      ([0x80], nil), ([0xE3, 0x81], nil), ([0xE3, 0x41, 0x82], nil), ([0xFF], nil),
    ] as [([UInt8], String?)])
  func strictUTF8(_ bytes: [UInt8], decoded: String?) {
    #expect(LinkURI.decodedUTF8(bytes).map { Array($0.utf8) } == decoded.map { Array($0.utf8) })
  }

  @Test func portsCompareAsNumbersWithoutTheDefault() throws {
    let https = LinkURI.Scheme.https.defaultPort
    #expect(try LinkURI.port(nil, default: https) == nil)
    #expect(try LinkURI.port(Array("".utf8)[...], default: https) == nil)
    #expect(try LinkURI.port(Array("00443".utf8)[...], default: https) == nil)
    #expect(try LinkURI.port(Array("000".utf8)[...], default: https) == Array("0".utf8))
    #expect(try LinkURI.port(Array("65535".utf8)[...], default: https) == Array("65535".utf8))
    #expect(throws: LinkURI.Failure.self) { try LinkURI.port(Array("65536".utf8)[...], default: https) }
    #expect(throws: LinkURI.Failure.self) { try LinkURI.port(Array("100000".utf8)[...], default: https) }
    #expect(throws: LinkURI.Failure.self) { try LinkURI.port(Array("4a".utf8)[...], default: https) }
  }

  @Test(arguments: [
    (".", true), ("..", true), ("%2e", true), ("%2E%2e", true), (".%2E", true), ("%2e.", true),
    ("...", false), (".a", false), ("%2e%2e%2e", false), ("%252e", false), ("", false),
  ])
  func dotSegments(_ segment: String, isDot: Bool) {
    #expect(LinkURI.isDotSegment(Array(segment.utf8)[...]) == isDot, "\(segment)")
  }

  @Test(arguments: [
    ("", 0), ("/", 0), ("/a", 1), ("/a/", 1), ("/a//", 2), ("//", 1), ("/a/b", 2), ("/a//b", 3),
  ])
  func segmentsIgnoreOneTrailingSlash(_ path: String, count: Int) throws {
    #expect(try LinkURI.segments(of: Array(path.utf8)[...]).count == count, "\(path)")
  }

  // MARK: Shipped vectors

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 600)
  }
}
