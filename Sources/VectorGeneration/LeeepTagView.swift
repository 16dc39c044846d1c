import ConformanceJSON
import ConformanceKit

/// `leeep.tag-view` (docs/suites/leeep.tag-view.md): the parameters a `LeeepTagView` is created
/// with. Every rejection names the check the vector breaks; every accepted output is built here
/// from the table of what each tag reads (``kinds``) and the rule for what it fires, never from a
/// parser.
extension LeeepTagView: GeneratedSuite {
  static let source =
    "LEEEP iOS SDK reference, LeeepTagView パラメータ (tagId, productId, cartProductId, brandCode, postId, staffId, blogSlug); LeeepTagView LeeepTagViewUIKit は自動で viewTag / viewPost を発火するため実装不要です"

  /// Each tag kind and the detail parameter it requires and reads besides the four every tag reads.
  static let kinds: [(name: String, detail: String?)] = [
    ("social_posts", nil), ("social_post_detail", "postId"), ("staff_detail", "staffId"), ("review_list", nil),
    ("ugc_list", nil), ("ugc_post_detail", "postId"), ("blog_list", nil), ("blog_detail", "blogSlug"),
  ]
  static let common = ["tagId", "productId", "cartProductId", "brandCode"]
  static let parameters = common + ["postId", "staffId", "blogSlug"]
  static let blogKinds = ["blog_list", "blog_detail"]

  /// An ordinary value for each parameter.
  static let sample: [String: String] = [
    "tagId": "T-2001", "productId": "P-1001", "cartProductId": "8001234567", "brandCode": "BR01", "postId": "5001",
    "staffId": "301", "blogSlug": "spring-coordinate",
  ]

  static func files() -> [GeneratedFile] {
    [input(), kindsFile(), required(), passes(), blog(), slugs(), fires(), values()]
  }

  // MARK: - Building blocks

  static func detail(of kind: String) -> String? { kinds.first { $0.name == kind }?.detail }

  /// The smallest params a tag accepts: tagId and its detail parameter.
  static func minimal(_ kind: String) -> JSONObject {
    var params: JSONObject = ["tagId": .string(sample["tagId"]!)]
    if let detail = detail(of: kind) { params[detail] = .string(sample[detail]!) }
    return params
  }

  static func params(_ keys: [String]) -> JSONObject {
    JSONObject(keys.map { JSONObject.Member(key: $0, value: .string(sample[$0]!)) })
  }

  static func input(_ kind: String, _ params: JSONObject) -> JSONValue {
    ["tag": .string(kind), "params": .object(params)]
  }

  /// The accepted output, from the rule: the four common parameters and the tag's detail
  /// parameter when present, as given; `view_tag` always fired, `view_post` on the post detail tags.
  static func output(_ kind: String, _ params: JSONObject) -> JSONValue {
    let reads = common + [detail(of: kind)].compactMap { $0 }
    var kept = JSONObject()
    for key in reads { if let value = params[key] { kept[key] = value } }
    var fires: [JSONValue] = [["event": "view_tag", "tagId": params["tagId"] ?? .null]]
    if detail(of: kind) == "postId" { fires.append(["event": "view_post", "postId": params["postId"] ?? .null]) }
    return ["tag": .string(kind), "params": .object(kept), "fires": .array(fires)]
  }

  static func file(_ description: String, prefix: String) -> TagViewVectorFile {
    TagViewVectorFile(description: description, prefix: prefix)
  }

  /// A string of `count` copies of `unit`.
  static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

  // MARK: - input.json

  static func input() -> GeneratedFile {
    var file = file(
      "the input: an object with tag (one of the eight kinds) and params (an object); other input keys are ignored",
      prefix: "input.")
    let nonObjects: [(String, JSONValue)] = [
      ("null", .null), ("string", "social_posts"), ("number", 1), ("boolean", true),
      ("array", [["tag": "social_posts", "params": ["tagId": "T-2001"]]]),
    ]
    for (name, value) in nonObjects {
      file.reject("not-an-object.\(name)", "a JSON \(name) is not a tag object: not_an_object", value, "not_an_object")
    }
    file.reject("tag.missing", "no tag: missing_key tag", ["params": ["tagId": "T-2001"]], "missing_key", field: "tag")
    file.reject(
      "tag.missing-before-params", "no tag and no params: missing_key tag first", [:], "missing_key", field: "tag")
    let badTags: [(String, JSONValue, String, [String])] = [
      ("null", .null, "tag as null", []), ("number", 1, "tag as a number", []),
      ("boolean", true, "tag as a boolean", []),
      ("array", ["social_posts"], "tag as an array", []), ("object", ["kind": "social_posts"], "tag as an object", []),
      ("empty", "", "the empty tag", ["boundary"]),
      ("camel-case", "socialPosts", "the camelCase socialPosts is not social_posts", []),
      ("uppercase", "SOCIAL_POSTS", "kinds are case-sensitive", []),
      ("trailing-space", "ugc_list ", "a trailing space makes another kind", ["boundary"]),
      ("review-detail", "review_detail", "there is no review detail tag", []),
      ("ugc-detail", "ugc_detail", "ugc_detail is not ugc_post_detail", []),
      ("blog", "blog", "blog alone is neither blog_list nor blog_detail", []),
      ("post-detail", "post_detail", "post_detail is not social_post_detail", []),
      ("staff-list", "staff_list", "there is no staff list tag", []),
      ("hyphen", "blog-detail", "blog-detail is not blog_detail", []),
      ("fullwidth", "ｂｌｏｇ＿ｌｉｓｔ", "full-width letters are not blog_list", ["unicode"]),
    ]
    for (name, value, description, tags) in badTags {
      file.reject(
        "tag.invalid.\(name)", "\(description): invalid_value tag", ["tag": value, "params": ["tagId": "T-2001"]],
        "invalid_value", field: "tag", tags: tags)
    }
    file.reject(
      "tag.invalid-before-params", "an unknown tag is reported before the missing params", ["tag": "blog"],
      "invalid_value", field: "tag")
    file.reject(
      "params.missing", "no params: missing_key params", ["tag": "social_posts"], "missing_key", field: "params")
    file.reject(
      "params.missing-with-top-level-tag-id", "tagId at the top level instead of in params: missing_key params",
      ["tag": "social_posts", "tagId": "T-2001"], "missing_key", field: "params", tags: ["integration-mistake"])
    let notObjects: [(String, JSONValue)] = [
      ("null", .null), ("array", [["tagId": "T-2001"]]), ("string", "tagId=T-2001"), ("number", 2001),
      ("boolean", false),
    ]
    for (name, value) in notObjects {
      file.reject(
        "params.type.\(name)", "params as a JSON \(name): invalid_type params", ["tag": "ugc_list", "params": value],
        "invalid_type", field: "params")
    }
    let extra: JSONValue = [
      "tag": "ugc_list", "params": ["tagId": "T-2001"], "onTapLink": "handler", "tagId": 1, "version": 2,
    ]
    file.accept(
      "extra-keys-ignored", "keys beside tag and params are ignored, whatever their value", extra,
      output("ugc_list", ["tagId": "T-2001"]))
    // Every kind ignores the same keys: a port that checks input keys per kind is caught on each.
    let ignoredKeys: [(String, JSONValue)] = [
      ("onScrollRequest", "handler"), ("blogSlug", "spring-coordinate"), ("params_v2", ["tagId": "x"]),
      ("tag_id", .null),
    ]
    for (kind, _) in kinds {
      var input: JSONObject = ["tag": .string(kind), "params": .object(minimal(kind))]
      for (key, value) in ignoredKeys { input[key] = value }
      file.accept(
        "extra-keys-ignored.\(kind)",
        "\(kind) beside onScrollRequest, a top-level blogSlug, params_v2 and tag_id: all ignored", .object(input),
        output(kind, minimal(kind)))
    }
    return file.file(at: "\(folder)/input.json")
  }

  // MARK: - kinds.json

  static func kindsFile() -> GeneratedFile {
    var file = file(
      "every tag kind with each parameter present and absent: the output keeps the parameters the tag reads, as given, and drops the others",
      prefix: "kind.")
    for (kind, detail) in kinds {
      let base = minimal(kind)
      file.accept(
        "\(kind).minimal", "\(kind) with only " + (detail.map { "tagId and \($0)" } ?? "tagId") + ": accepted",
        input(kind, base), output(kind, base))
      for parameter in parameters where parameter != "tagId" && parameter != detail {
        // postId on a blog tag is rejected: blog.json pins that.
        if parameter == "postId" && blogKinds.contains(kind) { continue }
        var params = base
        params[parameter] = .string(sample[parameter]!)
        let read = common.contains(parameter) || parameter == detail
        file.accept(
          "\(kind).with.\(parameter)",
          "\(kind) with \(parameter): "
            + (read ? "read and kept in the output" : "not read by this tag, so ignored (not in the output)"),
          input(kind, params), output(kind, params))
      }
      var all = params(parameters)
      if blogKinds.contains(kind) { all["postId"] = nil }
      file.accept(
        "\(kind).all", "\(kind) with every parameter it may take: the output keeps the ones it reads",
        input(kind, all), output(kind, all))
      var commonOnly = params(common)
      if let detail { commonOnly[detail] = .string(sample[detail]!) }
      // The common four, plus the detail parameter the tag requires: every one is read.
      let kept = common + (detail.map { [$0] } ?? [])
      let countWords = [4: "four", 5: "five"]
      file.accept(
        "\(kind).common",
        "\(kind) with \(kept.dropLast().joined(separator: ", ")) and \(kept.last!): all \(countWords[kept.count]!) kept",
        input(kind, commonOnly), output(kind, commonOnly))
    }
    return file.file(at: "\(folder)/kinds.json")
  }

  // MARK: - required.json

  static func required() -> GeneratedFile {
    var file = file(
      "missing_key tagId on every tag, then the detail tag's own parameter: postId (social and UGC post detail), staffId (staff detail), blogSlug (blog detail)",
      prefix: "required.")
    for (kind, detail) in kinds {
      var params = minimal(kind)
      params["tagId"] = nil
      params["productId"] = .string(sample["productId"]!)
      file.reject(
        "\(kind).tagId", "\(kind) without tagId: missing_key tagId", input(kind, params), "missing_key", field: "tagId")
      if let detail {
        var withoutDetail = minimal(kind)
        withoutDetail[detail] = nil
        file.reject(
          "\(kind).\(detail)", "\(kind) without \(detail): missing_key \(detail)", input(kind, withoutDetail),
          "missing_key", field: detail)
        var emptyDetail = minimal(kind)
        emptyDetail[detail] = ""
        file.reject(
          "\(kind).\(detail)-empty", "\(kind) with an empty \(detail): invalid_value from the passes",
          input(kind, emptyDetail), "invalid_value", field: detail, tags: ["boundary"])
        var nullDetail = minimal(kind)
        nullDetail[detail] = .null
        file.reject(
          "\(kind).\(detail)-null",
          "\(kind) with \(detail) null (an unset optional): non_string_value, not missing_key",
          input(kind, nullDetail), "non_string_value", field: detail, tags: ["integration-mistake"])
        file.reject(
          "\(kind).tagId-before-\(detail)", "\(kind) with neither tagId nor \(detail): tagId is reported first",
          input(kind, ["brandCode": "BR01"]), "missing_key", field: "tagId")
      }
    }
    // A detail parameter of another tag does not stand in for the tag's own.
    let standIns: [(String, String, String, [String])] = [
      ("social_post_detail", "staffId", "postId", []),
      ("ugc_post_detail", "productId", "postId", ["integration-mistake"]),
      ("staff_detail", "postId", "staffId", ["integration-mistake"]),
      ("blog_detail", "productId", "blogSlug", []),
    ]
    for (kind, given, missing, tags) in standIns {
      file.reject(
        "\(kind).\(given)-instead-of-\(missing)",
        "\(kind) given \(given) instead of \(missing): missing_key \(missing)",
        input(kind, params(["tagId", given])), "missing_key", field: missing, tags: tags)
    }
    file.reject(
      "empty-params", "empty params on a list tag: missing_key tagId", input("review_list", [:]), "missing_key",
      field: "tagId", tags: ["boundary"])
    file.reject(
      "after-passes", "the passes come first: an empty brandCode is reported before the missing tagId",
      input("social_posts", ["brandCode": ""]), "invalid_value", field: "brandCode")
    return file.file(at: "\(folder)/required.json")
  }

  // MARK: - passes.json

  static func passes() -> GeneratedFile {
    var file = file(
      "three passes over params, each in key order (UTF-8 bytes): any unknown key, then any non-string value, then any empty string",
      prefix: "pass.")
    let unknown: [(String, String, [String])] = [
      ("tag_id", "snake_case tag_id is not tagId", []), ("tagID", "tagID is not tagId (case-sensitive)", []),
      ("post_id", "post_id is not postId", []), ("blog_slug", "blog_slug is not blogSlug", []),
      ("slug", "slug is not blogSlug", ["integration-mistake"]), ("id", "id is not a parameter", []),
      ("url", "a URL is not a parameter (blogSlug takes the slug)", ["integration-mistake"]),
      ("onTapLink", "the callback is not a string parameter", []),
      ("ugcPostId", "UGC post IDs go in postId", ["integration-mistake"]),
      ("cart_product_id", "cart_product_id is not cartProductId", []), ("brand", "brand is not brandCode", []),
      ("tagId ", "a trailing space makes another key", ["boundary"]), ("", "the empty key", ["boundary"]),
      ("タグID", "a Japanese key", ["unicode"]),
    ]
    for (key, description, tags) in unknown {
      var params = minimal("social_posts")
      params[key] = "x"
      let id = ["": "empty-key", "タグID": "japanese-key", "tagId ": "tagId-space"][key] ?? key
      file.reject(
        "unknown.\(id)", "\(description): unknown_key", input("social_posts", params), "unknown_key", field: key,
        tags: tags)
    }
    file.reject(
      "unknown.first-in-key-order", "unknown keys zeta, Zeta and alpha: Zeta first (capitals sort first)",
      input("ugc_list", ["tagId": "T-2001", "zeta": "x", "Zeta": "x", "alpha": "x"]), "unknown_key", field: "Zeta")
    file.reject(
      "unknown.before-non-string", "an unknown key is reported before a non-string value that sorts first",
      input("ugc_list", ["brandCode": 1, "zzz": "x", "tagId": "T-2001"]), "unknown_key", field: "zzz")
    file.reject(
      "unknown.with-non-string-value", "an unknown key with a number value is unknown_key, not non_string_value",
      input("ugc_list", ["tagId": "T-2001", "limit": 10]), "unknown_key", field: "limit")
    file.reject(
      "unknown.before-missing-tagId", "an unknown key is reported before the missing tagId",
      input("ugc_list", ["tag_id": "T-2001"]), "unknown_key", field: "tag_id", tags: ["integration-mistake"])
    let notStrings: [(String, JSONValue)] = [
      ("null", .null), ("number", 5001), ("boolean", true), ("array", ["5001"]), ("object", ["id": "5001"]),
    ]
    for parameter in parameters {
      for (name, value) in notStrings {
        var params = minimal("social_posts")
        params[parameter] = value
        file.reject(
          "non-string.\(parameter).\(name)", "\(parameter) as a JSON \(name): non_string_value",
          input("social_posts", params), "non_string_value", field: parameter,
          tags: name == "number" ? ["integration-mistake"] : [])
      }
      var params = minimal("social_posts")
      params[parameter] = ""
      file.reject(
        "empty.\(parameter)", "\(parameter) as the empty string: invalid_value", input("social_posts", params),
        "invalid_value", field: parameter, tags: ["boundary"])
    }
    file.reject(
      "non-string.first-in-key-order", "non-strings tagId and brandCode: brandCode first in key order",
      input("ugc_list", ["tagId": 1, "brandCode": 2]), "non_string_value", field: "brandCode")
    file.reject(
      "non-string.before-empty", "a non-string is reported before an empty string that sorts first",
      input("ugc_list", ["brandCode": "", "tagId": 2001]), "non_string_value", field: "tagId")
    file.reject(
      "empty.first-in-key-order", "empty tagId and cartProductId: cartProductId first in key order",
      input("ugc_list", ["tagId": "", "cartProductId": ""]), "invalid_value", field: "cartProductId")
    file.reject(
      "empty.on-ignored-parameter", "an empty staffId on a tag that ignores staffId is still invalid_value",
      input("ugc_list", ["tagId": "T-2001", "staffId": ""]), "invalid_value", field: "staffId")
    file.reject(
      "non-string.on-ignored-parameter", "a numeric blogSlug on a tag that ignores it is still non_string_value",
      input("social_posts", ["tagId": "T-2001", "blogSlug": 1]), "non_string_value", field: "blogSlug")
    file.reject(
      "empty.before-missing-detail", "an empty productId is reported before the missing postId",
      input("social_post_detail", ["tagId": "T-2001", "productId": ""]), "invalid_value", field: "productId")
    return file.file(at: "\(folder)/passes.json")
  }

  // MARK: - blog.json

  static func blog() -> GeneratedFile {
    var file = file(
      "blog tags: postId is unexpected_param on blog_list and blog_detail (ブログ記事の指定には postId を使用しません); blogSlug is read by blog_detail only",
      prefix: "blog.")
    for kind in blogKinds {
      var params = minimal(kind)
      params["postId"] = "5001"
      file.reject(
        "\(kind).postId", "\(kind) given postId: unexpected_param postId", input(kind, params), "unexpected_param",
        field: "postId", tags: ["integration-mistake"])
    }
    file.reject(
      "blog_detail.postId-instead-of-slug",
      "blog_detail given postId and no blogSlug: the missing blogSlug is reported first",
      input("blog_detail", ["tagId": "T-2001", "postId": "5001"]), "missing_key", field: "blogSlug",
      tags: ["integration-mistake"])
    file.reject(
      "blog_detail.postId-before-slug-rule", "postId is reported before a blogSlug that is a URL",
      input("blog_detail", ["tagId": "T-2001", "postId": "5001", "blogSlug": "https://shop.example/blog/spring"]),
      "unexpected_param", field: "postId", tags: ["integration-mistake"])
    file.reject(
      "blog_list.postId-after-missing-tagId", "blog_list without tagId but with postId: missing_key tagId first",
      input("blog_list", ["postId": "5001"]), "missing_key", field: "tagId")
    file.reject(
      "blog_list.empty-postId",
      "an empty postId on blog_list is invalid_value from the passes, before unexpected_param",
      input("blog_list", ["tagId": "T-2001", "postId": ""]), "invalid_value", field: "postId")
    for kind in ["social_posts", "review_list", "ugc_list", "staff_detail"] {
      var params = minimal(kind)
      params["postId"] = "5001"
      file.accept(
        "\(kind).postId-ignored", "postId on \(kind) is neither read nor unexpected: ignored", input(kind, params),
        output(kind, params))
    }
    let slugOnList = ["tagId": "T-2001", "blogSlug": "https://shop.example/blog/spring"] as JSONObject
    file.accept(
      "blog_list.slug-ignored", "blogSlug on blog_list is not read (一覧タグでは指定不要), so even a URL is ignored",
      input("blog_list", slugOnList), output("blog_list", slugOnList))
    let slugOnPosts = ["tagId": "T-2001", "blogSlug": "/blog/spring"] as JSONObject
    file.accept(
      "social_posts.slug-ignored", "blogSlug on social_posts is ignored, and its slug rules are not applied",
      input("social_posts", slugOnPosts), output("social_posts", slugOnPosts))
    return file.file(at: "\(folder)/blog.json")
  }

  // MARK: - slugs.json

  static func slugs() -> GeneratedFile {
    var file = file(
      "blog_detail's blogSlug: the article's slug before URL encoding (スラッグはURL全体ではなく…URLエンコード前の値を指定します): no ://, no leading /, no %XX escape, at most 255 scalars",
      prefix: "slug.")
    func accept(_ id: String, _ description: String, _ slug: String, tags: [String] = []) {
      let params: JSONObject = ["tagId": "T-2001", "blogSlug": .string(slug)]
      file.accept(id, description, input("blog_detail", params), output("blog_detail", params), tags: tags)
    }
    func reject(_ id: String, _ description: String, _ slug: String, tags: [String] = []) {
      file.reject(
        id, "\(description): invalid_value blogSlug",
        input("blog_detail", ["tagId": "T-2001", "blogSlug": .string(slug)]),
        "invalid_value", field: "blogSlug", tags: tags)
    }
    accept("plain", "an ASCII slug with hyphens", "spring-coordinate")
    accept("japanese", "a Japanese slug, given before URL encoding", "春コーデ", tags: ["unicode"])
    accept("inner-slash", "a slash inside the slug is allowed (only a leading one is a path)", "2024/spring")
    accept("percent-sign", "a % not followed by two hex digits is not an escape", "100%-cotton")
    accept("percent-not-hex", "%zz is not an escape", "sale%zz")
    accept("percent-one-digit", "% with one hex digit at the end is not an escape", "sale%4")
    accept("colon-slash", "a colon and one slash are not ://", "note:/a")
    accept("scheme-like-word", "the word https without :// is fine", "https-guide")
    accept("dot", "dots are allowed", "v1.2")
    accept("plus", "a plus stays a plus", "a+b")
    accept("space", "a space is allowed (given before URL encoding)", "spring sale")
    accept("one-character", "one character", "a", tags: ["boundary"])
    let urls: [(String, String, [String])] = [
      ("https-url", "https://shop.example/blog/spring-coordinate", ["integration-mistake"]),
      ("http-url", "http://shop.example/blog/spring", ["integration-mistake"]),
      ("column-url", "https://shop.example/column?id=spring", ["integration-mistake"]),
      ("custom-scheme", "myapp://blog/spring", ["integration-mistake"]),
      ("scheme-relative", "//shop.example/blog/spring", ["integration-mistake"]),
      ("inner-scheme", "spring://coordinate", []), ("only-separator", "://", ["boundary"]),
    ]
    for (name, slug, tags) in urls {
      reject("url.\(name)", "\(slug) holds :// or starts with /: a URL is not a slug", slug, tags: tags)
    }
    let paths: [(String, String, [String])] = [
      ("path", "/blog/spring-coordinate", ["integration-mistake"]), ("root", "/", ["boundary"]),
      ("leading-slash", "/spring-coordinate", ["integration-mistake"]), ("double-slash", "//spring", []),
    ]
    for (name, slug, tags) in paths {
      reject("path.\(name)", "\(slug) starts with /: a path is not a slug", slug, tags: tags)
    }
    reject(
      "length.mixed.256", "128 ASCII letters and 128 emoji are 256 scalars", repeated("a", 128) + repeated("🌸", 128),
      tags: ["boundary", "unicode"])
    accept(
      "length.mixed.255", "128 ASCII letters and 127 emoji are 255 scalars", repeated("a", 128) + repeated("🌸", 127),
      tags: ["boundary", "unicode"])
    accept("encoded.not-hex-second", "%AG is not an escape (G is not hex)", "a%AGb")
    reject("encoded.high-byte", "%AF is an escape", "a%AFb")
    reject("url.ftp", "ftp://… holds ://", "ftp://shop.example/spring", tags: ["integration-mistake"])
    reject(
      "url.with-query", "a URL with its query holds ://", "https://shop.example/blog/a?utm=1",
      tags: ["integration-mistake"])
    accept("fullwidth-slash", "a full-width slash ／ is not /", "／blog", tags: ["unicode"])
    accept("path.leading-space-then-slash", "a space before / means it does not start with /", " /spring")
    let encoded: [(String, String, [String])] = [
      ("japanese", "%E6%98%A5%E3%82%B3%E3%83%BC%E3%83%87", ["integration-mistake", "unicode"]),
      ("lowercase-hex", "%e6%98%a5", ["integration-mistake"]), ("space", "spring%20sale", ["integration-mistake"]),
      ("slash", "2024%2Fspring", ["integration-mistake"]), ("mixed-case", "a%2fb", []),
      ("percent-sign", "100%25", ["integration-mistake"]), ("after-percent", "%%41", ["boundary"]),
      ("at-end", "spring%41", []),
    ]
    for (name, slug, tags) in encoded {
      reject("encoded.\(name)", "\(slug) holds a %XX escape: the slug is given before URL encoding", slug, tags: tags)
    }
    // Length in scalars.
    let units: [(String, String, String, [String])] = [
      ("ascii", "a", "ASCII letters", ["boundary"]), ("kana", "あ", "3-byte kana", ["boundary", "unicode"]),
      ("emoji", "🌸", "4-byte emoji (two UTF-16 units each)", ["boundary", "unicode"]),
    ]
    for (name, unit, what, tags) in units {
      accept("length.\(name).255", "255 \(what) are 255 scalars: accepted", repeated(unit, 255), tags: tags)
      reject("length.\(name).256", "256 \(what) are 256 scalars, over 255", repeated(unit, 256), tags: tags)
    }
    accept(
      "length.combining.255", "127 e + U+0301 pairs and one e: 255 scalars, 128 graphemes: accepted",
      repeated("e\u{301}", 127) + "e", tags: ["boundary", "unicode"])
    reject(
      "length.combining.256", "128 e + U+0301 pairs are 256 scalars though 128 graphemes",
      repeated("e\u{301}", 128), tags: ["boundary", "unicode"])
    accept(
      "length.flags.255", "a flag is two scalars: 127 flags and a letter are 255 scalars",
      repeated("🇯🇵", 127) + "a", tags: ["boundary", "unicode"])
    reject("length.flags.256", "128 flags are 256 scalars", repeated("🇯🇵", 128), tags: ["boundary", "unicode"])
    accept(
      "length.nfc", "NFC é counts one scalar: 255 of them are accepted", repeated("\u{E9}", 255),
      tags: ["boundary", "unicode"])
    reject(
      "length.nfd", "200 NFD é are 400 scalars (200 graphemes), over 255, though 200 NFC é would be accepted",
      repeated("e\u{301}", 200), tags: ["boundary", "unicode"])
    return file.file(at: "\(folder)/slugs.json")
  }

  // MARK: - fires.json

  static func fires() -> GeneratedFile {
    var file = file(
      "fires: the views each tag records itself (view_tag always, view_post on the post detail tags), which the app must not call again",
      prefix: "fires.")
    for (kind, detail) in kinds {
      let params = minimal(kind)
      let firesPost = detail == "postId"
      file.accept(
        "\(kind)",
        firesPost
          ? "\(kind) records view_tag with its tagId and view_post with its postId: the app calling viewTag or viewPost itself counts twice"
          : "\(kind) records view_tag with its tagId (and no view_post): the app calling viewTag itself counts twice",
        input(kind, params), output(kind, params), tags: ["integration-mistake"])
    }
    for kind in ["social_post_detail", "ugc_post_detail"] {
      let params: JSONObject = ["tagId": "T-9", "postId": "UGC-77", "productId": "P-1"]
      file.accept(
        "\(kind).ids-from-params", "\(kind) fires the tagId and postId it was given, not the productId",
        input(kind, params), output(kind, params))
    }
    let staff: JSONObject = ["tagId": "T-3", "staffId": "301", "postId": "5001"]
    file.accept(
      "staff_detail.no-view-post", "staff_detail fires no view_post, even with a postId it ignores",
      input("staff_detail", staff), output("staff_detail", staff))
    let list: JSONObject = ["tagId": "T-4", "postId": "5001"]
    file.accept(
      "ugc_list.no-view-post", "ugc_list fires no view_post, even with a postId it ignores", input("ugc_list", list),
      output("ugc_list", list))
    return file.file(at: "\(folder)/fires.json")
  }

  // MARK: - values.json

  static func values() -> GeneratedFile {
    var file = file(
      "parameter values are kept as given: no trimming, no normalisation, no ID format beyond a non-empty string",
      prefix: "value.")
    let values: [(String, String, String, [String])] = [
      ("space", " ", "a single space is not empty", ["boundary"]),
      ("padded", " T-2001 ", "surrounding spaces are kept", []),
      ("numeric-leading-zeros", "000123", "leading zeros are kept (not a number)", []),
      ("japanese", "春の新作", "Japanese text", ["unicode"]), ("nfc", "caf\u{E9}", "NFC é kept", ["unicode"]),
      ("nfd", "cafe\u{301}", "NFD e + U+0301 kept, not composed", ["unicode"]),
      ("long", repeated("7", 1000), "no length limit outside blogSlug: 1000 characters", ["boundary"]),
      ("emoji", "🌸", "an emoji", ["unicode"]),
      ("url-like", "https://shop.example/p/1", "a URL-like productId is just a string", []),
      ("percent", "%41", "a %XX escape outside blogSlug is just text", []),
    ]
    for (name, value, description, tags) in values {
      for parameter in ["tagId", "productId", "cartProductId", "brandCode"] {
        var params = minimal("social_posts")
        params[parameter] = .string(value)
        file.accept(
          "\(parameter).\(name)", "\(parameter): \(description)", input("social_posts", params),
          output("social_posts", params), tags: tags)
      }
    }
    let shopify: JSONObject = ["tagId": "T-2001", "cartProductId": "7982345678901"]
    file.accept(
      "cart-product-id-only", "a Shopify store gives cartProductId without productId: kept",
      input("review_list", shopify),
      output("review_list", shopify))
    let post: JSONObject = ["tagId": "T-2001", "postId": "UGC-0001-あ"]
    file.accept(
      "ugc-post-id", "a UGC post ID in any form is kept as the postId", input("ugc_post_detail", post),
      output("ugc_post_detail", post), tags: ["unicode"])
    return file.file(at: "\(folder)/values.json")
  }
}

/// One vector file of `leeep.tag-view`: every rejection is tagged `invalid` and every acceptance
/// `valid`, before the test's own tags; every id starts with the file's prefix.
struct TagViewVectorFile {
  private var builder: VectorFileBuilder
  private let prefix: String

  init(description: String, prefix: String) {
    builder = VectorFileBuilder(suite: LeeepTagView.name, description: description, source: LeeepTagView.source)
    self.prefix = prefix
  }

  mutating func accept(
    _ id: String, _ description: String, _ input: JSONValue, _ output: JSONValue, tags: [String] = []
  ) {
    builder.add(
      id: prefix + id, description: description, tags: TrackingVectorFile.tags("valid", tags), input: input,
      expect: .accept(output: output))
  }

  mutating func reject(
    _ id: String, _ description: String, _ input: JSONValue, _ error: String, field: String? = nil, tags: [String] = []
  ) {
    builder.add(
      id: prefix + id, description: description, tags: TrackingVectorFile.tags("invalid", tags), input: input,
      expect: .reject(error: error, field: field))
  }

  func file(at path: String) -> GeneratedFile { builder.file(at: path) }
}
