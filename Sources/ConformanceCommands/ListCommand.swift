import ConformanceJSON
import ConformanceKit

/// `conformance list`: what the vectors roots hold, without running anything.
enum ListCommand: Subcommand {
  static let name = "list"
  static let abstract = "List suites, vector files and tests per tag."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .vectors,
      .init(name: "suite", valueName: "NAME", help: "Only this suite.", repeatable: true),
      .init(name: "tag", valueName: "TAG", help: "Only tests carrying this tag.", repeatable: true),
      .init(name: "id", valueName: "GLOB", help: "Only tests whose id matches (* and ? wildcards).", repeatable: true),
      .init(name: "exclude-tag", valueName: "TAG", help: "Leave out tests carrying this tag.", repeatable: true),
      .init(name: "exclude-id", valueName: "GLOB", help: "Leave out tests whose id matches.", repeatable: true),
    ],
    flags: [
      .init(name: "files", help: "Also list every vector file with its suite and test count."),
      .init(name: "tests", help: "Also list every selected test: suite, id and file."),
      .init(name: "json", help: "Print everything as one JSON object instead (format conformance-list/1)."),
      .init(name: "help", help: "Show this help."),
    ])

  static var help: String {
    """
    USAGE: conformance list [--vectors PATH]... [--suite NAME]... [--tag TAG]... [--id GLOB]...
                            [--exclude-tag TAG]... [--exclude-id GLOB]... [--files] [--tests] [--json]

    Loads the vector files and prints, per suite, how many files and tests it has, then how many
    tests carry each tag; with --files every file, with --tests every test (`SUITE ID FILE`, the
    suite and id `conformance show` takes). The filters select tests as `run` does. With --json,
    one JSON object on stdout: {"format": "conformance-list/1", "suites": [{suite, files, tests}],
    "tags": [{tag, tests}], "files": [{file, root, path, suite, tests}], "tests": [{suite, id,
    file, tags, description}], "loadErrors": [{file, reason}]}, every test listed.
    Files that fail to load are reported on stderr.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 listed; 2 a file failed to load, the filters match no test, or the command
    line was wrong.
    """
  }

  /// What `list` was told.
  struct Options: Equatable {
    var corpus: CorpusOptions
    var selection: SelectionOptions
    /// `--files`, `--tests`, `--json`.
    var listsFiles = false
    var listsTests = false
    var json = false
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    return Options(
      corpus: try CorpusOptions(arguments, command: name),
      selection: try SelectionOptions(arguments, environment: environment, command: name),
      listsFiles: arguments.flag("files"), listsTests: arguments.flag("tests"), json: arguments.flag("json"))
  }

  /// The selected tests of the files that loaded, and the files that did not.
  struct Listing {
    var files: [VectorFile] = []
    var loadErrors: [LoadFailure] = []
    var excludes: ExcludeUsage
    /// (suite, files, tests): the contract's suites, then the roots' own (docs/own-suites.md).
    var rows: [(String, Int, Int)] = []
    var tags: [(String, Int)] = []
    var total: Int { files.reduce(0) { $0 + $1.tests.count } }
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let roots = options.corpus.roots
    let loaded: [Result<VectorFile, LoadFailure>]
    let declared: DeclaredSuites
    do {
      (loaded, declared) = try Runner(implementation: NoImplementation()).loadCorpus(roots: roots)
    } catch let error as VectorRootError {
      throw UsageError("--vectors \(error)", command: name)
    }
    let selection = try options.selection.selection(ownSuites: declared.names, command: name)
    let listing = self.listing(loaded, selection: selection, ownSuites: declared.names, console: console)
    if options.json {
      console.print(
        JSONSerializer.pretty.string(
          from: json(rows: listing.rows, tags: listing.tags, files: listing.files, loadErrors: listing.loadErrors)))
    } else {
      printTables(listing, options: options, console: console)
    }
    if listing.total == 0 && listing.loadErrors.isEmpty {
      console.printError("conformance list: " + ConsoleReporter.nothingSelected(selection, roots: roots))
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    // As `run` does: an exclude that leaves out nothing is a misspelt filter.
    let unused = listing.excludes.unused(selection)
    if listing.loadErrors.isEmpty && !unused.isEmpty {
      console.printError("conformance list: " + ConsoleText.escape(ExcludeUsage.message(unused)))
      return ConformanceCommand.ExitStatus.usageOrLoadError
    }
    return listing.loadErrors.isEmpty
      ? ConformanceCommand.ExitStatus.success : ConformanceCommand.ExitStatus.usageOrLoadError
  }

  /// The selected tests of `loaded`, counted per suite and tag; each load error printed.
  static func listing(
    _ loaded: [Result<VectorFile, LoadFailure>], selection: Selection, ownSuites: [String], console: Console
  ) -> Listing {
    var listing = Listing(excludes: ExcludeUsage(selection))
    for result in loaded {
      switch result {
      case .success(var file) where selection.includes(suite: file.suite):
        let all = file.tests
        if selection.hasExcludes { for test in all { listing.excludes.record(test, in: file, selection: selection) } }
        file.tests = all.filter { selection.matchesFilters(test: $0, in: file) }
        listing.files.append(file)
      case .success: continue
      case .failure(let failure):
        listing.loadErrors.append(failure)
        console.printError("LOAD ERROR \(ConsoleText.escape(failure.description))")
      }
    }
    let files = listing.files
    for suite in Contract.suites + ownSuites {
      let suiteFiles = files.filter { $0.suite == suite }
      if suiteFiles.isEmpty { continue }
      listing.rows.append((suite, suiteFiles.count, suiteFiles.reduce(0) { $0 + $1.tests.count }))
    }
    var tagCounts: [String: Int] = [:]
    for file in files { for test in file.tests { for tag in test.tags { tagCounts[tag, default: 0] += 1 } } }
    let tags = tagCounts.keys.sorted {
      (Contract.standardTags.firstIndex(of: $0) ?? Int.max, $0) < (
        Contract.standardTags.firstIndex(of: $1) ?? Int.max, $1
      )
    }
    listing.tags = tags.map { ($0, tagCounts[$0]!) }
    return listing
  }

  /// The tables: suites, tags, and with `--files` and `--tests` every file and test.
  static func printTables(_ listing: Listing, options: Options, console: Console) {
    let files = listing.files
    console.print(table(["SUITE", "FILES", "TESTS"], listing.rows.map { [$0.0, String($0.1), String($0.2)] }))
    console.print("")
    console.print(table(["TAG", "TESTS"], listing.tags.map { [ConsoleText.escape($0.0), String($0.1)] }))
    if options.listsFiles {
      console.print("")
      console.print(
        table(
          ["FILE", "SUITE", "TESTS"],
          files.map { [ConsoleText.escape($0.displayPath), $0.suite, String($0.tests.count)] }))
    }
    if options.listsTests {
      console.print("")
      console.print(
        table(
          ["SUITE", "ID", "FILE"],
          files.flatMap { file in
            file.tests.map { [file.suite, ConsoleText.escape($0.id), ConsoleText.escape(file.displayPath)] }
          })
      )
    }
    console.print(
      "\n\(listing.total) tests in \(files.count) files"
        + (listing.loadErrors.isEmpty ? "" : "; \(listing.loadErrors.count) files failed to load"))
  }

  /// The `--json` object (format `conformance-list/1`).
  static func json(rows: [(String, Int, Int)], tags: [(String, Int)], files: [VectorFile], loadErrors: [LoadFailure])
    -> JSONValue
  {
    func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
    return [
      "format": "conformance-list/1",
      "suites": .array(rows.map { ["suite": .string($0.0), "files": number($0.1), "tests": number($0.2)] }),
      "tags": .array(tags.map { ["tag": .string($0.0), "tests": number($0.1)] }),
      "files": .array(
        files.map {
          [
            "file": .string($0.displayPath), "root": .string($0.root), "path": .string($0.path),
            "suite": .string($0.suite), "tests": number($0.tests.count),
          ]
        }),
      "tests": .array(
        files.flatMap { file in
          file.tests.map { test in
            var object: JSONObject = [
              "suite": .string(file.suite), "id": .string(test.id), "file": .string(file.displayPath),
              "tags": .array(test.tags.map(JSONValue.string)),
            ]
            if let description = test.description { object["description"] = .string(description) }
            return .object(object)
          }
        }),
      "loadErrors": .array(
        loadErrors.map { ["file": .string($0.location.displayPath), "reason": .string($0.reason)] }),
    ]
  }
}

/// Stands in for an implementation where only loading is needed (`list`, `lint`).
struct NoImplementation: Implementation {
  let name = "none"
  func supports(suite: String) -> Bool { false }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    throw UsageError("nothing is evaluated by this command", command: "list")
  }
}

/// A plain aligned text table; numbers right-aligned.
func table(_ header: [String], _ rows: [[String]]) -> String {
  let all = [header] + rows
  let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
  return all.map { row in
    row.indices.map { column in
      let cell = row[column]
      let isNumber = !cell.isEmpty && cell.allSatisfy(\.isNumber) && column > 0
      let pad = String(repeating: " ", count: widths[column] - cell.count)
      return isNumber ? pad + cell : (column == row.count - 1 ? cell : cell + pad)
    }.joined(separator: "  ")
  }.joined(separator: "\n")
}
