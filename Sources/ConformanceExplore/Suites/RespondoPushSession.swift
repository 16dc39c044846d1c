import ConformanceJSON

/// `respondo.push.session`: a trace of pushes received and tapped, the app's own conversation
/// UI, app states and tokens, per platform. Targets: duplicates by `message_id` (a small pool of
/// ids so pushes repeat), suppression only in the foreground with that conversation open
/// (background keeps it open, terminated closes it), campaigns never deduplicated, taps that
/// open the app and mark the message seen, the beacons in order, tokens checked per platform
/// (3.9), the token replaced and cleared; invalid steps (unknown step, extra key, a UUID in
/// upper case for `open_conversation`, a state outside the list); long traces.
struct RespondoPushSessionExplorer: SuiteExplorer {
  let suite = "respondo.push.session"
  static let platforms = ["ios", "android", "flutter-ios", "flutter-android"]
  static let mutator = Mutator(
    Vocabulary(
      keys: ["step", "payload", "conversation_id", "state", "token"],
      strings: [
        "receive", "tap", "open_conversation", "close_conversation", "app_state", "set_token", "clear_token",
        "foreground", "background", "terminated",
      ]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let platform = random.pick(Self.platforms)
    let ids = (0..<3).map { _ in IDPattern.uuid.valid(&random) }
    var steps: [JSONValue]
    if random.chance(1, in: 5), let sample = ExploreMix.sample(samples, &random, usable: Self.contextIsUsable),
      let items = sample.input.arrayValue
    {
      steps = TraceMutations.mutate(items, insert: { Self.step(platform: platform, ids: ids, &$0) }, &random)
      return ExploreCase(suite: suite, input: .array(steps), context: sample.context)
    }
    steps = (0..<(1 + random.below(8))).map { _ in Self.step(platform: platform, ids: ids, &random) }
    for _ in 0..<ExploreMix.mutationCount(&random) {
      if random.chance(1, in: 6) {
        steps = Self.mutator.mutate(.array(steps), &random).arrayValue ?? steps
      } else {
        steps = TraceMutations.mutate(steps, insert: { Self.step(platform: platform, ids: ids, &$0) }, &random)
      }
    }
    // Now and then not an array at all (`not_an_array`, checked before any step).
    let input = random.chance(1, in: 40) ? Self.mutator.retype(.array(steps), &random) : .array(steps)
    return ExploreCase(suite: suite, input: input, context: ["platform": .string(platform)])
  }

  static func contextIsUsable(_ context: JSONObject) -> Bool {
    guard let platform = context["platform"]?.stringValue else { return false }
    return platforms.contains(platform)
  }

  static func step(platform: String, ids: [String], _ random: inout ExploreRandom) -> JSONValue {
    let payloadPlatform = platform.hasSuffix("ios") ? "ios" : "android"
    switch random.below(12) {
    case 0, 1, 2:
      var object = RespondoPushPayloadExplorer.respondoObject(&random, ids: ids)
      if random.chance(1, in: 8) { object = RespondoPushPayloadExplorer.mutation(object, &random) }
      let payload =
        random.chance(1, in: 15)
        ? random.pick([["aps": ["alert": "x"]] as JSONValue, .null, "respondo"])
        : RespondoPushPayloadExplorer.payload(object, platform: payloadPlatform, &random)
      return TraceMutations.step(random.chance(1, in: 2) ? "receive" : "tap", [("payload", payload)])
    case 3:
      let id = random.chance(5, in: 6) ? random.pick(ids) : IDPattern.uuid.nearMiss(&random)
      return TraceMutations.step("open_conversation", [("conversation_id", .string(id))])
    case 4: return TraceMutations.step("close_conversation")
    case 5, 6:
      let state =
        random.chance(9, in: 10)
        ? random.pick(["foreground", "background", "terminated"]) : random.pick(["Foreground", "inactive", ""])
      return TraceMutations.step("app_state", [("state", .string(state))])
    case 7, 8:
      let tokenPlatform = random.chance(4, in: 5) ? platform : random.pick(platforms)
      let token: JSONValue =
        random.chance(1, in: 8)
        ? random.pick([.null, ""]) : RespondoPushTokenExplorer.token(for: tokenPlatform, &random)
      return TraceMutations.step("set_token", [("token", token)])
    case 9: return TraceMutations.step("clear_token")
    case 10:
      // A step whose shape is wrong: an extra key, a missing argument, an unknown name.
      return random.pick([
        TraceMutations.step("clear_token", [("token", "x")]), TraceMutations.step("tap"),
        TraceMutations.step("Receive", [("payload", .null)]), TraceMutations.step("set_token", [("token", 1)]),
        "receive",
      ])
    default:
      return TraceMutations.step("app_state", [("state", "foreground")])
    }
  }
}
