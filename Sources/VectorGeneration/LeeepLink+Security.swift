import ConformanceJSON
import ConformanceKit

/// URI syntax (only RFC 3986 characters, ASCII only) and the security set: links crafted so a
/// lenient parser would take them for a page of the site.
extension LeeepLink {
  static func syntax() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "a link must be an RFC 3986 URI in ASCII: a raw character outside RFC 3986 anywhere makes it other",
      context: siteContext)
    let rawCharacters: [(String, String, [String])] = [
      ("space", " ", []), ("tab", "\t", []), ("newline", "\n", []), ("carriage-return", "\r", []),
      ("nul", "\u{0}", []), ("control-01", "\u{1}", []), ("delete", "\u{7F}", []), ("double-quote", "\"", []),
      ("less-than", "<", []), ("greater-than", ">", []), ("backslash", "\\", []), ("caret", "^", []),
      ("backtick", "`", []), ("left-brace", "{", []), ("right-brace", "}", []), ("pipe", "|", []),
      ("left-bracket", "[", []), ("right-bracket", "]", []), ("hiragana", "あ", ["unicode"]),
      ("e-acute", "é", ["unicode"]), ("no-break-space", "\u{A0}", ["unicode"]),
      ("ideographic-space", "\u{3000}", ["unicode"]), ("zero-width-space", "\u{200B}", ["unicode"]),
      ("byte-order-mark", "\u{FEFF}", ["unicode"]), ("right-to-left-override", "\u{202E}", ["unicode"]),
      ("emoji", "🌸", ["unicode"]),
    ]
    for (name, character, tags) in rawCharacters {
      file.other(
        "syntax.path.raw-\(name)", "a raw \(name) in the path is not an RFC 3986 URI (it must be percent-encoded)",
        "\(site)/blog/a\(character)b", tags: tags)
    }
    let inQuery: Set<String> = [
      "space", "tab", "double-quote", "less-than", "backslash", "pipe", "left-bracket", "right-bracket",
      "hiragana", "caret",
    ]
    for (name, character, tags) in rawCharacters where inQuery.contains(name) {
      file.other(
        "syntax.query.raw-\(name)", "a raw \(name) in the query value is not an RFC 3986 URI",
        "\(site)/column?id=a\(character)b", tags: tags)
    }
    file.other(
      "syntax.query.raw-space-in-other-parameter", "a raw space in an ignored parameter still makes the link no URI",
      "\(site)/column?id=spring&q=a b")
    file.other(
      "syntax.query.brackets-in-other-parameter",
      "raw [] in an ignored parameter (tags[]=) are not RFC 3986 in a query",
      "\(site)/column?id=spring&tags[]=a")
    file.other(
      "syntax.pattern-as-link", "the route pattern itself is no URI ({ and } are not RFC 3986 characters)",
      "\(site)/blog/{slug}", tags: ["integration-mistake"])
    file.other("syntax.whitespace-only", "a single space is no URI", " ", tags: ["boundary"])
    file.other("syntax.scheme-only", "https: alone has no host", "https:", tags: ["boundary"])
    file.other("syntax.scheme-and-slashes", "https:// has an empty host", "https://", tags: ["boundary"])
    file.other("syntax.scheme.leading-digit", "a scheme starts with a letter", "1https://shop.example/blog/spring")
    file.other("syntax.scheme.underscore", "_ is not a scheme character", "ht_tps://shop.example/blog/spring")
    file.other(
      "syntax.scheme.percent-encoded", "a scheme cannot be percent-encoded", "ht%74ps://shop.example/blog/spring")
    file.other("syntax.scheme.empty", "://shop.example has an empty scheme", "://shop.example/blog/spring")
    return file.file(at: "\(folder)/syntax.json")
  }

  static func security() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "security: userinfo, look-alike hosts, dot segments, backslashes, whitespace, relative links and other schemes never match a route",
      context: siteContext)
    func spoof(_ id: String, _ description: String, _ url: String, tags: [String] = []) {
      file.other(id, description, url, tags: ["security"] + tags)
    }
    func data(_ id: String, _ description: String, _ url: String, slug: String, tags: [String] = []) {
      file.match(id, description, url, kind: "blog", params: ["slug": slug], tags: ["security"] + tags)
    }
    // Userinfo: the host is what follows the last @, never the text before it.
    spoof(
      "security.userinfo.site-as-user", "shop.example@ is userinfo; the host is evil.example",
      "https://shop.example@evil.example/blog/spring")
    spoof(
      "security.userinfo.site-and-port-as-user", "shop.example:443@ is userinfo; the host is evil.example",
      "https://shop.example:443@evil.example/blog/spring")
    spoof(
      "security.userinfo.on-the-site", "even on the site's host a link with userinfo never matches",
      "https://user@shop.example/blog/spring")
    spoof(
      "security.userinfo.password", "user:password@ on the site's host never matches",
      "https://user:password@shop.example/blog/spring")
    spoof(
      "security.userinfo.empty", "an empty userinfo (@shop.example) never matches", "https://@shop.example/blog/spring")
    spoof(
      "security.userinfo.two-at-signs", "a@shop.example@evil.example has userinfo",
      "https://a@shop.example@evil.example/blog/spring")
    spoof(
      "security.userinfo.encoded-at-in-host", "shop.example%40evil.example: percent-encoding is not allowed in a host",
      "https://shop.example%40evil.example/blog/spring")
    spoof(
      "security.userinfo.backslash-before-at", "a backslash before @ (parsers disagree on it) is not RFC 3986",
      "https://shop.example\\@evil.example/blog/spring", tags: ["cross-sdk"])
    spoof(
      "security.userinfo.fragment-after-host", "evil.example#@shop.example: the host is evil.example",
      "https://evil.example#@shop.example/blog/spring")
    spoof(
      "security.userinfo.query-after-host", "evil.example?@shop.example: the host is evil.example",
      "https://evil.example?@shop.example/blog/spring")
    data(
      "security.userinfo.at-in-path", "@ in the path is data of the slug, not userinfo",
      "\(site)/blog/a@evil.example", slug: "a@evil.example")
    // Look-alike hosts: compared as text ignoring ASCII case, nothing else.
    spoof(
      "security.host.site-as-subdomain", "shop.example.evil.example is evil.example's",
      "https://shop.example.evil.example/blog/spring")
    spoof("security.host.dash-prefix", "evil-shop.example is another host", "https://evil-shop.example/blog/spring")
    spoof("security.host.concatenated", "evilshop.example is another host", "https://evilshop.example/blog/spring")
    spoof(
      "security.host.dash-for-dot", "shop-example.evil.example is another host",
      "https://shop-example.evil.example/blog/spring")
    spoof("security.host.no-dot", "shopexample is another host", "https://shopexample/blog/spring")
    spoof(
      "security.host.trailing-dot", "shop.example. (trailing dot) is compared as text: another host",
      "https://shop.example./blog/spring")
    spoof(
      "security.host.punycode-lookalike", "xn--hop-ehd (Cyrillic ѕhop) is compared as written, never decoded",
      "https://xn--hop-ehd.example/blog/spring")
    spoof(
      "security.host.punycode-umlaut", "xn--shp-tna (shöp) is another host", "https://xn--shp-tna.example/blog/spring")
    spoof(
      "security.host.cyrillic-raw", "a raw Cyrillic ѕ in the host is non-ASCII", "https://ѕhop.example/blog/spring",
      tags: ["unicode"])
    spoof(
      "security.host.fullwidth", "full-width ｓｈｏｐ is non-ASCII (WHATWG would fold it to shop)",
      "https://ｓｈｏｐ.example/blog/spring", tags: ["unicode", "cross-sdk"])
    spoof(
      "security.host.ideographic-full-stop", "shop。example (U+3002) is non-ASCII (WHATWG would read a dot)",
      "https://shop。example/blog/spring", tags: ["unicode", "cross-sdk"])
    spoof(
      "security.host.percent-encoded-letter",
      "%73hop.example: percent-encoding is not allowed in a host (WHATWG would decode it)",
      "https://%73hop.example/blog/spring", tags: ["cross-sdk"])
    spoof(
      "security.host.percent-encoded-dot", "shop%2Eexample: percent-encoding is not allowed in a host",
      "https://shop%2Eexample/blog/spring")
    spoof(
      "security.host.decimal-ip", "a decimal IPv4 (3232235777) is not the site's name", "https://3232235777/blog/spring"
    )
    spoof(
      "security.host.site-in-path", "the site's name in the path of another host",
      "https://evil.example/shop.example/blog/spring")
    spoof(
      "security.host.site-in-query", "the site's URL in a query of another host",
      "https://evil.example/redirect?url=https://shop.example/blog/spring")
    spoof(
      "security.host.site-in-fragment", "the site's URL in the fragment of another host",
      "https://evil.example/#https://shop.example/blog/spring")
    spoof(
      "security.host.port-with-host", "shop.example:evil.example is no port: not a URI",
      "https://shop.example:evil.example/blog/spring")
    spoof(
      "security.host.null-byte", "a NUL after the host name is not RFC 3986",
      "https://shop.example\u{0}.evil.example/blog/spring")
    // Dot segments are never resolved: a link with one matches nothing.
    let dotSegments: [(String, String, String)] = [
      ("raw-double", "\(site)/blog/..", "/blog/.. has a .. segment"),
      ("raw-single", "\(site)/blog/.", "/blog/. has a . segment"),
      ("traversal-into-route", "\(site)/evil/../blog/spring", "/evil/../blog/spring is never resolved to /blog/spring"),
      ("single-into-route", "\(site)/./blog/spring", "/./blog/spring is never resolved to /blog/spring"),
      ("trailing-single", "\(site)/blog/spring/.", "a trailing . segment"),
      ("trailing-double", "\(site)/blog/spring/..", "a trailing .. segment"),
      ("encoded-lowercase", "\(site)/blog/%2e%2e", "%2e%2e is an encoded .."),
      ("encoded-uppercase", "\(site)/blog/%2E%2E", "%2E%2E is an encoded .."),
      ("encoded-mixed-case", "\(site)/blog/%2E%2e", "%2E%2e is an encoded .."),
      ("half-encoded-second", "\(site)/blog/.%2e", ".%2e is an encoded .."),
      ("half-encoded-first", "\(site)/blog/%2E.", "%2E. is an encoded .."),
      ("encoded-single-lowercase", "\(site)/blog/%2e", "%2e is an encoded ."),
      ("encoded-single-uppercase", "\(site)/blog/%2E", "%2E is an encoded ."),
      ("encoded-traversal-into-route", "\(site)/evil/%2e%2e/blog/spring", "/evil/%2e%2e/blog/spring is never resolved"),
      ("in-query-route-path", "\(site)/x/../column?id=spring", "a .. segment before a query route's path"),
      ("before-host-route", "https://shop.example/../blog/spring", "a leading .. segment"),
    ]
    for (name, url, what) in dotSegments {
      spoof("security.dot-segment.\(name)", "\(what): a link with a dot segment matches no route", url)
    }
    spoof(
      "security.dot-segment.overlong-utf8", "%C0%AE%C0%AE is not .. but overlong UTF-8: the slug cannot be decoded",
      "\(site)/blog/%C0%AE%C0%AE", tags: ["unicode"])
    spoof(
      "security.dot-segment.fullwidth", "full-width ．． is non-ASCII", "\(site)/blog/．．", tags: ["unicode"])
    data(
      "security.dot-segment.double-encoded", "%252e%252e decodes once to %2e%2e: data, not a dot segment",
      "\(site)/blog/%252e%252e", slug: "%2e%2e")
    data(
      "security.dot-segment.encoded-slash-inside",
      "..%2Fadmin is one segment, not a dot segment: its value ../admin is data",
      "\(site)/blog/..%2Fadmin", slug: "../admin")
    // Backslashes are never path separators.
    spoof(
      "security.backslash.as-separator", "backslashes as path separators", "https://shop.example\\blog\\spring",
      tags: ["cross-sdk"])
    spoof(
      "security.backslash.after-scheme", "https:\\\\ is not //", "https:\\\\shop.example\\blog\\spring",
      tags: ["cross-sdk"])
    spoof(
      "security.backslash.mixed-slashes", "https:/\\ is not //", "https:/\\shop.example/blog/spring",
      tags: ["cross-sdk"])
    spoof(
      "security.backslash.host-split", "evil.example\\.shop.example is not RFC 3986",
      "https://evil.example\\.shop.example/blog/spring",
      tags: ["cross-sdk"])
    spoof("security.backslash.in-slug", "a raw backslash in the slug", "\(site)/blog/a\\b")
    data(
      "security.backslash.encoded", "%5C decodes to a backslash in the slug: data", "\(site)/blog/a%5Cb", slug: "a\\b")
    // Whitespace and controls are never trimmed or removed (WHATWG parsers strip them).
    spoof(
      "security.whitespace.leading-space", "a leading space is never trimmed", " \(site)/blog/spring",
      tags: ["cross-sdk"])
    spoof(
      "security.whitespace.trailing-space", "a trailing space is never trimmed", "\(site)/blog/spring ",
      tags: ["cross-sdk"])
    spoof(
      "security.whitespace.trailing-newline", "a trailing newline is never trimmed", "\(site)/blog/spring\n",
      tags: ["cross-sdk", "boundary"])
    spoof(
      "security.whitespace.trailing-crlf", "a trailing CRLF is never trimmed", "\(site)/blog/spring\r\n",
      tags: ["cross-sdk"])
    spoof(
      "security.whitespace.leading-tab", "a leading tab is never trimmed", "\t\(site)/blog/spring", tags: ["cross-sdk"])
    spoof(
      "security.whitespace.leading-bom", "a leading U+FEFF is non-ASCII", "\u{FEFF}\(site)/blog/spring",
      tags: ["cross-sdk", "unicode"])
    spoof(
      "security.whitespace.tab-in-scheme", "a tab inside https is never removed", "ht\ttps://shop.example/blog/spring",
      tags: ["cross-sdk"])
    spoof(
      "security.whitespace.newline-in-host", "a newline inside the host is never removed",
      "https://shop.exa\nmple/blog/spring",
      tags: ["cross-sdk"])
    spoof(
      "security.whitespace.tab-in-path", "a tab inside the path is never removed", "\(site)/bl\tog/spring",
      tags: ["cross-sdk"])
    spoof(
      "security.whitespace.space-in-path", "a raw space in the path is never encoded for the app",
      "\(site)/blog/spring coordinate", tags: ["cross-sdk"])
    spoof(
      "security.non-ascii.path", "a raw non-ASCII slug is never percent-encoded for the app (WHATWG would encode it)",
      "\(site)/blog/春コーデ", tags: ["cross-sdk", "unicode"])
    // Relative and scheme-relative links have no scheme (or no host) of their own.
    spoof("security.relative.scheme-relative", "//shop.example/… has no scheme", "//shop.example/blog/spring")
    spoof(
      "security.relative.scheme-relative-backslashes", "\\\\shop.example\\… has no scheme",
      "\\\\shop.example/blog/spring")
    spoof("security.relative.absolute-path", "/blog/spring has no scheme or host", "/blog/spring")
    spoof("security.relative.relative-path", "blog/spring is a relative path", "blog/spring")
    spoof("security.relative.dot-relative", "./blog/spring is a relative path", "./blog/spring")
    spoof("security.relative.query-only", "?id=spring is a relative reference", "?id=spring")
    spoof("security.relative.fragment-only", "#spring is a relative reference", "#spring")
    spoof("security.relative.host-without-scheme", "shop.example/blog/spring has no scheme", "shop.example/blog/spring")
    spoof("security.relative.no-slashes", "https:shop.example/… has no authority", "https:shop.example/blog/spring")
    spoof("security.relative.one-slash", "https:/shop.example/… has no authority", "https:/shop.example/blog/spring")
    spoof(
      "security.relative.three-slashes", "https:///shop.example/… has an empty host",
      "https:///shop.example/blog/spring")
    // Schemes other than http and https.
    let schemes: [(String, String, String)] = [
      ("javascript", "javascript:alert(document.cookie)", "javascript:"),
      ("javascript-uppercase", "JAVASCRIPT:alert(1)", "JAVASCRIPT:"),
      (
        "javascript-with-authority", "javascript://shop.example/blog/spring%0Aalert(1)",
        "javascript:// shaped like the site"
      ),
      ("data-base64", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "data:"),
      ("data-with-site-url", "data:,https://shop.example/blog/spring", "data: holding the site's URL"),
      ("vbscript", "vbscript:msgbox(1)", "vbscript:"),
      ("ftp", "ftp://shop.example/blog/spring", "ftp:"),
      ("file-no-host", "file:///blog/spring", "file:///"),
      ("file-with-host", "file://shop.example/blog/spring", "file://"),
      ("ws", "ws://shop.example/blog/spring", "ws:"),
      ("wss", "wss://shop.example/blog/spring", "wss:"),
      ("intent", "intent://shop.example/blog/spring#Intent;scheme=https;end", "Android intent:"),
      ("custom-app", "shopapp://shop.example/blog/spring", "a custom app scheme"),
      ("blob", "blob:https://shop.example/550e8400-e29b-41d4-a716-446655440000", "blob:"),
      ("view-source", "view-source:https://shop.example/blog/spring", "view-source:"),
      ("about", "about:blank", "about:"),
      ("httpss", "httpss://shop.example/blog/spring", "httpss (misspelt)"),
      ("htp", "htp://shop.example/blog/spring", "htp (misspelt)"),
      ("https-plus", "https+x://shop.example/blog/spring", "https+x"),
      ("leading-space-javascript", " javascript:alert(1)", "javascript: after a space"),
      ("fullwidth-https", "ｈｔｔｐｓ://shop.example/blog/spring", "full-width https"),
    ]
    for (name, url, what) in schemes {
      spoof("security.scheme.\(name)", "\(what) is not http or https", url)
    }
    // Captured values are data for the app, passed on exactly as decoded.
    data(
      "security.value.script-tag", "an encoded <script> is a slug the app must treat as data",
      "\(site)/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E", slug: "<script>alert(1)</script>")
    data(
      "security.value.crlf", "an encoded CRLF is kept in the slug", "\(site)/blog/spring%0D%0ASet-Cookie:a=b",
      slug: "spring\r\nSet-Cookie:a=b")
    spoof("security.value.id-injection", "1; DROP (encoded) is not a numeric ID", "\(site)/posts/1%3B%20DROP")
    spoof("security.value.id-overflow", "20 nines is not a numeric ID", "\(site)/posts/99999999999999999999")
    let padding = String(repeating: "a", count: 10000)
    data(
      "security.value.long-ignored-parameter", "a 10000-character ignored parameter does not stop the match",
      "\(site)/blog/spring?pad=\(padding)", slug: "spring", tags: ["boundary"])
    return file.file(at: "\(folder)/security.json")
  }
}
