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

  /// The README's suites table counts what the manifest counts, so its numbers cannot drift
  /// from the corpus: one row per suite with its tests and files, and the total row.
  @Test func theReadmesSuiteTableCountsTheShippedVectors() throws {
    let loader = VectorLoader()
    let listing = try loader.survey(root: root)
    let manifest = try #require(try CorpusManifest.read(listing, loader: loader)?.get())
    var expected: [String: (tests: Int, files: Int)] = [:]
    for file in manifest.files where !file.path.hasSuffix(".suite.json") {
      expected[file.suite, default: (0, 0)].tests += file.tests
      expected[file.suite, default: (0, 0)].files += 1
    }
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var found: [String: (tests: Int, files: Int)] = [:]
    var total: (tests: Int, files: Int)? = nil
    for line in readme.split(separator: "\n") where line.hasPrefix("| [`") || line.hasPrefix("| **all** |") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3 else { continue }
      let numbers = (
        Int(cells[1].replacingOccurrences(of: "*", with: "")), Int(cells[2].replacingOccurrences(of: "*", with: ""))
      )
      guard let tests = numbers.0, let files = numbers.1 else { continue }
      if cells[0] == "**all**" {
        total = (tests, files)
      } else if let start = cells[0].firstIndex(of: "`"),
        let end = cells[0][cells[0].index(after: start)...].firstIndex(of: "`")
      {
        found[String(cells[0][cells[0].index(after: start)..<end])] = (tests, files)
      }
    }
    #expect(Set(found.keys) == Set(expected.keys))
    for (suite, counts) in expected {
      #expect(found[suite]?.tests == counts.tests && found[suite]?.files == counts.files, "README row of \(suite)")
    }
    #expect(total?.tests == manifest.testCount && total?.files == manifest.files.count, "README's total row")
  }
}
