import ConformanceCommands
import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// Between-runs features that must not read green for a run that failed or checked nothing: the
/// merge of an interrupted shard, the merge of a shard whose ids and totals disagree, `diff`
/// against a run that proves nothing, and `--fail-on new-failures` on a run stopped early.
@Suite struct BetweenRunsTrustTests {
  func json(_ path: String) throws -> JSONObject {
    try #require(try JSONParser().parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8)).objectValue)
  }

  func write(_ object: JSONObject, to path: String) throws {
    try (JSONSerializer.pretty.string(from: .object(object)) + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
  }

  /// An accepted FID test named `id`.
  func accepted(_ id: String) -> String {
    #"{"id": "\#(id)", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}}"#
  }

  /// The same input, expected (wrongly: the rule accepts 22 characters) to be rejected.
  func wronglyRejected(_ id: String) -> String {
    #"{"id": "\#(id)", "tags": ["invalid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "reject", "error": "invalid_fid"}}"#
  }

  /// Shard 2 of 2 stopped by SIGTERM in the middle of its second file, shard 1 finished: the
  /// JSON merge says `interrupted` and exits 1, as the JUnit merge of the same shards does; and
  /// `diff` refuses the interrupted shard and the merged report as either side.
  @Test func aMergedSetWithAnInterruptedShardIsInterruptedInBothFormats() throws {
    let binary = packageRoot() + "/.build/debug/conformance"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "swift build first: \(binary)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/a.json", fidFile(accepted("a0")))
    try folder.write("v/b.json", fidFile((0..<200).map { accepted("b\($0)") }.joined(separator: ",")))
    let marker = folder.path + "/in-b"
    // An adapter named `slow` that accepts every input, SECONDS apart; it touches MARKER at its
    // third request.
    let adapter = try folder.write(
      "adapter.py",
      """
      import json, sys, time
      seconds, marker = float(sys.argv[1]), sys.argv[2]
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "slow", "suites": ["leeep.fid"]}), flush=True)
              continue
          if request["id"] == 3:
              open(marker, "w").close()
          time.sleep(seconds)
          print(json.dumps({"id": request["id"], "result": "accept", "output": request["input"]}), flush=True)
      """)
    func arguments(_ shard: Int, seconds: String) -> [String] {
      [
        "run", "--vectors", folder.path + "/v", "--shard", "\(shard)/2", "--junit", folder.path + "/s\(shard).xml",
        "--report-json", folder.path + "/s\(shard).json", "--timeout", "60",
        "--adapter", "exec python3 \(adapter) \(seconds) \(folder.path)/unused-\(shard)",
      ]
    }
    let first = conformance(arguments(1, seconds: "0"))
    #expect(first.status == 0, "\(first.output)\(first.error)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments(2, seconds: "0.5").dropLast() + ["exec python3 \(adapter) 0.5 \(marker)"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(5_000) }
    usleep(200_000)
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 143)
    let shard2 = folder.path + "/s2.json"
    #expect(try json(shard2)["statusReason"]?.stringValue == "interrupted by SIGTERM after 1 of 2 files")

    let junit = conformance(["merge", folder.path + "/m.xml", folder.path + "/s1.xml", folder.path + "/s2.xml"])
    #expect(junit.status == 1)
    let mergedXML = try XMLReadBack(path: folder.path + "/m.xml")
    #expect(
      mergedXML.string("//testcase[@name='interrupted']/error/@message") == "interrupted by SIGTERM after 1 of 2 files")

    let merged = folder.path + "/m.json"
    let result = conformance(["merge", "--json", merged, folder.path + "/s1.json", shard2])
    #expect(result.status == junit.status, "\(result.output)\(result.error)")
    let reason = "shard 2/2 (\(shard2)): interrupted by SIGTERM after 1 of 2 files"
    #expect(result.output.contains("\ninterrupted, so not every test ran: \(reason)\n"), "\(result.output)")
    let report = try json(merged)
    #expect(report["status"]?.stringValue == "interrupted")
    #expect(report["exitStatus"]?.numberValue?.intValue == 1)
    #expect(report["statusReason"]?.stringValue == reason)
    #expect(
      report["interruption"]
        == [
          "signal": "SIGTERM", "filesDone": .number(JSONNumber(1)), "fileCount": .number(JSONNumber(2)),
          "message": .string(reason),
        ])
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(.object(report)) == [])

    // Neither the interrupted shard nor the merged set is a run to compare, on either side.
    let green = folder.path + "/s1.json"
    let interrupted = "interrupted by SIGTERM after 1 of 2 files"
    for (old, new, named, words) in [
      (green, shard2, shard2, interrupted), (shard2, green, shard2, interrupted), (green, merged, merged, reason),
    ] {
      let diff = conformance(["diff", old, new])
      #expect(diff.status == 2)
      #expect(
        diff.error
          == "conformance diff: \(named): not a run to compare: it was interrupted (\(words)), so the tests it never ran would read as removed\n"
      )
      #expect(diff.output == "")
    }
  }

  /// A shard whose `results` list ids its totals do not count, or a test twice, or a test
  /// another shard owns, is refused naming the file; nothing is written.
  @Test func aShardWhoseIdsDisagreeWithItsTotalsIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shards = try NeverGreenTests().shardReports(folder)
    let original = try json(shards[0])
    let totals = try #require(original["totals"]?.objectValue)
    func count(_ key: String) -> Int { totals[key]?.numberValue?.intValue ?? -1 }
    let groups = try #require(original["results"]?.arrayValue?.compactMap { $0.objectValue })
    let firstPassed = try #require(groups[0]["passed"]?.arrayValue?.first?.stringValue)

    func refused(_ forged: JSONObject) throws -> String {
      try write(forged, to: shards[0])
      let result = conformance(["merge", "--json", folder.path + "/bad.json"] + shards)
      #expect(result.status == 2)
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/bad.json"))
      return result.error
    }
    let suffix = "; a report whose counts do not add up cannot be merged\n"

    // A failing id the totals do not count.
    var forged = original
    var group = groups[0]
    group["failed"] = .array((group["failed"]?.arrayValue ?? []) + ["forged.1"])
    forged["results"] = .array([.object(group)] + groups.dropFirst().map(JSONValue.object))
    let failing = count("failed") + count("errored")
    #expect(
      try refused(forged)
        == "conformance merge: \(shards[0]): refused: totals.failed + totals.errored is \(failing), but its `results` list \(failing + 1) failing (failed or errored) test ids"
        + suffix)

    // A passed id moved to failed: the failing count is one over, the passed one under.
    group = groups[0]
    group["passed"] = .array((group["passed"]?.arrayValue ?? []).filter { $0.stringValue != firstPassed })
    group["failed"] = .array((group["failed"]?.arrayValue ?? []) + [.string(firstPassed)])
    forged["results"] = .array([.object(group)] + groups.dropFirst().map(JSONValue.object))
    #expect(
      try refused(forged)
        == "conformance merge: \(shards[0]): refused: totals.passed is \(count("passed")), but its `results` list \(count("passed") - 1) passed test ids"
        + suffix)

    // One id listed twice.
    group = groups[0]
    group["passed"] = .array((group["passed"]?.arrayValue ?? []) + [.string(firstPassed)])
    group["skipped"] = .array([])
    forged["results"] = .array([.object(group)] + groups.dropFirst().map(JSONValue.object))
    #expect(
      try refused(forged)
        == "conformance merge: \(shards[0]): refused: `results` lists leeep.fid \(firstPassed) of reference twice"
        + suffix)

    // The failures list names a test the ids say passed (the counts all agree): the shard that
    // holds the failing test swaps it with a passed one in its ids.
    try write(original, to: shards[0])
    let failingShard = try #require(
      try shards.first { try !(json($0)["failures"]?.arrayValue ?? []).isEmpty })
    var failingReport = try json(failingShard)
    var swapped = try #require(failingReport["results"]?.arrayValue?.compactMap { $0.objectValue })
    let failedID = try #require(swapped[0]["failed"]?.arrayValue?.first?.stringValue)
    let passedID = try #require(swapped[0]["passed"]?.arrayValue?.first?.stringValue)
    swapped[0]["failed"] = .array([.string(passedID)])
    swapped[0]["passed"] = .array(
      (swapped[0]["passed"]?.arrayValue ?? []).map { $0.stringValue == passedID ? .string(failedID) : $0 })
    failingReport["results"] = .array(swapped.map(JSONValue.object))
    let failingOriginal = try String(contentsOfFile: failingShard, encoding: .utf8)
    try write(failingReport, to: failingShard)
    let result = conformance(["merge", "--json", folder.path + "/bad.json"] + shards)
    #expect(result.status == 2)
    #expect(
      result.error
        == "conformance merge: \(failingShard): refused: its failures list leeep.fid \(failedID) of reference, which its `results` do not list as failing"
        + suffix)
    try failingOriginal.write(toFile: failingShard, atomically: true, encoding: .utf8)

    // Shard 1's report again, stamped shard 2: every count agrees, but the tests overlap.
    var copy = original
    var selection = try #require(copy["selection"]?.objectValue)
    selection["shard"] = "2/2"
    copy["selection"] = .object(selection)
    let twin = folder.path + "/twin.json"
    try write(copy, to: twin)
    let overlap = conformance(["merge", "--json", folder.path + "/bad.json", shards[0], twin])
    #expect(overlap.status == 2)
    #expect(
      overlap.error
        == "conformance merge: \(twin): refused: `results` lists leeep.fid \(firstPassed) of reference, which \(shards[0]) lists too (shards own disjoint tests)"
        + suffix)
  }

  /// `diff` refuses a NEW (or OLD) that selected nothing or whose files did not load, naming it
  /// and why; two trustworthy reports still compare.
  @Test func diffRefusesARunThatProvesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/a.json", fidFile(accepted("a0")))
    let old = folder.path + "/old.json"
    #expect(
      conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--report-json", old])
        .status == 0)

    let nothing = folder.path + "/nothing.json"
    let none = conformance([
      "run", "--vectors", folder.path + "/v", "--tag", "unicod", "--junit", folder.path + "/j.xml", "--report-json",
      nothing,
    ])
    #expect(none.status == 2)
    try folder.write("broken/a.json", "{\"format\": ")
    let unloadable = folder.path + "/unloadable.json"
    let broken = conformance([
      "run", "--vectors", folder.path + "/broken", "--junit", folder.path + "/j.xml", "--report-json", unloadable,
    ])
    #expect(broken.status == 2)

    let cases = [
      (
        old, nothing, nothing,
        "it checked nothing (no test matches the selection --tag unicod: nothing was checked (did you mean --tag unicode?))"
      ),
      (
        old, unloadable, unloadable,
        "1 vector file could not be loaded, so the tests of what did not load would read as removed"
      ),
      (
        unloadable, old, unloadable,
        "1 vector file could not be loaded, so the tests of what did not load would read as removed"
      ),
    ]
    for (before, after, named, reason) in cases {
      let diff = conformance(["diff", before, after, "--json", folder.path + "/diff.json"])
      #expect(diff.status == 2)
      #expect(diff.error == "conformance diff: \(named): not a run to compare: \(reason)\n")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/diff.json"))
    }
    #expect(conformance(["diff", old, old]).status == 0)
  }

  /// `--max-failures` stops a run at an old failure before it reaches a new one: it cannot know
  /// that every failure is old, so `--fail-on new-failures` does not make it green.
  @Test func failOnNewFailuresDoesNotGateARunStoppedEarly() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/a.json", fidFile(wronglyRejected("a.old")))
    try folder.write("v/b.json", fidFile(accepted("b.fine")))
    let reports = ["--junit", folder.path + "/j.xml"]
    let first = conformance(
      ["run", "--vectors", folder.path + "/v", "--report-json", folder.path + "/first.json"] + reports)
    #expect(first.status == 1)
    // b.fine now fails: a new failure, after the old one.
    try folder.write("v/b.json", fidFile(wronglyRejected("b.fine")))
    let gate = ["--compare", folder.path + "/first.json", "--fail-on", "new-failures"]
    let stopped = conformance(["run", "--vectors", folder.path + "/v", "--max-failures", "1"] + gate + reports)
    #expect(stopped.status == 1, "\(stopped.output)")
    #expect(
      stopped.output.contains(
        "\n--fail-on new-failures: the run stopped at problem 1 (--max-failures 1) before every test ran, so it cannot tell that every failure is old: the run exits 1\n"
      ))
    #expect(!stopped.output.contains("every failure is an old one"))
    // Run to the end, the new failure is found.
    #expect(conformance(["run", "--vectors", folder.path + "/v"] + gate + reports).status == 1)
  }
}
