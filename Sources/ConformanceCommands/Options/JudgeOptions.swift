import ConformanceKit

/// `conformance judge ANSWERS... (--pack FILE | --vectors PATH...)` and `run`'s options that
/// mean something for recorded answers.
struct JudgeOptions: Equatable {
  /// The answers files, in order.
  var answers: [String]
  /// `--pack FILE`; `nil` with `--vectors`, whose pack is made in memory.
  var pack: String?
  /// `run`'s options; no adapter is started and nothing asked again.
  var run: RunOptions

  /// `run`'s options that mean nothing for recorded answers: nothing is started or asked again.
  static let adapterOptionNames = ["adapter", "timeout", "max-restarts", "jobs", "reruns"]

  init(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(UsageError) {
    guard !arguments.positionals.isEmpty else {
      throw UsageError("needs the answers files to judge: conformance judge ANSWERS... --pack FILE", command: command)
    }
    answers = arguments.positionals
    pack = arguments.value(ArgumentSpec.Option.pack.name)
    let vectors = arguments.all(ArgumentSpec.Option.vectors.name)
    guard (pack == nil) != vectors.isEmpty else {
      throw UsageError(
        pack == nil
          ? "needs the tests the answers were made for: --pack FILE, or --vectors PATH... with the pack's selection"
          : "--pack and --vectors are two ways to give the tests: give one", command: command)
    }
    if pack != nil, let option = SelectionOptions.optionNames.first(where: { !arguments.all($0).isEmpty }) {
      throw UsageError(
        "--\(option) selects the tests of a pack when it is made (conformance pack); a pack's tests are judged as they are",
        command: command)
    }
    run = try RunOptions(arguments, environment: environment, command: command)
  }

  /// The roots the tests come from: the `--vectors` given; none with `--pack`.
  var roots: [String] { run.corpus.given }
}

extension ArgumentSpec.Option {
  static let pack = ArgumentSpec.Option(
    name: "pack", valueName: "FILE", help: "The pack the answers were made against (conformance pack --out).",
    repeatable: false)
}
