import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// `conformance manifest write|check`, and the manifest checks of `lint` and `run`
/// (docs/releases.md).
@Suite struct ManifestCommandTests {
  static let fidTests =
    #"{"id": "valid.c", "description": "a FID", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}}, {"id": "number", "description": "not a string", "input": 1, "expect": {"result": "reject", "error": "not_a_string"}}"#
  static let userIDTests =
    #"{"id": "empty", "description": "empty", "input": "", "expect": {"result": "reject", "error": "empty"}}"#

  static func userIDFile(_ tests: String) -> String {
    #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "member IDs", "tests": [\#(tests)]}"#
  }

  /// A root with two files and its first manifest.
  static func releasedRoot() throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    try folder.write("v/fid.json", fidFile(fidTests))
    try folder.write("v/user/id.json", Self.userIDFile(userIDTests))
    let root = folder.path + "/v"
    let written = conformance(["manifest", "write", "--vectors", root])
    #expect(written.status == 0, "\(written.error)")
    #expect(written.output == "\(root)/manifest.json: version 1.0.0 (first release), 2 files, 3 tests\n")
    return (folder, root)
  }

  static func version(_ root: String) throws -> String {
    let text = try String(contentsOfFile: root + "/manifest.json", encoding: .utf8)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    return object?["version"] as? String ?? ""
  }

  @Test func aFirstReleaseIsOneZeroZeroAndChecksClean() throws {
    let (folder, root) = try Self.releasedRoot()
    defer { folder.remove() }
    let text = try folder.read("v/manifest.json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "conformance-manifest/1")
    #expect(object["version"] as? String == "1.0.0")
    let files = try #require(object["files"] as? [String: [String: Any]])
    #expect(Set(files.keys) == ["fid.json", "user/id.json"])
    #expect(files["fid.json"]?["suite"] as? String == "leeep.fid")
    #expect(files["fid.json"]?["tests"] as? Int == 2)
    // The file's SHA-256, as sha256sum computes it.
    let fid = try folder.read("v/fid.json")
    #expect(files["fid.json"]?["sha256"] as? String == sha256(Array(fid.utf8)))
    let check = conformance(["manifest", "check", "--vectors", root])
    #expect(check.status == 0)
    #expect(check.output == "\(root)/manifest.json: version 1.0.0 matches its 2 files (3 tests)\n")
    // The manifest is not a vector file: lint and run do not load it as one.
    let lint = conformance(["lint", root])
    #expect(lint.status == 0, "\(lint.output)")
    #expect(lint.output.hasSuffix("2 files, 3 tests: 0 errors, 0 warnings\n"))
    let run = conformance(["run", "--vectors", root, "--junit", folder.path + "/j.xml"])
    #expect(run.status == 0, "\(run.output)")
    let junit = try folder.read("j.xml")
    #expect(junit.contains(#"<property name="corpus-version" value="1.0.0"/>"#))
  }

  @Test func aChangedExpectationIsNamedByCheckLintAndRun() throws {
    let (folder, root) = try Self.releasedRoot()
    defer { folder.remove() }
    try folder.write(
      "v/fid.json",
      fidFile(Self.fidTests.replacingOccurrences(of: #""error": "not_a_string""#, with: #""error": "invalid_fid""#)))
    let check = conformance(["manifest", "check", "--vectors", root])
    #expect(check.status == 1)
    #expect(check.output.hasPrefix("changed: \(root)/fid.json (sha256 "))
    #expect(check.output.contains("\n\(root)/manifest.json: version 1.0.0 does not match its files: 1 difference"))
    let lint = conformance(["lint", root])
    #expect(lint.status == 2)
    #expect(
      lint.output.contains(
        "\(root)/manifest.json: error: stale manifest (version 1.0.0): changed: \(root)/fid.json (sha256 "))
    let run = conformance([
      "run", "--vectors", root, "--junit", folder.path + "/j.xml", "--report-json", folder.path + "/r.json",
    ])
    #expect(run.status == 2)
    let junit = try folder.read("j.xml")
    #expect(junit.contains(#"name="manifest.json""#))
    #expect(junit.contains("stale manifest (version 1.0.0): the files do not match it"))
    #expect(!junit.contains("corpus-version"), "a stale manifest's version is not the corpus's")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(try folder.read("r.json").utf8)) as? [String: Any])
    let corpus = try #require(report["corpus"] as? [String: Any])
    #expect(corpus["version"] is NSNull)
  }

  @Test func addedAndRemovedFilesAreNamed() throws {
    let (folder, root) = try Self.releasedRoot()
    defer { folder.remove() }
    try FileManager.default.removeItem(atPath: root + "/user/id.json")
    try folder.write("v/more.json", fidFile(passingFID))
    let check = conformance(["manifest", "check", "--vectors", root])
    #expect(check.status == 1)
    #expect(
      check.output.hasPrefix(
        "added: \(root)/more.json (not in the manifest)\nremoved: \(root)/user/id.json (in the manifest, not found)\n"))
  }

  @Test func noManifestOrAMalformedOneExitsTwo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID))
    let absent = conformance(["manifest", "check", "--vectors", folder.path + "/v"])
    #expect(absent.status == 2)
    #expect(absent.error.hasPrefix("conformance manifest: no manifest: \(folder.path)/v/manifest.json does not exist"))
    try folder.write(
      "v/manifest.json", #"{"format": "conformance-manifest/1", "version": "1.0", "corpusDigest": "", "files": {}}"#)
    let malformed = conformance(["manifest", "check", "--vectors", folder.path + "/v"])
    #expect(malformed.status == 2)
    #expect(
      malformed.error.hasPrefix(
        #"conformance manifest: \#(folder.path)/v/manifest.json: malformed manifest: version: "1.0" is not MAJOR.MINOR.PATCH"#
      ))
    let lint = conformance(["lint", folder.path + "/v"])
    #expect(lint.status == 2)
    #expect(lint.output.contains("\(folder.path)/v/manifest.json: error: malformed manifest: version: "))
    let write = conformance(["manifest", "write", "--vectors", folder.path + "/v"])
    #expect(write.status == 2, "a malformed previous manifest is never overwritten silently")
    #expect(conformance(["manifest", "frob"]).error.hasPrefix("conformance manifest: unknown action 'frob'"))
  }

  @Test func theVersionFollowsTheChanges() throws {
    let (folder, root) = try Self.releasedRoot()
    defer { folder.remove() }
    // Nothing changed: the version stays.
    #expect(conformance(["manifest", "write", "--vectors", root]).status == 0)
    #expect(try Self.version(root) == "1.0.0")
    // A description only: PATCH.
    try folder.write("v/fid.json", fidFile(Self.fidTests.replacingOccurrences(of: "a FID", with: "a valid FID")))
    let patch = conformance(["manifest", "write", "--vectors", root])
    #expect(patch.output.hasPrefix("\(root)/manifest.json: version 1.0.0 -> 1.0.1 (patch)"))
    #expect(patch.output.contains("  patch: files changed only in descriptions, tags or source: fid.json\n"))
    // A vector added: MINOR.
    try folder.write(
      "v/user/id.json",
      Self.userIDFile(Self.userIDTests + #", {"id": "one", "input": "a", "expect": {"result": "accept"}}"#))
    #expect(conformance(["manifest", "write", "--vectors", root]).output.contains("1.0.1 -> 1.1.0 (minor)"))
    // An expectation changed: MAJOR, and a smaller --bump is refused (the manifest stays).
    try folder.write(
      "v/user/id.json",
      Self.userIDFile(
        Self.userIDTests + #", {"id": "one", "input": "a", "expect": {"result": "accept", "output": "a"}}"#))
    let refused = conformance(["manifest", "write", "--vectors", root, "--bump", "minor"])
    #expect(refused.status == 2)
    #expect(refused.error.contains("major: vectors whose input, context or expect changed: leeep.user-id one"))
    #expect(refused.error.contains("not written: --bump minor is smaller than the major bump these changes need"))
    #expect(try Self.version(root) == "1.1.0")
    let major = conformance(["manifest", "write", "--vectors", root])
    #expect(major.output.hasPrefix("\(root)/manifest.json: version 1.1.0 -> 2.0.0 (major)"))
    // A larger bump than needed is allowed.
    #expect(conformance(["manifest", "write", "--vectors", root, "--bump", "minor"]).status == 0)
    #expect(try Self.version(root) == "2.1.0")
    // A removed vector: MAJOR.
    try folder.write("v/user/id.json", Self.userIDFile(Self.userIDTests))
    let removed = conformance(["manifest", "write", "--vectors", root])
    #expect(removed.output.contains("2.1.0 -> 3.0.0 (major)"))
    #expect(removed.output.contains("  major: vectors removed: leeep.user-id one\n"))
  }

  @Test func aFirstReleaseTakesNoBumpAndUnloadableFilesAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID))
    let bump = conformance(["manifest", "write", "--vectors", folder.path + "/v", "--bump", "major"])
    #expect(bump.status == 2)
    #expect(bump.error.contains("--bump needs a previous manifest"))
    try folder.write("v/broken.json", "{")
    let broken = conformance(["manifest", "write", "--vectors", folder.path + "/v"])
    #expect(broken.status == 2)
    #expect(broken.error.contains("\(folder.path)/v/broken.json: invalid JSON"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/v/manifest.json"))
  }
}

/// SHA-256 by the system's `sha256sum`, an implementation independent of the harness's.
func sha256(_ bytes: [UInt8]) -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try? process.run()
  input.fileHandleForWriting.write(Data(bytes))
  try? input.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}
