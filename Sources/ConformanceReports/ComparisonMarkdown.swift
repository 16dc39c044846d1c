import ConformanceKit

/// The opening of the Markdown summary when the run was compared with an earlier one: the
/// counts of the five lists, what differs between the runs, then the new failures and the fixed
/// tests (at most ``MarkdownSummary/listLimit`` each; the JSON and HTML reports list them all).
enum ComparisonMarkdown {
  static func lines(_ comparison: RunComparison, severalImplementations: Bool) -> [String] {
    var lines = ["", "### Since the last run", ""]
    let previous = comparison.previous
    // Named for people by its time and CI number (both checked: digits and fixed words only).
    var opening = "Since run " + (previous.runID.map(ReportText.codeSpan) ?? ReportText.markdown(previous.source))
    if let time = previous.time { opening += " (\(ReportText.markdown(time)))" }
    if let label = previous.label { opening = "Since the run of \(ReportText.markdown(label))" }
    let counts = RunComparison.Category.allCases.map { category -> String in
      let text = "\(comparison.count(category)) \(category.words)"
      return category == .newFailures && comparison.count(category) > 0 ? "**\(text)**" : text
    }
    lines.append(opening + ": " + counts.joined(separator: ", ") + ".")
    for difference in comparison.differences { lines.append("- Note: \(ReportText.markdown(difference))") }
    for (category, title) in [(RunComparison.Category.newFailures, "New failures"), (.fixed, "Fixed")] {
      let entries = comparison.entries(category)
      guard !entries.isEmpty else { continue }
      lines.append("")
      lines.append("**\(title)** (\(entries.count)):")
      lines.append("")
      for entry in entries.prefix(MarkdownSummary.listLimit) {
        lines.append("- " + describe(entry, category: category, severalImplementations: severalImplementations))
      }
      lines += MarkdownSummary.leftOut(entries.count, noun: title.lowercased())
    }
    let failingNew = comparison.entries(.new).filter { $0.state == .failed }
    if !failingNew.isEmpty {
      lines.append("")
      lines.append("**New tests that fail** (\(comparison.newFailing)):")
      lines.append("")
      for entry in failingNew.prefix(MarkdownSummary.listLimit) {
        lines.append("- " + describe(entry, category: .new, severalImplementations: severalImplementations))
      }
      lines += MarkdownSummary.leftOut(comparison.newFailing, noun: "new tests that fail")
    }
    return lines
  }

  static func describe(_ entry: RunComparison.Entry, category: RunComparison.Category, severalImplementations: Bool)
    -> String
  {
    var text = severalImplementations ? "\(ReportText.markdown(entry.implementation)): " : ""
    text += ReportText.codeSpan(entry.suite) + " " + ReportText.codeSpan(entry.id)
    if let failure = entry.failure {
      if let file = failure.file { text += " (\(ReportText.markdown(file)))" }
      if let message = failure.message {
        text += ": " + ReportText.markdown(ReportText.truncated(message, limit: MarkdownSummary.jsonLimit))
      }
    } else if category == .fixed {
      text += entry.state == .passed ? ": passes now" : ": skipped now"
    }
    return text
  }
}

extension RunComparison {
  /// `conformance diff --markdown`: a page for a job summary or a merge-request comment.
  public func markdown(old: String, new: String) -> String {
    let several = previous.implementations.count > 1 || current.implementations.count > 1
    let mark = regressions > 0 ? "❌" : "✅"
    var lines = [
      "## \(mark) Conformance diff: \(count(.newFailures)) new failures, \(count(.fixed)) fixed", "",
      "\(ReportText.markdown(old)) → \(ReportText.markdown(new))",
    ]
    lines += ComparisonMarkdown.lines(self, severalImplementations: several)
    return lines.joined(separator: "\n") + "\n"
  }
}
