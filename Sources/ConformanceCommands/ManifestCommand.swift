import ConformanceKit
import ConformanceReports

/// `conformance manifest write|check`: a vectors root's release manifest (docs/releases.md).
enum ManifestCommand: Subcommand {
  static let name = "manifest"
  static let abstract = "Write or check a vectors root's manifest.json (its version and every file's digest)."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "vectors", valueName: "DIR", help: "The vectors root the manifest describes (default: Vectors).",
        repeatable: false),
      .init(
        name: "bump", valueName: "LEVEL",
        help:
          "write: major, minor or patch; refused when smaller than the changes need (default: the bump they need).",
        repeatable: false),
      .init(
        name: "max-file-size", valueName: "BYTES",
        help: "Refuse files larger than this (K, M, G suffixes; default: 64M).", repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance manifest write [--vectors DIR] [--bump major|minor|patch]
           conformance manifest check [--vectors DIR]

    write: writes DIR/manifest.json (atomically): the corpus version, the corpus digest, and for
    every vector file and suite declaration its sha256, suite and test count. With no previous
    manifest this is the first release, 1.0.0. Otherwise the version follows the changes since
    the previous manifest: MAJOR when a vector is removed or its input, context or expect
    changes; MINOR when vectors, files or suites are added; PATCH when only descriptions, tags
    or source change. Without --bump it takes the bump the changes need; a --bump smaller than
    that is refused. Every file must load (run `conformance lint` for the details).

    check: compares DIR's files with DIR/manifest.json and names every file added, removed or
    changed since it was written. `lint` and `run` make the same check whenever a root has a
    manifest.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: write: 0 written; 2 a file does not load, the previous manifest is malformed,
    the bump is refused, or the command line was wrong. check: 0 the manifest matches the files;
    1 it does not (every file added, removed or changed is named); 2 there is no manifest, it is
    malformed, or the command line was wrong.
    """
  }

  /// What `manifest` was told.
  struct Options: Equatable {
    enum Action: Equatable {
      /// `write`, with `--bump LEVEL` when given.
      case write(bump: VersionBump?)
      case check
    }
    var action: Action
    /// `--vectors DIR` (one root) and `--max-file-size`.
    var corpus: CorpusOptions
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard let action = arguments.positionals.first else {
      throw UsageError("needs an action: write or check", command: name)
    }
    guard arguments.positionals.count == 1 else {
      throw UsageError("unexpected argument '\(arguments.positionals[1])'", command: name)
    }
    let corpus = try CorpusOptions(arguments, command: name)
    let bump = arguments.value("bump")
    switch action {
    case "write":
      guard let bump else { return Options(action: .write(bump: nil), corpus: corpus) }
      guard let level = VersionBump(bump), level != .none else {
        throw UsageError("--bump is major, minor or patch, got '\(bump)'", command: name)
      }
      return Options(action: .write(bump: level), corpus: corpus)
    case "check":
      guard bump == nil else {
        throw UsageError("--bump is for `manifest write`", command: name)
      }
      return Options(action: .check, corpus: corpus)
    default:
      let close = ["write", "check"].first { editDistance($0, action) <= 2 }.map { " (did you mean '\($0)'?)" }
      throw UsageError("unknown action '\(action)'\(close ?? ""): write or check", command: name)
    }
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let loader = options.corpus.loader
    let root = options.corpus.roots[0]
    let listing: CorpusListing
    do {
      listing = try loader.survey(root: root)
    } catch {
      throw UsageError("--vectors \(error)", command: name)
    }
    guard listing.isFolder else {
      throw UsageError("--vectors \(root): a manifest describes a folder, not one file", command: name)
    }
    switch options.action {
    case .write(let bump): return try write(listing, loader: loader, bump: bump, console: console)
    case .check: return check(listing, loader: loader, console: console)
    }
  }

  static func write(_ listing: CorpusListing, loader: VectorLoader, bump bumpLevel: VersionBump?, console: Console)
    throws -> Int32
  {
    let path = CorpusManifest.displayPath(of: listing)
    var loader = loader
    let declared = DeclaredSuites.load([listing], loader: loader)
    loader.decoder.declarations = declared.declarations
    func refuse(_ lines: [String]) -> Int32 {
      for line in lines { console.printError("conformance manifest: \(ConsoleText.escape(line))") }
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    var failures = declared.failures.map { "\($0.displayPath): \($0.problem ?? "")" }
    var built = CorpusManifest(version: SemanticVersion.firstRelease, corpusDigest: "", files: [])
    do {
      built = try CorpusManifest.build(listing, loader: loader, version: SemanticVersion.firstRelease)
    } catch {
      // Declarations that fail are named once, by the survey of declarations above.
      failures += error.failures.filter { !$0.location.path.hasSuffix(CorpusListing.declarationSuffix) }
        .map(\.description)
    }
    guard failures.isEmpty else {
      let count = failures.count == 1 ? "1 file does" : "\(failures.count) files do"
      return refuse(failures + ["\(path) not written: \(count) not load (`conformance lint` says more)"])
    }
    var lines: [String] = []
    switch CorpusManifest.read(listing, loader: loader) {
    case nil:
      guard bumpLevel == nil else {
        throw UsageError(
          "--bump needs a previous manifest: there is none at \(path), so this is the first release, \(SemanticVersion.firstRelease)",
          command: name)
      }
      lines.append(
        "\(path): version \(built.version) (first release), \(built.files.count) files, \(built.testCount) tests")
    case .failure(let error)?:
      return refuse([
        "\(path): malformed manifest: \(error); fix it, or remove it to write a first release (\(SemanticVersion.firstRelease))"
      ])
    case .success(let previous)?:
      let (needed, reasons) = CorpusManifest.requiredBump(from: previous, to: built)
      if let bumpLevel, bumpLevel < needed {
        return refuse(
          reasons.map { "  \($0)" }
            + ["\(path) not written: --bump \(bumpLevel) is smaller than the \(needed) bump these changes need"])
      }
      let level = bumpLevel ?? needed
      built.version = previous.version.bumped(level)
      lines.append(
        level == .none
          ? "\(path): version \(built.version), unchanged (no vector changed), \(built.files.count) files, \(built.testCount) tests"
          : "\(path): version \(previous.version) -> \(built.version) (\(level)), \(built.files.count) files, \(built.testCount) tests"
      )
      lines += reasons.map { "  \($0)" }
    }
    do {
      try ReportFileWriter.writeAtomically(built.text, to: path)
    } catch {
      return refuse(["\(path) not written: \(error)"])
    }
    for line in lines { console.print(ConsoleText.escape(line)) }
    return ConformanceCommand.ExitStatus.success
  }

  static func check(_ listing: CorpusListing, loader: VectorLoader, console: Console) -> Int32 {
    let path = CorpusManifest.displayPath(of: listing)
    switch CorpusManifest.check(listing, loader: loader) {
    case .absent:
      console.printError(
        "conformance manifest: no manifest: \(ConsoleText.escape(path)) does not exist (write one with `conformance manifest write`)"
      )
      return ConformanceCommand.ExitStatus.usageOrLoadError
    case .malformed(let reason):
      console.printError(
        "conformance manifest: \(ConsoleText.escape(path)): malformed manifest: \(ConsoleText.escape(reason))")
      return ConformanceCommand.ExitStatus.usageOrLoadError
    case .matches(let manifest):
      console.print(
        "\(ConsoleText.escape(path)): version \(manifest.version) matches its \(manifest.files.count) files (\(manifest.testCount) tests)"
      )
      return ConformanceCommand.ExitStatus.success
    case .stale(let manifest, let differences):
      for difference in differences { console.print(ConsoleText.escape(difference.description)) }
      console.print(
        "\(ConsoleText.escape(path)): version \(manifest.version) does not match its files: \(differences.count) "
          + (differences.count == 1 ? "difference" : "differences")
          + " (after reviewing them with `conformance diff-vectors`, rewrite it with `conformance manifest write`)")
      return ConformanceCommand.ExitStatus.testsFailed
    }
  }
}
