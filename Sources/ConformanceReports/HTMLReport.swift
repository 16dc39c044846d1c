import ConformanceJSON
import ConformanceKit

/// A self-contained HTML report of a run (`--report-html`): one file with inline CSS and
/// JavaScript, no network access (a Content-Security-Policy forbids any), that shows the
/// totals, a suite-by-tag matrix coloured by result, every failure with expected and actual
/// side by side and the first difference highlighted, and a filter box.
///
/// The page is drawn by its script from JSON embedded in the file (the JSON report plus the
/// expected/actual texts, pre-split around the difference so number literals stay exactly as
/// written). Vector data only ever reaches the page as text: the static parts are
/// HTML-escaped here, the embedded JSON has `<`, `>` and `&` written as `\u` escapes so it
/// cannot end its `<script>` element, and the script inserts data with `textContent`.
public enum HTMLReport {
  /// Longest expected, actual or input text rendered per failure, in UTF-8 bytes (about).
  static let textLimit = 20_000

  public static func text(_ data: RunReportData) -> String {
    let info = data.info
    var meta = [
      (info.implementations.count > 1 ? "Implementations" : "Implementation")
        + " <strong id=\"implementation\">\(ReportText.html(info.implementationLabel))</strong>",
      "\(ReportText.html(info.toolName)) \(ReportText.html(info.toolVersion))",
      "corpus " + (info.corpusVersion.map { "<strong>\(ReportText.html($0))</strong>" } ?? "unreleased (no manifest)"),
      "\(data.corpusFileCount) vector files",
      "corpus sha256 <code title=\"\(CorpusDigest.scheme)\">\(ReportText.html(data.corpusDigest))</code>",
      "\(MarkdownSummary.milliseconds(data.summary.nanoseconds)) s",
    ]
    if let runID = info.runID { meta.append("run <code>\(ReportText.html(runID))</code>") }
    meta.append("roots: " + info.roots.map { "<code>\(ReportText.html($0))</code>" }.joined(separator: ", "))
    if !info.selection.isEverything { meta.append(ReportText.html(plainSelection(info.selection))) }
    if let expectations = info.expectations {
      meta.append(
        "expectations: <code>\(ReportText.html(expectations.file))</code> (\(expectations.entries.count) entries)")
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
      <title>Conformance report: \(ReportText.html(info.implementationLabel))</title>
      <style>
      \(HTMLReportAssets.css)
      \(HTMLBetweenRuns.css)
      </style>
      </head>
      <body>
      <header>
      <h1>Conformance report <span id="status" class="status"></span></h1>
      <p class="meta">\(meta.joined(separator: " · "))</p>
      </header>
      \(reportErrors(data))<noscript><p class="warning">This report draws its tables with JavaScript, which is turned off. The same data is in the JSON report (--report-json).</p></noscript>
      <section id="totals" aria-label="Totals"></section>
      \(HTMLBetweenRuns.sections(data))
      <div class="filter"><label for="filter">Filter</label> <input id="filter" type="search" autocomplete="off" placeholder="suite, id, tag, file or any text"> <span id="filter-count"></span></div>
      <section><h2>Suites by tag</h2><div class="scroll"><table id="matrix"></table></div>
      <p class="legend"><span class="cell pass">passed</span> <span class="cell fail">failed or errored</span> <span class="cell skip">only skipped</span> <span class="cell none">no tests</span> Each cell: passed / tests run (skipped tests are left out); hover for details.</p></section>
      <section id="implementations-section" hidden><h2>Implementations by suite</h2><div class="scroll"><table id="implementation-matrix"></table></div>
      <p class="legend"><span class="cell pass">all passed</span> <span class="cell fail">failed or errored</span> <span class="cell skip">only skipped</span> <span class="cell none">not implemented</span> Each cell: passed / tests; skipped tests never count as failures.</p></section>
      <section id="drift-section" hidden><h2>Where the implementations disagree</h2><div id="drift"></div></section>
      <section id="failures-section"><h2>Failures</h2><div id="failures"></div></section>
      <section id="flaky-section" hidden><h2>Flaky tests</h2><p class="legend">Failed or errored, then passed on a rerun (--reruns): counted as passed.</p><div id="flaky"></div></section>
      <section id="listed-section"><h2>Expected failures</h2><div id="listed"></div></section>
      <section id="stale-section"><h2>Stale expected-failure entries</h2><div id="stale"></div></section>
      <section id="load-section"><h2>Files that failed to load</h2><div id="load-errors"></div></section>
      <script type="application/json" id="report-data">\(embeddedData(data))</script>
      <script>
      \(HTMLReportAssets.script)
      \(HTMLBetweenRuns.script)
      </script>
      </body>
      </html>

      """
  }

  /// The page's data: the JSON report, and per failure its expected and actual texts split
  /// around the first difference. Written so that no `<` can end the script element early.
  static func embeddedData(_ data: RunReportData) -> String {
    let views: [JSONValue] = data.failures.map { failure in
      let located =
        failure.kind == .failed && failure.actual != nil
        ? DifferenceHighlight.locate(expected: failure.expected, actual: failure.actual!) : nil
      var view: JSONObject = [
        "expected": parts(DifferenceHighlight.render(failure.expected, marking: located?.expected))
      ]
      if let actual = failure.actual {
        view["actual"] = parts(DifferenceHighlight.render(actual, marking: located?.actual))
      }
      // A long value is shown as its length and a window around the first difference (the same
      // place in both sides), the whole value one click away (LongValue).
      let expectedText = JSONSerializer.compact.string(from: failure.expected)
      let actualText = failure.actual.map { JSONSerializer.compact.string(from: $0) }
      if LongValue.isLong(expectedText) || actualText.map(LongValue.isLong) == true {
        var windows: JSONObject = [:]
        if let actualText {
          let pair = LongValue.pair(expectedText, actualText)
          windows["expected"] = .string(pair.expected)
          windows["actual"] = .string(pair.actual)
        } else {
          windows["expected"] = .string(LongValue.shown(expectedText))
        }
        view["windows"] = .object(windows)
      }
      if let input = failure.input, case let inputText = JSONSerializer.compact.string(from: input),
        LongValue.isLong(inputText)
      {
        view["inputWindow"] = .string(LongValue.shown(inputText))
      }
      if let input = failure.input {
        // Nothing is marked in an input: its beginning is kept when it is long.
        let text = DifferenceHighlight.render(input, marking: nil).before
        view["input"] = ["", "", .string(ReportText.truncated(text, limit: textLimit))]
      }
      return .object(view)
    }
    // Each disagreement's input, expectation and answers as the serializer writes them (so
    // number literals stay exactly as written).
    let driftViews: [JSONValue] = data.summary.drift.map { drift in
      [
        "input": .string(ReportText.truncated(JSONSerializer.pretty.string(from: drift.input), limit: textLimit)),
        "expected": .string(JSONSerializer.pretty.string(from: drift.expected.json)),
        "answers": .array(
          drift.answers.map { answer in
            answer.outcome.map {
              .string(ReportText.truncated(JSONSerializer.pretty.string(from: $0.json), limit: textLimit))
            } ?? .null
          }),
      ]
    }
    var value: JSONObject = ["report": JSONRunReport.value(data), "views": .array(views)]
    if !data.info.implementations.isEmpty { value["driftViews"] = .array(driftViews) }
    return scriptSafe(JSONSerializer.compact.string(from: .object(value)))
  }

  /// JSON text that is safe inside `<script>`: `<`, `>` and `&` occur only inside strings in
  /// JSON, where their `\u` escapes mean the same.
  static func scriptSafe(_ json: String) -> String {
    var output = ""
    output.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": output += "\\u003c"
      case ">": output += "\\u003e"
      case "&": output += "\\u0026"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  static func parts(_ parts: DifferenceHighlight.Parts) -> JSONValue {
    // Keep the mark whole and trim around it, so a huge value cannot make the page unusable.
    let marked = ReportText.truncated(parts.marked, limit: textLimit)
    let room = max(0, textLimit - marked.unicodeScalars.count) / 2
    let before = parts.before.unicodeScalars
    let trimmedBefore =
      before.count > room
      ? "…(\(before.count - room) characters left out)…" + String(String.UnicodeScalarView(before.suffix(room)))
      : parts.before
    return [
      .string(trimmedBefore), .string(marked), .string(ReportText.truncated(parts.after, limit: room)),
    ]
  }

  /// The run's reports that could not be written, said at the top (empty when none was).
  static func reportErrors(_ data: RunReportData) -> String {
    guard !data.reportErrors.isEmpty else { return "" }
    let items = data.reportErrors.map { "<li><code>\(ReportText.html($0))</code></li>" }.joined()
    return
      "<div class=\"warning\" id=\"report-errors\"><p>Reports not written (the run exits 2):</p><ul>\(items)</ul></div>\n"
  }

  static func plainSelection(_ selection: Selection) -> String {
    var parts: [String] = []
    if !selection.suites.isEmpty { parts.append("suites " + selection.suites.joined(separator: ", ")) }
    if !selection.tags.isEmpty { parts.append("tags " + selection.tags.joined(separator: ", ")) }
    if !selection.idPatterns.isEmpty {
      parts.append("ids " + selection.idPatterns.map(\.pattern).joined(separator: ", "))
    }
    if !selection.excludedTags.isEmpty {
      parts.append("excluding tags " + selection.excludedTags.joined(separator: ", "))
    }
    if !selection.excludedIDPatterns.isEmpty {
      parts.append("excluding ids " + selection.excludedIDPatterns.map(\.pattern).joined(separator: ", "))
    }
    if let shard = selection.shard { parts.append("shard \(shard)") }
    return "selection: " + parts.joined(separator: "; ")
  }
}
