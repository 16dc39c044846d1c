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

  /// Tests and files per suite, and in all, as the manifest counts them.
  func manifestCounts() throws -> (perSuite: [String: (tests: Int, files: Int)], tests: Int, files: Int) {
    let loader = VectorLoader()
    let listing = try loader.survey(root: root)
    let manifest = try #require(try CorpusManifest.read(listing, loader: loader)?.get())
    var perSuite: [String: (tests: Int, files: Int)] = [:]
    for file in manifest.files where !file.path.hasSuffix(".suite.json") {
      perSuite[file.suite, default: (0, 0)].tests += file.tests
      perSuite[file.suite, default: (0, 0)].files += 1
    }
    return (perSuite, manifest.testCount, manifest.files.count)
  }

  /// The suites table of docs/suites/README.md counts what the manifest counts, so its numbers
  /// cannot drift from the corpus: one row per suite with its tests and files, and the total row.
  @Test func theSuitesTableCountsTheShippedVectors() throws {
    let expected = try manifestCounts()
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/suites/README.md"), encoding: .utf8)
    var found: [String: (tests: Int, files: Int)] = [:]
    var total: (tests: Int, files: Int)? = nil
    for line in page.split(separator: "\n") where line.hasPrefix("| [`") || line.hasPrefix("| **all** |") {
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
    #expect(Set(found.keys) == Set(expected.perSuite.keys))
    for (suite, counts) in expected.perSuite {
      #expect(
        found[suite]?.tests == counts.tests && found[suite]?.files == counts.files,
        "docs/suites/README.md row of \(suite)")
    }
    #expect(total?.tests == expected.tests && total?.files == expected.files, "docs/suites/README.md's total row")
  }

  /// The README shows the main job's output on the shipped vectors: each suite row it shows
  /// (`SUITE PASSED 0 0 0`), the total row, the files and the closing line count what the
  /// manifest counts.
  @Test func theReadmesSampleRunCountsTheShippedVectors() throws {
    let expected = try manifestCounts()
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var rows = 0
    var sawTotal = false
    var sawFiles = false
    var sawClosing = false
    for line in readme.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count == 5, words[2...].allSatisfy({ $0 == "0" }), let passed = Int(words[1]) {
        let name = String(words[0])
        if name == "total" {
          sawTotal = true
          #expect(passed == expected.tests, "README's sample total row: \(line)")
        } else {
          rows += 1
          #expect(passed == expected.perSuite[name]?.tests, "README's sample row of \(name): \(line)")
        }
      } else if words.count >= 4, words[1] == "files", words[2] == "in" {
        sawFiles = true
        #expect(Int(words[0]) == expected.files, "README's sample file count: \(line)")
      } else if line.hasSuffix(" passed, 0 failed"), words.count == 4 {
        sawClosing = true
        #expect(Int(words[0]) == expected.tests, "README's sample closing line: \(line)")
      }
    }
    #expect(rows > 0 && sawTotal && sawFiles && sawClosing, "README's sample run of the main job")
  }

  /// The vendors' table of docs/suites/README.md says per suite how many vectors carry
  /// `vendor-divergence` (`N of M`): the shipped files' tags count the same.
  @Test func theVendorTableCountsTheTaggedVectors() throws {
    let loader = VectorLoader()
    var counts: [String: (tagged: Int, tests: Int)] = [:]
    for location in try loader.discover(root: root) {
      guard case .success(let file) = loader.load(location) else { continue }
      for test in file.tests {
        counts[file.suite, default: (0, 0)].tests += 1
        if test.tags.contains("vendor-divergence") { counts[file.suite, default: (0, 0)].tagged += 1 }
      }
    }
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/suites/README.md"), encoding: .utf8)
    var rows = 0
    for line in page.split(separator: "\n") where line.hasPrefix("| [`") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let words = cells.last?.split(separator: " ") ?? []
      guard words.count == 3, words[1] == "of", let tagged = Int(words[0]), let tests = Int(words[2]),
        let start = cells[0].firstIndex(of: "`"),
        let end = cells[0][cells[0].index(after: start)...].firstIndex(of: "`")
      else { continue }
      let suite = String(cells[0][cells[0].index(after: start)..<end])
      rows += 1
      #expect(
        counts[suite]?.tagged == tagged && counts[suite]?.tests == tests,
        "docs/suites/README.md's vendor row of \(suite): \(tagged) of \(tests), the files: \(String(describing: counts[suite]))"
      )
    }
    #expect(rows > 0, "docs/suites/README.md has no vendor row")
  }
}
