import ConformanceJSON
import ConformanceLowLevel

/// A list of tests an implementation is known to fail (`--expectations FILE`), so a run of a
/// not-yet-conformant implementation stays green while its known gaps are tracked.
///
/// The list cannot go stale: a listed test that passes is an *unexpected pass* (a failure), and
/// an entry that matches no test of the loaded corpus is *stale* (the run fails too).
public struct ExpectedFailures: Sendable {
  /// The value of an expectations file's `format` key.
  public static let format = "conformance-expectations/1"

  /// One entry of the file.
  public struct Entry: Sendable {
    public var suite: String
    /// An exact id, or a glob over ids with `*` and `?`.
    public var id: IDPattern
    public var reason: String
    public var link: String?
    /// Where the entry is written, for messages: `expected-failures.json entries[2]`.
    public var place: String
    /// The implementation (its hello name) the entry is for; `nil`: every implementation.
    public var implementation: String?

    public init(
      suite: String, id: IDPattern, reason: String, link: String? = nil, place: String, implementation: String? = nil
    ) {
      self.suite = suite
      self.id = id
      self.reason = reason
      self.link = link
      self.place = place
      self.implementation = implementation
    }

    /// Whether the entry is for `implementation` (an entry naming none is for every one).
    func isFor(implementation: String?) -> Bool {
      guard let wanted = self.implementation else { return true }
      return implementation.map { $0.utf8.elementsEqual(wanted.utf8) } ?? false
    }
  }

  /// The file the entries were read from, as given on the command line (empty when built in code).
  public var file: String
  public var entries: [Entry] {
    didSet { index = EntryIndex(entries) }
  }
  /// The entries by suite, exact ids in a table and globs compiled once, so that checking a
  /// test costs its suite's globs at most, never every entry.
  private var index: EntryIndex

  /// The longest `reason`, in UTF-8 bytes: a reason is a line, the details go behind `link`.
  /// (Each listed test's report carries its entry's reason, so a long one on `*` is multiplied
  /// by every test.)
  public static let maxReasonLength = 500
  /// The longest `link`, in UTF-8 bytes.
  public static let maxLinkLength = 2048

  public init(file: String = "", entries: [Entry] = []) {
    self.file = file
    self.entries = entries
    self.index = EntryIndex(entries)
  }

  /// Which entries matched a test of the loaded corpus so far; kept by the runner during a run.
  public struct Usage: Sendable {
    var matched: [Bool]
    /// Suites that had a file fail to load: their entries cannot be judged stale.
    var suitesWithLoadFailures: Set<String> = []
    var loadFailureWithoutSuite = false

    public init(entryCount: Int) {
      matched = Array(repeating: false, count: entryCount)
    }
  }

  /// Applies the list to one file's results: a listed test that failed or errored becomes
  /// skipped with the entry's reason; a listed test that passed becomes a failure (an
  /// unexpected pass). Every entry matching any id the file holds (run or not, so `--suite`,
  /// `--id` and `--shard` never make an entry look stale) is recorded in `usage`.
  public func apply(to report: FileReport, usage: inout Usage) -> FileReport {
    apply(to: report, implementation: report.implementation, usage: &usage)
  }

  /// ``apply(to:usage:)`` for the results of `implementation` (entries naming another one are
  /// left out).
  public func apply(to report: FileReport, implementation: String?, usage: inout Usage) -> FileReport {
    guard !entries.isEmpty else { return report }
    guard case .results(let results) = report.content, let suite = report.suite else {
      if let suite = report.suite {
        usage.suitesWithLoadFailures.insert(suite)
      } else {
        usage.loadFailureWithoutSuite = true
      }
      return report
    }
    // The suite's entries, looked up once for the file; none: nothing to apply or record.
    guard let suiteEntries = index.entries(of: suite) else { return report }
    // Each id is matched once, for the usage and for its result. Results are the file's tests
    // in order, or some of them (--id, --shard): a result not at its test's position is looked
    // up by its id's bytes instead.
    let ids = report.testIDs
    var firstEntry: [Int?] = []
    firstEntry.reserveCapacity(ids.count)
    var anyListed = false
    for id in ids {
      let matched = suiteEntries.matches(id: id).filter { entries[$0].isFor(implementation: implementation) }
      for entry in matched { usage.matched[entry] = true }
      firstEntry.append(matched.first)
      anyListed = anyListed || !matched.isEmpty
    }
    guard anyListed else { return report }
    var byID: [[UInt8]: Int]? = nil
    var changed = report
    changed.content = .results(
      results.enumerated().map { number, result in
        let position: Int?
        if number < ids.count && utf8Equal(ids[number], result.id) {
          position = firstEntry[number]
        } else {
          if byID == nil {
            var table: [[UInt8]: Int] = [:]
            for (index, id) in ids.enumerated() {
              if let entry = firstEntry[index], table[Array(id.utf8)] == nil { table[Array(id.utf8)] = entry }
            }
            byID = table
          }
          position = byID?[Array(result.id.utf8)]
        }
        return apply(position, to: result, suite: suite)
      })
    return changed
  }

  /// The test with the first entry (in file order) that lists it applied, if any.
  public func apply(to result: TestResult, suite: String, implementation: String? = nil) -> TestResult {
    let position = index.firstMatch(
      suite: suite, id: result.id, accepting: { entries[$0].isFor(implementation: implementation) })
    return apply(position, to: result, suite: suite)
  }

  /// The test with entry `position` applied (`nil`: unchanged).
  private func apply(_ position: Int?, to result: TestResult, suite: String) -> TestResult {
    guard let position else { return result }
    let entry = entries[position]
    var changed = result
    changed.expectedFailure = ExpectedFailureMatch(entry: entry, originalStatus: result.status)
    switch result.status {
    case .skipped:
      // Not run (e.g. the implementation lacks the suite): nothing to learn either way.
      break
    case .failed(let failure):
      changed.status = .skipped(ExpectedFailures.skipMessage(entry, outcome: "failed: \(failure.difference)"))
    case .errored(let message):
      changed.status = .skipped(ExpectedFailures.skipMessage(entry, outcome: "errored: \(message)"))
    case .passed:
      changed.status = .failed(
        TestFailure(
          expected: result.expected.json, actual: result.actual?.json ?? .null,
          difference: ExpectedFailures.unexpectedPassMessage(entry, suite: suite, id: result.id)))
    }
    return changed
  }

  /// The entries no test of the loaded corpus matched, once the run is over.
  public func staleEntries(_ usage: Usage) -> [StaleExpectation] {
    entries.indices.compactMap { index in
      let entry = entries[index]
      guard !usage.matched[index] else { return nil }
      // A file of this suite (or of an unknown suite) failed to load: the entry may match one
      // of its tests, so it is not called stale (the load error already fails the run).
      if usage.loadFailureWithoutSuite || usage.suitesWithLoadFailures.contains(entry.suite) { return nil }
      return StaleExpectation(entry: entry, message: ExpectedFailures.staleMessage(entry))
    }
  }

  /// `expected failure (FILE entries[N]); failed: DIFFERENCE`: the entry by its place, not its
  /// reason, which the reports write once per entry (a 500-byte reason on `*` would otherwise be
  /// written, and held, once per test).
  static func skipMessage(_ entry: Entry, outcome: String) -> String {
    "expected failure (\(entry.place)); \(outcome)"
  }

  /// `REASON (LINK)`: what a report writes once for an entry.
  public static func reasonText(_ entry: Entry) -> String {
    entry.reason + (entry.link.map { " (\($0))" } ?? "")
  }

  /// The entries that matched a test of the loaded corpus, in file order.
  public func matchedEntries(_ usage: Usage) -> [Entry] {
    entries.indices.filter { usage.matched[$0] }.map { entries[$0] }
  }

  static func unexpectedPassMessage(_ entry: Entry, suite: String, id: String) -> String {
    "unexpected pass: \(suite) \(id) is listed as an expected failure (\(entry.place)) "
      + "but passed; remove the entry or narrow its id"
  }

  static func staleMessage(_ entry: Entry) -> String {
    "stale expected failure: \(entry.place) (suite \(entry.suite), id \(quote(entry.id.pattern))) "
      + "matches no test in the loaded vectors; remove the entry or fix its suite or id"
  }
}

/// The entry that listed a test, and the status the test had before the list was applied.
public struct ExpectedFailureMatch: Sendable {
  public var entry: ExpectedFailures.Entry
  public var originalStatus: TestResult.Status

  public init(entry: ExpectedFailures.Entry, originalStatus: TestResult.Status) {
    self.entry = entry
    self.originalStatus = originalStatus
  }

  /// Whether the listed test passed, which the run reports as a failure.
  public var isUnexpectedPass: Bool {
    if case .passed = originalStatus { return true }
    return false
  }
}

/// An entry of the list that matched no test of the loaded corpus.
public struct StaleExpectation: Sendable, CustomStringConvertible {
  public var entry: ExpectedFailures.Entry
  public var message: String

  public var description: String { message }
}

/// An expectations file that cannot be used, with the file and the place in it.
public struct ExpectationsFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  /// A JSON path such as `entries[2].id`; empty for the whole file.
  public var place: String
  public var reason: String

  public var description: String { place.isEmpty ? "\(file): \(reason)" : "\(file): \(place): \(reason)" }
}

extension ExpectedFailures {
  static let topLevelKeys = ["format", "entries"]
  static let entryKeys = ["suite", "id", "reason", "link", "implementation"]

  /// Reads and checks an expectations file strictly: strict JSON, no unknown keys, known
  /// suites, ids that are test ids or globs of them, no entry repeated.
  /// `maxFileSize`: the largest file read, in bytes (`--max-file-size`); anything but a regular
  /// file is refused unopened, as for vector files.
  /// `ownSuites`: the suites the run's roots declare (docs/own-suites.md), known here too.
  public static func load(
    file: String, maxFileSize: Int = VectorLoader.defaultMaxFileSize, ownSuites: [String] = []
  ) throws(ExpectationsFileError) -> ExpectedFailures {
    let bytes: [UInt8]
    do {
      bytes = try readFile(file, limit: maxFileSize)
    } catch {
      throw ExpectationsFileError(file: file, place: "", reason: error.reason)
    }
    return try parse(bytes, file: file, ownSuites: ownSuites)
  }

  /// Checks the bytes of an expectations file; `file` names it in messages.
  public static func parse(_ bytes: [UInt8], file: String, ownSuites: [String] = []) throws(ExpectationsFileError)
    -> ExpectedFailures
  {
    let knownSuites = Contract.suites + ownSuites
    let values = try entryValues(bytes, file: file)
    var entries: [Entry] = []
    // Suite, id and implementation of each entry so far: the repeat check is one lookup per entry.
    var seen: [ByteKey: Int] = [:]
    seen.reserveCapacity(values.count)
    for (index, value) in values.enumerated() {
      let place = "entries[\(index)]"
      let entry = try Self.entry(value, file: file, place: place, knownSuites: knownSuites)
      let key = repeatKey(entry)
      if let earlier = seen[key] {
        throw ExpectationsFileError(
          file: file, place: place,
          reason: "repeats entries[\(earlier)] (suite \(entry.suite), id \(quote(entry.id.pattern)))")
      }
      seen[key] = index
      entries.append(entry)
    }
    return ExpectedFailures(file: file, entries: entries)
  }

  /// The file's strict JSON, its format checked, and its `entries` array.
  private static func entryValues(_ bytes: [UInt8], file: String) throws(ExpectationsFileError) -> [JSONValue] {
    func failure(_ place: String, _ reason: String) -> ExpectationsFileError {
      ExpectationsFileError(file: file, place: place, reason: reason)
    }
    let document: JSONValue
    do {
      document = try JSONParser().parse(bytes)
    } catch {
      throw failure("", "invalid JSON: \(error)")
    }
    guard case .object(let top) = document else {
      throw failure("", "the top level must be an object, found \(document.typeName)")
    }
    if let unknown = top.keys.first(where: { !isOneOf($0, topLevelKeys) }) {
      throw failure("", unknownKeyReason(unknown, allowed: topLevelKeys))
    }
    guard let format = top["format"] else { throw failure("", "missing required key \"format\"") }
    guard case .string(let formatText) = format, formatText.utf8.elementsEqual(Self.format.utf8) else {
      throw failure(
        "format", "unsupported format \(JSONSerializer.compact.string(from: format)), expected \(quote(Self.format))")
    }
    guard let entriesValue = top["entries"] else { throw failure("", "missing required key \"entries\"") }
    guard case .array(let values) = entriesValue else {
      throw failure("entries", "must be an array, found \(entriesValue.typeName)")
    }
    return values
  }

  /// One entry of the list, at `place` (`entries[N]`), checked on its own.
  private static func entry(_ value: JSONValue, file: String, place: String, knownSuites: [String])
    throws(ExpectationsFileError) -> Entry
  {
    func failure(_ place: String, _ reason: String) -> ExpectationsFileError {
      ExpectationsFileError(file: file, place: place, reason: reason)
    }
    guard case .object(let object) = value else {
      throw failure(place, "must be an object, found \(value.typeName)")
    }
    if let unknown = object.keys.first(where: { !isOneOf($0, entryKeys) }) {
      throw failure(place, unknownKeyReason(unknown, allowed: entryKeys))
    }
    func string(_ key: String, required: Bool) throws(ExpectationsFileError) -> String? {
      guard let member = object[key] else {
        if required { throw failure(place, "missing required key \(quote(key))") }
        return nil
      }
      guard case .string(let text) = member else {
        throw failure("\(place).\(key)", "must be a string, found \(member.typeName)")
      }
      guard !text.isEmpty else { throw failure("\(place).\(key)", "must not be empty") }
      return text
    }
    let suite = try string("suite", required: true)!
    guard isOneOf(suite, knownSuites) else {
      throw failure(
        "\(place).suite", "unknown suite \(quote(suite))\(suggestion(for: suite, among: knownSuites))")
    }
    let id = try string("id", required: true)!
    guard isIDGlob(id) else {
      throw failure(
        "\(place).id",
        "\(quote(id)) is neither a test id nor a glob of one (letters, digits, '.', '_', '-', with * and ?)")
    }
    let reason = try string("reason", required: true)!
    guard reason.utf8.count <= maxReasonLength else {
      throw failure(
        "\(place).reason",
        "\(reason.utf8.count) bytes, more than \(maxReasonLength): keep the reason to a line and put the details "
          + "behind \"link\"")
    }
    let link = try string("link", required: false)
    if let link, link.utf8.count > maxLinkLength {
      throw failure("\(place).link", "\(link.utf8.count) bytes, more than \(maxLinkLength)")
    }
    let implementation = try string("implementation", required: false)
    return Entry(
      suite: suite, id: IDPattern(id), reason: reason, link: link, place: "\(file) \(place)",
      implementation: implementation)
  }

  /// An entry's suite, id and implementation as one key (a NUL between, a 1 before a named
  /// implementation, so that no name can collide with "every implementation").
  private static func repeatKey(_ entry: Entry) -> ByteKey {
    var bytes = Array(entry.suite.utf8)
    bytes.append(0)
    bytes += entry.id.pattern.utf8
    bytes.append(0)
    if let implementation = entry.implementation {
      bytes.append(1)
      bytes += implementation.utf8
    } else {
      bytes.append(0)
    }
    return ByteKey(bytes)
  }

  /// Keys compared by their bytes: "reason" spelled with a combining mark is not "reason".
  static func isOneOf(_ key: String, _ allowed: [String]) -> Bool {
    allowed.contains { utf8Equal($0, key) }
  }

  static func unknownKeyReason(_ key: String, allowed: [String]) -> String {
    "unknown key \(quote(key))\(suggestion(for: key, among: allowed)); allowed: \(allowed.joined(separator: ", "))"
  }

  /// A test id's characters, plus the wildcards `*` and `?`; at most 128 bytes.
  static func isIDGlob(_ text: String) -> Bool {
    let bytes = text.utf8
    guard !bytes.isEmpty, bytes.count <= 128 else { return false }
    return bytes.allSatisfy {
      Contract.isASCIIAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?")
    }
  }
}

extension EntryIndex {
  /// `*` any run of characters, `?` one character (one Unicode scalar: a UTF-8 lead byte and its
  /// continuation bytes), anything else itself; iterative with one backtrack point, so linear in
  /// practice. The same answers as ``IDPattern/matches(_:)`` over scalars.
  static func matches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    func scalarEnd(_ start: Int) -> Int {
      var end = start + 1
      while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
      return end
    }
    var p = 0
    var t = 0
    var starP = -1
    var starT = 0
    while t < text.count {
      if p < pattern.count && pattern[p] == UInt8(ascii: "?") {
        p += 1
        t = scalarEnd(t)
      } else if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
        starP = p
        starT = t
        p += 1
      } else if p < pattern.count && pattern[p] == text[t] {
        p += 1
        t += 1
      } else if starP >= 0 {
        p = starP + 1
        starT = scalarEnd(starT)
        t = starT
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.count
  }
}
