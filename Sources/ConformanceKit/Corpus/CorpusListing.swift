import ConformanceJSON

/// What one vectors root holds, as ``VectorLoader/survey(root:)`` finds it: the vector files, the
/// suite declarations (`NAME.suite.json`, docs/own-suites.md) and the manifest
/// (`manifest.json` at the root's top, docs/releases.md).
public struct CorpusListing: Sendable {
  /// The manifest's name, at the top of a vectors root.
  public static let manifestName = "manifest.json"
  /// How a suite declaration's name ends.
  public static let declarationSuffix = ".suite.json"

  public var root: String
  /// False when the root given was one file: it then has no manifest of its own.
  public var isFolder: Bool
  /// Vector files and entries the walk could not use, in byte order of their paths.
  public var vectorFiles: [VectorFileLocation]
  /// Suite declarations, in byte order of their paths.
  public var declarations: [VectorFileLocation]
  /// The root's `manifest.json` entry, when there is one (read by ``CorpusManifest/check``).
  public var manifest: VectorFileLocation?

  public init(
    root: String, isFolder: Bool, vectorFiles: [VectorFileLocation], declarations: [VectorFileLocation],
    manifest: VectorFileLocation?
  ) {
    self.root = root
    self.isFolder = isFolder
    self.vectorFiles = vectorFiles
    self.declarations = declarations
    self.manifest = manifest
  }

  /// The files a manifest and the corpus digest cover: vector files and suite declarations, in
  /// byte order of their paths.
  public var corpusFiles: [VectorFileLocation] {
    guard !declarations.isEmpty else { return vectorFiles }
    return (vectorFiles + declarations).sorted { utf8Precedes($0.path, $1.path) }
  }
}
