import ConformanceCommands
import ConformanceExplore
import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import ReferenceParsers
import Testing

/// A suite of the tests' own, `test.strings`: any string is accepted with its length in scalars;
/// anything else is rejected `not_a_string`. Its context needs `"mode": "strict"`.
struct StringsReference: Implementation {
  let name = "strings-reference"
  func supports(suite: String) -> Bool { suite == "test.strings" }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    guard context["mode"] == "strict" else { throw ContextError(key: "mode", reason: "must be \"strict\"") }
    guard case .string(let text) = input else { return .reject(error: "not_a_string", field: nil) }
    return .accept(output: .number(JSONNumber(text.unicodeScalars.count)))
  }
}

/// The same with a planted bug: a string longer than 40 scalars is rejected `too_long`.
struct StringsWithBug: Implementation {
  let name = "strings-with-bug"
  func supports(suite: String) -> Bool { true }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    if case .string(let text) = input, text.unicodeScalars.count > 40 { return .reject(error: "too_long", field: nil) }
    return try StringsReference().evaluate(suite: suite, input: input, context: context)
  }
}

/// Makes long strings of mixed scripts inside objects with extra keys, and an extra context key.
struct StringsExplorer: SuiteExplorer {
  let suite = "test.strings"
  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let alphabet: [Unicode.Scalar] = ["x", "Q", "é", "\u{0661}", "\u{1F600}", "\u{3000}", "7", "\u{0301}"]
    var text = ""
    for _ in 0..<(20 + random.below(200)) { text.unicodeScalars.append(random.pick(alphabet)) }
    let input: JSONValue = random.chance(1, in: 4) ? ["wrapped": .string(text), "n": 12345] : .string(text)
    return ExploreCase(suite: suite, input: input, context: ["mode": "strict", "locale": "ja-JP"])
  }
}

@Suite struct ExploreShrinkingTests {
  func engine(jobs: Int = 1, cases: Int = 400, seed: UInt64 = 7) -> ExploreEngine {
    ExploreEngine(
      explorers: [StringsExplorer()], samples: [:], reference: StringsReference(), target: StringsWithBug(),
      settings: ExploreSettings(seed: seed, budget: .cases(cases), jobs: jobs))
  }

  @Test func aPlantedLengthBugShrinksToExactlyOneScalarPastTheLimit() throws {
    let report = engine().run()
    #expect(report.casesRun == 400)
    let finding = try #require(report.findings.first)
    #expect(report.findings.count == 1)
    #expect(
      finding.signature
        == FindingSignature(suite: "test.strings", part: .result, expected: .accept, actual: .reject(error: "too_long"))
    )
    // Every case of more than 40 scalars showed it; the minimal case is 41 plain letters, the
    // context key the reference needs kept and the other removed.
    #expect(finding.count > 200)
    #expect(finding.minimal.input == .string(String(repeating: "a", count: 41)))
    #expect(finding.minimal.context == ["mode": "strict"])
    #expect(finding.expected == .accept(output: 41))
    #expect(finding.actual == .reject(error: "too_long", field: nil))
    #expect(finding.difference == #"result: expected accept, got reject with error "too_long""#)
  }

  @Test func shrinkingStopsAtItsBudget() {
    let shrinker = ExploreShrinker(budget: 5)
    var calls = 0
    let outcome = shrinker.shrink(
      ExploreCase(suite: "s", input: .string(String(repeating: "é", count: 100)), context: [:]),
      keeps: { _ in
        calls += 1
        return false
      })
    #expect(calls == 5)
    #expect(outcome.tried == 5)
    #expect(outcome.kept == 0)
  }

  @Test func shrinkingRemovesKeysItemsAndSimplifiesNumbers() {
    // Differs while the array holds a number above 9: one item, the number 10 at most plainer.
    let start = ExploreCase(
      suite: "s", input: ["list": [1, 2, 3000, 4, ["deep": true]], "other": "text"], context: [:])
    let outcome = ExploreShrinker().shrink(start) { c in
      guard case .array(let items)? = c.input.objectValue?["list"] else { return false }
      return items.contains { ($0.numberValue?.decimal).map { $0 > JSONNumber(9).decimal } ?? false }
    }
    #expect(outcome.minimal.input == ["list": [30]])
  }

  @Test func theSameSeedGivesTheSameCasesAndFindingsWhateverTheJobs() {
    let one = engine(jobs: 1, seed: 42)
    let two = engine(jobs: 2, seed: 42)
    for index in 0..<50 { #expect(one.makeCase(index) == two.makeCase(index)) }
    #expect(engine(seed: 43).makeCase(0) != one.makeCase(0))
    let first = one.run()
    let second = two.run()
    #expect(first.findings.map(\.signature) == second.findings.map(\.signature))
    #expect(first.findings.map(\.count) == second.findings.map(\.count))
    #expect(first.findings.map(\.firstIndex) == second.findings.map(\.firstIndex))
    #expect(first.findings.map(\.minimal) == second.findings.map(\.minimal))
  }

  @Test func anInterruptionStopsTheSearchAndKeepsWhatWasFound() {
    let interruption = Interruption()
    interruption.interrupt(signal: 15)
    let report = engine(cases: 1_000).run(interruption: interruption)
    #expect(report.interruptedBy == 15)
    #expect(report.casesRun == 0)
    #expect(report.findings.isEmpty)
  }

  @Test func casesWithAContextTheReferenceCannotUseAreCountedApart() {
    struct Careless: SuiteExplorer {
      let suite = "test.strings"
      func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
        ExploreCase(suite: suite, input: "x", context: random.chance(1, in: 2) ? ["mode": "strict"] : [:])
      }
    }
    let report = ExploreEngine(
      explorers: [Careless()], samples: [:], reference: StringsReference(), target: nil,
      settings: ExploreSettings(seed: 1, budget: .cases(200))
    ).run()
    #expect(report.findings.isEmpty)
    #expect(report.unusableContexts.count > 50 && report.unusableContexts.count < 150)
    #expect(report.unusableContexts.examples.count == 5)
    #expect(report.unusableContexts.examples.first?.message == #"context mode: must be "strict""#)
  }
}

@Suite struct ExploreOutputTests {
  @Test func theVectorFilesLintCleanAndTheIDsComeFromTheMinimalCase() throws {
    let folder = try TemporaryFolder("explore-output")
    defer { folder.remove() }
    // A real suite, so that lint checks the codes: leeep.fid with a bug accepting a trailing newline.
    struct NewlineFID: Implementation {
      let name = "fid-port"
      func supports(suite: String) -> Bool { suite == "leeep.fid" }
      func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
        if case .string(let text) = input, text.hasSuffix("\n") {
          return .accept(output: .string(String(text.dropLast())))
        }
        return try ReferenceImplementation().evaluate(suite: suite, input: input, context: context)
      }
    }
    struct FIDCases: SuiteExplorer {
      let suite = "leeep.fid"
      func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
        ExploreCase(
          suite: suite, input: .string("cAbCdEfGhIjKlMnOpQr_-0" + (random.chance(1, in: 2) ? "\n" : "")), context: [:])
      }
    }
    let report = ExploreEngine(
      explorers: [FIDCases()], samples: [:], target: NewlineFID(),
      settings: ExploreSettings(seed: 3, budget: .cases(100))
    ).run()
    let finding = try #require(report.findings.first)
    let files = try ExploreOutput.write(report, subject: .init(name: "fid-port", version: "1.0"), to: folder.path)
    #expect(files == ["vectors/explored-leeep-fid.json"])
    let lint = try VectorLint().lint(roots: [folder.path + "/vectors"])
    #expect(lint.problems.isEmpty, "\(lint.problems)")
    #expect(lint.tests == 1)
    let file = try JSONParser().parse(Array(try folder.read("vectors/explored-leeep-fid.json").utf8))
    let test = try #require(file.objectValue?["tests"]?.arrayValue?.first?.objectValue)
    // Shrunk to the newline alone, which the bug strips and accepts.
    #expect(finding.minimal.input == "\n")
    let id = ExploreOutput.testID(for: finding.minimal)
    #expect(test["id"] == .string(id))
    #expect(id.hasPrefix("explored-fid-") && id.count == "explored-fid-".count + 12)
    #expect(test["tags"] == ["explored"])
    #expect(test["expect"] == ["result": "reject", "error": "invalid_fid"])
    #expect(test["context"] == nil)
    #expect(
      test["description"]
        == .string(
          #"Found by conformance explore: the reference rejects it with invalid_fid; fid-port 1.0 accepts it with output "" (result: expected reject, got accept)."#
        ))
    // The same minimal case, the same id; another case, another id.
    #expect(ExploreOutput.testID(for: finding.minimal) == id)
    var other = finding.minimal
    other.input = "x"
    #expect(ExploreOutput.testID(for: other) != id)
    // The summaries are written beside the vectors, and the Markdown escapes what it quotes.
    let summary = try JSONParser().parse(Array(try folder.read("summary.json").utf8))
    #expect(summary.objectValue?["casesRun"] == 100)
    #expect(summary.objectValue?["files"] == ["vectors/explored-leeep-fid.json"])
    let markdown = try folder.read("summary.md")
    #expect(markdown.contains("| leeep.fid | result | reject invalid\\_fid | accept | "))
  }

  @Test func markdownEscapesAnImplementationsName() {
    let report = ExploreReport(settings: ExploreSettings(seed: 1, budget: .cases(1)), suites: [])
    let markdown = ExploreOutput.markdown(
      report, subject: .init(name: "<script>|*x*", version: nil), files: [])
    #expect(markdown.hasPrefix("# conformance explore against &lt;script&gt;\\|\\*x\\*\n"))
  }
}

/// The command end to end: exit statuses, files, replay, with the shipped explorers.
@Suite(.serialized) struct ExploreCommandTests {
  func conformance(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
    let captured = CapturedConsole()
    let status = ConformanceCommand.main(arguments: arguments, console: captured.console)
    return (status, captured.output, captured.error)
  }

  var vectors: String { packageRoot() + "/Vectors" }

  @Test func usageMistakesExitTwo() throws {
    let folder = try TemporaryFolder("explore-usage")
    defer { folder.remove() }
    let cases: [([String], String)] = [
      ([], "conformance explore: --out DIR is required: where the vector files and the summaries go"),
      (
        ["--out", folder.path, "--time", "1", "--cases", "5"],
        "conformance explore: --time and --cases are alternatives; give one"
      ),
      (
        ["--out", folder.path, "--cases", "0"],
        "conformance explore: --cases needs a whole number of at least 1, got '0'"
      ),
      (
        ["--out", folder.path, "--seed", "-1"],
        "conformance explore: --seed needs a whole number from 0 to 18446744073709551615, got '-1'"
      ),
      (
        ["--replay", folder.path, "--seed", "1"],
        "conformance explore: --seed does not go with --replay (it runs DIR's cases as they are)"
      ),
      (
        ["--out", folder.path, "--suite", "leeep.fidd"],
        "conformance explore: --suite: no explorer for suite 'leeep.fidd' (did you mean 'leeep.fid'?); suites: "
          + SuiteExplorers.all.map(\.suite).joined(separator: ", ")
      ),
    ]
    for (arguments, message) in cases {
      let result = conformance(["explore"] + arguments)
      #expect(result.status == 2)
      #expect(result.error.hasPrefix(message + "\n"), "\(result.error)")
    }
  }

  @Test func theReferenceExploredInProcessDiffersFromItselfNowhere() throws {
    let loader = VectorLoader()
    var samples: [String: [ExploreCase]] = [:]
    for location in try loader.discover(root: vectors) {
      let file = try loader.load(location).get()
      for test in file.tests {
        samples[file.suite, default: []].append(
          ExploreCase(suite: file.suite, input: test.input, context: test.context))
      }
    }
    let report = ExploreEngine(
      explorers: SuiteExplorers.all, samples: samples, target: ReferenceImplementation(),
      settings: ExploreSettings(seed: 11, budget: .cases(34_000), jobs: 2)
    ).run()
    #expect(report.casesRun == 34_000)
    #expect(report.casesPerSuite.count == SuiteExplorers.all.count)
    #expect(report.findings.isEmpty)
    #expect(report.adapterErrors.count == 0)
    #expect(report.unusableContexts.count == 0, "\(report.unusableContexts.examples.map(\.message))")
  }

  @Test func anUnwritableOutFolderExitsTwoBeforeExploring() throws {
    let folder = try TemporaryFolder("explore-unwritable")
    defer { folder.remove() }
    let file = try folder.write("file", "x")
    let result = conformance(["explore", "--out", file + "/out", "--cases", "10", "--vectors", vectors])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix("conformance explore: --out: cannot write \(file)/out/summary.json"), "\(result.error)")
    #expect(!result.error.contains("cases in"))
  }

  @Test func againstTheReferenceAloneNothingIsFound() throws {
    let folder = try TemporaryFolder("explore-reference")
    defer { folder.remove() }
    let result = conformance([
      "explore", "--out", folder.path, "--cases", "20000", "--seed", "5", "--jobs", "2", "--vectors", vectors,
    ])
    #expect(result.status == 0, "\(result.output)\n\(result.error)")
    #expect(result.output.contains("20000 cases in "))
    #expect(result.output.contains(": 0 with a context the reference cannot use\n"))
    #expect(try folder.list("").sorted() == ["summary.json", "summary.md"])
  }

  @Test func aPlantedBugIsFoundWrittenAndReplayed() throws {
    let folder = try TemporaryFolder("explore-planted")
    defer { folder.remove() }
    let buggy = "exec python3 \(packageRoot())/Kits/python/example_adapter.py --bug trailing-newline"
    let found = conformance([
      "explore", "--adapter", buggy, "--suite", "leeep.fid", "--out", folder.path, "--cases", "3000", "--seed", "1",
      "--vectors", vectors,
    ])
    #expect(found.status == 1, "\(found.output)\n\(found.error)")
    #expect(found.output.contains("FAIL leeep.fid explored-fid-"))
    #expect(found.output.contains("\n  input:    \"caaaaaaaaaaaaaaaaaaaaa\\n\"\n"))
    #expect(found.output.contains("\n  expected: {\"result\": \"reject\", \"error\": \"invalid_fid\"}\n"))
    let lint = try VectorLint().lint(roots: [folder.path + "/vectors"])
    #expect(lint.problems.isEmpty, "\(lint.problems)")
    #expect(lint.tests >= 1)
    // The minimal case fails the buggy adapter and passes the reference and the fixed adapter.
    let still = conformance(["explore", "--replay", folder.path, "--adapter", buggy])
    #expect(still.status == 1, "\(still.output)\n\(still.error)")
    #expect(still.output.contains("still differ"))
    let reference = conformance(["explore", "--replay", folder.path])
    #expect(reference.status == 0, "\(reference.output)\n\(reference.error)")
    let fixed = conformance([
      "explore", "--replay", folder.path, "--adapter", "exec python3 \(packageRoot())/Kits/python/example_adapter.py",
    ])
    #expect(fixed.status == 0, "\(fixed.output)\n\(fixed.error)")
    #expect(fixed.output.hasSuffix(" as expected, 0 still differ\n"))
    // run agrees: the file as a vectors root fails the buggy adapter.
    let run = conformance([
      "run", "--vectors", folder.path + "/vectors", "--adapter", buggy, "--junit", folder.path + "/junit.xml",
    ])
    #expect(run.status == 1, "\(run.output)\n\(run.error)")
  }

  /// Each run replaces the vector files of an earlier run in the same `--out`: a suite with no
  /// finding this time has no file left, so DIR/vectors (and --replay DIR) is this run's alone.
  @Test func anEarlierRunsVectorFilesAreReplaced() throws {
    let folder = try TemporaryFolder("explore-earlier")
    defer { folder.remove() }
    let example = "exec python3 \(packageRoot())/Kits/python/example_adapter.py"
    let common = ["--suite", "leeep.fid", "--out", folder.path, "--cases", "500", "--seed", "1", "--vectors", vectors]
    let buggy = conformance(["explore", "--adapter", example + " --bug trailing-newline"] + common)
    #expect(buggy.status == 1, "\(buggy.output)\n\(buggy.error)")
    #expect(try folder.list("vectors") == ["explored-leeep-fid.json"])
    // A file of another suite, as an earlier run against another adapter would have left it.
    let other = try folder.write(
      "vectors/explored-leeep-user-id.json", try folder.read("vectors/explored-leeep-fid.json"))
    let fixed = conformance(["explore", "--adapter", example] + common)
    #expect(fixed.status == 0, "\(fixed.output)\n\(fixed.error)")
    #expect(try folder.list("vectors") == [])
    #expect(!folder.exists("vectors/explored-leeep-user-id.json"), "\(other)")
    #expect(try folder.read("summary.json").contains("\"files\": []"))
    let replay = conformance(["explore", "--replay", folder.path])
    #expect(replay.status == 2, "nothing was checked: \(replay.output)\n\(replay.error)")
  }

  /// A `--out` whose vectors folder holds what explore did not write, or is no folder, is refused
  /// before the search (exit 2), naming the file and the problem; nothing is removed.
  @Test func anOutFolderExploreCannotReplaceExitsTwoBeforeExploring() throws {
    let folder = try TemporaryFolder("explore-foreign")
    defer { folder.remove() }
    let arguments = ["explore", "--out", folder.path, "--cases", "10", "--vectors", vectors]
    let notes = try folder.write("vectors/notes.txt", "mine")
    _ = try folder.write("vectors/explored-leeep-fid.json", "{}")
    _ = try folder.write("vectors/.hidden", "ignored")
    var result = conformance(arguments)
    #expect(result.status == 2)
    #expect(
      result.error
        == "conformance explore: --out: \(notes) is not a vector file of explore's; \(folder.path)/vectors holds explore's vector files only, replaced by each run: move it or give another --out\n",
      "\(result.error)")
    #expect(try folder.read("vectors/notes.txt") == "mine")
    #expect(try folder.read("vectors/explored-leeep-fid.json") == "{}")
    #expect(!folder.exists("summary.json"))

    try FileManager.default.removeItem(atPath: notes)
    _ = try folder.write("vectors/explored-leeep-user-id.json/inside", "x")
    result = conformance(arguments)
    #expect(result.status == 2)
    #expect(
      result.error
        == "conformance explore: --out: \(folder.path)/vectors/explored-leeep-user-id.json is not a file; explore would replace it with a vector file: remove it or give another --out\n",
      "\(result.error)")

    try FileManager.default.removeItem(atPath: folder.path + "/vectors")
    _ = try folder.write("vectors", "a file")
    result = conformance(arguments)
    #expect(result.status == 2)
    #expect(
      result.error
        == "conformance explore: --out: \(folder.path)/vectors is not a folder; explore writes its vector files there: remove it or give another --out\n",
      "\(result.error)")
    #expect(try folder.read("vectors") == "a file")
  }

  @Test func anAdapterThatCannotStartExitsTwo() throws {
    let folder = try TemporaryFolder("explore-nostart")
    defer { folder.remove() }
    let result = conformance([
      "explore", "--adapter", "exit 3", "--out", folder.path, "--cases", "10", "--timeout", "5",
    ])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "conformance explore: --adapter: adapter `exit 3` exited with status 3 without answering the hello"),
      "\(result.error)")
  }
}
