import ConformanceJSON
import ConformanceKit
import ConformanceReports
import ConformanceTestSupport
import Foundation
import Testing

/// Opens the HTML report of a fixture run in headless Chromium and reads back what its script
/// drew: the totals, the suite-by-tag matrix, the failures, the filter. The matrix exists only
/// if the script ran, so this proves the page works in a real browser, not just that the file
/// holds the right bytes. Fails (with how to install it) when Chromium is missing.
@Suite(.serialized) struct HTMLReportBrowserTests {
  static func fileURL(_ path: String, fragment: String? = nil) -> String {
    URL(fileURLWithPath: path).absoluteString + (fragment.map { "#" + $0 } ?? "")
  }

  static func countAttributes(_ counts: Counts) -> [String: String] {
    [
      "data-tests": String(counts.tests), "data-passed": String(counts.passed), "data-failed": String(counts.failed),
      "data-errored": String(counts.errored), "data-skipped": String(counts.skipped),
    ]
  }

  @Test func theRenderedTotalsAndMatrixMatchTheRun() throws {
    let chromium = try Chromium.find()
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let dom = DumpedDOM(try chromium.dumpDOM(Self.fileURL(fixture.htmlPath)))
    #expect(dom.all("body").first?.attributes["data-rendered"] == "true", "the report's script did not run")
    #expect(
      dom.all("span", where: { $0.attributes["id"] == "status" }).first?.attributes["data-status"] == "load-error")

    // Totals, as the run counted them.
    let totals = fixture.summary.totals
    let expectedTotals: [String: Int] = [
      "tests": totals.tests, "passed": totals.passed, "failed": totals.failed, "errored": totals.errored,
      "skipped": totals.skipped, "loadErrors": totals.loadErrors, "expectedFailures": 1, "unexpectedPasses": 1,
      "staleExpectations": fixture.summary.staleExpectations.count,
    ]
    var renderedTotals: [String: Int] = [:]
    for element in dom.all("span") {
      if let key = element.attributes["data-total"] { renderedTotals[key] = Int(element.text) }
    }
    #expect(renderedTotals == expectedTotals)
    #expect(renderedTotals["tests"] == 13)

    // The JUnit report of the same run agrees (there a file that failed to load is a testcase
    // with an error, and a stale expectations entry a testcase with a failure).
    let junit = try XMLReadBack(path: fixture.junitPath)
    let rendered = { (key: String) in renderedTotals[key] ?? -1 }
    #expect(
      junit.string("/testsuites/@tests")
        == String(rendered("tests") + rendered("loadErrors") + rendered("staleExpectations")))
    #expect(junit.string("/testsuites/@failures") == String(rendered("failed") + rendered("staleExpectations")))
    #expect(junit.string("/testsuites/@errors") == String(rendered("errored") + rendered("loadErrors")))
    #expect(junit.string("/testsuites/@skipped") == String(rendered("skipped")))

    // The matrix: one row per suite plus the total row; columns all, each tag, untagged.
    let cells = dom.all("td", where: { $0.attributes["data-column"] != nil })
    func cell(suite: String, column: String, tag: String? = nil) -> DumpedDOM.Element? {
      cells.first {
        $0.attributes["data-suite"] == suite && $0.attributes["data-column"] == column
          && (tag == nil || $0.attributes["data-tag"].map { Array($0.utf8) } == tag.map { Array($0.utf8) })
      }
    }
    let tagNames = fixture.data.tags.map(\.tag)
    #expect(cells.count == (fixture.data.suites.count + 1) * (tagNames.count + 2))
    for row in fixture.data.suites {
      let all = try #require(cell(suite: row.suite, column: "all"), "no cell for \(row.suite)")
      #expect(
        all.attributes.filter { $0.key.hasPrefix("data-") && $0.key != "data-suite" && $0.key != "data-column" }
          == Self.countAttributes(row.counts))
      // Skipped tests are not in the denominator; a suite with only skipped tests says so.
      let run = row.counts.tests - row.counts.skipped
      #expect(
        all.text == (run == 0 && row.counts.loadErrors == 0 ? "skipped" : "\(row.counts.passed) / \(run)"),
        "\(row.suite)")
      for tag in tagNames {
        let counts = row.byTag.first { Array($0.tag.utf8) == Array(tag.utf8) }?.counts ?? Counts()
        let rendered = try #require(
          cell(suite: row.suite, column: "tag", tag: tag), "no cell for \(row.suite) × \(tag)")
        for (key, value) in Self.countAttributes(counts) {
          #expect(rendered.attributes[key] == value, "\(row.suite) × \(tag) \(key)")
        }
      }
      let untagged = try #require(cell(suite: row.suite, column: "untagged"))
      for (key, value) in Self.countAttributes(row.untagged) { #expect(untagged.attributes[key] == value) }
    }
    // Per suite, the JUnit testsuites of the suite's files add up to the matrix's first column.
    for row in fixture.data.suites {
      let rendered = try #require(cell(suite: row.suite, column: "all"))
      let files = "/testsuites/testsuite[properties/property[@name='suite']/@value='\(row.suite)']"
      func junitSum(_ attribute: String) -> Int {
        junit.strings("\(files)/@\(attribute)").compactMap { Int($0) }.reduce(0, +)
      }
      let loadErrors = row.counts.loadErrors
      #expect(String(junitSum("tests") - loadErrors) == rendered.attributes["data-tests"], "\(row.suite)")
      #expect(String(junitSum("failures")) == rendered.attributes["data-failed"], "\(row.suite)")
      #expect(String(junitSum("errors") - loadErrors) == rendered.attributes["data-errored"], "\(row.suite)")
      #expect(String(junitSum("skipped")) == rendered.attributes["data-skipped"], "\(row.suite)")
    }
    let totalCell = try #require(cell(suite: "*", column: "all"))
    for (key, value) in Self.countAttributes(totals) { #expect(totalCell.attributes[key] == value) }
    for entry in fixture.data.tags {
      let rendered = try #require(cell(suite: "*", column: "tag", tag: entry.tag))
      for (key, value) in Self.countAttributes(entry.counts) { #expect(rendered.attributes[key] == value) }
    }
    // Colours follow the results.
    #expect(cell(suite: "leeep.fid", column: "all")?.attributes["class"] == "cell fail")
    #expect(cell(suite: "leeep.link", column: "all")?.attributes["class"] == "cell skip")
    #expect(cell(suite: "leeep.link", column: "all")?.text == "skipped")
    #expect(cell(suite: "leeep.user-id", column: "tag", tag: "valid")?.attributes["class"] == "cell pass")
    #expect(cell(suite: "leeep.link", column: "tag", tag: "valid")?.attributes["class"] == "cell none")

    // Every failure, in run order, with the difference marked and literals kept exactly.
    let articles = dom.all("article")
    #expect(articles.map { $0.attributes["data-id"] ?? "" } == fixture.data.failures.map(\.id))
    let marks = dom.all("mark").map(\.text)
    #expect(marks.starts(with: [#""y""#, #""x""#]))
    #expect(marks.contains("100000000000000000000002"))
    #expect(marks.contains("100000000000000000000001"))
  }

  @Test func hostileVectorDataStaysText() throws {
    let chromium = try Chromium.find()
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let html = try chromium.dumpDOM(Self.fileURL(fixture.htmlPath))
    let dom = DumpedDOM(html)
    #expect(dom.all("body").first?.attributes["data-rendered"] == "true", "the report's script did not run")
    // The title is what the report set: no hostile script ran to change it.
    #expect(dom.all("title").first?.text == #"Conformance report: fixture <b>"impl"</b>"#)
    for name in ["img", "svg", "b", "i"] { #expect(dom.all(name).isEmpty, "the page holds a <\(name)> element") }
    #expect(dom.all("script").count == 2)
    #expect(dom.all("a").allSatisfy { !($0.attributes["href"] ?? "").lowercased().hasPrefix("javascript:") })
    // The hostile strings are shown as text.
    #expect(
      dom.all("p", where: { $0.attributes["class"] == "description" }).map(\.text) == [ReportFixture.hostileDescription]
    )
    #expect(
      dom.all("span", where: { $0.attributes["class"] == "tag" }).contains { $0.text == ReportFixture.hostileTag })
    #expect(
      dom.all("strong").contains {
        $0.text.hasSuffix("could not evaluate the input: <script>document.title='pwned'</script>")
      })
    #expect(dom.all("span").contains { $0.text == "javascript:document.title='pwned'" })
    // Control and bidi-override characters are visible escapes.
    #expect(html.contains(#"&lt;/script&gt;&lt;script&gt;document.title='pwned'&lt;/script&gt;\u0001\u202e""#))
    #expect(!html.unicodeScalars.contains { $0 == "\u{1}" || $0 == "\u{202E}" })
    #expect(dom.all("th", where: { $0.attributes["class"] == "tag" }).contains { $0.text == ReportFixture.hostileTag })
  }

  @Test func theFilterNarrowsFailuresAndRows() throws {
    let chromium = try Chromium.find()
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let byID = DumpedDOM(try chromium.dumpDOM(Self.fileURL(fixture.htmlPath, fragment: "filter=big-number")))
    #expect(byID.all("article").map { $0.attributes["data-id"] } == ["fail.big-number"])
    #expect(byID.all("span", where: { $0.attributes["id"] == "filter-count" }).first?.text == "1 of 6 failures match")
    // A query that names no suite leaves the matrix whole.
    #expect(byID.all("tr", where: { $0.attributes["hidden"] != nil }).isEmpty)

    let bySuite = DumpedDOM(try chromium.dumpDOM(Self.fileURL(fixture.htmlPath, fragment: "filter=user-id")))
    #expect(bySuite.all("article").map { $0.attributes["data-id"] } == ["fail.field"])
    #expect(
      bySuite.all("tr", where: { $0.attributes["data-suite"] != nil && $0.attributes["hidden"] == nil })
        .map { $0.attributes["data-suite"] } == ["leeep.user-id"])
  }

  @Test func theReportRendersToAScreenshot() throws {
    let chromium = try Chromium.find()
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let png = fixture.folder.path + "/report.png"
    try chromium.screenshot(Self.fileURL(fixture.htmlPath), to: png)
    let bytes = try #require(FileManager.default.contents(atPath: png))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(bytes.count > 10_000)
  }
}
