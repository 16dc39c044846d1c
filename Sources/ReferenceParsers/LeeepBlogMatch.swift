import ConformanceJSON
import ConformanceKit

/// `leeep.blog-match`: the SDK's `LeeepPushPayload.parse` followed by
/// `payload.matchesPublicBlogDetail(websiteId:slug:ugcId:isPublic:)` (docs/suites/leeep.blog-match.md, LEEEP LEEEP iOS SDK reference: "ブログ通知の
/// website・slug・UGC IDと一致し、isPublic がtrueの場合にtrueを返します。コーデ通知や不一致の場合はfalseです").
///
/// The input is the call's argument list. Arguments are checked first, in the fixed order
/// ``argumentOrder``; `data` may hold any JSON value, since whatever it holds is the payload's
/// business (a non-object `data` is the payload's `not_an_object`). Other keys are ignored.
extension LeeepBlogMatch: ReferenceSuite {
  /// The order in which arguments are checked; `invalid_argument` names the first offending one.
  public static let argumentOrder = ["data", "website_id", "slug", "ugc_id", "is_public"]

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // The argument checks need no context; the payload's needs expected_scope only at its check 9.
    // Not an argument list at all: no single argument to name.
    guard case .object(let arguments) = input else { return .reject("invalid_argument") }

    // data: present, any JSON value.
    guard let data = arguments["data"] else { return .reject("invalid_argument", field: "data") }
    // website_id, slug, ugc_id: Swift `String` parameters, so any JSON string (even one no payload
    // could hold, like ""); they are compared, never validated.
    guard case .string(let websiteID)? = arguments["website_id"] else {
      return .reject("invalid_argument", field: "website_id")
    }
    guard case .string(let slug)? = arguments["slug"] else {
      return .reject("invalid_argument", field: "slug")
    }
    guard case .string(let ugcID)? = arguments["ugc_id"] else {
      return .reject("invalid_argument", field: "ugc_id")
    }
    // is_public: a JSON boolean only; "true" and 1 are wrong types.
    guard case .bool(let isPublic)? = arguments["is_public"] else {
      return .reject("invalid_argument", field: "is_public")
    }

    // The payload's own error, reported as is.
    let payload: LeeepPushNotification
    switch try LeeepPushNotification.parse(data, context: context) {
    case .success(let parsed): payload = parsed
    case .failure(let error): return .reject(error.code, field: error.field)
    }
    let matches = payload.matchesPublicBlogDetail(
      websiteID: websiteID, slug: slug, ugcID: ugcID, isPublic: isPublic)
    return .accept(output: ["matches": .bool(matches)])
  }
}
