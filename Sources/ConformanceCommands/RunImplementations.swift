import ConformanceJSON
import ConformanceKit
import ConformanceProcess
import ReferenceParsers

/// The implementations a run checks: the reference parsers, or the adapters of `--adapter`.
enum RunImplementations {
  /// The reference parsers, or the adapters of every `--adapter` (distinct hello names).
  static func start(
    _ options: ImplementationOptions, selection: Selection, ownSuites: [String] = [], console: Console? = nil,
    interruption: Interruption? = nil, command name: String = RunCommand.name
  ) throws(UsageError) -> [any Implementation] {
    guard !options.adapters.isEmpty else { return [ReferenceImplementation()] }
    var adapters: [ProcessImplementation] = []
    for command in options.adapters {
      let started = try adapter(
        command: command, options: options.settings, selection: selection, ownSuites: ownSuites,
        interruption: interruption, name: name)
      for suite in started.unknownSuites {
        console?.printError(
          "conformance run: warning: adapter `\(ConsoleText.escape(command))` (\(ConsoleText.escape(started.name))) lists suite \(ConsoleText.escape(JSONSerializer.compact.string(from: .string(suite)))), which neither this harness nor the corpus has; it may implement a newer corpus. Its other suites run."
        )
      }
      if let other = adapters.first(where: { $0.name.utf8.elementsEqual(started.name.utf8) }) {
        throw UsageError(
          "--adapter: adapters `\(other.command)` and `\(command)` both answered the hello with the name \(JSONSerializer.compact.string(from: .string(started.name))); each implementation is named by its hello, so the names must differ",
          command: name, showsUsage: false)
      }
      adapters.append(started)
    }
    return adapters
  }

  /// Starts the adapter and checks that it implements at least one selected suite.
  static func adapter(
    command: String, options: AdapterOptions, selection: Selection, ownSuites: [String] = [],
    interruption: Interruption? = nil, name: String = RunCommand.name
  ) throws(UsageError) -> ProcessImplementation {
    let adapter: ProcessImplementation
    do {
      adapter = try ProcessImplementation(
        command: command, options: options, knownSuites: Contract.suites + ownSuites, interruption: interruption)
    } catch {
      throw UsageError("--adapter: \(error)", command: name, showsUsage: false)
    }
    let selected = selection.suites.isEmpty ? Contract.suites + ownSuites : selection.suites
    guard selected.contains(where: adapter.supports(suite:)) else {
      let claimed = adapter.suites.isEmpty ? "no suite" : adapter.suites.joined(separator: ", ")
      throw UsageError(
        "--adapter: adapter `\(command)` (\(adapter.name)) implements none of the selected suites (it implements \(claimed); selected: \(selected.joined(separator: ", ")))",
        command: name, showsUsage: false)
    }
    return adapter
  }

  /// The hello's version of an adapter; this build's for the reference parsers (the version
  /// `conformance serve` says in its hello).
  static func version(of implementation: any Implementation) -> String? {
    if let adapter = implementation as? ProcessImplementation { return adapter.version }
    if let judged = implementation as? JudgedImplementation { return judged.version }
    return ToolInfo.version
  }

  /// The implementation as reports name it: the hello's name and version, `reference 0.1.0`.
  static func label(of implementation: any Implementation) -> String {
    implementation.name + (version(of: implementation).map { " " + $0 } ?? "")
  }
}
