import ConformanceJSON
import ConformanceKit

/// `leeep.link` with `sdk_version` (docs/suites/leeep.link.md, "SDK versions"): the kinds came with
/// SDK releases, `.ugc` in 0.8.0 and `.blog` in 0.11.0. Before 0.11.0 a blog route is never tried,
/// so its links fall through to later routes or `other`; before 0.8.0 a ugc match gives `none`.
/// Each expectation below follows from where the version stands against those two releases,
/// compared part by part as numbers, which the generator states for every version it uses.
enum LinkSDKVersionVectors {
  static let source =
    "LEEEP iOS SDK reference, onTapLink: v0.8.0で LeeepLinkHandlerParam に .ugc が追加されました; SDK 0.11.0から .blog が追加されています"

  static func files() -> [GeneratedFile] {
    [blog(), fallThrough(), ugc(), comparison()]
  }

  static let site = LeeepLink.site

  static func version(_ text: String) -> JSONObject { ["sdk_version": .string(text)] }

  /// An id-safe spelling of a version: `0.10.9` → `0-10-9`.
  static func name(_ version: String) -> String { version.replacingOccurrences(of: ".", with: "-") }

  /// Versions at or after 0.11.0 (blog routes tried), with the tags their vectors carry.
  static let withBlog: [(String, [String])] = [
    ("0.11.0", ["boundary"]), ("0.11.1", []), ("0.12.0", []), ("0.20.0", ["cross-sdk"]), ("1.0.0", []),
    ("0.100.0", ["cross-sdk"]), ("10.0.0", ["cross-sdk"]),
  ]
  /// Versions before 0.11.0 (blog routes skipped).
  static let withoutBlog: [(String, [String])] = [
    ("0.10.9", ["boundary"]), ("0.10.99", ["boundary", "cross-sdk"]), ("0.10.0", ["cross-sdk"]), ("0.9.0", []),
    ("0.8.0", []), ("0.7.3", []), ("0.1.0", []), ("0.0.0", ["boundary"]), ("0.2.11", ["cross-sdk"]),
  ]

  // MARK: - sdk-version-blog.json

  static func blog() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "sdk_version and blog routes: from 0.11.0 a blog link gives blog; before it the blog routes are skipped and, on this site, the link is other",
      context: LeeepLink.siteContext)
    let links: [(String, String, String)] = [
      ("path-setting", "\(site)/blog/spring-coordinate", "the /blog/{slug} setting"),
      ("query-setting", "\(site)/column?id=spring-coordinate", "the /column?id={slug} setting"),
    ]
    for (setting, url, what) in links {
      for (text, tags) in withBlog {
        file.match(
          "sdk-version.blog.\(setting).\(name(text))",
          "SDK \(text) is at or after 0.11.0: a blog link in \(what) gives blog",
          url, kind: "blog", params: ["slug": "spring-coordinate"], tags: tags, context: version(text))
      }
      for (text, tags) in withoutBlog {
        file.other(
          "sdk-version.blog.\(setting).skipped.\(name(text))",
          "SDK \(text) is before 0.11.0: the blog routes are skipped and no later route matches a link of \(what): other",
          url, tags: tags, valid: true, context: version(text))
      }
    }
    file.match(
      "sdk-version.blog.absent", "without sdk_version the latest SDK is meant: a blog link gives blog",
      "\(site)/blog/spring-coordinate", kind: "blog", params: ["slug": "spring-coordinate"])
    let others: [(String, String, String, KeyValuePairs<String, String>)] = [
      ("post", "\(site)/posts/1234567", "post", ["id": "1234567"]),
      ("staff", "\(site)/staff/42", "staff", ["id": "42"]),
      ("product", "\(site)/products/9876543210", "product", ["id": "9876543210"]),
      ("review-form", "\(site)/reviews/new?product_id=SKU-001", "review_form", ["product_id": "SKU-001"]),
    ]
    for (name, url, kind, params) in others {
      for text in ["0.10.9", "0.7.0"] {
        file.match(
          "sdk-version.unaffected.\(name).\(self.name(text))",
          "SDK \(text): \(kind) came before any versioned kind, so its link is matched as on the latest SDK", url,
          kind: kind, params: params, context: version(text))
      }
    }
    return file.file(at: "\(LeeepLink.folder)/sdk-version-blog.json")
  }

  // MARK: - sdk-version-fall-through.json

  /// A site whose blog routes share their shape with later routes, so a skipped blog route shows
  /// where its links go instead.
  static let overlapping: KeyValuePairs<String, String> = [
    "blog": "https://shop.example/articles/{slug}",
    "post": "https://shop.example/articles/{id}",
    "page": "https://shop.example/articles/{name}",
    "blog": "https://shop.example/column?id={slug}",
    "column": "https://shop.example/column?id={name}",
  ]

  static func fallThrough() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "before 0.11.0 a blog route is never tried: its links fall through to the later routes that share its shape",
      context: LeeepLink.context(overlapping))
    let versionsWithBlog = ["0.11.0", "0.12.3", "1.0.0"]
    let versionsWithout = ["0.10.9", "0.10.0", "0.9.0", "0.7.0"]
    for text in versionsWithBlog {
      file.match(
        "sdk-version.fall-through.numeric.\(name(text))",
        "SDK \(text): the blog route comes first and takes /articles/12",
        "\(site)/articles/12", kind: "blog", params: ["slug": "12"], context: version(text))
      file.match(
        "sdk-version.fall-through.word.\(name(text))", "SDK \(text): the blog route takes /articles/spring",
        "\(site)/articles/spring", kind: "blog", params: ["slug": "spring"], context: version(text))
      file.match(
        "sdk-version.fall-through.query.\(name(text))", "SDK \(text): the blog query route takes /column?id=spring",
        "\(site)/column?id=spring", kind: "blog", params: ["slug": "spring"], context: version(text))
    }
    for text in versionsWithout {
      let tags = text == "0.10.9" ? ["boundary"] : []
      file.match(
        "sdk-version.fall-through.numeric.\(name(text))",
        "SDK \(text): the blog route is skipped, so /articles/12 falls through to the post route (a numeric id)",
        "\(site)/articles/12", kind: "post", params: ["id": "12"], tags: tags, context: version(text))
      file.match(
        "sdk-version.fall-through.word.\(name(text))",
        "SDK \(text): the blog route is skipped; spring is no numeric id, so the page route takes it",
        "\(site)/articles/spring", kind: "page", params: ["name": "spring"], tags: tags, context: version(text))
      file.match(
        "sdk-version.fall-through.query.\(name(text))",
        "SDK \(text): the blog query route is skipped, so the column route takes /column?id=spring",
        "\(site)/column?id=spring", kind: "column", params: ["name": "spring"], tags: tags, context: version(text))
    }
    file.match(
      "sdk-version.fall-through.absent", "without sdk_version the blog route is tried first", "\(site)/articles/12",
      kind: "blog", params: ["slug": "12"])
    let blogOnly = LeeepLink.context(["blog": "https://shop.example/blog/{slug}"])
    file.other(
      "sdk-version.fall-through.blog-only-site", "SDK 0.10.9 on a site with only a blog route: every link is other",
      "\(site)/blog/spring", valid: true, context: blogOnly.merging(version("0.10.9")))
    return file.file(at: "\(LeeepLink.folder)/sdk-version-fall-through.json")
  }

  // MARK: - sdk-version-ugc.json

  static func ugc() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "sdk_version and ugc routes: from 0.8.0 a UGC link gives ugc; before it a ugc match gives none (the tag's popup, as with page transition off)",
      context: LeeepLink.siteContext)
    let url = "\(site)/ugc/20001"
    let withUGC: [(String, [String])] = [
      ("0.8.0", ["boundary"]), ("0.8.1", []), ("0.9.0", []), ("0.10.0", ["cross-sdk"]), ("0.10.9", []),
      ("0.11.0", []), ("1.0.0", []), ("0.80.0", ["cross-sdk"]),
    ]
    for (text, tags) in withUGC {
      file.match(
        "sdk-version.ugc.\(name(text))", "SDK \(text) is at or after 0.8.0: a UGC link gives ugc", url, kind: "ugc",
        params: ["id": "20001"], tags: tags, context: version(text))
    }
    let withoutUGC: [(String, [String])] = [
      ("0.7.9", ["boundary"]), ("0.7.0", []), ("0.7.10", ["cross-sdk"]), ("0.7.99", ["boundary", "cross-sdk"]),
      ("0.1.0", []), ("0.0.1", []), ("0.0.0", ["boundary"]),
    ]
    for (text, tags) in withoutUGC {
      file.none(
        "sdk-version.ugc.none.\(name(text))", "SDK \(text) is before 0.8.0: a ugc match gives none (no .ugc yet)", url,
        tags: tags, context: version(text))
    }
    for text in ["0.8.0", "0.11.0"] {
      file.none(
        "sdk-version.ugc.page-transition-off.\(name(text))",
        "SDK \(text) with ugc_page_transition false: none, as on every SDK with .ugc", url,
        context: version(text).merging(["ugc_page_transition": false]))
    }
    for text in ["0.7.0", "0.7.9"] {
      file.none(
        "sdk-version.ugc.page-transition-on.\(name(text))",
        "SDK \(text) with ugc_page_transition true: still none, the SDK has no .ugc", url,
        context: version(text).merging(["ugc_page_transition": true]))
    }
    // Both reasons for the popup at once: an SDK before .ugc, and page transition off.
    for text in ["0.7.0", "0.7.9"] {
      file.none(
        "sdk-version.ugc.page-transition-off.\(name(text))",
        "SDK \(text) with ugc_page_transition false: none on both counts (no .ugc yet, and the popup mode)", url,
        tags: ["boundary"], context: version(text).merging(["ugc_page_transition": false]))
    }
    let ugcFirst = LeeepLink.context([
      "ugc": "https://shop.example/p/{id}", "post": "https://shop.example/p/{id}",
    ])
    file.none(
      "sdk-version.ugc.first-match-kept", "SDK 0.7.0: a ugc match gives none and the later post route is not tried",
      "\(site)/p/1", context: ugcFirst.merging(version("0.7.0")))
    file.other(
      "sdk-version.ugc.blog-and-ugc-missing.blog", "SDK 0.7.0 has neither kind: a blog link is other",
      "\(site)/blog/spring", valid: true, context: version("0.7.0"))
    file.match(
      "sdk-version.ugc.no-match-unchanged", "SDK 0.7.0: a post link is still post", "\(site)/posts/5",
      kind: "post", params: ["id": "5"], context: version("0.7.0"))
    file.other(
      "sdk-version.ugc.bad-id", "SDK 0.7.0: a UGC link whose id is not numeric matches no route: other, not none",
      "\(site)/ugc/abc", context: version("0.7.0"))
    return file.file(at: "\(LeeepLink.folder)/sdk-version-ugc.json")
  }

  // MARK: - sdk-version-compare.json

  static func comparison() -> GeneratedFile {
    var file = LinkVectorFile(
      description:
        "versions compare part by part as numbers, never as text or decimals: 0.10.0 is after 0.9.0 and before 0.11.0",
      context: LeeepLink.siteContext)
    let blogURL = "\(site)/blog/spring"
    let ugcURL = "\(site)/ugc/7"
    // (version, blog tried, ugc reported, why)
    let cases: [(String, Bool, Bool, String)] = [
      (
        "0.10.0", false, true,
        "0.10.0 is after 0.9.0 and 0.8.0 (10 > 8 as numbers; as text \"10\" < \"8\") but before 0.11.0"
      ),
      ("0.9.10", false, true, "0.9.10 is after 0.9.9 and before 0.11.0"),
      ("0.100.0", true, true, "0.100.0 is after 0.11.0 (100 > 11; as text \"100\" < \"11\")"),
      ("0.11.10", true, true, "0.11.10 is after 0.11.9 and 0.11.0"),
      ("0.8.10", false, true, "0.8.10 is after 0.8.0"),
      ("0.70.0", true, true, "0.70.0 is after 0.11.0 (70 > 11), not 0.7"),
      ("0.11.0", true, true, "0.11.0 itself, where .blog came"),
      ("0.1.1", false, false, "0.1.1 is not 0.11 (three parts, not a decimal)"),
      ("1.1.0", true, true, "1.1.0 is after 0.11.0 and 0.8.0: the major part decides first"),
      ("1.0.0", true, true, "1.0.0 is after every 0.x release"),
      ("0.10.99999999999999999999", false, true, "a 20-digit patch number beyond UInt64 is still before 0.11.0"),
      ("99999999999999999999.0.0", true, true, "a 20-digit major number beyond UInt64 is after 0.11.0"),
      ("0.0.99999999999999999999", false, false, "0.0.99999999999999999999 is before 0.8.0 whatever its patch"),
      ("0.7.100", false, false, "0.7.100 is before 0.8.0 (the minor part decides)"),
    ]
    for (text, hasBlog, hasUGC, why) in cases {
      let tags = ["cross-sdk", "boundary"]
      // Each vector cites the version of its own kind: 0.11.0 for blog links, 0.8.0 for UGC.
      let blogWhy =
        why.contains("0.11") ? why : "\(text) is \(hasBlog ? "after" : "before") 0.11.0, compared part by part"
      let ugcWhy = why.contains("0.8") ? why : "\(text) is \(hasUGC ? "after" : "before") 0.8.0, compared part by part"
      if hasBlog {
        file.match(
          "sdk-version.compare.blog.\(name(text))", "\(blogWhy): a blog link gives blog", blogURL, kind: "blog",
          params: ["slug": "spring"], tags: tags, context: version(text))
      } else {
        file.other(
          "sdk-version.compare.blog.\(name(text))", "\(blogWhy): the blog routes are skipped, other", blogURL,
          tags: tags,
          valid: true, context: version(text))
      }
      if hasUGC {
        file.match(
          "sdk-version.compare.ugc.\(name(text))", "\(ugcWhy): a UGC link gives ugc", ugcURL, kind: "ugc",
          params: ["id": "7"], tags: tags, context: version(text))
      } else {
        file.none(
          "sdk-version.compare.ugc.\(name(text))", "\(ugcWhy): a ugc match gives none", ugcURL, tags: tags,
          context: version(text))
      }
    }
    return file.file(at: "\(LeeepLink.folder)/sdk-version-compare.json")
  }
}
