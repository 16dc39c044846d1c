import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// docs/suites/leeep.blog-match.md checked directly: argument checks and their order, the payload's errors passed
/// through, and when the call answers true.
@Suite struct LeeepBlogMatchTests {
  let suite = LeeepBlogMatch()
  let context: JSONObject = ["expected_scope": ["website_id": "1024", "app_id": "88"]]

  static let data: JSONObject = [
    "schema_version": "2", "website_id": "1024", "app_id": "88", "notification_id": "ntf-2",
    "delivery_id": "dlv:88:2", "target_type": "blog", "source_content_id": "5002", "ugc_id": "90002",
    "blog_slug": "caf\u{E9}",
  ]
  static let arguments: JSONObject = [
    "data": .object(data), "website_id": "1024", "slug": "caf\u{E9}", "ugc_id": "90002", "is_public": true,
  ]

  func evaluate(_ input: JSONObject) throws -> Outcome {
    try suite.evaluate(.object(input), context: context)
  }

  func expectMatches(_ input: JSONObject, _ value: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try evaluate(input) == .accept(output: ["matches": .bool(value)]), sourceLocation: sourceLocation)
  }

  func expectReject(
    _ input: JSONValue, _ error: String, _ field: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let outcome = try suite.evaluate(input, context: context)
    guard case .reject(let actualError, let actualField) = outcome else {
      Issue.record("expected reject \(error), got \(outcome)", sourceLocation: sourceLocation)
      return
    }
    #expect(actualError.utf8.elementsEqual(error.utf8), "error \(actualError)", sourceLocation: sourceLocation)
    #expect(
      actualField.map { Array($0.utf8) } == field.map { Array($0.utf8) },
      "field \(String(describing: actualField))", sourceLocation: sourceLocation)
  }

  @Test func aPublicBlogWithEqualValuesMatches() throws {
    try expectMatches(Self.arguments, true)
  }

  @Test func anyDifferenceOrAPrivateArticleDoesNotMatch() throws {
    try expectMatches(Self.arguments.with("is_public", false), false)
    try expectMatches(Self.arguments.with("website_id", "2048"), false)
    try expectMatches(Self.arguments.with("website_id", "01024"), false)
    try expectMatches(Self.arguments.with("slug", "Caf\u{E9}"), false)
    try expectMatches(Self.arguments.with("ugc_id", "5002"), false)
  }

  @Test func nfdAndNfcSlugsAreDifferent() throws {
    try expectMatches(Self.arguments.with("slug", "cafe\u{301}"), false)
    let nfdData = Self.data.with("blog_slug", "cafe\u{301}")
    try expectMatches(Self.arguments.with("data", .object(nfdData)), false)
    try expectMatches(Self.arguments.with("data", .object(nfdData)).with("slug", "cafe\u{301}"), true)
  }

  @Test func aCoordinateNeverMatches() throws {
    let coordinate = Self.data.with("target_type", "coordinate").with("blog_slug", nil)
    try expectMatches(Self.arguments.with("data", .object(coordinate)), false)
  }

  @Test func argumentsAreCheckedInAFixedOrder() throws {
    try expectReject(.null, "invalid_argument", nil)
    try expectReject([.object(Self.arguments)], "invalid_argument", nil)
    try expectReject([:], "invalid_argument", "data")
    for key in LeeepBlogMatch.argumentOrder {
      try expectReject(.object(Self.arguments.with(key, nil)), "invalid_argument", key)
    }
    try expectReject(
      .object(Self.arguments.with("website_id", 1024).with("slug", nil)), "invalid_argument", "website_id")
    try expectReject(.object(Self.arguments.with("slug", .null).with("ugc_id", 1)), "invalid_argument", "slug")
    try expectReject(
      .object(Self.arguments.with("ugc_id", 90002).with("is_public", "true")), "invalid_argument", "ugc_id")
    for wrong: JSONValue in ["true", 1, .null, [true]] {
      try expectReject(.object(Self.arguments.with("is_public", wrong)), "invalid_argument", "is_public")
    }
  }

  @Test func dataMayBeAnyJSONValueAndItsFaultsAreThePayloads() throws {
    try expectReject(.object(Self.arguments.with("data", .null)), "not_an_object", nil)
    try expectReject(.object(Self.arguments.with("data", "{}")), "not_an_object", nil)
    try expectReject(
      .object(Self.arguments.with("data", .object(Self.data.with("ugc_id", 1)))), "non_string_value", "ugc_id")
    try expectReject(
      .object(Self.arguments.with("data", .object(Self.data.with("website_id", "2048")))), "foreign_scope", "website_id"
    )
    try expectReject(
      .object(Self.arguments.with("data", .object(Self.data.with("blog_slug", nil)))), "missing_key", "blog_slug")
  }

  @Test func argumentsComeBeforeThePayload() throws {
    try expectReject(
      .object(Self.arguments.with("data", .null).with("is_public", nil)), "invalid_argument", "is_public")
  }

  @Test func payloadErrorsComeBeforeMatching() throws {
    try expectReject(
      .object(Self.arguments.with("data", .object(Self.data.with("app_id", "89"))).with("is_public", false)),
      "foreign_scope", "app_id")
  }

  @Test func otherArgumentKeysAreIgnored() throws {
    try expectMatches(Self.arguments.with("isPublic", false).with("extra", .null), true)
  }

  static let unusableContexts: [JSONObject] = [
    [:], ["expected_scope": "1024"], ["expected_scope": ["website_id": "1024"]],
    ["expected_scope": ["website_id": "1024", "app_id": 88]],
  ]

  /// The payload's check 9 is the only one that needs `expected_scope`.
  @Test(arguments: unusableContexts)
  func anUnusableContextIsAContextErrorAtThePayloadsCheck9(_ context: JSONObject) {
    #expect(throws: ContextError.self) { try suite.evaluate(.object(Self.arguments), context: context) }
    #expect(throws: ContextError.self) {
      try suite.evaluate(.object(Self.arguments.with("is_public", false)), context: context)
    }
    let coordinate = Self.data.with("target_type", "coordinate").with("blog_slug", nil)
    #expect(throws: ContextError.self) {
      try suite.evaluate(.object(Self.arguments.with("data", .object(coordinate))), context: context)
    }
  }

  /// invalid_argument and the payload's checks 1–8 need no context: each is reported with the
  /// context missing or broken.
  @Test(arguments: unusableContexts)
  func argumentsAndPayloadChecks1To8NeedNoContext(_ context: JSONObject) throws {
    let failures: [(JSONValue, String, String?)] = [
      (.null, "invalid_argument", nil),
      ([:], "invalid_argument", "data"),
      (.object(Self.arguments.with("is_public", "true")), "invalid_argument", "is_public"),
      (.object(Self.arguments.with("data", .null)), "not_an_object", nil),
      (.object(Self.arguments.with("data", .object(Self.data.with("ugc_id", 1)))), "non_string_value", "ugc_id"),
      (.object(Self.arguments.with("data", .object(Self.data.with("blog_slug", nil)))), "missing_key", "blog_slug"),
      (.object(Self.arguments.with("data", .object(Self.data.with("app_id", "088")))), "invalid_value", "app_id"),
    ]
    for (input, error, field) in failures {
      #expect(try suite.evaluate(input, context: context) == .reject(error: error, field: field))
    }
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 150, "the corpus holds at least 150 leeep.blog-match vectors, found \(count)")
  }
}

extension JSONObject {
  /// A copy with `key` set, or removed when `value` is nil.
  fileprivate func with(_ key: String, _ value: JSONValue?) -> JSONObject {
    var copy = self
    copy[key] = value
    return copy
  }
}
