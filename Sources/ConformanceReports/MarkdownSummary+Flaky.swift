import ConformanceKit

extension MarkdownSummary {
  /// `### Flaky tests` (`--reruns`): each test that passed on a rerun, with the tries that did
  /// not, at most ``listLimit`` of them.
  static func flakyLines(_ data: RunReportData) -> [String] {
    guard !data.flaky.isEmpty else { return [] }
    var lines = [
      "", "### Flaky tests", "",
      "\(count(data.flaky.count, "test", "tests")) failed, then passed on a rerun (`--reruns \(data.info.reruns)`); "
        + (data.summary.failsOnFlaky ? "`--fail-on-flaky` fails the run for them." : "they count as passed."),
      "",
    ]
    for test in data.flaky.prefix(listLimit) {
      let owner = test.implementation.map { ReportText.markdown($0) + " · " } ?? ""
      let failed = test.tries.filter { $0.outcome != "passed" }.map { attempt in
        "try \(attempt.number): " + ReportText.markdown(ReportText.truncated(attempt.message ?? "", limit: jsonLimit))
      }
      lines.append(
        "- \(owner)\(ReportText.markdown(test.suite)) \(ReportText.markdown(test.id)) "
          + "(\(ReportText.markdown(test.location.displayPath))): passed on try \(test.tries.count); "
          + failed.joined(separator: "; "))
    }
    lines += leftOut(data.flaky.count, noun: "flaky tests")
    return lines
  }
}
