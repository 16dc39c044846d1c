/// A suite of the contract. Its name gives, by one rule (docs/own-suites.md, "One name per
/// suite"), its docs page (`docs/suites/<name>.md`), its vectors folder (`Vectors/<name>/`) and
/// the type below, the name's dot- and dash-separated parts in CamelCase (`leeep.push.destination`
/// is `LeeepPushDestination`). The reference parser, the vector generator and `conformance
/// explore` each extend that type in a file of the same name in their own target.
public protocol ContractSuite: Sendable {
  /// The suite's name in vector files (`leeep.push.destination`).
  static var name: String { get }

  init()
}

extension ContractSuite {
  /// The suite's name in vector files.
  public var name: String { Self.name }
}

extension Contract {
  /// The suites, in the contract's order (the order of docs and reports): the one list a new suite
  /// is added to.
  public static let suiteTypes: [any ContractSuite.Type] = [
    LeeepPushPayload.self,
    LeeepFid.self,
    LeeepPushDestination.self,
    LeeepUserId.self,
    LeeepBlogMatch.self,
    LeeepLink.self,
    RespondoPushPayload.self,
    RespondoDeepLink.self,
    RespondoPushToken.self,
    AdaptyOnboardingEvent.self,
    FanshipSequence.self,
    LeeepPushClient.self,
    RespondoPushSession.self,
    LeeepTracking.self,
    LeeepTagView.self,
    AdaptyPresentation.self,
    LeeepScrollRequest.self,
  ]
}

/// `leeep.push.payload` (docs/suites/leeep.push.payload.md).
public struct LeeepPushPayload: ContractSuite {
  public static let name = "leeep.push.payload"
  public init() {}
}

/// `leeep.fid` (docs/suites/leeep.fid.md).
public struct LeeepFid: ContractSuite {
  public static let name = "leeep.fid"
  public init() {}
}

/// `leeep.push.destination` (docs/suites/leeep.push.destination.md).
public struct LeeepPushDestination: ContractSuite {
  public static let name = "leeep.push.destination"
  public init() {}
}

/// `leeep.user-id` (docs/suites/leeep.user-id.md).
public struct LeeepUserId: ContractSuite {
  public static let name = "leeep.user-id"
  public init() {}
}

/// `leeep.blog-match` (docs/suites/leeep.blog-match.md).
public struct LeeepBlogMatch: ContractSuite {
  public static let name = "leeep.blog-match"
  public init() {}
}

/// `leeep.link` (docs/suites/leeep.link.md).
public struct LeeepLink: ContractSuite {
  public static let name = "leeep.link"
  public init() {}
}

/// `respondo.push.payload` (docs/suites/respondo.push.payload.md).
public struct RespondoPushPayload: ContractSuite {
  public static let name = "respondo.push.payload"
  public init() {}
}

/// `respondo.deep-link` (docs/suites/respondo.deep-link.md).
public struct RespondoDeepLink: ContractSuite {
  public static let name = "respondo.deep-link"
  public init() {}
}

/// `respondo.push.token` (docs/suites/respondo.push.token.md).
public struct RespondoPushToken: ContractSuite {
  public static let name = "respondo.push.token"
  public init() {}
}

/// `adapty.onboarding.event` (docs/suites/adapty.onboarding.event.md).
public struct AdaptyOnboardingEvent: ContractSuite {
  public static let name = "adapty.onboarding.event"
  public init() {}
}

/// `fanship.sequence` (docs/suites/fanship.sequence.md).
public struct FanshipSequence: ContractSuite {
  public static let name = "fanship.sequence"
  public init() {}
}

/// `leeep.push.client` (docs/suites/leeep.push.client.md).
public struct LeeepPushClient: ContractSuite {
  public static let name = "leeep.push.client"
  public init() {}
}

/// `respondo.push.session` (docs/suites/respondo.push.session.md).
public struct RespondoPushSession: ContractSuite {
  public static let name = "respondo.push.session"
  public init() {}
}

/// `leeep.tracking` (docs/suites/leeep.tracking.md).
public struct LeeepTracking: ContractSuite {
  public static let name = "leeep.tracking"
  public init() {}
}

/// `leeep.tag-view` (docs/suites/leeep.tag-view.md).
public struct LeeepTagView: ContractSuite {
  public static let name = "leeep.tag-view"
  public init() {}
}

/// `adapty.presentation` (docs/suites/adapty.presentation.md).
public struct AdaptyPresentation: ContractSuite {
  public static let name = "adapty.presentation"
  public init() {}
}

/// `leeep.scroll-request` (docs/suites/leeep.scroll-request.md).
public struct LeeepScrollRequest: ContractSuite {
  public static let name = "leeep.scroll-request"
  public init() {}
}
