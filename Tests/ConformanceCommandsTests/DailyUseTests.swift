import ConformanceCommands
import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

/// What users of pytest, toml-test and Bowtie reach for: listing, showing one vector, a
/// baseline of expected failures, colour, a schema-strict JUnit flavour.
@Suite struct DailyUseTests {
  @Test func listTestsAndListJSON() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("v/fid.json", sixFIDTests())
    let tests = conformance(["list", "--vectors", folder.path + "/v", "--tests", "--tag", "invalid"])
    #expect(tests.status == 0)
    #expect(tests.output.contains("SUITE      ID         FILE\nleeep.fid  invalid.0  \(file)\n"))
    #expect(!tests.output.contains("leeep.fid  valid.0"))
    #expect(tests.output.hasSuffix("\n3 tests in 1 files\n"))
    let json = conformance(["list", "--vectors", folder.path + "/v", "--json", "--exclude-id", "invalid.*"])
    #expect(json.status == 0)
    let value = try JSONParser().parse(json.output)
    #expect(value.objectValue?["format"] == "conformance-list/1")
    #expect(value.objectValue?["suites"] == [["suite": "leeep.fid", "files": 1, "tests": 3]])
    #expect(value.objectValue?["tests"]?.arrayValue?.count == 3)
    #expect(value.objectValue?["tests"]?.arrayValue?.first?.objectValue?["id"] == "valid.0")
    #expect(conformance(["list", "--vectors", folder.path + "/v", "--tag", "nope"]).status == 2)
  }

  @Test func showPrintsOneVectorAndTheReferencesAnswer() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let passing = conformance(["show", "--vectors", folder.path + "/v", "leeep.fid", "valid.c"])
    #expect(passing.status == 0)
    #expect(
      passing.output == """
        leeep.fid valid.c (\(file))
        tags: valid
        input: "cAbCdEfGhIjKlMnOpQr_-0"
        expect: {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}
        reference: {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}
        verdict: passed

        """)
    let failing = conformance(["show", "--vectors", folder.path + "/v", "leeep.fid", "wrong.expectation"])
    #expect(failing.status == 1)
    #expect(failing.output.hasSuffix("verdict: failed: result: expected reject, got accept\n"))
    let missing = conformance(["show", "--vectors", folder.path + "/v", "leeep.fid", "valid.cc"])
    #expect(missing.status == 2)
    #expect(
      missing.error.contains("no test valid.cc of suite leeep.fid under \(folder.path)/v (did you mean valid.c?)"))
    #expect(conformance(["show", "leeep.fdi", "x"]).error.contains("unknown suite 'leeep.fdi'"))
  }

  @Test func writeExpectationsMakesABaselineTheNextRunPassesWith() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let baseline = folder.path + "/ci/expected.json"
    let first = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--write-expectations", baseline,
    ])
    #expect(first.status == 1)
    #expect(first.output.contains("Expectations baseline: \(baseline) (1 entries)\n"))
    let written = try JSONParser().parse(try String(contentsOfFile: baseline, encoding: .utf8))
    #expect(
      written == [
        "format": "conformance-expectations/1",
        "entries": [
          [
            "suite": "leeep.fid", "id": "wrong.expectation",
            "reason": "baseline: failed: result: expected reject, got accept",
          ]
        ],
      ])
    let second = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--expectations", baseline,
    ])
    #expect(second.status == 0)
    #expect(second.output.contains("\n1 passed, 0 failed, 1 expected failure\n"))
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColour() throws {
    #expect(Console.wantsColour(outputIsTerminal: true, environment: [:]))
    #expect(!Console.wantsColour(outputIsTerminal: false, environment: [:]))
    #expect(!Console.wantsColour(outputIsTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(Console.wantsColour(outputIsTerminal: true, environment: ["NO_COLOR": ""]))
    #expect(!Console.wantsColour(outputIsTerminal: true, environment: ["TERM": "dumb"]))
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    let arguments = ["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"]
    let coloured = CapturedConsole(colour: true)
    #expect(ConformanceCommand.main(arguments: arguments, console: coloured.console) == 1)
    #expect(coloured.output.hasPrefix("\u{1B}[31mFAIL\u{1B}[0m leeep.fid wrong.expectation"))
    #expect(coloured.output.hasSuffix("\u{1B}[31m1 passed, 1 failed\u{1B}[0m\n"))
    let report = try String(contentsOfFile: folder.path + "/j.xml", encoding: .utf8)
    #expect(!report.contains("\u{1B}"), "never colour in files")
    let plain = conformance(arguments)
    #expect(!plain.output.contains("\u{1B}"))
  }

  @Test func theStrictFlavourPassesAJunit10LikeSchemaTheStandardOneDoesNot() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/fid.json", fidFile(passingFID + "," + failingFID))
    try folder.write("v/bad.json", "{")
    let xsd = packageRoot() + "/Tests/ConformanceReportsTests/Fixtures/junit-10.xsd"
    let strict = folder.path + "/strict.xml"
    let standard = folder.path + "/standard.xml"
    _ = conformance(["run", "--vectors", folder.path + "/v", "--junit", strict, "--junit-flavour", "strict"])
    _ = conformance(["run", "--vectors", folder.path + "/v", "--junit", standard])
    #expect(try XMLReadBack(path: strict).validationErrors(schemaPath: xsd) == [])
    #expect(try XMLReadBack(path: standard).validationErrors(schemaPath: xsd) != [])
    let schema = packageRoot() + "/Tests/ConformanceReportsTests/Fixtures/junit.xsd"
    #expect(try XMLReadBack(path: strict).validationErrors(schemaPath: schema) == [])
    let wrong = conformance(["run", "--junit-flavour", "jenkins"])
    #expect(wrong.status == 2)
    #expect(wrong.error.hasPrefix("conformance run: --junit-flavour is standard or strict, got 'jenkins'"))
  }
}
