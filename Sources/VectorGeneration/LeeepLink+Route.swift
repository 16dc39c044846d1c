import ConformanceJSON
import ConformanceKit

/// Path segments, query pairs, fragments, route order and UGC page transition.
extension LeeepLink {
  static func paths() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "path: same number of segments (one trailing / ignored on either side), literal segments equal raw text, a placeholder takes one non-empty segment",
      context: siteContext)
    func blog(_ id: String, _ description: String, _ url: String, slug: String, tags: [String] = []) {
      file.match(id, description, url, kind: "blog", params: ["slug": slug], tags: tags)
    }
    blog("path.trailing-slash.link", "one trailing / on the link is ignored", "\(site)/blog/spring/", slug: "spring")
    file.other(
      "path.trailing-slash.link-two", "two trailing slashes leave an extra empty segment", "\(site)/blog/spring//")
    blog(
      "path.trailing-slash.before-query", "a trailing / before the query is ignored",
      "\(site)/blog/spring/?utm_source=leeep", slug: "spring")
    blog(
      "path.trailing-slash.before-fragment", "a trailing / before the fragment is ignored",
      "\(site)/blog/spring/#top", slug: "spring")
    file.match(
      "path.trailing-slash.query-route", "a trailing / after the literal path of a query route is ignored",
      "\(site)/column/?id=spring", kind: "blog", params: ["slug": "spring"])
    let slashPattern = context(["blog": "https://shop.example/blog/{slug}/"])
    file.match(
      "path.trailing-slash.pattern", "a trailing / on the pattern is ignored: it matches a link without one",
      "\(site)/blog/spring", kind: "blog", params: ["slug": "spring"], context: slashPattern)
    file.match(
      "path.trailing-slash.both", "a trailing / on both sides is ignored", "\(site)/blog/spring/", kind: "blog",
      params: ["slug": "spring"], context: slashPattern)
    file.other(
      "path.trailing-slash.pattern-link-two", "only one trailing / is ignored on the link",
      "\(site)/blog/spring//", context: slashPattern)
    let top = context(["campaign": "https://shop.example/"])
    file.match(
      "path.root.empty-path", "an empty path equals the pattern path /", "https://shop.example", kind: "campaign",
      params: [:], tags: ["boundary"], context: top)
    file.match(
      "path.root.empty-path-with-query", "an empty path followed by a query equals /",
      "https://shop.example?utm_source=leeep", kind: "campaign", params: [:], tags: ["boundary"], context: top)
    file.match(
      "path.root.slash-for-empty-pattern", "the path / equals a pattern without a path", "https://shop.example/",
      kind: "campaign", params: [:], tags: ["boundary"], context: context(["campaign": "https://shop.example"]))
    file.other(
      "path.root.double-slash", "// is one empty segment, not the root", "https://shop.example//", context: top)
    let blogHost = context(["blog": "https://blog.shop.example/{slug}"])
    file.match(
      "path.placeholder.first-segment", "a placeholder may be the only segment", "https://blog.shop.example/spring",
      kind: "blog", params: ["slug": "spring"], context: blogHost)
    file.other(
      "path.placeholder.first-segment-empty", "the root has no segment for the placeholder",
      "https://blog.shop.example/", context: blogHost)
    file.other("path.segments.too-few", "/blog has one segment, the pattern two", "\(site)/blog")
    file.other(
      "path.segments.too-few-trailing-slash", "/blog/ is /blog: the trailing slash does not make an empty slug",
      "\(site)/blog/")
    file.other("path.segments.too-many", "/blog/spring/page2 has three segments", "\(site)/blog/spring/page2")
    file.other("path.segments.too-many-trailing", "/blog/a/b/ has three segments", "\(site)/blog/a/b/")
    file.other(
      "path.segments.empty-placeholder", "/blog// gives the placeholder an empty segment", "\(site)/blog//")
    file.other("path.segments.empty-middle", "/blog//spring has an empty middle segment", "\(site)/blog//spring")
    file.other("path.segments.leading-double-slash", "//blog/spring has an empty first segment", "\(site)//blog/spring")
    file.other(
      "path.segments.prefix", "/en/blog/spring has a language prefix the pattern lacks", "\(site)/en/blog/spring")
    file.other(
      "path.literal.capitalised", "/Blog is not /blog: literal segments are case-sensitive", "\(site)/Blog/spring")
    file.other("path.literal.uppercase", "/BLOG is not /blog", "\(site)/BLOG/spring")
    file.other(
      "path.literal.percent-encoded-letter", "/%62log is not /blog: literal segments compare as raw text",
      "\(site)/%62log/spring")
    file.other(
      "path.literal.percent-encoded-query-route", "/%63olumn is not /column", "\(site)/%63olumn?id=spring")
    file.other("path.literal.longer", "/blogs is not /blog", "\(site)/blogs/spring")
    file.other("path.literal.shorter", "/blo is not /blog", "\(site)/blo/spring")
    let encodedLiteral = context(["blog": "https://shop.example/%E3%83%96%E3%83%AD%E3%82%B0/{slug}"])
    file.match(
      "path.literal.pattern-percent-encoded", "a percent-encoded literal in the pattern matches the same raw text",
      "\(site)/%E3%83%96%E3%83%AD%E3%82%B0/spring", kind: "blog", params: ["slug": "spring"], tags: ["unicode"],
      context: encodedLiteral)
    file.other(
      "path.literal.pattern-percent-lowercase-link",
      "lowercase hex is other raw text than the pattern's uppercase: literals are never decoded",
      "\(site)/%e3%83%96%e3%83%ad%e3%82%b0/spring", tags: ["unicode"], context: encodedLiteral)
    blog(
      "path.placeholder.case-kept", "the captured slug keeps its case", "\(site)/blog/Spring-Coordinate",
      slug: "Spring-Coordinate")
    blog(
      "path.placeholder.sub-delimiters", "RFC 3986 sub-delimiters are ordinary characters of a segment",
      "\(site)/blog/a!$&'()*,;=b", slug: "a!$&'()*,;=b")
    blog("path.placeholder.colon-at", ": and @ are allowed in a segment", "\(site)/blog/a:b@c", slug: "a:b@c")
    blog("path.placeholder.unreserved", "unreserved marks ~ _ - . are kept", "\(site)/blog/~a_b-c.d", slug: "~a_b-c.d")
    blog(
      "path.placeholder.matrix-parameter", "; has no meaning: ;jsessionid=1 is part of the slug",
      "\(site)/blog/spring;jsessionid=1", slug: "spring;jsessionid=1")
    blog(
      "path.placeholder.plus", "+ in a segment is a literal plus", "\(site)/blog/a+b", slug: "a+b", tags: ["cross-sdk"])
    blog("path.placeholder.triple-dot", "... is not a dot segment: it is a slug", "\(site)/blog/...", slug: "...")
    blog("path.placeholder.leading-dot", ".hidden is not a dot segment", "\(site)/blog/.hidden", slug: ".hidden")
    blog("path.placeholder.trailing-dot", "spring. is not a dot segment", "\(site)/blog/spring.", slug: "spring.")
    blog("path.placeholder.inner-dots", "a..b is not a dot segment", "\(site)/blog/a..b", slug: "a..b")
    file.match(
      "path.placeholder.two", "a pattern may capture two segments", "\(site)/staff/42/posts/1001", kind: "post",
      params: ["staff_id": "42", "id": "1001"],
      context: context(["post": "https://shop.example/staff/{staff_id}/posts/{id}"]))
    return file.file(at: "\(folder)/path.json")
  }

  static func queries() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "query: each pattern pair is the first occurrence of its key (split on &, then the first =); other parameters are ignored; + is a plus",
      context: siteContext)
    func column(_ id: String, _ description: String, _ query: String, slug: String, tags: [String] = []) {
      file.match(id, description, "\(site)/column?\(query)", kind: "blog", params: ["slug": slug], tags: tags)
    }
    func columnOther(_ id: String, _ description: String, _ query: String, tags: [String] = []) {
      file.other(id, description, "\(site)/column?\(query)", tags: tags)
    }
    column("query.extra-before", "parameters before id are ignored", "utm_source=leeep&id=spring", slug: "spring")
    column("query.extra-after", "parameters after id are ignored", "id=spring&utm_source=leeep", slug: "spring")
    file.match(
      "query.order.reversed", "the pattern's pairs may come in any order in the link",
      "\(site)/reviews/new?cart_product_id=7001&product_id=SKU-001", kind: "review_form",
      params: ["product_id": "SKU-001", "cart_product_id": "7001"])
    file.match(
      "query.order.interleaved", "other parameters may sit between the pattern's pairs",
      "\(site)/reviews/new?cart_product_id=7001&utm_source=leeep&product_id=SKU-001", kind: "review_form",
      params: ["product_id": "SKU-001", "cart_product_id": "7001"])
    column(
      "query.duplicate.first-wins", "with id twice the first occurrence is the value", "id=first&id=second",
      slug: "first")
    columnOther(
      "query.duplicate.first-empty", "the first id is empty, so the placeholder fails; the second is not used",
      "id=&id=second")
    columnOther(
      "query.duplicate.first-without-equals", "the first id has no = (an empty value); the second is not used",
      "id&id=second")
    file.match(
      "query.duplicate.review-form", "a repeated product_id gives its first value",
      "\(site)/reviews/new?product_id=A&product_id=B",
      kind: "review_form", params: ["product_id": "A"])
    columnOther(
      "query.empty-value", "id= is an empty value: a placeholder takes a non-empty value", "id=", tags: ["boundary"])
    columnOther("query.without-equals", "id without = has an empty value", "id")
    columnOther("query.missing-key", "no id parameter at all", "slug=spring")
    file.other("query.no-query", "/column without a query has no id", "\(site)/column")
    file.other("query.empty-query", "/column? has an empty query", "\(site)/column?")
    columnOther("query.key-case", "ID is not id: keys compare as raw text, case-sensitively", "ID=spring")
    columnOther("query.key-percent-encoded", "%69d is not id: keys are not decoded", "%69d=spring")
    columnOther("query.key-trailing-plus", "id+ is not id", "id+=spring")
    columnOther("query.key-prefix", "xid is not id", "xid=spring")
    columnOther("query.key-suffix", "idx is not id", "idx=spring")
    columnOther("query.key-array-style", "id%5B%5D is not id", "id%5B%5D=spring")
    column("query.value-with-equals", "the pair splits at the first =: the rest is the value", "id=a=b", slug: "a=b")
    column("query.value-starting-with-equals", "id==x has the value =x", "id==x", slug: "=x")
    column("query.value-with-question-mark", "? is allowed in a query value", "id=a?b", slug: "a?b")
    column("query.value-with-slash", "/ is allowed in a query value", "id=a/b", slug: "a/b")
    column("query.value-with-colon-at", ": and @ are allowed in a query value", "id=a:b@c", slug: "a:b@c")
    column("query.encoded-ampersand", "%26 is decoded to & inside the value", "id=a%26b", slug: "a&b")
    column("query.encoded-equals", "%3D is decoded to = inside the value", "id=a%3Db", slug: "a=b")
    columnOther(
      "query.encoded-separators", "an encoded & and = do not split pairs: there is no id key", "x=1%26id%3Dspring")
    columnOther("query.semicolon-separator", "; does not separate pairs", "x=1;id=spring")
    columnOther(
      "query.second-question-mark", "a second ? is part of the first pair's value", "x=1?id=spring")
    column("query.empty-pairs", "empty pairs between & are skipped", "&&id=spring&&", slug: "spring")
    column("query.plus.literal", "+ is a literal plus, never a space", "id=a+b", slug: "a+b", tags: ["cross-sdk"])
    column("query.plus.only", "a value of one + is the slug +", "id=+", slug: "+", tags: ["cross-sdk"])
    column("query.plus.encoded-space", "%20 is a space", "id=a%20b", slug: "a b")
    column("query.plus.encoded-plus", "%2B is a plus", "id=a%2Bb", slug: "a+b")
    column(
      "query.value-dot-dot", "the dot-segment rule is about path segments: .. is an ordinary query value",
      "id=..", slug: "..")
    file.match(
      "query.ignored-on-path-route", "a route without a query ignores every parameter, even one named id",
      "\(site)/blog/spring?id=summer", kind: "blog", params: ["slug": "spring"])
    let typed = context([
      "blog": "https://shop.example/page?type=blog&id={slug}",
      "post": "https://shop.example/page?type=post&id={id}",
    ])
    func page(_ id: String, _ description: String, _ query: String, kind: String, params: KeyValuePairs<String, String>)
    {
      file.match(id, description, "\(site)/page?\(query)", kind: kind, params: params, context: typed)
    }
    func pageOther(_ id: String, _ description: String, _ query: String) {
      file.other(id, description, "\(site)/page?\(query)", context: typed)
    }
    page(
      "query.literal.blog", "a literal value type=blog selects the blog route", "type=blog&id=spring", kind: "blog",
      params: ["slug": "spring"])
    page(
      "query.literal.post", "type=post selects the post route", "type=post&id=1001", kind: "post",
      params: ["id": "1001"])
    page(
      "query.literal.order", "the literal pair may come after the placeholder", "id=spring&type=blog", kind: "blog",
      params: ["slug": "spring"])
    pageOther(
      "query.literal.case", "type=Blog is not type=blog: literal values compare as raw text", "type=Blog&id=spring")
    pageOther(
      "query.literal.percent-encoded", "type=bl%6Fg is not type=blog: literal values are not decoded",
      "type=bl%6Fg&id=spring")
    pageOther("query.literal.longer", "type=blogs is not type=blog", "type=blogs&id=spring")
    pageOther("query.literal.empty", "type= is not type=blog", "type=&id=spring")
    pageOther("query.literal.missing", "without type neither route matches", "id=spring")
    page(
      "query.literal.first-occurrence-post", "type=post first: the post route matches even with a later type=blog",
      "type=post&type=blog&id=1001", kind: "post", params: ["id": "1001"])
    page(
      "query.literal.first-occurrence-blog", "type=blog first: the blog route matches even with a later type=post",
      "type=blog&type=post&id=1001", kind: "blog", params: ["slug": "1001"])
    let preview = context(["blog": "https://shop.example/preview?draft=&id={slug}"])
    file.match(
      "query.literal-empty.equals", "a pattern pair draft= needs the first draft to be empty",
      "\(site)/preview?draft=&id=spring",
      kind: "blog", params: ["slug": "spring"], context: preview)
    file.match(
      "query.literal-empty.without-equals", "draft without = has the empty value", "\(site)/preview?draft&id=spring",
      kind: "blog", params: ["slug": "spring"], context: preview)
    file.other(
      "query.literal-empty.not-empty", "draft=1 is not the empty literal", "\(site)/preview?draft=1&id=spring",
      context: preview)
    return file.file(at: "\(folder)/query.json")
  }

  static func fragments() -> GeneratedFile {
    var file = LinkVectorFile(
      description: "the fragment is ignored (but must be RFC 3986); a query inside the fragment is no query",
      context: siteContext)
    func blog(_ id: String, _ description: String, _ url: String) {
      file.match(id, description, url, kind: "blog", params: ["slug": "spring"])
    }
    blog("fragment.ignored", "a fragment is ignored", "\(site)/blog/spring#comments")
    blog("fragment.empty", "an empty fragment is ignored", "\(site)/blog/spring#")
    blog("fragment.after-query", "a fragment after the query is ignored", "\(site)/column?id=spring#top")
    blog("fragment.with-question-mark", "? is allowed in a fragment", "\(site)/blog/spring#a?b")
    blog("fragment.with-slashes", "/ is allowed in a fragment", "\(site)/blog/spring#/a/b")
    blog(
      "fragment.with-id-pair", "id=… inside the fragment is not a query parameter", "\(site)/column?id=spring#id=summer"
    )
    blog("fragment.bad-utf8", "the fragment is never decoded: %FF there does not matter", "\(site)/blog/spring#%FF")
    file.other(
      "fragment.query-inside", "#?id=spring is a fragment, so the link has no query", "\(site)/column#?id=spring")
    file.other("fragment.hash-route", "a hash route #/blog/spring is a fragment, not a path", "\(site)/#/blog/spring")
    file.other("fragment.second-hash", "a second # is not allowed in an RFC 3986 fragment", "\(site)/blog/spring#a#b")
    file.other("fragment.bad-escape", "%zz in the fragment is not an RFC 3986 URI", "\(site)/blog/spring#%zz")
    file.other("fragment.raw-space", "a raw space in the fragment is not an RFC 3986 URI", "\(site)/blog/spring#a b")
    file.other(
      "fragment.non-ascii", "non-ASCII in the fragment is not an RFC 3986 URI", "\(site)/blog/spring#コメント",
      tags: ["unicode"])
    return file.file(at: "\(folder)/fragment.json")
  }

  static func routeOrder() -> GeneratedFile {
    var file = LinkVectorFile(
      description: "routes are tried in order and the first route that matches wins, values included",
      context: siteContext)
    let productFirst = context([
      "product": "https://shop.example/items/{id}",
      "blog": "https://shop.example/items/{slug}",
    ])
    file.match(
      "routes.first-wins.product-first", "/items/123 matches the first route, product", "\(site)/items/123",
      kind: "product", params: ["id": "123"], context: productFirst)
    file.match(
      "routes.falls-through.id-rule", "/items/abc fails the id rule of the first route; the second, blog, matches",
      "\(site)/items/abc", kind: "blog", params: ["slug": "abc"], context: productFirst)
    file.match(
      "routes.first-wins.blog-first", "with blog first, /items/123 is a blog slug", "\(site)/items/123", kind: "blog",
      params: ["slug": "123"],
      context: context(["blog": "https://shop.example/items/{slug}", "product": "https://shop.example/items/{id}"]))
    file.match(
      "routes.first-wins.placeholder-before-literal", "a placeholder route listed first wins over a later literal one",
      "\(site)/blog/featured", kind: "blog", params: ["slug": "featured"],
      context: context(["blog": "https://shop.example/blog/{slug}", "campaign": "https://shop.example/blog/featured"]))
    file.match(
      "routes.first-wins.literal-before-placeholder", "a literal route listed first wins over a later placeholder one",
      "\(site)/blog/featured", kind: "campaign", params: [:],
      context: context(["campaign": "https://shop.example/blog/featured", "blog": "https://shop.example/blog/{slug}"]))
    let slugThenName = context([
      "blog": "https://shop.example/blog/{slug}", "campaign": "https://shop.example/blog/{name}",
    ])
    let longSlug = String(repeating: "a", count: 256)
    file.match(
      "routes.falls-through.slug-rule", "a 256-scalar slug fails the blog route; the next route has no length limit",
      "\(site)/blog/\(longSlug)", kind: "campaign", params: ["name": longSlug], tags: ["boundary"],
      context: slugThenName)
    file.other(
      "routes.falls-through.bad-utf8-everywhere", "bad UTF-8 fails every route that captures it",
      "\(site)/blog/%FF", context: slugThenName)
    file.match(
      "routes.same-pattern-twice", "two routes with the same pattern: the first kind wins", "\(site)/people/42",
      kind: "staff", params: ["id": "42"],
      context: context(["staff": "https://shop.example/people/{id}", "post": "https://shop.example/people/{id}"]))
    let columnTwice = context([
      "blog": "https://shop.example/column?id={slug}",
      "post": "https://shop.example/column?post={id}",
    ])
    file.match(
      "routes.query-routes.first", "a link with both keys matches the first query route",
      "\(site)/column?post=12&id=spring",
      kind: "blog", params: ["slug": "spring"], context: columnTwice)
    file.match(
      "routes.query-routes.second", "a link with only post= matches the second query route", "\(site)/column?post=12",
      kind: "post", params: ["id": "12"], context: columnTwice)
    let bothSchemes = context([
      "blog": "http://shop.example/blog/{slug}",
      "blog": "https://shop.example/blog/{slug}",
    ])
    file.match(
      "routes.both-schemes.http", "a site listed with http and https routes matches an http link",
      "http://shop.example/blog/spring", kind: "blog", params: ["slug": "spring"], context: bothSchemes)
    file.match(
      "routes.both-schemes.https", "a site listed with http and https routes matches an https link",
      "https://shop.example/blog/spring", kind: "blog", params: ["slug": "spring"], context: bothSchemes)
    file.match(
      "routes.site-routes.second-blog-form", "the site's second blog route (column) matches after the first fails",
      "\(site)/column?id=summer", kind: "blog", params: ["slug": "summer"])
    file.match(
      "routes.site-routes.last-route", "the last site route matches when every earlier one fails",
      "\(site)/reviews/new/",
      kind: "review_form", params: [:])
    return file.file(at: "\(folder)/routes.json")
  }

  static func ugcPageTransition() -> GeneratedFile {
    var transitionOff = siteContext
    transitionOff["ugc_page_transition"] = false
    var file = LinkVectorFile(
      description:
        "ugc_page_transition false: a ugc match shows the popup, no callback (kind none); other kinds are unchanged",
      context: transitionOff)
    file.none("ugc.off.ugc-link", "a UGC post link with page transition off gives none", "\(site)/ugc/20001")
    file.none(
      "ugc.off.ugc-link-trailing-slash", "a matching UGC link with a trailing / also gives none", "\(site)/ugc/20001/")
    file.match(
      "ugc.off.blog-link", "page transition off does not change a blog link", "\(site)/blog/spring", kind: "blog",
      params: ["slug": "spring"])
    file.match(
      "ugc.off.post-link", "page transition off does not change a post link", "\(site)/posts/1001", kind: "post",
      params: ["id": "1001"])
    file.other(
      "ugc.off.other-link", "page transition off does not change an unmatched link", "\(site)/campaign", valid: true)
    file.other(
      "ugc.off.ugc-bad-id", "a UGC link whose id fails the id rule matches no route: other, not none",
      "\(site)/ugc/abc")
    file.other(
      "ugc.off.ugc-link-userinfo", "a UGC-looking link with userinfo matches no route: other",
      "https://user@shop.example/ugc/20001",
      tags: ["security"])
    var transitionOn = JSONObject()
    transitionOn["ugc_page_transition"] = true
    file.match(
      "ugc.on.ugc-link", "with ugc_page_transition true a UGC link gives ugc", "\(site)/ugc/20001", kind: "ugc",
      params: ["id": "20001"], context: transitionOn)
    var ugcFirst = context(["ugc": "https://shop.example/posts/{id}", "post": "https://shop.example/posts/{id}"])
    ugcFirst["ugc_page_transition"] = false
    file.none(
      "ugc.off.no-fall-through", "the first matching route is ugc: none, later routes are not tried",
      "\(site)/posts/1001",
      context: ugcFirst)
    var postFirst = context(["post": "https://shop.example/posts/{id}", "ugc": "https://shop.example/posts/{id}"])
    postFirst["ugc_page_transition"] = false
    file.match(
      "ugc.off.post-route-first", "a post route before the ugc route matches first", "\(site)/posts/1001", kind: "post",
      params: ["id": "1001"], context: postFirst)
    var twoForms = context(["ugc": "https://shop.example/ugc/{id}", "ugc": "https://shop.example/ugc-posts?id={id}"])
    twoForms["ugc_page_transition"] = false
    file.none(
      "ugc.off.second-ugc-form", "a ugc match by a second ugc route also gives none", "\(site)/ugc-posts?id=20001",
      context: twoForms)
    var customKind = context(["ugc_detail": "https://shop.example/ugc/{id}"])
    customKind["ugc_page_transition"] = false
    file.match(
      "ugc.off.only-kind-ugc", "only the kind ugc is suppressed: ugc_detail is another kind", "\(site)/ugc/20001",
      kind: "ugc_detail", params: ["id": "20001"], context: customKind)
    return file.file(at: "\(folder)/ugc-page-transition.json")
  }
}
