import ConformanceJSON
import ConformanceKit

/// A run's roots surveyed before anything else: their own suites (NAME.suite.json) are suites
/// of this run, for `--suite` and for the adapters' hello (docs/own-suites.md).
struct RunCorpus {
  var roots: [String]
  /// The loader of `--max-file-size`, knowing the declared suites.
  var loader: VectorLoader
  var listings: [CorpusListing] = []
  /// A root that cannot be searched: reported where it always was, after the adapters and the
  /// expectations, so that the run's reports hold it.
  var rootError: VectorRootError? = nil
  var declared: DeclaredSuites
  var selection: Selection

  /// Surveys `roots` and builds the selection; with `--shard auto`, touches Bazel's status file
  /// and prints where the shard came from.
  init(_ options: RunOptions, roots: [String], console: Console, command: String) throws(UsageError) {
    self.roots = roots
    loader = options.corpus.loader
    do {
      for root in roots { listings.append(try loader.survey(root: root)) }
    } catch {
      rootError = error
    }
    declared = DeclaredSuites.load(listings, loader: loader)
    loader.decoder.declarations = declared.declarations
    selection = try options.selection.selection(ownSuites: declared.names, command: command)
    if let resolution = options.selection.autoResolution {
      if let file = resolution.statusFile { try ShardEngine.touch(file) }
      console.print(resolution.note)
    }
  }

  /// Every vector file and declaration found, whatever the selection: what the corpus digest
  /// is of.
  var corpusFiles: [VectorFileLocation] { listings.flatMap(\.corpusFiles) }

  /// Each root's files, its declarations that failed to load, and a stale or malformed manifest:
  /// both are load errors of their file (exit 2), and every vector still runs. Also the corpus
  /// version of the first root with a manifest.
  func locations(corpusDigest: CorpusDigest?) -> (locations: [VectorFileLocation], version: String?) {
    var locations: [VectorFileLocation] = []
    var version: String? = nil
    for listing in listings {
      var rootLocations = listing.vectorFiles
      rootLocations += declared.failures.filter { $0.root == listing.root }
      let status = CorpusManifest.check(listing, loader: loader, digest: listings.count == 1 ? corpusDigest : nil)
      if let problem = Self.manifestProblem(status), let manifest = listing.manifest {
        rootLocations.append(VectorFileLocation(root: manifest.root, path: manifest.path, problem: problem))
      }
      if version == nil { version = status.version?.description }
      locations += rootLocations.sorted { utf8Precedes($0.path, $1.path) }
    }
    return (locations, version)
  }

  /// A stale or malformed manifest as a load error's reason; `nil` when it matches or is absent.
  static func manifestProblem(_ status: ManifestStatus) -> String? {
    switch status {
    case .absent, .matches: return nil
    case .malformed(let reason): return "malformed manifest: \(reason)"
    case .stale(let manifest, let differences):
      let shown = differences.prefix(20).map(\.description)
      let more = differences.count > shown.count ? ["… and \(differences.count - shown.count) more"] : []
      return
        "stale manifest (version \(manifest.version)): the files do not match it, so this is not that release: "
        + (shown + more).joined(separator: "; ")
        + ". Review the changes (`conformance diff-vectors`), then rewrite it with `conformance manifest write`"
    }
  }
}
