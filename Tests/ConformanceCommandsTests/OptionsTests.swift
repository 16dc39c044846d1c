import ConformanceKit
import ConformanceProcess
import ConformanceTestSupport
import Testing

@testable import ConformanceCommands

/// Each subcommand's command line read into its typed options, and the messages of the
/// mistakes found there, without running anything.
@Suite struct OptionsTests {
  /// The options of `command` for `arguments` (without the subcommand's name).
  func options<Command: Subcommand>(
    _ command: Command.Type, _ arguments: [String], environment: [String: String] = [:]
  ) throws(UsageError) -> Command.Options {
    try Command.options(try Command.spec.parse(arguments), environment: environment)
  }

  /// The message of the mistake `arguments` makes, or `nil` when they are accepted.
  func mistake<Command: Subcommand>(
    _ command: Command.Type, _ arguments: [String], environment: [String: String] = [:]
  ) -> UsageError? {
    do {
      _ = try options(command, arguments, environment: environment)
      return nil
    } catch {
      return error
    }
  }

  @Test func runWithoutOptionsTakesTheDefaults() throws {
    let run = try options(RunCommand.self, [])
    #expect(run.corpus.roots == ["Vectors"])
    #expect(run.corpus.maxFileSize == nil)
    #expect(run.reports.junit == "Reports/junit.xml")
    #expect(run.reports.flavour == .standard)
    #expect(run.reports.failuresShown == 50)
    #expect(run.reports.destinations.isEmpty)
    #expect(run.selection == SelectionOptions())
    #expect(run.implementations.adapters.isEmpty)
    #expect(run.implementations.settings == AdapterOptions())
    #expect(run.reruns == RerunOptions())
    #expect(run.gating == GatingOptions())
    #expect(!run.comparesRuns)
  }

  @Test func runReadsEveryGroup() throws {
    let run = try options(
      RunCommand.self,
      [
        "--vectors", "a", "--vectors=b", "--junit", "j.xml", "--suite", "leeep.fid", "--tag", "valid", "--id", "x*",
        "--exclude-tag", "slow", "--exclude-id", "y?", "--shard", "2/3", "--adapter", "./sdk", "--adapter", "./other",
        "--timeout", "2.5", "--max-restarts", "0", "--jobs", "4", "--show-failures", "7", "--max-failures", "3",
        "--report-json", "r.json", "--summary-md", "s.md", "--report-html", "r.html", "--expectations", "e.json",
        "--junit-flavour", "strict", "--write-expectations", "w.json", "--compare", "old.json", "--fail-on",
        "new-failures", "--max-file-size", "2K", "--reruns", "2", "--fail-on-flaky", "--allure-results", "allure",
      ])
    #expect(run.corpus == CorpusOptions(given: ["a", "b"], maxFileSize: 2048))
    #expect(run.corpus.roots == ["a", "b"])
    #expect(run.selection.suites == ["leeep.fid"])
    #expect(run.selection.tags == ["valid"])
    #expect(run.selection.idPatterns == ["x*"])
    #expect(run.selection.excludedTags == ["slow"])
    #expect(run.selection.excludedIDPatterns == ["y?"])
    #expect(run.selection.shard == .fixed(Shard(index: 2, count: 3)!))
    #expect(run.implementations.adapters == ["./sdk", "./other"])
    #expect(run.implementations.settings == AdapterOptions(timeout: 2.5, maxRestarts: 0, jobs: 4))
    #expect(run.reruns == RerunOptions(count: 2, failOnFlaky: true))
    #expect(run.reports.junit == "j.xml")
    #expect(run.reports.flavour == .strict)
    #expect(run.reports.failuresShown == 7)
    #expect(run.reports.reportJSON == "r.json")
    #expect(run.reports.summaryMarkdown == "s.md")
    #expect(run.reports.reportHTML == "r.html")
    #expect(run.reports.writeExpectations == "w.json")
    #expect(run.reports.allureResults == "allure")
    #expect(run.gating.expectations == "e.json")
    #expect(run.gating.compare == "old.json")
    #expect(run.gating.failOnNewFailures)
    #expect(run.gating.maxFailures == 3)
    #expect(run.comparesRuns)
  }

  /// Under `bazel test` the JUnit report goes where Bazel collects it, unless `--junit` says.
  @Test func bazelsXMLOutputFileIsTheDefaultJUnitPath() throws {
    let bazel = ["XML_OUTPUT_FILE": "/out/test.xml"]
    #expect(try options(RunCommand.self, [], environment: bazel).reports.junit == "/out/test.xml")
    #expect(try options(RunCommand.self, ["--junit", "mine.xml"], environment: bazel).reports.junit == "mine.xml")
    #expect(try options(RunCommand.self, [], environment: ["XML_OUTPUT_FILE": ""]).reports.junit == "Reports/junit.xml")
  }

  @Test func shardAutoIsResolvedFromTheEnvironmentWhenParsed() throws {
    let gitLab = try options(
      RunCommand.self, ["--shard", "auto"], environment: ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "2"])
    #expect(gitLab.selection.resolvedShard == Shard(index: 2, count: 3))
    #expect(
      gitLab.selection.autoResolution?.note == "--shard auto: shard 2/3 from GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=3)")
    let none = try options(RunCommand.self, ["--shard", "auto"])
    #expect(none.selection.resolvedShard == nil)
    #expect(none.selection.autoResolution != nil)
    // Sharded by the engine, a history is refused as a fixed shard is.
    #expect(
      mistake(
        RunCommand.self, ["--shard", "auto", "--history", "h"],
        environment: ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "2"]
      )?.message
        == "--history records whole runs, and --shard 2/3 is a part of one: merge the shards' JSON reports (merge --json) and compare them with `conformance diff`"
    )
    #expect(
      mistake(RunCommand.self, ["--shard", "auto"], environment: ["CI_NODE_INDEX": "2"])
        == UsageError(
          "--shard auto: GitLab (CI_NODE_INDEX=2): CI_NODE_TOTAL is not set", command: "run", showsUsage: false))
  }

  @Test func runsMistakesAreSaidInTheirOwnWords() {
    let mistakes: [([String], String)] = [
      (["stray"], "unexpected argument 'stray'"),
      (["--show-failures", "-1"], "--show-failures needs a whole number, got '-1'"),
      (["--max-failures", "0"], "--max-failures needs a whole number of at least 1, got '0'"),
      (["--junit-flavour", "jenkins"], "--junit-flavour is standard or strict, got 'jenkins'"),
      (["--max-file-size", "0"], "--max-file-size needs a whole number of bytes (K, M, G suffixes), got '0'"),
      (["--max-file-size", "1T"], "--max-file-size needs a whole number of bytes (K, M, G suffixes), got '1T'"),
      (["--shard", "0/2"], "--shard needs K/N with 1 <= K <= N, or auto, got '0/2'"),
      (["--reruns", "11", "--adapter", "a"], "--reruns needs a whole number from 0 to 10, got '11'"),
      (
        ["--reruns", "1"],
        "--reruns needs --adapter: the reference parsers are deterministic, so asking them again gives the same answer; reruns are for an implementation behind an adapter whose answers may vary (timers, a mocked network, a warming JVM)"
      ),
      (["--fail-on-flaky"], "--fail-on-flaky needs --reruns N: without reruns no test can pass on a later try"),
      (["--fail-on", "flaky"], "--fail-on takes new-failures, got 'flaky'"),
      (
        ["--fail-on", "new-failures"],
        "--fail-on new-failures needs an earlier run to compare with: give --compare PREVIOUS.json or --history DIR"
      ),
      (
        ["--history", "h", "--shard", "1/2"],
        "--history records whole runs, and --shard 1/2 is a part of one: merge the shards' JSON reports (merge --json) and compare them with `conformance diff`"
      ),
      (["--timeout", "0"], "--timeout needs a number of seconds above 0, got '0'"),
      (["--timeout", "86401"], "--timeout needs a number of seconds above 0, got '86401'"),
      (["--max-restarts", "-1"], "--max-restarts needs a whole number, got '-1'"),
      (["--jobs", "257"], "--jobs needs a whole number from 1 to 256, got '257'"),
    ]
    for (arguments, message) in mistakes {
      #expect(mistake(RunCommand.self, arguments) == UsageError(message, command: "run"), "\(arguments)")
    }
  }

  /// Which suites exist is known once the roots are surveyed: their own suites count.
  @Test func theSuitesAreCheckedAgainstTheContractAndTheRootsOwnSuites() throws {
    let selection = try options(RunCommand.self, ["--suite", "acme.coupon"]).selection
    #expect(
      throws: UsageError(
        "unknown suite 'acme.coupon'; suites: \(Contract.suites.joined(separator: ", "))", command: "run")
    ) {
      try selection.selection(command: "run")
    }
    #expect(try selection.selection(ownSuites: ["acme.coupon"], command: "run").suites == ["acme.coupon"])
    #expect(
      throws: UsageError(
        "unknown suite 'acme.cupon' (did you mean 'acme.coupon'?); suites: \((Contract.suites + ["acme.coupon"]).joined(separator: ", "))",
        command: "list")
    ) {
      try SelectionOptions.checkSuites(["acme.cupon"], ownSuites: ["acme.coupon"], command: "list")
    }
  }

  @Test func judgeTakesRunsOptionsWithoutTheAdapterOnes() throws {
    let judged = try options(JudgeCommand.self, ["a.jsonl", "b.jsonl", "--pack", "p.json", "--junit", "j.xml"])
    #expect(judged.answers == ["a.jsonl", "b.jsonl"])
    #expect(judged.pack == "p.json")
    #expect(judged.roots == [])
    #expect(judged.run.reports.junit == "j.xml")
    let made = try options(JudgeCommand.self, ["a.jsonl", "--vectors", "v", "--suite", "leeep.fid"])
    #expect(made.pack == nil)
    #expect(made.roots == ["v"])
    #expect(made.run.selection.suites == ["leeep.fid"])
    let mistakes: [([String], String)] = [
      (["--pack", "p"], "needs the answers files to judge: conformance judge ANSWERS... --pack FILE"),
      (
        ["a"],
        "needs the tests the answers were made for: --pack FILE, or --vectors PATH... with the pack's selection"
      ),
      (["a", "--pack", "p", "--vectors", "v"], "--pack and --vectors are two ways to give the tests: give one"),
      (
        ["a", "--pack", "p", "--tag", "valid"],
        "--tag selects the tests of a pack when it is made (conformance pack); a pack's tests are judged as they are"
      ),
      (["a", "--pack", "p", "--max-failures", "x"], "--max-failures needs a whole number of at least 1, got 'x'"),
    ]
    for (arguments, message) in mistakes {
      #expect(mistake(JudgeCommand.self, arguments) == UsageError(message, command: "judge"), "\(arguments)")
    }
    #expect(throws: UsageError.self) { try JudgeCommand.spec.parse(["a", "--pack", "p", "--adapter", "x"]) }
  }

  @Test func theOtherSubcommandsReadTheirOptions() throws {
    let pack = try options(PackCommand.self, ["--out", "p.json", "--tag", "valid", "--max-file-size", "1M"])
    #expect(pack.out == "p.json")
    #expect(pack.corpus == CorpusOptions(maxFileSize: 1 << 20))
    #expect(pack.selection.tags == ["valid"])
    #expect(
      mistake(PackCommand.self, []) == UsageError("--out FILE is required: where to write the pack", command: "pack"))

    let list = try options(ListCommand.self, ["--vectors", "v", "--tests", "--json"])
    #expect(list.corpus.roots == ["v"])
    #expect(list.listsTests && list.json && !list.listsFiles)

    let show = try options(ShowCommand.self, ["leeep.fid", "valid.c", "--adapter", "./a", "--timeout", "5"])
    #expect(show.suite == "leeep.fid" && show.id == "valid.c" && show.adapter == "./a")
    #expect(show.settings == AdapterOptions(timeout: 5, maxRestarts: 0))
    #expect(
      mistake(ShowCommand.self, ["s", "i", "--timeout", "5"])
        == UsageError("--timeout is for --adapter", command: "show"))

    let smoke = try options(SmokeCommand.self, ["--adapter", "./a"])
    #expect(smoke.settings == AdapterOptions(maxRestarts: 1_000))
    #expect(mistake(SmokeCommand.self, []) == UsageError("--adapter COMMAND is required", command: "smoke"))

    let lint = try options(LintCommand.self, ["--vectors", "a", "b", "--strict"])
    #expect(lint.corpus.roots == ["a", "b"] && lint.strict)

    #expect(try options(ManifestCommand.self, ["write", "--bump", "minor"]).action == .write(bump: .minor))
    #expect(try options(ManifestCommand.self, ["check", "--vectors", "v"]).corpus.roots == ["v"])
    let manifestMistakes: [([String], String)] = [
      ([], "needs an action: write or check"),
      (["write", "extra"], "unexpected argument 'extra'"),
      (["wirte"], "unknown action 'wirte' (did you mean 'write'?): write or check"),
      (["write", "--bump", "none"], "--bump is major, minor or patch, got 'none'"),
      (["check", "--bump", "major"], "--bump is for `manifest write`"),
    ]
    for (arguments, message) in manifestMistakes {
      #expect(mistake(ManifestCommand.self, arguments) == UsageError(message, command: "manifest"), "\(arguments)")
    }

    let diff = try options(DiffCommand.self, ["old.json", "new.json", "--show", "3"])
    #expect(diff == DiffCommand.Options(old: "old.json", new: "new.json", shown: 3, markdown: nil, json: nil))
    #expect(
      mistake(DiffCommand.self, ["o", "n", "--show", "-1"])
        == UsageError("--show needs a whole number, got '-1'", command: "diff"))

    let vectors = try options(DiffVectorsCommand.self, ["old", "new", "--max-file-size", "1k"])
    #expect(vectors.roots == ["old", "new"] && vectors.corpus.maxFileSize == 1024)
    #expect(
      mistake(DiffVectorsCommand.self, ["a", "b", "c"])
        == UsageError("unexpected argument 'c'", command: "diff-vectors"))

    let merge = try options(MergeCommand.self, ["--json", "out.json", "a.json", "b.json"])
    #expect(merge == MergeCommand.Options(output: "out.json", inputs: ["a.json", "b.json"], json: true))
  }

  /// `pack` and `judge` take `run`'s options, as `run` declares them: one declaration each.
  @Test func sharedOptionsAreDeclaredOnce() {
    func declaration(_ spec: ArgumentSpec, _ name: String) -> String? {
      spec.options.first { $0.name == name }.map { "\($0.valueName) \($0.help) \($0.repeatable)" }
    }
    for name in SelectionOptions.optionNames + ["vectors", "max-file-size"] {
      #expect(declaration(PackCommand.spec, name) == declaration(RunCommand.spec, name), "\(name)")
    }
    for option in RunCommand.spec.options where !JudgeOptions.adapterOptionNames.contains(option.name) {
      #expect(declaration(JudgeCommand.spec, option.name) == declaration(RunCommand.spec, option.name))
    }
  }

  /// An adapter setting that is malformed is a command-line mistake like any other, found
  /// before anything is read or started: the reports hold `command line`, with or without
  /// `--adapter`.
  @Test func aMalformedAdapterSettingIsRefusedAsTheCommandLine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for arguments in [["--timeout", "0"], ["--jobs", "0", "--adapter", "exec false"], ["--max-restarts", "x"]] {
      let result = conformance(["run", "--junit", folder.path + "/junit.xml"] + arguments)
      #expect(result.status == 2)
      #expect(result.output == "")
      let message = try #require(result.error.split(separator: "\n").first).dropFirst("conformance run: ".count)
      let junit = try XMLReadBack(path: folder.path + "/junit.xml")
      #expect(junit.string("//testcase/@name") == "command line", "\(arguments)")
      #expect(junit.string("//testcase/error/@message") == "the command line was refused: \(message)", "\(arguments)")
    }
  }
}
