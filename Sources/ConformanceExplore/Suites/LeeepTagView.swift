import ConformanceJSON

/// `leeep.tag-view`: a tag kind and its params. Targets: tag names in another case, the three
/// passes over params each in key order (unknown keys, then non-strings, then empty strings: a
/// later key's unknown name before an earlier key's number), required params per tag, `postId`
/// on the blog tags, `blogSlug` rules (`://`, a leading `/`, a percent-escape of two hex digits
/// in either case but not `%zz` or `%2`, over 255 scalars counted in bytes or UTF-16 by
/// mistake), params the tag does not read left out of the output, `fires` per tag, input keys
/// other than `tag` and `params` ignored.
struct LeeepTagViewExplorer: SuiteExplorer {
  let suite = "leeep.tag-view"
  static let tags = [
    "social_posts", "social_post_detail", "staff_detail", "review_list", "ugc_list", "ugc_post_detail", "blog_list",
    "blog_detail",
  ]
  static let params = ["tagId", "productId", "cartProductId", "brandCode", "postId", "staffId", "blogSlug"]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["tag", "params"] + params, strings: tags + ["t1", "", "spring-coat"], limits: [TextLimit(255, .scalars)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    ExploreMix.contextFreeCase(
      suite: suite, samples: samples, &random, valid: Self.valid, mutator: Self.mutator, suiteMutation: Self.mutation)
  }

  static func slug(_ random: inout ExploreRandom) -> String {
    switch random.below(3) {
    case 0:
      return random.pick([
        "spring-coat", "https://shop.example/blog/a", "/blog/a", "blog/a", "a%2Fb", "a%2fb", "a%zz", "a%2", "100%",
        "%E3%81%82",
        "a:/b", "a://", "\u{FF0F}a", " /a", "a b", "\u{3042}", "%%41", "%4g",
      ])
    case 1:
      let count = TextLengths.lengths(around: 255, random: &random)
      return TextLengths.string(
        count: count, unit: random.pick([.scalars, .utf16Units, .utf8Bytes, .graphemes]), random: &random)
    default: return "post-" + String(random.below(100))
    }
  }

  static func valid(_ random: inout ExploreRandom) -> JSONValue {
    let tag = random.pick(tags)
    var params: JSONObject = ["tagId": .string(random.pick(["t1", "\u{3042}", " "]))]
    if tag.hasSuffix("post_detail") { params["postId"] = "p1" }
    if tag == "staff_detail" { params["staffId"] = "s1" }
    if tag == "blog_detail" { params["blogSlug"] = .string(slug(&random)) }
    for key in ["productId", "cartProductId", "brandCode", "staffId", "postId", "blogSlug"]
    where random.chance(1, in: 6) {
      if !params.contains(key), !(key == "postId" && tag.hasPrefix("blog")) { params[key] = "x" }
    }
    return ["tag": .string(tag), "params": .object(params)]
  }

  static func mutation(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    guard case .object(var input) = value else { return mutator.mutate(value, &random) }
    var params = input["params"]?.objectValue
    switch random.below(8) {
    case 0: input["tag"] = .string(random.pick(tags + ["Blog_detail", "blogDetail", "blog_detail ", "", "review"]))
    case 1:
      params?[random.pick(["zz", "a", "TagId", "blog_slug", "post_id", "Zeta"])] = random.pick(["x", 1])
    case 2:
      let keys = params?.keys ?? []
      let key = keys.isEmpty ? "tagId" : random.pick(keys)
      params?[key] = random.pick([1, .null, true, "", .array([])])
    case 3:
      // Three passes over params: one key of each kind of problem, in some key order.
      params?[random.pick(["brandCode", "cartProductId", "x"])] = 1
      params?[random.pick(["a", "zz", "Z"])] = "x"
      params?[random.pick(["productId", "tagId"])] = ""
    case 4:
      input["tag"] = "blog_detail"
      params?["blogSlug"] = .string(slug(&random))
    case 5: params?[random.pick(["tagId", "postId", "staffId", "blogSlug"])] = nil
    case 6:
      params?["postId"] = "p1"
      input["tag"] = .string(random.pick(["blog_list", "blog_detail", "social_posts", "review_list"]))
    default:
      input[random.pick(["extra", "fires", "Tag"])] = "x"
    }
    if let params { input["params"] = .object(params) }
    return .object(input)
  }
}
