import ConformanceJSON
import ConformanceKit

/// `leeep.push.destination`: the destination update LeeepPushClient syncs (docs/suites/leeep.push.destination.md, LEEEP iOS SDK reference, Push:
/// "kind は "fcm_fid" のみです" / "value はFCMに登録済みのFirebase Installation IDです。形式は
/// [cdef][A-Za-z0-9_-]{21}" / "permission は LeeepPushPermission の unknown / notDetermined /
/// denied / granted / provisional です。配信可能な権限は granted です").
public struct DestinationSuite: ReferenceSuite {
  public let name = "leeep.push.destination"

  /// The keys the update needs, in the order the checks visit them. Other keys are ignored.
  static let keys = ["kind", "value", "permission"]
  static let supportedKind = "fcm_fid"
  /// LeeepPushPermission's cases, spelled exactly (case-sensitive, no trimming).
  static let permissions = ["unknown", "notDetermined", "denied", "granted", "provisional"]
  /// The only permission the reference calls deliverable; `provisional` is not.
  static let deliverablePermission = "granted"

  public init() {}

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    guard case .object(let update) = input else { return .reject("not_an_object") }
    // Every key is looked for before any type is checked: a missing `value` wins over a
    // non-string `kind`. A key present with `null` is present, so it is a non-string value.
    // Each key looked up once, its member's position kept (no array of the strings).
    let (kindAt, valueAt, permissionAt) = (
      update.index(forKey: Self.keys[0]), update.index(forKey: Self.keys[1]), update.index(forKey: Self.keys[2])
    )
    guard let kindAt else { return .reject("missing_key", field: Self.keys[0]) }
    guard let valueAt else { return .reject("missing_key", field: Self.keys[1]) }
    guard let permissionAt else { return .reject("missing_key", field: Self.keys[2]) }
    guard case .string(let kind) = update.members[kindAt].value else {
      return .reject("non_string_value", field: Self.keys[0])
    }
    guard case .string(let value) = update.members[valueAt].value else {
      return .reject("non_string_value", field: Self.keys[1])
    }
    guard case .string(let permission) = update.members[permissionAt].value else {
      return .reject("non_string_value", field: Self.keys[2])
    }
    guard TextRules.identical(kind, Self.supportedKind) else {
      return .reject("unsupported_kind", field: "kind")
    }
    guard TextRules.isFID(value) else { return .reject("invalid_fid", field: "value") }
    guard Self.permissions.contains(where: { TextRules.identical($0, permission) }) else {
      return .reject("invalid_permission", field: "permission")
    }
    // The members as one array (a dictionary literal builds a second one to map from).
    let members: [JSONObject.Member] = [
      .init(key: "kind", value: .string(kind)),
      .init(key: "value", value: .string(value)),
      .init(key: "permission", value: .string(permission)),
      .init(key: "deliverable", value: .bool(TextRules.identical(permission, Self.deliverablePermission))),
    ]
    return .accept(output: .object(JSONObject(members)))
  }
}
