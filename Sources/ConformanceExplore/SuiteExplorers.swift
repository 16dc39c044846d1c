/// Every suite's explorer.
package enum SuiteExplorers {
  /// One explorer per suite of the contract, in the contract's order.
  package static let all: [any SuiteExplorer] = [
    LeeepPushPayloadExplorer(),
    LeeepFidExplorer(),
    LeeepPushDestinationExplorer(),
    LeeepUserIdExplorer(),
    LeeepBlogMatchExplorer(),
    LeeepLinkExplorer(),
    RespondoPushPayloadExplorer(),
    RespondoDeepLinkExplorer(),
    RespondoPushTokenExplorer(),
    AdaptyOnboardingEventExplorer(),
    FanshipSequenceExplorer(),
    LeeepPushClientExplorer(),
    RespondoPushSessionExplorer(),
    LeeepTrackingExplorer(),
    LeeepTagViewExplorer(),
    AdaptyPresentationExplorer(),
    LeeepScrollRequestExplorer(),
  ]

  package static func explorer(for suite: String) -> (any SuiteExplorer)? {
    all.first { $0.suite == suite }
  }
}
