import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// Runs `conformance ARGS` in-process with `environment` as the process environment.
func conformance(_ arguments: [String], environment: [String: String]) -> (
  status: Int32, output: String, error: String
) {
  let captured = CapturedConsole(environment: environment)
  let status = ConformanceCommand.main(arguments: arguments, console: captured.console)
  return (status, captured.output, captured.error)
}

/// `conformance run --shard auto` under the engines teams shard on: each hands the job its shard
/// in variables of its own, and the shards merge as `--shard K/N` ones do.
@Suite struct ShardAutoTests {
  /// The shipped `leeep.fid` vectors as a corpus of their own (745 tests in 9 files).
  let corpus = packageRoot() + "/Vectors/leeep.fid"

  /// Each engine's variables for shard `index` (from 1) of `count`, as the engine sets them.
  static let engines: [(name: String, variables: @Sendable (Int, Int) -> [String: String])] = [
    ("Bazel", { ["TEST_TOTAL_SHARDS": "\($1)", "TEST_SHARD_INDEX": "\($0 - 1)"] }),
    ("GitLab", { ["CI_NODE_TOTAL": "\($1)", "CI_NODE_INDEX": "\($0)"] }),
    ("CircleCI", { ["CIRCLE_NODE_TOTAL": "\($1)", "CIRCLE_NODE_INDEX": "\($0 - 1)"] }),
    ("Buildkite", { ["BUILDKITE_PARALLEL_JOB_COUNT": "\($1)", "BUILDKITE_PARALLEL_JOB": "\($0 - 1)"] }),
  ]

  @Test(arguments: 0..<4) func threeShardsOfEachEngineMergeIntoTheWholeCorpus(engine: Int) throws {
    let (name, variables) = Self.engines[engine]
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let whole = conformance(["run", "--vectors", corpus, "--junit", folder.path + "/whole.xml"], environment: [:])
    #expect(whole.status == 0)
    var shards: [String] = []
    for index in 1...3 {
      var environment = variables(index, 3)
      let status = folder.path + "/shard-\(index).status"
      let path = folder.path + "/shard-\(index).xml"
      var arguments = ["run", "--vectors", corpus, "--shard", "auto"]
      if name == "Bazel" {
        // Bazel's runner names the status file and where the XML goes; no --junit.
        environment["TEST_SHARD_STATUS_FILE"] = status
        environment["XML_OUTPUT_FILE"] = path
      } else {
        arguments += ["--junit", path]
      }
      let result = conformance(arguments, environment: environment)
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.hasPrefix("--shard auto: shard \(index)/3 from \(name) ("), "\(result.output)")
      #expect(FileManager.default.fileExists(atPath: status) == (name == "Bazel"))
      let report = try XMLReadBack(path: path)
      #expect(report.string("//property[@name='shard']/@value") == "\(index)/3")
      shards.append(path)
    }
    let merged = conformance(["merge", folder.path + "/merged.xml"] + shards, environment: [:])
    #expect(merged.status == 0, "\(merged.error)")
    #expect(merged.output.contains("745 passed, 0 failed"))
    let one = try XMLReadBack(path: folder.path + "/whole.xml")
    let together = try XMLReadBack(path: folder.path + "/merged.xml")
    #expect(together.count("//testcase") == 745)
    #expect(together.strings("//testsuite/@name") == one.strings("//testsuite/@name"))
    #expect(together.strings("//testcase/@name") == one.strings("//testcase/@name"))
  }

  @Test func bazelsStatusFileIsTouchedWhenItIsThere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let status = try folder.write("status", "")
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: status)
    let result = conformance(
      ["run", "--vectors", corpus, "--shard", "auto", "--junit", folder.path + "/j.xml"],
      environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": status])
    #expect(result.status == 0)
    let touched = try FileManager.default.attributesOfItem(atPath: status)[.modificationDate] as? Date
    #expect((touched ?? .distantPast) > Date(timeIntervalSinceNow: -600))
    // A status file that cannot be written is an error before anything runs.
    let blocked = conformance(
      ["run", "--vectors", corpus, "--shard", "auto", "--junit", folder.path + "/j.xml"],
      environment: [
        "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": folder.path + "/no/such/dir/s",
      ])
    #expect(blocked.status == 2)
    #expect(blocked.error.contains("--shard auto: cannot touch TEST_SHARD_STATUS_FILE \(folder.path)/no/such/dir/s: "))
  }

  @Test func withNoEngineTheWholeCorpusRunsAndTheRunSaysSo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = conformance(
      [
        "run", "--vectors", corpus, "--shard", "auto", "--junit", folder.path + "/j.xml", "--report-json",
        folder.path + "/r.json",
      ],
      environment: [:])
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        "--shard auto: no CI engine hands out a shard (none of Bazel (TEST_TOTAL_SHARDS, TEST_SHARD_INDEX), GitLab (CI_NODE_TOTAL, CI_NODE_INDEX), CircleCI (CIRCLE_NODE_TOTAL, CIRCLE_NODE_INDEX), Buildkite (BUILDKITE_PARALLEL_JOB_COUNT, BUILDKITE_PARALLEL_JOB) is set): running the whole corpus\n"
      ))
    #expect(result.output.hasSuffix("745 passed, 0 failed\n"))
    let report = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(report.count("//testcase") == 745)
    #expect(report.count("//property[@name='shard']") == 0)
    // A GitLab job without `parallel:` (CI_NODE_TOTAL=1, no index) is the one shard of one.
    let alone = conformance(
      ["run", "--vectors", corpus, "--shard", "auto", "--junit", folder.path + "/j.xml"],
      environment: ["CI_NODE_TOTAL": "1"])
    #expect(alone.status == 0)
    #expect(alone.output.hasPrefix("--shard auto: shard 1/1 from GitLab (CI_NODE_TOTAL=1)\n"))
  }

  @Test func twoEnginesThatDisagreeAreAnErrorNamingBoth() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let arguments = ["run", "--vectors", corpus, "--shard", "auto", "--junit", folder.path + "/j.xml"]
    let disagree = conformance(
      arguments,
      environment: ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3", "CIRCLE_NODE_INDEX": "0"])
    #expect(disagree.status == 2)
    #expect(
      disagree.error
        == "conformance run: --shard auto: the engines disagree: GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=3) says shard 2/3, CircleCI (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=3) says shard 1/3; unset one, or give --shard K/N\n"
    )
    let counts = conformance(
      arguments,
      environment: [
        "TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "2",
        "BUILDKITE_PARALLEL_JOB": "1",
      ])
    #expect(counts.status == 2)
    #expect(counts.error.contains("Bazel (TEST_SHARD_INDEX=1, TEST_TOTAL_SHARDS=4) says shard 2/4, Buildkite"))
    // Two that agree are one shard.
    let agree = conformance(
      arguments,
      environment: ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3", "CIRCLE_NODE_INDEX": "1"])
    #expect(agree.status == 0)
    #expect(
      agree.output.hasPrefix(
        "--shard auto: shard 2/3 from GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=3) and CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=3)\n"
      ))
  }

  @Test(arguments: [
    (["CI_NODE_TOTAL": "3"], "GitLab (CI_NODE_TOTAL=3): CI_NODE_INDEX is not set"),
    (
      ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "0"],
      "GitLab (CI_NODE_INDEX=0, CI_NODE_TOTAL=3): CI_NODE_INDEX is not a whole number from 1 to 3"
    ),
    (["TEST_SHARD_INDEX": "0"], "Bazel (TEST_SHARD_INDEX=0): TEST_TOTAL_SHARDS is not set"),
    (
      ["CIRCLE_NODE_TOTAL": "two", "CIRCLE_NODE_INDEX": "0"],
      "CircleCI (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=two): CIRCLE_NODE_TOTAL is not a whole number of at least 1"
    ),
    (
      ["BUILDKITE_PARALLEL_JOB_COUNT": "2", "BUILDKITE_PARALLEL_JOB": "2"],
      "Buildkite (BUILDKITE_PARALLEL_JOB=2, BUILDKITE_PARALLEL_JOB_COUNT=2): BUILDKITE_PARALLEL_JOB is not a whole number from 0 to 1"
    ),
  ])
  func malformedVariablesAreAnErrorNamingThem(environment: [String: String], message: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = conformance(
      ["run", "--vectors", corpus, "--shard", "auto", "--junit", folder.path + "/j.xml"], environment: environment)
    #expect(result.status == 2)
    #expect(result.error == "conformance run: --shard auto: \(message)\n")
  }

  @Test func xmlOutputFileIsTheDefaultJUnitAndAnExplicitOneWins() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bazel = folder.path + "/bazel/test.xml"
    let defaulted = conformance(["run", "--vectors", corpus], environment: ["XML_OUTPUT_FILE": bazel])
    #expect(defaulted.status == 0)
    #expect(defaulted.output.contains("JUnit report: \(bazel)\n"))
    #expect(try XMLReadBack(path: bazel).count("//testcase") == 745)
    let explicit = conformance(
      ["run", "--vectors", corpus, "--junit", folder.path + "/mine.xml"], environment: ["XML_OUTPUT_FILE": bazel])
    #expect(explicit.output.contains("JUnit report: \(folder.path)/mine.xml\n"))
  }
}
