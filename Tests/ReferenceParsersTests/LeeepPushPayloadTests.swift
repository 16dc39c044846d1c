import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// docs/suites/leeep.push.payload.md checked directly: each check, its order, exact error codes and fields, the output.
@Suite struct LeeepPushPayloadTests {
  let suite = LeeepPushPayload()
  let context: JSONObject = ["expected_scope": ["website_id": "1024", "app_id": "88"]]

  static let coordinate: JSONObject = [
    "schema_version": "2", "website_id": "1024", "app_id": "88", "notification_id": "ntf-1",
    "delivery_id": "dlv:88:1", "target_type": "coordinate", "source_content_id": "5001", "ugc_id": "90001",
  ]
  static let blog: JSONObject = coordinate.setting("target_type", "blog").setting("blog_slug", "summer")

  func outcome(_ input: JSONObject, context: JSONObject? = nil) throws -> Outcome {
    try suite.evaluate(.object(input), context: context ?? self.context)
  }

  /// Expects a rejection with exactly this error and field, compared byte for byte.
  func expectReject(
    _ input: JSONValue, _ error: String, _ field: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let outcome = try suite.evaluate(input, context: context)
    guard case .reject(let actualError, let actualField) = outcome else {
      Issue.record("expected reject \(error) \(field ?? "-"), got \(outcome)", sourceLocation: sourceLocation)
      return
    }
    #expect(actualError.utf8.elementsEqual(error.utf8), "error \(actualError)", sourceLocation: sourceLocation)
    #expect(
      actualField.map { Array($0.utf8) } == field.map { Array($0.utf8) },
      "field \(String(describing: actualField))", sourceLocation: sourceLocation)
  }

  @Test func acceptsACoordinateWithTheContractOutput() throws {
    let expected: JSONValue = [
      "scope": ["website_id": "1024", "app_id": "88"], "notification_id": "ntf-1", "delivery_id": "dlv:88:1",
      "target": ["type": "coordinate", "source_content_id": "5001", "ugc_id": "90001"],
    ]
    #expect(try outcome(Self.coordinate) == .accept(output: expected))
  }

  @Test func acceptsABlogAndAddsTheSlugToTheTarget() throws {
    let expected: JSONValue = [
      "scope": ["website_id": "1024", "app_id": "88"], "notification_id": "ntf-1", "delivery_id": "dlv:88:1",
      "target": ["type": "blog", "source_content_id": "5001", "ugc_id": "90001", "slug": "summer"],
    ]
    #expect(try outcome(Self.blog) == .accept(output: expected))
  }

  @Test func keepsTheSlugExactlyAsGiven() throws {
    for slug in ["cafe\u{301}", "caf\u{E9}", " summer\n", "\u{0}"] {
      let result = try outcome(Self.blog.setting("blog_slug", .string(slug)))
      guard case .accept(let output) = result,
        case .string(let kept)? = output.objectValue?["target"]?.objectValue?["slug"]
      else {
        Issue.record("not accepted: \(result)")
        continue
      }
      #expect(kept.utf8.elementsEqual(slug.utf8))
    }
  }

  @Test(arguments: [JSONValue.null, true, 2, "{}", [], [.object(Self.coordinate)]])
  func check1RejectsAnythingButAnObject(input: JSONValue) throws {
    try expectReject(input, "not_an_object", nil)
  }

  @Test func check2NamesTheFirstNonStringKeyInByteOrder() throws {
    try expectReject(.object(Self.coordinate.setting("ugc_id", 90001)), "non_string_value", "ugc_id")
    try expectReject(
      .object(Self.coordinate.setting("website_id", 1).setting("app_id", .null)), "non_string_value", "app_id")
    try expectReject(
      .object(Self.coordinate.setting("app_id", 1).setting("Website_Id", 1)), "non_string_value", "Website_Id")
    // Two keys Swift's String calls equal: the NFD one sorts first by bytes.
    try expectReject(
      .object(Self.coordinate.setting("caf\u{E9}", 1).setting("cafe\u{301}", 1)), "non_string_value", "cafe\u{301}")
    // UTF-8 order, not UTF-16 order.
    try expectReject(
      .object(Self.coordinate.setting("\u{1F511}", 1).setting("\u{FF77}", 1)), "non_string_value", "\u{FF77}")
  }

  @Test func check2ComesBeforeCheck3() throws {
    try expectReject(.object(Self.coordinate.setting("schema_version", 2)), "non_string_value", "schema_version")
    try expectReject(
      .object(Self.coordinate.removing("schema_version").setting("aps", [:])), "non_string_value", "aps")
  }

  @Test func check3WantsExactlyTheString2() throws {
    try expectReject(.object(Self.coordinate.removing("schema_version")), "missing_key", "schema_version")
    for version in ["1", "3", "2.0", " 2", "2 ", "2\n", "２", ""] {
      try expectReject(
        .object(Self.coordinate.setting("schema_version", .string(version))), "unsupported_schema", "schema_version")
    }
  }

  @Test func check3ComesBeforeCheck4() throws {
    let renamed = Self.coordinate.removing("schema_version").setting("schemaVersion", "2")
    try expectReject(.object(renamed), "missing_key", "schema_version")
    try expectReject(
      .object(Self.coordinate.setting("schema_version", "1").setting("url", "https://x")), "unsupported_schema",
      "schema_version")
  }

  @Test func check4NamesTheFirstUnknownKeyInByteOrder() throws {
    try expectReject(
      .object(Self.coordinate.setting("google.c.a.e", "1").setting("gcm.message_id", "1")), "unknown_key",
      "gcm.message_id")
    try expectReject(
      .object(Self.coordinate.setting("aps", "x").setting("Website_Id", "1")), "unknown_key", "Website_Id")
    try expectReject(.object(Self.coordinate.setting("_meta", "x").setting("Zeta", "1")), "unknown_key", "Zeta")
    try expectReject(
      .object(Self.coordinate.setting("caf\u{E9}", "1").setting("cafe\u{301}", "1")), "unknown_key", "cafe\u{301}")
  }

  @Test func check4ComesBeforeCheck5() throws {
    let renamed = Self.coordinate.removing("website_id").setting("websiteId", "1024")
    try expectReject(.object(renamed), "unknown_key", "websiteId")
  }

  @Test func check5FollowsTheContractOrder() throws {
    let order = [
      "website_id", "app_id", "notification_id", "delivery_id", "target_type", "source_content_id", "ugc_id",
    ]
    for (index, key) in order.enumerated() {
      var data = Self.coordinate
      for later in order[index...] { data = data.removing(later) }
      try expectReject(.object(data), "missing_key", key)
      try expectReject(.object(Self.blog.removing(key)), "missing_key", key)
    }
  }

  @Test func check6WantsCoordinateOrBlogExactly() throws {
    for value in ["Blog", "BLOG", "blog ", "coordinate\n", "", "コーデ", "post"] {
      try expectReject(.object(Self.coordinate.setting("target_type", .string(value))), "invalid_value", "target_type")
      try expectReject(.object(Self.blog.setting("target_type", .string(value))), "invalid_value", "target_type")
    }
  }

  @Test func check7TiesBlogSlugToBlogTargets() throws {
    try expectReject(.object(Self.blog.removing("blog_slug")), "missing_key", "blog_slug")
    try expectReject(.object(Self.coordinate.setting("blog_slug", "summer")), "unknown_key", "blog_slug")
    // Check 7 before check 8: the slug's own value is not looked at on a coordinate.
    try expectReject(.object(Self.coordinate.setting("blog_slug", "")), "unknown_key", "blog_slug")
    try expectReject(
      .object(Self.blog.removing("blog_slug").setting("website_id", "0")), "missing_key", "blog_slug")
  }

  @Test func check8FollowsTheContractOrder() throws {
    let broken: [(String, JSONValue)] = [
      ("website_id", "01024"), ("app_id", "0"), ("notification_id", "-n"), ("delivery_id", "d/1"),
      ("source_content_id", "5001 "), ("ugc_id", "12345678901234567890"), ("blog_slug", ""),
    ]
    for index in broken.indices {
      var data = Self.blog
      for (key, value) in broken[index...] { data = data.setting(key, value) }
      try expectReject(.object(data), "invalid_value", broken[index].0)
    }
  }

  @Test func numericIDsAreAsciiDigitStringsWithoutLeadingZero() throws {
    for valid in ["1", "9999999999999999999", "9223372036854775808", "1000000000000000000"] {
      let context = ["expected_scope": ["website_id": .string(valid), "app_id": "88"]] as JSONObject
      #expect(try outcome(Self.coordinate.setting("website_id", .string(valid)), context: context).isAccept)
      #expect(try outcome(Self.coordinate.setting("ugc_id", .string(valid))).isAccept)
    }
    for invalid in [
      "", "0", "01", "12345678901234567890", "-1", "+1", " 1", "1 ", "1\n", "１", "١", "१", "1.0", "1e3",
    ] {
      try expectReject(
        .object(Self.coordinate.setting("source_content_id", .string(invalid))), "invalid_value", "source_content_id")
    }
  }

  @Test func opaqueIDsFollowTheirPattern() throws {
    let longest = String(repeating: "a", count: 128)
    for valid in ["a", "0", "a.b_c:d-e", "a-", longest] {
      #expect(try outcome(Self.coordinate.setting("delivery_id", .string(valid))).isAccept)
    }
    for invalid in ["", longest + "a", "-a", ".a", "_a", ":a", "a/b", "a b", "a\n", "caf\u{E9}", "a%b"] {
      try expectReject(
        .object(Self.coordinate.setting("notification_id", .string(invalid))), "invalid_value", "notification_id")
    }
  }

  @Test func blogSlugsCountUnicodeScalars() throws {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"  // 7 scalars, 1 grapheme
    let accepted = [
      String(repeating: "\u{1F600}", count: 255), "e" + String(repeating: "\u{301}", count: 254),
      String(repeating: family, count: 36) + "abc", " ",
    ]
    for slug in accepted {
      #expect(try outcome(Self.blog.setting("blog_slug", .string(slug))).isAccept)
    }
    let rejected = [
      "", String(repeating: "a", count: 256), String(repeating: family, count: 36) + "abcd",
      String(repeating: "e\u{301}", count: 128),
    ]
    for slug in rejected {
      try expectReject(.object(Self.blog.setting("blog_slug", .string(slug))), "invalid_value", "blog_slug")
    }
  }

  @Test func check9ComparesTheWebsiteFirst() throws {
    try expectReject(.object(Self.coordinate.setting("website_id", "2048")), "foreign_scope", "website_id")
    try expectReject(.object(Self.coordinate.setting("app_id", "89")), "foreign_scope", "app_id")
    try expectReject(
      .object(Self.coordinate.setting("website_id", "2048").setting("app_id", "89")), "foreign_scope", "website_id")
    // Check 8 before check 9.
    try expectReject(
      .object(Self.coordinate.setting("website_id", "2048").setting("app_id", "088")), "invalid_value", "app_id")
  }

  @Test func theWholeIOSUserInfoFailsOnAps() throws {
    let userInfo = Self.coordinate.setting("aps", ["alert": "x", "mutable-content": 1])
      .setting("gcm.message_id", "1717200000000001").setting("google.c.a.e", "1")
    try expectReject(.object(userInfo), "non_string_value", "aps")
  }

  static let unusableContexts: [JSONObject] = [
    [:], ["expected_scope": "1024"], ["expected_scope": ["website_id": "1024"]],
    ["expected_scope": ["website_id": 1024, "app_id": "88"]],
  ]

  /// The expected scope is compared, not validated, and keys beside it are ignored.
  @Test func theExpectedScopeIsComparedNotValidated() throws {
    let odd: JSONObject = ["expected_scope": ["website_id": "01024", "app_id": "88", "note": "staging"]]
    let outcome = try suite.evaluate(.object(Self.coordinate), context: odd)
    #expect(outcome == .reject(error: "foreign_scope", field: "website_id"))
    let extra: JSONObject = ["expected_scope": ["website_id": "1024", "app_id": "88", "note": "staging"]]
    #expect(try suite.evaluate(.object(Self.coordinate), context: extra).isAccept)
  }

  /// Check 9 is the only one that needs `expected_scope`: a payload passing checks 1–8 with an
  /// unusable context is a context error, whether or not it would be foreign.
  @Test(arguments: unusableContexts)
  func anUnusableContextIsAContextErrorAtCheck9(_ context: JSONObject) {
    #expect(throws: ContextError.self) { try suite.evaluate(.object(Self.coordinate), context: context) }
    #expect(throws: ContextError.self) { try suite.evaluate(.object(Self.blog), context: context) }
    #expect(
      throws: ContextError.self
    ) { try suite.evaluate(.object(Self.coordinate.setting("website_id", "2048")), context: context) }
  }

  /// Checks 1–8 need no context: each is reported with the context missing or broken.
  @Test(arguments: unusableContexts)
  func checks1To8NeedNoContext(_ context: JSONObject) throws {
    let failures: [(JSONValue, String, String?)] = [
      (.null, "not_an_object", nil),
      (.object(Self.coordinate.setting("ugc_id", 90001)), "non_string_value", "ugc_id"),
      (.object(Self.coordinate.setting("schema_version", "1")), "unsupported_schema", "schema_version"),
      (.object(Self.coordinate.setting("aps", "x")), "unknown_key", "aps"),
      (.object(Self.coordinate.removing("ugc_id")), "missing_key", "ugc_id"),
      (.object(Self.coordinate.setting("target_type", "Blog")), "invalid_value", "target_type"),
      (.object(Self.coordinate.setting("blog_slug", "summer")), "unknown_key", "blog_slug"),
      (.object(Self.coordinate.setting("website_id", "01024")), "invalid_value", "website_id"),
    ]
    for (input, error, field) in failures {
      #expect(try suite.evaluate(input, context: context) == .reject(error: error, field: field))
    }
  }

  @Test func parsingIgnoringTheScopeStopsBeforeCheck9() throws {
    let foreign = try LeeepPushNotification.parseIgnoringScope(.object(Self.coordinate.setting("app_id", "89")))
    #expect(foreign.scope.appID == "89")
    do {
      try foreign.checkScope(LeeepPushScope(websiteID: "1024", appID: "88"))
      Issue.record("a foreign app was accepted")
    } catch {
      #expect(error.code == "foreign_scope" && error.field == "app_id")
    }
    try foreign.checkScope(LeeepPushScope(websiteID: "1024", appID: "89"))
  }

  @Test func matchesPublicBlogDetailComparesBytes() throws {
    let scope = LeeepPushScope(websiteID: "1024", appID: "88")
    let nfc = try LeeepPushNotification.parse(
      .object(Self.blog.setting("blog_slug", "caf\u{E9}")), expectedScope: scope)
    #expect(nfc.matchesPublicBlogDetail(websiteID: "1024", slug: "caf\u{E9}", ugcID: "90001", isPublic: true))
    #expect(!nfc.matchesPublicBlogDetail(websiteID: "1024", slug: "cafe\u{301}", ugcID: "90001", isPublic: true))
    #expect(!nfc.matchesPublicBlogDetail(websiteID: "1024", slug: "caf\u{E9}", ugcID: "90001", isPublic: false))
    #expect(!nfc.matchesPublicBlogDetail(websiteID: "2048", slug: "caf\u{E9}", ugcID: "90001", isPublic: true))
    #expect(!nfc.matchesPublicBlogDetail(websiteID: "1024", slug: "caf\u{E9}", ugcID: "5001", isPublic: true))
    let coordinate = try LeeepPushNotification.parse(.object(Self.coordinate), expectedScope: scope)
    #expect(!coordinate.matchesPublicBlogDetail(websiteID: "1024", slug: "summer", ugcID: "90001", isPublic: true))
  }

  /// The generated corpus and the parser agree on every vector (neither side is trusted alone:
  /// a disagreement is settled from docs/suites/leeep.push.payload.md and the seed).
  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 1500, "the corpus holds at least 1,500 leeep.push.payload vectors, found \(count)")
  }
}

extension JSONObject {
  fileprivate func setting(_ key: String, _ value: JSONValue) -> JSONObject {
    var copy = self
    copy[key] = value
    return copy
  }

  fileprivate func removing(_ key: String) -> JSONObject {
    var copy = self
    copy[key] = nil
    return copy
  }
}

extension Outcome {
  fileprivate var isAccept: Bool {
    if case .accept = self { return true }
    return false
  }
}
