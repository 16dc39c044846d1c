import ConformanceJSON
import ConformanceKit
import Testing

@testable import ConformanceReports

@Suite struct HTMLReportTests {
  /// The trend's axis spans the values with a margin, so a small change is not a flat line.
  @Test func theTrendAxisShowsASmallChange() {
    #expect(HTMLBetweenRuns.axisRange(minimum: 417, maximum: 427) == (416, 428))
    #expect(HTMLBetweenRuns.axisRange(minimum: 0, maximum: 8000) == (0, 8800))
    #expect(HTMLBetweenRuns.axisRange(minimum: 5, maximum: 5) == (4, 6))
    #expect(HTMLBetweenRuns.axisRange(minimum: 0, maximum: 0) == (0, 1))
  }

  @Test func htmlEscapingCoversMarkupQuotesAndInvisibleCharacters() {
    #expect(
      ReportText.html("<script>\"a\" & 'b'</script>")
        == "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;")
    #expect(ReportText.html("a\u{1}b\u{7F}c\u{202E}d\u{200B}e\u{FFFE}") == #"a\u0001b\u007fc\u202ed\u200be\ufffe"#)
    #expect(ReportText.html("\u{E0001}") == #"\udb40\udc01"#)
    #expect(ReportText.html("日本語 é") == "日本語 é")
  }

  @Test func vectorDataReachesThePageOnlyAsEscapedTextOrScriptSafeJSON() throws {
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let html = HTMLReport.text(fixture.data)
    // Exactly our two script elements, neither loading anything.
    #expect(html.components("<script") == 2)
    #expect(html.contains(#"<script type="application/json" id="report-data">"#))
    #expect(html.components("</script") == 2)
    // No markup from the data, and nothing that could fetch from elsewhere.
    for needle in ["<b>", "<i>", "<img", "<svg", "<link", "@import", "url(", "<script src", "href="] {
      #expect(!html.contains(needle), "the page holds \(needle)")
    }
    #expect(html.contains("default-src 'none'"))
    #expect(html.contains("<title>Conformance report: fixture &lt;b&gt;&quot;impl&quot;&lt;/b&gt;</title>"))
    #expect(
      html.contains(#"Implementation <strong id="implementation">fixture &lt;b&gt;&quot;impl&quot;&lt;/b&gt;</strong>"#)
    )
    // Raw controls never reach the file.
    #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0 == "\u{202E}" })
  }

  @Test func theEmbeddedDataIsTheJSONReportPlusTheSplitTexts() throws {
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let embedded = HTMLReport.embeddedData(fixture.data)
    #expect(!embedded.contains("<"))
    #expect(!embedded.contains(">"))
    #expect(!embedded.contains("&"))
    let parsed = try #require(try JSONParser().parse(embedded).objectValue)
    #expect(parsed["report"] == JSONRunReport.value(fixture.data))
    let views = try #require(parsed["views"]?.arrayValue)
    #expect(views.count == fixture.data.failures.count)
    // fail.nested: the slug is marked on each side.
    #expect(views[0].objectValue?["expected"]?.arrayValue?[1] == #""y""#)
    #expect(views[0].objectValue?["actual"]?.arrayValue?[1] == #""x""#)
    // error.boom has no actual; unexpected passes have nothing to mark.
    #expect(views[3].objectValue?["actual"] == nil)
    #expect(views[4].objectValue?["expected"]?.arrayValue?[1] == "")
  }

  @Test func scriptSafeJSONMeansTheSame() throws {
    let value: JSONValue = ["a": "</script><!--<script>&amp;"]
    let text = HTMLReport.scriptSafe(JSONSerializer.compact.string(from: value))
    #expect(text == #"{"a": "\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026amp;"}"#)
    #expect(try JSONParser().parse(text) == value)
  }

  @Test func aHugeValueIsTrimmedAroundTheMark() {
    let long = String(repeating: "x", count: 100_000)
    let parts = HTMLReport.parts(DifferenceHighlight.Parts(before: long, marked: "\"m\"", after: long))
    guard case .array(let texts) = parts, texts.count == 3 else {
      Issue.record("three texts expected")
      return
    }
    #expect(texts[1] == #""m""#)
    let total = texts.compactMap(\.stringValue).map(\.unicodeScalars.count).reduce(0, +)
    #expect(total < HTMLReport.textLimit + 200)
    #expect(texts[0].stringValue?.hasPrefix("…(") == true)
  }
}
