import ConformanceKit
import ConformanceReports

/// Everything `conformance run` was told, parsed and checked once before anything is read or
/// started: the corpus, the selection, the implementations, the reports and what gates the
/// exit status. `judge` parses the same groups (without the adapter ones) into one, too.
///
/// What only the corpus can tell (a `--suite` that the roots declare, a `--vectors` that does
/// not exist) and what only the file system can (a report that cannot be written) is checked
/// when the run is planned (``RunCommand``).
struct RunOptions: Equatable {
  var corpus = CorpusOptions()
  var selection = SelectionOptions()
  var implementations = ImplementationOptions()
  var reruns = RerunOptions()
  var reports = ReportOptions()
  var gating = GatingOptions()

  init() {}

  /// Reads and checks the groups of a command line `spec` accepted; `--shard auto` and
  /// Bazel's `XML_OUTPUT_FILE` are read from `environment`.
  init(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(UsageError) {
    reports = try ReportOptions(arguments, environment: environment, command: command)
    gating = try GatingOptions(arguments, command: command)
    corpus = try CorpusOptions(arguments, command: command)
    selection = try SelectionOptions(arguments, environment: environment, command: command)
    reruns = try RerunOptions(arguments, command: command)
    implementations = try ImplementationOptions(arguments, command: command)
    if gating.historyFolder != nil, let shard = selection.resolvedShard {
      throw UsageError(
        "--history records whole runs, and --shard \(shard) is a part of one: merge the shards' JSON reports (merge --json) and compare them with `conformance diff`",
        command: command)
    }
  }

  /// Whether an earlier run is read: the run is then compared with it.
  var comparesRuns: Bool { gating.compare != nil || gating.historyFolder != nil }
}
