import ConformanceKit
import ConformanceLowLevel
import ConformanceReports

/// `conformance diff-vectors OLD_ROOT NEW_ROOT`: what changed between two corpora, vector by
/// vector, and the version bump it needs (docs/releases.md).
enum DiffVectorsCommand: Subcommand {
  static let name = "diff-vectors"
  static let abstract = "List what changed between two corpora, vector by vector, and the version bump it needs."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "markdown", valueName: "FILE", help: "Write the changes as Markdown, breaking changes first.",
        repeatable: false),
      .init(
        name: "json", valueName: "FILE", help: "Write the changes as JSON (counts, requiredBump, every change).",
        repeatable: false),
      .init(
        name: "changelog", valueName: "FILE",
        help: "Put the Markdown in FILE as the new corpus's release section (replacing one of the same version).",
        repeatable: false),
      .init(
        name: "max-file-size", valueName: "BYTES",
        help: "Refuse vector files larger than this (K, M, G suffixes; default: 64M).", repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance diff-vectors OLD_ROOT NEW_ROOT [--markdown FILE] [--json FILE] [--changelog FILE]

    Loads both corpora (every vector file and suite declaration; each must load) and compares
    them vector by vector, keyed by (suite, id). Each vector that differs is one of: added;
    removed; expectChanged (its expect); inputChanged (its input or context); metadataChanged
    (only its description, tags, its file's description or source, or the file it is in).
    Prints the counts and the bump the changes need by the version rules (major for removed,
    expectChanged, inputChanged; minor for added vectors, files or suites; patch for the rest;
    none). To compare with a release, take its tree from git:
      git archive v1.0.0 Vectors | tar -x -C /tmp/old   # then: diff-vectors /tmp/old/Vectors Vectors
    An empty OLD_ROOT describes a first release.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 compared (whatever changed); 2 a file does not load, or the command line was
    wrong.
    """
  }

  /// What `diff-vectors` was told.
  struct Options: Equatable {
    /// OLD_ROOT and NEW_ROOT.
    var roots: [String]
    /// `--max-file-size`.
    var corpus: CorpusOptions
    var markdown: String?
    var json: String?
    var changelog: String?
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.count == 2 else {
      throw UsageError(
        arguments.positionals.count < 2
          ? "needs OLD_ROOT and NEW_ROOT" : "unexpected argument '\(arguments.positionals[2])'", command: name)
    }
    return Options(
      roots: arguments.positionals,
      corpus: CorpusOptions(maxFileSize: try CorpusOptions.maxFileSize(arguments, command: name)),
      markdown: arguments.value("markdown"), json: arguments.value("json"), changelog: arguments.value("changelog"))
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let loader = options.corpus.loader
    let destinations = [
      ("--markdown", options.markdown), ("--json", options.json), ("--changelog", options.changelog),
    ].compactMap { option, path in path.map { (option, $0) } }
    do {
      try ReportDestinationCheck.check(destinations)
    } catch {
      throw UsageError(error.description, command: name)
    }
    var sides: [VectorDiff.Side] = []
    var failed = false
    for root in options.roots {
      let loaded: Result<VectorDiff.Side, ManifestBuildError>
      do {
        loaded = try VectorDiff.Side.load(root: root, loader: loader)
      } catch {
        throw UsageError("\(error)", command: name)
      }
      switch loaded {
      case .success(let side): sides.append(side)
      case .failure(let error):
        failed = true
        for failure in error.failures {
          console.printError("conformance diff-vectors: \(ConsoleText.escape(failure.description))")
        }
      }
    }
    guard !failed else {
      console.printError("conformance diff-vectors: nothing compared: every file of both corpora must load")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    let diff = VectorDiff(old: sides[0], new: sides[1])
    let counts = diff.counts
    let markdown = VectorDiffReport.markdown(diff)
    do {
      if let path = options.json {
        try ReportFileWriter.writeAtomically(VectorDiffReport.json(diff), to: path)
      }
      if let path = options.markdown { try ReportFileWriter.writeAtomically(markdown, to: path) }
      if let path = options.changelog {
        // A changelog that exists but cannot be read is never replaced by a fresh one.
        var existing: String? = nil
        if pathExists(path) {
          switch loader.read(VectorFileLocation(root: "", path: path)) {
          case .success(let bytes): existing = String(decoding: bytes, as: UTF8.self)
          case .failure(let failure):
            console.printError("conformance diff-vectors: --changelog \(ConsoleText.escape(failure.description))")
            return ConformanceCommand.ExitStatus.usageOrLoadError
          }
        }
        let text = VectorDiffReport.changelog(existing, section: markdown)
        try ReportFileWriter.writeAtomically(text, to: path)
      }
    } catch {
      console.printError("conformance diff-vectors: \(ConsoleText.escape(error.description))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    let line = VectorDiff.Kind.reportOrder.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    console.print(ConsoleText.escape("\(line); requiredBump \(diff.requiredBump)"))
    return ConformanceCommand.ExitStatus.success
  }
}
