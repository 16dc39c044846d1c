import ConformanceCommands
import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// docs/ci.md's recipes (GitHub Actions, GitLab, Jenkins) are parsed and checked by
/// Tests/CIRecipes/check_ci_recipes.py (jobs, matrix, artifacts, the merge); every `conformance`
/// command line they hold then goes through the harness's own command-line parser, so a renamed
/// or misspelt flag fails here before it fails a team's pipeline.
@Suite struct CIRecipeTests {
  struct Recipes {
    var commands: [(recipe: String, argv: [String])]
    var problems: [String]
  }

  static func read(_ markdown: String) throws -> Recipes {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", packageRoot() + "/Tests/CIRecipes/check_ci_recipes.py", markdown]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "check_ci_recipes.py exited \(process.terminationStatus)")
    let top = try #require(try JSONParser().parse(Array(data)).objectValue)
    let commands = (top["commands"]?.arrayValue ?? []).compactMap { item -> (String, [String])? in
      guard let object = item.objectValue, let recipe = object["recipe"]?.stringValue,
        let argv = object["argv"]?.arrayValue?.compactMap(\.stringValue)
      else { return nil }
      return (recipe, argv)
    }
    return Recipes(commands: commands, problems: (top["problems"]?.arrayValue ?? []).compactMap(\.stringValue))
  }

  /// Whether the command line parses: its subcommand exists and takes every option given (the
  /// parser reads them all before it sees `--help`, which then stops the command). Run as a
  /// process in a folder of its own: a refused `run` command line still replaces the reports it
  /// names, which must not land in the package.
  static func parses(_ argv: [String]) throws -> (ok: Bool, error: String) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: packageRoot() + "/.build/debug/conformance")
    process.arguments = argv + ["--help"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complained = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus == 0 && printed.hasPrefix("USAGE: conformance \(argv.first ?? "")"), complained)
  }

  @Test func everyRecipeHasItsJobsAndEveryCommandParses() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: packageRoot() + "/.build/debug/conformance"), "swift build first")
    let recipes = try Self.read(packageRoot() + "/docs/ci.md")
    #expect(recipes.problems == [])
    #expect(Set(recipes.commands.map(\.recipe)) == ["GitHub Actions", "GitLab CI", "Jenkins"])
    #expect(recipes.commands.count >= 10)
    for (recipe, argv) in recipes.commands {
      let parsed = try Self.parses(argv)
      #expect(parsed.ok, "\(recipe): conformance \(argv.joined(separator: " ")): \(parsed.error)")
    }
  }

  /// The GitLab recipe builds the harness once and hands the executable on; its shards run an
  /// adapter in an image with the adapter's runtime. Each way of breaking that is named.
  @Test(arguments: [
    (
      "harness/conformance run --shard auto", ".build/release/conformance run --shard auto",
      "GitLab CI: conformance runs .build/release/conformance, not the executable conformance-build keeps as an artifact (harness/conformance)"
    ),
    (
      "    - job: conformance-build\n      artifacts: true\n    - job: conformance\n",
      "    - job: conformance\n",
      "GitLab CI: conformance-merge runs harness/conformance without needing conformance-build's artifacts"
    ),
    (
      "  before_script:\n    - apt-get update && apt-get install -y libgoogle-gson-java\n",
      "  before_script:\n    - swift build -c release --product conformance\n",
      "GitLab CI: the harness must be built by one job, is built by ['conformance-build', 'conformance']"
    ),
    (
      "eclipse-temurin:17-jdk", "swift:6.0",
      "GitLab CI: conformance runs its adapter with java, and its image 'swift:6.0' has no java runtime"
    ),
    (
      #" --adapter "exec java -cp Kits/java/build/example-adapter.jar:Kits/java/build/conformance-adapter.jar:/usr/share/java/gson.jar conformance.example.ExampleAdapter""#,
      "", "GitLab CI: conformance has no --adapter line to change to your implementation's"
    ),
  ])
  func theGitLabRecipeBuildsOnceAndRunsAnAdapterInItsImage(original: String, broken: String, problem: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = try String(contentsOfFile: packageRoot() + "/docs/ci.md", encoding: .utf8)
    #expect(text.contains(original))
    let path = try folder.write("ci.md", text.replacingOccurrences(of: original, with: broken))
    #expect(try Self.read(path).problems == [problem])
  }

  @Test func aRenamedFlagOrABrokenPipelineFailsTheCheck() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let original = try String(contentsOfFile: packageRoot() + "/docs/ci.md", encoding: .utf8)
    // The flag renamed in the GitLab recipe only: the parser refuses it.
    let renamed = try folder.write(
      "renamed.md",
      original.replacingOccurrences(
        of: #"--junit "reports/shard-$CI_NODE_INDEX.xml""#,
        with: #"--junit-file "reports/shard-$CI_NODE_INDEX.xml""#))
    let read = try Self.read(renamed)
    let refused = try read.commands.filter { !(try Self.parses($0.argv).ok) }
    #expect(refused.map(\.recipe) == ["GitLab CI"])
    let message = try Self.parses(refused.first?.argv ?? []).error
    #expect(message.contains("unknown option --junit-file"))
    // A matrix of three shards still running --shard K/4: the job check refuses it.
    let matrix = try folder.write(
      "matrix.md", original.replacingOccurrences(of: "shard: [1, 2, 3, 4]", with: "shard: [1, 2, 3]"))
    #expect(
      try Self.read(matrix).problems == [
        "GitHub Actions: the shard job must run --shard ${{ matrix.shard }}/3, runs 'EXPR/4'"
      ])
  }
}
