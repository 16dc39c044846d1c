import ConformanceJSON
import ConformanceKit

/// `respondo.push.session`: a Respondo integration over time — pushes arriving, taps, the app's
/// own conversation screen, app states and tokens (docs/suites/respondo.push.session.md;
/// Respondo guide, プッシュ通知: "タップとフォアグラウンドの処理", "デバイストークンの登録").
///
/// A trace suite on the shared mechanism (``TraceSuite``, docs/suites/traces.md). Payloads are
/// read by `respondo.push.payload`'s parser and tokens by `respondo.push.token`'s: one
/// implementation of each rule, their error codes returned as the step's result.
extension RespondoPushSession: TraceSuite {
  /// The context's platform: how payloads travel and which token the platform needs.
  public struct Configuration: Sendable {
    /// The `respondo.push.payload` context (`ios` for the two iOS kinds, `android` for the two
    /// Android kinds).
    let payloadContext: JSONObject
    /// The platform name as `respondo.push.token` reads it.
    let tokenPlatform: String
  }

  public struct State: Sendable {
    var appState = "background"
    var openConversation: String?
    var seenMessageIDs: Set<UTF8Key> = []
    /// `respondo.push.token`'s output for the registered token.
    var token: JSONValue = .null
    var beacons: [JSONValue] = []
  }

  /// The context's platforms with the payload encoding each reads.
  static let platforms: [(name: String, payloads: String)] = [
    ("ios", "ios"), ("android", "android"), ("flutter-ios", "ios"), ("flutter-android", "android"),
  ]
  static let appStates = ["foreground", "background", "terminated"]

  static let payloadSuite = RespondoPushPayload()
  static let tokenSuite = RespondoPushToken()

  /// A parsed push: its `respondo.push.payload` error code, or what the session needs from the
  /// accepted payload.
  enum Push {
    case rejected(String)
    case message(conversationID: String, messageID: String)
    case campaign(deliveryID: String, hasDeepLink: Bool)
  }

  static func parse(_ payload: JSONValue, _ configuration: Configuration) -> Push {
    let outcome: Outcome
    do {
      outcome = try payloadSuite.evaluate(payload, context: configuration.payloadContext)
    } catch {
      // The payload context is built from a platform this suite already checked.
      preconditionFailure("respondo.push.payload refused the session's own context: \(error)")
    }
    switch outcome {
    case .reject(let error, _):
      return .rejected(error)
    case .accept(let output):
      let push = output.objectValue ?? [:]
      if case .string(let deliveryID)? = push["delivery_id"] {
        return .campaign(deliveryID: deliveryID, hasDeepLink: push["deep_link"] != nil)
      }
      guard case .string(let conversationID)? = push["conversation_id"],
        case .string(let messageID)? = push["message_id"]
      else { preconditionFailure("respondo.push.payload accepted a push without its IDs") }
      return .message(conversationID: conversationID, messageID: messageID)
    }
  }

  public var steps: [TraceStepDefinition<State, Configuration>] {
    [
      TraceStepDefinition("receive", [TraceArgument("payload", .any)]) { step, state, configuration in
        switch Self.parse(step.value("payload"), configuration) {
        case .rejected(let error):
          // not_respondo among them: the app shows that push itself.
          return error
        case .campaign:
          // A campaign is never deduplicated or suppressed.
          return "shown"
        case .message(let conversationID, let messageID):
          // "重複は message_id でまとめられ"
          guard state.seenMessageIDs.insert(UTF8Key(messageID)).inserted else { return "duplicate" }
          // "同じ会話がフォアグラウンドで開いている間はシステム通知が抑制されます"
          if TextRules.identical(state.appState, "foreground"), let open = state.openConversation,
            TextRules.identical(open, conversationID)
          {
            return "suppressed"
          }
          return "shown"
        }
      },
      TraceStepDefinition("tap", [TraceArgument("payload", .any)]) { step, state, configuration in
        switch Self.parse(step.value("payload"), configuration) {
        case .rejected(let error):
          return error
        case .message(let conversationID, let messageID):
          state.appState = "foreground"
          state.openConversation = conversationID
          state.seenMessageIDs.insert(UTF8Key(messageID))
          return "opened"
        case .campaign(let deliveryID, let hasDeepLink):
          // The open beacon.
          state.beacons.append(.string(deliveryID))
          state.appState = "foreground"
          return hasDeepLink ? "opened_link" : "opened_app"
        }
      },
      TraceStepDefinition(
        "open_conversation",
        [TraceArgument("conversation_id", .string, where: { TextRules.isCanonicalUUID($0.stringValue ?? "") })]
      ) { step, state, _ in
        state.openConversation = step.string("conversation_id")
        return "ok"
      },
      TraceStepDefinition("close_conversation") { _, state, _ in
        state.openConversation = nil
        return "ok"
      },
      TraceStepDefinition("app_state", [TraceArgument("state", .string, oneOf: Self.appStates)]) { step, state, _ in
        let next = step.string("state")
        state.appState = next
        if TextRules.identical(next, "terminated") { state.openConversation = nil }
        return "ok"
      },
      TraceStepDefinition("set_token", [TraceArgument("token", [.string, .null])]) { step, state, configuration in
        let registration: JSONValue = [
          "platform": .string(configuration.tokenPlatform), "token": step.value("token"),
        ]
        let outcome: Outcome
        do {
          outcome = try Self.tokenSuite.evaluate(registration, context: [:])
        } catch {
          preconditionFailure("respondo.push.token needs no context: \(error)")
        }
        switch outcome {
        // A rejected token leaves the registered one as it was.
        case .reject(let error, _): return error
        case .accept(let output):
          // FCM rotates tokens: the new one replaces any registered one.
          state.token = output
          return "ok"
        }
      },
      TraceStepDefinition("clear_token") { _, state, _ in
        // Logout: clearPushToken.
        state.token = .null
        return "ok"
      },
    ]
  }

  public func configuration(from context: JSONObject) throws(ContextError) -> Configuration {
    let list = Self.platforms.map(\.name).joined(separator: ", ")
    guard let value = context["platform"] else {
      throw ContextError(key: "platform", reason: "missing; one of \(list)")
    }
    guard case .string(let platform) = value else {
      throw ContextError(key: "platform", reason: "must be a string, got \(value.typeName)")
    }
    guard let known = Self.platforms.first(where: { TextRules.identical($0.name, platform) }) else {
      throw ContextError(key: "platform", reason: "unknown value; one of \(list)")
    }
    return Configuration(payloadContext: ["platform": .string(known.payloads)], tokenPlatform: known.name)
  }

  public func initialState(_ configuration: Configuration) -> State { State() }

  public func output(of state: State, configuration: Configuration) -> [JSONObject.Member] {
    [
      JSONObject.Member(key: "open_conversation", value: state.openConversation.map { .string($0) } ?? .null),
      JSONObject.Member(key: "token", value: state.token),
      JSONObject.Member(key: "beacons", value: .array(state.beacons)),
    ]
  }
}
