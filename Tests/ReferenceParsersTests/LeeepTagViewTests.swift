import ConformanceJSON
import ConformanceKit
import Testing

@testable import ReferenceParsers

/// docs/suites/leeep.tag-view.md checked directly: the tag and params checks in order, the three
/// passes, each detail tag's parameter, blog slugs, the output and what the tag fires, then every
/// shipped vector.
@Suite struct LeeepTagViewTests: JSONTextSuiteChecks {
  let suite = LeeepTagView()

  func tag(_ kind: String, _ params: String) -> String { #"{"tag": "\#(kind)", "params": \#(params)}"# }

  func blogSlugAccepted(_ slug: String) throws -> Bool {
    let input: JSONValue = ["tag": "blog_detail", "params": ["tagId": "t", "blogSlug": .string(slug)]]
    switch try suite.evaluate(input, context: JSONObject()) {
    case .accept: return true
    case .reject(let error, let field):
      #expect(error == "invalid_value" && field == "blogSlug", "\(slug)")
      return false
    }
  }

  // MARK: Tag and params

  @Test func theTagAndParamsAreCheckedInOrder() throws {
    for input in ["null", "[]", "\"social_posts\"", "3"] { try expectReject(input, "not_an_object", nil) }
    try expectReject(#"{"params": 1}"#, "missing_key", "tag")
    for wrong in ["null", "1", "\"\"", "\"blog\"", "\"SOCIAL_POSTS\"", "\"socialPosts\"", "[\"ugc_list\"]"] {
      try expectReject(#"{"tag": \#(wrong), "params": 1}"#, "invalid_value", "tag")
    }
    try expectReject(#"{"tag": "ugc_list"}"#, "missing_key", "params")
    for wrong in ["null", "[]", "\"tagId=t\"", "1"] {
      try expectReject(#"{"tag": "ugc_list", "params": \#(wrong)}"#, "invalid_type", "params")
    }
  }

  @Test func otherInputKeysAreIgnored() throws {
    try expectAccept(
      #"{"tag": "ugc_list", "params": {"tagId": "t"}, "onTapLink": "x", "tagId": 1}"#,
      #"{"tag": "ugc_list", "params": {"tagId": "t"}, "fires": [{"event": "view_tag", "tagId": "t"}]}"#)
  }

  @Test func threePassesOverParamsEachInKeyOrder() throws {
    // Unknown keys first, even after a non-string and an empty value.
    try expectReject(tag("social_posts", #"{"tagId": 1, "brandCode": "", "zzz": "a"}"#), "unknown_key", "zzz")
    try expectReject(tag("social_posts", #"{"tag_id": "t", "slug": "a"}"#), "unknown_key", "slug")
    try expectReject(tag("social_posts", #"{"tagID": "t"}"#), "unknown_key", "tagID")
    // Then non-string values, the first in key order.
    try expectReject(tag("social_posts", #"{"tagId": 1, "brandCode": 2}"#), "non_string_value", "brandCode")
    try expectReject(tag("social_posts", #"{"tagId": "", "productId": null}"#), "non_string_value", "productId")
    try expectReject(tag("social_posts", #"{"postId": 123}"#), "non_string_value", "postId")
    // Then empty strings.
    try expectReject(tag("social_posts", #"{"tagId": "", "cartProductId": ""}"#), "invalid_value", "cartProductId")
    try expectReject(tag("blog_list", #"{"tagId": "t", "postId": ""}"#), "invalid_value", "postId")
  }

  @Test func eachDetailTagRequiresItsParameterAfterTagId() throws {
    try expectReject(tag("social_posts", "{}"), "missing_key", "tagId")
    try expectReject(tag("social_post_detail", "{}"), "missing_key", "tagId")
    try expectReject(tag("social_post_detail", #"{"tagId": "t"}"#), "missing_key", "postId")
    try expectReject(tag("ugc_post_detail", #"{"tagId": "t", "staffId": "s"}"#), "missing_key", "postId")
    try expectReject(tag("staff_detail", #"{"tagId": "t", "postId": "p"}"#), "missing_key", "staffId")
    try expectReject(tag("blog_detail", #"{"tagId": "t", "postId": "p"}"#), "missing_key", "blogSlug")
    for list in ["social_posts", "review_list", "ugc_list", "blog_list"] {
      #expect(try evaluate(tag(list, #"{"tagId": "t"}"#)).isAccept, "\(list)")
    }
  }

  @Test func postIdIsNeverABlogParameter() throws {
    try expectReject(tag("blog_list", #"{"tagId": "t", "postId": "p"}"#), "unexpected_param", "postId")
    try expectReject(
      tag("blog_detail", #"{"tagId": "t", "postId": "p", "blogSlug": "a"}"#), "unexpected_param", "postId")
    // Before the slug's own check.
    try expectReject(
      tag("blog_detail", #"{"tagId": "t", "postId": "p", "blogSlug": "https://x/a"}"#), "unexpected_param", "postId")
  }

  @Test(arguments: [
    ("spring-coordinate", true), ("春コーデ", true), ("a/b", true), ("blog/spring", true), ("100%", true),
    ("%zz", true), ("%4", true), ("a%g1", true), ("https:/x", true), (":/", true), ("%%41", false),
    ("https://shop.example/blog/a", false), ("x://", false), ("://", false), ("/blog/a", false), ("/", false),
    ("%E6%98%A5", false), ("a%2fb", false), ("a%2Fb", false), ("%41", false), ("a%20b", false),
    (String(repeating: "a", count: 255), true), (String(repeating: "a", count: 256), false),
    (String(repeating: "🌸", count: 255), true), (String(repeating: "🌸", count: 256), false),
    (String(repeating: "e\u{301}", count: 127) + "e", true), (String(repeating: "e\u{301}", count: 128), false),
    (" /a", true), ("a/", true),
  ])
  func blogSlugs(_ slug: String, accepted: Bool) throws {
    #expect(try blogSlugAccepted(slug) == accepted, "\(slug)")
  }

  @Test func slugRulesOnlyApplyToTheBlogDetailTag() throws {
    try expectAccept(
      tag("blog_list", #"{"tagId": "t", "blogSlug": "https://shop.example/blog/a"}"#),
      #"{"tag": "blog_list", "params": {"tagId": "t"}, "fires": [{"event": "view_tag", "tagId": "t"}]}"#)
  }

  // MARK: Output

  @Test func eachTagReadsItsParametersAndFiresItsViews() throws {
    let all =
      #"{"tagId": "t", "productId": "p", "cartProductId": "c", "brandCode": "b", "staffId": "s", "blogSlug": "g"}"#
    let allWithPost =
      #"{"tagId": "t", "productId": "p", "cartProductId": "c", "brandCode": "b", "postId": "9", "staffId": "s", "blogSlug": "g"}"#
    let common = #""tagId": "t", "productId": "p", "cartProductId": "c", "brandCode": "b""#
    let viewTag = #"{"event": "view_tag", "tagId": "t"}"#
    for list in ["social_posts", "review_list", "ugc_list"] {
      try expectAccept(tag(list, allWithPost), #"{"tag": "\#(list)", "params": {\#(common)}, "fires": [\#(viewTag)]}"#)
    }
    try expectAccept(tag("blog_list", all), #"{"tag": "blog_list", "params": {\#(common)}, "fires": [\#(viewTag)]}"#)
    for detail in ["social_post_detail", "ugc_post_detail"] {
      try expectAccept(
        tag(detail, allWithPost),
        #"{"tag": "\#(detail)", "params": {\#(common), "postId": "9"}, "fires": [\#(viewTag), {"event": "view_post", "postId": "9"}]}"#
      )
    }
    try expectAccept(
      tag("staff_detail", allWithPost),
      #"{"tag": "staff_detail", "params": {\#(common), "staffId": "s"}, "fires": [\#(viewTag)]}"#)
    try expectAccept(
      tag("blog_detail", all),
      #"{"tag": "blog_detail", "params": {\#(common), "blogSlug": "g"}, "fires": [\#(viewTag)]}"#)
  }

  @Test func valuesAreKeptAsGiven() throws {
    try expectAccept(
      tag("social_post_detail", #"{"tagId": " t ", "postId": "0042"}"#),
      #"{"tag": "social_post_detail", "params": {"tagId": " t ", "postId": "0042"}, "fires": [{"event": "view_tag", "tagId": " t "}, {"event": "view_post", "postId": "0042"}]}"#
    )
  }

  @Test func theContextIsNeverRead() throws {
    #expect(try suite.evaluate(parse(tag("ugc_list", #"{"tagId": "t"}"#)), context: ["x": 1]).isAccept)
  }

  // MARK: Shipped vectors

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 300)
  }
}

extension Outcome {
  fileprivate var isAccept: Bool {
    if case .accept = self { return true }
    return false
  }
}
