import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// `conformance diff-vectors OLD_ROOT NEW_ROOT` (docs/releases.md).
@Suite struct DiffVectorsCommandTests {
  static let old = fidFile(
    #"""
    {"id": "keep", "description": "kept as it is", "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept"}},
    {"id": "gone", "description": "removed in the new corpus", "input": 1, "expect": {"result": "reject", "error": "not_a_string"}},
    {"id": "flip", "description": "its expectation changes", "input": "x", "expect": {"result": "reject", "error": "invalid_fid"}},
    {"id": "words", "description": "old words", "input": "y", "expect": {"result": "reject"}}
    """#)
  static let new = fidFile(
    #"""
    {"id": "keep", "description": "kept as it is", "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept"}},
    {"id": "flip", "description": "its expectation changes", "input": "x", "expect": {"result": "reject", "error": "not_a_string"}},
    {"id": "words", "description": "new words", "tags": ["invalid"], "input": "y", "expect": {"result": "reject"}},
    {"id": "fresh", "description": "added", "input": 2, "expect": {"result": "reject", "error": "not_a_string"}}
    """#)

  @Test func oneChangeOfEachKindIsCountedAndNeedsAMajorBump() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("old/fid.json", Self.old)
    try folder.write("new/fid.json", Self.new)
    let result = conformance([
      "diff-vectors", folder.path + "/old", folder.path + "/new", "--json", folder.path + "/d.json", "--markdown",
      folder.path + "/d.md",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output
        == "added 1, removed 1, expectChanged 1, inputChanged 0, metadataChanged 1; requiredBump major\n")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(try folder.read("d.json").utf8)) as? [String: Any])
    #expect(report["format"] as? String == "conformance-vector-diff/1")
    #expect(report["requiredBump"] as? String == "major")
    let counts = try #require(report["counts"] as? [String: Int])
    #expect(counts == ["added": 1, "removed": 1, "expectChanged": 1, "inputChanged": 0, "metadataChanged": 1])
    let changes = try #require(report["changes"] as? [[String: Any]])
    #expect(
      changes.map { "\($0["kind"]!) \($0["id"]!)" } == [
        "removed gone", "expectChanged flip", "added fresh", "metadataChanged words",
      ])
    #expect(changes[3]["differences"] as? [String] == ["description", "tags"])
    // The Markdown: breaking changes first, the old and new expectation side by side.
    let markdown = try folder.read("d.md")
    let breaking = try #require(markdown.range(of: "### Breaking changes (2)"))
    let added = try #require(markdown.range(of: "### Added (1 vector)"))
    #expect(breaking.lowerBound < added.lowerBound)
    #expect(
      markdown.contains(#"| `leeep.fid` | `gone` | removed | `{"result": "reject", "error": "not_a_string"}` | – |"#))
    #expect(
      markdown.contains(
        #"| `leeep.fid` | `flip` | expect changed | `{"result": "reject", "error": "invalid_fid"}` | `{"result": "reject", "error": "not_a_string"}` |"#
      ))
  }

  /// The Markdown's table of additions: a suite's files added are the new files holding one of
  /// its added vectors (a new file holding only moved vectors adds no vector), for a release and
  /// for a first release (an empty OLD_ROOT), where every file and vector is added.
  @Test func theAdditionsTableCountsEachSuitesVectorsAndTheNewFilesHoldingThem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let keep = #"{"id": "keep", "input": "x", "expect": {"result": "reject", "error": "invalid_fid"}}"#
    let moved = #"{"id": "moved", "input": "y", "expect": {"result": "reject", "error": "invalid_fid"}}"#
    let fresh = { (id: String) in
      #"{"id": "\#(id)", "input": 1, "expect": {"result": "reject", "error": "not_a_string"}}"#
    }
    let userID =
      #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "ids", "tests": [{"id": "blank", "input": "", "expect": {"result": "reject", "error": "empty"}}]}"#
    try folder.write("old/a.json", fidFile(keep + ", " + moved))
    try folder.write("new/a.json", fidFile(keep))
    try folder.write("new/b.json", fidFile(fresh("fresh.1") + ", " + fresh("fresh.2")))
    try folder.write("new/c.json", fidFile(fresh("fresh.3")))
    try folder.write("new/d.json", fidFile(moved))
    try folder.write("new/u.json", userID)
    try folder.write("empty/.keep", "")
    let result = conformance([
      "diff-vectors", folder.path + "/old", folder.path + "/new", "--markdown", folder.path + "/d.md",
    ])
    #expect(result.status == 0, "\(result.error)")
    let markdown = try folder.read("d.md")
    #expect(markdown.contains("### Added (4 vectors)"))
    // leeep.fid: fresh.1 and fresh.2 (b.json), fresh.3 (c.json): 3 vectors in 2 new files;
    // d.json, new too, holds only a moved vector. leeep.user-id: 1 vector in 1 new file.
    #expect(markdown.contains("| `leeep.fid` | 3 | 2 |\n| `leeep.user-id` | 1 | 1 |\n"), "\(markdown)")
    #expect(markdown.contains("- `leeep.fid`: `fresh.1`, `fresh.2`, `fresh.3`\n"), "\(markdown)")
    let first = conformance([
      "diff-vectors", folder.path + "/empty", folder.path + "/new", "--markdown", folder.path + "/first.md",
    ])
    #expect(first.status == 0, "\(first.error)")
    let firstMarkdown = try folder.read("first.md")
    // Every vector and file: leeep.fid 5 vectors in 4 files, leeep.user-id 1 in 1.
    #expect(firstMarkdown.contains("### Added (6 vectors)"))
    #expect(firstMarkdown.contains("| `leeep.fid` | 5 | 4 |\n| `leeep.user-id` | 1 | 1 |\n"), "\(firstMarkdown)")
  }

  @Test func inputsContextsMovesAndTheBumpsTheyNeed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let one = #"{"id": "a", "description": "d", "input": "x", "expect": {"result": "reject"}}"#
    try folder.write("old/fid.json", fidFile(one))
    // Moved to another file: metadata (PATCH), though a file is added (MINOR).
    try folder.write("moved/other.json", fidFile(one))
    let moved = conformance(["diff-vectors", folder.path + "/old", folder.path + "/moved"])
    #expect(
      moved.output == "added 0, removed 0, expectChanged 0, inputChanged 0, metadataChanged 1; requiredBump minor\n")
    // The input changed.
    try folder.write("input/fid.json", fidFile(one.replacingOccurrences(of: #""x""#, with: #""z""#)))
    let input = conformance(["diff-vectors", folder.path + "/old", folder.path + "/input"])
    #expect(
      input.output == "added 0, removed 0, expectChanged 0, inputChanged 1, metadataChanged 0; requiredBump major\n")
    // Only the source: PATCH. Nothing at all: none.
    try folder.write(
      "source/fid.json",
      fidFile(one).replacingOccurrences(of: "LEEEP iOS SDK reference", with: "LEEEP iOS SDK reference, Push"))
    let source = conformance(["diff-vectors", folder.path + "/old", folder.path + "/source"])
    #expect(source.output.hasSuffix("metadataChanged 1; requiredBump patch\n"))
    let same = conformance(["diff-vectors", folder.path + "/old", folder.path + "/old"])
    #expect(same.output.hasSuffix("metadataChanged 0; requiredBump none\n"))
    // A corpus that does not load is not compared.
    try folder.write("broken/fid.json", "{")
    let broken = conformance(["diff-vectors", folder.path + "/old", folder.path + "/broken"])
    #expect(broken.status == 2)
    #expect(broken.error.hasPrefix("conformance diff-vectors: \(folder.path)/broken/fid.json: invalid JSON"))
    #expect(conformance(["diff-vectors", folder.path + "/old"]).status == 2)
  }

  @Test func theChangelogKeepsOneSectionPerVersion() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
    try folder.write("v/fid.json", fidFile(passingFID))
    #expect(conformance(["manifest", "write", "--vectors", folder.path + "/v"]).status == 0)
    let changes = folder.path + "/CHANGES.md"
    #expect(
      conformance(["diff-vectors", folder.path + "/empty", folder.path + "/v", "--changelog", changes]).status == 0)
    let first = try folder.read("CHANGES.md")
    #expect(first.hasPrefix("# Vector corpus changes\n"))
    #expect(first.contains("\n## 1.0.0 (first release)\n\nFirst release: 1 vectors in 1 files, 1 suites.\n"))
    // Written again (the corpus unreleased and changed): the 1.0.0 section is replaced, not repeated.
    try folder.write("v/more.json", fidFile(failingFID.replacingOccurrences(of: "wrong.expectation", with: "more")))
    try FileManager.default.removeItem(atPath: folder.path + "/v/manifest.json")
    #expect(conformance(["manifest", "write", "--vectors", folder.path + "/v"]).status == 0)
    #expect(
      conformance(["diff-vectors", folder.path + "/empty", folder.path + "/v", "--changelog", changes]).status == 0)
    let second = try folder.read("CHANGES.md")
    #expect(second.components(separatedBy: "\n## 1.0.0").count == 2)
    #expect(second.contains("First release: 2 vectors in 2 files, 1 suites."))
    #expect(second.hasPrefix("# Vector corpus changes\n"))
  }
}
