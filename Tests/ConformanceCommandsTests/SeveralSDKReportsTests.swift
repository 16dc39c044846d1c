import ConformanceCommands
import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A leeep.fid adapter whose hello names a version (`android-sdk` `2.3.0`), and that answers
/// like the reference for FIDs.
let versionedFIDAdapter = #"""
  import json, re, sys
  for line in sys.stdin:
      request = json.loads(line)
      if request["type"] == "hello":
          answer = {"protocol": "conformance-adapter/2", "name": "android-sdk", "version": "2.3.0", "suites": ["leeep.fid"]}
      elif not isinstance(request["input"], str):
          answer = {"result": "reject", "error": "not_a_string"}
      elif re.fullmatch(r"[cdef][A-Za-z0-9_-]{21}", request["input"]):
          answer = {"result": "accept", "output": request["input"]}
      else:
          answer = {"result": "reject", "error": "invalid_fid"}
      if request["type"] == "evaluate":
          answer["id"] = request["id"]
      print(json.dumps(answer), flush=True)
  """#

/// What a team checking several SDKs needs from the reports: which implementation each report
/// is of, excludes that cannot silently leave nothing out, and tables of the selection only.
@Suite(.serialized) struct SeveralSDKReportsTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Six FID tests and a user-id file, so that `--suite leeep.fid` leaves one file out.
  func corpus(_ folder: TemporaryFolder) throws {
    try folder.write("v/leeep/fid/six.json", sixFIDTests())
    try folder.write(
      "v/leeep/user-id/one.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.user-id", "description": "d", "tests": [{"id": "u", "tags": ["vendor-divergence"], "input": "x", "expect": {"result": "accept", "output": "x"}}]}"#
    )
  }

  @Test func aMisspeltExcludeTagIsAnErrorWithADidYouMean() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try corpus(folder)
    let base = [
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--report-json",
      folder.path + "/r.json", "--summary-md", folder.path + "/s.md",
    ]
    let misspelt = conformance(base + ["--exclude-tag", "vendor-divergance"])
    #expect(misspelt.status == 2)
    #expect(
      misspelt.error
        == "conformance run: --exclude-tag vendor-divergance (did you mean --exclude-tag vendor-divergence?) leaves out no test of the selection: a misspelt filter checks more than was meant\n"
    )
    let report = try JSONParser().parse(try folder.read("r.json"))
    #expect(report.objectValue?["status"] == "unused-exclude")
    #expect(report.objectValue?["exitStatus"] == .number(JSONNumber(2)))
    #expect(
      report.objectValue?["unusedExcludes"]
        == .array(["--exclude-tag vendor-divergance (did you mean --exclude-tag vendor-divergence?)"]))
    let schema = try JSONParser().parse(
      try String(contentsOfFile: packageRoot() + "/docs/report.schema.json", encoding: .utf8))
    #expect(JSONSchemaValidator(schema: schema).validate(report) == [])
    #expect(
      try folder.read("s.md").hasPrefix(
        "## ❌ Conformance: --exclude-tag vendor-divergance (did you mean --exclude-tag vendor-divergence?) leaves out no test;"
      ))

    // Spelt right, it leaves the tagged test out and the run passes.
    let right = conformance(base + ["--exclude-tag", "vendor-divergence"])
    #expect(right.status == 0, "\(right.error)")
    #expect(right.output.hasSuffix("6 passed, 0 failed\n"))

    // Judged against --suite, --tag and --id: the tag is in the corpus, but not in leeep.fid.
    let outside = conformance(base + ["--suite", "leeep.fid", "--exclude-tag", "vendor-divergence"])
    #expect(outside.status == 2)
    #expect(outside.error.contains("--exclude-tag vendor-divergence leaves out no test of the selection"))
  }

  @Test func aMisspeltExcludeIDIsAnErrorNamingTheClosestID() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try corpus(folder)
    let base = ["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"]
    let misspelt = conformance(base + ["--exclude-id", "valid.O"])
    #expect(misspelt.status == 2)
    #expect(misspelt.error.contains("--exclude-id valid.O (did you mean --exclude-id valid.0?) leaves out no test"))
    let glob = conformance(base + ["--exclude-id", "nothing.*", "--exclude-id", "valid.*"])
    #expect(glob.status == 2)
    #expect(
      glob.error.contains(
        "conformance run: --exclude-id nothing.* leaves out no test of the selection"))
    #expect(conformance(base + ["--exclude-id", "valid.*"]).status == 0)
    // Every shard judges the excludes over the whole selection alike.
    for shard in ["1/3", "2/3", "3/3"] {
      #expect(conformance(base + ["--exclude-id", "valid.0", "--shard", shard]).status == 0)
      #expect(conformance(base + ["--exclude-id", "valid.O", "--shard", shard]).status == 2)
    }
    // `list` takes the same filters and refuses the same way.
    let list = conformance(["list", "--vectors", folder.path + "/v", "--exclude-tag", "invalud"])
    #expect(list.status == 2)
    #expect(list.error.contains("--exclude-tag invalud (did you mean --exclude-tag invalid?) leaves out no test"))
  }

  @Test func everyReportNamesTheImplementationWithItsVersion() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try corpus(folder)
    let script = try folder.write("adapter.py", versionedFIDAdapter)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--suite", "leeep.fid", "--adapter", "exec python3 \(script)",
      "--junit", folder.path + "/j.xml", "--report-json", folder.path + "/r.json", "--summary-md",
      folder.path + "/s.md", "--report-html", folder.path + "/r.html",
    ])
    #expect(result.status == 0, "\(result.output)\(result.error)")
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.count("//testsuite") == 1)
    #expect(junit.strings("//testsuite/properties/property[@name='implementation']/@value") == ["android-sdk 2.3.0"])
    let report = try JSONParser().parse(try folder.read("r.json"))
    #expect(report.objectValue?["implementation"] == "android-sdk")
    #expect(report.objectValue?["implementationVersion"] == "2.3.0")
    #expect(try folder.read("s.md").contains("Implementation **android-sdk 2.3.0**"))
    let html = try folder.read("r.html")
    #expect(html.contains(#"Implementation <strong id="implementation">android-sdk 2.3.0</strong>"#))
    #expect(html.contains("<title>Conformance report: android-sdk 2.3.0</title>"))

    // The reference parsers are named as `conformance serve`'s hello names them.
    _ = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/ref.xml"])
    let reference = try XMLReadBack(path: folder.path + "/ref.xml")
    let values = reference.strings("//testsuite/properties/property[@name='implementation']/@value")
    #expect(values == ["reference 0.1.0", "reference 0.1.0"])
  }

  @Test func tablesAndTheJUnitReportHoldOnlyTheSelection() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try corpus(folder)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--suite", "leeep.fid", "--junit", folder.path + "/j.xml",
      "--summary-md", folder.path + "/s.md", "--report-json", folder.path + "/r.json",
    ])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "\nsuite      passed  failed  errors  skipped\nleeep.fid       6       0       0        0\n1 file run in "))
    #expect(result.output.contains(" s (of 2 loaded)\n"))
    #expect(!result.output.contains("leeep.user-id"))
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.strings("//testsuite/@name") == ["leeep/fid/six.json"])
    #expect(junit.count("//testsuite[@tests='0']") == 0)
    #expect(!(try folder.read("s.md")).contains("leeep.user-id"))
    let report = try JSONParser().parse(try folder.read("r.json"))
    #expect(
      report.objectValue?["suites"]?.arrayValue?.compactMap { $0.objectValue?["suite"]?.stringValue } == ["leeep.fid"])
    #expect(report.objectValue?["files"]?.arrayValue?.count == 1)

    // Unfiltered, both files ran: the plain line.
    let all = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"])
    #expect(all.output.contains("\n2 files in "))
  }

  @Test func shardsOfASelectionStillMergeIntoTheUnshardedReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try corpus(folder)
    let base = ["run", "--vectors", folder.path + "/v", "--suite", "leeep.fid"]
    #expect(conformance(base + ["--junit", folder.path + "/all.xml"]).status == 0)
    // Nine shards of six tests: some shards own none of them, and still carry the stamp.
    var shards: [String] = []
    for index in 1...9 {
      let path = folder.path + "/shard-\(index).xml"
      #expect(conformance(base + ["--shard", "\(index)/9", "--junit", path]).status == 0)
      let shard = try XMLReadBack(path: path)
      #expect(shard.strings("//testsuite/@name") == ["leeep/fid/six.json"])
      #expect(shard.string("//property[@name='shard']/@value") == "\(index)/9")
      shards.append(path)
    }
    let merged = conformance(["merge", folder.path + "/merged.xml"] + shards)
    #expect(merged.status == 0, "\(merged.error)")
    let one = try XMLReadBack(path: folder.path + "/all.xml")
    let together = try XMLReadBack(path: folder.path + "/merged.xml")
    #expect(together.strings("//testcase/@name") == one.strings("//testcase/@name"))
    #expect(together.strings("//testsuite/@name") == ["leeep/fid/six.json"])
    #expect(together.strings("//property[@name='implementation']/@value") == ["reference 0.1.0"])
    // A lost shard is still named.
    let lost = conformance(["merge", folder.path + "/merged.xml"] + shards.dropLast())
    #expect(lost.status == 2)
    #expect(lost.error.contains("shard 9 of 9 is missing"))
  }

  @Test func countsInTheClosingLinesAgreeInNumber() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Answers every request like the reference, but an error for the input 0.
    let script = try folder.write(
      "adapter.py",
      versionedFIDAdapter.replacingOccurrences(
        of: "    if request[\"type\"] == \"evaluate\":\n",
        with:
          "    if request[\"type\"] == \"evaluate\" and request[\"input\"] == 0:\n        answer = {\"error\": \"cannot\"}\n"
          + "    if request[\"type\"] == \"evaluate\":\n"))
    #expect(try folder.read("adapter.py").contains("answer = {\"error\": \"cannot\"}"))
    try folder.write("v/fid.json", sixFIDTests())
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--adapter", "exec python3 \(script)", "--junit",
      folder.path + "/j.xml",
    ])
    #expect(result.status == 1)
    #expect(result.output.contains("\n1 test errored\n1 file in "), "\(result.output)")
  }

  @Test func showPutsTheAdaptersAnswerBesideTheExpectationAndTheReference() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let long =
      #"{"id": "length.23", "description": "23 characters is one over 22", "tags": ["invalid"], "input": "cAbCdEfGhIjKlMnOpQr_-0A", "expect": {"result": "reject", "error": "invalid_fid"}}"#
    try folder.write("v/fid.json", fidFile(passingFID + "," + long))
    // The length check off by one: 23 characters accepted.
    let script = try folder.write("adapter.py", versionedFIDAdapter.replacingOccurrences(of: "{21}", with: "{21,22}"))
    let wrong = conformance([
      "show", "--vectors", folder.path + "/v", "--adapter", "exec python3 \(script)", "leeep.fid", "length.23",
    ])
    #expect(wrong.status == 1)
    #expect(
      wrong.output == """
        leeep.fid length.23 (\(folder.path)/v/fid.json)
        description: 23 characters is one over 22
        tags: invalid
        input: "cAbCdEfGhIjKlMnOpQr_-0A"
        expect: {"result": "reject", "error": "invalid_fid"}
        reference: {"result": "reject", "error": "invalid_fid"}
        reference verdict: passed
        adapter android-sdk 2.3.0: {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0A"}
        differs:  result: expected reject, got accept
        differs from the reference: result: expected reject, got accept
        verdict: failed: result: expected reject, got accept

        """)
    let right = conformance([
      "show", "--vectors", folder.path + "/v", "--adapter", "exec python3 \(script)", "leeep.fid", "valid.c",
    ])
    #expect(right.status == 0)
    #expect(
      right.output.hasSuffix(
        "adapter android-sdk 2.3.0: {\"result\": \"accept\", \"output\": \"cAbCdEfGhIjKlMnOpQr_-0\"}\nverdict: passed\n"
      ))
    // An adapter without the suite is no answer at all.
    let lacking = conformance([
      "show", "--vectors", folder.path + "/v", "--adapter", "exec python3 \(script)", "leeep.user-id", "x",
    ])
    #expect(lacking.status == 2)
  }

  @Test func anAdapterThatCannotStartIsNoUsageError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", sixFIDTests())
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--adapter", "exit 3",
    ])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("conformance run: --adapter: "))
    #expect(!result.error.contains("--help"))
    // A malformed value still is one.
    let usage = conformance(["run", "--vectors", folder.path + "/v", "--timeout", "soon"])
    #expect(usage.error.hasSuffix("Run `conformance run --help` for usage.\n"))
  }
}
