import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// A run over a root whose manifest is stale: the table, the Markdown table and the closing line
/// count the same things in the same columns, the manifest is not counted as a vector file, and
/// its LOAD ERROR comes after every failure.
@Suite struct CountsAgreeTests {
  static let twoWrong = fidFile(
    #"""
    {"id": "valid.c", "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}},
    {"id": "wrong.1", "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "reject", "error": "invalid_fid"}},
    {"id": "wrong.2", "input": "cAbCdEfGhIjKlMnOpQr_-1", "expect": {"result": "reject", "error": "invalid_fid"}}
    """#)

  /// `v/` with two vector files and a manifest made stale by a changed description.
  func staleRoot(_ folder: TemporaryFolder) throws -> String {
    try folder.write("v/fid.json", Self.twoWrong)
    try folder.write("v/other.json", fidFile(passingFID.replacingOccurrences(of: "valid.c", with: "valid.d")))
    let written = conformance(["manifest", "write", "--vectors", folder.path + "/v"])
    #expect(written.status == 0, "\(written.error)")
    try folder.write(
      "v/other.json",
      fidFile(passingFID.replacingOccurrences(of: "valid.c", with: "valid.d"))
        .replacingOccurrences(of: #""description": "FIDs""#, with: #""description": "FIDs, reworded""#))
    return folder.path + "/v"
  }

  @Test func theTableTheMarkdownAndTheClosingLineCountAlike() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = try staleRoot(folder)
    let result = conformance([
      "run", "--vectors", root, "--exclude-id", "valid.d", "--junit", folder.path + "/j.xml", "--summary-md",
      folder.path + "/s.md",
    ])
    #expect(result.status == 2)
    let output = result.output
    // The manifest's load error after both failures, not between them.
    let load = try #require(output.range(of: "LOAD ERROR \(root)/manifest.json: stale manifest (version 1.0.0)"))
    let second = try #require(output.range(of: "FAIL leeep.fid wrong.2"))
    #expect(output.range(of: "FAIL leeep.fid wrong.1")!.lowerBound < second.lowerBound)
    #expect(second.lowerBound < load.lowerBound)
    #expect(
      output.contains(
        """

        suite       passed  failed  errors  skipped
        leeep.fid        1       2       0        0
        (no suite)       0       0       1        0
        total            1       2       1        0
        1 file failed to load
        1 file run in 
        """))
    // Two vector files were loaded; the manifest is not one of them.
    #expect(output.contains(" s (of 2 loaded)\n"))
    #expect(output.hasSuffix("\n1 passed, 2 failed, 1 error\n"))
    let markdown = try folder.read("s.md")
    #expect(
      markdown.contains(
        """
        | `leeep.fid` | 3 | 1 | 2 | 0 | 0 | 0 |
        | (no suite) | 0 | 0 | 0 | 0 | 0 | 1 |
        | **Total** | 3 | 1 | 2 | 0 | 0 | 1 |
        """))
  }

  /// `diff-vectors` says a root's manifest is stale rather than that it has none, and counts in
  /// agreement (`1 vector`).
  @Test func diffVectorsNamesAStaleManifest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = try staleRoot(folder)
    try folder.write("w/fid.json", Self.twoWrong)
    try folder.write("w/other.json", fidFile(passingFID.replacingOccurrences(of: "valid.c", with: "valid.d")))
    try folder.write("w/new.json", fidFile(passingFID.replacingOccurrences(of: "valid.c", with: "valid.e")))
    let result = conformance([
      "diff-vectors", root, folder.path + "/w", "--markdown", folder.path + "/d.md", "--json", folder.path + "/d.json",
    ])
    #expect(result.status == 0, "\(result.error)")
    let markdown = try folder.read("d.md")
    #expect(
      markdown.contains("(stale manifest of version 1.0.0, 4 vectors) → `\(folder.path)/w` (no manifest, 5 vectors)"))
    #expect(markdown.contains("### Added (1 vector)\n"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try folder.read("d.json").utf8)) as? [String: Any])
    #expect((json["old"] as? [String: Any])?["manifest"] as? String == "stale")
    #expect((json["new"] as? [String: Any])?["manifest"] as? String == "absent")
  }
}
