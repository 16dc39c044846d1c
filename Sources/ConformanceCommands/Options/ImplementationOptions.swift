import ConformanceKit
import ConformanceProcess

/// `--adapter COMMAND...`, `--timeout`, `--max-restarts` and `--jobs`: which implementations a
/// run checks (the reference parsers when no adapter is given) and how their processes are
/// handled. The settings are checked with or without `--adapter`: a malformed value is never
/// silently ignored.
struct ImplementationOptions: Equatable {
  /// The `--adapter` commands, in order; empty for the reference parsers.
  var adapters: [String] = []
  var settings = AdapterOptions()

  init(adapters: [String] = [], settings: AdapterOptions = AdapterOptions()) {
    self.adapters = adapters
    self.settings = settings
  }

  init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
    adapters = arguments.all(ArgumentSpec.Option.adapter.name)
    if let timeout = try Self.timeout(arguments, command: command) { settings.timeout = timeout }
    if let text = arguments.value(ArgumentSpec.Option.maxRestarts.name) {
      guard let value = Int(text), value >= 0 else {
        throw UsageError("--max-restarts needs a whole number, got '\(text)'", command: command)
      }
      settings.maxRestarts = value
    }
    if let text = arguments.value(ArgumentSpec.Option.jobs.name) {
      guard let value = Int(text), value >= 1, value <= 256 else {
        throw UsageError("--jobs needs a whole number from 1 to 256, got '\(text)'", command: command)
      }
      settings.jobs = value
    }
  }

  /// `--timeout SECONDS`, shared with `smoke` and `show`: above 0 and at most a day.
  static func timeout(_ arguments: ParsedArguments, command: String) throws(UsageError) -> Double? {
    guard let text = arguments.value(ArgumentSpec.Option.timeout.name) else { return nil }
    guard let value = Double(text), value > 0, value <= 86_400 else {
      throw UsageError("--timeout needs a number of seconds above 0, got '\(text)'", command: command)
    }
    return value
  }
}

extension ArgumentSpec.Option {
  static let adapter = ArgumentSpec.Option(
    name: "adapter", valueName: "COMMAND",
    help:
      "Check another implementation instead of the reference parsers: started with /bin/sh -c COMMAND, spoken to over conformance-adapter/2 (docs/adapters.md). Repeat it to check several implementations side by side.",
    repeatable: true)
  static let timeout = ArgumentSpec.Option(
    name: "timeout", valueName: "SECONDS",
    help: "With --adapter: how long one request, or the adapter's start and hello, may take (default: 30).",
    repeatable: false)
  static let maxRestarts = ArgumentSpec.Option(
    name: "max-restarts", valueName: "N",
    help:
      "With --adapter: failures in a row after which the adapter is not restarted and the rest are errors (default: 3).",
    repeatable: false)
  static let jobs = ArgumentSpec.Option(
    name: "jobs", valueName: "N", help: "With --adapter: run N instances of the adapter in parallel (default: 1).",
    repeatable: false)
}
