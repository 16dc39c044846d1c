import ConformanceJSON
import ConformanceKit

/// `respondo.push.token` (docs/suites/respondo.push.token.md): `{"platform", "token"}` as given to `Respondo.setPushToken`.
/// iOS platforms need the APNs device token (lowercase hex, even length, 64–200 characters),
/// Android platforms the FCM registration token (1–4096 characters of `[A-Za-z0-9_:-]`).
///
/// Files: `input.json` and `platform.json` for the object and its platform, then one folder per
/// platform with `token-presence.json` and `apns.json` or `fcm.json`.
extension RespondoPushToken: GeneratedSuite {
  static let source = "Respondo guide, プッシュ通知: デバイストークンの登録 (どのトークンを渡すか)"

  enum Transport {
    case apns
    case fcm
  }

  static let platforms: [(name: String, transport: Transport)] = [
    ("ios", .apns), ("flutter-ios", .apns), ("android", .fcm), ("flutter-android", .fcm),
  ]

  // MARK: Tokens

  /// `count` lowercase hex characters, as `deviceToken.map { String(format: "%02x", $0) }.joined()`
  /// writes them: deterministic bytes, each as two lowercase hex digits, cut to `count`.
  static func hex(_ count: Int) -> String {
    var text = ""
    var index = 0
    while text.utf8.count < count {
      let byte = (index * 37 + 11) % 256
      let digits = String(byte, radix: 16)
      text += digits.utf8.count == 1 ? "0" + digits : digits
      index += 1
    }
    return String(decoding: text.utf8.prefix(count), as: UTF8.self)
  }

  /// The 64-character APNs device token used where the length is not the point.
  static let apnsToken = hex(64)

  /// A Firebase Installation ID: the part of a modern FCM token before the colon.
  static let fid = "dGhpc2lzYW5leGFtcGxlSQ"

  /// `count` characters of the FCM token alphabet without the colon, deterministic.
  static func fcmBody(_ count: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)
    let bytes = (0..<count).map { alphabet[($0 * 29 + 7) % alphabet.count] }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A modern FCM registration token as `getToken()` returns it: `<FID>:APA91b…`, 163 characters.
  static let fcmToken = fid + ":APA91b" + fcmBody(134)

  /// An FCM token of exactly `count` characters, with the modern shape.
  static func fcmToken(length count: Int) -> String {
    let head = fid + ":APA91b"
    return head + fcmBody(count - head.utf8.count)
  }

  /// The iOS `Data.description` of a device token, `<3f9a1c0b 7e2d4f6a …>`: a classic mistake.
  static let dataDescription: String = {
    var groups: [String] = []
    var rest = Substring(apnsToken)
    while !rest.isEmpty {
      groups.append(String(rest.prefix(8)))
      rest = rest.dropFirst(8)
    }
    return "<" + groups.joined(separator: " ") + ">"
  }()

  // MARK: Files

  static func files() -> [GeneratedFile] {
    var files = [input(), platform()]
    for (name, transport) in platforms {
      files.append(presence(name, transport))
      files.append(transport == .apns ? apns(name) : fcm(name))
    }
    return files
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    var builder = VectorFileBuilder(suite: name, description: description, source: source, vendorNote: vendorNote)
    builder.descriptionLead = { input, _ in input.objectValue?["platform"]?.stringValue }
    return builder
  }

  /// The Respondo SDKs' `setPushToken(String)` registers any string, the empty one too, and
  /// rejects nothing: every rejection but the two that come before the token (not an object, an
  /// unknown platform) is a result they do not give. That includes a null, absent or non-string
  /// token: the SDK has no rejection for it either (its typed parameter leaves that check to the
  /// app), so a port that mirrors the SDK leaves those vectors out with the rest.
  static let vendorNote = VendorNote { test in
    guard case .reject(let error, let field) = test.expect else { return [] }
    if error == "not_an_object" || (error == "invalid_value" && field == "platform") { return [] }
    return ["setPushToken checks nothing"]
  }

  static func registration(_ platform: JSONValue?, _ token: JSONValue?) -> JSONValue {
    var object = JSONObject()
    if let platform { object["platform"] = platform }
    if let token { object["token"] = token }
    return .object(object)
  }

  static func output(_ transport: Transport, _ token: String) -> GeneratedExpectation {
    .accept(output: ["transport": transport == .apns ? "apns" : "fcm", "token": .string(token)])
  }

  static func input() -> GeneratedFile {
    var file = builder("the registration must be an object; the platform is checked before the token")
    let values: [(String, JSONValue, String, [String])] = [
      ("null", .null, "null is not a registration object", ["invalid"]),
      (
        "bare-token", .string(apnsToken), "the token alone, as setPushToken(token) takes it, without its platform",
        ["invalid", "integration-mistake"]
      ),
      ("number", 1, "a JSON number is not a registration object", ["invalid"]),
      ("boolean", true, "a JSON boolean is not a registration object", ["invalid"]),
      ("array", [.string("ios"), .string(apnsToken)], "a [platform, token] array is not an object", ["invalid"]),
    ]
    for (name, value, description, tags) in values {
      file.add(
        id: "not_an_object.\(name)", description: description, tags: tags, input: value,
        expect: .reject("not_an_object"))
    }
    file.add(
      id: "order.platform-before-null-token", description: "an unknown platform is reported before a null token",
      tags: ["invalid"], input: registration("web", .null), expect: .reject("invalid_value", field: "platform"))
    file.add(
      id: "order.platform-before-token-type", description: "an unknown platform is reported before a numeric token",
      tags: ["invalid"], input: registration("web", 1), expect: .reject("invalid_value", field: "platform"))
    file.add(
      id: "order.missing-platform-before-missing-token", description: "an empty object: the platform is reported first",
      tags: ["invalid", "boundary"], input: [:], expect: .reject("invalid_value", field: "platform"))
    file.add(
      id: "other-keys-ignored.ios", description: "keys besides platform and token are not looked at",
      tags: ["valid"], input: ["platform": "ios", "token": .string(apnsToken), "user_id": "u-1", "sandbox": true],
      expect: output(.apns, apnsToken))
    file.add(
      id: "other-keys-ignored.android", description: "keys besides platform and token are not looked at",
      tags: ["valid"], input: ["platform": "android", "token": .string(fcmToken), "app_version": 12],
      expect: output(.fcm, fcmToken))
    return file.file(at: "\(folder)/input.json")
  }

  static func platform() -> GeneratedFile {
    var file = builder("platform is one of ios, android, flutter-ios, flutter-android (field platform)")
    func reject(_ id: String, _ description: String, tags: [String] = ["invalid"], _ platform: JSONValue?) {
      file.add(
        id: "invalid_value.\(id)", description: description, tags: tags,
        input: registration(platform, .string(apnsToken)), expect: .reject("invalid_value", field: "platform"))
    }
    reject("absent", "the platform is missing", nil)
    reject("null", "a null platform", .null)
    reject("number", "a numeric platform", 1)
    reject("boolean", "a boolean platform", true)
    reject("array", "an array of platforms", ["ios"])
    reject("object", "an object platform", ["os": "ios"])
    let names: [(String, String, String, [String])] = [
      ("empty", "", "an empty platform", ["invalid", "boundary"]),
      ("iOS", "iOS", "platform names are case-sensitive: iOS", ["invalid", "cross-sdk"]),
      ("IOS", "IOS", "platform names are case-sensitive: IOS", ["invalid"]),
      ("Android", "Android", "platform names are case-sensitive: Android", ["invalid", "cross-sdk"]),
      ("ANDROID", "ANDROID", "platform names are case-sensitive: ANDROID", ["invalid"]),
      ("flutter", "flutter", "flutter alone does not say which transport", ["invalid", "integration-mistake"]),
      ("flutter_ios", "flutter_ios", "an underscore is not the dash of flutter-ios", ["invalid"]),
      ("flutter_android", "flutter_android", "an underscore is not the dash of flutter-android", ["invalid"]),
      ("flutter-iOS", "flutter-iOS", "flutter-iOS differs from flutter-ios", ["invalid"]),
      ("Flutter-ios", "Flutter-ios", "Flutter-ios differs from flutter-ios", ["invalid"]),
      ("flutterios", "flutterios", "flutterios without the dash", ["invalid"]),
      ("ios-flutter", "ios-flutter", "the words reversed", ["invalid"]),
      ("trailing-space", "ios ", "a trailing space is never trimmed", ["invalid"]),
      ("leading-space", " android", "a leading space is never trimmed", ["invalid"]),
      ("trailing-newline", "ios\n", "a trailing newline is never trimmed", ["invalid", "boundary"]),
      ("web", "web", "web is not a Respondo push platform", ["invalid"]),
      ("macos", "macos", "macos is not a Respondo push platform", ["invalid"]),
      ("ipados", "ipados", "ipados is not a platform name (iPad apps use ios)", ["invalid"]),
      ("huawei", "huawei", "huawei (HMS) is not a Respondo push platform", ["invalid"]),
      ("apns", "apns", "the transport name is not the platform", ["invalid", "integration-mistake"]),
      ("fcm", "fcm", "the transport name is not the platform", ["invalid", "integration-mistake"]),
      ("fullwidth", "ｉｏｓ", "full-width letters are other scalars", ["invalid", "unicode"]),
      (
        "cyrillic-o", "i\u{043E}s", "a Cyrillic о looks like o but is another value",
        ["invalid", "unicode", "security"]
      ),
    ]
    for (name, value, description, tags) in names {
      reject(name, description, tags: tags, .string(value))
    }
    return file.file(at: "\(folder)/platform.json")
  }

  static func presence(_ platform: String, _ transport: Transport) -> GeneratedFile {
    var file = builder("\(platform): a missing token, and a token that is not a string")
    func add(_ id: String, _ description: String, tags: [String] = ["invalid"], _ token: JSONValue?, _ error: String) {
      file.add(
        id: "\(platform).\(id)", description: description, tags: tags,
        input: registration(.string(platform), token), expect: .reject(error, field: "token"))
    }
    add("missing_token.absent", "no token key", nil, "missing_token")
    if platform == "flutter-ios" {
      add(
        "missing_token.null",
        "getAPNSToken() can be null just after launch: missing_token, the app retries later",
        tags: ["invalid", "integration-mistake"], .null, "missing_token")
    } else {
      add("missing_token.null", "a null token", .null, "missing_token")
    }
    add("missing_token.empty", "an empty token", tags: ["invalid", "boundary"], "", "missing_token")
    add("invalid_value.number", "a numeric token", 12345, "invalid_value")
    add("invalid_value.boolean", "a boolean token", false, "invalid_value")
    add("invalid_value.array", "an array holding the token", [.string(apnsToken)], "invalid_value")
    add("invalid_value.object", "an object holding the token", ["token": .string(apnsToken)], "invalid_value")
    let bytes: [JSONValue] = [0x3f, 0x9a, 0x1c, 0x0b, 0x7e, 0x2d, 0x4f, 0x6a]
    add(
      "invalid_value.byte-array", "the device token's raw bytes as numbers, not the hex string",
      tags: ["invalid", "integration-mistake"], .array(bytes), "invalid_value")
    return file.file(at: "\(folder)/\(platform)/token-presence.json")
  }

  static func apns(_ platform: String) -> GeneratedFile {
    var file = builder("\(platform): APNs device tokens (lowercase hex, even length, 64–200 characters)")
    func accept(_ id: String, _ description: String, tags: [String] = ["valid"], _ token: String) {
      file.add(
        id: "\(platform).apns.\(id)", description: description, tags: tags,
        input: registration(.string(platform), .string(token)), expect: output(.apns, token))
    }
    func reject(_ id: String, _ description: String, tags: [String] = ["invalid"], _ token: String, _ error: String) {
      file.add(
        id: "\(platform).\(error).\(id)", description: description, tags: tags,
        input: registration(.string(platform), .string(token)), expect: .reject(error, field: "token"))
    }
    accept(
      "length-64", "a 32-byte device token as the guide writes it (String(format: \"%02x\", $0))", tags: ["valid"],
      apnsToken)
    for length in [66, 128, 198, 200] {
      accept("length-\(length)", "\(length) lowercase hex characters", tags: ["valid", "boundary"], hex(length))
    }
    accept("all-zero", "64 zeros are lowercase hex", tags: ["valid", "boundary"], String(repeating: "0", count: 64))
    accept(
      "digits-only", "64 decimal digits are lowercase hex", String(repeating: "0123456789", count: 7).prefixBytes(64))
    accept("letters-only", "64 of the letters a-f", String(repeating: "abcdef", count: 11).prefixBytes(64))

    let invalid = "invalid_apns_token"
    for (length, why) in [
      (62, "even but under 64"), (63, "odd and under 64"), (65, "odd"), (201, "odd and over 200"),
      (202, "even but over 200"), (256, "even but over 200"),
    ] {
      reject(
        "length-\(length)", "\(length) lowercase hex characters: \(why)", tags: ["invalid", "boundary"], hex(length),
        invalid)
    }
    reject("length-2", "a one-byte token", tags: ["invalid", "boundary"], "ab", invalid)
    reject("length-32", "16 bytes of hex are too short", hex(32), invalid)
    reject("uppercase", "uppercase hex (String(format: \"%02X\")) is not lowercase", apnsToken.uppercased(), invalid)
    reject(
      "one-uppercase-letter", "a single uppercase hex letter",
      "A" + String(decoding: apnsToken.utf8.dropFirst(), as: UTF8.self), invalid)
    reject(
      "data-description", "Data's description <3f9a1c0b …> with brackets and spaces, not the hex string",
      tags: ["invalid", "integration-mistake"], dataDescription, invalid)
    reject(
      "spaced-groups", "hex in groups separated by spaces",
      String(dataDescription.dropFirst().dropLast()), invalid)
    reject(
      "trailing-newline", "a trailing newline is never trimmed", tags: ["invalid", "boundary"], apnsToken + "\n",
      invalid)
    reject("leading-space", "a leading space is never trimmed", " " + apnsToken, invalid)
    reject("whitespace-only", "a space is not empty, and not hex", tags: ["invalid", "boundary"], " ", invalid)
    reject("hex-prefix", "a 0x prefix", "0x" + apnsToken, invalid)
    reject(
      "non-hex", "g is not a hex digit", "g" + String(decoding: apnsToken.utf8.dropFirst(), as: UTF8.self), invalid)
    reject(
      "base64", "the 32 bytes in base64 instead of hex", tags: ["invalid", "integration-mistake"],
      "P5ocC34tT2qLXJ0OHyo7TF1uf4CRorPE1eb3CBkqO0w=", invalid)
    reject("uuid", "a UUID is not a device token", "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90", invalid)
    reject(
      "firebase-installation-id", "a Firebase Installation ID is not a device token",
      tags: ["invalid", "cross-sdk"], fid, invalid)
    reject(
      "legacy-fcm-token", "a legacy FCM token (APA91b…, no colon) is not a device token",
      tags: ["invalid", "integration-mistake"], "APA91b" + fcmBody(146), invalid)
    reject(
      "fullwidth-digits", "full-width digits are not ASCII hex", tags: ["invalid", "unicode"],
      String(repeating: "０", count: 64), invalid)
    reject(
      "cyrillic-a", "a Cyrillic а (U+0430) looks like a", tags: ["invalid", "unicode", "security"],
      "\u{0430}" + String(decoding: apnsToken.utf8.dropFirst(), as: UTF8.self), invalid)
    reject("nul", "a U+0000 inside the token", tags: ["invalid", "security"], hex(32) + "\u{0}" + hex(31), invalid)

    let onIOS = "fcm_token_on_ios"
    reject(
      "get-token",
      platform == "flutter-ios"
        ? "the guide's Flutter mistake: getToken() (FCM) instead of getAPNSToken() on iOS"
        : "an FCM registration token given as the iOS token",
      tags: ["invalid", "integration-mistake"], fcmToken, onIOS)
    reject("colon-only", "a token holding only ':'", tags: ["invalid", "boundary"], ":", onIOS)
    reject("hex-with-colon", "valid hex plus a colon is still an FCM-shaped token", apnsToken + ":", onIOS)
    reject(
      "over-4096", "a colon decides, whatever the length (4097 characters)", tags: ["invalid", "boundary"],
      fcmToken(length: 4097), onIOS)
    reject("colon-and-space", "a colon with other characters no token allows", "bad token:1", onIOS)
    return file.file(at: "\(folder)/\(platform)/apns.json")
  }

  static func fcm(_ platform: String) -> GeneratedFile {
    var file = builder("\(platform): FCM registration tokens (1–4096 characters of [A-Za-z0-9_:-])")
    func accept(_ id: String, _ description: String, tags: [String] = ["valid"], _ token: String) {
      file.add(
        id: "\(platform).fcm.\(id)", description: description, tags: tags,
        input: registration(.string(platform), .string(token)), expect: output(.fcm, token))
    }
    func reject(_ id: String, _ description: String, tags: [String] = ["invalid"], _ token: String, _ error: String) {
      file.add(
        id: "\(platform).\(error).\(id)", description: description, tags: tags,
        input: registration(.string(platform), .string(token)), expect: .reject(error, field: "token"))
    }
    accept("get-token", "a token from FirebaseMessaging.getToken(): <FID>:APA91b…, 163 characters", fcmToken)
    accept("legacy-no-colon", "a legacy token without the FID prefix", "APA91b" + fcmBody(146))
    accept("length-1", "one character is the shortest token", tags: ["valid", "boundary"], "a")
    accept("colon-only", "':' alone is in the FCM alphabet", tags: ["valid", "boundary"], ":")
    accept("length-4096", "4096 characters is the longest token", tags: ["valid", "boundary"], fcmToken(length: 4096))
    accept("every-character-class", "letters, digits, '_', ':' and '-'", "AZaz09_:-")
    accept(
      "uppercase-hex-64", "64 uppercase hex characters are not an APNs token (those are lowercase)",
      tags: ["valid", "boundary"], apnsToken.uppercased())
    for length in [62, 63, 65, 128] {
      accept(
        "lowercase-hex-\(length)", "\(length) lowercase hex characters: only exactly 64 is taken for an APNs token",
        tags: ["valid", "boundary"], hex(length))
    }

    let apnsOnAndroid = "apns_token_on_android"
    reject(
      "hex-64", "a 64-character APNs device token on an Android platform", tags: ["invalid", "integration-mistake"],
      apnsToken, apnsOnAndroid)
    reject(
      "all-zero", "64 zeros are an APNs-shaped token", tags: ["invalid", "boundary"], String(repeating: "0", count: 64),
      apnsOnAndroid)
    reject(
      "digits-only", "64 decimal digits are an APNs-shaped token", tags: ["invalid", "boundary"],
      String(repeating: "0123456789", count: 7).prefixBytes(64), apnsOnAndroid)

    let invalid = "invalid_fcm_token"
    reject(
      "length-4097", "4097 characters is one over 4096", tags: ["invalid", "boundary"], fcmToken(length: 4097), invalid)
    reject(
      "length-8192", "8192 characters is far over 4096", tags: ["invalid", "boundary"], fcmToken(length: 8192), invalid)
    let characters: [(String, String, String, [String])] = [
      ("dot", ".", "'.' is not in the FCM alphabet", ["invalid"]),
      ("plus", "+", "'+' (standard base64) is not in the FCM alphabet", ["invalid"]),
      ("slash", "/", "'/' (standard base64) is not in the FCM alphabet", ["invalid"]),
      ("equals", "=", "'=' (base64 padding) is not in the FCM alphabet", ["invalid"]),
      ("space", " ", "a space is not in the FCM alphabet", ["invalid"]),
      ("at", "@", "'@' is not in the FCM alphabet", ["invalid"]),
      ("percent", "%", "'%' is not in the FCM alphabet", ["invalid"]),
      ("tilde", "~", "'~' is not in the FCM alphabet", ["invalid"]),
      ("tab", "\t", "a tab is not in the FCM alphabet", ["invalid"]),
      ("nul", "\u{0}", "U+0000 is not in the FCM alphabet", ["invalid", "security"]),
      ("e-acute", "é", "a non-ASCII letter is not in the FCM alphabet", ["invalid", "unicode"]),
      ("fullwidth-letter", "Ａ", "a full-width letter is not in the FCM alphabet", ["invalid", "unicode"]),
      ("emoji", "\u{1F600}", "an emoji is not in the FCM alphabet", ["invalid", "unicode"]),
      ("fullwidth-colon", "：", "a full-width colon (U+FF1A) is not ':'", ["invalid", "unicode"]),
    ]
    for (name, character, description, tags) in characters {
      reject("char-\(name)", description, tags: tags, fid + ":APA91b" + character + fcmBody(40), invalid)
    }
    reject(
      "trailing-newline", "a trailing newline is never trimmed", tags: ["invalid", "boundary"], fcmToken + "\n", invalid
    )
    reject("leading-space", "a leading space is never trimmed", " " + fcmToken, invalid)
    reject(
      "whitespace-only", "a space is not empty, and not in the alphabet", tags: ["invalid", "boundary"], " ", invalid)
    reject(
      "quoted", "the token with its JSON quotes kept", tags: ["invalid", "integration-mistake"], "\"" + fcmToken + "\"",
      invalid)
    reject(
      "data-description", "an iOS Data description <3f9a1c0b …> on Android", tags: ["invalid", "integration-mistake"],
      dataDescription, invalid)
    reject(
      "hex-64-trailing-newline", "64 hex characters and a newline are neither an APNs nor an FCM token",
      tags: ["invalid", "boundary"], apnsToken + "\n", invalid)
    return file.file(at: "\(folder)/\(platform)/fcm.json")
  }
}

extension String {
  /// The first `count` bytes of an ASCII string.
  fileprivate func prefixBytes(_ count: Int) -> String {
    String(decoding: utf8.prefix(count), as: UTF8.self)
  }
}
