import ConformanceKit
import ConformanceReports

/// `conformance pack`: the selected tests in one file for an SDK's own test runner
/// (docs/answers.md).
enum PackCommand: Subcommand {
  static let name = "pack"
  static let abstract = "Write the selected tests as one pack file for a kit's in-process run (docs/answers.md)."

  static let spec = ArgumentSpec(
    command: name, options: [.vectorRoots, .out] + SelectionOptions.options + [.maxFileSize])

  /// What `pack` was told.
  struct Options: Equatable {
    /// `--out FILE`: where the pack goes.
    var out: String
    var corpus: CorpusOptions
    var selection: SelectionOptions
  }

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

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.isEmpty else { throw arguments.unexpectedArgument(command: name) }
    guard let out = arguments.value(ArgumentSpec.Option.out.name) else {
      throw UsageError("--out FILE is required: where to write the pack", command: name)
    }
    return Options(
      out: out, corpus: try CorpusOptions(arguments, command: name),
      selection: try SelectionOptions(arguments, environment: environment, command: name))
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let roots = options.corpus.roots
    let selection = try self.selection(options.selection, corpus: options.corpus, console: console)
    let built: (pack: Pack, problems: [LoadFailure])
    do {
      built = try Pack.build(roots: roots, loader: options.corpus.loader, selection: selection)
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
      try ReportFileWriter.writeAtomically(bytes: built.pack.bytes, to: options.out)
    } catch {
      console.printError("conformance pack: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    let files = built.pack.files.count
    console.print(
      "pack: \(built.pack.testCount) \(built.pack.testCount == 1 ? "test" : "tests") from \(files) \(files == 1 ? "file" : "files"), digest \(built.pack.digest): \(ConsoleText.escape(options.out))"
    )
    return built.problems.isEmpty
      ? ConformanceCommand.ExitStatus.success : ConformanceCommand.ExitStatus.usageOrLoadError
  }

  /// The selection, once the roots are surveyed for their own suites (known to `--suite`);
  /// with `--shard auto`, prints where the shard came from.
  static func selection(_ options: SelectionOptions, corpus: CorpusOptions, console: Console) throws -> Selection {
    let loader = corpus.loader
    var listings: [CorpusListing] = []
    do {
      for root in corpus.roots { listings.append(try loader.survey(root: root)) }
    } catch {
      throw UsageError("--vectors \(error)", command: name, showsUsage: false)
    }
    let declared = DeclaredSuites.load(listings, loader: loader)
    let selection = try options.selection(ownSuites: declared.names, command: name)
    if let resolution = options.autoResolution { console.print(resolution.note) }
    return selection
  }
}

extension ArgumentSpec.Option {
  static let out = ArgumentSpec.Option(
    name: "out", valueName: "FILE", help: "Where to write the pack (required).", repeatable: false)
}
