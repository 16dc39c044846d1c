import ConformanceJSON
import ConformanceKit

/// A Markdown summary of a run for a CI job page (`--summary-md`, e.g. `$GITHUB_STEP_SUMMARY`
/// or a GitLab page): the outcome, totals, a suite table and the first failures in full. Lists
/// are capped so a large red run stays readable (and under GitHub's 1 MiB summary limit); each
/// capped list says how many it left out. The JSON and HTML reports hold everything.
public enum MarkdownSummary {
  /// Failures shown in full by default.
  public static let defaultFailureLimit = 20
  /// Load errors, stale entries and expected failures listed at most.
  static let listLimit = 20
  /// Longest expected, actual or input JSON text shown, in UTF-8 bytes.
  static let jsonLimit = 1_000

  public static func text(_ data: RunReportData, failureLimit: Int = defaultFailureLimit) -> String {
    var lines: [String] = []
    lines.append("## \(headline(data))")
    lines.append("")
    if !data.reportErrors.isEmpty {
      // Said first: this report is the run's, and another one of it is missing or stale.
      lines.append("**Reports not written** (the run exits 2):")
      lines.append("")
      for error in data.reportErrors { lines.append("- \(ReportText.markdown(error))") }
      lines.append("")
    }
    lines += factLines(data)
    lines += suiteTable(data)
    lines += failureSection(data, limit: failureLimit)
    lines += flakyLines(data)
    lines += listSections(data)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The run in one line (implementation, tool, corpus, time, id, selection), then its
  /// expectations and its comparison with an earlier run.
  private static func factLines(_ data: RunReportData) -> [String] {
    var lines: [String] = []
    let stale = data.summary.staleExpectations
    var facts = [
      (data.info.implementations.count > 1 ? "Implementations **" : "Implementation **")
        + "\(ReportText.markdown(data.info.implementationLabel))**",
      "\(ReportText.markdown(data.info.toolName)) \(ReportText.markdown(data.info.toolVersion))",
      "corpus " + (data.info.corpusVersion.map { "**\(ReportText.markdown($0))**" } ?? "unreleased (no manifest)"),
      "\(data.corpusFileCount) vector files",
      "corpus sha256 `\(data.corpusDigest.prefix(16))`",
      "\(milliseconds(data.summary.nanoseconds)) s",
    ]
    if let runID = data.info.runID { facts.append("run `\(ReportText.visible(runID).replacingBackticks())`") }
    if let selection = selectionText(data.info.selection) { facts.append(selection) }
    lines.append(facts.joined(separator: " · "))
    if let expectations = data.info.expectations {
      let unexpected = data.failures.filter { $0.kind == .unexpectedPass }.count
      lines.append("")
      lines.append(
        "Expected failures from \(ReportText.markdown(expectations.file)) "
          + "(\(count(expectations.entries.count, "entry", "entries"))): "
          + "\(data.listedFailures.count) failed as expected, \(count(unexpected, "unexpected pass", "unexpected passes")), "
          + "\(count(stale.count, "stale entry", "stale entries")).")
    }
    if let comparison = data.comparison {
      lines += ComparisonMarkdown.lines(comparison, severalImplementations: !data.info.implementations.isEmpty)
    }
    return lines
  }

  /// The table of counts by suite, with the files outside any suite and the total.
  private static func suiteTable(_ data: RunReportData) -> [String] {
    var lines: [String] = []
    let totals = data.summary.totals
    lines.append("")
    lines.append("| Suite | Tests | Passed | Failed | Errored | Skipped | Load errors |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in data.suites {
      lines.append(tableRow("`\(ReportText.visible(row.suite).replacingBackticks())`", row.counts))
    }
    // Files whose suite could not be read (a stale manifest, a file that is not JSON) are a row
    // of their own, so the rows add up to the total.
    var outsideSuites = Counts()
    outsideSuites.loadErrors = totals.loadErrors - data.suites.reduce(0) { $0 + $1.counts.loadErrors }
    if outsideSuites.loadErrors > 0 { lines.append(tableRow("(no suite)", outsideSuites)) }
    lines.append(tableRow("**Total**", totals))

    return lines
  }

  /// The failures, up to `limit`, taken in turn from each suite.
  private static func failureSection(_ data: RunReportData, limit failureLimit: Int) -> [String] {
    var lines: [String] = []
    if !data.failures.isEmpty {
      lines.append("")
      lines.append("### Failures")
      lines.append("")
      let shown = min(failureLimit, data.failures.count)
      if shown < data.failures.count {
        lines.append(
          "Showing \(shown) of \(data.failures.count) failures, taken in turn from each suite; "
            + "\(data.failures.count - shown) more are left out here (the JSON and HTML reports list them all).")
      } else {
        lines.append("\(count(data.failures.count, "failure", "failures")):")
      }
      for (index, failure) in roundRobin(data.failures, limit: shown, group: \.suite).enumerated() {
        lines.append("")
        lines += failureLines(failure, number: index + 1)
      }
    }
    return lines
  }

  /// The files that failed to load, the stale expectations entries and the expected failures.
  private static func listSections(_ data: RunReportData) -> [String] {
    var lines: [String] = []
    let stale = data.summary.staleExpectations
    if !data.loadErrors.isEmpty {
      lines.append("")
      lines.append("### Files that failed to load")
      lines.append("")
      for row in data.loadErrors.prefix(listLimit) {
        lines.append(
          "- \(ReportText.markdown(row.location.displayPath)): "
            + ReportText.markdown(ReportText.truncated(row.loadError ?? "", limit: jsonLimit)))
      }
      lines += leftOut(data.loadErrors.count, noun: "load errors")
    }
    if !stale.isEmpty {
      lines.append("")
      lines.append("### Stale expected-failure entries")
      lines.append("")
      for entry in stale.prefix(listLimit) { lines.append("- \(ReportText.markdown(entry.message))") }
      lines += leftOut(stale.count, noun: "stale entries")
    }
    if !data.listedFailures.isEmpty {
      lines.append("")
      lines.append(
        "<details><summary>\(count(data.listedFailures.count, "expected failure", "expected failures")) "
          + "(reported as skipped)</summary>")
      lines.append("")
      for listed in data.listedFailures.prefix(listLimit) {
        lines.append(
          "- `\(listed.suite.replacingBackticks())` `\(listed.id.replacingBackticks())`: "
            + ReportText.markdown(listed.reason) + (listed.link.map { " (\(ReportText.markdown($0)))" } ?? ""))
      }
      lines += leftOut(data.listedFailures.count, noun: "expected failures")
      lines.append("")
      lines.append("</details>")
    }
    return lines
  }

  static func headline(_ data: RunReportData) -> String {
    let totals = data.summary.totals
    if let reason = data.info.startFailure {
      return "❌ Conformance: the run could not start: \(ReportText.markdown(reason))"
    }
    let stale = data.summary.staleExpectations.count
    var problems: [String] = []
    if totals.failed > 0 { problems.append("\(totals.failed) failed") }
    if totals.errored > 0 { problems.append("\(totals.errored) errored") }
    if totals.loadErrors > 0 { problems.append(count(totals.loadErrors, "file", "files") + " not loaded") }
    if stale > 0 { problems.append(count(stale, "stale expectation", "stale expectations")) }
    for exclude in data.summary.unusedExcludes { problems.append(ReportText.markdown(exclude) + " leaves out no test") }
    if !data.reportErrors.isEmpty {
      problems.append(count(data.reportErrors.count, "report", "reports") + " not written")
    }
    let rest = "\(totals.passed) passed" + (totals.skipped > 0 ? ", \(totals.skipped) skipped" : "")
    if let interruption = data.summary.interruption {
      return "⚠️ Conformance: \(interruption.message); " + (problems + [rest]).joined(separator: ", ")
    }
    if let reason = data.summary.nothingCheckedReason {
      return "❌ Conformance: \(ReportText.markdown(reason)); " + (problems + [rest]).joined(separator: ", ")
    }
    if problems.isEmpty { return "✅ Conformance: \(rest)" }
    return "❌ Conformance: \(problems.joined(separator: ", ")); \(rest)"
  }

  static func failureLines(_ failure: RunReportData.Failure, number: Int) -> [String] {
    let kind: String
    switch failure.kind {
    case .failed: kind = "failed"
    case .errored: kind = "errored"
    case .unexpectedPass: kind = "unexpected pass"
    }
    var lines = [
      "#### \(number). "
        + (failure.implementation.map { "\(ReportText.markdown($0)): " } ?? "")
        + "`\(failure.suite.replacingBackticks())` `\(failure.id.replacingBackticks())` (\(kind))"
    ]
    lines.append("")
    var facts = ["File: \(ReportText.markdown(failure.location.displayPath))"]
    if let description = failure.description, !description.isEmpty {
      facts.append("Description: \(ReportText.markdown(ReportText.truncated(description, limit: jsonLimit)))")
    }
    if !failure.tags.isEmpty {
      facts.append("Tags: " + failure.tags.map(ReportText.markdown).joined(separator: ", "))
    }
    let label = failure.kind == .errored ? "Error" : "Difference"
    facts.append("\(label): \(ReportText.markdown(ReportText.truncated(failure.message, limit: jsonLimit)))")
    lines.append(facts.joined(separator: "  \n"))
    // A long value is its length and a window around the first difference (LongValue).
    var block: [String] = []
    if let input = failure.input { block.append("input:    " + shown(LongValue.shown(compact(input)))) }
    if let actual = failure.actual {
      let pair = LongValue.pair(compact(failure.expected), compact(actual))
      block.append("expected: " + shown(pair.expected))
      block.append("actual:   " + shown(pair.actual))
    } else {
      block.append("expected: " + shown(LongValue.shown(compact(failure.expected))))
    }
    let body = block.joined(separator: "\n")
    let fence = ReportText.fence(for: body)
    lines.append("")
    lines += [fence + "text", body, fence]
    return lines
  }

  static func compact(_ value: JSONValue) -> String { JSONSerializer.compact.string(from: value) }

  /// A value's JSON text as the code block shows it, cut at ``jsonLimit``. The serializer
  /// already writes invisible scalars as \u escapes; `visible` also covers anything it lets
  /// through, so the block stays one line per value.
  static func shown(_ text: String) -> String {
    ReportText.visible(ReportText.truncated(text, limit: jsonLimit))
  }

  /// `1 entry`, `2 entries`.
  static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
    "\(value) \(value == 1 ? singular : plural)"
  }

  static func tableRow(_ first: String, _ counts: Counts) -> String {
    "| \(first) | \(counts.tests) | \(counts.passed) | \(counts.failed) | \(counts.errored) | \(counts.skipped) | "
      + "\(counts.loadErrors) |"
  }

  static func leftOut(_ count: Int, noun: String) -> [String] {
    count > listLimit ? ["- … and \(count - listLimit) more \(noun) (see the JSON or HTML report)"] : []
  }

  static func selectionText(_ selection: Selection) -> String? {
    guard !selection.isEverything else { return nil }
    var parts: [String] = []
    if !selection.suites.isEmpty {
      parts.append("suites " + selection.suites.map(ReportText.markdown).joined(separator: ", "))
    }
    if !selection.tags.isEmpty {
      parts.append("tags " + selection.tags.map(ReportText.markdown).joined(separator: ", "))
    }
    if !selection.idPatterns.isEmpty {
      parts.append("ids " + selection.idPatterns.map { ReportText.markdown($0.pattern) }.joined(separator: ", "))
    }
    if !selection.excludedTags.isEmpty {
      parts.append("excluding tags " + selection.excludedTags.map(ReportText.markdown).joined(separator: ", "))
    }
    if !selection.excludedIDPatterns.isEmpty {
      parts.append(
        "excluding ids " + selection.excludedIDPatterns.map { ReportText.markdown($0.pattern) }.joined(separator: ", "))
    }
    if let shard = selection.shard { parts.append("shard \(shard)") }
    return "selection: " + parts.joined(separator: "; ")
  }

  /// Seconds with three decimals, without floating point.
  static func milliseconds(_ nanoseconds: UInt64) -> String {
    let total = (nanoseconds + 500_000) / 1_000_000
    let fraction = String(total % 1000)
    return "\(total / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}

extension String {
  /// For text inside a Markdown code span: a backtick would end the span early. Suites and ids
  /// cannot hold one (their grammar forbids it), so this only guards against surprises.
  fileprivate func replacingBackticks() -> String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "`" ? "'" : $0 }))
  }
}
