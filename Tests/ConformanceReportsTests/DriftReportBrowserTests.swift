import ConformanceJSON
import ConformanceKit
import ConformanceReports
import ConformanceTestSupport
import Foundation
import Testing

/// An implementation that accepts every input as its own output, for `leeep.fid` and
/// `leeep.user-id`.
struct EchoingImplementation: Implementation {
  var name: String { "echo-sdk" }
  func supports(suite: String) -> Bool { suite == "leeep.fid" || suite == "leeep.user-id" }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    .accept(output: input)
  }
}

/// The same with a planted bug (strings starting with "bug" are rejected), and `leeep.fid` only.
struct DriftingImplementation: Implementation {
  var name: String { "drifting-sdk" }
  func supports(suite: String) -> Bool { suite == "leeep.fid" }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    if case .string(let text) = input, text.hasPrefix("bug") { return .reject(error: "planted", field: nil) }
    return .accept(output: input)
  }
}

/// The HTML report of a run of two implementations, opened in headless Chromium: the
/// implementation × suite matrix and the list of vectors on which they disagree.
@Suite(.serialized) struct DriftReportBrowserTests {
  @Test func theMatrixAndTheDisagreementsAreDrawn() throws {
    let chromium = try Chromium.find()
    let folder = try TemporaryFolder("drift-report")
    defer { folder.remove() }
    let inputs = ["a", "bug-1", "b", "bug-2", "c"]
    let fidTests = inputs.map { input in
      #"{"id": "echo.\#(input)", "tags": ["valid"], "input": "\#(input)", "expect": {"result": "accept", "output": "\#(input)"}}"#
    }
    try folder.write("v/fid.json", vectors(fidTests.joined(separator: ",")))
    try folder.write(
      "v/user.json",
      vectors(
        suite: "leeep.user-id",
        #"{"id": "u1", "tags": ["valid"], "input": "u", "expect": {"result": "accept", "output": "u"}}"#))
    let implementations: [any Implementation] = [EchoingImplementation(), DriftingImplementation()]
    let info = RunReportInfo(
      toolName: "conformance", toolVersion: "9.9.9", implementation: "echo-sdk, drifting-sdk",
      roots: [folder.path + "/v"], implementations: implementations.map(ImplementationInfo.init))
    let html = folder.path + "/report.html"
    let summary = try Runner(implementations: implementations).run(
      roots: [folder.path + "/v"],
      observers: [RunReports(info: info, destinations: ReportDestinations(html: html))])
    #expect(summary.exitStatus == 1)
    #expect(summary.drift.map(\.id) == ["echo.bug-1", "echo.bug-2"])

    let dom = DumpedDOM(try chromium.dumpDOM(URL(fileURLWithPath: html).absoluteString))
    #expect(dom.all("body").first?.attributes["data-rendered"] == "true", "the report's script did not run")

    // The matrix: passed / failed / not implemented; the skipped user-id tests are no failure.
    let cells = dom.all("td", where: { $0.attributes["data-column"] == "implementation" })
    func cell(_ implementation: String, _ suite: String) -> DumpedDOM.Element? {
      cells.first { $0.attributes["data-implementation"] == implementation && $0.attributes["data-suite"] == suite }
    }
    #expect(cells.count == 4)
    #expect(cell("echo-sdk", "leeep.fid")?.attributes["data-state"] == "passed")
    #expect(cell("echo-sdk", "leeep.fid")?.text == "5 / 5")
    #expect(cell("echo-sdk", "leeep.user-id")?.attributes["data-state"] == "passed")
    #expect(cell("drifting-sdk", "leeep.fid")?.attributes["data-state"] == "failed")
    #expect(cell("drifting-sdk", "leeep.fid")?.text == "3 / 5")
    #expect(cell("drifting-sdk", "leeep.fid")?.attributes["data-failed"] == "2")
    #expect(cell("drifting-sdk", "leeep.user-id")?.attributes["data-state"] == "not-implemented")
    #expect(cell("drifting-sdk", "leeep.user-id")?.attributes["data-failed"] == "0")
    #expect(cell("drifting-sdk", "leeep.user-id")?.text == "not implemented")

    // The disagreements: exactly the two vectors the bug changes, each with the input, the
    // expected outcome and both answers, the wrong one with its difference.
    let articles = dom.all("article", where: { $0.attributes["class"] == "drift" })
    #expect(articles.map { $0.attributes["data-id"] } == ["echo.bug-1", "echo.bug-2"])
    let answers = dom.all("div", where: { $0.attributes["data-implementation"] != nil })
    #expect(answers.count == 4)
    #expect(answers.map { $0.attributes["data-meets"] } == ["true", "false", "true", "false"])
    // (The failures section that follows has its own expected / actual labels.)
    let labels = dom.all("div", where: { $0.attributes["class"]?.hasPrefix("side-label") == true }).map(\.text)
    let drifting = #"drifting-sdk — result: expected accept, got reject with error "planted""#
    #expect(
      labels.prefix(8) == [
        "input", "expected", "echo-sdk — meets the expectation", drifting,
        "input", "expected", "echo-sdk — meets the expectation", drifting,
      ])
    let blocks = dom.all("pre").map(\.text)
    #expect(blocks.contains(#""bug-1""#))
    #expect(blocks.contains(#"{"result": "reject", "error": "planted"}"#))
    #expect(blocks.contains(#"{"result": "accept", "output": "bug-2"}"#))
  }

  /// The planted bug's failures, as the page draws them: every failure card names the
  /// implementation with the bug (its hello's name and version), and the suite-by-tag matrix
  /// has each implementation's own rows, never their sum.
  @Test func everyFailureCardNamesItsImplementationAndTheTagMatrixIsPerImplementation() throws {
    let chromium = try Chromium.find()
    let folder = try TemporaryFolder("drift-cards")
    defer { folder.remove() }
    let inputs = ["a", "bug-1", "b", "bug-2", "c", "bug-3"]
    let fidTests = inputs.map { input in
      let tag = input.hasPrefix("bug") ? "boundary" : "valid"
      return
        #"{"id": "echo.\#(input)", "tags": ["\#(tag)"], "input": "\#(input)", "expect": {"result": "accept", "output": "\#(input)"}}"#
    }
    try folder.write("v/fid.json", vectors(fidTests.joined(separator: ",")))
    let implementations: [any Implementation] = [EchoingImplementation(), DriftingImplementation()]
    let info = RunReportInfo(
      toolName: "conformance", toolVersion: "9.9.9", implementation: "echo-sdk, drifting-sdk",
      roots: [folder.path + "/v"],
      implementations: [
        ImplementationInfo(name: "echo-sdk", suites: ["leeep.fid", "leeep.user-id"], version: "1.0.0"),
        ImplementationInfo(name: "drifting-sdk", suites: ["leeep.fid"], version: "2.0.0"),
      ])
    let html = folder.path + "/report.html"
    let summary = try Runner(implementations: implementations).run(
      roots: [folder.path + "/v"],
      observers: [RunReports(info: info, destinations: ReportDestinations(html: html))])
    #expect(summary.totals.failed == 3)

    let dom = DumpedDOM(try chromium.dumpDOM(URL(fileURLWithPath: html).absoluteString))
    #expect(dom.all("body").first?.attributes["data-rendered"] == "true", "the report's script did not run")
    #expect(
      dom.all("strong", where: { $0.attributes["id"] == "implementation" }).map(\.text) == [
        "echo-sdk 1.0.0, drifting-sdk 2.0.0"
      ])
    let cards = dom.all("article", where: { $0.attributes["class"]?.hasPrefix("failure") == true })
    #expect(cards.map { $0.attributes["data-id"] } == ["echo.bug-1", "echo.bug-2", "echo.bug-3"])
    #expect(cards.allSatisfy { $0.attributes["data-implementation"] == "drifting-sdk" })
    let named = dom.all("span", where: { $0.attributes["class"] == "implementation" })
    #expect(named.map(\.text) == ["drifting-sdk 2.0.0", "drifting-sdk 2.0.0", "drifting-sdk 2.0.0"])

    // The matrix: one row per implementation and suite, each with its own counts.
    let matrixCells = dom.all(
      "td", where: { $0.attributes["data-column"] == "all" && $0.attributes["data-suite"] == "leeep.fid" })
    #expect(matrixCells.map { $0.attributes["data-implementation"] ?? "" } == ["echo-sdk", "drifting-sdk"])
    #expect(matrixCells.map(\.text) == ["6 / 6", "3 / 6"])
    let boundary = dom.all("td", where: { $0.attributes["data-tag"] == "boundary" })
    #expect(boundary.map(\.text) == ["3 / 3", "0 / 3"])
    #expect(dom.all("th", where: { $0.text == "drifting-sdk 2.0.0: leeep.fid" }).count == 1)
    #expect(dom.all("th", where: { $0.text == "all suites" }).isEmpty, "a summed total row")
  }
}
