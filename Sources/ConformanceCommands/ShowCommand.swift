import ConformanceJSON
import ConformanceKit
import ReferenceParsers

/// `conformance show SUITE ID`: one vector as written, and what the reference parser answers.
enum ShowCommand: Subcommand {
  static let name = "show"
  static let abstract = "Print one vector and the reference parser's answer to it."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .vectors
    ])

  static var help: String {
    """
    USAGE: conformance show [--vectors PATH]... SUITE ID

    Finds the test ID of suite SUITE under the vectors roots and prints its file, description,
    tags, input, context (the file's merged with the test's), expected outcome, the reference
    parser's answer and whether it meets the expectation, each JSON value pretty-printed and in
    full. `conformance list --tests` lists every SUITE and ID.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 the reference meets the expectation; 1 it does not (or could not answer);
    2 no such test (the closest ids are named), a file could not be loaded, or the command line
    was wrong.
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.count == 2 else {
      throw UsageError("needs a suite and a test id, e.g. `conformance show leeep.fid length.21`", command: name)
    }
    let suite = arguments.positionals[0]
    let id = arguments.positionals[1]
    let roots = arguments.all("vectors").isEmpty ? ["Vectors"] : arguments.all("vectors")
    let loaded: [Result<VectorFile, LoadFailure>]
    let declared: DeclaredSuites
    do {
      (loaded, declared) = try Runner(implementation: NoImplementation()).loadCorpus(roots: roots)
    } catch let error as VectorRootError {
      throw UsageError("--vectors \(error)", command: name)
    }
    _ = try RunCommand.selection(
      from: ParsedArguments(values: ["suite": [suite]]), command: name, ownSuites: declared.names)
    var ids: [String] = []
    for case .success(let file) in loaded where file.suite == suite {
      for test in file.tests {
        guard utf8Equal(test.id, id) else {
          ids.append(test.id)
          continue
        }
        return show(test, in: file, declaration: declared.declarations[suite], console: console)
      }
    }
    for case .failure(let failure) in loaded { console.printError("LOAD ERROR \(failure)") }
    // The nearest first (fewest edits), then in byte order.
    let close = ids.map { ($0, editDistance($0, id)) }.filter { $0.1 <= 2 }
      .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : utf8Precedes($0.0, $1.0) }.prefix(5).map(\.0)
    console.printError(
      "conformance show: no test \(id) of suite \(suite) under \(roots.joined(separator: ", "))"
        + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)"))
    return ConformanceCommand.ExitStatus.usageOrLoadError
  }

  static func show(_ test: VectorTest, in file: VectorFile, declaration: SuiteDeclaration? = nil, console: Console)
    -> Int32
  {
    func pretty(_ value: JSONValue) -> String { JSONSerializer.pretty.string(from: value) }
    console.print("\(file.suite) \(test.id) (\(file.displayPath))")
    if let description = test.description { console.print("description: \(description)") }
    if !test.tags.isEmpty { console.print("tags: \(test.tags.joined(separator: ", "))") }
    console.print("input: \(pretty(test.input))")
    if !test.context.isEmpty { console.print("context: \(pretty(.object(test.context)))") }
    console.print("expect: \(pretty(test.expectation.json))")
    if let declaration {
      // No verdict: the suite is a team's own, and only its adapters can answer.
      console.print(
        "reference: none: the reference has no parser for suite \(file.suite), an own suite declared in \(ConsoleText.escape(declaration.location.displayPath)); run it against an adapter that lists it (conformance run --adapter COMMAND)"
      )
      return ConformanceCommand.ExitStatus.success
    }
    let reference = ReferenceImplementation()
    let result = Runner(implementation: reference).run(test, suite: file.suite)
    if let actual = result.actual { console.print("reference: \(pretty(actual.json))") }
    switch result.status {
    case .passed:
      console.print("verdict: passed")
      return ConformanceCommand.ExitStatus.success
    case .failed(let failure):
      console.print("verdict: failed: \(failure.difference)")
    case .errored(let message):
      console.print("verdict: errored: \(message)")
    case .skipped(let reason):
      console.print("verdict: skipped: \(reason)")
    }
    return ConformanceCommand.ExitStatus.testsFailed
  }
}
