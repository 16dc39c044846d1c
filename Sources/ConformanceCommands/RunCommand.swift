import ConformanceKit

/// `conformance run`: the main job (docs/junit-report.md). Its command line is read into
/// ``RunOptions``, a run is planned from them (``RunPlan``), and the plan runs.
enum RunCommand: Subcommand {
  static let name = "run"
  static let abstract = "Run vectors against the reference parsers and write a JUnit report."

  /// The options in the order `--help` lists them; each group reads its own (``RunOptions``).
  static let spec = ArgumentSpec(
    command: name,
    options: [.vectorRoots, .junit] + SelectionOptions.options + [
      .adapter, .timeout, .maxRestarts, .jobs, .showFailures, .maxFailures, .reportJSON, .summaryMarkdown,
      .reportHTML, .expectations, .junitFlavour, .writeExpectations, .compare, .failOn, .history, .maxFileSize,
      .reruns, .allureResults,
    ],
    flags: [.help, .failOnFlaky])

  static var help: String {
    """
    USAGE: conformance run [--vectors PATH]... [--junit FILE] [--suite NAME]... [--tag TAG]... [--id GLOB]...
                           [--exclude-tag TAG]... [--exclude-id GLOB]... [--shard K/N|auto]
                           [--adapter COMMAND]... [--timeout SECONDS] [--max-restarts N] [--jobs N]
                           [--show-failures N] [--max-failures N] [--report-json FILE] [--summary-md FILE]
                           [--report-html FILE] [--expectations FILE] [--junit-flavour standard|strict]
                           [--write-expectations FILE] [--max-file-size BYTES]
                           [--compare PREVIOUS.json] [--history DIR] [--fail-on new-failures]
                           [--reruns N [--fail-on-flaky]] [--allure-results DIR]

    Loads every *.json vector file under each PATH (recursively; *.schema.json files are skipped;
    a PATH may also be one vector file), runs each selected test against the reference parsers
    (or, with --adapter, another implementation) and writes a JUnit XML report, replacing FILE
    atomically. At the end it prints up to --show-failures problems, taken in turn from each
    suite, each with its file, id, description, input, expected and actual result and the first
    difference (long values cut with "… N more bytes"), then a table of counts per suite and the
    closing line `P passed, F failed[, X expected failures][, S skipped]`. While it runs, a
    progress line `[files done/files] T tests, N problems` is redrawn on stderr when stderr is a
    terminal. Output is coloured when stdout is a terminal and NO_COLOR is not set.
    Filters combine: a test runs when it matches every kind of filter given, and any one value
    of each, and no exclude. A selection that matches no test is an error (exit 2).
    Every report is replaced atomically and its folder is created (docs/reports.md).
    --shard auto reads the shard from TEST_TOTAL_SHARDS/TEST_SHARD_INDEX (Bazel, 0-based; the
    run touches TEST_SHARD_STATUS_FILE), CI_NODE_TOTAL/CI_NODE_INDEX (GitLab, 1-based),
    CIRCLE_NODE_TOTAL/CIRCLE_NODE_INDEX or BUILDKITE_PARALLEL_JOB_COUNT/BUILDKITE_PARALLEL_JOB
    (0-based), says which on the first line, runs the whole corpus when none is set, and is an
    error (exit 2) when two engines disagree (docs/sharding.md). Under Bazel, XML_OUTPUT_FILE is
    the default --junit.
    With --expectations FILE (docs/expectations.md), a listed test that fails or errors is
    reported as skipped with its reason; a listed test that passes is a failure (unexpected
    pass), and an entry matching no loaded vector is stale and fails the run.
    With --compare PREVIOUS.json (an earlier run's --report-json) or --history DIR, every test
    is compared with the earlier run: the console prints new failures first and the line
    `since <run id>: N new failures, N fixed, N still failing, N new, N removed`, and the
    reports show what changed. --fail-on new-failures then exits 0 when every failure is old.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 every selected test passed; 1 a test failed or errored, an expected failure
    passed, or an expectations entry is stale; 2 a vector file could not be loaded, no test
    matches the filters, or the command line was wrong (the reports are still written for what
    did load and run, and a run that cannot start writes the error as its report); 130 or 143
    interrupted by SIGINT or SIGTERM (every report is written for the files that ran, marked as
    interrupted).
    """
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> RunOptions {
    guard arguments.positionals.isEmpty else {
      throw arguments.unexpectedArgument(command: name)
    }
    return try RunOptions(arguments, environment: environment, command: name)
  }

  static func run(_ options: RunOptions, console: Console) throws -> Int32 {
    try RunPlan.execute(options, console: console, judging: nil)
  }
}
