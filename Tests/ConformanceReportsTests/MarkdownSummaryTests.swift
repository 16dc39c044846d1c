import ConformanceJSON
import ConformanceKit
import Testing

@testable import ConformanceReports

@Suite struct MarkdownSummaryTests {
  @Test func theFixtureSummaryHasTheTotalsTheSuiteTableAndEveryFailure() throws {
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let text = MarkdownSummary.text(fixture.data)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines[0] == "## ❌ Conformance: 5 failed, 1 errored, 2 files not loaded, 1 stale expectation; 4 passed, 3 skipped")
    #expect(lines.contains("| `leeep.fid` | 8 | 2 | 4 | 1 | 1 | 2 |"))
    #expect(lines.contains("| `leeep.user-id` | 3 | 2 | 1 | 0 | 0 | 0 |"))
    #expect(lines.contains("| `leeep.link` | 2 | 0 | 0 | 0 | 2 | 0 |"))
    #expect(lines.contains("| **Total** | 13 | 4 | 5 | 1 | 3 | 2 |"))
    #expect(lines.contains("6 failures:"))
    #expect(lines.contains("#### 1. `leeep.fid` `fail.nested` (failed)"))
    #expect(lines.contains { $0.hasSuffix(". `leeep.fid` `listed.passes` (unexpected pass)") })
    // Failures are taken in turn from each suite: the second is the other suite's.
    #expect(lines.contains("#### 2. `leeep.user-id` `fail.field` (failed)"))
    #expect(lines.contains(#"input:    {"target": {"slug": "x", "n": 1}}"#))
    #expect(lines.contains(#"Difference: at output.target.slug\: expected "y", got "x""#))
    #expect(lines.contains(#"expected: {"result": "accept", "output": 100000000000000000000002}"#))
    #expect(lines.contains(#"actual:   {"result": "accept", "output": 100000000000000000000001}"#))
    #expect(
      lines.contains(
        "- `leeep.fid` `listed.fails`: needs &lt;i&gt;work&lt;/i&gt; (javascript\\:document.title='pwned')"))
  }

  @Test func hostileTextCannotFormatThePageOrLeaveItsCell() throws {
    let fixture = try ReportFixture()
    defer { fixture.remove() }
    let text = MarkdownSummary.text(fixture.data)
    // Outside code blocks (where Markdown shows text as it is), every < from vector data is a
    // character reference; only our own <details> tags are raw.
    var outsideCode: [Substring] = []
    var inCode = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") {
        inCode.toggle()
      } else if !inCode {
        outsideCode.append(line)
      } else {
        #expect(line.hasPrefix("input:    ") || line.hasPrefix("expected: ") || line.hasPrefix("actual:   "))
      }
    }
    let raw = outsideCode.joined(separator: "\n").replacingOccurrences("<details><summary>", "")
      .replacingOccurrences("</summary>", "").replacingOccurrences("</details>", "")
    #expect(!raw.contains("<"))
    #expect(
      text.contains(
        #"actual:   {"result": "accept", "output": "</script><script>document.title='pwned'</script>\u0001\u202e"}"#))
    #expect(text.contains("Description: &lt;script&gt;document.title='pwned'&lt;/script&gt;"))
    #expect(text.contains(#"Tags: security, &lt;img src=x onerror="document.title='pwned'"&gt;"#))
    #expect(text.contains(#"Implementation **fixture &lt;b&gt;"impl"&lt;/b&gt;**"#))
    // Control and bidi-override characters are visible escapes, never raw.
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains("\u{202E}"))
    #expect(text.contains(#"\u0001\u202e"#))
  }

  @Test func markdownEscapingCoversTableCellsAndCodeFences() {
    #expect(ReportText.markdown("a|b") == #"a\|b"#)
    #expect(ReportText.markdown("*x* _y_ `z` [l](u) ~s~") == #"\*x\* \_y\_ \`z\` \[l\](u) \~s\~"#)
    #expect(ReportText.markdown("<b>&") == "&lt;b&gt;&amp;")
    #expect(ReportText.markdown("line\nbreak\u{0}") == #"line\\u000abreak\\u0000"#)
    #expect(ReportText.markdown("@team #12 :smile: $x$") == ##"\@team \#12 \:smile\: \$x\$"##)
    #expect(ReportText.fence(for: "no backticks") == "```")
    #expect(ReportText.fence(for: "a ```` b") == "`````")
  }

  @Test func aLargeRunShowsTheFirstFailuresAndSaysHowManyAreLeftOut() throws {
    let tests = (0..<25).map {
      #"{"id": "wrong.\#($0)", "input": {"n": 1}, "expect": {"result": "accept", "output": {"n": 2}}}"#
    }
    let data = try reportData(files: ["a.json": vectors(tests.joined(separator: ", "))])
    let text = MarkdownSummary.text(data, failureLimit: 20)
    #expect(
      text.contains(
        "Showing 20 of 25 failures, taken in turn from each suite; 5 more are left out here (the JSON and HTML reports list them all)."
      ))
    #expect(text.components("#### ") == 20)
    #expect(text.contains("#### 20. `leeep.fid` `wrong.19` (failed)"))
    #expect(!text.contains("wrong.20`"))
  }

  @Test func aGreenRunIsOneLineAndATable() throws {
    let data = try reportData(files: [
      "a.json": vectors(#"{"id": "one", "tags": ["valid"], "input": "a", "expect": {"result": "accept"}}"#)
    ])
    let text = MarkdownSummary.text(data)
    #expect(text.hasPrefix("## ✅ Conformance: 1 passed\n"))
    #expect(!text.contains("### Failures"))
  }
}

extension String {
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }

  func components(_ separator: String) -> Int {
    split(separator: separator, omittingEmptySubsequences: false).count - 1
  }
}
