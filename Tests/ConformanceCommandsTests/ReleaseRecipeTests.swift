import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// docs/releases.md's recipes followed as a team would, command by command as written, in a
/// throwaway copy of this repository (a git repository of its `Vectors/`) and a team's SDK
/// repository: make the release archive, pin it, pin a release commit as a submodule, and see
/// what an upgrade to the next release changes. Only the submodule's URL is replaced (by the
/// copy's path), and the version in the team's commands by the shipped manifest's.
@Suite struct ReleaseRecipeTests {
  /// The `sh` block of docs/releases.md whose first line is `# TITLE`.
  static func block(_ title: String) throws -> String {
    let text = try String(contentsOfFile: packageRoot() + "/docs/releases.md", encoding: .utf8)
    let blocks = text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    let found = blocks.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("# " + title + "\n") }
    return try #require(found, "docs/releases.md has no sh block starting with # \(title)")
  }

  /// Runs `script` with bash (`-e`: the first failing command stops it) in `folder`, with the
  /// debug `conformance` first on PATH.
  static func shell(_ script: String, in folder: String, bin: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/bash")
    process.arguments = ["-e", "-o", "pipefail", "-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = [
      "PATH": bin + ":/usr/local/bin:/usr/bin:/bin", "HOME": folder,
      "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
      "GIT_COMMITTER_EMAIL": "t@example.com",
      // A submodule from a local path (the copy standing in for the URL) needs this since git 2.38.
      "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "protocol.file.allow", "GIT_CONFIG_VALUE_0": "always",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed)
  }

  @Test func aTeamFollowsTheReleaseRecipesAsWritten() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: packageRoot() + "/.build/debug/conformance"), "swift build first")
    let folder = try TemporaryFolder("releases")
    defer { folder.remove() }
    let bin = folder.path + "/bin"
    let repo = folder.path + "/conformance"
    let sdk = folder.path + "/sdk"
    for path in [bin, repo, sdk] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/conformance", withDestinationPath: packageRoot() + "/.build/debug/conformance")
    try FileManager.default.copyItem(atPath: packageRoot() + "/Vectors", toPath: repo + "/Vectors")
    let manifest = try JSONParser().parse(try folder.read("conformance/Vectors/manifest.json")).objectValue
    let version = try #require(manifest?["version"]?.stringValue)
    func run(_ script: String, in place: String) throws -> String {
      let result = try Self.shell(script, in: place, bin: bin)
      #expect(result.status == 0, "\(script)\n\(result.output)")
      return result.output
    }
    // The release commit, then a later commit that does not touch the vectors.
    _ = try run("git init -q && git add Vectors && git commit -qm release", in: repo)
    let releaseCommit = try run("git rev-parse HEAD", in: repo)
    _ = try run("echo later > NOTES && git add NOTES && git commit -qm later", in: repo)
    _ = try run("git init -q", in: sdk)

    // The release archive, made in the repository and pinned in the SDK's.
    _ = try run(try Self.block("make the release archive (in this repository)"), in: repo)
    let archive = "conformance-vectors-\(version).tar.gz"
    try FileManager.default.copyItem(atPath: repo + "/" + archive, toPath: sdk + "/" + archive)
    let pinned = try run(
      try Self.block("pin a release archive (in the SDK repository)")
        .replacingOccurrences(of: "conformance-vectors-1.0.0", with: "conformance-vectors-\(version)"), in: sdk)
    #expect(pinned.contains("/Vectors/manifest.json: version \(version) matches its "))
    #expect(pinned.contains(" passed, 0 failed\n"))

    // A submodule at the release commit: the last commit that wrote the manifest.
    _ = try run(
      try Self.block("pin a release commit (in the SDK repository)")
        .replacingOccurrences(of: "https://example.com/conformance.git", with: repo), in: sdk)
    #expect(try run("git -C third_party/conformance rev-parse HEAD", in: sdk) == releaseCommit)

    // The next release (a MINOR one: a file added), and what the upgrade to it changes.
    try folder.write(
      "conformance/Vectors/extra/fid.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "FIDs", "tests": [{"id": "extra.valid", "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}}]}"#
    )
    _ = try run("conformance manifest write && git add Vectors && git commit -qm next", in: repo)
    let next = try #require(
      try JSONParser().parse(try folder.read("conformance/Vectors/manifest.json")).objectValue?["version"]?.stringValue)
    #expect(next != version)
    _ = try run(try Self.block("make the release archive (in this repository)"), in: repo)
    try FileManager.default.copyItem(
      atPath: repo + "/conformance-vectors-\(next).tar.gz", toPath: sdk + "/conformance-vectors-\(next).tar.gz")
    _ = try run(
      try Self.block("what an upgrade changes (in the SDK repository)")
        // The doc's next release first, through a name no version has, in case the shipped
        // release is the one the doc calls next.
        .replacingOccurrences(of: "conformance-vectors-1.1.0", with: "conformance-vectors-NEXT")
        .replacingOccurrences(of: "conformance-vectors-1.0.0", with: "conformance-vectors-\(version)")
        .replacingOccurrences(of: "conformance-vectors-NEXT", with: "conformance-vectors-\(next)"), in: sdk)
    let changes = try JSONParser().parse(try folder.read("sdk/upgrade/changes.json")).objectValue
    #expect(changes?["counts"]?.objectValue?["added"] == 1)
    #expect(changes?["requiredBump"] == "minor")
  }
}
