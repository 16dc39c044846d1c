import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

@Suite struct LeeepPushDestinationTests {
  let suite = LeeepPushDestination()
  static let fid = "cAbCdEfGhIjKlMnOpQr_-0"
  static let apnsToken = String(repeating: "0123456789abcdef", count: 4)

  /// A valid update with members replaced; `nil` leaves a key out.
  func update(
    kind: JSONValue? = "fcm_fid", value: JSONValue? = .string(fid), permission: JSONValue? = "granted",
    extra: JSONObject = JSONObject()
  ) -> JSONValue {
    var object = JSONObject()
    if let kind { object["kind"] = kind }
    if let value { object["value"] = value }
    if let permission { object["permission"] = permission }
    return .object(object.merging(extra))
  }

  func evaluate(_ input: JSONValue) throws -> Outcome {
    try suite.evaluate(input, context: JSONObject())
  }

  func rejected(_ error: String, _ field: String?) -> Outcome { .reject(error: error, field: field) }

  @Test(arguments: [JSONValue.null, true, 1, .string(fid), [], [["kind": "fcm_fid"]]])
  func nonObjectsAreNotAnObject(_ input: JSONValue) throws {
    #expect(try evaluate(input) == rejected("not_an_object", nil))
  }

  @Test func missingKeysAreReportedInKindValuePermissionOrder() throws {
    #expect(try evaluate(.object([:])) == rejected("missing_key", "kind"))
    #expect(try evaluate(update(kind: nil)) == rejected("missing_key", "kind"))
    #expect(try evaluate(update(kind: nil, value: nil)) == rejected("missing_key", "kind"))
    #expect(try evaluate(update(value: nil)) == rejected("missing_key", "value"))
    #expect(try evaluate(update(value: nil, permission: nil)) == rejected("missing_key", "value"))
    #expect(try evaluate(update(permission: nil)) == rejected("missing_key", "permission"))
    // Keys are compared byte for byte: "Kind" is not "kind".
    #expect(try evaluate(update(kind: nil, extra: ["Kind": "fcm_fid"])) == rejected("missing_key", "kind"))
  }

  @Test func aMissingKeyWinsOverAnEarlierNonStringValue() throws {
    #expect(try evaluate(update(kind: 1, value: nil)) == rejected("missing_key", "value"))
    #expect(try evaluate(update(kind: .null, permission: nil)) == rejected("missing_key", "permission"))
  }

  @Test(arguments: ["kind", "value", "permission"])
  func nonStringValuesNameTheirKey(_ key: String) throws {
    for bad: JSONValue in [.null, true, 0, [], ["a": "b"]] {
      let input = update(
        kind: key == "kind" ? bad : "fcm_fid", value: key == "value" ? bad : .string(Self.fid),
        permission: key == "permission" ? bad : "granted")
      #expect(try evaluate(input) == rejected("non_string_value", key))
    }
  }

  @Test func nonStringValuesAreReportedInOrderAndBeforeValueChecks() throws {
    #expect(try evaluate(update(kind: 1, value: 2, permission: 3)) == rejected("non_string_value", "kind"))
    #expect(try evaluate(update(value: .null, permission: .null)) == rejected("non_string_value", "value"))
    #expect(try evaluate(update(kind: "apns", value: 5)) == rejected("non_string_value", "value"))
    #expect(try evaluate(update(value: "x", permission: true)) == rejected("non_string_value", "permission"))
  }

  @Test(arguments: ["fcm_token", "apns", "FCM_FID", "fcm_fid ", "fcm_fid\n", "", "fcm-fid", "f\u{441}m_fid"])
  func onlyFcmFidIsASupportedKind(_ kind: String) throws {
    #expect(try evaluate(update(kind: .string(kind))) == rejected("unsupported_kind", "kind"))
  }

  @Test(arguments: [
    apnsToken, fid + ":APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ", "", String(fid.dropLast()),
    fid + "\n", "C" + String(fid.dropFirst()),
  ])
  func valueMustBeAnFID(_ value: String) throws {
    #expect(try evaluate(update(value: .string(value))) == rejected("invalid_fid", "value"))
  }

  @Test func kindIsCheckedBeforeValueBeforePermission() throws {
    #expect(
      try evaluate(update(kind: "apns", value: .string(Self.apnsToken), permission: "authorized"))
        == rejected("unsupported_kind", "kind"))
    #expect(
      try evaluate(update(value: .string(Self.apnsToken), permission: "authorized"))
        == rejected("invalid_fid", "value"))
  }

  @Test(arguments: [
    "Granted", "GRANTED", "granted ", " granted", "granted\n", "NotDetermined", "notdetermined", "not_determined",
    "authorized", "ephemeral", "", "gr\u{430}nted",
  ])
  func permissionMustBeSpelledExactly(_ permission: String) throws {
    #expect(try evaluate(update(permission: .string(permission))) == rejected("invalid_permission", "permission"))
  }

  @Test(arguments: [
    ("unknown", false), ("notDetermined", false), ("denied", false), ("granted", true), ("provisional", false),
  ])
  func onlyGrantedIsDeliverable(_ permission: String, _ deliverable: Bool) throws {
    let expected: JSONValue = [
      "kind": "fcm_fid", "value": .string(Self.fid), "permission": .string(permission),
      "deliverable": .bool(deliverable),
    ]
    #expect(try evaluate(update(permission: .string(permission))) == .accept(output: expected))
  }

  @Test func otherKeysAreIgnoredAndNeverCopied() throws {
    let input = update(permission: "denied", extra: ["deliverable": true, "token": "x", "Kind": 1])
    let expected: JSONValue = [
      "kind": "fcm_fid", "value": .string(Self.fid), "permission": "denied", "deliverable": false,
    ]
    #expect(try evaluate(input) == .accept(output: expected))
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 150, "the leeep.push.destination corpus has \(count) vectors, fewer than 150")
  }
}
