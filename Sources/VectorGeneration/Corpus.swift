/// Every generated vector file of the shipped corpus, by family.
public enum Corpus {
  public static func files() -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    files += FIDVectors.files()
    files += UserIDVectors.files()
    files += PushPayloadVectors.files() + BlogMatchVectors.files()
    return files
  }
}
