import ConformanceKit
import ConformanceLowLevel

/// A subcommand of `conformance`: its command line is parsed by its ``spec``, read once into its
/// typed ``Options`` (checked there, with every message a command-line mistake gets), and run.
protocol Subcommand {
  /// What the command line said, typed and checked.
  associatedtype Options
  static var name: String { get }
  /// One line for the top-level help.
  static var abstract: String { get }
  /// The options and flags it accepts: the single source of the parser and of `--help`.
  static var spec: ArgumentSpec { get }
  /// The full `--help` text.
  static var help: String { get }
  /// Reads and checks the parsed command line; `environment` for what CI engines say
  /// (`--shard auto`, Bazel's report path).
  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options
  /// Runs with its options; returns the exit status.
  static func run(_ options: Options, console: Console) throws -> Int32
}

extension Subcommand {
  /// Reads the options of `arguments`, then runs.
  static func run(parsing arguments: ParsedArguments, console: Console) throws -> Int32 {
    try run(try options(arguments, environment: console.environment), console: console)
  }
}

/// The `conformance` command line: dispatches to one subcommand per file.
public enum ConformanceCommand {
  static var subcommands: [any Subcommand.Type] {
    [
      RunCommand.self, ListCommand.self, ShowCommand.self, LintCommand.self, MergeCommand.self, ServeCommand.self,
      SmokeCommand.self, ManifestCommand.self, DiffVectorsCommand.self, DiffCommand.self, PackCommand.self,
      JudgeCommand.self, ExploreCommand.self,
    ]
  }

  /// Exit statuses every subcommand shares (docs/junit-report.md).
  public enum ExitStatus {
    public static let success: Int32 = 0
    public static let testsFailed: Int32 = 1
    public static let usageOrLoadError: Int32 = 2
  }

  public static var help: String {
    let width = (subcommands.map { $0.name.count }.max() ?? 0) + 2
    let list = subcommands.map { "  " + $0.name.padding(toLength: width) + $0.abstract }
      .joined(separator: "\n")
    return """
      conformance: runs JSON conformance vectors against the reference parsers and reports JUnit XML.

      USAGE: conformance <subcommand> [options]

      SUBCOMMANDS:
      \(list)

      Run `conformance <subcommand> --help` (or `conformance help <subcommand>`) for a subcommand's
      options, and `conformance --version` for the version.

      EXIT STATUS: 0 every test passed; 1 a test failed or errored (or an expected-failure entry is
      stale); 2 a vector file could not be loaded, nothing was selected, a set of shard reports is
      incomplete, or the command line was wrong; 130 or 143 a run interrupted by SIGINT or SIGTERM
      (docs/cli.md lists every case).
      """
  }

  /// Runs the command line (without the program name) and returns the exit status.
  public static func main(arguments: [String], console: Console) -> Int32 {
    // In-process callers (tests, the Swift kit) get the executable's setting too.
    ignoreBrokenPipe()
    guard let first = arguments.first else {
      console.printError(help)
      return ExitStatus.usageOrLoadError
    }
    if first == "--help" || first == "-h" || first == "help" {
      if first == "help", arguments.count > 1, let sub = subcommands.first(where: { $0.name == arguments[1] }) {
        console.print(sub.help)
      } else {
        console.print(help)
      }
      return ExitStatus.success
    }
    if first == "--version" {
      console.print("conformance \(ToolInfo.version)")
      return ExitStatus.success
    }
    guard let subcommand = subcommands.first(where: { $0.name == first }) else {
      let close = subcommands.first { editDistance($0.name, first) <= 2 }.map { " (did you mean '\($0.name)'?)" }
      console.printError("conformance: unknown subcommand '\(ConsoleText.escape(first))'\(close ?? "")")
      console.printError("Run `conformance --help` for the list of subcommands.")
      return ExitStatus.usageOrLoadError
    }
    do {
      let parsed = try subcommand.spec.parse(Array(arguments.dropFirst()))
      if parsed.flag("help") {
        console.print(subcommand.help)
        return ExitStatus.success
      }
      return try subcommand.run(parsing: parsed, console: console)
    } catch let error as UsageError {
      // A run that cannot start replaces its reports with one holding the error, command-line
      // mistakes included, so a dashboard never shows the previous green run as this one.
      // `judge` writes run's reports, so it replaces them alike.
      if [RunCommand.name, JudgeCommand.name].contains(subcommand.name) && !error.reportsHandled {
        StartFailureReports.write(ofUsageError: error, arguments: Array(arguments.dropFirst()), spec: subcommand.spec)
      }
      console.printError("conformance \(error.command): \(ConsoleText.escapeLines(error.message))")
      if error.showsUsage { console.printError("Run `conformance \(error.command) --help` for usage.") }
      return ExitStatus.usageOrLoadError
    } catch {
      console.printError("conformance \(subcommand.name): \(ConsoleText.escapeLines("\(error)"))")
      return ExitStatus.usageOrLoadError
    }
  }
}

/// Facts about this build that reports name.
public enum ToolInfo {
  public static let name = "conformance"
  public static let version = "0.1.0"
}
