import ConformanceJSON

/// `respondo.push.token`: `{"platform", "token"}`. iOS: an APNs token, lowercase hex of even
/// length 64–200 (`:` means an FCM token); Android: 1–4096 of `[A-Za-z0-9_:-]`, and exactly 64
/// lowercase hex is an APNs token. Targets: every length around 64, 200, 4096 and odd lengths;
/// upper case hex (an APNs token only in lower case; on Android 64 upper case hex is a valid
/// FCM token); characters outside each alphabet, also non-ASCII; null, empty and absent tokens;
/// the platform names in other spellings.
struct RespondoPushTokenExplorer: SuiteExplorer {
  let suite = "respondo.push.token"
  static let platforms = ["ios", "android", "flutter-ios", "flutter-android"]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["platform", "token"], strings: platforms + ["iOS", "Android", "flutter_ios", "web", ""],
      limits: [TextLimit(64, .asciiCharacters), TextLimit(200, .asciiCharacters), TextLimit(4096, .asciiCharacters)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let platform = random.pick(Self.platforms)
    var input: JSONValue = ["platform": .string(platform), "token": Self.token(for: platform, &random)]
    switch random.below(10) {
    case 0:
      input = ExploreMix.setting(
        .string(random.pick(Self.mutator.vocabulary.strings + ["IOS", " ios", "ios\n"])), "platform", in: input)
    case 1: input = ExploreMix.setting(random.pick([nil, .null, "", 0, true, .array([])]), "token", in: input)
    case 2, 3:
      let base = ExploreMix.sample(samples, &random)?.input ?? input
      input = ExploreMix.mutated(base, count: max(1, ExploreMix.mutationCount(&random)), mutator: Self.mutator, &random)
      {
        value, random in Self.mutator.mutate(value, &random)
      }
    default: break
    }
    return ExploreCase(suite: suite, input: input, context: JSONObject())
  }

  /// A token near one of the platform's edges, or one meant for the other platform.
  static func token(for platform: String, _ random: inout ExploreRandom) -> JSONValue {
    let hexLower = Array("0123456789abcdef".utf8)
    let hexUpper = Array("0123456789ABCDEF".utf8)
    let fcmAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:-".utf8)
    // ASCII bytes picked one by one: a 4,096-character token as Strings joined was the suite's
    // slowest step.
    func text(_ count: Int, _ alphabet: [UInt8]) -> String {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(count)
      for _ in 0..<count { bytes.append(random.pick(alphabet)) }
      return String(decoding: bytes, as: UTF8.self)
    }
    let apnsLength = random.pick([62, 63, 64, 64, 65, 66, 100, 128, 198, 199, 200, 200, 201, 202, 32, 1])
    let fcmLength = random.pick([1, 2, 63, 64, 65, 152, 163, 4095, 4096, 4096, 4097])
    var token: String
    switch random.below(10) {
    case 0...2: token = text(apnsLength, hexLower)
    case 3: token = text(apnsLength, random.chance(1, in: 2) ? hexUpper : hexLower + hexUpper)
    case 4...6: token = text(fcmLength, fcmAlphabet)
    case 7: token = text(random.pick([22, 60]), fcmAlphabet) + ":APA91b" + text(random.pick([10, 134]), fcmAlphabet)
    case 8: token = text(64, random.chance(1, in: 2) ? hexLower : hexUpper)
    default: token = text(random.pick([64, 100]), hexLower)
    }
    if random.chance(1, in: 4) {
      var scalars = Array(token.unicodeScalars)
      let index = random.below(scalars.count)
      scalars[index] = random.pick(["g", "G", " ", ".", "/", "+", "=", "\u{FF10}", "\u{E9}", ":", "_", "-", "\n"])
        .unicodeScalars.first!
      token = String(String.UnicodeScalarView(scalars))
    }
    if random.chance(1, in: 12) { token += random.pick(["\n", " ", "\u{0}"]) }
    _ = platform
    return .string(token)
  }
}
