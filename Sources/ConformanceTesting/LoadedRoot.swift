import ConformanceKit
import ConformanceLowLevel
import Dispatch
import Synchronization

/// A vectors root read once: what it holds and every vector file's load result, in
/// ``VectorLoader/discover(root:)``'s order. One read serves every suite's vectors and the
/// answers header's pack digest.
struct LoadedRoot: Sendable {
  var listing: CorpusListing
  var files: [Result<VectorFile, LoadFailure>]

  /// Reads and loads every vector file under `root` (files loaded in parallel, kept in order).
  static func load(_ root: String) throws(VectorLoadError) -> LoadedRoot {
    let loader = VectorLoader()
    let listing: CorpusListing
    do {
      listing = try loader.survey(root: root)
    } catch {
      throw VectorLoadError(description: error.description)
    }
    let locations = listing.vectorFiles
    let slots = Slots<Result<VectorFile, LoadFailure>>(count: locations.count)
    DispatchQueue.concurrentPerform(iterations: locations.count) { index in
      slots.set(index, loader.load(locations[index]))
    }
    return LoadedRoot(listing: listing, files: slots.values)
  }

  /// The digest of the pack `conformance pack --suite …` makes of `suites` from this root: from
  /// the files already loaded, or, for a root that declares its own suites (which the pack loads
  /// with their declarations), by building that pack.
  func packDigest(suites: [String], root: String) throws(VectorLoadError) -> String {
    guard listing.declarations.isEmpty else { return try ConformancePackDigest.digest(suites: suites, root: root) }
    return Pack.digest(loaded: files, selection: Selection(suites: suites))
  }
}

/// The roots a ``ConformanceImplementation`` has loaded, each read once for all its suites
/// (a test per suite asks for its vectors) and shared by the implementation's copies. A root that
/// could not be read is not kept: the next call tries again and reports it again.
final class LoadedRoots: Sendable {
  private let roots = Mutex<[String: LoadedRoot]>([:])

  /// `root` loaded, by this call or an earlier one. The lock is held while it loads: a
  /// parallel caller waits for that load rather than doing it again.
  func root(_ root: String) throws(VectorLoadError) -> LoadedRoot {
    try roots.withLock { roots throws(VectorLoadError) -> LoadedRoot in
      if let loaded = roots[root] { return loaded }
      let loaded = try LoadedRoot.load(root)
      roots[root] = loaded
      return loaded
    }
  }
}
