import ConformanceKit
import ConformanceLowLevel

/// `--shard auto`: the shard a CI engine hands the job, read from the variables each engine
/// sets (docs/sharding.md#shard-auto). Bazel's test sharding protocol counts from 0, GitLab's
/// `parallel:` from 1, CircleCI and Buildkite from 0; every one becomes `--shard K/N` with K
/// from 1.
struct ShardEngine: Sendable, Equatable {
  var name: String
  /// The variable holding the number of shards, and the one holding this job's index.
  var totalVariable: String
  var indexVariable: String
  /// Whether the index counts from 1 (GitLab) rather than 0.
  var indexFromOne: Bool
  /// Whether a total of 1 may come without an index (GitLab sets `CI_NODE_TOTAL=1` in every
  /// job that is not parallel, and `CI_NODE_INDEX` only in parallel ones).
  var indexOptionalWhenAlone: Bool = false

  static let bazel = ShardEngine(
    name: "Bazel", totalVariable: "TEST_TOTAL_SHARDS", indexVariable: "TEST_SHARD_INDEX", indexFromOne: false)
  static let gitLab = ShardEngine(
    name: "GitLab", totalVariable: "CI_NODE_TOTAL", indexVariable: "CI_NODE_INDEX", indexFromOne: true,
    indexOptionalWhenAlone: true)
  static let circleCI = ShardEngine(
    name: "CircleCI", totalVariable: "CIRCLE_NODE_TOTAL", indexVariable: "CIRCLE_NODE_INDEX", indexFromOne: false)
  static let buildkite = ShardEngine(
    name: "Buildkite", totalVariable: "BUILDKITE_PARALLEL_JOB_COUNT", indexVariable: "BUILDKITE_PARALLEL_JOB",
    indexFromOne: false)

  static let all: [ShardEngine] = [.bazel, .gitLab, .circleCI, .buildkite]

  /// Every variable `--shard auto` reads for the shard.
  static var variables: [String] { all.flatMap { [$0.totalVariable, $0.indexVariable] } }
  /// Bazel's other two: the file a test touches to say it shards, and the default JUnit path.
  static let statusFileVariable = "TEST_SHARD_STATUS_FILE"
  static let xmlOutputVariable = "XML_OUTPUT_FILE"
  static var bazelFiles: [String] { [statusFileVariable, xmlOutputVariable] }

  /// One engine's reading: the shard it hands out, and how it said so (`CI_NODE_INDEX=2,
  /// CI_NODE_TOTAL=3`).
  struct Reading: Sendable {
    var engine: ShardEngine
    var shard: Shard
    var said: String
  }

  /// What `--shard auto` resolves to: a shard, or the whole corpus when no engine is set.
  struct Resolution: Sendable, Equatable {
    var shard: Shard?
    /// The line the run prints first, saying where the shard came from.
    var note: String
    /// Bazel's `TEST_SHARD_STATUS_FILE`, to touch before the run.
    var statusFile: String?
  }

  /// This engine's shard from `environment`; `nil` when it sets neither variable. Throws, naming
  /// the variables, when they are malformed, half set or out of range.
  func reading(_ environment: [String: String]) throws(UsageError) -> Reading? {
    let total = environment[totalVariable].flatMap { $0.isEmpty ? nil : $0 }
    let index = environment[indexVariable].flatMap { $0.isEmpty ? nil : $0 }
    if total == nil && index == nil { return nil }
    func fail(_ why: String) -> UsageError {
      UsageError(
        "--shard auto: \(name) (\(describe(total: total, index: index))): \(why)", command: RunCommand.name,
        showsUsage: false)
    }
    guard let total else { throw fail("\(totalVariable) is not set") }
    guard let count = Self.number(total), count >= 1 else {
      throw fail("\(totalVariable) is not a whole number of at least 1")
    }
    guard let index else {
      if indexOptionalWhenAlone && count == 1 {
        return Reading(engine: self, shard: Shard(index: 1, count: 1)!, said: "\(totalVariable)=1")
      }
      throw fail("\(indexVariable) is not set")
    }
    let first = indexFromOne ? 1 : 0
    guard let value = Self.number(index), value >= first, value - first < count else {
      throw fail("\(indexVariable) is not a whole number from \(first) to \(count - 1 + first)")
    }
    return Reading(
      engine: self, shard: Shard(index: value - first + 1, count: count)!,
      said: describe(total: total, index: index))
  }

  private func describe(total: String?, index: String?) -> String {
    [
      index.map { "\(indexVariable)=\(ConsoleText.escape($0))" },
      total.map { "\(totalVariable)=\(ConsoleText.escape($0))" },
    ]
    .compactMap { $0 }.joined(separator: ", ")
  }

  /// A decimal number without sign or spaces, as the engines write them.
  private static func number(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(text)
  }

  /// The shard every engine that is set agrees on, or the whole corpus when none is set.
  /// Engines that disagree are an error naming both.
  static func resolve(_ environment: [String: String]) throws(UsageError) -> Resolution {
    var readings: [Reading] = []
    for engine in all {
      if let reading = try engine.reading(environment) { readings.append(reading) }
    }
    let statusFile = environment[statusFileVariable].flatMap { $0.isEmpty ? nil : $0 }
    guard let first = readings.first else {
      let names = all.map { "\($0.name) (\($0.totalVariable), \($0.indexVariable))" }.joined(separator: ", ")
      return Resolution(
        shard: nil,
        note: "--shard auto: no CI engine hands out a shard (none of \(names) is set): running the whole corpus",
        statusFile: statusFile)
    }
    for other in readings.dropFirst() where other.shard != first.shard {
      throw UsageError(
        "--shard auto: the engines disagree: \(first.engine.name) (\(first.said)) says shard \(first.shard), "
          + "\(other.engine.name) (\(other.said)) says shard \(other.shard); unset one, or give --shard K/N",
        command: RunCommand.name, showsUsage: false)
    }
    let sources = readings.map { "\($0.engine.name) (\($0.said))" }.joined(separator: " and ")
    return Resolution(
      shard: first.shard, note: "--shard auto: shard \(first.shard) from \(sources)", statusFile: statusFile)
  }

  /// Touches Bazel's status file (creates it, or updates its time): Bazel's check that the test
  /// honours sharding.
  static func touch(_ path: String) throws(UsageError) {
    do {
      try touchFile(path)
    } catch {
      throw UsageError(
        "--shard auto: cannot touch \(statusFileVariable) \(ConsoleText.escape(path)): \(error.text)",
        command: RunCommand.name, showsUsage: false)
    }
  }
}
