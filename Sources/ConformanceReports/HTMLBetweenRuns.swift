import ConformanceJSON
import ConformanceKit

/// The HTML report's parts about earlier runs: the "Since the last run" section (drawn by its
/// script from the embedded report's `comparison`, with a filter by list) and the trend of the
/// history (`--history`), drawn here as inline SVG: no script, no external style, numbers and
/// escaped names only.
enum HTMLBetweenRuns {
  /// The sections, placed right after the totals: the trend (with `--history`), then "Since
  /// the last run" (shown by the script when the report holds a comparison).
  static func sections(_ data: RunReportData) -> String {
    (data.history.isEmpty ? "" : trend(data.history) + "\n")
      + """
      <section id="since-section" hidden><h2>Since the last run</h2><p id="since-line" class="meta"></p><ul id="since-differences"></ul>
      <div id="since-filter" class="since-filter" role="group" aria-label="Since the last run"></div><div id="since-list"></div></section>
      """
  }

  /// Per implementation, passed and failed (failed + errored) tests over the runs, oldest left;
  /// each series on its own scale, around its own values (``axisRange(minimum:maximum:)``), so
  /// twelve failures beside 8,000 passes, and 427 then 417 passes, still show.
  static func trend(_ entries: [RunHistory.Entry]) -> String {
    var names: [String] = []
    for entry in entries.reversed() {
      for implementation in entry.implementations where !names.contains(where: { utf8Equal($0, implementation.name) }) {
        names.append(implementation.name)
      }
    }
    var html = "<section id=\"trend-section\"><h2>Trend</h2>"
    html +=
      "<p class=\"legend\">The last \(entries.count) runs of this history, oldest on the left; hover a point for its run.</p>"
    for name in names {
      let points: [(entry: RunHistory.Entry, passed: Int?, failed: Int?)] = entries.map { entry in
        let implementation = entry.implementations.first { utf8Equal($0.name, name) }
        return (entry, implementation?.passed, implementation?.failed)
      }
      html += "<figure class=\"trend\" data-implementation=\"\(ReportText.html(name))\" data-runs=\"\(entries.count)\">"
      html += "<figcaption>\(ReportText.html(name))</figcaption>"
      html += chart(points.map { ($0.entry, $0.passed) }, series: "passed", colour: "#1a7f37")
      html += chart(points.map { ($0.entry, $0.failed) }, series: "failed", colour: "#cf222e")
      html += "</figure>"
    }
    return html + "</section>"
  }

  static let width = 560
  static let height = 150

  /// One series as an SVG line chart; runs without the implementation leave a gap.
  static func chart(_ values: [(entry: RunHistory.Entry, value: Int?)], series: String, colour: String) -> String {
    let left = 56
    let right = 12
    let top = 22
    let bottom = 26
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    let maximum = values.compactMap(\.value).max() ?? 0
    let minimum = values.compactMap(\.value).min() ?? 0
    let axis = axisRange(minimum: minimum, maximum: maximum)
    func x(_ index: Int) -> Int {
      values.count == 1 ? left + plotWidth / 2 : left + index * plotWidth / (values.count - 1)
    }
    func y(_ value: Int) -> Int { top + plotHeight - (value - axis.lower) * plotHeight / (axis.upper - axis.lower) }
    var svg =
      "<svg class=\"trend-chart\" data-series=\"\(series)\" data-values=\"\(values.map { $0.value.map(String.init) ?? "-" }.joined(separator: " "))\" "
      + "data-axis=\"\(axis.lower) \(axis.upper)\" "
      + "xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
      + "aria-label=\"\(series) per run\">"
    svg +=
      "<text x=\"\(left)\" y=\"14\" font-size=\"12\" fill=\"#57606a\">\(series) (min \(minimum), max \(maximum))</text>"
    svg +=
      "<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" stroke=\"#afb8c1\"/>"
    svg += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plotHeight)\" stroke=\"#afb8c1\"/>"
    svg +=
      "<text x=\"\(left - 6)\" y=\"\(top + 4)\" font-size=\"11\" text-anchor=\"end\" fill=\"#57606a\">\(axis.upper)</text>"
    svg +=
      "<text x=\"\(left - 6)\" y=\"\(top + plotHeight + 4)\" font-size=\"11\" text-anchor=\"end\" fill=\"#57606a\">\(axis.lower)</text>"
    if let first = values.first?.entry.time, let last = values.last?.entry.time {
      svg +=
        "<text x=\"\(left)\" y=\"\(height - 6)\" font-size=\"11\" fill=\"#57606a\">\(ReportText.html(first))</text>"
      if values.count > 1 {
        svg +=
          "<text x=\"\(left + plotWidth)\" y=\"\(height - 6)\" font-size=\"11\" text-anchor=\"end\" fill=\"#57606a\">\(ReportText.html(last))</text>"
      }
    }
    // Consecutive runs with a value are joined; a run without one breaks the line.
    var segments: [[(Int, Int)]] = [[]]
    for (index, point) in values.enumerated() {
      if let value = point.value {
        segments[segments.count - 1].append((x(index), y(value)))
      } else if !segments[segments.count - 1].isEmpty {
        segments.append([])
      }
    }
    for segment in segments where segment.count > 1 {
      svg +=
        "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(segment.map { "\($0.0),\($0.1)" }.joined(separator: " "))\"/>"
    }
    for (index, point) in values.enumerated() {
      guard let value = point.value else { continue }
      let run =
        RunLabel.text(time: point.entry.time, ciBuild: point.entry.ciBuild)
        ?? point.entry.runID.map { "run " + $0.prefix(12) + "…" } ?? "run"
      let title = "\(run): \(value) \(series)"
      svg +=
        "<circle cx=\"\(x(index))\" cy=\"\(y(value))\" r=\"3.5\" fill=\"\(colour)\" data-value=\"\(value)\"><title>\(ReportText.html(title))</title></circle>"
    }
    return svg + "</svg>"
  }

  /// The vertical axis of a series: from a little under its smallest value to a little over its
  /// largest (a tenth of the span, at least 1, never below 0), so 427 then 417 passed is a fall
  /// across the chart rather than a flat line at the top of a 0-to-427 axis. A series that never
  /// changes is a flat line in the middle.
  static func axisRange(minimum: Int, maximum: Int) -> (lower: Int, upper: Int) {
    let margin = max(1, (maximum - minimum) / 10)
    return (max(0, minimum - margin), maximum + margin)
  }

  static let css = #"""
    #since-differences { color: #7c4a03; margin: 4px 0; padding-left: 20px; }
    .since-filter { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
    .since-filter button { font: inherit; border: 1px solid #afb8c1; background: #f6f8fa; border-radius: 14px; padding: 2px 12px; cursor: pointer; }
    .since-filter button[aria-pressed=true] { background: #0969da; border-color: #0969da; color: #fff; }
    .since-row .badge.newFailures { background: var(--fail); color: var(--fail-ink); }
    .since-row .badge.fixed { background: var(--pass); color: var(--pass-ink); }
    .since-row .badge.stillFailing { background: #fde2c8; color: #7c2d12; }
    .since-row .badge.new, .since-row .badge.removed { background: var(--none); color: var(--none-ink); }
    .badge.since-new { background: #cf222e; color: #fff; }
    figure.trend { margin: 8px 0 16px; }
    figure.trend figcaption { font-weight: 600; margin-bottom: 2px; }
    svg.trend-chart { display: inline-block; margin-right: 12px; background: #fafbfc; border: 1px solid var(--line); border-radius: 6px; }
    """#

  /// Draws "Since the last run" from `report.comparison`, marks the new failures in the
  /// Failures list, and follows the page's filter box. Uses the helpers the main script shares.
  static let script = #"""
    (function () {
      "use strict";
      var shared = window.conformanceReport;
      var comparison = shared && shared.report.comparison;
      if (!comparison) return;
      var el = shared.el;
      var categories = [["newFailures", "new failures"], ["fixed", "fixed"], ["stillFailing", "still failing"],
        ["new", "new"], ["removed", "removed"]];
      // One entry's badge.
      var words = { newFailures: "new failure", fixed: "fixed", stillFailing: "still failing", "new": "new",
        removed: "removed" };
      var LIMIT = 500;
      var several = (shared.report.implementations || []).length > 0;
      document.getElementById("since-section").hidden = false;
      var previous = comparison.previous;
      // Named for people (its time and CI number) when the report knows them.
      document.getElementById("since-line").textContent = shared.visible((previous.label ? "Since the run of " +
        previous.label : "Since run " + (previous.runId || previous.source) + (previous.time ? " (" + previous.time + ")" : "")) +
        ": " + categories.map(function (category) {
          return comparison.counts[category[0]] + " " + category[1];
        }).join(", "));
      var differences = document.getElementById("since-differences");
      comparison.differences.forEach(function (text) { differences.append(el("li", null, [text])); });

      function entryText(entry) {
        return [entry.implementation, entry.suite, entry.id, entry.file || "", entry.message || "", entry.reason || "",
          entry.status].join("\n").toLowerCase();
      }
      // A Map, not an object: the page's hash picks a key, and `#since=constructor` must not
      // find Object.prototype's.
      var items = new Map();
      categories.forEach(function (category) {
        items.set(category[0], comparison[category[0]].map(function (entry) { return { entry: entry, text: entryText(entry) }; }));
      });
      var selected = categories.map(function (c) { return c[0]; }).find(function (key) { return items.get(key).length > 0; }) || "newFailures";
      var hash = location.hash.match(/^#since=([A-Za-z]+)$/);
      if (hash && items.has(hash[1])) selected = hash[1];
      var buttons = document.getElementById("since-filter");
      var buttonFor = {};
      categories.forEach(function (category) {
        var button = el("button", { type: "button", "data-category": category[0], "aria-pressed": "false" },
          [category[1] + " (" + comparison.counts[category[0]] + ")"]);
        button.addEventListener("click", function () { selected = category[0]; draw(); });
        buttonFor[category[0]] = button;
        buttons.append(button);
      });
      function renderEntry(entry, category) {
        var detail = entry.reason ? "reason: " + entry.reason : entry.message ? entry.message :
          category === "fixed" || category === "new" ? "now " + entry.status : "";
        return el("div", { "class": "list-row since-row", "data-category": category, "data-suite": entry.suite,
          "data-id": entry.id, "data-implementation": entry.implementation }, [
          el("span", { "class": "badge " + category }, [words[category]]), " ",
          several ? el("span", null, [entry.implementation + " "]) : "",
          el("code", null, [entry.suite]), " ", el("code", null, [entry.id]),
          entry.file ? el("span", { "class": "file" }, [" " + entry.file]) : "",
          detail ? el("div", { "class": "meta" }, [detail]) : ""]);
      }
      var input = document.getElementById("filter");
      function draw() {
        Object.keys(buttonFor).forEach(function (key) { buttonFor[key].setAttribute("aria-pressed", String(key === selected)); });
        var query = input.value.trim().toLowerCase();
        var box = document.getElementById("since-list");
        box.textContent = "";
        var listed = items.get(selected);
        var matching = listed.filter(function (item) { return !query || item.text.indexOf(query) !== -1; });
        if (matching.length === 0) {
          box.append(el("p", { "class": "empty" }, [listed.length === 0 ? "None." : "None match the filter."]));
        }
        matching.slice(0, LIMIT).forEach(function (item) { box.append(renderEntry(item.entry, selected)); });
        if (matching.length > LIMIT) {
          box.append(el("p", { "class": "more" }, ["Showing " + LIMIT + " of " + matching.length + "; refine the filter to see the others."]));
        }
        // A list the report caps (removed, new) says how many it leaves out.
        var leftOut = Number(comparison.counts[selected]) - listed.length;
        if (leftOut > 0) {
          box.append(el("p", { "class": "more left-out" }, ["… and " + leftOut.toLocaleString("en-US") +
            " more, not listed in this report (counted above)."]));
        }
        box.setAttribute("data-matching", String(matching.length));
      }
      // The Failures list marks each failure that is new since the last run.
      var isNew = {};
      comparison.newFailures.concat(comparison["new"].filter(function (entry) { return entry.status === "failed"; }))
        .forEach(function (entry) { isNew[entry.implementation + "\u0000" + entry.suite + "\u0000" + entry.id] = true; });
      var failures = document.getElementById("failures");
      function mark() {
        Array.prototype.forEach.call(failures.querySelectorAll("article.failure"), function (article) {
          var key = (article.getAttribute("data-implementation") || shared.report.implementation) + "\u0000" +
            article.getAttribute("data-suite") + "\u0000" + article.getAttribute("data-id");
          if (!isNew[key] || article.querySelector(".since-new")) return;
          article.setAttribute("data-since", "new");
          article.querySelector(".failure-head").prepend(el("span", { "class": "badge since-new" }, ["new since the last run"]));
        });
      }
      new MutationObserver(mark).observe(failures, { childList: true });
      mark();
      input.addEventListener("input", draw);
      draw();
      document.body.setAttribute("data-since-rendered", "true");
    })();
    """#
}
