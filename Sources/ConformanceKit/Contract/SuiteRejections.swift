/// What a suite's rejections can say, from its contract (docs/suites/<suite>.md): every `error`
/// code, and the `field` names where the contract lists them. `conformance lint` checks every
/// vector's `expect` against it (an `"error": "invalid-fid"` would otherwise pin nothing any
/// implementation ever answers), and a test keeps it equal to what the reference parsers answer.
public struct SuiteRejections: Sendable, Equatable {
  /// Every error code of the suite.
  public var codes: [String]
  /// The fields a rejection may name; `nil` when the field is free (a key of the input, a step
  /// name, an index), `[]` when the suite never names one.
  public var fields: [String]?

  public init(codes: [String], fields: [String]?) {
    self.codes = codes
    self.fields = fields
  }
}

extension Contract {
  /// The rejections of every suite, by name. Every suite of ``Contract/suites`` has an entry
  /// (a test checks it); a suite is added here with its codes as its contract page lists them.
  public static let rejections: [String: SuiteRejections] = [
    "leeep.push.payload": SuiteRejections(
      codes: [
        "not_an_object", "non_string_value", "missing_key", "unsupported_schema", "unknown_key", "invalid_value",
        "foreign_scope",
      ], fields: nil),
    "leeep.fid": SuiteRejections(codes: ["not_a_string", "invalid_fid"], fields: []),
    "leeep.push.destination": SuiteRejections(
      codes: [
        "not_an_object", "missing_key", "non_string_value", "unsupported_kind", "invalid_fid", "invalid_permission",
      ], fields: ["kind", "value", "permission"]),
    "leeep.user-id": SuiteRejections(codes: ["not_a_string", "empty", "too_long", "whitespace_only"], fields: []),
    "leeep.blog-match": SuiteRejections(
      codes: [
        "invalid_argument", "not_an_object", "non_string_value", "missing_key", "unsupported_schema", "unknown_key",
        "invalid_value", "foreign_scope",
      ], fields: nil),
    "leeep.link": SuiteRejections(codes: ["not_a_string"], fields: []),
    "respondo.push.payload": SuiteRejections(
      codes: [
        "not_an_object", "not_respondo", "invalid_encoding", "non_string_value", "missing_key", "invalid_value",
        "unknown_key", "deep_link_mismatch",
      ], fields: nil),
    "respondo.deep-link": SuiteRejections(
      codes: ["not_a_string", "not_respondo_link", "unexpected_component", "invalid_conversation_id"], fields: []),
    "respondo.push.token": SuiteRejections(
      codes: [
        "not_an_object", "invalid_value", "missing_token", "fcm_token_on_ios", "invalid_apns_token",
        "apns_token_on_android", "invalid_fcm_token",
      ], fields: ["platform", "token"]),
    "adapty.onboarding.event": SuiteRejections(
      codes: ["not_an_object", "duplicate_field", "missing_key", "invalid_type", "invalid_value"],
      fields: [
        "action_id", "name", "meta", "onboarding_id", "screen_cid", "screen_index", "total_screens", "params",
        "element_id", "reply",
      ]),
    "fanship.sequence": SuiteRejections(
      codes: ["not_an_array", "unknown_step", "unexpected_step", "duplicate_step", "out_of_order"], fields: nil),
    // Trace suites: a step's own outcome is a result string in the output, never a rejection.
    "leeep.push.client": SuiteRejections(codes: ["not_an_array", "invalid_step"], fields: nil),
    "respondo.push.session": SuiteRejections(codes: ["not_an_array", "invalid_step"], fields: nil),
    "leeep.scroll-request": SuiteRejections(codes: ["not_an_array", "invalid_step"], fields: nil),
    "leeep.tracking": SuiteRejections(
      codes: ["not_an_object", "missing_key", "invalid_value", "unknown_key", "invalid_type"], fields: nil),
    "leeep.tag-view": SuiteRejections(
      codes: [
        "not_an_object", "missing_key", "invalid_value", "invalid_type", "unknown_key", "non_string_value",
        "unexpected_param",
      ], fields: nil),
    "adapty.presentation": SuiteRejections(
      codes: [
        "not_an_array", "unknown_step", "view_already_shown", "paywall_over_onboarding", "nothing_to_dismiss",
        "unexpected_event",
      ], fields: nil),
  ]
}
