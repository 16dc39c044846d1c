import ConformanceJSON
import ConformanceKit

/// `conformance list`: what the vectors roots hold, without running anything.
enum ListCommand: Subcommand {
  static let name = "list"
  static let abstract = "List suites, vector files and tests per tag."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(name: "vectors", valueName: "DIR", help: "A vectors root (default: Vectors).", repeatable: true),
      .init(name: "suite", valueName: "NAME", help: "Only this suite.", repeatable: true),
    ],
    flags: [
      .init(name: "files", help: "Also list every vector file with its suite and test count."),
      .init(name: "help", help: "Show this help."),
    ])

  static var help: String {
    """
    USAGE: conformance list [--vectors DIR]... [--suite NAME]... [--files]

    Loads the vector files and prints, per suite, how many files and tests it has, then how many
    tests carry each tag. Files that fail to load are reported on stderr (exit status 2).

    OPTIONS:
    \(spec.optionsHelp)
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    let roots = arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors")
    let selection = try RunCommand.selection(from: arguments, command: name)
    let loaded: [Result<VectorFile, LoadFailure>]
    do {
      loaded = try Runner(implementation: NoImplementation()).load(roots: roots)
    } catch let error as VectorRootError {
      throw UsageError("--vectors \(error)", command: name)
    }
    var files: [VectorFile] = []
    var failures = 0
    for result in loaded {
      switch result {
      case .success(let file) where selection.includes(suite: file.suite): files.append(file)
      case .success: continue
      case .failure(let failure):
        failures += 1
        console.printError("LOAD ERROR \(ConsoleText.escape(failure.description))")
      }
    }
    var rows: [(String, Int, Int)] = []
    for suite in Contract.suites {
      let suiteFiles = files.filter { $0.suite == suite }
      if suiteFiles.isEmpty { continue }
      rows.append((suite, suiteFiles.count, suiteFiles.reduce(0) { $0 + $1.tests.count }))
    }
    console.print(table(["SUITE", "FILES", "TESTS"], rows.map { [$0.0, String($0.1), String($0.2)] }))
    console.print("")
    var tagCounts: [String: Int] = [:]
    for file in files { for test in file.tests { for tag in test.tags { tagCounts[tag, default: 0] += 1 } } }
    let tags = tagCounts.keys.sorted {
      (Contract.standardTags.firstIndex(of: $0) ?? Int.max, $0) < (
        Contract.standardTags.firstIndex(of: $1) ?? Int.max, $1
      )
    }
    console.print(table(["TAG", "TESTS"], tags.map { [ConsoleText.escape($0), String(tagCounts[$0]!)] }))
    if arguments.flag("files") {
      console.print("")
      console.print(
        table(
          ["FILE", "SUITE", "TESTS"],
          files.map { [ConsoleText.escape($0.displayPath), $0.suite, String($0.tests.count)] }))
    }
    let total = files.reduce(0) { $0 + $1.tests.count }
    console.print(
      "\n\(total) tests in \(files.count) files" + (failures > 0 ? "; \(failures) files failed to load" : ""))
    return failures > 0 ? ConformanceCommand.ExitStatus.usageOrLoadError : ConformanceCommand.ExitStatus.success
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
