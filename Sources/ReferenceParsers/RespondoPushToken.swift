import ConformanceJSON
import ConformanceKit

/// `respondo.push.token`: the device token given to `Respondo.setPushToken` (docs/suites/respondo.push.token.md, Respondo
/// Respondo guide, プッシュ通知 "デバイストークンの登録"): "プッシュライブラリがたまたま返すものではなく、プラットフォームの
/// ネイティブなトランスポートのトークンを登録しなければなりません" — APNs on iOS, FCM on Android.
extension RespondoPushToken: ReferenceSuite {
  enum Transport {
    case apns
    case fcm
  }

  static let platforms: [(name: String, transport: Transport)] = [
    ("ios", .apns), ("flutter-ios", .apns), ("android", .fcm), ("flutter-android", .fcm),
  ]

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    guard case .object(let registration) = input else { return .reject("not_an_object") }
    guard case .string(let platform)? = registration["platform"],
      let transport = Self.platforms.first(where: { TextRules.identical($0.name, platform) })?.transport
    else { return .reject("invalid_value", field: "platform") }
    let token: String
    switch registration["token"] {
    case nil, .null?:
      // "getAPNSToken() は起動直後のわずかな間 null になることがあります——その場合は少し待ってから再試行"
      return .reject("missing_token", field: "token")
    case .string(let text)?:
      if text.utf8.isEmpty { return .reject("missing_token", field: "token") }
      token = text
    case .some:
      return .reject("invalid_value", field: "token")
    }
    switch transport {
    case .apns:
      if Self.isAPNsDeviceToken(token) { return Self.accept("apns", token) }
      // "iOS で FCM トークンを渡すとそれが APNs に送られますが、…プッシュは決して届きません"
      if token.utf8.contains(UInt8(ascii: ":")) { return .reject("fcm_token_on_ios", field: "token") }
      return .reject("invalid_apns_token", field: "token")
    case .fcm:
      // Checked first: 64 lowercase hex characters would otherwise pass the FCM character rule.
      if Self.isLowercaseHex(token, length: 64) { return .reject("apns_token_on_android", field: "token") }
      if Self.isFCMRegistrationToken(token) { return Self.accept("fcm", token) }
      return .reject("invalid_fcm_token", field: "token")
    }
  }

  static func accept(_ transport: String, _ token: String) -> Outcome {
    .accept(output: ["transport": .string(transport), "token": .string(token)])
  }

  /// Lowercase hex, even length, 64–200 characters (the guide's `String(format: "%02x", $0)`).
  static func isAPNsDeviceToken(_ token: String) -> Bool {
    let bytes = token.utf8
    return (64...200).contains(bytes.count) && bytes.count.isMultiple(of: 2)
      && bytes.allSatisfy(TextRules.isLowercaseHex)
  }

  static func isLowercaseHex(_ token: String, length: Int) -> Bool {
    token.utf8.count == length && token.utf8.allSatisfy(TextRules.isLowercaseHex)
  }

  /// 1–4096 characters of `[A-Za-z0-9_:-]`.
  static func isFCMRegistrationToken(_ token: String) -> Bool {
    let bytes = token.utf8
    return (1...4096).contains(bytes.count)
      && bytes.allSatisfy {
        Contract.isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":")
          || $0 == UInt8(ascii: "-")
      }
  }
}
