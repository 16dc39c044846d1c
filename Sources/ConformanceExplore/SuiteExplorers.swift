/// Every suite's explorer.
package enum SuiteExplorers {
  /// One explorer per suite of the contract, in the contract's order.
  package static let all: [any SuiteExplorer] = [
    LeeepFidExplorer(),
    LeeepPushDestinationExplorer(),
    LeeepUserIdExplorer(),
    RespondoDeepLinkExplorer(),
    RespondoPushTokenExplorer(),
  ]

  package static func explorer(for suite: String) -> (any SuiteExplorer)? {
    all.first { $0.suite == suite }
  }
}
