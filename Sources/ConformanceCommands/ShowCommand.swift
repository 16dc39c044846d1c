import ConformanceJSON
import ConformanceKit
import ConformanceProcess
import ReferenceParsers

/// `conformance show SUITE ID`: one vector as written, and what the reference parser answers;
/// with `--adapter`, what another implementation answers beside it.
enum ShowCommand: Subcommand {
  static let name = "show"
  static let abstract = "Print one vector and the reference parser's answer to it (and an adapter's)."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .vectors,
      .init(
        name: "adapter", valueName: "COMMAND",
        help:
          "Also ask this implementation (started with /bin/sh -c COMMAND, conformance-adapter/2) and show the difference.",
        repeatable: false),
      .init(
        name: "timeout", valueName: "SECONDS",
        help: "With --adapter: how long its start and hello, or the request, may take (default: 30).",
        repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance show [--vectors PATH]... [--adapter COMMAND [--timeout SECONDS]] SUITE ID

    Finds the test ID of suite SUITE under the vectors roots and prints its file, description,
    tags, input, context (the file's merged with the test's), expected outcome, the reference
    parser's answer and whether it meets the expectation, each JSON value pretty-printed and in
    full. With --adapter, the adapter is started, asked the same request, and its answer is
    printed beside the expectation and the reference's, with the first difference from the
    expectation (and from the reference's answer, when they differ) and what it wrote on
    standard error. `conformance list --tests` lists every SUITE and ID. A test of an own suite
    (NAME.suite.json, docs/own-suites.md) has no reference answer: without --adapter it is
    shown without a verdict (exit 0).

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 the reference (with --adapter: the adapter) meets the expectation; 1 it does
    not (or could not answer); 2 no such test (the closest ids are named), a file could not be
    loaded, the adapter could not start or does not implement the suite, or the command line was
    wrong.
    """
  }

  /// What `show` was told.
  struct Options: Equatable {
    var suite: String
    var id: String
    var corpus: CorpusOptions
    /// `--adapter COMMAND`, and its `--timeout`.
    var adapter: String?
    var settings: AdapterOptions
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.count == 2 else {
      throw UsageError("needs a suite and a test id, e.g. `conformance show leeep.fid length.21`", command: name)
    }
    var settings = AdapterOptions(maxRestarts: 0)
    if let timeout = try ImplementationOptions.timeout(arguments, command: name) { settings.timeout = timeout }
    let adapter = arguments.value(ArgumentSpec.Option.adapter.name)
    if arguments.value(ArgumentSpec.Option.timeout.name) != nil && adapter == nil {
      throw UsageError("--timeout is for --adapter", command: name)
    }
    return Options(
      suite: arguments.positionals[0], id: arguments.positionals[1],
      corpus: try CorpusOptions(arguments, command: name),
      adapter: adapter, settings: settings)
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let (suite, id) = (options.suite, options.id)
    let roots = options.corpus.roots
    let loaded: [Result<VectorFile, LoadFailure>]
    let declared: DeclaredSuites
    do {
      (loaded, declared) = try Runner(implementation: NoImplementation()).loadCorpus(roots: roots)
    } catch let error as VectorRootError {
      throw UsageError("--vectors \(error)", command: name)
    }
    try SelectionOptions.checkSuites([suite], ownSuites: declared.names, command: name)
    var ids: [String] = []
    for case .success(let file) in loaded where file.suite == suite {
      for test in file.tests {
        guard utf8Equal(test.id, id) else {
          ids.append(test.id)
          continue
        }
        return try show(
          test, in: file, declaration: declared.declarations[suite], adapter: options.adapter,
          options: options.settings, ownSuites: declared.names, console: console)
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

  static func show(
    _ test: VectorTest, in file: VectorFile, declaration: SuiteDeclaration? = nil, adapter command: String? = nil,
    options: AdapterOptions = AdapterOptions(), ownSuites: [String] = [], console: Console
  ) throws -> Int32 {
    func pretty(_ value: JSONValue) -> String { JSONSerializer.pretty.string(from: value) }
    console.print("\(file.suite) \(test.id) (\(file.displayPath))")
    if let description = test.description { console.print("description: \(description)") }
    if !test.tags.isEmpty { console.print("tags: \(test.tags.joined(separator: ", "))") }
    console.print("input: \(pretty(test.input))")
    if !test.context.isEmpty { console.print("context: \(pretty(.object(test.context)))") }
    console.print("expect: \(pretty(test.expectation.json))")
    var result: TestResult? = nil
    if let declaration {
      // No verdict: the suite is a team's own, and only its adapters can answer.
      console.print(
        "reference: none: the reference has no parser for suite \(file.suite), an own suite declared in \(ConsoleText.escape(declaration.location.displayPath)); run it against an adapter that lists it (conformance run --adapter COMMAND)"
      )
      if command == nil { return ConformanceCommand.ExitStatus.success }
    } else {
      let answer = Runner(implementation: ReferenceImplementation()).run(test, suite: file.suite)
      if let actual = answer.actual { console.print("reference: \(pretty(actual.json))") }
      guard command != nil else {
        console.print("verdict: \(verdict(answer.status))")
        return status(answer.status)
      }
      console.print("reference verdict: \(verdict(answer.status))")
      result = answer
    }
    guard let command, !command.isEmpty else { throw UsageError("--adapter needs a command", command: name) }
    let adapter: ProcessImplementation
    do {
      adapter = try ProcessImplementation(
        command: command, options: options, knownSuites: Contract.suites + ownSuites)
    } catch {
      throw UsageError("--adapter: \(error)", command: name, showsUsage: false)
    }
    defer { _ = adapter.finish() }
    let label = RunImplementations.label(of: adapter)
    guard adapter.supports(suite: file.suite) else {
      let claimed = adapter.suites.isEmpty ? "no suite" : adapter.suites.joined(separator: ", ")
      throw UsageError(
        "--adapter: adapter `\(command)` (\(label)) does not implement suite \(file.suite) (it implements \(claimed))",
        command: name, showsUsage: false)
    }
    let answer = Runner(implementation: adapter).run(test, suite: file.suite)
    if let actual = answer.actual {
      console.print("adapter \(ConsoleText.escape(label)): \(pretty(actual.json))")
    }
    if case .failed(let failure) = answer.status { console.print("differs:  \(failure.difference)") }
    if let theirs = answer.actual, let ours = result?.actual, theirs != ours {
      let exact: Expectation
      switch ours {
      case .accept(let output): exact = .accept(output: output)
      case .reject(let error, let field): exact = .reject(error: error, field: field)
      }
      let difference = Comparison.difference(expected: exact, actual: theirs) ?? "field: the reference gives none"
      console.print("differs from the reference: \(difference)")
    }
    if let log = answer.log, !log.isEmpty {
      console.print("adapter stderr:")
      for line in log.split(separator: "\n", omittingEmptySubsequences: false).dropLast(log.hasSuffix("\n") ? 1 : 0) {
        console.print(ConsoleText.continuation + ConsoleText.escape(String(line)))
      }
    }
    console.print("verdict: \(verdict(answer.status))")
    return status(answer.status)
  }

  static func verdict(_ status: TestResult.Status) -> String {
    switch status {
    case .passed: return "passed"
    case .failed(let failure): return "failed: \(failure.difference)"
    case .errored(let message): return "errored: \(ConsoleText.escapeLines(message))"
    case .skipped(let reason): return "skipped: \(reason)"
    }
  }

  static func status(_ status: TestResult.Status) -> Int32 {
    if case .passed = status { return ConformanceCommand.ExitStatus.success }
    return ConformanceCommand.ExitStatus.testsFailed
  }
}
