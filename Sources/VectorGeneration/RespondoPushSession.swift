import ConformanceJSON
import ConformanceKit

/// `respondo.push.session` (docs/suites/respondo.push.session.md): a trace of pushes, taps, the
/// app's conversation screen, app states and tokens.
///
/// The rules are the generator's own (``Session`` in `RespondoPushSession+Model.swift`);
/// each payload and token carries the result the payload and token rules give it. Every
/// expectation is the session those rules describe, run over the trace; tags come from the rules
/// the trace exercises. One folder per platform (file context `platform`), plus the shape checks
/// (no context) and long traces.
extension RespondoPushSession: GeneratedSuite {
  static let source = "Respondo guide, プッシュ通知: タップとフォアグラウンドの処理, デバイストークンの登録"

  /// One platform's file being built.
  struct File {
    let platform: Platform
    var builder: VectorFileBuilder

    init(_ platform: Platform, _ description: String) {
      self.platform = platform
      builder = VectorFileBuilder(
        suite: name, description: "\(platform.name): \(description)", source: source, context: platform.context,
        vendorNote: RespondoPushSession.vendorNote)
    }

    var family: Family { platform.family }

    mutating func add(_ id: String, _ description: String, _ steps: [Step], tags: [String] = []) {
      let (tags, vendorRules) = RespondoPushSession.tagsAndVendorRules(steps, family, extra: tags)
      builder.add(
        // The platform leads the description: the four platforms share most traces, and a
        // description says which one this vector runs on.
        id: "\(platform.name).\(id)", description: "\(platform.name): \(description)", tags: tags,
        input: .array(steps.map { $0.json(family) }),
        expect: .accept(output: RespondoPushSession.output(steps, family)), rules: vendorRules)
    }

    func file(_ name: String) -> GeneratedFile { builder.file(at: "\(folder)/\(platform.name)/\(name).json") }
  }

  static func files() -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    for platform in platforms {
      files += [
        steps(platform), deduplication(platform), suppression(platform), taps(platform), rejections(platform),
        tokenSteps(platform),
      ]
      if platform.family == .ios { files.append(stringForm(platform)) }
    }
    files += [shapes(), longTraces()]
    return files
  }

  // MARK: Pushes used in the flows

  static func m(_ message: Int, in conversation: Int = 1) -> Push {
    self.message(conversation: conversation, message: message)
  }
  static let saleLink = "https://shop.example/sale?utm_source=respondo"
  static let campaignWithLink = campaign("dlv_20240501_0001", deepLink: saleLink, extra: [("campaign", "spring")])
  static let campaignWithoutLink = campaign("dlv_20240501_0002")

  // MARK: Every step

  static func steps(_ platform: Platform) -> GeneratedFile {
    var file = File(platform, "every step on its own and together, from the fresh state")
    let good = goodToken(platform.family)
    file.add("empty-trace", "the empty trace: no results, nothing open, no token, no beacons", [])
    file.add("receive.message", "a message push arrives in the background: shown", [.receive(m(1))])
    file.add("receive.campaign", "a campaign push with a deep link and extra keys: shown", [.receive(campaignWithLink)])
    file.add("receive.campaign-no-link", "a campaign push without a deep link: shown", [.receive(campaignWithoutLink)])
    file.add(
      "tap.message", "a tapped message opens its conversation and brings the app to the foreground: opened",
      [.tap(m(1))])
    file.add(
      "tap.campaign-link", "a tapped campaign with a deep link: opened_link, its delivery_id as the open beacon",
      [.tap(campaignWithLink)])
    file.add(
      "tap.campaign-no-link", "a tapped campaign without a deep link: opened_app, its open beacon",
      [.tap(campaignWithoutLink)])
    file.add(
      "open_conversation", "the app's own screen opens a conversation: ok", [.openConversation(conversation(1))])
    file.add("close_conversation", "closing with nothing open: ok", [.closeConversation])
    file.add(
      "open-then-close", "open_conversation then close_conversation: nothing open",
      [.openConversation(conversation(1)), .closeConversation])
    file.add(
      "open-twice", "a second open_conversation replaces the first",
      [.openConversation(conversation(1)), .openConversation(conversation(2))])
    for state in ["foreground", "background", "terminated"] {
      file.add("app_state.\(state)", "app_state \(state): ok", [.appState(state)])
      file.add(
        "app_state.\(state)-with-conversation",
        state == "terminated"
          ? "terminated closes the open conversation" : "\(state) keeps the open conversation",
        [.openConversation(conversation(1)), .appState(state)])
    }
    file.add("set_token", "the platform's own token: ok, registered", [.setToken(good)])
    file.add("clear_token", "clear_token with no token registered: ok", [.clearToken])
    file.add(
      "every-step", "every step in one trace",
      [
        .setToken(good), .receive(m(1)), .tap(m(1)), .receive(m(2)), .appState("background"), .receive(m(3)),
        .closeConversation, .openConversation(conversation(2)), .appState("foreground"), .receive(m(4, in: 2)),
        .receive(campaignWithLink), .tap(campaignWithoutLink), .appState("terminated"), .clearToken,
      ])
    return file.file("steps")
  }

  // MARK: Deduplication

  static func deduplication(_ platform: Platform) -> GeneratedFile {
    var file = File(platform, "a message_id seen before is a duplicate; campaigns are never deduplicated")
    file.add("receive-twice", "the same message pushed twice: shown, duplicate", [.receive(m(1)), .receive(m(1))])
    file.add(
      "receive-then-tap", "a tap on a message already received still opens it: shown, opened",
      [.receive(m(1)), .tap(m(1))])
    file.add(
      "tap-then-receive", "a message seen through a tap is a duplicate when pushed again: opened, duplicate",
      [.tap(m(1)), .receive(m(1))])
    file.add("tap-twice", "tapping the same message twice opens it twice", [.tap(m(1)), .tap(m(1))])
    file.add(
      "receive-tap-receive", "received, tapped, received again: shown, opened, duplicate",
      [.receive(m(1)), .tap(m(1)), .receive(m(1))])
    file.add(
      "across-foreground", "received in the background, again in the foreground: duplicate",
      [.receive(m(1)), .appState("foreground"), .receive(m(1))])
    file.add(
      "across-terminated", "the app was terminated in between: the message_id is still seen",
      [.receive(m(1)), .appState("terminated"), .receive(m(1))])
    file.add(
      "across-every-state", "received again in each app state: duplicate every time",
      [
        .receive(m(1)), .appState("foreground"), .receive(m(1)), .appState("background"), .receive(m(1)),
        .appState("terminated"), .receive(m(1)),
      ])
    file.add(
      "suppressed-then-duplicate", "suppressed the first time, a duplicate the second",
      [.tap(m(1)), .receive(m(2)), .receive(m(2))])
    file.add(
      "duplicate-before-suppression", "a duplicate while its conversation is open is a duplicate, not suppressed",
      [.receive(m(2)), .tap(m(1)), .receive(m(2))])
    file.add(
      "same-id-other-conversation", "deduplication is by message_id alone, whatever the conversation",
      [.receive(m(1, in: 1)), .receive(m(1, in: 2))])
    file.add(
      "different-ids-same-conversation", "two messages of one conversation are two pushes",
      [.receive(m(1)), .receive(m(2)), .receive(m(3))])
    file.add(
      "third-repeats-first", "the first message again after others", [.receive(m(1)), .receive(m(2)), .receive(m(1))])
    file.add(
      "close-keeps-seen", "closing the conversation does not forget what was seen",
      [.tap(m(1)), .closeConversation, .receive(m(1))])
    file.add(
      "logout-keeps-seen", "clear_token and a new token do not forget what was seen",
      [.receive(m(1)), .clearToken, .setToken(goodToken(platform.family)), .receive(m(1))])
    file.add(
      "rejected-marks-nothing", "a rejected push carrying the message_id marks nothing seen",
      [.receive(rejectedCarrying(message: 1)), .receive(m(1))])
    file.add(
      "rejected-tap-marks-nothing", "a rejected tap carrying the message_id marks nothing seen",
      [.tap(rejectedCarrying(message: 1)), .receive(m(1))])
    file.add(
      "campaign-twice", "the same campaign pushed twice: shown both times",
      [.receive(campaignWithLink), .receive(campaignWithLink)])
    file.add(
      "campaign-after-tap", "a campaign tapped, then pushed again: shown",
      [.tap(campaignWithLink), .receive(campaignWithLink)])
    return file.file("deduplication")
  }

  // MARK: Suppression

  static func suppression(_ platform: Platform) -> GeneratedFile {
    var file = File(
      platform, "suppressed only in the foreground and only for the open conversation; campaigns never")
    file.add(
      "after-tap", "a tap opened the conversation in the foreground; its next message: suppressed",
      [.tap(m(1)), .receive(m(2))])
    file.add(
      "other-conversation", "the next message of another conversation: shown", [.tap(m(1)), .receive(m(2, in: 2))])
    file.add(
      "opened-by-app", "in the foreground the app's own screen opened the conversation: suppressed",
      [.appState("foreground"), .openConversation(c1), .receive(m(1))])
    file.add(
      "opened-in-background", "the conversation is open but the app is in the background: shown",
      [.openConversation(c1), .receive(m(1))])
    file.add(
      "foreground-nothing-open", "in the foreground with no conversation open: shown",
      [.appState("foreground"), .receive(m(1))])
    file.add(
      "background-after-tap", "after the tap the app went to the background: shown",
      [.tap(m(1)), .appState("background"), .receive(m(2))])
    file.add(
      "back-to-foreground", "background keeps the open conversation: back in the foreground it is suppressed again",
      [.tap(m(1)), .appState("background"), .receive(m(2)), .appState("foreground"), .receive(m(3))])
    file.add(
      "terminated", "terminated closes the conversation: shown even back in the foreground",
      [.tap(m(1)), .appState("terminated"), .appState("foreground"), .receive(m(2))])
    file.add(
      "terminated-push", "a push while terminated: shown", [.tap(m(1)), .appState("terminated"), .receive(m(2))])
    file.add(
      "after-close", "after close_conversation: shown", [.tap(m(1)), .closeConversation, .receive(m(2))])
    file.add(
      "switched-conversation", "the app switched to another conversation: the first is shown, the second suppressed",
      [.tap(m(1)), .openConversation(conversation(2)), .receive(m(2)), .receive(m(3, in: 2))])
    file.add(
      "campaign-in-open-conversation", "a campaign while a conversation is open in the foreground: shown",
      [.tap(m(1)), .receive(campaignWithLink), .receive(campaignWithoutLink)])
    file.add(
      "after-campaign-tap", "a campaign tap brings the app forward but opens no conversation: shown",
      [.tap(campaignWithoutLink), .receive(m(1))])
    file.add(
      "after-campaign-tap-then-open", "then the app opens the conversation itself: suppressed",
      [.tap(campaignWithoutLink), .openConversation(c1), .receive(m(1))])
    file.add(
      "reopened", "closed and reopened in the foreground: suppressed again",
      [.tap(m(1)), .closeConversation, .openConversation(c1), .receive(m(2))])
    return file.file("suppression")
  }

  // MARK: Taps and beacons

  static func taps(_ platform: Platform) -> GeneratedFile {
    var file = File(platform, "tap results, and the open beacons of campaign taps in order")
    let d3 = campaign("dlv_20240502_0003", deepLink: "myapp://coupons")
    file.add(
      "beacons-in-order", "three campaign taps: their delivery_ids in tap order",
      [.tap(campaignWithLink), .tap(campaignWithoutLink), .tap(d3)])
    file.add(
      "same-campaign-twice", "the same campaign tapped twice: two beacons",
      [.tap(campaignWithLink), .tap(campaignWithLink)])
    file.add(
      "messages-no-beacon", "message taps send no beacon", [.tap(m(1)), .tap(campaignWithoutLink), .tap(m(2, in: 2))])
    file.add(
      "receive-no-beacon", "a received campaign sends no beacon; only its tap does",
      [.receive(campaignWithLink), .receive(campaignWithoutLink), .tap(campaignWithoutLink)])
    file.add(
      "campaign-keeps-conversation", "a campaign tap leaves the open conversation as it was",
      [.tap(m(1)), .tap(campaignWithLink), .receive(m(2))])
    file.add(
      "campaign-link-to-conversation",
      "a campaign whose deep link names a conversation still opens none: opened_link",
      [.tap(campaign("dlv_20240503_0004", deepLink: "respondo://conversation/" + c1)), .receive(m(1))])
    file.add(
      "campaign-from-terminated", "a campaign tap from terminated brings the app to the foreground",
      [.appState("terminated"), .tap(campaignWithLink), .openConversation(c1), .receive(m(1))])
    file.add(
      "message-from-terminated", "a message tap from terminated opens its conversation in the foreground",
      [.appState("terminated"), .tap(m(1)), .receive(m(2))])
    file.add(
      "message-from-background", "a message tap from the background", [.appState("background"), .tap(m(1))])
    file.add(
      "second-message-tap", "a tap on another conversation's message opens that one",
      [.tap(m(1)), .tap(m(2, in: 2)), .receive(m(3, in: 2)), .receive(m(4, in: 1))])
    file.add(
      "tap-replaces-app-screen", "a message tap replaces the conversation the app had open",
      [.openConversation(conversation(2)), .tap(m(1))])
    file.add(
      "mixed", "messages and campaigns tapped in turn: results and beacons in order",
      [.tap(campaignWithoutLink), .tap(m(1)), .tap(d3), .receive(m(2)), .tap(campaignWithLink)])
    return file.file("taps")
  }

  // MARK: Payload rejections

  static func rejections(_ platform: Platform) -> GeneratedFile {
    var file = File(
      platform, "every rejection of the payload rules, as a receive result and as a tap result; nothing changes")
    for (name, push) in rejectionCases where push.exists(for: platform.family) {
      let code = push.code ?? ""
      file.add("receive.\(name)", "receive: \(push.what): \(code)", [.receive(push)])
      // The tap changed nothing: the app stays in the background (the message is shown, not
      // suppressed) and no beacon is sent.
      file.add(
        "tap.\(name)", "tap: \(push.what): \(code); no conversation opened, no foreground, no beacon",
        [.tap(push), .openConversation(c1), .receive(m(1))])
    }
    if platform.family == .android {
      var spaced = m(1)
      spaced.androidText = " \n\t" + JSONSerializer.compact.string(from: .object(message(c1, messageID(1)))) + "\r\n "
      file.add(
        "receive.white-space-around", "white space around the JSON object in the string is allowed",
        [
          .receive(spaced)
        ])
    }
    return file.file("payload-rejections")
  }

  // MARK: The iOS string form

  /// On iOS the respondo value may be a string holding the JSON object (as FCM delivers it) as
  /// well as an object: accepted and rejected strings, in receive and tap steps.
  static func stringForm(_ platform: Platform) -> GeneratedFile {
    var file = File(platform, "the respondo value as a string holding the JSON object, the form FCM delivers")
    func text(_ object: JSONObject) -> String { JSONSerializer.compact.string(from: .object(object)) }
    func stringPush(_ object: JSONObject, kind: Push.Kind, _ what: String, around: String = "") -> Push {
      var push = Push(kind: kind, what: what)
      push.iosText = around + text(object) + around
      return push
    }
    let message1 = stringPush(message(c1, messageID(1)), kind: m(1).kind, "message 1 as JSON text")
    file.add(
      "string.receive-message", "the message as JSON text in a string, received in the background: shown",
      [.receive(message1)])
    file.add(
      "string.tap-message", "the message as JSON text, tapped: opened, its conversation open", [.tap(message1)])
    var campaignObject: JSONObject = [
      "type": "campaign", "delivery_id": "dlv_20240501_0001", "deep_link": .string(saleLink),
    ]
    campaignObject["campaign"] = "spring"
    let campaign = stringPush(campaignObject, kind: campaignWithLink.kind, "the campaign as JSON text")
    file.add(
      "string.tap-campaign", "a campaign as JSON text, tapped: opened_link and its open beacon", [.tap(campaign)])
    file.add("string.receive-campaign", "a campaign as JSON text, received: shown", [.receive(campaign)])
    let spaced = stringPush(
      message(c1, messageID(1)), kind: m(1).kind, "message 1 with white space around its text", around: " \n")
    file.add(
      "string.white-space-around", "white space around the JSON object in the string is allowed: shown",
      [.receive(spaced)])
    file.add(
      "string.then-object-duplicate", "the same message as text, then as an object: one message_id, so duplicate",
      [.receive(message1), .receive(m(1))])
    file.add(
      "string.foreground-suppressed", "a string-form message for the open conversation in the foreground: suppressed",
      [.tap(m(2)), .receive(stringPush(message(c1, messageID(3)), kind: m(3).kind, "message 3 as JSON text"))])
    // vendorDivergent: the iOS SDK takes this push (it keeps the last of duplicate keys and reads
    // the respondo object's fields loosely; docs/suites/respondo.push.session.md, "The vendor's SDK").
    func rejected(_ code: String, _ value: String, _ what: String, vendorDivergent: Bool = false) -> Push {
      var push = Push(kind: .rejected(code: code, ios: iosPush(respondo: .string(value)), android: nil), what: what)
      push.vendorDivergent = vendorDivergent
      return push
    }
    let rejections: [(String, Step)] = [
      ("receive-not-json", .receive(rejected("invalid_encoding", "conversation 1", "a string that is not JSON"))),
      ("receive-empty", .receive(rejected("invalid_encoding", "", "the empty string"))),
      (
        "tap-array",
        .tap(rejected("invalid_encoding", "[" + text(message(c1, messageID(1))) + "]", "JSON text of an array"))
      ),
      (
        "tap-double-encoded",
        .tap(
          rejected(
            "invalid_encoding", JSONSerializer.compact.string(from: .string(text(message(c1, messageID(1))))),
            "JSON text of a string holding the object (encoded twice)"))
      ),
      (
        "receive-duplicate-key",
        .receive(
          rejected(
            "invalid_encoding", #"{"type":"message","type":"campaign","delivery_id":"d"}"#,
            "JSON text with the key type twice", vendorDivergent: true))
      ),
      (
        "tap-non-string-value",
        .tap(
          rejected(
            "non_string_value", #"{"type":"campaign","delivery_id":7}"#, "JSON text whose delivery_id is a number",
            vendorDivergent: true))
      ),
      (
        "receive-bad-uuid",
        .receive(
          rejected(
            "invalid_value", text(messageWith([("conversation_id", .string(c1.uppercased()))])),
            "JSON text of a message with an upper-case conversation_id", vendorDivergent: true))
      ),
    ]
    for (name, step) in rejections {
      let push: Push
      let verb: String
      switch step {
      case .receive(let p): (push, verb) = (p, "received")
      case .tap(let p): (push, verb) = (p, "tapped")
      default: preconditionFailure("a payload step")
      }
      file.add(
        "string.\(name)", "\(push.what) as the respondo string, \(verb): \(push.code ?? ""), nothing changes",
        [step, .receive(m(1))])
    }
    return file.file("payload-string-form")
  }

  // MARK: Tokens

  static func tokenSteps(_ platform: Platform) -> GeneratedFile {
    var file = File(
      platform,
      platform.family == .ios
        ? "set_token needs the APNs device token (getAPNSToken on Flutter, never getToken)"
        : "set_token needs the FCM registration token, kept in sync as FCM rotates it")
    let family = platform.family
    let good = goodToken(family)
    let rotated = rotatedToken(family)
    let wrong = wrongToken(family)
    for token in tokens {
      let verdict = token.result(family) ?? "ok"
      file.add("token.\(token.name)", "\(token.what): \(verdict)", [.setToken(token)])
    }
    file.add(
      "null-then-retry", "null right after launch, then the retry a moment later: missing_token, ok",
      [.setToken(token("null")), .setToken(good)])
    file.add(
      "null-retry-twice", "null twice, then the token",
      [.setToken(token("null")), .setToken(token("null")), .setToken(good)])
    file.add(
      "rotation",
      family == .ios
        ? "a new device token replaces the old one" : "onTokenRefresh: the rotated token replaces the old one",
      [.setToken(good), .setToken(rotated)])
    file.add(
      "same-token-twice", "the same token again: still registered once", [.setToken(good), .setToken(good)])
    file.add(
      "rejected-keeps-registered", "a rejected token leaves the registered one in place",
      [.setToken(good), .setToken(token("space"))])
    file.add(
      "wrong-transport-after-good", "the other transport's token after the right one: rejected, the right one kept",
      [.setToken(good), .setToken(wrong)])
    file.add("wrong-transport", "the other transport's token alone: nothing registered", [.setToken(wrong)])
    file.add("logout", "clear_token at logout: no token registered", [.setToken(good), .clearToken])
    file.add(
      "logout-then-login", "logout, then the next user's session registers the token again",
      [.setToken(good), .clearToken, .setToken(rotated)])
    file.add("clear-twice", "clear_token twice", [.setToken(good), .clearToken, .clearToken])
    file.add(
      "null-after-good", "null after a registered token: missing_token, the registered token kept",
      [.setToken(good), .setToken(token("null"))])
    file.add(
      "tokens-and-pushes", "tokens and pushes do not affect each other",
      [
        .setToken(good), .receive(m(1)), .tap(m(1)), .setToken(wrong), .receive(m(2)), .clearToken,
        .tap(campaignWithLink),
      ])
    return file.file("tokens")
  }

  // MARK: Shape checks

  /// The suite's steps as the contract lists them, for the shared shape vectors.
  static let stepShapes = TraceStepShapes([
    TraceStepShape("receive", [TraceArgumentShape("payload", [.any], sample: wrap(message(c1, messageID(1)), .ios))]),
    TraceStepShape("tap", [TraceArgumentShape("payload", [.any], sample: wrap(message(c1, messageID(1)), .ios))]),
    TraceStepShape(
      "open_conversation",
      [
        TraceArgumentShape(
          "conversation_id", [.string], sample: .string(c1),
          outside: [
            ("uppercase", .string(c1.uppercased()), "an uppercase conversation_id is not a canonical UUID"),
            ("not-uuid", "support", "a conversation_id that is not a UUID"),
            ("empty", "", "an empty conversation_id"),
            ("braces", .string("{" + c1 + "}"), "a UUID in braces is not canonical"),
            ("trailing-newline", .string(c1 + "\n"), "a trailing newline after the UUID"),
            ("deep-link", .string("respondo://conversation/" + c1), "the deep link instead of the conversation_id"),
          ])
      ]),
    TraceStepShape("close_conversation"),
    TraceStepShape(
      "app_state",
      [
        TraceArgumentShape(
          "state", [.string], sample: "foreground",
          outside: [
            ("inactive", "inactive", "inactive is not one of the three app states"),
            ("capitalised", "Foreground", "states are case-sensitive"),
            ("empty", "", "the empty state"),
            ("suspended", "suspended", "suspended is not one of the three app states"),
          ])
      ]),
    TraceStepShape("set_token", [TraceArgumentShape("token", [.string, .null], sample: .string(apnsToken))]),
    TraceStepShape("clear_token"),
  ])

  /// `not_an_array` and `invalid_step`: checked before anything runs and before the platform is
  /// read, so the file has no context.
  static func shapes() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name, description: "the whole trace is checked first: not_an_array, invalid_step at the first bad step",
      source: source)
    file.addNotArrays()
    let prefix = [
      Step.setToken(token("apns")), .receive(m(1)), .tap(m(1)), .appState("background"),
    ].map { $0.json(.ios) }
    file.addInvalidItems(stepShapes.invalidItems(), after: prefix)
    func add(_ id: String, _ description: String, _ items: [JSONValue], _ field: String, context: JSONObject? = nil) {
      file.add(
        id: "order.\(id)", description: description, tags: ["invalid"], input: .array(items), context: context,
        expect: .reject("invalid_step", field: field))
    }
    let bad: JSONValue = ["step": "open_conversation", "conversation_id": "support"]
    add("first-bad-wins", "two bad steps: the first is reported", [prefix[0], bad, prefix[1], ["step": "logout"]], "1")
    add(
      "before-any-step-runs", "a rejected payload before a bad step: the whole array is checked first",
      [
        TraceStepShapes.step("receive", [("payload", ["aps": ["alert": "hi"]])]), TraceStepShapes.step("set_token"),
      ], "1")
    add(
      "index-12", "the bad step at index 12: field \"12\"",
      Array(repeating: TraceStepShapes.step("close_conversation"), count: 12) + [
        TraceStepShapes.step("open_conversation")
      ],
      "12")
    add(
      "unknown-platform", "invalid_step is reported with a platform the suite cannot use",
      [prefix[0], TraceStepShapes.step("clear_token", [("token", .null)])], "1", context: ["platform": "web"])
    add(
      "missing-platform", "invalid_step is reported with no platform",
      [TraceStepShapes.step("app_state", [("state", "active")])], "0")
    file.add(
      id: "order.not-an-array-unknown-platform", description: "not_an_array with a platform the suite cannot use",
      tags: ["invalid"], input: ["steps": .array(prefix)],
      context: ["platform": "windows"], expect: .reject("not_an_array"))
    return file.file(at: "\(folder)/invalid-step.json")
  }

  // MARK: Long traces

  /// Hundreds and thousands of steps: deduplication over the whole trace, suppression, beacons in
  /// order, tokens replaced again and again.
  static func longTraces() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: name, description: "long traces (1,000 and 10,000 steps): the bookkeeping over the whole trace",
      source: source, vendorNote: vendorNote)
    func round(_ n: Int, _ family: Family) -> [Step] {
      // Ten steps: a new message, a tap that opens its conversation, a suppressed next message,
      // a duplicate of a message from the first round, a campaign tap (beacon), a token rotation,
      // background and foreground.
      [
        .receive(m(2 * n + 10, in: n % 7 + 1)), .tap(m(2 * n + 10, in: n % 7 + 1)),
        .receive(m(2 * n + 11, in: n % 7 + 1)), .receive(m(10, in: 1)),
        .tap(campaign("dlv_\(n)", deepLink: n.isMultiple(of: 2) ? saleLink : nil)),
        .setToken(n.isMultiple(of: 2) ? goodToken(family) : rotatedToken(family)), .appState("background"),
        .receive(m(2 * n + 11, in: n % 7 + 1)), .appState("foreground"), .closeConversation,
      ]
    }
    // The 10,000-step trace takes a lighter round (two payloads in ten steps) to keep the file
    // small: new messages, duplicates, suppression in the open conversation, tokens, app states.
    func lightRound(_ n: Int, _ family: Family) -> [Step] {
      let conversation = n % 7 + 1
      return [
        .receive(m(n + 10, in: conversation)), .openConversation(self.conversation(conversation)),
        .appState("foreground"), .receive(m(n + 100_000, in: conversation)),
        .setToken(n.isMultiple(of: 2) ? goodToken(family) : rotatedToken(family)), .appState("background"),
        .closeConversation, n.isMultiple(of: 3) ? .clearToken : .appState("terminated"), .appState("foreground"),
        .closeConversation,
      ]
    }
    let traces: [(Platform, Int, (Int, Family) -> [Step], String)] = [
      (platforms[0], 1_000, round, "push, tap, suppressed, duplicate, campaign beacon, token rotation, app states"),
      (platforms[1], 1_000, round, "push, tap, suppressed, duplicate, campaign beacon, token rotation, app states"),
      (platforms[2], 1_000, round, "push, tap, suppressed, duplicate, campaign beacon, token rotation, app states"),
      (platforms[3], 1_000, round, "push, tap, suppressed, duplicate, campaign beacon, token rotation, app states"),
      (
        platforms[1], 10_000, lightRound,
        "push, conversation opened in the foreground, suppressed, tokens, logout, app states"
      ),
    ]
    for (platform, count, makeRound, what) in traces {
      let family = platform.family
      var steps: [Step] = []
      var n = 0
      while steps.count < count {
        steps += makeRound(n, family)
        n += 1
      }
      steps = Array(steps.prefix(count))
      let (tags, vendorRules) = tagsAndVendorRules(steps, family, extra: ["boundary"])
      file.add(
        id: "\(platform.name).steps-\(count)", description: "\(count) steps on \(platform.name): rounds of \(what)",
        tags: tags, input: .array(steps.map { $0.json(family) }),
        context: platform.context, expect: .accept(output: output(steps, family)), rules: vendorRules)
    }
    return file.file(at: "\(folder)/long-traces.json")
  }
}
