import ConformanceKit
import ConformanceReports

/// Where a run's reports go and how the console shows its failures: `--junit`,
/// `--junit-flavour`, `--report-json`, `--summary-md`, `--report-html`, `--allure-results`,
/// `--write-expectations` and `--show-failures` (docs/reports.md). Shared by `run` and `judge`.
struct ReportOptions: Equatable {
  static let defaultJUnit = "Reports/junit.xml"

  /// `--junit`; under `bazel test` (XML_OUTPUT_FILE set) where Bazel collects it; else
  /// `Reports/junit.xml`.
  var junit = Self.defaultJUnit
  var flavour = JUnitFlavour.standard
  /// `--report-json`, `--summary-md` and `--report-html`.
  var reportJSON: String? = nil
  var summaryMarkdown: String? = nil
  var reportHTML: String? = nil
  var allureResults: String? = nil
  var writeExpectations: String? = nil
  /// `--show-failures`: the failures the console prints in full.
  var failuresShown = 50

  init() {}

  init(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(UsageError) {
    if let text = arguments.value(ArgumentSpec.Option.showFailures.name) {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("--show-failures needs a whole number, got '\(text)'", command: command)
      }
      failuresShown = limit
    }
    if let text = arguments.value(ArgumentSpec.Option.junitFlavour.name) {
      guard let parsed = JUnitFlavour(rawValue: text) else {
        throw UsageError("--junit-flavour is standard or strict, got '\(text)'", command: command)
      }
      flavour = parsed
    }
    // Under `bazel test`, the JUnit report goes where Bazel collects it.
    let bazelXML = environment[ShardEngine.xmlOutputVariable].flatMap { $0.isEmpty ? nil : $0 }
    junit = arguments.value(ArgumentSpec.Option.junit.name) ?? bazelXML ?? Self.defaultJUnit
    reportJSON = arguments.value(ArgumentSpec.Option.reportJSON.name)
    summaryMarkdown = arguments.value(ArgumentSpec.Option.summaryMarkdown.name)
    reportHTML = arguments.value(ArgumentSpec.Option.reportHTML.name)
    allureResults = arguments.value(ArgumentSpec.Option.allureResults.name)
    writeExpectations = arguments.value(ArgumentSpec.Option.writeExpectations.name)
  }
}

extension ReportOptions {
  /// The JSON, Markdown and HTML reports' files.
  var destinations: ReportDestinations {
    ReportDestinations(json: reportJSON, markdown: summaryMarkdown, html: reportHTML)
  }
}

extension ArgumentSpec.Option {
  static let junit = ArgumentSpec.Option(
    name: "junit", valueName: "FILE", help: "Where to write the JUnit XML report (default: Reports/junit.xml).",
    repeatable: false)
  static let showFailures = ArgumentSpec.Option(
    name: "show-failures", valueName: "N",
    help: "Print at most N failures in full, taken in turn from each suite (default: 50).",
    repeatable: false)
  static let reportJSON = ArgumentSpec.Option(
    name: "report-json", valueName: "FILE", help: "Also write a JSON summary (docs/report.schema.json).",
    repeatable: false)
  static let summaryMarkdown = ArgumentSpec.Option(
    name: "summary-md", valueName: "FILE",
    help: "Also write a Markdown summary (append it to $GITHUB_STEP_SUMMARY).",
    repeatable: false)
  static let reportHTML = ArgumentSpec.Option(
    name: "report-html", valueName: "FILE", help: "Also write a self-contained HTML report.", repeatable: false)
  static let junitFlavour = ArgumentSpec.Option(
    name: "junit-flavour", valueName: "FLAVOUR",
    help:
      "standard (default) or strict: valid against the junit-10 schema of Jenkins' xunit plugin (no file on testcases; no skipped, timestamp, hostname on the root).",
    repeatable: false)
  static let writeExpectations = ArgumentSpec.Option(
    name: "write-expectations", valueName: "FILE",
    help: "Write the tests that fail now as an expectations file (a baseline for --expectations).",
    repeatable: false)
  static let allureResults = ArgumentSpec.Option(
    name: "allure-results", valueName: "DIR",
    help:
      "Also write Allure 2 results (one result file per test, attachments) into DIR, replacing this command's earlier results.",
    repeatable: false)
}
