import ConformanceJSON
import ConformanceKit

/// `leeep.fid`: a Firebase Installation ID as LeeepPushClient accepts it (docs/suites/leeep.fid.md, LEEEP iOS SDK reference, Push:
/// "形式は [cdef][A-Za-z0-9_-]{21}。FCMトークン・APNsトークンは受理しません").
extension LeeepFid: ReferenceSuite {
  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    guard case .string(let text) = input else { return .reject("not_a_string") }
    guard TextRules.isFID(text) else { return .reject("invalid_fid") }
    return .accept(output: .string(text))
  }
}
