import ConformanceJSON

/// Which tests a run executes: `--suite`, `--tag`, `--id`, `--exclude-tag`, `--exclude-id` and
/// `--shard` together. Each given filter must hold; within one filter, any listed value matches;
/// a test carrying an excluded tag or matching an excluded id never runs.
public struct Selection: Sendable {
  public var suites: [String]
  public var tags: [String]
  public var idPatterns: [IDPattern]
  public var excludedTags: [String]
  public var excludedIDPatterns: [IDPattern]
  public var shard: Shard?

  public init(
    suites: [String] = [], tags: [String] = [], idPatterns: [IDPattern] = [], excludedTags: [String] = [],
    excludedIDPatterns: [IDPattern] = [], shard: Shard? = nil
  ) {
    self.suites = suites
    self.tags = tags
    self.idPatterns = idPatterns
    self.excludedTags = excludedTags
    self.excludedIDPatterns = excludedIDPatterns
    self.shard = shard
  }

  public var isEverything: Bool { !hasFilters && shard == nil }

  /// Whether any filter other than the shard is given.
  public var hasFilters: Bool {
    !(suites.isEmpty && tags.isEmpty && idPatterns.isEmpty && excludedTags.isEmpty && excludedIDPatterns.isEmpty)
  }

  public func includes(suite: String) -> Bool {
    suites.isEmpty || suites.contains(suite)
  }

  public func includes(test: VectorTest, in file: VectorFile) -> Bool {
    guard matchesFilters(test: test, in: file) else { return false }
    if let shard, !shard.owns(file: file.path, id: test.id) { return false }
    return true
  }

  /// Whether the test passes every filter but the shard: a selection that matches no test this
  /// way is a mistake on the command line, while a shard may own none of the matching tests.
  public func matchesFilters(test: VectorTest, in file: VectorFile) -> Bool {
    guard matchesIncludes(test: test, in: file) else { return false }
    if !excludedTags.isEmpty && test.tags.contains(where: { excludedTags.contains($0) }) { return false }
    if excludedIDPatterns.contains(where: { $0.matches(test.id) }) { return false }
    return true
  }

  /// Whether the test passes `--suite`, `--tag` and `--id` (the excludes and the shard left
  /// out): the tests an exclude is judged against.
  public func matchesIncludes(test: VectorTest, in file: VectorFile) -> Bool {
    guard includes(suite: file.suite) else { return false }
    if !tags.isEmpty && !test.tags.contains(where: { tags.contains($0) }) { return false }
    if !idPatterns.isEmpty && !idPatterns.contains(where: { $0.matches(test.id) }) { return false }
    return true
  }

  /// Whether any `--exclude-tag` or `--exclude-id` is given.
  public var hasExcludes: Bool { !excludedTags.isEmpty || !excludedIDPatterns.isEmpty }

  /// The filters as command-line options (`--suite leeep.fid --tag unicod`), shard left out;
  /// empty when none is given.
  public var filterArguments: String {
    var parts: [String] = []
    for suite in suites { parts.append("--suite \(suite)") }
    for tag in tags { parts.append("--tag \(tag)") }
    for pattern in idPatterns { parts.append("--id \(pattern.pattern)") }
    for tag in excludedTags { parts.append("--exclude-tag \(tag)") }
    for pattern in excludedIDPatterns { parts.append("--exclude-id \(pattern.pattern)") }
    return parts.joined(separator: " ")
  }

  /// Why a run (or `list`) over `roots` with these filters exits 2: the filters that matched no
  /// test, with a close standard tag for a misspelt one.
  public func nothingSelectedMessage(roots: [String]) -> String {
    guard hasFilters else {
      return "no test found under \(roots.joined(separator: ", ")): nothing was checked"
    }
    var message = "no test matches the selection \(filterArguments): nothing was checked"
    let tags = self.tags.map { ("--tag", $0) } + excludedTags.map { ("--exclude-tag", $0) }
    for (option, tag) in tags where !Contract.standardTags.contains(tag) {
      if let close = Contract.standardTags.first(where: { editDistance($0, tag) <= 2 }) {
        message += " (did you mean \(option) \(close)?)"
        break
      }
    }
    return message
  }

  /// A canonical text of the filters, shard left out (every shard of one run gives the same):
  /// each list sorted by bytes without repeats, one line per kind. Reports carry its digest so
  /// `conformance merge` can tell shards of different selections apart.
  public var canonicalFilters: String {
    func line(_ name: String, _ values: [String]) -> String {
      var seen: Set<[UInt8]> = []
      let sorted = values.filter { seen.insert(Array($0.utf8)).inserted }.sorted(by: utf8Precedes)
      return name + "=" + sorted.joined(separator: "\u{0}") + "\n"
    }
    return "conformance-selection/1\n" + line("suites", suites) + line("tags", tags)
      + line("ids", idPatterns.map(\.pattern)) + line("exclude-tags", excludedTags)
      + line("exclude-ids", excludedIDPatterns.map(\.pattern))
  }
}

/// Which excludes left a test out, over the tests that pass `--suite`, `--tag` and `--id`
/// (the shard left out, so every shard judges alike): an exclude that leaves nothing out is a
/// misspelt filter, an error like a `--tag` that matches nothing. Also keeps what a
/// did-you-mean needs: the tags those tests carry and, for an id written without wildcards,
/// the closest id.
public struct ExcludeUsage: Sendable {
  /// Per `--exclude-tag`, then per `--exclude-id`, in command-line order: whether it matched.
  public private(set) var tagHits: [Bool]
  public private(set) var idHits: [Bool]
  /// Tags carried by the judged tests (only while an `--exclude-tag` is unmatched).
  public private(set) var seenTags: Set<String> = []
  /// Per `--exclude-id` without wildcards: the closest id seen (at most 2 edits) and its edits.
  public private(set) var closestIDs: [(id: String, edits: Int)?]

  public init(_ selection: Selection) {
    tagHits = selection.excludedTags.map { _ in false }
    idHits = selection.excludedIDPatterns.map { _ in false }
    closestIDs = selection.excludedIDPatterns.map { _ in nil }
  }

  /// Records one test of `file` (call it only when the selection has excludes).
  public mutating func record(_ test: VectorTest, in file: VectorFile, selection: Selection) {
    guard selection.matchesIncludes(test: test, in: file) else { return }
    for (index, tag) in selection.excludedTags.enumerated() where !tagHits[index] {
      if test.tags.contains(where: { $0.utf8.elementsEqual(tag.utf8) }) { tagHits[index] = true }
    }
    if tagHits.contains(false) { seenTags.formUnion(test.tags) }
    for (index, pattern) in selection.excludedIDPatterns.enumerated() where !idHits[index] {
      if pattern.matches(test.id) {
        idHits[index] = true
        closestIDs[index] = nil
      } else if !pattern.hasWildcards, abs(test.id.utf8.count - pattern.pattern.utf8.count) <= 2 {
        let edits = editDistance(test.id, pattern.pattern)
        if edits <= 2, closestIDs[index].map({ edits < $0.edits }) ?? true { closestIDs[index] = (test.id, edits) }
      }
    }
  }

  /// Adds what another file's usage recorded (the closest ids kept as the first file had them,
  /// so the result is the same in every run).
  public mutating func formUnion(_ other: ExcludeUsage) {
    for index in tagHits.indices where other.tagHits[index] { tagHits[index] = true }
    for index in idHits.indices {
      if other.idHits[index] {
        idHits[index] = true
        closestIDs[index] = nil
      } else if !idHits[index], let theirs = other.closestIDs[index],
        closestIDs[index].map({ theirs.edits < $0.edits }) ?? true
      {
        closestIDs[index] = theirs
      }
    }
    if tagHits.contains(false) { seenTags.formUnion(other.seenTags) }
  }

  /// Why a run whose excludes left nothing out exits 2: each such exclude, with a close tag or id.
  public static func message(_ unused: [String]) -> String {
    (unused.count == 1 ? "\(unused[0]) leaves out no test" : "\(unused.joined(separator: ", ")) leave out no test")
      + " of the selection: a misspelt filter checks more than was meant"
  }

  /// Each exclude that left no test out, as `--exclude-tag TAG (did you mean --exclude-tag
  /// OTHER?)`; empty when every exclude did its job.
  public func unused(_ selection: Selection) -> [String] {
    var problems: [String] = []
    for (index, tag) in selection.excludedTags.enumerated() where !tagHits[index] {
      var candidates = Contract.standardTags.filter(seenTags.contains)
      candidates += seenTags.filter { !Contract.standardTags.contains($0) }.sorted(by: utf8Precedes)
      candidates += Contract.standardTags.filter { !seenTags.contains($0) }
      let close = candidates.map { ($0, editDistance($0, tag)) }.filter { $0.1 <= 2 && $0.0 != tag }
        .min { $0.1 < $1.1 }?.0
      problems.append("--exclude-tag \(tag)" + (close.map { " (did you mean --exclude-tag \($0)?)" } ?? ""))
    }
    for (index, pattern) in selection.excludedIDPatterns.enumerated() where !idHits[index] {
      problems.append(
        "--exclude-id \(pattern.pattern)"
          + (closestIDs[index].map { " (did you mean --exclude-id \($0.id)?)" } ?? ""))
    }
    return problems
  }
}

/// A glob over test ids: `*` any run of characters, `?` one character, everything else literal.
public struct IDPattern: Sendable, CustomStringConvertible {
  public let pattern: String
  private let scalars: [Unicode.Scalar]

  public init(_ pattern: String) {
    self.pattern = pattern
    self.scalars = Array(pattern.unicodeScalars)
  }

  public var description: String { pattern }

  /// Whether the pattern holds a `*` or `?` (without, it matches one id only).
  public var hasWildcards: Bool { scalars.contains { $0 == "*" || $0 == "?" } }

  public func matches(_ id: String) -> Bool {
    let text = Array(id.unicodeScalars)
    // Iterative wildcard match with single backtrack point: linear for practical patterns.
    var p = 0
    var t = 0
    var starP = -1
    var starT = 0
    while t < text.count {
      if p < scalars.count && (scalars[p] == "?" || scalars[p] == text[t]) {
        p += 1
        t += 1
      } else if p < scalars.count && scalars[p] == "*" {
        starP = p
        starT = t
        p += 1
      } else if starP >= 0 {
        p = starP + 1
        starT += 1
        t = starT
      } else {
        return false
      }
    }
    while p < scalars.count && scalars[p] == "*" { p += 1 }
    return p == scalars.count
  }
}

/// `--shard K/N`: shard K (from 1) of N owns a test when a stable hash of its file path and id
/// falls in its bucket, so adding vectors never moves other vectors between shards.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  public let index: Int
  public let count: Int

  public init?(index: Int, count: Int) {
    guard count >= 1, index >= 1, index <= count else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `K/N`.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
    self.init(index: k, count: n)
  }

  public var description: String { "\(index)/\(count)" }

  public func owns(file: String, id: String) -> Bool {
    Int(Shard.stableHash(file, id) % UInt64(count)) == index - 1
  }

  /// A load error belongs to one shard only, so merged shard reports hold it once.
  public func owns(file: String) -> Bool {
    Int(Shard.stableHash(file, "") % UInt64(count)) == index - 1
  }

  /// FNV-1a over the UTF-8 bytes of `file`, a NUL, then `id`: the same on every platform and run.
  static func stableHash(_ file: String, _ id: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    for byte in file.utf8 { mix(byte) }
    mix(0)
    for byte in id.utf8 { mix(byte) }
    return hash
  }
}
