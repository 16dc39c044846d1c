import ConformanceJSON
import ConformanceKit

/// `leeep.push.destination`: the destination update LeeepPushClient syncs (docs/suites/leeep.push.destination.md, LEEEP iOS SDK reference, Push:
/// "kind は "fcm_fid" のみです" / "value はFCMに登録済みのFirebase Installation IDです。形式は
/// [cdef][A-Za-z0-9_-]{21}" / "permission は LeeepPushPermission の unknown / notDetermined /
/// denied / granted / provisional です。配信可能な権限は granted です").
extension LeeepPushDestination: ReferenceSuite {
  static let supportedKind = "fcm_fid"
  /// LeeepPushPermission's cases, spelled exactly (case-sensitive, no trimming).
  static let permissions = ["unknown", "notDetermined", "denied", "granted", "provisional"]
  /// The only permission the reference calls deliverable; `provisional` is not.
  static let deliverablePermission = "granted"

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // 1. An object.
    guard case .object(let update) = input else { return .reject("not_an_object") }
    // 2. Every key is present before any type is checked: a missing `value` wins over a
    // non-string `kind`. A key present with `null` is present (then a non-string value).
    guard let kindValue = update["kind"] else { return .reject("missing_key", field: "kind") }
    guard let valueValue = update["value"] else { return .reject("missing_key", field: "value") }
    guard let permissionValue = update["permission"] else { return .reject("missing_key", field: "permission") }
    // 3. Every value is a string, in the same order.
    guard case .string(let kind) = kindValue else { return .reject("non_string_value", field: "kind") }
    guard case .string(let value) = valueValue else { return .reject("non_string_value", field: "value") }
    guard case .string(let permission) = permissionValue else {
      return .reject("non_string_value", field: "permission")
    }
    // 4. The one kind.
    guard TextRules.identical(kind, Self.supportedKind) else {
      return .reject("unsupported_kind", field: "kind")
    }
    // 5. The value is an installation ID, as in `leeep.fid`.
    guard TextRules.isFID(value) else { return .reject("invalid_fid", field: "value") }
    // 6. One of LeeepPushPermission's cases.
    guard Self.permissions.contains(where: { TextRules.identical($0, permission) }) else {
      return .reject("invalid_permission", field: "permission")
    }
    let output: JSONObject = [
      "kind": .string(kind),
      "value": .string(value),
      "permission": .string(permission),
      "deliverable": .bool(TextRules.identical(permission, Self.deliverablePermission)),
    ]
    return .accept(output: .object(output))
  }
}
