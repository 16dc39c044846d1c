import ConformanceKit

/// `conformance lint`: load and check every vector file without running a test.
enum LintCommand: Subcommand {
  static let name = "lint"
  static let abstract = "Check every vector file against the format without running it."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(name: "vectors", valueName: "DIR", help: "A vectors root (default: Vectors).", repeatable: true)
    ],
    flags: [
      .init(name: "strict", help: "Also fail on warnings (tests without a description, non-standard tags)."),
      .init(name: "help", help: "Show this help."),
    ])

  static var help: String {
    """
    USAGE: conformance lint [--vectors DIR]... [--strict]

    Loads every vector file exactly as `run` does (strict JSON, the format's keys and types, id
    rules, ids unique per suite across files) and reports each problem with its file and place.
    Warns about tests without a description and tags outside the standard set
    (\(Contract.standardTags.joined(separator: ", "))).

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 no problems; 2 a file has a problem (or, with --strict, a warning).
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    let roots = arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors")
    let loaded: [Result<VectorFile, LoadFailure>]
    do {
      loaded = try Runner(implementation: NoImplementation()).load(roots: roots)
    } catch let error as VectorRootError {
      throw UsageError("--vectors \(error)", command: name)
    }
    var errors = 0
    var warnings = 0
    var tests = 0
    for result in loaded {
      switch result {
      case .failure(let failure):
        errors += 1
        console.print("error: \(ConsoleText.escape(failure.description))")
      case .success(let file):
        tests += file.tests.count
        for (index, test) in file.tests.enumerated() {
          if (test.description ?? "").isEmpty {
            warnings += 1
            console.print(
              "warning: \(ConsoleText.escape(file.displayPath)): tests[\(index)] (\(ConsoleText.escape(test.id))): no description of what it tests"
            )
          }
          for tag in test.tags where !Contract.standardTags.contains(tag) {
            warnings += 1
            console.print(
              "warning: \(ConsoleText.escape(file.displayPath)): tests[\(index)] (\(ConsoleText.escape(test.id))): non-standard tag \"\(ConsoleText.escape(tag))\""
            )
          }
        }
      }
    }
    console.print("\(loaded.count) files, \(tests) tests: \(errors) errors, \(warnings) warnings")
    let failed = errors > 0 || (arguments.flag("strict") && warnings > 0)
    return failed ? ConformanceCommand.ExitStatus.usageOrLoadError : ConformanceCommand.ExitStatus.success
  }
}
