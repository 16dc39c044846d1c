import ConformanceJSON
import ConformanceKit

/// `leeep.push.destination` (docs/suites/leeep.push.destination.md): the destination update `{"kind", "value", "permission"}`.
///
/// Checks in order: `not_an_object`; `missing_key` (kind, value, permission); `non_string_value`
/// (same order); `unsupported_kind` (field kind); `invalid_fid` (field value);
/// `invalid_permission` (field permission). Output: the three fields and `deliverable`, true only
/// for `granted`. Every expectation below follows from the check the vector breaks.
extension LeeepPushDestination: GeneratedSuite {
  static let source =
    "LEEEP iOS SDK reference, Push: kind は \"fcm_fid\" のみ; value は [cdef][A-Za-z0-9_-]{21}; permission は unknown / notDetermined / denied / granted / provisional、配信可能な権限は granted"

  static let keys = ["kind", "value", "permission"]
  static let kind = "fcm_fid"
  static let fid = "cAbCdEfGhIjKlMnOpQr_-0"
  /// LeeepPushPermission's cases and whether the reference calls each deliverable.
  static let permissions: [(name: String, deliverable: Bool)] = [
    ("unknown", false), ("notDetermined", false), ("denied", false), ("granted", true), ("provisional", false),
  ]

  static func files() -> [GeneratedFile] {
    [valid(), shape(), missingKey(), nonStringValue(), kindFile(), valueFile(), permissionFile()]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source)
  }

  /// A valid update, optionally with members replaced (`nil` removes the key) or added.
  static func update(
    kind: JSONValue? = .string(kind), value: JSONValue? = .string(fid), permission: JSONValue? = "granted",
    extra: [(String, JSONValue)] = []
  ) -> JSONValue {
    var object = JSONObject()
    if let kind { object["kind"] = kind }
    if let value { object["value"] = value }
    if let permission { object["permission"] = permission }
    for (key, member) in extra { object[key] = member }
    return .object(object)
  }

  static func output(value: String = fid, permission: String, deliverable: Bool) -> GeneratedExpectation {
    .accept(
      output: [
        "kind": .string(kind), "value": .string(value), "permission": .string(permission),
        "deliverable": .bool(deliverable),
      ])
  }

  /// Non-string JSON values with id-safe names.
  static let nonStrings: [(name: String, value: JSONValue)] = [
    ("null", .null), ("true", true), ("false", false), ("number", 1), ("number-zero", 0),
    ("array", [.string(fid)]), ("array-empty", []), ("object", ["value": .string(fid)]),
  ]

  // MARK: valid.json

  static func valid() -> GeneratedFile {
    var file = builder("accepted updates: the three fields, plus deliverable only for granted")
    for (permission, deliverable) in permissions {
      file.add(
        id: "valid.permission.\(permission)",
        description: deliverable
          ? "granted is the one deliverable permission"
          : "\(permission) is accepted but not deliverable (配信可能な権限は granted)",
        tags: ["valid"], input: update(permission: .string(permission)),
        expect: output(permission: permission, deliverable: deliverable))
    }
    for first in ["c", "d", "e", "f"] {
      let value = first + String(fid.dropFirst())
      file.add(
        id: "valid.fid-first-\(first)", description: "an FID starting with \(first) is a valid value",
        tags: ["valid"], input: update(value: .string(value)),
        expect: output(value: value, permission: "granted", deliverable: true))
    }
    let extras: [(id: String, description: String, extra: [(String, JSONValue)], tags: [String])] = [
      ("extra-keys.string", "an extra string key is ignored", [("userId", "member-0001")], []),
      ("extra-keys.null", "an extra null key is ignored", [("token", .null)], []),
      ("extra-keys.object", "an extra object key is ignored", [("meta", ["platform": "ios"])], []),
      ("extra-keys.number", "an extra number key is ignored", [("version", 2)], []),
      (
        "extra-keys.fcm-token", "an FCM token next to the FID is ignored",
        [("token", .string(fid + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ"))], ["integration-mistake"]
      ),
      ("extra-keys.case-variant", "'Kind' is another key than 'kind' and is ignored", [("Kind", "apns")], []),
      ("extra-keys.many", "several extra keys are all ignored", [("a", 1), ("b", "x"), ("z", [])], []),
      ("extra-keys.empty-key", "an extra empty key is ignored", [("", "x")], []),
    ]
    for item in extras {
      file.add(
        id: "valid.\(item.id)", description: item.description, tags: ["valid"] + item.tags,
        input: update(extra: item.extra), expect: output(permission: "granted", deliverable: true))
    }
    // `deliverable` in the input is an extra key: the output computes it from permission.
    file.add(
      id: "valid.extra-keys.deliverable-true-with-denied",
      description: "an input 'deliverable': true is ignored; denied is not deliverable",
      tags: ["valid", "security"], input: update(permission: "denied", extra: [("deliverable", true)]),
      expect: output(permission: "denied", deliverable: false))
    file.add(
      id: "valid.extra-keys.deliverable-false-with-granted",
      description: "an input 'deliverable': false is ignored; granted is deliverable",
      tags: ["valid"], input: update(extra: [("deliverable", false)]),
      expect: output(permission: "granted", deliverable: true))
    file.add(
      id: "valid.extra-keys.deliverable-true-with-provisional",
      description: "an input 'deliverable': true is ignored; provisional is not deliverable",
      tags: ["valid", "security"], input: update(permission: "provisional", extra: [("deliverable", true)]),
      expect: output(permission: "provisional", deliverable: false))
    let reordered: JSONValue = .object(
      JSONObject([
        .init(key: "permission", value: "provisional"), .init(key: "value", value: .string(fid)),
        .init(key: "kind", value: .string(kind)),
      ]))
    file.add(
      id: "valid.key-order-reversed", description: "the keys may come in any document order",
      tags: ["valid"], input: reordered, expect: output(permission: "provisional", deliverable: false))
    return file.file(at: "\(folder)/valid.json")
  }

  // MARK: shape.json

  static func shape() -> GeneratedFile {
    var file = builder("inputs that are not JSON objects: not_an_object")
    let values: [(String, String, JSONValue, [String])] = [
      ("null", "null is not an update object", .null, []),
      ("true", "true is not an update object", true, []),
      ("false", "false is not an update object", false, []),
      ("number", "a number is not an update object", 1, []),
      ("string-fid", "a bare FID string is not an update object", .string(fid), ["integration-mistake"]),
      (
        "string-json", "an update serialised as a JSON string is not an object",
        .string(
          "{\"kind\":\"fcm_fid\",\"value\":\"\(fid)\",\"permission\":\"granted\"}"), ["integration-mistake"]
      ),
      ("array-empty", "an empty array is not an update object", [], []),
      (
        "array-of-update", "an array holding a valid update is not an update object", [update()],
        ["integration-mistake"]
      ),
      (
        "array-of-fields", "the three values as an array are not an update object",
        [.string(kind), .string(fid), "granted"], []
      ),
    ]
    for (name, description, value, tags) in values {
      file.add(
        id: "not-an-object.\(name)", description: description, tags: ["invalid"] + tags, input: value,
        expect: .reject("not_an_object"))
    }
    return file.file(at: "\(folder)/shape.json")
  }

  // MARK: missing-key.json

  /// Every non-empty set of missing keys: the first in kind, value, permission order is named.
  /// Also missing keys that win over present non-string values.
  static func missingKey() -> GeneratedFile {
    var file = builder("missing keys, reported in the order kind, value, permission, before any type check")
    for mask in 1..<8 {
      let missing = keys.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
      let first = missing[0]
      let input = update(
        kind: missing.contains("kind") ? nil : .string(kind),
        value: missing.contains("value") ? nil : .string(fid),
        permission: missing.contains("permission") ? nil : "granted")
      file.add(
        id: "missing." + missing.joined(separator: "-"),
        description: missing.count == 1
          ? "\(first) is missing"
          : "\(missing.dropLast().joined(separator: ", ")) and \(missing.last!) are missing: \(first) comes first",
        tags: ["invalid"], input: input, expect: .reject("missing_key", field: first))
    }
    // A missing key wins over a non-string value of an earlier key.
    for (missingIndex, missingKey) in keys.enumerated() {
      for (nonStringIndex, nonStringKey) in keys.enumerated() where nonStringIndex != missingIndex {
        // `.none`, not `nil`: JSONValue is itself ExpressibleByNilLiteral, so a bare `nil`
        // here would become a present JSON null.
        func member(_ key: String, _ valid: JSONValue) -> JSONValue? {
          if key == missingKey { return .none }
          return key == nonStringKey ? JSONValue.number(JSONNumber(1)) : valid
        }
        file.add(
          id: "order.missing-\(missingKey).non-string-\(nonStringKey)",
          description: "\(missingKey) is missing and \(nonStringKey) is a number: missing_key is checked first",
          tags: ["invalid"],
          input: update(
            kind: member("kind", .string(kind)), value: member("value", .string(fid)),
            permission: member("permission", "granted")),
          expect: .reject("missing_key", field: missingKey))
      }
    }
    file.add(
      id: "order.missing-permission.unsupported-kind",
      description: "a missing permission is reported before an unsupported kind",
      tags: ["invalid"], input: update(kind: "apns", permission: nil),
      expect: .reject("missing_key", field: "permission"))
    file.add(
      id: "order.missing-permission.invalid-fid",
      description: "a missing permission is reported before an invalid value",
      tags: ["invalid"], input: update(value: "not-an-fid", permission: nil),
      expect: .reject("missing_key", field: "permission"))
    let nearMisses: [(String, String, String)] = [
      ("Kind", "kind", "'Kind' is not 'kind': keys are case-sensitive"),
      ("kind ", "kind", "'kind ' with a trailing space is not 'kind'"),
      ("type", "kind", "'type' is not 'kind'"),
      ("Value", "value", "'Value' is not 'value': keys are case-sensitive"),
      ("fid", "value", "'fid' is not 'value'"),
      ("token", "value", "'token' is not 'value'"),
      ("Permission", "permission", "'Permission' is not 'permission': keys are case-sensitive"),
      ("osPermission", "permission", "'osPermission' (the status field's name) is not 'permission'"),
      ("authorizationStatus", "permission", "'authorizationStatus' is not 'permission'"),
    ]
    for (spelled, key, description) in nearMisses {
      var object = JSONObject()
      for name in keys {
        let member: JSONValue = name == "kind" ? .string(kind) : name == "value" ? .string(fid) : "granted"
        object[name == key ? spelled : name] = member
      }
      file.add(
        id: "near-miss.\(spelled.trimmingSpacesForID)", description: description,
        tags: ["invalid", "integration-mistake"], input: .object(object), expect: .reject("missing_key", field: key))
    }
    file.add(
      id: "missing.all-with-extras", description: "an object with only other keys misses kind",
      tags: ["invalid"], input: ["fid": .string(fid), "status": "granted"],
      expect: .reject("missing_key", field: "kind"))
    return file.file(at: "\(folder)/missing-key.json")
  }

  // MARK: non-string-value.json

  static func nonStringValue() -> GeneratedFile {
    var file = builder("present keys whose value is not a string, in the order kind, value, permission")
    for key in keys {
      for (name, value) in nonStrings {
        file.add(
          id: "non-string.\(key).\(name)", description: "\(key) is a JSON \(name), not a string",
          tags: ["invalid"],
          input: update(
            kind: key == "kind" ? value : .string(kind), value: key == "value" ? value : .string(fid),
            permission: key == "permission" ? value : "granted"),
          expect: .reject("non_string_value", field: key))
      }
    }
    // Both of two keys are non-strings: the earlier in kind, value, permission order is named.
    file.add(
      id: "order.non-string-kind-and-value", description: "kind and value are numbers: kind comes first",
      tags: ["invalid"], input: update(kind: 1, value: 2), expect: .reject("non_string_value", field: "kind"))
    file.add(
      id: "order.non-string-value-and-permission", description: "value and permission are null: value comes first",
      tags: ["invalid"], input: update(value: .null, permission: .null),
      expect: .reject("non_string_value", field: "value"))
    file.add(
      id: "order.non-string-all", description: "all three are booleans: kind comes first",
      tags: ["invalid"], input: update(kind: true, value: true, permission: true),
      expect: .reject("non_string_value", field: "kind"))
    // A later non-string value wins over an earlier key's bad string: types are checked first.
    file.add(
      id: "order.non-string-value.unsupported-kind",
      description: "kind is unsupported and value is a number: non_string_value is checked first",
      tags: ["invalid"], input: update(kind: "apns", value: 5), expect: .reject("non_string_value", field: "value"))
    file.add(
      id: "order.non-string-permission.invalid-fid",
      description: "value is not an FID and permission is a boolean: non_string_value is checked first",
      tags: ["invalid"], input: update(value: "apns-token", permission: true),
      expect: .reject("non_string_value", field: "permission"))
    file.add(
      id: "order.non-string-permission.unsupported-kind",
      description: "kind is unsupported and permission is null: non_string_value is checked first",
      tags: ["invalid"], input: update(kind: "fcm_token", permission: .null),
      expect: .reject("non_string_value", field: "permission"))
    file.add(
      id: "permission.boolean-true", description: "permission true (a yes/no flag) is not a string",
      tags: ["invalid", "integration-mistake"], input: update(permission: true),
      expect: .reject("non_string_value", field: "permission"))
    file.add(
      id: "permission.raw-value-number",
      description: "permission 2 (UNAuthorizationStatus.authorized's raw value) is not a string",
      tags: ["invalid", "integration-mistake", "cross-sdk"], input: update(permission: 2),
      expect: .reject("non_string_value", field: "permission"))
    return file.file(at: "\(folder)/non-string-value.json")
  }

  // MARK: kind.json

  static func kindFile() -> GeneratedFile {
    var file = builder("kind must be exactly fcm_fid: unsupported_kind")
    let kinds: [(String, String, String, [String])] = [
      ("fcm-token", "fcm_token", "an FCM registration token kind is not supported", ["integration-mistake"]),
      ("apns", "apns", "APNs is not a supported kind", ["integration-mistake"]),
      ("apns-token", "apns_token", "an APNs token kind is not supported", ["integration-mistake"]),
      ("fcm", "fcm", "'fcm' alone is not fcm_fid", []),
      ("fid", "fid", "'fid' alone is not fcm_fid", []),
      ("empty", "", "an empty kind is not fcm_fid", ["boundary"]),
      ("uppercase", "FCM_FID", "kind is case-sensitive: FCM_FID is not fcm_fid", []),
      ("capitalised", "Fcm_fid", "kind is case-sensitive: Fcm_fid is not fcm_fid", []),
      ("dash", "fcm-fid", "fcm-fid (dash) is not fcm_fid", []),
      ("camel-case", "fcmFid", "fcmFid is not fcm_fid", []),
      ("trailing-space", "fcm_fid ", "kind \"fcm_fid \": a trailing space is not trimmed", ["boundary"]),
      ("leading-space", " fcm_fid", "kind \" fcm_fid\": a leading space is not trimmed", ["boundary"]),
      ("trailing-newline", "fcm_fid\n", "kind fcm_fid with a trailing newline: not trimmed", ["boundary"]),
      ("trailing-nul", "fcm_fid\u{0}", "kind fcm_fid with a trailing NUL: part of the string", ["security"]),
      (
        "full-width", "\u{FF46}\u{FF43}\u{FF4D}\u{FF3F}\u{FF46}\u{FF49}\u{FF44}", "full-width fcm_fid is not fcm_fid",
        ["unicode"]
      ),
      ("cyrillic-es", "f\u{441}m_fid", "fcm_fid with a Cyrillic с is not fcm_fid", ["unicode", "security"]),
      ("prefix", "fcm_fid_v2", "a longer kind that starts with fcm_fid is not fcm_fid", []),
    ]
    for (name, value, description, tags) in kinds {
      file.add(
        id: "unsupported-kind.\(name)", description: description, tags: ["invalid"] + tags,
        input: update(kind: .string(value)), expect: .reject("unsupported_kind", field: "kind"))
    }
    file.add(
      id: "order.unsupported-kind.invalid-fid", description: "kind is checked before value",
      tags: ["invalid"], input: update(kind: "apns", value: .string(String(repeating: "0123456789abcdef", count: 4))),
      expect: .reject("unsupported_kind", field: "kind"))
    file.add(
      id: "order.unsupported-kind.invalid-permission", description: "kind is checked before permission",
      tags: ["invalid"], input: update(kind: "apns", permission: "authorized"),
      expect: .reject("unsupported_kind", field: "kind"))
    file.add(
      id: "order.unsupported-kind.all-invalid", description: "kind, value and permission all invalid: kind first",
      tags: ["invalid"], input: update(kind: "", value: "", permission: ""),
      expect: .reject("unsupported_kind", field: "kind"))
    return file.file(at: "\(folder)/kind.json")
  }

  // MARK: value.json

  static let fcmToken =
    fid
    + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ-hQMRKRrZuJAEcl7B338qju59zJMjw2DELjzEvxwYv7hH5Ynpc1ODQ0aT4U4OFEeco8ohsN5PjL1iC2dNtk2BAokeMCg2ZXKqpc8FXKmhX94kIxQ"
  static let apnsToken = String(repeating: "0123456789abcdef", count: 4)

  static func valueFile() -> GeneratedFile {
    var file = builder("value must be an FID, ^[cdef][A-Za-z0-9_-]{21}$: invalid_fid")
    let values: [(String, String, String, [String])] = [
      ("fcm-token", fcmToken, "an FCM registration token is not an FID (FCMトークンは受理しません)", ["integration-mistake"]),
      ("apns-token", apnsToken, "a 64-character APNs token is not an FID (APNsトークンは受理しません)", ["integration-mistake"]),
      (
        "apns-token-uppercase", apnsToken.uppercased(), "an uppercase-hex APNs token is not an FID",
        ["integration-mistake"]
      ),
      (
        "legacy-fcm-token", "APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ", "a legacy APA91b token is not an FID",
        ["integration-mistake"]
      ),
      (
        "identifier-for-vendor", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "a device UUID is not an FID",
        ["integration-mistake"]
      ),
      ("empty", "", "an empty value is not an FID", ["boundary"]),
      ("length-21", String(fid.dropLast()), "21 characters is one short of an FID", ["boundary"]),
      ("length-23", fid + "A", "23 characters is one over an FID", ["boundary"]),
      ("first-a", "a" + String(fid.dropFirst()), "an FID cannot start with a", []),
      ("first-g", "g" + String(fid.dropFirst()), "an FID cannot start with g", ["boundary"]),
      ("first-uppercase-c", "C" + String(fid.dropFirst()), "an FID cannot start with uppercase C", ["boundary"]),
      ("first-digit", "0" + String(fid.dropFirst()), "an FID cannot start with a digit", []),
      ("dot", String(fid.dropLast()) + ".", "'.' is not allowed in an FID", []),
      ("plus", String(fid.dropLast()) + "+", "'+' (base64, not base64url) is not allowed in an FID", []),
      ("slash", String(fid.dropLast()) + "/", "'/' (base64, not base64url) is not allowed in an FID", []),
      ("equals", String(fid.dropLast()) + "=", "'=' (base64 padding) is not allowed in an FID", []),
      ("trailing-newline", fid + "\n", "an FID value with a trailing newline: not trimmed", ["boundary"]),
      ("leading-space", " " + fid, "an FID value with a leading space: not trimmed", []),
      ("trailing-space", fid + " ", "an FID value with a trailing space: not trimmed", []),
      ("trailing-nul", fid + "\u{0}", "an FID value with a trailing NUL: part of the string", ["security"]),
      (
        "cyrillic-es-first", "\u{441}" + String(fid.dropFirst()), "a Cyrillic с that looks like c is not c",
        ["unicode", "security"]
      ),
      ("full-width-c-first", "\u{FF43}" + String(fid.dropFirst()), "a full-width ｃ is not c", ["unicode"]),
      ("non-ascii-letter", String(fid.dropLast()) + "\u{E9}", "a non-ASCII letter is not allowed", ["unicode"]),
    ]
    for (name, value, description, tags) in values {
      file.add(
        id: "invalid-fid.\(name)", description: description, tags: ["invalid"] + tags,
        input: update(value: .string(value)), expect: .reject("invalid_fid", field: "value"))
    }
    file.add(
      id: "order.invalid-fid.invalid-permission", description: "value is checked before permission",
      tags: ["invalid"], input: update(value: .string(apnsToken), permission: "authorized"),
      expect: .reject("invalid_fid", field: "value"))
    return file.file(at: "\(folder)/value.json")
  }

  // MARK: permission.json

  static func permissionFile() -> GeneratedFile {
    var file = builder("permission must be a LeeepPushPermission case, spelled exactly: invalid_permission")
    var variants: [(String, String, String, [String])] = []
    for (permission, _) in permissions {
      variants += [
        (
          "\(permission).capitalised", permission.prefix(1).uppercased() + permission.dropFirst(),
          "a capitalised \(permission)", []
        ),
        ("\(permission).uppercase", permission.uppercased(), "\(permission) in uppercase", []),
        ("\(permission).lowercase", permission.lowercased(), "\(permission) in lowercase", []),
        (
          "\(permission).trailing-space", permission + " ", "\(permission) with a trailing space (never trimmed)",
          ["boundary"]
        ),
        (
          "\(permission).leading-space", " " + permission, "\(permission) with a leading space (never trimmed)",
          ["boundary"]
        ),
        ("\(permission).trailing-newline", permission + "\n", "\(permission) with a trailing newline", ["boundary"]),
        (
          "\(permission).quoted", "\"\(permission)\"", "\(permission) still wrapped in JSON quotes",
          ["integration-mistake"]
        ),
        (
          "\(permission).enum-prefix", ".\(permission)", "the Swift case spelling .\(permission)",
          ["integration-mistake", "cross-sdk"]
        ),
      ]
    }
    // Drop variants that are the name itself ("granted" lowercased); "notdetermined" stays.
    variants.removeAll { variant in permissions.contains { $0.name.utf8.elementsEqual(variant.1.utf8) } }
    variants += [
      ("empty", "", "an empty permission", ["boundary"]),
      ("not-determined-snake", "not_determined", "snake_case not_determined is not notDetermined", ["cross-sdk"]),
      ("not-determined-kebab", "not-determined", "not-determined is not notDetermined", ["cross-sdk"]),
      (
        "authorized", "authorized", "iOS UNAuthorizationStatus 'authorized' is not a LeeepPushPermission case",
        ["cross-sdk", "integration-mistake"]
      ),
      ("ephemeral", "ephemeral", "iOS 'ephemeral' is not a LeeepPushPermission case", ["cross-sdk"]),
      ("allow", "allow", "'allow' is not a LeeepPushPermission case", []),
      ("deny", "deny", "'deny' is not a LeeepPushPermission case", []),
      (
        "android-granted", "PERMISSION_GRANTED", "Android's PERMISSION_GRANTED is not granted",
        ["cross-sdk", "integration-mistake"]
      ),
      ("opted-in", "opted_in", "the consent value opted_in is not an OS permission", ["integration-mistake"]),
      ("string-true", "true", "the text true is not a permission", []),
      ("string-number", "2", "the text 2 (a raw status value) is not a permission", ["cross-sdk"]),
      (
        "full-width-granted", "\u{FF47}\u{FF52}\u{FF41}\u{FF4E}\u{FF54}\u{FF45}\u{FF44}",
        "full-width ｇｒａｎｔｅｄ is not granted", ["unicode"]
      ),
      ("cyrillic-a-granted", "gr\u{430}nted", "granted with a Cyrillic а is not granted", ["unicode", "security"]),
      (
        "granted-zero-width-space", "granted\u{200B}", "granted with a trailing U+200B is not granted",
        ["unicode", "security"]
      ),
      ("granted-nul", "granted\u{0}", "granted with a trailing NUL is not granted", ["security"]),
      ("granted-prefix", "grant", "a prefix of granted is not granted", []),
      ("granted-suffix", "granted_provisional", "a longer word starting with granted is not granted", []),
    ]
    for (name, value, description, tags) in variants {
      file.add(
        id: "invalid-permission.\(name)", description: description + ": invalid_permission",
        tags: ["invalid"] + tags, input: update(permission: .string(value)),
        expect: .reject("invalid_permission", field: "permission"))
    }
    return file.file(at: "\(folder)/permission.json")
  }
}

extension String {
  /// An id-safe spelling of a near-miss key: spaces become `-space`.
  fileprivate var trimmingSpacesForID: String {
    var result = ""
    for scalar in unicodeScalars {
      result += scalar == " " ? "-space" : String(scalar)
    }
    return result
  }
}
