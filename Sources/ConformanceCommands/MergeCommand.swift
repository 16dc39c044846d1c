import ConformanceJSON
import ConformanceReports

/// `conformance merge OUT IN...`: one JUnit report from the reports of `run --shard` jobs;
/// `conformance merge --json OUT IN...`: one JSON report from their `--report-json` reports.
enum MergeCommand: Subcommand {
  static let name = "merge"
  static let abstract = "Merge the JUnit (or, with --json, JSON) reports of sharded runs into one report."

  static let spec = ArgumentSpec(
    command: name,
    flags: [
      .init(name: "json", help: "Merge JSON reports (--report-json) instead of JUnit reports."),
      .init(name: "help", help: "Show this help."),
    ])

  static var help: String {
    """
    USAGE: conformance merge [--json] OUT IN...

    Reads the JUnit reports IN (as written by `conformance run --shard K/N`), combines their
    testsuites (a vector file split across shards becomes one testsuite again), recomputes every
    count and writes OUT atomically. Inputs are untrusted: documents with a DTD or entity
    declarations and documents that are not JUnit reports are refused, naming the file.
    Shard reports record shard K of N and digests of the corpus and of the selection: a set with a
    shard missing or repeated, or shards of different runs (another N, corpus or selection), is
    refused, naming what is wrong. Reports without that record (an unsharded run, another tool's)
    are merged as they are, but never together with shard reports.
    With --json, IN and OUT are JSON reports (`conformance run --shard K/N --report-json FILE`);
    they must be a whole set of shards of one run (docs/sharding.md).

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 merged and every test passed; 1 the merged report has failures or errors;
    2 an input was refused, the set of shards is incomplete or mixed, the merged run has a load
    error or selected no test (JSON), or the command line was wrong. A shard stopped by a signal
    leaves the merged run interrupted (the JSON status `interrupted`): exit 1, in both formats.
    """
  }

  /// What `merge` was told.
  struct Options: Equatable {
    var output: String
    var inputs: [String]
    /// `--json`: JSON reports rather than JUnit ones.
    var json = false
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.count >= 2 else {
      throw UsageError("needs an output file and at least one input report", command: name)
    }
    return Options(
      output: arguments.positionals[0], inputs: Array(arguments.positionals.dropFirst()), json: arguments.flag("json"))
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let (output, inputs) = (options.output, options.inputs)
    if options.json { return mergeJSON(inputs: inputs, output: output, console: console) }
    let merged: JUnitCounts
    do {
      // An input that cannot be read is left to the merge, which names the file and the problem.
      if let stamps = try? inputs.map({ ($0, try ShardStamp.read(junit: $0)) }) { try ShardSet.check(stamps) }
      merged = try JUnitMerger.merge(inputs: inputs, into: output)
    } catch {
      console.printError("conformance merge: \(ConsoleText.escape("\(error)"))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    console.print("merged \(inputs.count) reports into \(ConsoleText.escape(output))")
    console.print(
      "\(merged.passed) passed, \(merged.failures + merged.errors) failed"
        + (merged.skipped > 0 ? ", \(merged.skipped) skipped" : ""))
    return merged.failures + merged.errors > 0
      ? ConformanceCommand.ExitStatus.testsFailed : ConformanceCommand.ExitStatus.success
  }

  static func mergeJSON(inputs: [String], output: String, console: Console) -> Int32 {
    let merged: JSONValue
    do {
      merged = try JSONReportMerger.merge(inputs: inputs, into: output)
    } catch {
      console.printError("conformance merge: \(ConsoleText.escape("\(error)"))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    let totals = merged.objectValue?["totals"]?.objectValue ?? JSONObject()
    func count(_ key: String) -> Int { totals[key]?.numberValue?.intValue ?? 0 }
    let failed = count("failed") + count("errored") + count("loadErrors") + count("staleExpectations")
    console.print("merged \(inputs.count) reports into \(ConsoleText.escape(output))")
    console.print(
      "\(count("passed")) passed, \(failed) failed" + (count("skipped") > 0 ? ", \(count("skipped")) skipped" : ""))
    if merged.objectValue?["status"]?.stringValue == "interrupted",
      let reason = merged.objectValue?["statusReason"]?.stringValue
    {
      console.print("interrupted, so not every test ran: \(ConsoleText.escape(reason))")
    }
    let status = merged.objectValue?["exitStatus"]?.numberValue?.intValue ?? 2
    return Int32(status)
  }
}
