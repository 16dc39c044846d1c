import ConformanceJSON
import ConformanceKit

/// What changed between an earlier run and this one, test by test: every (implementation,
/// suite, id) of either run that did not pass in both falls in exactly one of five lists.
///
/// - `newFailures`: counts against this run (failed, errored, unexpected pass), and was in the
///   earlier run without counting against it (it passed, or was skipped);
/// - `fixed`: counted against the earlier run, and is in this one without counting against it;
/// - `stillFailing`: counts against both;
/// - `new`: not in the earlier run (with its state now: it may fail);
/// - `removed`: in the earlier run, not in this one, with the reason when it is known.
///
/// Tests that passed (or were skipped) in both are in none of them. The runs may differ in
/// corpus, selection or implementations; they are still compared, and ``differences`` says how.
///
/// The counts are exact; the lists of removed tests and of new tests that do not fail keep the
/// first ``listCap`` each. Those two are the lists an earlier report of any size can fill (a
/// 7M-test report against a run of 9,000 tests removes 7M), and the reports that show them must
/// stay the size of this run. The other lists (and the new tests that fail) are this run's own.
public struct RunComparison: Sendable {
  public struct Entry: Sendable {
    public var implementation: String
    public var suite: String
    public var id: String
    /// This run's state (the earlier run's for `removed`).
    public var state: ResultIndex.State
    /// For a test failing now: its kind, file and first difference or error.
    public var failure: RunSnapshot.FailureDetail?
    /// For `removed`: why it is not in this run, when known.
    public var reason: String?
  }

  public enum Category: String, CaseIterable, Sendable {
    case newFailures, fixed, stillFailing, new, removed

    /// How the console and the summaries name it.
    public var words: String {
      switch self {
      case .newFailures: return "new failures"
      case .fixed: return "fixed"
      case .stillFailing: return "still failing"
      case .new: return "new"
      case .removed: return "removed"
      }
    }
  }

  /// The earlier run and this one.
  public var previous: RunInfo
  public var current: RunInfo
  public var lists: [Category: [Entry]] = [:]
  /// Every list's length, whether or not the list keeps every entry.
  public var counts: [Category: Int] = [:]
  /// The new tests that fail (all of them are in the `new` list).
  public private(set) var newFailing = 0
  /// The most entries the removed list, and the new tests that do not fail, keep.
  public static let listCap = 1_000
  /// How the two runs differ besides their results (corpus, selection, implementations), one
  /// sentence each; empty when they ran the same corpus, selection and implementations.
  public var differences: [String] = []

  /// The facts of one side that the comparison shows.
  public struct RunInfo: Sendable {
    public var source: String
    public var runID: String?
    public var time: String?
    public var ciBuild: CIBuild? = nil
    public var implementations: [String]
    public var corpusDigest: String?

    /// How people name the run: its time and CI number (``RunLabel``); `nil` when neither is known.
    public var label: String? { RunLabel.text(time: time, ciBuild: ciBuild) }
  }

  public func entries(_ category: Category) -> [Entry] { lists[category] ?? [] }
  public func count(_ category: Category) -> Int { counts[category] ?? 0 }
  /// How many entries of `category` the list does not keep (see ``listCap``).
  public func leftOut(_ category: Category) -> Int { count(category) - entries(category).count }

  /// Tests that count against this run and did not count against the earlier one: the new
  /// failures and the new tests that fail. `--fail-on new-failures` fails the run on these.
  public var regressions: Int {
    count(.newFailures) + newFailing
  }

  /// How the earlier run is named: its time and CI number, else its run id, else where it came
  /// from.
  public var previousName: String { previous.label ?? previous.runID ?? previous.source }

  /// `since 2026-01-02 10:00:00 UTC (GitLab pipeline #1234): N new failures, N fixed, N still
  /// failing, N new, N removed` (``previousName``).
  public var line: String {
    "since \(previousName): "
      + Category.allCases.map { "\(count($0)) \($0.words)" }.joined(separator: ", ")
  }

  /// Compares `current` with `previous`. `corpusTests`, when given, gives the `suite\0id` of
  /// every test in this run's corpus, selected or not (asked only when a test was removed): a
  /// removed test still in it was left out by the selection. Without it (an offline `diff`),
  /// the reason comes from this run's filters.
  public init(previous: RunSnapshot, current: RunSnapshot, corpusTests: (() -> Set<String>)? = nil) {
    self.previous = RunInfo(previous)
    self.current = RunInfo(current)
    differences = Self.differences(previous, current)

    // A lookup of this run's tests only; the earlier run's are streamed past it, so that an
    // earlier report of any size costs its bytes and no more (see ``ReportResults``).
    let currentResults = current.results
    let lookup = ResultLookup(currentResults)
    /// The earlier run's state of each of this run's tests (by its position in the lookup).
    var before = [ResultIndex.State?](repeating: nil, count: lookup.ids.count)
    var lists: [Category: [Entry]] = [:]
    var counts: [Category: Int] = [:]
    let currentImplementations = Set(current.implementations.map { Array($0.utf8) })
    var corpus: Set<String>? = nil
    var groupNumber = -1
    var table: [String: Int]? = nil
    var implementationRan = false
    previous.forEachTest { group, id, state in
      if group.number != groupNumber {
        groupNumber = group.number
        table = lookup.positions[group.key]
        implementationRan = currentImplementations.contains(Array(group.implementation.utf8))
      }
      if let position = table?[id] {
        before[position] = state
        return
      }
      counts[.removed, default: 0] += 1
      guard counts[.removed, default: 0] <= Self.listCap else { return }
      var entry = Entry(implementation: group.implementation, suite: group.suite, id: id, state: state)
      if corpus == nil, let corpusTests { corpus = corpusTests() }
      entry.reason = Self.removalReason(
        entry, current: current, implementationRan: implementationRan, corpusTests: corpus)
      lists[.removed, default: []].append(entry)
    }
    var newFailing = 0
    var keptNew = 0
    for group in currentResults.groups {
      let table = lookup.positions[Self.groupKey(group.implementation, group.suite)]
      for (id, state) in zip(group.ids, group.states) {
        var entry = Entry(implementation: group.implementation, suite: group.suite, id: id, state: state)
        if state == .failed {
          entry.failure = current.failures[RunSnapshot.key(group.implementation, group.suite, id)]
        }
        guard let position = table?[id], let earlier = before[position] else {
          counts[.new, default: 0] += 1
          if state == .failed {
            newFailing += 1
            lists[.new, default: []].append(entry)
          } else if keptNew < Self.listCap {
            keptNew += 1
            lists[.new, default: []].append(entry)
          }
          continue
        }
        let category: Category
        switch (earlier == .failed, state == .failed) {
        case (false, true): category = .newFailures
        case (true, true): category = .stillFailing
        case (true, false): category = .fixed
        case (false, false): continue
        }
        lists[category, default: []].append(entry)
        counts[category, default: 0] += 1
      }
    }
    self.lists = lists
    self.counts = counts
    self.newFailing = newFailing
    currentDuplicate = lookup.duplicate
  }

  /// Set when this run's `results` list a test twice (a report no run wrote): what to say.
  public private(set) var currentDuplicate: String?

  static func groupKey(_ implementation: String, _ suite: String) -> [UInt8] {
    Array(implementation.utf8) + [0] + Array(suite.utf8)
  }

  /// Why a test of the earlier run is not in this one, when that can be told.
  static func removalReason(
    _ entry: Entry, current: RunSnapshot, implementationRan: Bool, corpusTests: Set<String>?
  ) -> String? {
    if !implementationRan { return "implementation not in this run" }
    if let stopped = current.stoppedEarly { return "not run: this run \(stopped)" }
    if let corpusTests {
      if corpusTests.contains(entry.suite + "\u{0}" + entry.id) {
        return current.selection.shard != nil && !current.selection.hasFilters
          ? "in another shard" : "filtered out"
      }
      return current.loadErrors > 0 ? "not found: the vector is gone, or its file failed to load" : "vector gone"
    }
    // Offline: this run's filters say whether they leave the test out; tags and shards cannot
    // be judged without the vector.
    let selection = current.selection
    if !selection.includes(suite: entry.suite)
      || (!selection.idPatterns.isEmpty && !selection.idPatterns.contains { $0.matches(entry.id) })
      || selection.excludedIDPatterns.contains(where: { $0.matches(entry.id) })
    {
      return "filtered out"
    }
    if selection.tags.isEmpty && selection.excludedTags.isEmpty && selection.shard == nil && current.loadErrors == 0 {
      return "vector gone"
    }
    return nil
  }

  /// Corpus, selection and implementations, when they differ.
  static func differences(_ previous: RunSnapshot, _ current: RunSnapshot) -> [String] {
    var differences: [String] = []
    if let before = previous.corpusDigest, let now = current.corpusDigest, before != now {
      var sentence = "the corpus differs: digest \(before.prefix(12))… before, \(now.prefix(12))… now"
      if let filesBefore = previous.corpusFiles, let filesNow = current.corpusFiles {
        sentence += " (\(filesBefore) vector files before, \(filesNow) now)"
      }
      differences.append(sentence)
    }
    let selectionBefore = describe(previous.selection)
    let selectionNow = describe(current.selection)
    if selectionBefore != selectionNow {
      differences.append("the selection differs: \(selectionBefore) before, \(selectionNow) now")
    }
    let before = previous.implementations
    let now = current.implementations
    if before.map({ Array($0.utf8) }) != now.map({ Array($0.utf8) }) {
      differences.append(
        "the implementations differ: \(before.joined(separator: ", ")) before, \(now.joined(separator: ", ")) now")
    }
    // Tests are matched by name; a new version of the same name is still compared, and said so.
    for name in now where before.contains(name) {
      let versionBefore = previous.versions[name]
      let versionNow = current.versions[name]
      if versionBefore.map({ Array($0.utf8) }) != versionNow.map({ Array($0.utf8) }) {
        differences.append(
          "the version of \(name) differs: \(versionBefore ?? "none") before, \(versionNow ?? "none") now")
      }
    }
    if let stopped = previous.stoppedEarly { differences.append("the earlier run did not see every file: \(stopped)") }
    if let stopped = current.stoppedEarly { differences.append("this run did not see every file: \(stopped)") }
    return differences
  }

  /// The selection as command-line filters, `everything` when there are none.
  static func describe(_ selection: Selection) -> String {
    var parts = selection.filterArguments
    if let shard = selection.shard { parts += (parts.isEmpty ? "" : " ") + "--shard \(shard)" }
    return parts.isEmpty ? "every test" : "`\(parts)`"
  }
}

extension RunComparison.RunInfo {
  init(_ snapshot: RunSnapshot) {
    self.init(
      source: snapshot.source, runID: snapshot.runID, time: snapshot.time, ciBuild: snapshot.ciBuild,
      implementations: snapshot.implementations, corpusDigest: snapshot.corpusDigest)
  }
}

// MARK: - JSON

extension RunComparison {
  /// The JSON report's `comparison`: the earlier run, `counts` under the five keys, what
  /// differs, and the five lists.
  public var json: JSONValue {
    var object = headerJSON
    for category in Category.allCases {
      object[category.rawValue] = .array(entries(category).map(Self.entryJSON))
    }
    return .object(object)
  }

  /// Everything but the lists.
  var headerJSON: JSONObject {
    var previousObject: JSONObject = ["source": .string(previous.source)]
    if let runID = previous.runID { previousObject["runId"] = .string(runID) }
    if let time = previous.time { previousObject["time"] = .string(time) }
    if let build = previous.ciBuild { previousObject["ciBuild"] = .string(build.label) }
    if let label = previous.label { previousObject["label"] = .string(label) }
    previousObject["implementations"] = .array(previous.implementations.map(JSONValue.string))
    if let digest = previous.corpusDigest { previousObject["corpusDigest"] = .string(digest) }
    var counts = JSONObject()
    var leftOut = JSONObject()
    for category in Category.allCases {
      counts[category.rawValue] = .number(JSONNumber(count(category)))
      if self.leftOut(category) > 0 { leftOut[category.rawValue] = .number(JSONNumber(self.leftOut(category))) }
    }
    var header: JSONObject = [
      "previous": .object(previousObject), "counts": .object(counts),
      "differences": .array(differences.map(JSONValue.string)),
    ]
    if !leftOut.isEmpty { header["leftOut"] = .object(leftOut) }
    return header
  }

  static func entryJSON(_ entry: Entry) -> JSONValue {
    var object: JSONObject = [
      "implementation": .string(entry.implementation), "suite": .string(entry.suite), "id": .string(entry.id),
      "status": .string(entry.state.name),
    ]
    if let failure = entry.failure {
      object["kind"] = .string(failure.kind)
      if let file = failure.file { object["file"] = .string(file) }
      if let message = failure.message { object["message"] = .string(message) }
    }
    if let reason = entry.reason { object["reason"] = .string(reason) }
    return .object(object)
  }

  /// `conformance diff --json`: the comparison of two reports as one document, written list by
  /// list so that a comparison of millions of tests never becomes one tree in memory.
  public func documentText(old: String, new: String) -> String {
    var header = headerJSON
    var currentObject: JSONObject = ["source": .string(current.source)]
    if let runID = current.runID { currentObject["runId"] = .string(runID) }
    if let time = current.time { currentObject["time"] = .string(time) }
    if let build = current.ciBuild { currentObject["ciBuild"] = .string(build.label) }
    if let label = current.label { currentObject["label"] = .string(label) }
    currentObject["implementations"] = .array(current.implementations.map(JSONValue.string))
    if let digest = current.corpusDigest { currentObject["corpusDigest"] = .string(digest) }
    var top: JSONObject = ["format": .string(Self.format), "oldReport": .string(old), "newReport": .string(new)]
    top["previous"] = header["previous"]
    top["current"] = .object(currentObject)
    header["previous"] = nil
    for member in header.members { top[member.key] = member.value }
    var text = JSONSerializer.pretty.string(from: .object(top))
    text.removeLast()  // the closing brace; the lists follow
    while text.last == "\n" || text.last == " " { text.removeLast() }
    for category in Category.allCases {
      text += ",\n  \"\(category.rawValue)\": ["
      let entries = entries(category)
      for (index, entry) in entries.enumerated() {
        text += (index == 0 ? "\n    " : ",\n    ") + JSONSerializer.compact.string(from: Self.entryJSON(entry))
      }
      text += entries.isEmpty ? "]" : "\n  ]"
    }
    return text + "\n}\n"
  }

  public static let format = "conformance-comparison/1"
}

// MARK: - --fail-on new-failures

extension RunComparison {
  /// The exit status under `--fail-on new-failures`: 0 instead of 1 when no failure is new (no
  /// new failure, no new test failing) and nothing else failed the run (a stale expectations
  /// entry, an adapter's late problem: those are not test results that can be old). Every
  /// other status stands: a load error, an empty selection or an interruption is never gated.
  public static func gatedExitStatus(_ summary: RunSummary, comparison: RunComparison?) -> Int32 {
    failOnNewFailures(summary, comparison: comparison).exitStatus
  }

  /// ``gatedExitStatus(_:comparison:)`` with the line the console prints about it: why the run
  /// exits 0, or why a run whose failures are all old still exits 1 — it stopped before every
  /// test ran (`--max-failures`), so a test it never ran may be a new failure; an implementation
  /// checked nothing (every test it had errored or was skipped); or tests errored without being
  /// run (an adapter given up after `--max-restarts`). None of those is an old failure.
  public static func failOnNewFailures(_ summary: RunSummary, comparison: RunComparison?) -> (
    exitStatus: Int32, message: String?
  ) {
    guard summary.exitStatus == 1, let comparison, comparison.regressions == 0,
      summary.staleExpectations.isEmpty, summary.implementationProblems.isEmpty
    else { return (summary.exitStatus, nil) }
    let prefix = "--fail-on new-failures: "
    if let limit = summary.stoppedAtProblems {
      return (
        1,
        prefix
          + "the run stopped at problem \(limit) (--max-failures \(limit)) before every test ran, so it cannot tell that every failure is old: the run exits 1"
      )
    }
    let checkedNothing =
      summary.byImplementation.isEmpty
      ? (summary.totals.errored > 0 && summary.totals.passed + summary.totals.failed == 0 ? [String?.none] : [])
      : summary.implementations.filter { name in
        let counts = summary.byImplementation[name] ?? Counts()
        return counts.errored > 0 && counts.passed + counts.failed == 0
      }.map(Optional.some)
    if let nobody = checkedNothing.first {
      let whose = nobody.map { "of \($0) " } ?? ""
      return (
        1,
        prefix
          + "nothing was checked (every test \(whose)errored or was skipped: no answer was judged), so no failure is an old one: the run exits 1"
      )
    }
    if summary.notRunErrors > 0 {
      let tests = summary.notRunErrors == 1 ? "1 test" : "\(summary.notRunErrors) tests"
      return (
        1,
        prefix
          + "\(tests) errored without being run (an adapter was given up), and a test not run is not an old failure: the run exits 1"
      )
    }
    return (0, prefix + "every failure is an old one, so the run exits 0")
  }
}

extension RunSnapshot {
  /// Every test that counted against the run.
  public var failingTests: FailingTests {
    // Counted first, so that each group's set is made once at its size: an earlier report may
    // list millions of failing tests.
    // Kept by group number as read, then by group (a report may list a group twice).
    var counts: [Int] = []
    var keys: [[UInt8]] = []
    forEachTest { group, _, state in
      guard state == .failed else { return }
      while counts.count <= group.number {
        counts.append(0)
        keys.append([])
      }
      counts[group.number] += 1
      keys[group.number] = group.key
    }
    var sets = counts.map { Set<String>(minimumCapacity: $0) }
    forEachTest { group, id, state in
      if state == .failed { sets[group.number].insert(id) }
    }
    var failing = FailingTests()
    for (key, set) in zip(keys, sets) where !set.isEmpty {
      if failing.ids[key] == nil {
        failing.ids[key] = set
      } else {
        failing.ids[key]!.formUnion(set)
      }
    }
    return failing
  }
}

/// The tests that counted against a run, asked about one by one (this run's console asks, of
/// each test failing now, whether it failed before). The ids are kept per implementation and
/// suite: most are small strings, held inline without a key of their own for each.
public struct FailingTests: Sendable {
  var ids: [[UInt8]: Set<String>] = [:]

  public func contains(_ implementation: String, _ suite: String, _ id: String) -> Bool {
    ids[RunComparison.groupKey(implementation, suite)]?.contains(id) ?? false
  }

  /// How many there are.
  public var count: Int { ids.values.reduce(0) { $0 + $1.count } }
}

/// A run's tests found by key: per group (implementation and suite bytes) the position of each
/// id in flat arrays, so the tests a later run does not have are found afterwards, in run order.
public struct ResultLookup: Sendable {
  var positions: [[UInt8]: [String: Int]] = [:]
  var ids: [String] = []
  var states: [ResultIndex.State] = []
  var groups: [Int32] = []
  /// The first (implementation, suite, id) listed twice, as ``twice(_:_:_:)`` words it.
  var duplicate: String?

  init(_ index: ResultIndex) {
    ids.reserveCapacity(index.count)
    states.reserveCapacity(index.count)
    groups.reserveCapacity(index.count)
    for (number, group) in index.groups.enumerated() {
      let groupKey = RunComparison.groupKey(group.implementation, group.suite)
      var table = positions.removeValue(forKey: groupKey) ?? [:]
      table.reserveCapacity(table.count + group.ids.count)
      for (id, state) in zip(group.ids, group.states) {
        if table.updateValue(ids.count, forKey: id) != nil, duplicate == nil {
          duplicate = Self.twice(group.implementation, group.suite, id)
        }
        ids.append(id)
        states.append(state)
        groups.append(Int32(number))
      }
      positions[groupKey] = table
    }
  }

  static func twice(_ implementation: String, _ suite: String, _ id: String) -> String {
    "`results` lists \(suite) \(id) of \(implementation) twice"
  }
}
