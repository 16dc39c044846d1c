import ConformanceKit

/// `conformance lint`: load and check every vector file without running a test.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let abstract = "Check every vector file against the format without running it."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .vectors
    ],
    flags: [
      .init(name: "strict", help: "Also fail on warnings (tests without a description, non-standard tags)."),
      .init(name: "help", help: "Show this help."),
    ])

  static var help: String {
    """
    USAGE: conformance lint [--vectors PATH]... [--strict] [PATH...]

    Loads every vector file exactly as `run` does (strict JSON, the format's keys and types, id
    rules, ids unique per suite across files) and reports every problem it finds, each as
    FILE:LINE:COLUMN: error: MESSAGE (the form editors and CI problem matchers read): a file's
    JSON syntax error, its first problem outside its tests, each test's first problem, every
    repeated id, and every `error` code or `field` its suite does not have (with the closest one).
    Warns about tests without a description and tags outside the standard set
    (\(Contract.standardTags.joined(separator: ", "))).
    A PATH (given as an argument or with --vectors) may be a folder or a single vector file.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 no problems; 2 a file has a problem (or, with --strict, a warning), or the
    command line was wrong.
    """
  }

  /// What `lint` was told.
  struct Options: Equatable {
    /// `--vectors PATH...` and the `PATH...` arguments, in that order.
    var corpus: CorpusOptions
    /// `--strict`: warnings fail too.
    var strict = false
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    Options(
      corpus: CorpusOptions(given: arguments.all(ArgumentSpec.Option.vectors.name) + arguments.positionals),
      strict: arguments.flag("strict"))
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let report: VectorLint.Report
    do {
      report = try VectorLint().lint(roots: options.corpus.roots)
    } catch {
      throw UsageError("--vectors \(error)", command: name)
    }
    for problem in report.problems { console.print(ConsoleText.escape(problem.description)) }
    console.print(
      "\(report.files) files, \(report.tests) tests: \(report.errors) errors, \(report.warnings) warnings")
    let failed = report.errors > 0 || (options.strict && report.warnings > 0)
    return failed ? ConformanceCommand.ExitStatus.usageOrLoadError : ConformanceCommand.ExitStatus.success
  }
}
