import ConformanceCommands
import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// No report reads green for a run that exited non-zero: a run that checked nothing, and every
/// command-line mistake, replace the reports they name with one that holds the error; `merge
/// --json` trusts no count it is given.
@Suite struct NeverGreenTests {
  func json(_ path: String) throws -> JSONObject {
    try #require(try JSONParser().parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8)).objectValue)
  }

  /// Green reports from an earlier run at every destination of `folder`.
  func writeGreenReports(_ folder: TemporaryFolder) throws -> [String] {
    try folder.write("v/good.json", fidFile(passingFID))
    let reports = [
      "--junit", folder.path + "/junit.xml", "--report-json", folder.path + "/report.json", "--summary-md",
      folder.path + "/summary.md",
    ]
    #expect(conformance(["run", "--vectors", folder.path + "/v"] + reports).status == 0)
    #expect(try folder.read("summary.md").contains("## ✅"))
    return reports
  }

  @Test func aSelectionThatMatchesNothingIsAnErrorInEveryReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reports = try writeGreenReports(folder)
    let result = conformance(["run", "--vectors", folder.path + "/v", "--tag", "unicod"] + reports)
    #expect(result.status == 2)
    let reason = "no test matches the selection --tag unicod: nothing was checked (did you mean --tag unicode?)"
    #expect(result.error == "conformance run: \(reason)\n")
    // The console's closing line does not read like a pass either.
    #expect(result.output.hasSuffix("\nnothing checked: 0 passed, 0 failed\n"))
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(junit.string("/testsuites/@errors") == "1")
    #expect(junit.string("/testsuites/@tests") == "1")
    #expect(junit.string("//testsuite[@name='conformance.run']/testcase/@name") == "nothing-selected")
    #expect(junit.string("//testcase[@name='nothing-selected']/error/@type") == "nothing-checked")
    #expect(junit.string("//testcase[@name='nothing-selected']/error/@message") == reason)
    let report = try json(folder.path + "/report.json")
    #expect(report["status"]?.stringValue == "no-tests")
    #expect(report["statusReason"]?.stringValue == reason)
    #expect(try folder.read("summary.md").contains("## ❌ Conformance: no test matches the selection --tag unicod"))
  }

  @Test func everyCommandLineMistakeReplacesTheReportsWithTheError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let mistakes: [([String], String)] = [
      (["--bogus"], "unknown option --bogus"),
      (["--suite", "nosuch"], "unknown suite 'nosuch'"),
      (["--shard", "3/2"], "--shard needs K/N with 1 <= K <= N, or auto, got '3/2'"),
      (["--max-failures", "0"], "--max-failures needs a whole number of at least 1, got '0'"),
      (["--junit-flavour", "weird"], "--junit-flavour is standard or strict, got 'weird'"),
      (["--show-failures", "x"], "--show-failures needs a whole number, got 'x'"),
      (["--timeout", "0"], "--timeout needs a number of seconds above 0, got '0'"),
      (["--max-file-size", "lots"], "--max-file-size needs a whole number of bytes"),
      (["stray"], "unexpected argument 'stray'"),
      (["--vectors", folder.path + "/missing"], "missing: no such file or folder"),
    ]
    for (arguments, message) in mistakes {
      let reports = try writeGreenReports(folder)
      let result = conformance(["run", "--vectors", folder.path + "/v"] + arguments + reports)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.error.contains(message), "\(arguments)")
      let junit = try XMLReadBack(path: folder.path + "/junit.xml")
      #expect(junit.string("/testsuites/@errors") == "1", "\(arguments)")
      #expect(junit.count("//testcase[not(error)]") == 0, "\(arguments)")
      #expect(
        junit.string("//testcase/error/@message")?.contains(message) == true,
        "\(arguments): \(junit.string("//testcase/error/@message") ?? "")")
      let report = try json(folder.path + "/report.json")
      #expect(report["status"]?.stringValue == "load-error", "\(arguments)")
      #expect(try folder.read("summary.md").contains("## ❌"), "\(arguments)")
    }
  }

  @Test func aCommandLineMistakeWithTheReportOptionsInEitherSpellingStillNamesThem() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try writeGreenReports(folder)
    let result = conformance([
      "run", "--bogus", "--junit=\(folder.path)/junit.xml", "--report-json", folder.path + "/report.json",
    ])
    #expect(result.status == 2)
    let junit = try XMLReadBack(path: folder.path + "/junit.xml")
    #expect(
      junit.string("//testcase/error/@message")?.hasPrefix("the command line was refused: unknown option --bogus")
        == true)
    #expect(try json(folder.path + "/report.json")["status"]?.stringValue == "load-error")
  }

  /// Two shard JSON reports of one run over two files, one of which fails a test.
  func shardReports(_ folder: TemporaryFolder) throws -> [String] {
    try folder.write("v/a.json", fidFile(passingFID + "," + failingFID))
    try folder.write(
      "v/b.json",
      fidFile(
        #"{"id": "b1", "input": "x", "expect": {"result": "reject", "error": "invalid_fid"}}, {"id": "b2", "input": "y", "expect": {"result": "reject", "error": "invalid_fid"}}, {"id": "b3", "input": "z", "expect": {"result": "reject", "error": "invalid_fid"}}"#
      ))
    var paths: [String] = []
    for shard in 1...2 {
      let path = folder.path + "/shard\(shard).json"
      _ = conformance([
        "run", "--vectors", folder.path + "/v", "--shard", "\(shard)/2", "--junit", folder.path + "/s\(shard).xml",
        "--report-json", path,
      ])
      paths.append(path)
    }
    return paths
  }

  @Test func mergeJSONRecomputesTheTotalsAndRefusesCountsThatDoNotAddUp() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shards = try shardReports(folder)
    let merged = conformance(["merge", "--json", folder.path + "/merged.json"] + shards)
    #expect(merged.status == 1)
    #expect(merged.output.hasSuffix("\n4 passed, 1 failed\n"))
    let mergedTotals = try #require(try json(folder.path + "/merged.json")["totals"]?.objectValue)
    #expect(mergedTotals["tests"]?.numberValue?.intValue == 5)
    #expect(mergedTotals["failed"]?.numberValue?.intValue == 1)

    let original = try String(contentsOfFile: shards[0], encoding: .utf8)
    let failedBefore = try #require(json(shards[0])["totals"]?.objectValue?["failed"]?.numberValue?.intValue)
    let tampered: [(String, String)] = [
      ("9223372036854775807", "totals.failed is 9223372036854775807, out of range (a count is at most 2147483647)"),
      ("18446744073709551615", "totals.failed is 18446744073709551615, out of range (a count is at most 2147483647)"),
      ("-1", "totals.failed is -1, a negative count"),
      ("2.5", "totals.failed is 2.5, not a whole number"),
      (
        String(failedBefore + 1),
        "totals.tests is \(try json(shards[0])["totals"]!.objectValue!["tests"]!.numberValue!.intValue!), but its passed, failed, errored and skipped add up to"
      ),
    ]
    for (value, reason) in tampered {
      // Only the run-level totals change: each file row still counts what the shard ran.
      var top = try json(shards[0])
      var totals = top["totals"]!.objectValue!
      totals["failed"] = .number(try #require(JSONParser().parse(Array(value.utf8)).numberValue))
      top["totals"] = .object(totals)
      try (JSONSerializer.pretty.string(from: .object(top)) + "\n").write(
        toFile: shards[0], atomically: true, encoding: .utf8)
      let result = conformance(["merge", "--json", folder.path + "/bad.json"] + shards)
      #expect(result.status == 2, "\(value)")
      #expect(
        result.error.hasPrefix("conformance merge: \(shards[0]): refused: \(reason)"), "\(value): \(result.error)")
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/bad.json"))
    }
    // Totals that agree with each other but not with the file rows.
    var top = try JSONParser().parse(Array(original.utf8)).objectValue!
    var totals = top["totals"]!.objectValue!
    for key in ["tests", "passed"] {
      totals[key] = .number(JSONNumber(totals[key]!.numberValue!.intValue! + 100))
    }
    top["totals"] = .object(totals)
    try (JSONSerializer.pretty.string(from: .object(top)) + "\n").write(
      toFile: shards[0], atomically: true, encoding: .utf8)
    let result = conformance(["merge", "--json", folder.path + "/bad.json"] + shards)
    #expect(result.status == 2)
    #expect(result.error.contains("totals.tests is"))
    #expect(result.error.contains("but its files rows add up to"))
  }
}
