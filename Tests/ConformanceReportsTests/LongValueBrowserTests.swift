import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceReports

/// A 4,096-character token answered wrongly at one character, in headless Chromium: the card
/// shows each side as its length and a window around the first difference, and the whole value
/// is one click away (a closed `details`), not printed in full twice.
@Suite(.serialized) struct LongValueBrowserTests {
  struct OneCharacterWrong: Implementation {
    let name = "sdk"
    func supports(suite: String) -> Bool { suite == "leeep.fid" }
    func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
      let token = Array(input.stringValue ?? "")
      return .accept(output: .string(String(token.prefix(2_048)) + "!" + String(token.dropFirst(2_049))))
    }
  }

  @Test func aLongValueIsAWindowWithTheWholeValueOneClickAway() throws {
    let chromium = try Chromium.find()
    let folder = try TemporaryFolder("long-value")
    defer { folder.remove() }
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    let token = String((0..<4_096).map { alphabet[$0 % 64] })
    try folder.write(
      "vectors/fid.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"id": "token", "input": "\#(token)", "expect": {"result": "accept", "output": "\#(token)"}}]}"#
    )
    let root = folder.path + "/vectors"
    let info = RunReportInfo(toolName: "conformance", toolVersion: "9.9.9", implementation: "sdk", roots: [root])
    let reports = RunReports(info: info, destinations: ReportDestinations(html: folder.path + "/r.html"))
    _ = try Runner(implementation: OneCharacterWrong()).run(roots: [root], observers: [reports])

    let dom = DumpedDOM(try chromium.dumpDOM(HTMLReportBrowserTests.fileURL(folder.path + "/r.html")))
    #expect(dom.all("body").first?.attributes["data-rendered"] == "true", "the report script did not run")
    // `{"result": "accept", "output": "` is 32 characters: the token's 2,049th is the 2,081st.
    let scalars = Array(#"{"result": "accept", "output": "\#(token)"}"#.unicodeScalars)
    let around = String(String.UnicodeScalarView(scalars[2_048..<2_144]))
    let windows = dom.all("pre", where: { $0.attributes["class"] == "json window" }).map(\.text)
    #expect(
      windows == [
        "4,098 characters: \"" + String(token.prefix(63)) + "…",
        "4,130 characters, first difference at 2,081: …" + around + "…",
        "4,130 characters, first difference at 2,081: …" + around.replacingOccurrences(of: "_A", with: "_!") + "…",
      ])
    // Each whole value is in a closed `details` ("whole value"), one per side and the input.
    let details = dom.all("details", where: { $0.attributes["class"] == "whole" })
    #expect(details.count == 3)
    #expect(details.allSatisfy { $0.attributes["open"] == nil })
    #expect(dom.all("summary").filter { $0.text == "whole value" }.count == 3)
  }
}
