import ConformanceReports

/// `conformance merge OUT IN...`: one JUnit report from the reports of `run --shard` jobs.
enum MergeCommand: Subcommand {
  static let name = "merge"
  static let abstract = "Merge the JUnit reports of sharded runs into one report."

  static let spec = ArgumentSpec(command: name)

  static var help: String {
    """
    USAGE: conformance merge OUT IN...

    Reads the JUnit reports IN (as written by `conformance run --shard K/N`), combines their
    testsuites (a vector file split across shards becomes one testsuite again), recomputes every
    count and writes OUT atomically. Inputs are untrusted: documents with a DTD or entity
    declarations and documents that are not JUnit reports are refused, naming the file.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 merged and every test passed; 1 the merged report has failures or errors;
    2 an input was refused or the command line was wrong.
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.count >= 2 else {
      throw UsageError("needs an output file and at least one input report", command: name)
    }
    let output = arguments.positionals[0]
    let inputs = Array(arguments.positionals.dropFirst())
    let merged: JUnitCounts
    do {
      merged = try JUnitMerger.merge(inputs: inputs, into: output)
    } catch {
      console.printError("conformance merge: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    console.print("merged \(inputs.count) reports into \(ConsoleText.escape(output))")
    console.print(
      "\(merged.passed) passed, \(merged.failures + merged.errors) failed"
        + (merged.skipped > 0 ? ", \(merged.skipped) skipped" : ""))
    return merged.failures + merged.errors > 0
      ? ConformanceCommand.ExitStatus.testsFailed : ConformanceCommand.ExitStatus.success
  }
}
