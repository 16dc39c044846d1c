import ConformanceKit
import ConformanceReports

/// `conformance pack`: the selected tests in one file for an SDK's own test runner
/// (docs/answers.md).
enum PackCommand: Subcommand {
  static let name = "pack"
  static let abstract = "Write the selected tests as one pack file for a kit's in-process run (docs/answers.md)."

  /// The selection options, as `run` declares them.
  static let selectionOptionNames = ["suite", "tag", "id", "exclude-tag", "exclude-id", "shard"]

  static let spec = ArgumentSpec(
    command: name,
    options: [
      RunCommand.spec.options.first { $0.name == "vectors" }!,
      .init(name: "out", valueName: "FILE", help: "Where to write the pack (required).", repeatable: false),
    ] + RunCommand.spec.options.filter { (selectionOptionNames + ["max-file-size"]).contains($0.name) })

  static var help: String {
    """
    USAGE: conformance pack [--vectors PATH]... [--suite NAME]... [--tag TAG]... [--id GLOB]...
                            [--exclude-tag TAG]... [--exclude-id GLOB]... [--shard K/N|auto]
                            [--max-file-size BYTES] --out FILE

    Loads the vectors exactly as `run` does, selects tests with run's selection options, and
    writes them to FILE (format conformance-pack/1, replaced atomically): one JSON file a kit's
    in-process run reads with its language's JSON library, each test with its suite, id, file,
    description, tags, input, merged context and expect, and every number a double may not hold
    exactly by its JSON Pointer in `numbers`. The pack's `digest` names these tests: the
    answers a kit records carry it, and `conformance judge` refuses answers made against another
    pack. Prints `pack: T tests from F files, digest D: FILE`.
    A file that does not load (or a manifest that does not match its files) is left out of the
    pack and printed as FILE: problem; the pack is still written, and the exit status is 2.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 the pack was written; 2 a file did not load (the pack holds the rest), no
    test matches the selection (nothing written), the pack could not be written, or the
    command line was wrong.
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else { throw arguments.unexpectedArgument(command: name) }
    guard let out = arguments.value("out") else {
      throw UsageError("--out FILE is required: where to write the pack", command: name)
    }
    let roots = arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors")
    let (loader, selection) = try corpusSelection(arguments, roots: roots, console: console, command: name)
    let built: (pack: Pack, problems: [LoadFailure])
    do {
      built = try Pack.build(roots: roots, loader: loader, selection: selection)
    } catch {
      throw UsageError("--vectors \(error)", command: name, showsUsage: false)
    }
    for problem in built.problems {
      console.printError(
        "conformance pack: \(ConsoleText.escape(problem.location.displayPath)): \(ConsoleText.escapeLines(problem.reason))"
      )
    }
    guard built.pack.testCount > 0 else {
      throw UsageError(selection.nothingSelectedMessage(roots: roots), command: name, showsUsage: false)
    }
    do {
      try ReportFileWriter.writeAtomically(bytes: built.pack.bytes, to: out)
    } catch {
      console.printError("conformance pack: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    let files = built.pack.files.count
    console.print(
      "pack: \(built.pack.testCount) \(built.pack.testCount == 1 ? "test" : "tests") from \(files) \(files == 1 ? "file" : "files"), digest \(built.pack.digest): \(ConsoleText.escape(out))"
    )
    return built.problems.isEmpty
      ? ConformanceCommand.ExitStatus.success : ConformanceCommand.ExitStatus.usageOrLoadError
  }

  /// The loader (`--max-file-size`) and the selection (own suites known to `--suite`,
  /// `--shard auto` resolved) that `pack` and `judge --vectors` share with `run`.
  static func corpusSelection(_ arguments: ParsedArguments, roots: [String], console: Console, command: String)
    throws -> (VectorLoader, Selection)
  {
    var loader = VectorLoader()
    if let text = arguments.value("max-file-size") {
      guard let limit = RunCommand.byteCount(text) else {
        throw UsageError(
          "--max-file-size needs a whole number of bytes (K, M, G suffixes), got '\(text)'", command: command)
      }
      loader.maxFileSize = limit
    }
    var listings: [CorpusListing] = []
    do {
      for root in roots { listings.append(try loader.survey(root: root)) }
    } catch {
      throw UsageError("--vectors \(error)", command: command, showsUsage: false)
    }
    let declared = DeclaredSuites.load(listings, loader: loader)
    var selection = try RunCommand.selection(from: arguments, command: command, ownSuites: declared.names)
    if arguments.value("shard") == "auto" {
      let resolution = try ShardEngine.resolve(console.environment)
      selection.shard = resolution.shard
      console.print(resolution.note)
    }
    return (loader, selection)
  }
}
