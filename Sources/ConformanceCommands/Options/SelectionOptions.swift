import ConformanceKit

/// `--suite`, `--tag`, `--id`, `--exclude-tag`, `--exclude-id` and `--shard`: which tests a
/// command takes, as `run`, `judge`, `pack` and `list` share them (`list` has no `--shard`).
struct SelectionOptions: Equatable {
  /// What `--shard` said.
  enum ShardChoice: Equatable {
    /// No `--shard`: every selected test.
    case whole
    case fixed(Shard)
    /// `--shard auto`, resolved from the CI engine's variables (``ShardEngine``).
    case auto(ShardEngine.Resolution)
  }

  var suites: [String] = []
  var tags: [String] = []
  var idPatterns: [String] = []
  var excludedTags: [String] = []
  var excludedIDPatterns: [String] = []
  var shard = ShardChoice.whole

  /// The selection options of `run`, `judge` and `pack`, in the order their `--help` lists them.
  static let options: [ArgumentSpec.Option] = [.suite, .tag, .id, .excludeTag, .excludeID, .shard]
  static var optionNames: [String] { options.map(\.name) }

  init() {}

  /// Reads the options; `--shard auto` is resolved from `environment` here, so that engines that
  /// disagree are a command-line error like any other.
  init(_ arguments: ParsedArguments, environment: [String: String], command: String) throws(UsageError) {
    suites = arguments.all(ArgumentSpec.Option.suite.name)
    tags = arguments.all(ArgumentSpec.Option.tag.name)
    idPatterns = arguments.all(ArgumentSpec.Option.id.name)
    excludedTags = arguments.all(ArgumentSpec.Option.excludeTag.name)
    excludedIDPatterns = arguments.all(ArgumentSpec.Option.excludeID.name)
    switch arguments.value(ArgumentSpec.Option.shard.name) {
    case nil: shard = .whole
    case "auto": shard = .auto(try ShardEngine.resolve(environment))
    case let text?:
      guard let parsed = Shard(parsing: text) else {
        throw UsageError("--shard needs K/N with 1 <= K <= N, or auto, got '\(text)'", command: command)
      }
      shard = .fixed(parsed)
    }
  }

  /// The shard this command runs: the one given, the one the CI engine hands out, or none.
  var resolvedShard: Shard? {
    switch shard {
    case .whole: return nil
    case .fixed(let shard): return shard
    case .auto(let resolution): return resolution.shard
    }
  }

  /// `--shard auto`'s resolution, whose note the command prints first.
  var autoResolution: ShardEngine.Resolution? {
    if case .auto(let resolution) = shard { return resolution }
    return nil
  }

  /// The selection, once the suites the roots declare are known (docs/own-suites.md): a
  /// `--suite` that is neither the contract's nor theirs is refused, naming the closest.
  func selection(ownSuites: [String] = [], command: String) throws(UsageError) -> Selection {
    try Self.checkSuites(suites, ownSuites: ownSuites, command: command)
    return Selection(
      suites: suites, tags: tags, idPatterns: idPatterns.map(IDPattern.init), excludedTags: excludedTags,
      excludedIDPatterns: excludedIDPatterns.map(IDPattern.init), shard: resolvedShard)
  }

  /// Refuses a suite name that is neither the contract's nor one of `ownSuites`.
  static func checkSuites(_ suites: [String], ownSuites: [String], command: String) throws(UsageError) {
    let known = Contract.suites + ownSuites
    for suite in suites where !known.contains(suite) {
      let close = known.first { editDistance($0, suite) <= 2 }
      throw UsageError(
        "unknown suite '\(suite)'" + (close.map { " (did you mean '\($0)'?)" } ?? "")
          + "; suites: \(known.joined(separator: ", "))", command: command)
    }
  }
}

extension ArgumentSpec.Option {
  static let suite = ArgumentSpec.Option(
    name: "suite", valueName: "NAME", help: "Run only this suite.", repeatable: true)
  static let tag = ArgumentSpec.Option(
    name: "tag", valueName: "TAG", help: "Run only tests carrying this tag.", repeatable: true)
  static let id = ArgumentSpec.Option(
    name: "id", valueName: "GLOB", help: "Run only tests whose id matches (* and ? wildcards).", repeatable: true)
  static let excludeTag = ArgumentSpec.Option(
    name: "exclude-tag", valueName: "TAG", help: "Leave out tests carrying this tag.", repeatable: true)
  static let excludeID = ArgumentSpec.Option(
    name: "exclude-id", valueName: "GLOB", help: "Leave out tests whose id matches.", repeatable: true)
  static let shard = ArgumentSpec.Option(
    name: "shard", valueName: "K/N|auto",
    help:
      "Run only shard K of N (1-based; stable as vectors are added); auto: the shard the CI engine hands out (Bazel, GitLab parallel, CircleCI, Buildkite; the whole corpus when none does).",
    repeatable: false)
}
