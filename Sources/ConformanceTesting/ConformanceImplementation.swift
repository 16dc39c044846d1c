import ConformanceJSON
import ConformanceKit

/// Your implementation as the answers file names it: load its vectors through it, and a run with
/// `CONFORMANCE_ANSWERS=PATH` records what it answered for `conformance judge`:
///
/// ```swift
/// extension ConformanceImplementation {
///   static let sdk = ConformanceImplementation(name: "YourSDK", version: "2.1.0", suites: ["leeep.fid"])
/// }
///
/// @Test(arguments: try ConformanceImplementation.sdk.vectors(suite: "leeep.fid"))
/// func fid(_ vector: ConformanceVector) {
///   expectConformance(vector, YourPort.fid(vector.input))
/// }
/// ```
///
/// `suites` are the suites the run answers: the answers file's header names them and carries the
/// digest of the pack `conformance pack --suite …` makes of them under `root`, so `judge` reads
/// the answers against that pack (`--pack FILE`), or the same vectors (`--vectors ROOT`).
public struct ConformanceImplementation: Sendable {
  public var name: String
  public var version: String?
  /// The suites this run checks, each loaded with ``vectors(suite:)``.
  public var suites: [String]
  /// The vectors root, by default the corpus shipped with this package.
  public var root: String
  /// The roots this value (and its copies) has read: each once, whatever the number of suites.
  private let loadedRoots = LoadedRoots()

  public init(
    name: String, version: String? = nil, suites: [String], root: String = ConformanceVectors.shippedRoot
  ) {
    self.name = name
    self.version = version
    self.suites = suites
    self.root = root
  }

  /// Every test of `suite` (one of ``suites``), as ``ConformanceVectors/load(suite:root:)`` loads
  /// them; when `CONFORMANCE_ANSWERS` is set, first starts recording (header written, or the same
  /// implementation already recording). Throws, with the file and the problem, when a vector file
  /// fails to load, the suite is not one of ``suites``, or the answers file cannot be written.
  public func vectors(suite: String) throws(VectorLoadError) -> [ConformanceVector] {
    try vectors(suite: suite, recordingTo: ConformanceAnswers.shared)
  }

  func vectors(suite: String, recordingTo answers: ConformanceAnswers) throws(VectorLoadError)
    -> [ConformanceVector]
  {
    guard suites.contains(suite) else {
      throw VectorLoadError(
        description:
          "suite \(suite) is not one of \(name)'s suites (\(suites.joined(separator: ", "))): add it to "
          + "ConformanceImplementation's suites, which the answers file's header lists")
    }
    try ConformanceVectors.checkKnown(suite)
    var vectors = try ConformanceVectors.vectors(suite: suite, of: loadedRoot(), root: root)
    try answers.start(self)
    for index in vectors.indices { vectors[index].loadedForAnswers = true }
    return vectors
  }

  /// ``root`` read and loaded: by the first call of this value or a copy, then kept.
  func loadedRoot() throws(VectorLoadError) -> LoadedRoot {
    try loadedRoots.root(root)
  }
}
