import ConformanceKit
import Foundation
import Testing

/// The shipped corpus is a release: Vectors/manifest.json matches every file, so a vector that
/// changes without the manifest being rewritten fails here (docs/releases.md).
@Suite struct ShippedManifestTests {
  let root = packageRoot.appendingPathComponent("Vectors").path

  @Test func theManifestMatchesTheShippedVectors() throws {
    let loader = VectorLoader()
    let listing = try loader.survey(root: root)
    switch CorpusManifest.check(listing, loader: loader) {
    case .matches(let manifest):
      #expect(manifest.files.count == listing.corpusFiles.count)
      #expect(manifest.version >= SemanticVersion.firstRelease)
    case .absent:
      Issue.record("Vectors/manifest.json is missing: write it with `conformance manifest write`")
    case .malformed(let reason):
      Issue.record("Vectors/manifest.json is malformed: \(reason)")
    case .stale(_, let differences):
      let lines = differences.map(\.description).joined(separator: "\n")
      Issue.record("Vectors/manifest.json is stale; rewrite it as docs/releases.md says:\n\(lines)")
    }
  }

  @Test func theManifestsVersionHasItsSectionInChanges() throws {
    let loader = VectorLoader()
    let listing = try loader.survey(root: root)
    let manifest = try #require(try CorpusManifest.read(listing, loader: loader)?.get())
    let changes = try String(contentsOfFile: root + "/CHANGES.md", encoding: .utf8)
    #expect(
      changes.contains("\n## \(manifest.version)"),
      "Vectors/CHANGES.md has no section for version \(manifest.version): write it with `conformance diff-vectors`")
  }
}
