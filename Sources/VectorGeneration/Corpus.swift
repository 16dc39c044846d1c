/// Every generated vector file of the shipped corpus, by family.
public enum Corpus {
  public static func files() -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    files += FIDVectors.files()
    files += UserIDVectors.files()
    files += DestinationVectors.files()
    files += RespondoPushPayloadVectors.files() + RespondoDeepLinkVectors.files() + RespondoPushTokenVectors.files()
    files += AdaptyOnboardingEventVectors.files() + FanshipSequenceVectors.files()
    files += RespondoPushSessionVectors.files() + AdaptyPresentationVectors.files()
    files += LinkVectors.files()
    files += PushPayloadVectors.files() + BlogMatchVectors.files()
    files += LeeepPushClientVectors.files()
    files += TrackingVectors.files() + TagViewVectors.files() + LinkSDKVersionVectors.files()
    files += ScrollRequestVectors.files()
    return files
  }
}
