import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// Six FID tests: three tagged `valid` (ids `valid.N`), three tagged `invalid` (`invalid.N`).
func sixFIDTests() -> String {
  let valid = (0..<3).map {
    #"{"id": "valid.\#($0)", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-\#($0)", "expect": {"result": "accept"}}"#
  }
  let invalid = (0..<3).map {
    #"{"id": "invalid.\#($0)", "tags": ["invalid"], "input": \#($0), "expect": {"result": "reject", "error": "not_a_string"}}"#
  }
  return fidFile((valid + invalid).joined(separator: ","))
}

@Suite struct SelectionAndShardTests {
  @Test func aSelectionMatchingNoTestIsACommandLineErrorNamingTheFilters() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", sixFIDTests())
    let base = ["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"]
    let tag = conformance(base + ["--tag", "invalud"])
    #expect(tag.status == 2)
    #expect(
      tag.error.contains(
        "conformance run: no test matches the selection --tag invalud: nothing was checked (did you mean --tag invalid?)\n"
      ))
    let id = conformance(base + ["--id", "nomatch*"])
    #expect(id.status == 2)
    #expect(id.error.contains("no test matches the selection --id nomatch*: nothing was checked"))
    let excluded = conformance(base + ["--suite", "leeep.fid", "--exclude-tag", "valid", "--exclude-tag", "invalid"])
    #expect(excluded.status == 2)
    #expect(
      excluded.error.contains(
        "no test matches the selection --suite leeep.fid --exclude-tag valid --exclude-tag invalid"))
    let json = try folder.write("empty.json", "")
    _ = conformance(base + ["--tag", "nothing", "--report-json", json])
    let report = try String(contentsOfFile: json, encoding: .utf8)
    #expect(report.contains(#""status": "no-tests""#) && report.contains(#""exitStatus": 2"#))
  }

  @Test func aRunWhoseSelectedTestsAreAllInSuitesTheAdapterLacksChecksNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write("adapter.py", pythonFIDAdapter)
    try folder.write("v/fid.json", sixFIDTests())
    try folder.write(
      "v/user.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "d", "tests": [{"id": "u", "input": "x", "expect": {"result": "accept"}}]}"#
    )
    let base = [
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "python3 \(script)",
    ]
    let lacking = conformance(base + ["--suite", "leeep.user-id"])
    #expect(lacking.status == 2)
    // The adapter's hello already shows it: a command-line error before any test runs.
    #expect(
      lacking.error.contains(
        "(python-fid) implements none of the selected suites (it implements leeep.fid; selected: leeep.user-id)"))
    #expect(conformance(base).status == 0, "a suite it lacks beside one it has is skipped as before")
  }

  @Test func anEmptyCorpusChecksNothingAndExitsTwo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/v", withIntermediateDirectories: true)
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"])
    #expect(result.status == 2)
    #expect(result.error.contains("no test found under \(folder.path)/v: nothing was checked"))
  }

  @Test func excludesLeaveOutTagsAndIDs() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", sixFIDTests())
    let base = ["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"]
    #expect(conformance(base + ["--exclude-tag", "invalid"]).output.contains("\n3 passed, 0 failed\n"))
    #expect(
      conformance(base + ["--exclude-id", "valid.*", "--exclude-id", "invalid.2"]).output.contains(
        "\n2 passed, 0 failed\n"))
  }

  @Test func shardReportsCarryShardCorpusAndSelectionAndMergeRefusesAnIncompleteSet() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", sixFIDTests())
    var junit: [String] = []
    var json: [String] = []
    for k in 1...3 {
      junit.append(folder.path + "/s\(k).xml")
      json.append(folder.path + "/s\(k).json")
      let status = conformance([
        "run", "--vectors", folder.path + "/v", "--shard", "\(k)/3", "--junit", junit[k - 1], "--report-json",
        json[k - 1],
      ]).status
      #expect(status == 0)
    }
    let shard2 = try String(contentsOfFile: junit[1], encoding: .utf8)
    #expect(shard2.contains(#"<property name="shard" value="2/3"/>"#))
    #expect(shard2.contains(#"<property name="corpus-digest" value=""#))
    #expect(shard2.contains(#"<property name="selection-digest" value=""#))

    let out = folder.path + "/merged.xml"
    let partial = conformance(["merge", out, junit[0], junit[1]])
    #expect(partial.status == 2)
    #expect(
      partial.error
        == "conformance merge: incomplete set of shards: shard 3 of 3 is missing (given: 1/3 \(junit[0]), 2/3 \(junit[1]))\n"
    )
    #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
    let repeated = conformance(["merge", out, junit[0], junit[1], junit[1], junit[2]])
    #expect(repeated.status == 2)
    #expect(repeated.error.contains("shard 2/3 is given 2 times: \(junit[1]), \(junit[1])"))

    let whole = conformance(["merge", out, junit[2], junit[0], junit[1]])
    #expect(whole.status == 0)
    #expect(whole.output.contains("6 passed, 0 failed"))
    let merged = try String(contentsOfFile: out, encoding: .utf8)
    #expect(!merged.contains(#"name="shard""#), "a merged report is no shard")
    #expect(merged.contains(#"name="corpus-digest""#))

    // An unsharded report, or a shard of other filters, does not complete a set.
    let unsharded = folder.path + "/all.xml"
    _ = conformance(["run", "--vectors", folder.path + "/v", "--junit", unsharded])
    let mixed = conformance(["merge", out, junit[0], unsharded])
    #expect(mixed.status == 2)
    #expect(
      mixed.error.contains(
        "cannot merge shard reports with other reports: \(unsharded) is not from `conformance run --shard K/N`"))
    let other = folder.path + "/other.xml"
    _ = conformance([
      "run", "--vectors", folder.path + "/v", "--shard", "3/3", "--tag", "valid", "--junit", other,
    ])
    let different = conformance(["merge", out, junit[0], junit[1], other])
    #expect(different.status == 2)
    #expect(different.error.contains("\(other) ran with a different selection"))

    // The JSON reports merge too, into the unsharded run's counts.
    let mergedJSON = folder.path + "/merged.json"
    let jsonPartial = conformance(["merge", "--json", mergedJSON, json[0], json[2]])
    #expect(jsonPartial.status == 2)
    #expect(jsonPartial.error.contains("incomplete set of shards: shard 2 of 3 is missing"))
    let jsonWhole = conformance(["merge", "--json", mergedJSON, json[0], json[1], json[2]])
    #expect(jsonWhole.status == 0)
    let allJSON = folder.path + "/all.json"
    _ = conformance(["run", "--vectors", folder.path + "/v", "--junit", unsharded, "--report-json", allJSON])
    let mergedValue = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: mergedJSON)))
    let allValue = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: allJSON)))
    let a = try #require(mergedValue as? [String: Any])
    let b = try #require(allValue as? [String: Any])
    for key in ["totals", "suites", "tags", "files", "selection", "corpus", "status"] {
      #expect(NSDictionary(dictionary: ["v": a[key]!]).isEqual(to: ["v": b[key]!]), "\(key) differs")
    }
  }

  /// Every shard judges a stale expectations entry alike; shard 1 alone reports it, so the
  /// shards' reports merge and the merged report holds it once.
  @Test func theShardsOfARunWithAStaleEntryMergeWithTheEntryOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", sixFIDTests())
    let list = try folder.write(
      "x.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "gone", "reason": "fixed"}]}"#
    )
    var junit: [String] = []
    for shard in 1...2 {
      let path = folder.path + "/shard-\(shard).xml"
      let result = conformance([
        "run", "--vectors", folder.path + "/v", "--shard", "\(shard)/2", "--junit", path, "--expectations", list,
      ])
      #expect(result.status == 1, "every shard sees the stale entry")
      junit.append(path)
    }
    let out = folder.path + "/merged.xml"
    let merged = conformance(["merge", out] + junit)
    #expect(merged.status == 1, "\(merged.error)")
    let report = try XMLReadBack(path: out)
    #expect(report.count("//testsuite[@name='expectations']/testcase") == 1)
    #expect(report.string("/testsuites/@tests") == "7")
  }
}
