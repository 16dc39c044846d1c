import ConformanceKit

/// The `digest` a `conformance pack` of the same root and suites writes (`conformance-pack/1`),
/// so that `conformance judge` knows the answers were made against that pack: the pack is built
/// by the same code `conformance pack` runs (``Pack/build(roots:loader:selection:)``), so the
/// two cannot drift apart.
enum ConformancePackDigest {
  /// The digest of the pack of `suites` under `root`. Files that do not load are left out, as
  /// `conformance pack` leaves them out (loading a suite's vectors reports them, naming the file).
  static func digest(suites: [String], root: String) throws(VectorLoadError) -> String {
    do {
      return try Pack.build(roots: [root], loader: VectorLoader(), selection: Selection(suites: suites)).pack.digest
    } catch {
      throw VectorLoadError(description: error.description)
    }
  }
}
