import ConformanceCommands
import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

/// `conformance pack` and `conformance judge` (docs/answers.md): the pack's bytes as the format
/// defines them, and recorded answers judged, refused or found cut short.
@Suite struct PackJudgeTests {
  /// Two tests: one with a file and a test context, one whose input holds numbers a double
  /// cannot hold exactly, under a key that needs escaping in a JSON Pointer.
  static let vectors = """
    {"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "FIDs", "context": {"a": 1},
     "tests": [
      {"id": "valid.c", "description": "a FID", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "context": {"b": 2.50},
       "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}},
      {"id": "type.number", "input": {"x/y": [1.10, 12345678901234567890, 0, -5, 1e2]},
       "expect": {"result": "reject", "error": "not_a_string"}}
     ]}
    """

  /// The tests array as FORMATS.md and docs/answers.md define it, written by hand: one test a
  /// line, members in the format's order, contexts merged (test keys over file keys),
  /// description "" and tags [] when absent, `numbers` for every literal other than 0 and
  /// -?[1-9][0-9]{0,14}.
  static let expectedTests = """
    [
    {"suite": "leeep.fid", "id": "valid.c", "file": "fid.json", "description": "a FID", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "context": {"a": 1, "b": 2.50}, "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}, "numbers": {"/context/b": "2.50"}},
    {"suite": "leeep.fid", "id": "type.number", "file": "fid.json", "description": "", "tags": [], "input": {"x/y": [1.10, 12345678901234567890, 0, -5, 1e2]}, "context": {"a": 1}, "expect": {"result": "reject", "error": "not_a_string"}, "numbers": {"/input/x~1y/0": "1.10", "/input/x~1y/1": "12345678901234567890", "/input/x~1y/4": "1e2"}}
    ]
    """

  static func sha256(_ bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return SHA256.hex(hash.finalize())
  }

  /// The folder with the corpus under v/ and its pack at pack.json; the pack's digest.
  static func packed() throws -> (folder: TemporaryFolder, digest: String) {
    let folder = try TemporaryFolder()
    try folder.write("v/fid.json", vectors)
    let result = conformance(["pack", "--vectors", folder.path + "/v", "--out", folder.path + "/pack.json"])
    #expect(result.status == 0, "\(result.error)")
    return (folder, sha256(Array(expectedTests.utf8)))
  }

  static func header(_ digest: String, implementation: String = "kit") -> String {
    #"{"format": "conformance-answers/1", "implementation": "\#(implementation)", "version": "1.0", "pack": "\#(digest)"}"#
  }

  static let rightAnswers = [
    #"{"suite": "leeep.fid", "id": "valid.c", "answer": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}, "ms": 0.1}"#,
    #"{"suite": "leeep.fid", "id": "type.number", "answer": {"result": "reject", "error": "not_a_string"}}"#,
  ]

  static func answers(_ digest: String, _ lines: [String], trailer: Int? = nil) -> String {
    ([header(digest)] + lines + [#"{"end": true, "count": \#(trailer ?? lines.count)}"#]).joined(separator: "\n")
      + "\n"
  }

  @Test func thePackIsByteExactAsTheFormatDefinesIt() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    var corpus = CorpusDigest()
    corpus.add(path: "fid.json", bytes: Array(Self.vectors.utf8))
    let expected =
      #"{"format": "conformance-pack/1", "corpus": {"version": null, "digest": "\#(corpus.hexValue)"}, "digest": "\#(digest)", "tests": "#
      + Self.expectedTests + "}\n"
    #expect(try folder.read("pack.json") == expected)
  }

  @Test func thePackAndAnswersValidateAgainstTheirSchemas() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    let packSchema = JSONSchemaValidator(
      schema: try JSONParser().parse(
        try String(contentsOfFile: packageRoot() + "/docs/pack.schema.json", encoding: .utf8)))
    let problems = packSchema.validate(try JSONParser().parse(try folder.read("pack.json")))
    #expect(problems == [], "\(problems)")
    let answersSchema = JSONSchemaValidator(
      schema: try JSONParser().parse(
        try String(contentsOfFile: packageRoot() + "/docs/answers.schema.json", encoding: .utf8)))
    let lines = Self.answers(
      digest,
      Self.rightAnswers + [
        #"{"suite": "s", "id": "a", "answer": {"error": "cannot"}}"#,
        #"{"suite": "s", "id": "b", "answer": {"skip": "typed API"}}"#,
      ]
    ).split(separator: "\n")
    for line in lines { #expect(answersSchema.validate(try JSONParser().parse(String(line))) == [], "\(line)") }
    #expect(
      answersSchema.validate(try JSONParser().parse(#"{"suite": "s", "id": "a", "answer": {"result": "maybe"}}"#)) != []
    )
  }

  @Test func judgeOfRightAnswersIsGreenAndPlantedWrongAnswerFailsExactlyThatTest() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    let right = try folder.write("right.jsonl", Self.answers(digest, Self.rightAnswers))
    let green = conformance(["judge", right, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml"])
    #expect(green.status == 0, "\(green.output)\(green.error)")
    #expect(green.output.hasSuffix("2 passed, 0 failed\n"))
    let wrong = try folder.write(
      "wrong.jsonl",
      Self.answers(
        digest,
        [
          Self.rightAnswers[0],
          #"{"suite": "leeep.fid", "id": "type.number", "answer": {"result": "accept", "output": "1.10"}}"#,
        ]))
    let red = conformance([
      "judge", wrong, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml", "--report-json",
      folder.path + "/r.json",
    ])
    #expect(red.status == 1)
    #expect(red.output.contains("result: expected reject, got accept"))
    let report = try #require(try JSONParser().parse(try folder.read("r.json")).objectValue)
    let failures = report["failures"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.stringValue }
    #expect(failures == ["type.number"])
    // The same tests made in memory from --vectors: the same digest, the same verdict.
    let fromVectors = conformance(["judge", wrong, "--vectors", folder.path + "/v", "--junit", folder.path + "/j2.xml"])
    #expect(fromVectors.status == 1, "\(fromVectors.error)")
  }

  @Test func answersThatCannotBeJudgedAreRefusedNamingFileAndLine() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    let pack = folder.path + "/pack.json"
    func refusal(_ name: String, _ text: String, also: [String] = []) throws -> String {
      let path = try folder.write(name, text)
      let result = conformance(["judge"] + also + [path, "--pack", pack, "--junit", folder.path + "/j.xml"])
      #expect(result.status == 2)
      return result.error
    }
    let f = folder.path
    #expect(
      try refusal(
        "unknown.jsonl",
        Self.answers(digest, Self.rightAnswers + [#"{"suite": "leeep.fid", "id": "nope", "answer": {"skip": "x"}}"#]))
        == "conformance judge: \(f)/unknown.jsonl:4: an answer for test \"nope\" of suite leeep.fid, which is not in the pack\n"
    )
    #expect(
      try refusal("twice.jsonl", Self.answers(digest, Self.rightAnswers + [Self.rightAnswers[1]]))
        == "conformance judge: \(f)/twice.jsonl:4: a second answer for test \"type.number\" of suite leeep.fid (the first is at \(f)/twice.jsonl:3)\n"
    )
    let other = String(repeating: "ab", count: 32)
    #expect(
      try refusal("other.jsonl", Self.answers(other, Self.rightAnswers))
        == "conformance judge: \(f)/other.jsonl:1: answers made against pack \(other), not this pack (\(digest)): run the tests of this pack\n"
    )
    #expect(
      try refusal(
        "malformed.jsonl",
        Self.answers(digest, [#"{"suite": "leeep.fid", "id": "valid.c", "answer": {"result": "accept"}}"#]))
        == #"conformance judge: \#(f)/malformed.jsonl:2: not a valid answer: {"result": "accept"}; it is {"result": "accept", "output": X}, {"result": "reject", "error": CODE[, "field": F]}, {"error": WHY} or {"skip": WHY}"#
        + "\n")
    #expect(
      try refusal("notjson.jsonl", Self.answers(digest, ["{\"suite\": "]))
        == "conformance judge: \(f)/notjson.jsonl:2: not a JSON line: unexpected end of input, expected a value (column 11)\n"
    )
    #expect(
      try refusal("count.jsonl", Self.answers(digest, Self.rightAnswers, trailer: 3))
        == "conformance judge: \(f)/count.jsonl:4: the trailer counts 3 answers, the file holds 2\n")
    let first = try folder.write("a.jsonl", Self.answers(digest, [Self.rightAnswers[0]]))
    #expect(
      try refusal(
        "b.jsonl",
        Self.answers(digest, [Self.rightAnswers[1]]).replacingOccurrences(of: "\"kit\"", with: "\"other\""),
        also: [first]
      )
      .hasSuffix(
        "/b.jsonl:1: implementation \"other\" is not \"kit\" of \(first):1: one judge run judges one implementation's answers\n"
      ))
  }

  @Test func aFileCutShortIsJudgedForWhatItHoldsAndNeverGreen() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    // As a SIGKILL leaves it: the header and one answer, each flushed, and half a line.
    let cut = try folder.write(
      "cut.jsonl", Self.header(digest) + "\n" + Self.rightAnswers[0] + "\n" + #"{"suite": "leeep.fid", "id": "ty"#)
    let result = conformance([
      "judge", cut, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml", "--report-json",
      folder.path + "/r.json",
    ])
    #expect(result.status == 1)
    let message =
      "\(cut) has no trailer: the run that wrote it stopped early (cut short after 1 answer, its last line cut off); the tests it does not answer are not answered"
    #expect(result.output.hasPrefix("warning: \(message)\n"))
    #expect(result.output.contains("not answered"))
    #expect(result.output.hasSuffix("1 passed, 0 failed, 1 error\n") || result.output.contains("1 passed"))
    let report = try #require(try JSONParser().parse(try folder.read("r.json")).objectValue)
    #expect(report["answersCutShort"] == [.string(message)])
    #expect(report["totals"]?.objectValue?["errored"] == 1)
    #expect(try folder.read("j.xml").contains(#"<property name="answers-cut-short" value="\#(message)"/>"#))
  }

  @Test func skippedAnswersAndSuitesLeftOutAreSkippedAndNothingCheckedIsNotGreen() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    let skipped = try folder.write(
      "skip.jsonl",
      Self.answers(
        digest,
        [Self.rightAnswers[0], #"{"suite": "leeep.fid", "id": "type.number", "answer": {"skip": "typed API"}}"#]))
    let result = conformance([
      "judge", skipped, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml",
    ])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("1 passed, 0 failed, 1 skipped\n"))
    let otherSuites = try folder.write(
      "suites.jsonl",
      (Self.answers(digest, []) as String).replacingOccurrences(
        of: #""pack""#, with: #""suites": ["leeep.tracking"], "pack""#))
    let nothing = conformance([
      "judge", otherSuites, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml",
    ])
    #expect(nothing.status == 2, "\(nothing.output)")
  }

  @Test func everyAnswerASkipIsNothingCheckedNotGreen() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    // The header lists the suite: the tests are the kit's, and it left out every one.
    let allSkipped = try folder.write(
      "all-skipped.jsonl",
      Self.answers(
        digest,
        [
          #"{"suite": "leeep.fid", "id": "valid.c", "answer": {"skip": "typed API"}}"#,
          #"{"suite": "leeep.fid", "id": "type.number", "answer": {"skip": "typed API"}}"#,
        ]
      ).replacingOccurrences(of: #""pack""#, with: #""suites": ["leeep.fid"], "pack""#))
    let result = conformance([
      "judge", allSkipped, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml", "--report-json",
      folder.path + "/r.json",
    ])
    #expect(result.status == 2, "\(result.output)")
    let reason =
      #"kit left out every test it was given (2 tests answered {"skip": …}): every test was skipped, nothing was checked"#
    #expect(result.output.contains("nothing checked: 0 passed, 0 failed, 2 skipped\n"), "\(result.output)")
    #expect(result.error == "conformance judge: \(reason)\n", "\(result.error)")
    let report = try #require(try JSONParser().parse(try folder.read("r.json")).objectValue)
    #expect(report["status"]?.stringValue == "no-tests")
    #expect(report["statusReason"]?.stringValue == reason)
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("//testcase[@name='nothing-checkable']/error/@message") == reason)
    // One test answered is a run that checked something: its skip stays a skip.
    let oneAnswered = try folder.write(
      "one-answered.jsonl",
      Self.answers(
        digest,
        [Self.rightAnswers[0], #"{"suite": "leeep.fid", "id": "type.number", "answer": {"skip": "typed API"}}"#])
    )
    let green = conformance([
      "judge", oneAnswered, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml",
    ])
    #expect(green.status == 0, "\(green.output)")
  }

  @Test func aFileWithoutItsTrailerThatAnswersEveryTestIsACompleteAnswerSet() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    // Killed after its last answer, before the trailer: every test of the pack answered.
    let killed = try folder.write(
      "killed.jsonl", ([Self.header(digest)] + Self.rightAnswers).joined(separator: "\n") + "\n")
    let result = conformance([
      "judge", killed, "--pack", folder.path + "/pack.json", "--junit", folder.path + "/j.xml", "--report-json",
      folder.path + "/r.json",
    ])
    #expect(result.status == 0, "\(result.output)")
    let message =
      "\(killed) has no trailer: the run that wrote it stopped early (cut short after 2 answers); the tests it does not answer are not answered"
    #expect(result.output.hasPrefix("warning: \(message)\n"))
    #expect(result.output.hasSuffix("2 passed, 0 failed\n"))
    let report = try #require(try JSONParser().parse(try folder.read("r.json")).objectValue)
    #expect(report["status"]?.stringValue == "passed")
    #expect(report["answersCutShort"] == [.string(message)])
  }

  @Test func aRefusedJudgeReplacesEveryReportWithTheError() throws {
    let (folder, digest) = try Self.packed()
    defer { folder.remove() }
    let f = folder.path
    let pack = f + "/pack.json"
    let reports = [
      "--junit", f + "/r/junit.xml", "--report-json", f + "/r/report.json", "--summary-md", f + "/r/summary.md",
      "--report-html", f + "/r/report.html",
    ]
    let right = try folder.write("right.jsonl", Self.answers(digest, Self.rightAnswers))
    let first = try folder.write("a.jsonl", Self.answers(digest, [Self.rightAnswers[0]]))
    let other = String(repeating: "ab", count: 32)
    let cases: [(name: String, text: String, also: [String], message: String)] = [
      (
        "unknown.jsonl",
        Self.answers(digest, Self.rightAnswers + [#"{"suite": "leeep.fid", "id": "nope", "answer": {"skip": "x"}}"#]),
        [], "\(f)/unknown.jsonl:4: an answer for test \"nope\" of suite leeep.fid, which is not in the pack"
      ),
      (
        "twice.jsonl", Self.answers(digest, Self.rightAnswers + [Self.rightAnswers[1]]), [],
        "\(f)/twice.jsonl:4: a second answer for test \"type.number\" of suite leeep.fid (the first is at \(f)/twice.jsonl:3)"
      ),
      (
        "other.jsonl", Self.answers(other, Self.rightAnswers), [],
        "\(f)/other.jsonl:1: answers made against pack \(other), not this pack (\(digest)): run the tests of this pack"
      ),
      (
        "notjson.jsonl", Self.answers(digest, ["{\"suite\": "]), [],
        "\(f)/notjson.jsonl:2: not a JSON line: unexpected end of input, expected a value (column 11)"
      ),
      (
        "count.jsonl", Self.answers(digest, Self.rightAnswers, trailer: 3), [],
        "\(f)/count.jsonl:4: the trailer counts 3 answers, the file holds 2"
      ),
      (
        "b.jsonl",
        Self.answers(digest, [Self.rightAnswers[1]]).replacingOccurrences(of: "\"kit\"", with: "\"other\""), [first],
        "\(f)/b.jsonl:1: implementation \"other\" is not \"kit\" of \(first):1: one judge run judges one implementation's answers"
      ),
    ]
    for refused in cases {
      let green = conformance(["judge", right, "--pack", pack] + reports)
      #expect(green.status == 0, "\(green.output)")
      #expect(try folder.read("r/summary.md").contains("## ✅"))
      let path = try folder.write(refused.name, refused.text)
      let result = conformance(["judge"] + refused.also + [path, "--pack", pack] + reports)
      #expect(result.status == 2, "\(refused.name)")
      #expect(result.error == "conformance judge: \(refused.message)\n", "\(refused.name)")
      let junit = try XMLReadBack(path: f + "/r/junit.xml")
      #expect(junit.string("/testsuites/@errors") == "1", "\(refused.name)")
      #expect(junit.count("//testcase[not(error)]") == 0, "\(refused.name)")
      #expect(junit.string("//testcase/error/@message") == refused.message, "\(refused.name)")
      let report = try #require(try JSONParser().parse(try folder.read("r/report.json")).objectValue)
      #expect(report["status"]?.stringValue == "load-error", "\(refused.name)")
      #expect(
        report["statusReason"]?.stringValue == "the run could not start: \(refused.message)", "\(refused.name)")
      #expect(try folder.read("r/summary.md").contains("## ❌ Conformance: the run could not start: "))
      #expect(try !folder.read("r/report.html").contains("\"status\":\"passed\""), "\(refused.name)")
    }
    // A pack that cannot be read, and a command line judge refuses, do the same.
    for (arguments, message) in [
      ([right, "--pack", f + "/missing.json"], "--pack \(f)/missing.json: "),
      ([right, "--pack", pack, "--suite", "leeep.fid"], "the command line was refused: --suite selects the tests"),
    ] {
      #expect(conformance(["judge", right, "--pack", pack] + reports).status == 0)
      let result = conformance(["judge"] + arguments + reports)
      #expect(result.status == 2, "\(arguments)")
      let report = try #require(try JSONParser().parse(try folder.read("r/report.json")).objectValue)
      let statusReason = try #require(report["statusReason"]?.stringValue)
      #expect(statusReason.hasPrefix("the run could not start: \(message)"), "\(arguments): \(statusReason)")
      #expect(try folder.read("r/summary.md").contains("## ❌ Conformance: the run could not start: "))
    }
  }

  @Test func thePacksCorpusDigestAndVersionAreRunsOverSeveralRootsWithDeclarations() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Two roots: the first with an own suite's declaration and vectors, and a manifest; the
    // pack reads each file once for loading and for the digest, which must be run's.
    try folder.write("v1/fid.json", Self.vectors)
    try folder.write("v1/acme.link.suite.json", OwnSuiteTests.declaration)
    try folder.write("v1/links/link.json", OwnSuiteTests.vectors(OwnSuiteTests.good))
    #expect(conformance(["manifest", "write", "--vectors", folder.path + "/v1"]).status == 0)
    try folder.write(
      "v2/more.json",
      Self.vectors.replacingOccurrences(of: "valid.c", with: "more.c").replacingOccurrences(
        of: "type.number", with: "more.number"))
    let roots = ["--vectors", folder.path + "/v1", "--vectors", folder.path + "/v2"]
    let packed = conformance(["pack"] + roots + ["--out", folder.path + "/pack.json"])
    #expect(packed.status == 0, "\(packed.error)")
    let run = conformance(
      ["run"] + roots + ["--junit", folder.path + "/j.xml", "--report-json", folder.path + "/r.json"])
    #expect(run.status == 2, "\(run.error)")  // the own suite has no implementation here
    let report = try #require(try JSONParser().parse(try folder.read("r.json")).objectValue)
    let pack = try #require(try JSONParser().parse(try folder.read("pack.json")).objectValue)
    let runDigest = report["corpus"]?.objectValue?["digest"]?.objectValue?["value"]?.stringValue
    #expect(runDigest != nil)
    #expect(pack["corpus"]?.objectValue?["digest"]?.stringValue == runDigest)
    #expect(pack["corpus"]?.objectValue?["version"]?.stringValue == "1.0.0")
    #expect(report["corpus"]?.objectValue?["version"]?.stringValue == "1.0.0")
    #expect(pack["tests"]?.arrayValue?.count == 6)
    // A changed file of the first root: its manifest is stale, the pack says so and exits 2.
    try folder.write("v1/fid.json", Self.vectors.replacingOccurrences(of: "a FID", with: "one FID"))
    let stale = conformance(["pack"] + roots + ["--out", folder.path + "/pack.json"])
    #expect(stale.status == 2)
    #expect(stale.error.hasPrefix("conformance pack: \(folder.path)/v1/manifest.json: stale manifest (version 1.0.0)"))
  }
}
