import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// The command line of `--compare`, `--history`, `--fail-on` and `diff`: what is refused and how
/// it is said (the comparison itself: BetweenRunsTests, RunComparisonTests).
@Suite struct BetweenRunsCommandTests {
  func run(_ folder: TemporaryFolder, _ extra: [String]) -> (status: Int32, output: String, error: String) {
    conformance(
      ["run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit.xml"] + extra)
  }

  @Test func threeRunsWithHistoryLeaveAHistoryOfThree() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID + ", " + failingFID))
    for number in 1...3 {
      let result = run(folder, ["--history", folder.path + "/history"])
      #expect(result.status == 1)
      #expect(result.output.contains("\nHistory: \(folder.path)/history/history.json\n"))
      // From the second run on, compared with the one before through the history.
      #expect(result.output.contains(" 0 new failures, 0 fixed, 1 still failing, 0 new, 0 removed\n") == (number > 1))
    }
    let history = try JSONParser().parse(try folder.read("history/history.json"))
    #expect(history.objectValue?["runs"]?.arrayValue?.count == 3)
    #expect(try folder.list("history") == [".history.lock", "history.json"])
  }

  /// Two runs on one `--history` folder at once, three rounds: all six runs are recorded. Each
  /// run's adapter holds its first answer until both runs have read the history and started
  /// testing, so the two runs overlap for certain.
  @Test func concurrentRunsOnOneHistoryAreAllRecorded() throws {
    let binary = packageRoot() + "/.build/debug/conformance"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "swift build first: \(binary)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID + ", " + failingFID))
    let adapter = try folder.write(
      "adapter.py",
      """
      import json, os, sys, time
      ready, go = sys.argv[1], sys.argv[2]
      waited = False
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "echo", "suites": ["leeep.fid"]}), flush=True)
              continue
          if not waited:
              open(ready, "w").close()
              deadline = time.time() + 60
              while not os.path.exists(go) and time.time() < deadline:
                  time.sleep(0.01)
              waited = True
          print(json.dumps({"id": request["id"], "result": "accept", "output": request["input"]}), flush=True)
      """)
    for round in 1...3 {
      let go = folder.path + "/go\(round)"
      let ready = (1...2).map { folder.path + "/ready\(round).\($0)" }
      let processes = try ready.enumerated().map { number, marker -> Process in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
          "run", "--vectors", folder.path + "/vectors", "--junit", folder.path + "/junit\(number).xml", "--history",
          folder.path + "/history", "--adapter", "exec python3 \(adapter) \(marker) \(go)",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
      }
      let deadline = Date().addingTimeInterval(60)
      while !ready.allSatisfy({ FileManager.default.fileExists(atPath: $0) }), Date() < deadline { usleep(5_000) }
      FileManager.default.createFile(atPath: go, contents: nil)
      for process in processes {
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
      }
      let history = try JSONParser().parse(try folder.read("history/history.json"))
      #expect(history.objectValue?["runs"]?.arrayValue?.count == 2 * round, "round \(round)")
    }
  }

  /// An SDK keeps its name across releases and sends its release as `version`: the next release
  /// is the same implementation, compared test by test, and the change of version is said in the
  /// console, the Markdown and the JSON.
  @Test func aNewVersionOfTheSameImplementationIsStillComparedAndSaidSo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID + ", " + failingFID))
    let adapter = try folder.write(
      "adapter.py",
      """
      import os, sys
      sys.path.insert(0, sys.argv[1])
      from conformance_adapter import accept, run
      sys.exit(run(lambda suite, value, context: accept(value), name="respondo-android-sdk",
                   version=os.environ["SDK_VERSION"], suites=["leeep.fid"]))

      """)
    func release(_ version: String, _ extra: [String]) -> (status: Int32, output: String, error: String) {
      run(folder, ["--adapter", "SDK_VERSION=\(version) exec python3 \(adapter) \(packageRoot())/Kits/python"] + extra)
    }
    let note = "the version of respondo-android-sdk differs: 0.9.0 before, 0.10.0 now"
    let first = release("0.9.0", ["--history", folder.path + "/h", "--report-json", folder.path + "/old.json"])
    #expect(first.status == 1, "\(first.error)")
    for earlier in [["--history", folder.path + "/h"], ["--compare", folder.path + "/old.json"]] {
      let next = release(
        "0.10.0",
        earlier + ["--report-json", folder.path + "/new.json", "--summary-md", folder.path + "/new.md"])
      #expect(next.status == 1, "\(next.error)")
      #expect(next.output.contains(": 0 new failures, 0 fixed, 1 still failing, 0 new, 0 removed\nnote: \(note)\n"))
      let report = try JSONParser().parse(try folder.read("new.json")).objectValue
      let comparison = report?["comparison"]?.objectValue
      #expect(comparison?["differences"] == .array([.string(note)]))
      #expect(comparison?["counts"]?.objectValue?["stillFailing"] == 1)
      // The Markdown escapes the colon (its escaping is ReportText's, tested on its own).
      let markdown = try folder.read("new.md")
      #expect(markdown.contains("\n- Note: the version of respondo-android-sdk differs"))
      #expect(markdown.contains(" 0.9.0 before, 0.10.0 now\n"))
    }
  }

  @Test func aHistoryThatCannotBeReadStopsTheRunNamingIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let path = try folder.write("history/history.json", "{\"format\": \"conformance-history/1\", \"runs\": [1]}")
    let result = run(folder, ["--history", folder.path + "/history", "--report-json", folder.path + "/report.json"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --history \(path): not a conformance-history/1 file"))
    // Never silently restarted: the file is as it was, and the reports hold the error.
    #expect(try folder.read("history/history.json") == "{\"format\": \"conformance-history/1\", \"runs\": [1]}")
    #expect(try JSONParser().parse(try folder.read("report.json")).objectValue?["status"] == "load-error")
  }

  @Test func aCompareFileThatIsNotAReportStopsTheRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let result = run(folder, ["--compare", folder.path + "/missing.json"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --compare \(folder.path)/missing.json: cannot read: "))
  }

  @Test func failOnNeedsAnEarlierRunAndKnowsOneRule() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    let alone = run(folder, ["--fail-on", "new-failures"])
    #expect(alone.status == 2)
    #expect(
      alone.error.hasPrefix(
        "conformance run: --fail-on new-failures needs an earlier run to compare with: give --compare PREVIOUS.json or --history DIR\n"
      ))
    let other = run(folder, ["--fail-on", "flaky", "--history", folder.path + "/h"])
    #expect(other.error.hasPrefix("conformance run: --fail-on takes new-failures, got 'flaky'\n"))
    let sharded = run(folder, ["--history", folder.path + "/h", "--shard", "1/2"])
    #expect(sharded.status == 2)
    #expect(sharded.error.hasPrefix("conformance run: --history records whole runs, and --shard 1/2 is a part of one"))
  }

  @Test func diffRefusesWhatIsNotAReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("vectors/fid.json", fidFile(passingFID))
    #expect(run(folder, ["--report-json", folder.path + "/a.json"]).status == 0)
    let junit = conformance(["diff", folder.path + "/a.json", folder.path + "/junit.xml"])
    #expect(junit.status == 2)
    #expect(junit.error.hasPrefix("conformance diff: \(folder.path)/junit.xml: invalid JSON: line 1, column 1: "))
    let same = conformance([
      "diff", folder.path + "/a.json", folder.path + "/a.json", "--markdown", folder.path + "/d.md",
    ])
    #expect(same.status == 0)
    #expect(try folder.read("d.md").hasPrefix("## ✅ Conformance diff: 0 new failures, 0 fixed\n"))
    let one = conformance(["diff", folder.path + "/a.json"])
    #expect(one.status == 2)
    #expect(one.error.hasPrefix("conformance diff: needs two JSON reports, OLD.json and NEW.json\n"))
  }
}
