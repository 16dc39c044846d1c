import ConformanceKit
import ConformanceReports

/// `conformance diff OLD.json NEW.json`: what `run --compare` says, for two JSON reports
/// already written (docs/reports.md).
enum DiffCommand: Subcommand {
  static let name = "diff"
  static let abstract = "Compare two JSON reports: new failures, fixed, still failing, new and removed tests."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "markdown", valueName: "FILE", help: "Also write the comparison as Markdown (for a job summary).",
        repeatable: false),
      .init(
        name: "json", valueName: "FILE", help: "Also write the comparison as JSON (conformance-comparison/1).",
        repeatable: false),
      .init(
        name: "show", valueName: "N", help: "Print at most N tests of each list (default: 20).", repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance diff OLD.json NEW.json [--markdown FILE] [--json FILE] [--show N]

    Compares two JSON reports (`conformance run --report-json`), OLD the earlier run, test by
    test, keyed by (implementation, suite, id), as `conformance run --compare OLD.json` would
    have: new failures (failing in NEW, not in OLD), fixed, still failing, new (not in OLD) and
    removed (not in NEW, with the reason when it can be told). Prints the line
    `since <run id>: N new failures, N fixed, N still failing, N new, N removed`, what differs
    between the runs (corpus, selection, implementations) and the tests of each list. Reports
    are untrusted: one that is too large (over 512 MiB), not JSON or not a report is refused,
    naming the file.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 NEW has no new failure (and no new test that fails); 1 it has; 2 an input is
    not a report (or cannot be read), NEW or OLD is a run that proves nothing (interrupted, it
    checked nothing, a file did not load: any status but passed or failed), an output cannot be
    written, or the command line was wrong.
    """
  }

  /// What `diff` was told.
  struct Options: Equatable {
    var old: String
    var new: String
    /// `--show N`: the tests printed of each list.
    var shown = 20
    var markdown: String?
    var json: String?
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.count == 2 else {
      throw UsageError("needs two JSON reports, OLD.json and NEW.json", command: name)
    }
    var options = Options(
      old: arguments.positionals[0], new: arguments.positionals[1], markdown: arguments.value("markdown"),
      json: arguments.value("json"))
    if let text = arguments.value("show") {
      guard let value = Int(text), value >= 0 else {
        throw UsageError("--show needs a whole number, got '\(text)'", command: name)
      }
      options.shown = value
    }
    return options
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let outputs = [("--markdown", options.markdown), ("--json", options.json)].compactMap {
      option, path in path.map { (option, $0) }
    }
    do {
      try ReportDestinationCheck.check(outputs)
    } catch {
      throw UsageError(error.description, command: name)
    }
    let (old, new, shown) = (options.old, options.new, options.shown)
    let comparison: RunComparison
    do throws(PreviousRunError) {
      let previous = try RunSnapshot.read(report: old, keepsFailures: false)
      let current = try RunSnapshot.read(report: new, checksKeys: false)
      // A side that proves nothing makes a comparison that reads green (its missing tests
      // "removed", no new failure): refused, NEW first, since it is the run being judged.
      for (path, snapshot) in [(new, current), (old, previous)] {
        if let reason = snapshot.untrustworthyReason {
          throw PreviousRunError(path: path, reason: "not a run to compare: \(reason)")
        }
      }
      comparison = RunComparison(previous: previous, current: current)
      if let duplicate = comparison.currentDuplicate {
        throw PreviousRunError(path: new, reason: "not a conformance-report/1 JSON report: \(duplicate)")
      }
    } catch {
      console.printError("conformance diff: \(ConsoleText.escapeLines(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    console.print(ConsoleText.escape(comparison.line))
    for difference in comparison.differences { console.print("note: " + ConsoleText.escape(difference)) }
    for category in RunComparison.Category.allCases {
      let entries = comparison.entries(category)
      let total = comparison.count(category)
      guard total > 0, shown > 0 else { continue }
      console.print("")
      console.print("\(category.words) (\(total)):")
      for entry in entries.prefix(shown) { console.print("  " + ConsoleText.escape(line(entry))) }
      let printed = min(shown, entries.count)
      if total > printed {
        console.print("  … and \(total - printed) more" + (entries.count > shown ? " (--show N shows more)" : ""))
      }
    }
    do {
      if let path = options.markdown {
        try ReportFileWriter.writeAtomically(comparison.markdown(old: old, new: new), to: path)
        console.print("Markdown: \(ConsoleText.escape(path))")
      }
      if let path = options.json {
        try ReportFileWriter.writeAtomically(comparison.documentText(old: old, new: new), to: path)
        console.print("JSON: \(ConsoleText.escape(path))")
      }
    } catch {
      console.printError("conformance diff: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    return comparison.regressions > 0
      ? ConformanceCommand.ExitStatus.testsFailed : ConformanceCommand.ExitStatus.success
  }

  /// `implementation suite id (file): message`, cut to the console's cap.
  static func line(_ entry: RunComparison.Entry) -> String {
    var text = "\(entry.implementation) \(entry.suite) \(entry.id)"
    if let file = entry.failure?.file { text += " (\(file))" }
    if let message = entry.failure?.message {
      text += ": " + message.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    } else if let reason = entry.reason {
      text += ": \(reason)"
    } else if entry.state != .failed {
      text += ": \(entry.state.name)"
    }
    return TextCap.cut(text, limit: TextCap.console)
  }
}
