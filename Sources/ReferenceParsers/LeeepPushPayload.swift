import ConformanceJSON
import ConformanceKit

/// `leeep.push.payload`: `LeeepPushPayload.parse` (docs/suites/leeep.push.payload.md, LEEEP iOS SDK reference, Push: "LeeepPushPayload.parse
/// が受け取るのは、次のキーだけで構成された 文字列のdataマップ です").
extension LeeepPushPayload: ReferenceSuite {
  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    switch try LeeepPushNotification.parse(input, context: context) {
    case .success(let payload): .accept(output: payload.json)
    case .failure(let error): .reject(error.code, field: error.field)
    }
  }
}

/// The website and Push app a notification is addressed to.
///
/// Deliberately not `Equatable`: Swift's `String ==` would equate NFC and NFD spellings, and the
/// contract compares IDs byte for byte (``TextRules/identical(_:_:)``).
public struct LeeepPushScope: Sendable {
  public var websiteID: String
  public var appID: String

  public init(websiteID: String, appID: String) {
    self.websiteID = websiteID
    self.appID = appID
  }

  /// Reads the context's `expected_scope`: an object whose `website_id` and `app_id` are strings
  /// (the reference builds it "アプリの設定から", from the app's configuration). They are compared byte
  /// for byte, never validated: a value no payload could carry simply never matches. Other keys are
  /// ignored, as the suites ignore keys they do not read. Anything else is a mistake in the vector
  /// file, never a rejection of the input.
  public init(context: JSONObject) throws(ContextError) {
    let key = "expected_scope"
    guard let value = context[key] else {
      throw ContextError(key: key, reason: "missing; it must be {\"website_id\": S, \"app_id\": S}")
    }
    guard case .object(let scope) = value else {
      throw ContextError(key: key, reason: "must be an object, not \(value.typeName)")
    }
    func string(_ name: String) throws(ContextError) -> String {
      guard let member = scope[name] else { throw ContextError(key: key, reason: "\(name) is missing") }
      guard case .string(let text) = member else {
        throw ContextError(key: key, reason: "\(name) must be a string, not \(member.typeName)")
      }
      return text
    }
    let websiteID = try string("website_id")
    let appID = try string("app_id")
    self.init(websiteID: websiteID, appID: appID)
  }
}

/// A parsed LEEEP notification: what the SDK's `LeeepPushPayload` exposes ("scope・notificationId・deliveryId・target
/// を公開します"). Shared by ``LeeepPushPayload`` and ``LeeepBlogMatch``.
public struct LeeepPushNotification: Sendable {
  /// "target はコーデ（sourceContentId, ugcId）またはブログ（sourceContentId, ugcId, slug）です".
  public enum Target: Sendable {
    case coordinate(sourceContentID: String, ugcID: String)
    case blog(sourceContentID: String, ugcID: String, slug: String)
  }

  public var scope: LeeepPushScope
  public var notificationID: String
  public var deliveryID: String
  public var target: Target

  /// The first failing check: its error code and, where the contract names one, the field.
  public struct ParseError: Error, Sendable, CustomStringConvertible {
    public var code: String
    public var field: String?

    public init(_ code: String, field: String?) {
      self.code = code
      self.field = field
    }

    public var description: String { field.map { "\(code) (\($0))" } ?? code }
  }

  /// Every key schema 2 knows, `blog_slug` included (whether it may appear is check 7's business).
  public static let schemaKeys = [
    "schema_version", "website_id", "app_id", "notification_id", "delivery_id", "target_type",
    "source_content_id", "ugc_id", "blog_slug",
  ]

  /// The keys every schema 2 payload has, in the order check 5 looks for them.
  public static let requiredKeys = [
    "website_id", "app_id", "notification_id", "delivery_id", "target_type", "source_content_id", "ugc_id",
  ]

  /// Parses a notification's data map, applying docs/suites/leeep.push.payload.md's checks in order; the first failing
  /// check is thrown.
  public static func parse(_ data: JSONValue, expectedScope: LeeepPushScope) throws(ParseError)
    -> LeeepPushNotification
  {
    let payload = try parseIgnoringScope(data)
    try payload.checkScope(expectedScope)
    return payload
  }

  /// Checks 1–9 with the expected scope read from a vector's `context` only at check 9, the one
  /// check that needs it: a payload failing checks 1–8 is rejected even when the context lacks a
  /// usable `expected_scope`. A `ContextError` is thrown only when check 9 is reached.
  public static func parse(_ data: JSONValue, context: JSONObject) throws(ContextError)
    -> Result<LeeepPushNotification, ParseError>
  {
    let payload: LeeepPushNotification
    do {
      payload = try parseIgnoringScope(data)
    } catch {
      return .failure(error)
    }
    let expectedScope = try LeeepPushScope(context: context)
    do {
      try payload.checkScope(expectedScope)
    } catch {
      return .failure(error)
    }
    return .success(payload)
  }

  /// Checks 1–8, which need no expected scope; the result's `scope` is the payload's own.
  public static func parseIgnoringScope(_ data: JSONValue) throws(ParseError) -> LeeepPushNotification {
    // 1. "文字列のdataマップ": a map, never a JSON-encoded string or an array.
    guard case .object(let map) = data else { throw ParseError("not_an_object", field: nil) }

    // 2. Every value is a JSON string ("数値型などの文字列以外 … は解析に失敗します"), unknown keys'
    // values too: a whole iOS userInfo fails here on `aps`. First such key in byte order.
    for key in map.keysInByteOrder where map[key]?.stringValue == nil {
      throw ParseError("non_string_value", field: key)
    }
    // After check 2 every value is a string.
    func string(_ key: String) -> String? { map[key]?.stringValue }

    // 3. "schema_version は文字列の "2" を使用します": exactly those bytes ("旧schema … は解析に失敗します").
    guard let schemaVersion = string("schema_version") else {
      throw ParseError("missing_key", field: "schema_version")
    }
    guard TextRules.identical(schemaVersion, "2") else {
      throw ParseError("unsupported_schema", field: "schema_version")
    }

    // 4. "未知の追加キー … は解析に失敗します". Keys compare byte for byte: `Website_Id` is unknown.
    for key in map.keysInByteOrder
    where !schemaKeys.contains(where: { TextRules.identical($0, key) }) {
      throw ParseError("unknown_key", field: key)
    }

    // 5. The keys every target needs, in the contract's order.
    for key in requiredKeys where string(key) == nil {
      throw ParseError("missing_key", field: key)
    }
    let websiteID = string("website_id")!
    let appID = string("app_id")!
    let notificationID = string("notification_id")!
    let deliveryID = string("delivery_id")!
    let targetType = string("target_type")!
    let sourceContentID = string("source_content_id")!
    let ugcID = string("ugc_id")!

    // 6. `coordinate` (コーデ) or `blog`, exactly.
    let isBlog: Bool
    if TextRules.identical(targetType, "blog") {
      isBlog = true
    } else if TextRules.identical(targetType, "coordinate") {
      isBlog = false
    } else {
      throw ParseError("invalid_value", field: "target_type")
    }

    // 7. blog_slug belongs to blog targets only.
    let blogSlug = string("blog_slug")
    if isBlog && blogSlug == nil { throw ParseError("missing_key", field: "blog_slug") }
    if !isBlog && blogSlug != nil { throw ParseError("unknown_key", field: "blog_slug") }

    // 8. Value rules, in the contract's order ("先頭が0でない1〜19桁の数字文字列", "1〜128文字で、
    // 先頭は英数字、残りは英数字・.・_・:・-", "blog_slug は1〜255 Unicodeコードポイントです").
    let valueRules: [(String, String, (String) -> Bool)] = [
      ("website_id", websiteID, TextRules.isNumericID),
      ("app_id", appID, TextRules.isNumericID),
      ("notification_id", notificationID, TextRules.isOpaqueID),
      ("delivery_id", deliveryID, TextRules.isOpaqueID),
      ("source_content_id", sourceContentID, TextRules.isNumericID),
      ("ugc_id", ugcID, TextRules.isNumericID),
    ]
    for (key, value, isValid) in valueRules where !isValid(value) {
      throw ParseError("invalid_value", field: key)
    }
    if let blogSlug, !(1...255).contains(TextRules.scalarCount(blogSlug)) {
      throw ParseError("invalid_value", field: "blog_slug")
    }

    let target: Target =
      if let blogSlug {
        .blog(sourceContentID: sourceContentID, ugcID: ugcID, slug: blogSlug)
      } else {
        .coordinate(sourceContentID: sourceContentID, ugcID: ugcID)
      }
    return LeeepPushNotification(
      scope: LeeepPushScope(websiteID: websiteID, appID: appID), notificationID: notificationID,
      deliveryID: deliveryID, target: target)
  }

  /// Check 9, "別website・別アプリ宛ての通知は解析に失敗します": the website first.
  public func checkScope(_ expectedScope: LeeepPushScope) throws(ParseError) {
    guard TextRules.identical(scope.websiteID, expectedScope.websiteID) else {
      throw ParseError("foreign_scope", field: "website_id")
    }
    guard TextRules.identical(scope.appID, expectedScope.appID) else {
      throw ParseError("foreign_scope", field: "app_id")
    }
  }

  /// `matchesPublicBlogDetail(websiteId:slug:ugcId:isPublic:)`: "ブログ通知のwebsite・slug・UGC IDと一致し、
  /// isPublic がtrueの場合にtrueを返します。コーデ通知や不一致の場合はfalseです". Equality is byte for
  /// byte: an NFD slug does not match its NFC spelling.
  public func matchesPublicBlogDetail(websiteID: String, slug: String, ugcID: String, isPublic: Bool) -> Bool {
    guard isPublic, case .blog(_, let blogUGCID, let blogSlug) = target else { return false }
    return TextRules.identical(scope.websiteID, websiteID) && TextRules.identical(blogSlug, slug)
      && TextRules.identical(blogUGCID, ugcID)
  }

  /// The contract's output shape: `{"scope", "notification_id", "delivery_id", "target"}`.
  public var json: JSONValue {
    let targetJSON: JSONValue =
      switch target {
      case .coordinate(let sourceContentID, let ugcID):
        [
          "type": "coordinate", "source_content_id": .string(sourceContentID), "ugc_id": .string(ugcID),
        ]
      case .blog(let sourceContentID, let ugcID, let slug):
        [
          "type": "blog", "source_content_id": .string(sourceContentID), "ugc_id": .string(ugcID),
          "slug": .string(slug),
        ]
      }
    return [
      "scope": ["website_id": .string(scope.websiteID), "app_id": .string(scope.appID)],
      "notification_id": .string(notificationID), "delivery_id": .string(deliveryID), "target": targetJSON,
    ]
  }
}
