import ConformanceTestSupport
import Foundation
import Testing

/// The front door stays short (the README at most 8,000 characters, docs/benchmarks.md at most
/// 150 lines: detail lives in docs/, history in git), and the speed gate CI runs judges its
/// measurements against the committed thresholds as Benchmarks/speed_gate.py says.
@Suite struct FrontDoorTests {
  @Test func theReadmeIsAtMost8000Characters() throws {
    let readme = try String(contentsOfFile: packageRoot() + "/README.md", encoding: .utf8)
    let characters = readme.unicodeScalars.count
    #expect(characters <= 8000, "README.md is \(characters) characters: move detail into docs/ (at most 8,000)")
  }

  @Test func theBenchmarksPageIsAtMost150Lines() throws {
    let page = try String(contentsOfFile: packageRoot() + "/docs/benchmarks.md", encoding: .utf8)
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).count - (page.hasSuffix("\n") ? 1 : 0)
    #expect(
      lines <= 150,
      "docs/benchmarks.md is \(lines) lines: keep today's figures there and the rounds in git (at most 150)")
  }

  /// Runs Benchmarks/speed_gate.py on given measurements against given thresholds.
  static func judge(runs: String, thresholds: String) throws -> (status: Int32, output: String, errors: String) {
    let folder = try TemporaryFolder("speed-gate")
    defer { folder.remove() }
    let measured = try folder.write("measured.json", #"{"runs": \#(runs)}"#)
    let limits = try folder.write("thresholds.json", thresholds)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", packageRoot() + "/Benchmarks/speed_gate.py", "--measured", measured, "--thresholds", limits,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complained = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed, complained)
  }

  static let thresholds = """
    {"corpus": {"generator": "Benchmarks/corpus.py", "vectors": 10000, "seed": 1},
     "instructions": {"threshold": 100000000, "tolerance": 0.01},
     "allocations": {"threshold": 40000, "tolerance": 0.01}}
    """

  @Test func aRegressionBeyondTheToleranceFailsTheGateSayingWhatToDo() throws {
    let result = try Self.judge(
      runs:
        #"[{"instructions": 103000000, "allocations": 40000}, {"instructions": 99000000, "allocations": 40100}, {"instructions": 104000000, "allocations": 40000}]"#,
      thresholds: Self.thresholds)
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix(
        "speed gate: FAILED: instructions 103,000,000 is 3.0% over the threshold 100,000,000 (tolerance 1.0%).\n"
          + "Find what made the run do more: `valgrind --tool=callgrind`"),
      "\(result.errors)")
    #expect(result.errors.contains("rerun `Benchmarks/speed-gate.sh --update` and commit Benchmarks/speed-gate.json"))
    #expect(
      result.output.contains("instructions       100,000,000       1.0%      103,000,000    +3.0%"), "\(result.output)")
  }

  @Test func aMeasurementWithinTheTolerancePasses() throws {
    let result = try Self.judge(
      runs: #"[{"instructions": 100900000, "allocations": 40399}]"#, thresholds: Self.thresholds)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasSuffix("speed gate: passed\n"), "\(result.output)")
  }

  @Test func thresholdsOfAnotherCorpusAreRefused() throws {
    let result = try Self.judge(
      runs: #"[{"instructions": 1, "allocations": 1}]"#,
      thresholds: Self.thresholds.replacingOccurrences(of: #""seed": 1"#, with: #""seed": 2"#))
    #expect(result.status == 2)
    #expect(result.errors.contains("was measured on another corpus"), "\(result.errors)")
  }

  /// The committed thresholds are for the gate's corpus, and CI runs the gate after the main job.
  @Test func ciRunsTheGateAgainstTheCommittedThresholds() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot() + "/Benchmarks/speed-gate.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let corpus = try #require(document["corpus"] as? [String: Any])
    #expect(corpus["vectors"] as? Int == 10000 && corpus["seed"] as? Int == 1)
    for metric in ["instructions", "allocations"] {
      let entry = try #require(document[metric] as? [String: Any], "\(metric)")
      #expect((entry["threshold"] as? Int ?? 0) > 0 && (entry["tolerance"] as? Double ?? 0) > 0, "\(metric)")
    }
    let ci = try String(contentsOfFile: packageRoot() + "/.ci/run", encoding: .utf8)
    let mainJob = try #require(ci.range(of: "swift run -c release conformance run \\"))
    let gate = try #require(ci.range(of: "\nBenchmarks/speed-gate.sh\n"))
    #expect(mainJob.upperBound < gate.lowerBound)
  }
}
