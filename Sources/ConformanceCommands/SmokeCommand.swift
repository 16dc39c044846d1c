import ConformanceJSON
import ConformanceKit
import ConformanceProcess

/// `conformance smoke`: a quick check of a new adapter (docs/adapters.md), before a full run.
enum SmokeCommand: Subcommand {
  static let name = "smoke"
  static let abstract = "Check an adapter quickly: hello, a few vectors per suite, an unusual input."

  static let spec = ArgumentSpec(
    command: name,
    options: [
      .init(
        name: "adapter", valueName: "COMMAND", help: "The adapter to check (started with /bin/sh -c COMMAND).",
        repeatable: false),
      .init(
        name: "vectors", valueName: "DIR", help: "A vectors root to take the vectors from (default: Vectors).",
        repeatable: true),
      .init(
        name: "timeout", valueName: "SECONDS",
        help: "How long one request, or the start and hello, may take (default: 30).",
        repeatable: false),
    ])

  static var help: String {
    """
    USAGE: conformance smoke --adapter COMMAND [--vectors DIR]... [--timeout SECONDS]

    Starts the adapter and checks, in a few seconds, what a full `conformance run --adapter` needs:
    the hello (protocol, name, suites), one vector the contract accepts and one it rejects of each
    suite the adapter claims, two requests with unusual inputs (a string with a NUL, a line
    separator, an emoji and a combining mark; an object where a string is usual) that must get a
    well-formed answer, and that the adapter exits when its input closes. Prints one line per
    check and, for each problem, what is wrong in plain words.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 every check passed; 1 a check failed (the adapter is not ready); 2 the command
    line was wrong or the vectors could not be read.
    """
  }

  /// One check's line.
  struct Check {
    var passed: Bool
    var text: String
  }

  /// What `smoke` was told.
  struct Options: Equatable {
    /// `--adapter COMMAND`.
    var adapter: String
    var corpus: CorpusOptions
    /// `--timeout`; an adapter that fails is started again, so every check is made.
    var settings: AdapterOptions
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.isEmpty else {
      throw arguments.unexpectedArgument(command: name)
    }
    guard let command = arguments.value(ArgumentSpec.Option.adapter.name) else {
      throw UsageError("--adapter COMMAND is required", command: name)
    }
    var settings = AdapterOptions(maxRestarts: 1_000)
    if let timeout = try ImplementationOptions.timeout(arguments, command: name) { settings.timeout = timeout }
    return Options(adapter: command, corpus: try CorpusOptions(arguments, command: name), settings: settings)
  }

  /// The checks made so far, each printed as it is made.
  final class Checks {
    let console: Console
    private(set) var all: [Check] = []

    init(console: Console) { self.console = console }

    func report(_ check: Check) {
      all.append(check)
      console.print((check.passed ? "  ok    " : "  FAIL  ") + check.text)
    }
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let command = options.adapter
    let roots = options.corpus.roots
    let loaded: [Result<VectorFile, LoadFailure>]
    let declared: DeclaredSuites
    do {
      (loaded, declared) = try Runner(implementation: Unstarted()).loadCorpus(roots: roots)
    } catch {
      throw UsageError("--vectors \(error)", command: name)
    }
    let files = loaded.compactMap { try? $0.get() }

    console.print("conformance smoke: adapter `\(command)`")
    let checks = Checks(console: console)
    let adapter: ProcessImplementation
    do {
      adapter = try ProcessImplementation(
        command: command, options: options.settings, knownSuites: Contract.suites + declared.names)
    } catch {
      checks.report(Check(passed: false, text: "hello: \(error)"))
      return finish(checks.all, console: console)
    }
    let suites = adapter.suites.isEmpty ? "no suite" : adapter.suites.joined(separator: ", ")
    let version = adapter.version.map { " \($0)" } ?? ""
    checks.report(
      Check(
        passed: !adapter.suites.isEmpty,
        text:
          "hello: \(quote(adapter.name))\(version) speaks \(ProcessImplementation.protocolName) and implements \(suites)"
          + (adapter.suites.isEmpty ? ": list the suites it implements in \"suites\"" : "")))
    checkSuites(adapter, files: files, roots: roots, checks: checks)
    checkUnusualInputs(adapter, checks: checks)
    // Checked whatever the other checks found: a wrong answer says nothing about the exit.
    let endProblems = adapter.finish(reportingLingering: true)
    for problem in endProblems {
      checks.report(Check(passed: false, text: "end: \(problem)"))
    }
    if endProblems.isEmpty {
      checks.report(Check(passed: true, text: "end: exited when its input closed"))
    }
    return finish(checks.all, console: console)
  }

  /// One accepted and one rejected vector of each suite the adapter claims.
  static func checkSuites(_ adapter: ProcessImplementation, files: [VectorFile], roots: [String], checks: Checks) {
    let runner = Runner(implementation: adapter)
    for suite in adapter.unknownSuites {
      // Not a failure: the adapter may implement a newer corpus.
      checks.report(
        Check(
          passed: true,
          text: "\(suite): a suite neither this harness nor the corpus has (a newer corpus's?): warning, not tried"))
    }
    for suite in adapter.suites where !adapter.unknownSuites.contains(suite) {
      let suiteFiles = files.filter { $0.suite == suite }
      for wanted in [true, false] {
        let kind = wanted ? "accepted" : "rejected"
        guard
          let (file, test) = suiteFiles.lazy.compactMap({ file in
            file.tests.first { $0.expectation.isAccept == wanted }.map { (file, $0) }
          }).first
        else {
          checks.report(
            Check(passed: false, text: "\(suite): no \(kind) vector under \(roots.joined(separator: ", ")) to try"))
          continue
        }
        let result = runner.run(test, suite: suite)
        let place = "\(suite) \(kind) vector \(test.id) (\(file.displayPath))"
        switch result.status {
        case .passed, .skipped:
          checks.report(Check(passed: true, text: "\(place): answered as expected"))
        case .failed(let failure):
          checks.report(
            Check(
              passed: false,
              text:
                "\(place): wrong answer: expected \(render(failure.expected)), got \(render(failure.actual)) (\(failure.difference))"
            ))
        case .errored(let message):
          checks.report(Check(passed: false, text: "\(place): \(message)"))
        }
      }
    }
  }

  /// Two requests with unusual inputs, to the adapter's first suite: each must get a
  /// well-formed answer.
  static func checkUnusualInputs(_ adapter: ProcessImplementation, checks: Checks) {
    guard let suite = adapter.suites.first else { return }
    let unusual: [(String, JSONValue)] = [
      ("a string with a NUL, a line separator, an emoji and a combining mark", "a\u{0}b\u{2028}c😀e\u{301}"),
      ("an object where a string is usual", ["nested": [1, nil, true]]),
    ]
    for (what, input) in unusual {
      let evaluation = adapter.evaluation(suite: suite, input: input, context: JSONObject())
      switch evaluation.result {
      case .success(let outcome):
        checks.report(Check(passed: true, text: "unusual input (\(what)): answered \(render(outcome.json))"))
      case .failure(let error):
        // `{"id": …, "error": "…"}` is a well-formed answer too: the adapter said why.
        let prefix = "adapter could not evaluate the input: "
        let answered = error.description.hasPrefix(prefix)
        checks.report(
          Check(
            passed: answered,
            text: "unusual input (\(what)): "
              + (answered
                ? "answered with an error (\(error.description.dropFirst(prefix.count)))"
                : "\(error.description)\n        (requests carry any JSON value, escaped on one line: parse them with a JSON library, and answer every request, with {\"id\": …, \"error\": \"…\"} when nothing else fits)")
          ))
      }
    }
  }

  private static func finish(_ checks: [Check], console: Console) -> Int32 {
    let failed = checks.filter { !$0.passed }.count
    if failed == 0 {
      console.print("\(checks.count) checks passed: ready for `conformance run --adapter`.")
      return ConformanceCommand.ExitStatus.success
    }
    console.print("\(failed) of \(checks.count) checks failed (docs/adapters.md).")
    return ConformanceCommand.ExitStatus.testsFailed
  }

  private static func render(_ value: JSONValue) -> String {
    JSONSerializer.compact.string(from: value)
  }

  private static func quote(_ text: String) -> String {
    JSONSerializer.compact.string(from: .string(text))
  }

  /// Stands in for the implementation while only loading vectors.
  private struct Unstarted: Implementation {
    var name: String { "unstarted" }
    func supports(suite: String) -> Bool { false }
    func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
      .reject(error: "unstarted", field: nil)
    }
  }
}

extension Expectation {
  fileprivate var isAccept: Bool {
    if case .accept = self { return true }
    return false
  }
}
