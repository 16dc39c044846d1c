// Contract audit: cases written from the contract (and the seeds) alone, the way a hidden-vector author
// would, with expectations taken from the contract's text, never from running the parsers. Comparison
// follows docs/vector-format.md: output by JSON value; `error` and `field` each compared only when given
// (a field is given only where the contract names one).
import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

// MARK: - Helpers

private struct AuditCase: Sendable, CustomStringConvertible {
  var id: String
  var input: JSONValue
  var context: JSONObject
  var expect: ConformanceKit.Expectation
  var description: String { id }
}

/// Strict JSON text to a value (numbers keep their literal: `1.0`, `1e400`).
private func j(_ text: String) -> JSONValue {
  do { return try JSONParser().parse(text) } catch { fatalError("bad JSON in audit case: \(error) in \(text)") }
}

private func obj(_ text: String) -> JSONObject {
  guard case .object(let object) = j(text) else { fatalError("not an object: \(text)") }
  return object
}

private func accept(_ output: String) -> ConformanceKit.Expectation { .accept(output: j(output)) }
private func accept(_ output: JSONValue) -> ConformanceKit.Expectation { .accept(output: output) }
private func reject(_ error: String, _ field: String? = nil) -> ConformanceKit.Expectation {
  .reject(error: error, field: field)
}

private func c(_ id: String, _ input: JSONValue, _ context: JSONObject, _ expect: ConformanceKit.Expectation)
  -> AuditCase
{
  AuditCase(id: id, input: input, context: context, expect: expect)
}

private func c(_ id: String, _ input: JSONValue, _ expect: ConformanceKit.Expectation) -> AuditCase {
  AuditCase(id: id, input: input, context: JSONObject(), expect: expect)
}

/// `c` with the input as JSON text.
private func cj(_ id: String, _ input: String, _ context: JSONObject, _ expect: ConformanceKit.Expectation) -> AuditCase
{
  AuditCase(id: id, input: j(input), context: context, expect: expect)
}

private func cj(_ id: String, _ input: String, _ expect: ConformanceKit.Expectation) -> AuditCase {
  AuditCase(id: id, input: j(input), context: JSONObject(), expect: expect)
}

/// The difference between the parser's outcome and the SPEC-derived expectation, or nil.
private func difference(_ suite: some ReferenceSuite, _ test: AuditCase) -> String? {
  do {
    let outcome = try suite.evaluate(test.input, context: test.context)
    return Comparison.difference(expected: test.expect, actual: outcome).map {
      "\(suite.name) \(test.id): \($0) (actual \(JSONSerializer.compact.string(from: outcome.json)))"
    }
  } catch {
    return "\(suite.name) \(test.id): threw \(error)"
  }
}

private func expectAll(_ suite: some ReferenceSuite, _ cases: [AuditCase]) {
  var ids = Set<String>()
  for test in cases {
    #expect(ids.insert(test.id).inserted, "duplicate audit id \(test.id)")
    if let difference = difference(suite, test) { Issue.record(Comment(rawValue: difference)) }
  }
}

private func str(_ text: String) -> JSONValue { .string(text) }

// MARK: - 3.2 leeep.fid

private let fid = "cAbCdEfGhIjKlMnOpQr_-0"

@Suite struct ContractAuditFID {
  let suite = LeeepFid()

  @Test func agreesWithSpec() {
    expectAll(
      suite,
      [
        cj("null", "null", reject("not_a_string")),
        cj("number", "1", reject("not_a_string")),
        cj("array", #"["cAbCdEfGhIjKlMnOpQr_-0"]"#, reject("not_a_string")),
        cj("object", "{}", reject("not_a_string")),
        c("valid-c", str(fid), accept(str(fid))),
        c("valid-d", str("d" + fid.dropFirst()), accept(str("d" + fid.dropFirst()))),
        c(
          "valid-f-all-dash", str("f" + String(repeating: "-", count: 21)),
          accept(str("f" + String(repeating: "-", count: 21)))),
        c("first-a", str("a" + fid.dropFirst()), reject("invalid_fid")),
        c("first-g", str("g" + fid.dropFirst()), reject("invalid_fid")),
        c("first-upper-C", str("C" + fid.dropFirst()), reject("invalid_fid")),
        c("first-fullwidth-c", str("\u{FF43}" + fid.dropFirst()), reject("invalid_fid")),
        c("len-21", str(String(fid.dropLast())), reject("invalid_fid")),
        c("len-23", str(fid + "a"), reject("invalid_fid")),
        c("empty", str(""), reject("invalid_fid")),
        c("trailing-newline", str(fid + "\n"), reject("invalid_fid")),
        c("leading-space", str(" " + fid.dropLast()), reject("invalid_fid")),
        c("dot-inside", str("cAbCdEfGhIjKlMnOpQr.-0"), reject("invalid_fid")),
        c("plus-inside", str("cAbCdEfGhIjKlMnOpQr+-0"), reject("invalid_fid")),
        c("fullwidth-digit", str("cAbCdEfGhIjKlMnOpQr_-\u{FF10}"), reject("invalid_fid")),
        c("nonascii-22-scalars", str("cAbCdEfGhIjKlMnOpQr_-\u{E9}"), reject("invalid_fid")),
        c("fcm-token", str(fid + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ"), reject("invalid_fid")),
        c("apns-token", str(String(repeating: "ab", count: 32)), reject("invalid_fid")),
      ])
  }
}

// MARK: - 3.4 leeep.user-id

@Suite struct ContractAuditUserID {
  let suite = LeeepUserId()

  @Test func agreesWithSpec() {
    let nfc = "Jos\u{E9}"
    let nfd = "Jose\u{301}"
    expectAll(
      suite,
      [
        cj("null", "null", reject("not_a_string")),
        cj("number", "1001", reject("not_a_string")),
        cj("bool", "false", reject("not_a_string")),
        c("empty", str(""), reject("empty")),
        c("ascii", str("member-1"), accept(str("member-1"))),
        c("null-text", str("null"), accept(str("null"))),
        c("255-ascii", str(String(repeating: "a", count: 255)), accept(str(String(repeating: "a", count: 255)))),
        c("256-ascii", str(String(repeating: "a", count: 256)), reject("too_long")),
        c(
          "85-kana-255-bytes", str(String(repeating: "\u{3042}", count: 85)),
          accept(str(String(repeating: "\u{3042}", count: 85)))),
        c("86-kana-258-bytes", str(String(repeating: "\u{3042}", count: 86)), reject("too_long")),
        c("128-e-acute-256-bytes", str(String(repeating: "\u{E9}", count: 128)), reject("too_long")),
        c(
          "63-emoji-252-bytes", str(String(repeating: "\u{1F600}", count: 63)),
          accept(str(String(repeating: "\u{1F600}", count: 63)))),
        c("64-emoji-256-bytes", str(String(repeating: "\u{1F600}", count: 64)), reject("too_long")),
        c("one-grapheme-257-bytes", str("e" + String(repeating: "\u{301}", count: 128)), reject("too_long")),
        c(
          "nfd-85-graphemes-255-bytes", str(String(repeating: "e\u{301}", count: 85)),
          accept(str(String(repeating: "e\u{301}", count: 85)))),
        c("space", str(" "), reject("whitespace_only")),
        c("tab-lf-cr", str("\t\n\r"), reject("whitespace_only")),
        c("ideographic-space", str("\u{3000}"), reject("whitespace_only")),
        c("nbsp", str("\u{A0}"), reject("whitespace_only")),
        c("nel", str("\u{85}"), reject("whitespace_only")),
        c("ogham", str("\u{1680}"), reject("whitespace_only")),
        c("line-sep", str("\u{2028}"), reject("whitespace_only")),
        c("narrow-nbsp", str("\u{202F}"), reject("whitespace_only")),
        c("vt-ff", str("\u{B}\u{C}"), reject("whitespace_only")),
        c("255-spaces", str(String(repeating: " ", count: 255)), reject("whitespace_only")),
        c("256-spaces-too-long-first", str(String(repeating: " ", count: 256)), reject("too_long")),
        c("zwsp-not-ws", str("\u{200B}"), accept(str("\u{200B}"))),
        c("bom-not-ws", str("\u{FEFF}"), accept(str("\u{FEFF}"))),
        c("mongolian-vowel-sep-not-ws", str("\u{180E}"), accept(str("\u{180E}"))),
        c("space-zwsp-space", str(" \u{200B} "), accept(str(" \u{200B} "))),
        c("info-sep-not-ws", str("\u{1C}\u{1D}\u{1E}\u{1F}"), accept(str("\u{1C}\u{1D}\u{1E}\u{1F}"))),
        c("padded-kept", str("  id \n"), accept(str("  id \n"))),
        c("nfc-kept", str(nfc), accept(str(nfc))),
        c("nfd-kept", str(nfd), accept(str(nfd))),
        c("nul-inside", str("a\u{0}b"), accept(str("a\u{0}b"))),
      ])
  }

  /// Swift's `==` would call these equal; the contract says they are different IDs.
  @Test func nfdIsNotReturnedAsNFC() throws {
    let outcome = try suite.evaluate(str("Jose\u{301}"), context: JSONObject())
    #expect(outcome != .accept(output: str("Jos\u{E9}")))
  }
}

// MARK: - 3.3 leeep.push.destination

@Suite struct ContractAuditDestination {
  let suite = LeeepPushDestination()

  @Test func agreesWithSpec() {
    let v = fid
    expectAll(
      suite,
      [
        cj("array", "[]", reject("not_an_object")),
        cj("string", #""fcm_fid""#, reject("not_an_object")),
        cj("null", "null", reject("not_an_object")),
        cj("empty", "{}", reject("missing_key", "kind")),
        cj("no-value", #"{"kind":"fcm_fid","permission":"granted"}"#, reject("missing_key", "value")),
        cj("no-permission", #"{"kind":"fcm_fid","value":"\#(v)"}"#, reject("missing_key", "permission")),
        cj("missing-before-non-string", #"{"kind":1,"permission":"granted"}"#, reject("missing_key", "value")),
        cj("kind-null", #"{"kind":null,"value":"\#(v)","permission":"granted"}"#, reject("non_string_value", "kind")),
        cj(
          "value-number-permission-bool", #"{"kind":"fcm_fid","value":1,"permission":true}"#,
          reject("non_string_value", "value")),
        cj(
          "permission-number", #"{"kind":"fcm_fid","value":"\#(v)","permission":2}"#,
          reject("non_string_value", "permission")),
        cj(
          "kind-upper", #"{"kind":"FCM_FID","value":"\#(v)","permission":"granted"}"#,
          reject("unsupported_kind", "kind")),
        cj(
          "kind-apns-before-bad-value", #"{"kind":"apns","value":"x","permission":"x"}"#,
          reject("unsupported_kind", "kind")),
        cj(
          "bad-fid-before-bad-permission", #"{"kind":"fcm_fid","value":"x","permission":"x"}"#,
          reject("invalid_fid", "value")),
        cj(
          "fcm-token-value", #"{"kind":"fcm_fid","value":"\#(v):APA91bX","permission":"granted"}"#,
          reject("invalid_fid", "value")),
        cj(
          "permission-case", #"{"kind":"fcm_fid","value":"\#(v)","permission":"Granted"}"#,
          reject("invalid_permission", "permission")),
        cj(
          "permission-authorized", #"{"kind":"fcm_fid","value":"\#(v)","permission":"authorized"}"#,
          reject("invalid_permission", "permission")),
        cj(
          "permission-trailing-space", #"{"kind":"fcm_fid","value":"\#(v)","permission":"granted "}"#,
          reject("invalid_permission", "permission")),
        cj(
          "granted", #"{"kind":"fcm_fid","value":"\#(v)","permission":"granted"}"#,
          accept(#"{"kind":"fcm_fid","value":"\#(v)","permission":"granted","deliverable":true}"#)),
        cj(
          "provisional", #"{"kind":"fcm_fid","value":"\#(v)","permission":"provisional"}"#,
          accept(#"{"kind":"fcm_fid","value":"\#(v)","permission":"provisional","deliverable":false}"#)),
        cj(
          "unknown", #"{"kind":"fcm_fid","value":"\#(v)","permission":"unknown"}"#,
          accept(#"{"kind":"fcm_fid","value":"\#(v)","permission":"unknown","deliverable":false}"#)),
        cj(
          "notDetermined", #"{"kind":"fcm_fid","value":"\#(v)","permission":"notDetermined"}"#,
          accept(#"{"kind":"fcm_fid","value":"\#(v)","permission":"notDetermined","deliverable":false}"#)),
        cj(
          "denied-extra-keys-ignored",
          #"{"permission":"denied","extra":1,"deliverable":true,"value":"\#(v)","kind":"fcm_fid"}"#,
          accept(#"{"kind":"fcm_fid","value":"\#(v)","permission":"denied","deliverable":false}"#)),
      ])
  }
}

// MARK: - 3.6 leeep.link

private let siteRoutes = obj(
  #"""
  {"routes": [
    {"kind": "blog", "pattern": "https://shop.example/blog/{slug}"},
    {"kind": "blog", "pattern": "https://shop.example/column?id={slug}"},
    {"kind": "post", "pattern": "https://shop.example/posts/{id}"},
    {"kind": "ugc", "pattern": "https://shop.example/ugc/{id}"},
    {"kind": "staff", "pattern": "https://shop.example/staff/{id}"},
    {"kind": "product", "pattern": "https://shop.example/products/{id}"},
    {"kind": "review_form", "pattern": "https://shop.example/reviews/new?product_id={product_id}"}
  ]}
  """#)

private func siteRoutes(ugcPageTransition: Bool) -> JSONObject {
  var context = siteRoutes
  context["ugc_page_transition"] = .bool(ugcPageTransition)
  return context
}

private func linkOther(_ url: String) -> ConformanceKit.Expectation {
  .accept(output: ["kind": "other", "url": .string(url)])
}
private func linkMatch(_ kind: String, _ params: JSONValue, _ url: String) -> ConformanceKit.Expectation {
  .accept(output: ["kind": .string(kind), "params": params, "url": .string(url)])
}

private func link(_ id: String, _ url: String, _ context: JSONObject, _ expect: ConformanceKit.Expectation) -> AuditCase
{
  c(id, .string(url), context, expect)
}

private func link(_ id: String, _ url: String, _ expect: ConformanceKit.Expectation) -> AuditCase {
  c(id, .string(url), siteRoutes, expect)
}

@Suite struct ContractAuditLink {
  let suite = LeeepLink()

  @Test func typeAndBasicKinds() {
    expectAll(
      suite,
      [
        c("number", 1, siteRoutes, reject("not_a_string")),
        c("null", nil, siteRoutes, reject("not_a_string")),
        c("object", ["url": "https://shop.example/blog/x"], siteRoutes, reject("not_a_string")),
        link("empty", "", linkOther("")),
        link(
          "blog", "https://shop.example/blog/hello",
          linkMatch("blog", ["slug": "hello"], "https://shop.example/blog/hello")),
        link(
          "blog-query", "https://shop.example/column?id=hello",
          linkMatch("blog", ["slug": "hello"], "https://shop.example/column?id=hello")),
        link(
          "post", "https://shop.example/posts/123", linkMatch("post", ["id": "123"], "https://shop.example/posts/123")),
        link("ugc", "https://shop.example/ugc/9", linkMatch("ugc", ["id": "9"], "https://shop.example/ugc/9")),
        link("staff", "https://shop.example/staff/7", linkMatch("staff", ["id": "7"], "https://shop.example/staff/7")),
        link(
          "product", "https://shop.example/products/42",
          linkMatch("product", ["id": "42"], "https://shop.example/products/42")),
        link(
          "review-form", "https://shop.example/reviews/new?product_id=A-1",
          linkMatch("review_form", ["product_id": "A-1"], "https://shop.example/reviews/new?product_id=A-1")),
        link("other-page", "https://shop.example/about", linkOther("https://shop.example/about")),
        link("other-host", "https://example.com/blog/hello", linkOther("https://example.com/blog/hello")),
        link(
          "no-routes", "https://shop.example/blog/hello", obj(#"{"routes": []}"#),
          linkOther("https://shop.example/blog/hello")),
        link("relative", "/blog/hello", linkOther("/blog/hello")),
        link("scheme-relative", "//shop.example/blog/hello", linkOther("//shop.example/blog/hello")),
        link("javascript", "javascript:alert(1)", linkOther("javascript:alert(1)")),
      ])
  }

  @Test func schemeHostPort() {
    expectAll(
      suite,
      [
        link(
          "upper-scheme-host", "HTTPS://SHOP.EXAMPLE/blog/hello",
          linkMatch("blog", ["slug": "hello"], "HTTPS://SHOP.EXAMPLE/blog/hello")),
        link("http-vs-https", "http://shop.example/blog/hello", linkOther("http://shop.example/blog/hello")),
        link(
          "default-port-443", "https://shop.example:443/blog/hello",
          linkMatch("blog", ["slug": "hello"], "https://shop.example:443/blog/hello")),
        link("other-port", "https://shop.example:8443/blog/hello", linkOther("https://shop.example:8443/blog/hello")),
        link("port-80-on-https", "https://shop.example:80/blog/hello", linkOther("https://shop.example:80/blog/hello")),
        link(
          "http-default-80", "http://shop.example:80/a/x",
          obj(#"{"routes":[{"kind":"post","pattern":"http://shop.example/a/{id}"}]}"#),
          linkOther("http://shop.example:80/a/x")),
        link(
          "http-default-80-match", "http://shop.example:80/a/5",
          obj(#"{"routes":[{"kind":"post","pattern":"http://shop.example/a/{id}"}]}"#),
          linkMatch("post", ["id": "5"], "http://shop.example:80/a/5")),
        link(
          "pattern-default-port", "https://shop.example/a/5",
          obj(#"{"routes":[{"kind":"post","pattern":"https://shop.example:443/a/{id}"}]}"#),
          linkMatch("post", ["id": "5"], "https://shop.example/a/5")),
        link(
          "pattern-port-8080", "https://shop.example:8080/a/5",
          obj(#"{"routes":[{"kind":"post","pattern":"https://shop.example:8080/a/{id}"}]}"#),
          linkMatch("post", ["id": "5"], "https://shop.example:8080/a/5")),
        link(
          "pattern-port-8080-missing", "https://shop.example/a/5",
          obj(#"{"routes":[{"kind":"post","pattern":"https://shop.example:8080/a/{id}"}]}"#),
          linkOther("https://shop.example/a/5")),
        link("userinfo", "https://user@shop.example/blog/hello", linkOther("https://user@shop.example/blog/hello")),
        link(
          "userinfo-spoof", "https://shop.example@evil.example/blog/hello",
          linkOther("https://shop.example@evil.example/blog/hello")),
        link("empty-userinfo", "https://@shop.example/blog/hello", linkOther("https://@shop.example/blog/hello")),
        link("subdomain", "https://www.shop.example/blog/hello", linkOther("https://www.shop.example/blog/hello")),
        link("suffix-host", "https://shop.example.evil/blog/hello", linkOther("https://shop.example.evil/blog/hello")),
        link(
          "fullwidth-host", "https://\u{FF53}hop.example/blog/hello",
          linkOther("https://\u{FF53}hop.example/blog/hello")),
        link("no-slashes", "https:shop.example/blog/hello", linkOther("https:shop.example/blog/hello")),
        link("ftp", "ftp://shop.example/blog/hello", linkOther("ftp://shop.example/blog/hello")),
      ])
  }

  @Test func path() {
    expectAll(
      suite,
      [
        link(
          "trailing-slash", "https://shop.example/blog/hello/",
          linkMatch("blog", ["slug": "hello"], "https://shop.example/blog/hello/")),
        link(
          "two-trailing-slashes", "https://shop.example/blog/hello//", linkOther("https://shop.example/blog/hello//")),
        link("empty-slug", "https://shop.example/blog/", linkOther("https://shop.example/blog/")),
        link("no-slug", "https://shop.example/blog", linkOther("https://shop.example/blog")),
        link("extra-segment", "https://shop.example/blog/a/b", linkOther("https://shop.example/blog/a/b")),
        link("leading-double-slash", "https://shop.example//blog/hello", linkOther("https://shop.example//blog/hello")),
        link("literal-case", "https://shop.example/Blog/hello", linkOther("https://shop.example/Blog/hello")),
        link("literal-encoded", "https://shop.example/%62log/hello", linkOther("https://shop.example/%62log/hello")),
        link(
          "pattern-trailing-slash", "https://shop.example/a/x",
          obj(#"{"routes":[{"kind":"blog","pattern":"https://shop.example/a/{slug}/"}]}"#),
          linkMatch("blog", ["slug": "x"], "https://shop.example/a/x")),
        link("dot-segment", "https://shop.example/blog/.", linkOther("https://shop.example/blog/.")),
        link(
          "dotdot-traversal", "https://shop.example/x/../blog/hello", linkOther("https://shop.example/x/../blog/hello")),
        link("encoded-dot", "https://shop.example/blog/%2e", linkOther("https://shop.example/blog/%2e")),
        link("encoded-dotdot-mixed", "https://shop.example/blog/%2E%2e", linkOther("https://shop.example/blog/%2E%2e")),
        link("dot-encoded-dot", "https://shop.example/blog/.%2E", linkOther("https://shop.example/blog/.%2E")),
        link(
          "three-dots-ok", "https://shop.example/blog/...",
          linkMatch("blog", ["slug": "..."], "https://shop.example/blog/...")),
        link("space", "https://shop.example/blog/hello world", linkOther("https://shop.example/blog/hello world")),
        link("backslash", "https://shop.example\\blog\\hello", linkOther("https://shop.example\\blog\\hello")),
        link("backslash-in-slug", "https://shop.example/blog/a\\b", linkOther("https://shop.example/blog/a\\b")),
        link("non-ascii", "https://shop.example/blog/h\u{E9}llo", linkOther("https://shop.example/blog/h\u{E9}llo")),
        link("leading-space", " https://shop.example/blog/hello", linkOther(" https://shop.example/blog/hello")),
        link("trailing-newline", "https://shop.example/blog/hello\n", linkOther("https://shop.example/blog/hello\n")),
        link("tab", "https://shop.example/blog/hel\tlo", linkOther("https://shop.example/blog/hel\tlo")),
        link(
          "space-in-ignored-param", "https://shop.example/blog/hello?q=a b",
          linkOther("https://shop.example/blog/hello?q=a b")),
        link(
          "nonascii-in-fragment", "https://shop.example/blog/hello#\u{3042}",
          linkOther("https://shop.example/blog/hello#\u{3042}")),
        link("pattern-text-as-url", "https://shop.example/blog/{slug}", linkOther("https://shop.example/blog/{slug}")),
      ])
  }

  @Test func query() {
    expectAll(
      suite,
      [
        link(
          "first-occurrence", "https://shop.example/column?id=a&id=b",
          linkMatch("blog", ["slug": "a"], "https://shop.example/column?id=a&id=b")),
        link(
          "other-params", "https://shop.example/column?utm=1&id=a&x",
          linkMatch("blog", ["slug": "a"], "https://shop.example/column?utm=1&id=a&x")),
        link("empty-value", "https://shop.example/column?id=", linkOther("https://shop.example/column?id=")),
        link("no-equals", "https://shop.example/column?id", linkOther("https://shop.example/column?id")),
        link(
          "first-is-empty", "https://shop.example/column?id=&id=b", linkOther("https://shop.example/column?id=&id=b")),
        link("key-case", "https://shop.example/column?ID=a", linkOther("https://shop.example/column?ID=a")),
        link("no-query", "https://shop.example/column", linkOther("https://shop.example/column")),
        link(
          "first-equals-split", "https://shop.example/column?id==x",
          linkMatch("blog", ["slug": "=x"], "https://shop.example/column?id==x")),
        link(
          "plus-literal", "https://shop.example/column?id=a+b",
          linkMatch("blog", ["slug": "a+b"], "https://shop.example/column?id=a+b")),
        link(
          "encoded-amp", "https://shop.example/column?id=a%26b",
          linkMatch("blog", ["slug": "a&b"], "https://shop.example/column?id=a%26b")),
        link(
          "fragment-ignored", "https://shop.example/column?id=a#id=b",
          linkMatch("blog", ["slug": "a"], "https://shop.example/column?id=a#id=b")),
        link(
          "path-query-ignored", "https://shop.example/blog/hello?utm_source=x#top",
          linkMatch("blog", ["slug": "hello"], "https://shop.example/blog/hello?utm_source=x#top")),
        link(
          "literal-query-value", "https://shop.example/list?type=blog&slug=a",
          obj(#"{"routes":[{"kind":"blog","pattern":"https://shop.example/list?type=blog&slug={slug}"}]}"#),
          linkMatch("blog", ["slug": "a"], "https://shop.example/list?type=blog&slug=a")),
        link(
          "literal-query-value-differs", "https://shop.example/list?type=Blog&slug=a",
          obj(#"{"routes":[{"kind":"blog","pattern":"https://shop.example/list?type=blog&slug={slug}"}]}"#),
          linkOther("https://shop.example/list?type=Blog&slug=a")),
        link(
          "literal-query-value-missing", "https://shop.example/list?slug=a",
          obj(#"{"routes":[{"kind":"blog","pattern":"https://shop.example/list?type=blog&slug={slug}"}]}"#),
          linkOther("https://shop.example/list?slug=a")),
        link(
          "literal-query-order-free", "https://shop.example/list?slug=a&type=blog",
          obj(#"{"routes":[{"kind":"blog","pattern":"https://shop.example/list?type=blog&slug={slug}"}]}"#),
          linkMatch("blog", ["slug": "a"], "https://shop.example/list?slug=a&type=blog")),
      ])
  }

  @Test func capturedValues() {
    let slug255 = String(repeating: "a", count: 255)
    let e255 = String(repeating: "%C3%A9", count: 255)
    let e256 = String(repeating: "%C3%A9", count: 256)
    let flags = String(repeating: "%F0%9F%87%AF%F0%9F%87%B5", count: 128)  // 256 scalars, 128 graphemes
    expectAll(
      suite,
      [
        link(
          "utf8", "https://shop.example/blog/%E3%81%82",
          linkMatch("blog", ["slug": "\u{3042}"], "https://shop.example/blog/%E3%81%82")),
        link(
          "lower-hex", "https://shop.example/blog/%e3%81%82",
          linkMatch("blog", ["slug": "\u{3042}"], "https://shop.example/blog/%e3%81%82")),
        link(
          "nfc-kept", "https://shop.example/blog/%C3%A9",
          linkMatch("blog", ["slug": "\u{E9}"], "https://shop.example/blog/%C3%A9")),
        link(
          "nfd-kept", "https://shop.example/blog/e%CC%81",
          linkMatch("blog", ["slug": "e\u{301}"], "https://shop.example/blog/e%CC%81")),
        link(
          "encoded-slash", "https://shop.example/blog/a%2Fb",
          linkMatch("blog", ["slug": "a/b"], "https://shop.example/blog/a%2Fb")),
        link(
          "decoded-once", "https://shop.example/blog/a%252F",
          linkMatch("blog", ["slug": "a%2F"], "https://shop.example/blog/a%252F")),
        link(
          "plus-in-path", "https://shop.example/blog/a+b",
          linkMatch("blog", ["slug": "a+b"], "https://shop.example/blog/a+b")),
        link(
          "encoded-space", "https://shop.example/blog/a%20b",
          linkMatch("blog", ["slug": "a b"], "https://shop.example/blog/a%20b")),
        link("bad-escape", "https://shop.example/blog/%zz", linkOther("https://shop.example/blog/%zz")),
        link("truncated-escape", "https://shop.example/blog/a%2", linkOther("https://shop.example/blog/a%2")),
        link("bad-utf8", "https://shop.example/blog/%FF", linkOther("https://shop.example/blog/%FF")),
        link("overlong", "https://shop.example/blog/%C0%AF", linkOther("https://shop.example/blog/%C0%AF")),
        link("surrogate", "https://shop.example/blog/%ED%A0%80", linkOther("https://shop.example/blog/%ED%A0%80")),
        link("truncated-utf8", "https://shop.example/blog/%E3%81", linkOther("https://shop.example/blog/%E3%81")),
        link(
          "bad-utf8-in-query-slug", "https://shop.example/column?id=%FF",
          linkOther("https://shop.example/column?id=%FF")),
        link(
          "bad-utf8-ignored-param", "https://shop.example/blog/hello?utm=%FF",
          linkMatch("blog", ["slug": "hello"], "https://shop.example/blog/hello?utm=%FF")),
        link(
          "slug-255", "https://shop.example/blog/" + slug255,
          linkMatch("blog", ["slug": .string(slug255)], "https://shop.example/blog/" + slug255)),
        link(
          "slug-256", "https://shop.example/blog/" + slug255 + "a",
          linkOther("https://shop.example/blog/" + slug255 + "a")),
        link(
          "slug-255-two-byte", "https://shop.example/blog/" + e255,
          linkMatch(
            "blog", ["slug": .string(String(repeating: "\u{E9}", count: 255))], "https://shop.example/blog/" + e255)),
        link("slug-256-two-byte", "https://shop.example/blog/" + e256, linkOther("https://shop.example/blog/" + e256)),
        link(
          "slug-256-scalars-128-flags", "https://shop.example/blog/" + flags,
          linkOther("https://shop.example/blog/" + flags)),
        link("id-leading-zero", "https://shop.example/posts/0123", linkOther("https://shop.example/posts/0123")),
        link("id-zero", "https://shop.example/posts/0", linkOther("https://shop.example/posts/0")),
        link(
          "id-19-digits-over-int64", "https://shop.example/posts/9999999999999999999",
          linkMatch("post", ["id": "9999999999999999999"], "https://shop.example/posts/9999999999999999999")),
        link(
          "id-20-digits", "https://shop.example/posts/10000000000000000000",
          linkOther("https://shop.example/posts/10000000000000000000")),
        link(
          "id-encoded-digits", "https://shop.example/posts/%31%32",
          linkMatch("post", ["id": "12"], "https://shop.example/posts/%31%32")),
        link("id-fullwidth", "https://shop.example/posts/%EF%BC%91", linkOther("https://shop.example/posts/%EF%BC%91")),
        link("id-letters", "https://shop.example/posts/abc", linkOther("https://shop.example/posts/abc")),
        link("id-negative", "https://shop.example/posts/-1", linkOther("https://shop.example/posts/-1")),
        link("id-plus", "https://shop.example/posts/+1", linkOther("https://shop.example/posts/+1")),
        link(
          "nul-slug", "https://shop.example/blog/%00",
          linkMatch("blog", ["slug": "\u{0}"], "https://shop.example/blog/%00")),
        link(
          "encoded-dotdot-slash-is-data", "https://shop.example/blog/%2e%2e%2f",
          linkMatch("blog", ["slug": "../"], "https://shop.example/blog/%2e%2e%2f")),
        link(
          "other-name-encoded", "https://shop.example/reviews/new?product_id=%E5%95%86",
          linkMatch("review_form", ["product_id": "\u{5546}"], "https://shop.example/reviews/new?product_id=%E5%95%86")),
      ])
  }

  @Test func routesAndUGC() {
    let fallThrough = obj(
      #"{"routes":[{"kind":"product","pattern":"https://shop.example/items/{id}"},{"kind":"blog","pattern":"https://shop.example/items/{slug}"}]}"#
    )
    let ugcFirst = obj(
      #"{"ugc_page_transition": false, "routes":[{"kind":"ugc","pattern":"https://shop.example/p/{id}"},{"kind":"post","pattern":"https://shop.example/p/{id}"}]}"#
    )
    expectAll(
      suite,
      [
        link(
          "first-wins", "https://shop.example/items/5", fallThrough,
          linkMatch("product", ["id": "5"], "https://shop.example/items/5")),
        link(
          "value-rule-falls-through", "https://shop.example/items/abc", fallThrough,
          linkMatch("blog", ["slug": "abc"], "https://shop.example/items/abc")),
        link(
          "ugc-off", "https://shop.example/ugc/9", siteRoutes(ugcPageTransition: false),
          .accept(output: ["kind": "none"])),
        link(
          "ugc-on", "https://shop.example/ugc/9", siteRoutes(ugcPageTransition: true),
          linkMatch("ugc", ["id": "9"], "https://shop.example/ugc/9")),
        link(
          "ugc-off-other-kinds", "https://shop.example/posts/1", siteRoutes(ugcPageTransition: false),
          linkMatch("post", ["id": "1"], "https://shop.example/posts/1")),
        link(
          "ugc-off-no-match", "https://shop.example/ugc/abc", siteRoutes(ugcPageTransition: false),
          linkOther("https://shop.example/ugc/abc")),
        link("ugc-off-first-match-wins", "https://shop.example/p/1", ugcFirst, .accept(output: ["kind": "none"])),
      ])
  }
}

// MARK: - 3.7 respondo.push.payload

private let conv = "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"
private let msg = "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63"
private let seedRespondo =
  #"{"type": "message", "conversation_id": "\#(conv)", "message_id": "\#(msg)", "deep_link": "respondo://conversation/\#(conv)"}"#
private let seedOutput = accept(
  #"{"type": "message", "conversation_id": "\#(conv)", "message_id": "\#(msg)", "deep_link": "respondo://conversation/\#(conv)"}"#
)
private let ios = obj(#"{"platform":"ios"}"#)
private let android = obj(#"{"platform":"android"}"#)

/// An iOS push whose `respondo` object is `body` (JSON text).
private func iosPush(_ id: String, _ body: String, _ expect: ConformanceKit.Expectation) -> AuditCase {
  cj(id, #"{"aps": {"alert": {"title": "t"}}, "respondo": \#(body)}"#, ios, expect)
}

/// The same push on Android: `respondo` holds the JSON text as a string.
private func androidPush(_ id: String, _ body: String, _ expect: ConformanceKit.Expectation) -> AuditCase {
  c(id, ["respondo": .string(body)], android, expect)
}

@Suite struct ContractAuditRespondoPayload {
  let suite = RespondoPushPayload()

  @Test func routingAndEncoding() {
    expectAll(
      suite,
      [
        cj("array", "[]", ios, reject("not_an_object")),
        cj("string", #""x""#, android, reject("not_an_object")),
        cj("no-respondo", #"{"aps": {"alert": "hi"}}"#, ios, reject("not_respondo")),
        cj("leeep-push", #"{"schema_version": "2", "website_id": "1"}"#, android, reject("not_respondo")),
        cj("respondo-case", #"{"Respondo": {}}"#, ios, reject("not_respondo")),
        cj("ios-string-empty-object", #"{"respondo": "{}"}"#, ios, reject("missing_key", "type")),
        c("ios-string-seed", ["respondo": .string(seedRespondo)], ios, seedOutput),
        cj("ios-not-json", #"{"respondo": "{type: message}"}"#, ios, reject("invalid_encoding")),
        cj("ios-json-array", #"{"respondo": "[]"}"#, ios, reject("invalid_encoding")),
        cj(
          "ios-duplicate-key", #"{"respondo": "{\"type\":\"campaign\",\"type\":\"message\"}"}"#, ios,
          reject("invalid_encoding")),
        cj("android-object", #"{"respondo": {"type":"message"}}"#, android, reject("invalid_encoding")),
        cj("null-value-ios", #"{"respondo": null}"#, ios, reject("invalid_encoding")),
        cj("null-value-android", #"{"respondo": null}"#, android, reject("invalid_encoding")),
        cj("android-not-json", #"{"respondo": "{type: message}"}"#, android, reject("invalid_encoding")),
        cj("android-json-array", #"{"respondo": "[]"}"#, android, reject("invalid_encoding")),
        cj("android-json-string", #"{"respondo": "\"x\""}"#, android, reject("invalid_encoding")),
        cj("android-json-null", #"{"respondo": "null"}"#, android, reject("invalid_encoding")),
        cj("android-trailing-text", #"{"respondo": "{} x"}"#, android, reject("invalid_encoding")),
        cj("android-empty-string", #"{"respondo": ""}"#, android, reject("invalid_encoding")),
        cj(
          "android-duplicate-key", #"{"respondo": "{\"type\":\"campaign\",\"type\":\"message\"}"}"#, android,
          reject("invalid_encoding")),
        iosPush("seed-ios", seedRespondo, seedOutput),
        androidPush("seed-android", seedRespondo, seedOutput),
        androidPush("android-ws-around", "  " + seedRespondo + "\n", seedOutput),
        cj("other-keys-ignored", #"{"aps": 1, "gcm.message_id": [1], "respondo": \#(seedRespondo)}"#, ios, seedOutput),
      ])
  }

  @Test func valuesAndType() {
    expectAll(
      suite,
      [
        iosPush(
          "number-value", #"{"type":"message","conversation_id":1,"message_id":"\#(msg)","deep_link":"x"}"#,
          reject("non_string_value", "conversation_id")),
        iosPush(
          "null-value", #"{"type":"campaign","delivery_id":"d","deep_link":null}"#,
          reject("non_string_value", "deep_link")),
        iosPush(
          "nested-object", #"{"type":"campaign","delivery_id":"d","extra":{"a":"b"}}"#,
          reject("non_string_value", "extra")),
        iosPush("non-string-before-missing-type", #"{"x":1}"#, reject("non_string_value", "x")),
        androidPush(
          "android-number-value", #"{"type":"campaign","delivery_id":5}"#, reject("non_string_value", "delivery_id")),
        iosPush("type-number", #"{"type":1}"#, reject("non_string_value", "type")),
        // "first such key" read in the contract's *key order* (UTF-8 bytes), not document order.
        iosPush(
          "first-non-string-in-key-order", #"{"type":1,"conversation_id":2}"#,
          reject("non_string_value", "conversation_id")),
        iosPush("empty", #"{}"#, reject("missing_key", "type")),
        iosPush("no-type", #"{"conversation_id":"\#(conv)"}"#, reject("missing_key", "type")),
        iosPush("type-case", #"{"type":"Message"}"#, reject("invalid_value", "type")),
        iosPush("type-other", #"{"type":"silent"}"#, reject("invalid_value", "type")),
        iosPush("type-empty", #"{"type":""}"#, reject("invalid_value", "type")),
      ])
  }

  @Test func message() {
    let dl = "respondo://conversation/\(conv)"
    expectAll(
      suite,
      [
        iosPush("missing-all", #"{"type":"message"}"#, reject("missing_key", "conversation_id")),
        iosPush(
          "missing-message-id", #"{"type":"message","conversation_id":"\#(conv)","deep_link":"\#(dl)"}"#,
          reject("missing_key", "message_id")),
        iosPush(
          "missing-deep-link", #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)"}"#,
          reject("missing_key", "deep_link")),
        iosPush(
          "missing-before-unknown", #"{"type":"message","conversation_id":"\#(conv)","title":"t"}"#,
          reject("missing_key", "message_id")),
        iosPush(
          "unknown-title",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":"\#(dl)","title":"t"}"#,
          reject("unknown_key", "title")),
        // "first such key" in key order: `body` sorts before `title` (document order would say `title`).
        iosPush(
          "unknown-title-body-key-order",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":"\#(dl)","title":"t","body":"b"}"#,
          reject("unknown_key", "body")),
        iosPush(
          "unknown-delivery-id",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":"\#(dl)","delivery_id":"d"}"#,
          reject("unknown_key", "delivery_id")),
        iosPush(
          "unknown-before-invalid",
          #"{"type":"message","conversation_id":"X","message_id":"\#(msg)","deep_link":"\#(dl)","zz":"t"}"#,
          reject("unknown_key", "zz")),
        iosPush(
          "conv-upper",
          #"{"type":"message","conversation_id":"\#(conv.uppercased())","message_id":"\#(msg)","deep_link":"respondo://conversation/\#(conv.uppercased())"}"#,
          reject("invalid_value", "conversation_id")),
        iosPush(
          "conv-before-message", #"{"type":"message","conversation_id":"x","message_id":"y","deep_link":"z"}"#,
          reject("invalid_value", "conversation_id")),
        iosPush(
          "message-id-braces",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"{\#(msg)}","deep_link":"\#(dl)"}"#,
          reject("invalid_value", "message_id")),
        iosPush(
          "message-id-no-dashes",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg.split(separator: "-").joined())","deep_link":"\#(dl)"}"#,
          reject("invalid_value", "message_id")),
        iosPush(
          "uuid-before-deep-link", #"{"type":"message","conversation_id":"\#(conv)","message_id":"x","deep_link":"x"}"#,
          reject("invalid_value", "message_id")),
        iosPush(
          "deep-link-other-conversation",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":"respondo://conversation/\#(msg)"}"#,
          reject("deep_link_mismatch")),
        iosPush(
          "deep-link-trailing-slash",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":"\#(dl)/"}"#,
          reject("deep_link_mismatch")),
        iosPush(
          "deep-link-scheme-case",
          #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":"Respondo://conversation/\#(conv)"}"#,
          reject("deep_link_mismatch")),
        iosPush(
          "deep-link-empty", #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(msg)","deep_link":""}"#,
          reject("deep_link_mismatch")),
        iosPush(
          "same-ids", #"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(conv)","deep_link":"\#(dl)"}"#,
          accept(#"{"type":"message","conversation_id":"\#(conv)","message_id":"\#(conv)","deep_link":"\#(dl)"}"#)),
      ])
  }

  @Test func campaign() {
    expectAll(
      suite,
      [
        iosPush("no-delivery-id", #"{"type":"campaign"}"#, reject("missing_key", "delivery_id")),
        iosPush("empty-delivery-id", #"{"type":"campaign","delivery_id":""}"#, reject("invalid_value", "delivery_id")),
        iosPush(
          "empty-deep-link", #"{"type":"campaign","delivery_id":"d1","deep_link":""}"#,
          reject("invalid_value", "deep_link")),
        iosPush(
          "both-empty", #"{"type":"campaign","delivery_id":"","deep_link":""}"#, reject("invalid_value", "delivery_id")),
        iosPush(
          "minimal", #"{"type":"campaign","delivery_id":"d1"}"#,
          accept(#"{"type":"campaign","delivery_id":"d1","extra":{}}"#)),
        iosPush(
          "with-deep-link-and-extra",
          #"{"type":"campaign","delivery_id":"d1","deep_link":"https://x.example/a","coupon":"C1","conversation_id":"x"}"#,
          accept(
            #"{"type":"campaign","delivery_id":"d1","deep_link":"https://x.example/a","extra":{"coupon":"C1","conversation_id":"x"}}"#
          )),
        iosPush(
          "extra-empty-value-kept", #"{"type":"campaign","delivery_id":" ","k":""}"#,
          accept(#"{"type":"campaign","delivery_id":" ","extra":{"k":""}}"#)),
        iosPush(
          "extra-nfc-nfd-keys", #"{"type":"campaign","delivery_id":"d","\u00e9":"1","e\u0301":"2"}"#,
          accept(#"{"type":"campaign","delivery_id":"d","extra":{"\u00e9":"1","e\u0301":"2"}}"#)),
        androidPush(
          "android-campaign", #"{"type":"campaign","delivery_id":"d1","k":"v"}"#,
          accept(#"{"type":"campaign","delivery_id":"d1","extra":{"k":"v"}}"#)),
      ])
  }
}

// MARK: - 3.8 respondo.deep-link

@Suite struct ContractAuditRespondoDeepLink {
  let suite = RespondoDeepLink()

  @Test func agreesWithSpec() {
    let p = "respondo://conversation/"
    expectAll(
      suite,
      [
        cj("null", "null", reject("not_a_string")),
        cj("object", #"{"conversation_id":"x"}"#, reject("not_a_string")),
        c("valid", str(p + conv), accept(["conversation_id": .string(conv)])),
        c("scheme-case", str("Respondo://conversation/" + conv), reject("not_respondo_link")),
        c("host-case", str("respondo://Conversation/" + conv), reject("not_respondo_link")),
        c("no-trailing-slash", str("respondo://conversation"), reject("not_respondo_link")),
        c("one-slash", str("respondo:/conversation/" + conv), reject("not_respondo_link")),
        c("https", str("https://conversation/" + conv), reject("not_respondo_link")),
        c("leading-space", str(" " + p + conv), reject("not_respondo_link")),
        c("empty", str(""), reject("not_respondo_link")),
        c("trailing-slash", str(p + conv + "/"), reject("unexpected_component")),
        c("query", str(p + conv + "?x=1"), reject("unexpected_component")),
        c("fragment", str(p + conv + "#m"), reject("unexpected_component")),
        c("more-segments", str(p + conv + "/messages/" + msg), reject("unexpected_component")),
        c("bad-id-then-segment", str(p + "nope/x"), reject("unexpected_component")),
        c("empty-id", str(p), reject("invalid_conversation_id")),
        c("upper-id", str(p + conv.uppercased()), reject("invalid_conversation_id")),
        c("id-trailing-newline", str(p + conv + "\n"), reject("invalid_conversation_id")),
        c("id-no-dashes", str(p + conv.split(separator: "-").joined()), reject("invalid_conversation_id")),
        c("id-encoded-dash", str(p + "a1c4e7b2%2D5d38-4f6a-9e10-3b7c2d5f8a90"), reject("invalid_conversation_id")),
        c("id-fullwidth-digit", str(p + "\u{FF11}" + conv.dropFirst()), reject("invalid_conversation_id")),
        c(
          "nil-uuid", str(p + "00000000-0000-0000-0000-000000000000"),
          accept(["conversation_id": "00000000-0000-0000-0000-000000000000"])),
      ])
  }
}

// MARK: - 3.9 respondo.push.token

@Suite struct ContractAuditRespondoPushToken {
  let suite = RespondoPushToken()

  private func t(_ id: String, _ platform: String, _ token: String, _ expect: ConformanceKit.Expectation) -> AuditCase {
    c(id, ["platform": .string(platform), "token": .string(token)], JSONObject(), expect)
  }

  @Test func agreesWithSpec() {
    let hex64 = String(repeating: "0b", count: 32)
    let fcm = fid + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ-_0"
    expectAll(
      suite,
      [
        cj("array", "[]", reject("not_an_object")),
        cj("string", #""abc""#, reject("not_an_object")),
        cj("no-platform", #"{"token":"x"}"#, reject("invalid_value", "platform")),
        cj("platform-web", #"{"platform":"web","token":"x"}"#, reject("invalid_value", "platform")),
        cj("platform-case", #"{"platform":"iOS","token":"x"}"#, reject("invalid_value", "platform")),
        cj("platform-flutter", #"{"platform":"flutter","token":"x"}"#, reject("invalid_value", "platform")),
        cj("platform-number", #"{"platform":1}"#, reject("invalid_value", "platform")),
        cj("platform-before-token", #"{"platform":"x"}"#, reject("invalid_value", "platform")),
        cj("token-absent", #"{"platform":"ios"}"#, reject("missing_token")),
        cj("token-null-flutter-ios", #"{"platform":"flutter-ios","token":null}"#, reject("missing_token")),
        cj("token-empty-android", #"{"platform":"android","token":""}"#, reject("missing_token")),
        cj("token-number", #"{"platform":"android","token":123}"#, reject("invalid_value", "token")),
        cj("token-bool", #"{"platform":"ios","token":true}"#, reject("invalid_value", "token")),
        cj("token-array", #"{"platform":"ios","token":["\#(hex64)"]}"#, reject("invalid_value", "token")),
        t("ios-64", "ios", hex64, accept(["transport": "apns", "token": .string(hex64)])),
        t("flutter-ios-64", "flutter-ios", hex64, accept(["transport": "apns", "token": .string(hex64)])),
        t("ios-66", "ios", hex64 + "ab", accept(["transport": "apns", "token": .string(hex64 + "ab")])),
        t(
          "ios-200", "ios", String(repeating: "a", count: 200),
          accept(["transport": "apns", "token": .string(String(repeating: "a", count: 200))])),
        t("ios-202", "ios", String(repeating: "a", count: 202), reject("invalid_apns_token")),
        t("ios-62", "ios", String(hex64.dropLast(2)), reject("invalid_apns_token")),
        t("ios-65-odd", "ios", hex64 + "a", reject("invalid_apns_token")),
        t("ios-upper", "ios", hex64.uppercased(), reject("invalid_apns_token")),
        t("ios-trailing-newline", "ios", hex64 + "\n", reject("invalid_apns_token")),
        t("ios-description", "ios", "<" + hex64 + ">", reject("invalid_apns_token")),
        t("ios-fid", "ios", fid, reject("invalid_apns_token")),
        t("ios-fcm", "ios", fcm, reject("fcm_token_on_ios")),
        t("flutter-ios-fcm", "flutter-ios", fcm, reject("fcm_token_on_ios")),
        t("ios-hex-then-colon", "ios", hex64 + ":", reject("fcm_token_on_ios")),
        t("ios-space", "ios", " ", reject("invalid_apns_token")),
        t("android-fcm", "android", fcm, accept(["transport": "fcm", "token": .string(fcm)])),
        t("flutter-android-fcm", "flutter-android", fcm, accept(["transport": "fcm", "token": .string(fcm)])),
        t("android-apns", "android", hex64, reject("apns_token_on_android")),
        t("flutter-android-apns", "flutter-android", hex64, reject("apns_token_on_android")),
        t(
          "android-64-upper-hex", "android", hex64.uppercased(),
          accept(["transport": "fcm", "token": .string(hex64.uppercased())])),
        t("android-66-hex", "android", hex64 + "ab", accept(["transport": "fcm", "token": .string(hex64 + "ab")])),
        t(
          "android-4096", "android", String(repeating: "A", count: 4096),
          accept(["transport": "fcm", "token": .string(String(repeating: "A", count: 4096))])),
        t("android-4097", "android", String(repeating: "A", count: 4097), reject("invalid_fcm_token")),
        t("android-one-char", "android", "a", accept(["transport": "fcm", "token": "a"])),
        t("android-space", "android", "a b", reject("invalid_fcm_token")),
        t("android-dot", "android", "a.b", reject("invalid_fcm_token")),
        t("android-nonascii", "android", "\u{E9}", reject("invalid_fcm_token")),
        t("android-fullwidth", "android", "\u{FF21}", reject("invalid_fcm_token")),
        t("android-trailing-newline", "android", fcm + "\n", reject("invalid_fcm_token")),
      ])
  }
}

// MARK: - 3.10 adapty.onboarding.event

private func channel(_ name: String) -> JSONObject { ["channel": .string(name)] }
private let meta = #""meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 0, "total_screens": 4}"#
private let metaOut = #""meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": 0, "total_screens": 4}"#

private func ev(_ id: String, _ ch: String, _ input: String, _ expect: ConformanceKit.Expectation) -> AuditCase {
  cj(id, input, channel(ch), expect)
}

private func metaWith(_ index: String, _ total: String) -> String {
  #""meta": {"onboarding_id": "o", "screen_cid": "s", "screen_index": \#(index), "total_screens": \#(total)}"#
}

@Suite struct ContractAuditAdapty {
  let suite = AdaptyOnboardingEvent()

  @Test func seedExamples() {
    expectAll(
      suite,
      [
        ev(
          "seed-custom", "custom_action",
          #"{"actionId":"allowNotifications","meta":{"onboardingId":"onboarding_123","screenClientId":"profile_screen","screenIndex":0,"screensTotal":3}}"#,
          accept(
            #"{"channel":"custom_action","action_id":"allowNotifications","meta":{"onboarding_id":"onboarding_123","screen_cid":"profile_screen","screen_index":0,"total_screens":3}}"#
          )),
        ev(
          "seed-close", "close_action",
          #"{"action_id":"close_button","meta":{"onboarding_id":"onboarding_123","screen_cid":"final_screen","screen_index":3,"total_screens":4}}"#,
          accept(
            #"{"channel":"close_action","action_id":"close_button","meta":{"onboarding_id":"onboarding_123","screen_cid":"final_screen","screen_index":3,"total_screens":4}}"#
          )),
        ev(
          "seed-paywall", "paywall_action", #"{"action_id":"premium_offer_1",\#(meta)}"#,
          accept(#"{"channel":"paywall_action","action_id":"premium_offer_1",\#(metaOut)}"#)),
        ev("seed-loading", "finished_loading", #"{\#(meta)}"#, accept(#"{"channel":"finished_loading",\#(metaOut)}"#)),
        ev(
          "seed-started", "analytics", #"{"name":"onboarding_started",\#(meta)}"#,
          accept(#"{"channel":"analytics","event":"onboarding_started",\#(metaOut)}"#)),
        ev(
          "seed-screen-completed", "analytics",
          #"{"name":"screen_completed",\#(meta),"params":{"element_id":"profile_form","reply":"success"}}"#,
          accept(
            #"{"channel":"analytics","event":"screen_completed",\#(metaOut),"element_id":"profile_form","reply":"success"}"#
          )),
        ev(
          "screen-completed-camel-element", "analytics",
          #"{"name":"screen_completed",\#(meta),"params":{"elementId":"e"}}"#,
          accept(#"{"channel":"analytics","event":"screen_completed",\#(metaOut),"element_id":"e"}"#)),
        ev(
          "screen-completed-no-params", "analytics", #"{"name":"screen_completed",\#(meta)}"#,
          accept(#"{"channel":"analytics","event":"screen_completed",\#(metaOut)}"#)),
        ev(
          "screen-presented-params-not-output", "analytics",
          #"{"name":"screen_presented",\#(meta),"params":{"element_id":"e","reply":"r"}}"#,
          accept(#"{"channel":"analytics","event":"screen_presented",\#(metaOut)}"#)),
        ev(
          "second-screen", "analytics", #"{"name":"second_screen_presented",\#(meta)}"#,
          accept(#"{"channel":"analytics","event":"second_screen_presented",\#(metaOut)}"#)),
        ev(
          "email", "analytics", #"{"name":"user_email_collected",\#(meta)}"#,
          accept(#"{"channel":"analytics","event":"user_email_collected",\#(metaOut)}"#)),
        ev(
          "completed", "analytics", #"{"name":"onboarding_completed",\#(meta)}"#,
          accept(#"{"channel":"analytics","event":"onboarding_completed",\#(metaOut)}"#)),
        ev(
          "unknown-name", "analytics", #"{"name":"paywall_shown",\#(meta)}"#,
          accept(#"{"channel":"analytics","event":"unknown","name":"paywall_shown",\#(metaOut)}"#)),
        ev(
          "unknown-keys-ignored", "custom_action",
          #"{"action_id":"a","extra":1,"meta":{"onboarding_id":"o","screen_cid":"s","screen_index":0,"total_screens":4,"x":null}}"#,
          accept(#"{"channel":"custom_action","action_id":"a",\#(metaOut)}"#)),
      ])
  }

  @Test func checksInOrder() {
    expectAll(
      suite,
      [
        ev("not-object", "custom_action", #""x""#, reject("not_an_object")),
        ev("not-object-array", "analytics", "[]", reject("not_an_object")),
        // 2. duplicate_field
        ev(
          "dup-action", "custom_action", #"{"action_id":"a","actionId":"a",\#(meta)}"#,
          reject("duplicate_field", "action_id")),
        ev(
          "dup-before-missing", "close_action", #"{"action_id":"a","actionId":"b"}"#,
          reject("duplicate_field", "action_id")),
        ev(
          "dup-meta", "finished_loading",
          #"{"meta":{"onboarding_id":"o","onboardingId":"o","screen_cid":"s","screen_index":0,"total_screens":4}}"#,
          reject("duplicate_field", "onboarding_id")),
        ev(
          "dup-meta-total", "finished_loading",
          #"{"meta":{"onboarding_id":"o","screen_cid":"s","screen_index":0,"total_screens":4,"screensTotal":4}}"#,
          reject("duplicate_field", "total_screens")),
        ev(
          "dup-meta-before-missing", "finished_loading", #"{"meta":{"screenIndex":0,"screen_index":0}}"#,
          reject("duplicate_field", "screen_index")),
        ev(
          "dup-params", "analytics",
          #"{"name":"screen_completed",\#(meta),"params":{"element_id":"a","elementId":"b"}}"#,
          reject("duplicate_field", "element_id")),
        // Step 2 is structural, before the channel-specific step 3: on every channel.
        ev(
          "dup-action-on-loading", "finished_loading", #"{"action_id":"a","actionId":"a",\#(meta)}"#,
          reject("duplicate_field", "action_id")),
        ev(
          "dup-action-on-analytics", "analytics", #"{"name":"n","action_id":"a","actionId":"a",\#(meta)}"#,
          reject("duplicate_field", "action_id")),
        ev(
          "dup-params-on-action", "custom_action",
          #"{"action_id":"a",\#(meta),"params":{"element_id":"a","elementId":"b"}}"#,
          reject("duplicate_field", "element_id")),
        // 3. missing_key
        ev("missing-action", "custom_action", #"{\#(meta)}"#, reject("missing_key", "action_id")),
        ev("missing-action-before-meta", "paywall_action", #"{}"#, reject("missing_key", "action_id")),
        ev("missing-name", "analytics", #"{\#(meta)}"#, reject("missing_key", "name")),
        ev("missing-meta", "finished_loading", #"{}"#, reject("missing_key", "meta")),
        ev("missing-meta-after-bad-action-type", "custom_action", #"{"action_id":1}"#, reject("missing_key", "meta")),
        ev("missing-onboarding-id", "finished_loading", #"{"meta":{}}"#, reject("missing_key", "onboarding_id")),
        ev(
          "missing-screen-index", "finished_loading",
          #"{"meta":{"onboarding_id":"o","screen_cid":"s","total_screens":4}}"#,
          reject("missing_key", "screen_index")),
        ev(
          "missing-total", "finished_loading", #"{"meta":{"onboarding_id":"o","screen_cid":"s","screen_index":0}}"#,
          reject("missing_key", "total_screens")),
        ev(
          "missing-nested-before-type", "custom_action", #"{"action_id":1,"meta":{"onboarding_id":"o"}}"#,
          reject("missing_key", "screen_cid")),
        // 4. invalid_type
        ev("action-number", "custom_action", #"{"action_id":1,\#(meta)}"#, reject("invalid_type", "action_id")),
        ev("action-null", "custom_action", #"{"action_id":null,\#(meta)}"#, reject("invalid_type", "action_id")),
        ev("name-number", "analytics", #"{"name":1,\#(meta)}"#, reject("invalid_type", "name")),
        ev("meta-null", "finished_loading", #"{"meta":null}"#, reject("invalid_type", "meta")),
        ev("meta-string", "custom_action", #"{"action_id":"a","meta":"{}"}"#, reject("invalid_type", "meta")),
        ev(
          "action-type-before-meta-type", "custom_action", #"{"action_id":1,"meta":[]}"#,
          reject("invalid_type", "action_id")),
        ev(
          "onboarding-id-number", "finished_loading",
          #"{"meta":{"onboarding_id":1,"screen_cid":2,"screen_index":0,"total_screens":4}}"#,
          reject("invalid_type", "onboarding_id")),
        ev(
          "screen-cid-null", "finished_loading",
          #"{"meta":{"onboarding_id":"o","screen_cid":null,"screen_index":0,"total_screens":4}}"#,
          reject("invalid_type", "screen_cid")),
        ev(
          "index-string", "finished_loading", #"{\#(metaWith(#""1""#, "4"))}"#, reject("invalid_type", "screen_index")),
        ev(
          "index-fraction", "finished_loading", #"{\#(metaWith("1.5", "4"))}"#, reject("invalid_type", "screen_index")),
        ev("index-bool", "finished_loading", #"{\#(metaWith("true", "4"))}"#, reject("invalid_type", "screen_index")),
        ev(
          "total-fraction", "finished_loading", #"{\#(metaWith("0", "3.5"))}"#, reject("invalid_type", "total_screens")),
        ev(
          "index-type-before-total-type", "finished_loading", #"{\#(metaWith("0.5", "\"4\""))}"#,
          reject("invalid_type", "screen_index")),
        ev(
          "tiny-fraction", "finished_loading", #"{\#(metaWith("1e-1", "4"))}"#, reject("invalid_type", "screen_index")),
        ev(
          "params-null", "analytics", #"{"name":"screen_completed",\#(meta),"params":null}"#,
          reject("invalid_type", "params")),
        ev(
          "params-string", "analytics", #"{"name":"onboarding_started",\#(meta),"params":"x"}"#,
          reject("invalid_type", "params")),
        ev(
          "element-number", "analytics", #"{"name":"screen_completed",\#(meta),"params":{"element_id":1,"reply":2}}"#,
          reject("invalid_type", "element_id")),
        ev(
          "reply-number", "analytics", #"{"name":"screen_completed",\#(meta),"params":{"reply":2}}"#,
          reject("invalid_type", "reply")),
        ev(
          "type-before-value", "custom_action",
          #"{"action_id":"","meta":{"onboarding_id":"","screen_cid":"s","screen_index":-1,"total_screens":"4"}}"#,
          reject("invalid_type", "total_screens")),
        // 5. invalid_value
        ev("action-empty", "custom_action", #"{"action_id":"",\#(meta)}"#, reject("invalid_value", "action_id")),
        ev("name-empty", "analytics", #"{"name":"",\#(meta)}"#, reject("invalid_value", "name")),
        ev(
          "onboarding-empty", "finished_loading",
          #"{"meta":{"onboarding_id":"","screen_cid":"","screen_index":0,"total_screens":4}}"#,
          reject("invalid_value", "onboarding_id")),
        ev(
          "cid-empty", "finished_loading",
          #"{"meta":{"onboarding_id":"o","screen_cid":"","screen_index":0,"total_screens":4}}"#,
          reject("invalid_value", "screen_cid")),
        ev(
          "index-negative", "finished_loading", #"{\#(metaWith("-1", "4"))}"#, reject("invalid_value", "screen_index")),
        ev("total-zero", "finished_loading", #"{\#(metaWith("0", "0"))}"#, reject("invalid_value", "total_screens")),
        ev(
          "negative-index-before-total", "finished_loading", #"{\#(metaWith("-1", "0"))}"#,
          reject("invalid_value", "screen_index")),
        ev(
          "index-equals-total", "finished_loading", #"{\#(metaWith("4", "4"))}"#,
          reject("invalid_value", "screen_index")),
        ev(
          "index-above-total", "finished_loading", #"{\#(metaWith("5", "4.0"))}"#,
          reject("invalid_value", "screen_index")),
        ev(
          "index-equals-total-spelled", "finished_loading", #"{\#(metaWith("4", "40e-1"))}"#,
          reject("invalid_value", "screen_index")),
        ev(
          "huge-index-equals", "finished_loading", #"{\#(metaWith("1e400", "1e400"))}"#,
          reject("invalid_value", "screen_index")),
        ev(
          "int64-boundary", "finished_loading", #"{\#(metaWith("9223372036854775808", "9223372036854775807"))}"#,
          reject("invalid_value", "screen_index")),
        ev(
          "space-is-not-empty", "custom_action", #"{"action_id":" ",\#(meta)}"#,
          accept(#"{"channel":"custom_action","action_id":" ",\#(metaOut)}"#)),
      ])
  }

  @Test func numbers() {
    func out(_ index: String, _ total: String) -> ConformanceKit.Expectation {
      accept(
        #"{"channel":"finished_loading","meta":{"onboarding_id":"o","screen_cid":"s","screen_index":\#(index),"total_screens":\#(total)}}"#
      )
    }
    expectAll(
      suite,
      [
        ev("one-point-zero", "finished_loading", #"{\#(metaWith("1.0", "2.0"))}"#, out("1", "2")),
        ev("exponent", "finished_loading", #"{\#(metaWith("1E+0", "20e-1"))}"#, out("1", "2")),
        ev("minus-zero", "finished_loading", #"{\#(metaWith("-0", "1"))}"#, out("0", "1")),
        ev("zero-point-zero", "finished_loading", #"{\#(metaWith("0.0", "1"))}"#, out("0", "1")),
        ev("huge-total", "finished_loading", #"{\#(metaWith("0", "1e400"))}"#, out("0", "1e400")),
        ev("huge-both", "finished_loading", #"{\#(metaWith("1e399", "1e400"))}"#, out("1e399", "1e400")),
        ev(
          "beyond-int64", "finished_loading", #"{\#(metaWith("9223372036854775807", "9223372036854775808"))}"#,
          out("9223372036854775807", "9223372036854775808")),
        ev("last-screen", "finished_loading", #"{\#(metaWith("3", "4"))}"#, out("3", "4")),
      ])
  }

  @Test func ignoredFields() {
    expectAll(
      suite,
      [
        ev(
          "action-ignored-on-loading", "finished_loading", #"{"action_id":1,\#(meta)}"#,
          accept(#"{"channel":"finished_loading",\#(metaOut)}"#)),
        ev(
          "name-ignored-on-action", "custom_action", #"{"action_id":"a","name":1,\#(meta)}"#,
          accept(#"{"channel":"custom_action","action_id":"a",\#(metaOut)}"#)),
      ])
  }
}

// MARK: - 3.11 fanship.sequence

private func fl(_ usesLocation: Bool, _ permission: String) -> JSONObject {
  ["scenario": "first_launch", "uses_location": .bool(usesLocation), "push_permission": .string(permission)]
}

private func rc(_ state: String) -> JSONObject { ["scenario": "receive", "app_state": .string(state)] }

private func trace(_ steps: [String]) -> JSONValue { .array(steps.map { .string($0) }) }

@Suite struct ContractAuditFanship {
  let suite = FanshipSequence()

  @Test func firstLaunch() {
    let full = [
      "app_launch", "shared_receiver", "load_settings", "did_get_popinfo_id", "location_opt_in_dialog",
      "push_opt_in_dialog", "did_register_device_token", "register_token",
    ]
    let noLocation = full.filter { $0 != "location_opt_in_dialog" }
    expectAll(
      suite,
      [
        c("not-array", "app_launch", fl(true, "allow"), reject("not_an_array")),
        c("object", ["0": "app_launch"], fl(true, "allow"), reject("not_an_array")),
        c("null", nil, fl(true, "allow"), reject("not_an_array")),
        c("non-string-item", ["app_launch", 1], fl(true, "allow"), reject("not_an_array")),
        c("empty", [], fl(true, "allow"), accept(#"{"ready_for_push": false}"#)),
        c("full-location-allow", trace(full), fl(true, "allow"), accept(#"{"ready_for_push": true}"#)),
        c("full-no-location-allow", trace(noLocation), fl(false, "allow"), accept(#"{"ready_for_push": true}"#)),
        c("prefix", trace(Array(full.prefix(5))), fl(true, "allow"), accept(#"{"ready_for_push": false}"#)),
        c(
          "popinfo-late",
          trace([
            "app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog", "did_register_device_token",
            "did_get_popinfo_id", "register_token",
          ]), fl(false, "allow"), accept(#"{"ready_for_push": true}"#)),
        c(
          "deny-stops-before-register", trace(Array(full.dropLast())), fl(true, "deny"),
          accept(#"{"ready_for_push": false}"#)),
        c("deny-register", trace(full), fl(true, "deny"), reject("unexpected_step", "register_token")),
        c("location-not-used", trace(full), fl(false, "allow"), reject("unexpected_step", "location_opt_in_dialog")),
        c(
          "push-before-location", trace(["app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog"]),
          fl(true, "allow"),
          reject("out_of_order", "push_opt_in_dialog")),
        c("not-first", trace(["shared_receiver"]), fl(true, "allow"), reject("out_of_order", "shared_receiver")),
        c(
          "launch-twice", trace(["app_launch", "app_launch"]), fl(true, "allow"), reject("duplicate_step", "app_launch")
        ),
        c("unknown", trace(["app_launch", "bogus"]), fl(true, "allow"), reject("unknown_step", "bogus")),
        c(
          "unknown-receive-step", trace(["app_launch", "banner_shown"]), fl(true, "allow"),
          reject("unknown_step", "banner_shown")),
        c(
          "unknown-camel", trace(["app_launch", "sharedReceiver"]), fl(true, "allow"),
          reject("unknown_step", "sharedReceiver")),
        c(
          "unknown-trailing-newline", trace(["app_launch\n"]), fl(true, "allow"), reject("unknown_step", "app_launch\n")
        ),
        c(
          "unknown-before-unexpected", trace(["x", "location_opt_in_dialog"]), fl(false, "allow"),
          reject("unknown_step", "x")),
        c(
          "unexpected-before-out-of-order", trace(["location_opt_in_dialog"]), fl(false, "allow"),
          reject("unexpected_step", "location_opt_in_dialog")),
        c(
          "unexpected-before-duplicate",
          trace(["app_launch", "shared_receiver", "load_settings", "location_opt_in_dialog", "location_opt_in_dialog"]),
          fl(false, "deny"), reject("unexpected_step", "location_opt_in_dialog")),
        c(
          "duplicate-before-out-of-order", trace(["app_launch", "shared_receiver", "shared_receiver"]),
          fl(true, "allow"),
          reject("duplicate_step", "shared_receiver")),
        c(
          "register-without-popinfo",
          trace([
            "app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog", "did_register_device_token",
            "register_token",
          ]),
          fl(false, "allow"), reject("out_of_order", "register_token")),
        c(
          "register-without-token",
          trace(["app_launch", "shared_receiver", "load_settings", "did_get_popinfo_id", "register_token"]),
          fl(false, "allow"), reject("out_of_order", "register_token")),
        c(
          "device-token-before-dialog",
          trace(["app_launch", "shared_receiver", "load_settings", "did_register_device_token"]),
          fl(false, "allow"), reject("out_of_order", "did_register_device_token")),
        c(
          "device-token-when-denied",
          trace(["app_launch", "shared_receiver", "load_settings", "push_opt_in_dialog", "did_register_device_token"]),
          fl(false, "deny"), accept(#"{"ready_for_push": false}"#)),
        c(
          "first-error-wins", trace(["app_launch", "load_settings", "bogus"]), fl(true, "allow"),
          reject("out_of_order", "load_settings")),
      ])
  }

  @Test func receive() {
    let terminated = [
      "banner_shown", "banner_tapped", "did_finish_launching", "did_receive_notification_response",
      "receive_notification",
    ]
    let background = terminated.filter { $0 != "did_finish_launching" }
    let foreground = ["did_receive_remote_notification", "receive_notification"]
    expectAll(
      suite,
      [
        c("empty", [], rc("terminated"), accept(#"{"content_fetched": false, "shown": null}"#)),
        c("terminated-full", trace(terminated), rc("terminated"), accept(#"{"content_fetched": true, "shown": null}"#)),
        c(
          "terminated-detail", trace(terminated + ["show_detail"]), rc("terminated"),
          accept(#"{"content_fetched": true, "shown": "detail"}"#)),
        c(
          "background-list", trace(background + ["show_list"]), rc("background"),
          accept(#"{"content_fetched": true, "shown": "list"}"#)),
        c(
          "foreground-list", trace(foreground + ["show_list"]), rc("foreground"),
          accept(#"{"content_fetched": true, "shown": "list"}"#)),
        c(
          "banner-only", trace(["banner_shown"]), rc("background"),
          accept(#"{"content_fetched": false, "shown": null}"#)),
        c(
          "background-finish-launching", trace(terminated), rc("background"),
          reject("unexpected_step", "did_finish_launching")),
        c(
          "foreground-finish-launching", trace(["did_finish_launching"]), rc("foreground"),
          reject("unexpected_step", "did_finish_launching")),
        c("foreground-banner", trace(["banner_shown"]), rc("foreground"), reject("unexpected_step", "banner_shown")),
        c(
          "foreground-banner-tapped", trace(["did_receive_remote_notification", "banner_tapped"]), rc("foreground"),
          reject("unexpected_step", "banner_tapped")),
        c("tap-before-show", trace(["banner_tapped"]), rc("terminated"), reject("out_of_order", "banner_tapped")),
        c(
          "terminated-skip-launch", trace(background), rc("terminated"),
          reject("out_of_order", "did_receive_notification_response")),
        c(
          "show-before-receive",
          trace(["banner_shown", "banner_tapped", "did_receive_notification_response", "show_list"]), rc("background"),
          reject("out_of_order", "show_list")),
        c(
          "second-show-other", trace(foreground + ["show_list", "show_detail"]), rc("foreground"),
          reject("unexpected_step", "show_detail")),
        c(
          "second-show-same", trace(foreground + ["show_detail", "show_detail"]), rc("foreground"),
          reject("unexpected_step", "show_detail")),
        c(
          "after-show-duplicate", trace(foreground + ["show_list", "receive_notification"]), rc("foreground"),
          reject("duplicate_step", "receive_notification")),
        c(
          "receive-twice", trace(foreground + ["receive_notification"]), rc("foreground"),
          reject("duplicate_step", "receive_notification")),
        c("unknown-first-launch-step", trace(["app_launch"]), rc("terminated"), reject("unknown_step", "app_launch")),
        c(
          "background-remote-notification", trace(["did_receive_remote_notification"]), rc("background"),
          reject("unexpected_step", "did_receive_remote_notification")),
        c(
          "foreground-notification-response",
          trace(["did_receive_remote_notification", "did_receive_notification_response"]), rc("foreground"),
          reject("unexpected_step", "did_receive_notification_response")),
        c(
          "unknown-method-name", trace(["receiveNotification:"]), rc("terminated"),
          reject("unknown_step", "receiveNotification:")),
        c("non-string", [1], rc("terminated"), reject("not_an_array")),
      ])
  }
}

// MARK: - Checks that need no context

/// Inputs that fail a check which needs no context, sent with the context left out (a vector
/// file's `context` and a test's `context` are both optional in docs/vector-format.md, and SPEC gives a
/// default for none of `routes`, `platform`, `channel`, `scenario`, `expected_scope`). By "first
/// failing rule wins" that check's rejection is the answer, not a context error: a suite reads a
/// context key only at the first check that needs it.
@Suite struct ContractAuditContextFree {
  @Test func firstCheckWithoutContext() {
    expectAll(LeeepLink(), [cj("link-not-a-string-no-context", "42", reject("not_a_string"))])
    expectAll(
      RespondoPushPayload(),
      [
        cj("payload-not-an-object-no-context", "[]", reject("not_an_object")),
        // not_respondo needs no platform either (step 3 is the first to read it).
        cj("payload-not-respondo-no-context", #"{"aps": {"alert": "hi"}}"#, reject("not_respondo")),
      ])
    expectAll(
      AdaptyOnboardingEvent(),
      [
        cj("adapty-not-an-object-no-context", #""x""#, reject("not_an_object")),
        // Step 2 is structural too: both spellings, whatever the channel.
        cj(
          "adapty-duplicate-no-context", #"{"action_id": "a", "actionId": "a"}"#, reject("duplicate_field", "action_id")
        ),
      ])
    expectAll(FanshipSequence(), [cj("fanship-not-an-array-no-context", #""x""#, reject("not_an_array"))])
    // Checks 1–8 of docs/suites/leeep.push.payload.md need no expected_scope; check 9 is the first to compare with it.
    expectAll(
      LeeepPushPayload(),
      [
        cj("push-not-an-object-no-context", "[]", reject("not_an_object")),
        cj("push-non-string-no-context", #"{"schema_version": 2}"#, reject("non_string_value", "schema_version")),
        cj("push-legacy-no-context", #"{"schema_version": "1"}"#, reject("unsupported_schema", "schema_version")),
      ])
    expectAll(
      LeeepBlogMatch(),
      [
        cj("blog-match-not-arguments-no-context", "[]", reject("invalid_argument")),
        cj(
          "blog-match-payload-error-no-context",
          #"{"data": [], "website_id": "1", "slug": "s", "ugc_id": "1", "is_public": true}"#,
          reject("not_an_object")),
      ])
  }
}

// MARK: - Deviations (known issues)

@Suite struct ContractAuditDeviations {
  /// docs/suites/respondo.push.payload.md step 3 is only "a string that is not a JSON object"; a valid RFC 8259 object nested
  /// deeper than the project's parser limit (256) is still a JSON object, so step 4 applies.
  @Test func deeplyNestedAndroidPayload() {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    // Decision (docs/suites/respondo.push.payload.md): the JSON text in the Android string is
    // read with the same bounded depth (256) as vector files, so hostile push data cannot
    // exhaust the stack; deeper text is invalid_encoding, not non_string_value. Real FCM data
    // payloads are capped at 4 KB and flat.
    expectAll(
      RespondoPushPayload(),
      [
        androidPush(
          "android-deep-nesting", #"{"type":"campaign","a":\#(deep)}"#,
          reject("invalid_encoding", "respondo"))
      ])
  }
}
