import ConformanceJSON
import ConformanceKit
import ConformanceReports
import ReferenceParsers

/// `conformance run`: the main job (docs/junit-report.md).
enum RunCommand: Subcommand {
  static let name = "run"
  static let abstract = "Run vectors against the reference parsers and write a JUnit report."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "vectors", valueName: "DIR", help: "A vectors root to search for *.json files (default: Vectors).",
        repeatable: true),
      .init(
        name: "junit", valueName: "FILE", help: "Where to write the JUnit XML report (default: Reports/junit.xml).",
        repeatable: false),
      .init(name: "suite", valueName: "NAME", help: "Run only this suite.", repeatable: true),
      .init(name: "tag", valueName: "TAG", help: "Run only tests carrying this tag.", repeatable: true),
      .init(
        name: "id", valueName: "GLOB", help: "Run only tests whose id matches (* and ? wildcards).", repeatable: true),
      .init(
        name: "shard", valueName: "K/N", help: "Run only shard K of N (1-based; stable as vectors are added).",
        repeatable: false),
      .init(
        name: "adapter", valueName: "COMMAND",
        help:
          "Check another implementation instead of the reference parsers: started with /bin/sh -c COMMAND, spoken to over conformance-adapter/2 (docs/adapters.md).",
        repeatable: false),
      .init(
        name: "timeout", valueName: "SECONDS",
        help: "With --adapter: how long one request, or the adapter's start and hello, may take (default: 30).",
        repeatable: false),
      .init(
        name: "max-restarts", valueName: "N",
        help:
          "With --adapter: failures in a row after which the adapter is not restarted and the rest are errors (default: 3).",
        repeatable: false),
      .init(
        name: "jobs", valueName: "N", help: "With --adapter: run N instances of the adapter in parallel (default: 1).",
        repeatable: false),
      .init(
        name: "show-failures", valueName: "N", help: "Print at most N failures in full (default: 50).",
        repeatable: false),
      .init(
        name: "report-json", valueName: "FILE", help: "Also write a JSON summary (docs/report.schema.json).",
        repeatable: false),
      .init(
        name: "summary-md", valueName: "FILE",
        help: "Also write a Markdown summary (append it to $GITHUB_STEP_SUMMARY).",
        repeatable: false),
      .init(
        name: "report-html", valueName: "FILE", help: "Also write a self-contained HTML report.", repeatable: false),
      .init(
        name: "expectations", valueName: "FILE",
        help: "Expected failures: listed tests that fail are skipped; a listed pass or a stale entry fails.",
        repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance run [--vectors DIR]... [--junit FILE] [--suite NAME]... [--tag TAG]... [--id GLOB]... [--shard K/N]
                           [--adapter COMMAND [--timeout SECONDS] [--max-restarts N] [--jobs N]] [--report-json FILE] [--summary-md FILE] [--report-html FILE]
                           [--expectations FILE]

    Loads every *.json vector file under each DIR (recursively; *.schema.json files are skipped),
    runs each selected test against the reference parsers (or, with --adapter, another
    implementation), prints every failure with its file, id, expected and actual result, and
    writes a JUnit XML report, replacing FILE atomically.
    Filters combine: a test runs when it matches every kind of filter given, and any one value
    of each. Every report is replaced atomically and its folder is created (docs/reports.md).
    With --expectations FILE (docs/expectations.md), a listed test that fails or errors is
    reported as skipped with its reason; a listed test that passes is a failure (unexpected
    pass), and an entry matching no loaded vector is stale and fails the run.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 every selected test passed; 1 a test failed or errored; 2 a vector file could not
    be loaded or the command line was wrong (the report is still written for what did load).
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    let roots = arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors")
    let junitPath = arguments.value("junit") ?? "Reports/junit.xml"
    let selection = try selection(from: arguments, command: name)
    var failureLimit = 50
    if let text = arguments.value("show-failures") {
      guard let limit = Int(text), limit >= 0 else {
        throw UsageError("--show-failures needs a whole number, got '\(text)'", command: name)
      }
      failureLimit = limit
    }
    let implementation: any Implementation
    if let command = arguments.value("adapter") {
      implementation = try adapter(command: command, options: adapterOptions(from: arguments), selection: selection)
    } else {
      implementation = ReferenceImplementation()
    }
    var expectedFailures: ExpectedFailures? = nil
    if let file = arguments.value("expectations") {
      do {
        expectedFailures = try ExpectedFailures.load(file: file)
      } catch {
        throw UsageError("--expectations \(error)", command: name)
      }
    }
    let runner = Runner(
      implementation: implementation, selection: selection, expectedFailures: expectedFailures ?? ExpectedFailures())
    let junit = JUnitReportWriter(destination: junitPath)
    var observers: [any RunObserver] = [junit]
    let reports = RunReports(
      info: RunReportInfo(
        toolName: ToolInfo.name, toolVersion: ToolInfo.version, implementation: implementation.name, roots: roots,
        selection: selection, expectations: expectedFailures),
      destinations: ReportDestinations(
        json: arguments.value("report-json"), markdown: arguments.value("summary-md"),
        html: arguments.value("report-html")))
    if !reports.destinations.isEmpty { observers.append(reports) }
    // The console comes last: when it prints the closing lines, every report is on disk.
    observers.append(
      ConsoleReporter(console: console, failureLimit: failureLimit) {
        ["JUnit report: \(junitPath)"] + reports.writtenLines
      })
    let summary: RunSummary
    do {
      summary = try runner.run(roots: roots, observers: observers)
    } catch let error as VectorRootError {
      junit.discard()
      throw UsageError("--vectors \(error)", command: name)
    } catch let error as JUnitWriteError {
      junit.discard()
      console.printError("conformance run: \(error)")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    } catch let error as ReportWriteError {
      junit.discard()
      console.printError("conformance run: \(error)")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    return summary.exitStatus
  }

  /// `--timeout`, `--max-restarts` and `--jobs`.
  static func adapterOptions(from arguments: ParsedArguments) throws(UsageError) -> AdapterOptions {
    var options = AdapterOptions()
    if let text = arguments.value("timeout") {
      guard let value = Double(text), value > 0, value <= 86_400 else {
        throw UsageError("--timeout needs a number of seconds above 0, got '\(text)'", command: name)
      }
      options.timeout = value
    }
    if let text = arguments.value("max-restarts") {
      guard let value = Int(text), value >= 0 else {
        throw UsageError("--max-restarts needs a whole number, got '\(text)'", command: name)
      }
      options.maxRestarts = value
    }
    if let text = arguments.value("jobs") {
      guard let value = Int(text), value >= 1, value <= 256 else {
        throw UsageError("--jobs needs a whole number from 1 to 256, got '\(text)'", command: name)
      }
      options.jobs = value
    }
    return options
  }

  /// Starts the adapter and checks that it implements at least one selected suite.
  static func adapter(command: String, options: AdapterOptions, selection: Selection) throws(UsageError)
    -> ProcessImplementation
  {
    let adapter: ProcessImplementation
    do {
      adapter = try ProcessImplementation(command: command, options: options)
    } catch {
      throw UsageError("--adapter: \(error)", command: name)
    }
    let selected = selection.suites.isEmpty ? Contract.suites : selection.suites
    guard selected.contains(where: adapter.supports(suite:)) else {
      let claimed = adapter.suites.isEmpty ? "no suite" : adapter.suites.joined(separator: ", ")
      throw UsageError(
        "--adapter: adapter `\(command)` (\(adapter.name)) implements none of the selected suites (it implements \(claimed); selected: \(selected.joined(separator: ", ")))",
        command: name)
    }
    return adapter
  }

  /// The selection options `run` shares with other subcommands.
  static func selection(from arguments: ParsedArguments, command: String) throws(UsageError) -> Selection {
    for suite in arguments.all("suite") where !Contract.suites.contains(suite) {
      let close = Contract.suites.first { editDistance($0, suite) <= 2 }
      throw UsageError(
        "unknown suite '\(suite)'" + (close.map { " (did you mean '\($0)'?)" } ?? "")
          + "; suites: \(Contract.suites.joined(separator: ", "))", command: command)
    }
    var shard: Shard? = nil
    if let text = arguments.value("shard") {
      guard let parsed = Shard(parsing: text) else {
        throw UsageError("--shard needs K/N with 1 <= K <= N, got '\(text)'", command: command)
      }
      shard = parsed
    }
    return Selection(
      suites: arguments.all("suite"), tags: arguments.all("tag"),
      idPatterns: arguments.all("id").map(IDPattern.init), shard: shard)
  }
}
