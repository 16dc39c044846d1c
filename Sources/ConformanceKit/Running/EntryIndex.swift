import ConformanceLowLevel

/// An expectations list's entries by suite (keyed by bytes), so that finding the entries that
/// list a test costs time linear in the id and the patterns that can match it, never in the
/// number of entries: 20,000 globs over 100,000 tests would otherwise be two billion matches.
///
/// Per suite: exact ids in a table; globs grouped by their text (entries repeating a pattern
/// under other implementations share it), each indexed by its longest literal run (the bytes
/// between two wildcards). One Aho–Corasick automaton over those runs finds, in one pass over an
/// id, every glob whose run occurs in it; only those are matched in full. A glob with no literal
/// byte (`*`, `?*`) is matched against every id (there are few distinct ones).
struct EntryIndex: Sendable {
  /// One suite's entries; ``matches(id:)`` finds those listing a test.
  struct SuiteEntries: Sendable {
    /// The entries with each exact id, in file order.
    var exact: [[UInt8]: [Int]] = [:]
    /// Distinct glob patterns and the entries (in file order) that use each.
    var patterns: [[UInt8]] = []
    var patternEntries: [[Int]] = []
    /// Patterns without a literal byte, matched against every id.
    var wildcardOnly: [Int] = []
    var runs = LiteralRuns()

    /// Every entry listing the test `id`, in file order.
    func matches(id: String) -> [Int] {
      let bytes = Array(id.utf8)
      var found = exact.isEmpty ? [] : exact[bytes] ?? []
      var matched = false
      func check(_ pattern: Int) {
        if EntryIndex.matches(patterns[pattern], bytes) {
          found += patternEntries[pattern]
          matched = true
        }
      }
      for pattern in wildcardOnly { check(pattern) }
      runs.forEachPattern(occurringIn: bytes) { check($0) }
      if matched && found.count > 1 { found.sort() }
      return found
    }
  }

  private var suites: [[UInt8]: SuiteEntries] = [:]

  init(_ entries: [ExpectedFailures.Entry]) {
    // Tables built in an array and mutated in place (copying a suite's table out of a
    // dictionary and back for every entry made building quadratic in the entries).
    var numbers: [ByteKey: Int] = [:]
    var tables: [SuiteEntries] = []
    var patternNumbers: [[ByteKey: Int]] = []
    for (number, entry) in entries.enumerated() {
      let pattern = Array(entry.id.pattern.utf8)
      let suite = ByteKey(Array(entry.suite.utf8))
      let table: Int
      if let known = numbers[suite] {
        table = known
      } else {
        table = tables.count
        numbers[suite] = table
        tables.append(SuiteEntries())
        patternNumbers.append([:])
      }
      guard pattern.contains(UInt8(ascii: "*")) || pattern.contains(UInt8(ascii: "?")) else {
        tables[table].exact[pattern, default: []].append(number)
        continue
      }
      if let known = patternNumbers[table][ByteKey(pattern)] {
        tables[table].patternEntries[known].append(number)
        continue
      }
      let index = tables[table].patterns.count
      patternNumbers[table][ByteKey(pattern)] = index
      tables[table].patterns.append(pattern)
      tables[table].patternEntries.append([number])
      let run = Self.longestLiteralRun(pattern)
      if run.isEmpty {
        tables[table].wildcardOnly.append(index)
      } else {
        tables[table].runs.add(run, pattern: index)
      }
    }
    for index in tables.indices { tables[index].runs.finish() }
    for (suite, table) in numbers { suites[suite.bytes] = tables[table] }
  }

  /// The entries of `suite`, looked up once for a whole file; `nil` when it has none.
  func entries(of suite: String) -> SuiteEntries? {
    suites[Array(suite.utf8)]
  }

  /// Every entry listing the test, in file order.
  func matches(suite: String, id: String) -> [Int] {
    entries(of: suite)?.matches(id: id) ?? []
  }

  /// The first entry (in file order) listing the test.
  func firstMatch(suite: String, id: String, accepting: (Int) -> Bool = { _ in true }) -> Int? {
    matches(suite: suite, id: id).first(where: accepting)
  }

  /// The longest run of bytes between wildcards (the first of equal length); empty when the
  /// pattern is wildcards only.
  static func longestLiteralRun(_ pattern: [UInt8]) -> [UInt8] {
    var best: ArraySlice<UInt8> = []
    var start = 0
    for index in 0...pattern.count {
      if index == pattern.count || pattern[index] == UInt8(ascii: "*") || pattern[index] == UInt8(ascii: "?") {
        if index - start > best.count { best = pattern[start..<index] }
        start = index + 1
      }
    }
    return Array(best)
  }
}

/// An Aho–Corasick automaton over byte strings ("runs"), each standing for some patterns: one
/// pass over a text finds every run occurring in it, in time linear in the text and the
/// occurrences.
struct LiteralRuns: Sendable {
  /// Transitions, keyed by `node << 8 | byte`.
  private var next = TransitionTable()
  /// Per node: its failure link, the nearest node on the failure chain that ends a run (-1:
  /// none), and the patterns whose run ends here.
  private var failure: [Int32] = [0]
  private var output: [Int32] = [-1]
  private var ending: [[Int]] = [[]]
  private var depth: [Int32] = [0]

  mutating func add(_ run: [UInt8], pattern: Int) {
    var node = 0
    for byte in run {
      let key = node << 8 | Int(byte)
      if let child = next[key] {
        node = Int(child)
      } else {
        let child = failure.count
        failure.append(0)
        output.append(-1)
        ending.append([])
        depth.append(depth[node] + 1)
        next.insert(key, Int32(child))
        node = child
      }
    }
    ending[node].append(pattern)
  }

  /// Computes the failure and output links (breadth first); call once, after every `add`.
  mutating func finish() {
    // Each node's children, as one array sorted by parent (an array per node was most of the
    // cost of building the automaton for 20,000 globs).
    var transitions: [(key: Int, child: Int)] = []
    transitions.reserveCapacity(failure.count)
    next.visitTransitions { key, child in transitions.append((key, Int(child))) }
    transitions.sort { $0.key < $1.key }
    var firstChild = Array(repeating: 0, count: failure.count + 1)
    for transition in transitions { firstChild[(transition.key >> 8) + 1] += 1 }
    for node in 0..<failure.count { firstChild[node + 1] += firstChild[node] }
    var queue = transitions[firstChild[0]..<firstChild[1]].map(\.child)
    queue.reserveCapacity(failure.count)
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for transition in transitions[firstChild[node]..<firstChild[node + 1]] {
        let byte = transition.key & 0xFF
        let child = transition.child
        queue.append(child)
        // The longest proper suffix of the child's string that is in the trie.
        var target = 0
        if node != 0 {
          var link = Int(failure[node])
          while true {
            if let step = next[link << 8 | byte] {
              target = Int(step)
              break
            }
            if link == 0 { break }
            link = Int(failure[link])
          }
        }
        failure[child] = Int32(target)
        output[child] = ending[target].isEmpty ? output[target] : Int32(target)
      }
    }
  }

  /// Calls `body` with every pattern whose run occurs in `text`, each once.
  func forEachPattern(occurringIn text: [UInt8], _ body: (Int) -> Void) {
    guard failure.count > 1 else { return }
    // Few runs occur in one id: a short list beats a set.
    var seen: [Int] = []
    var node = 0
    for byte in text {
      while true {
        if let step = next[node << 8 | Int(byte)] {
          node = Int(step)
          break
        }
        if node == 0 { break }
        node = Int(failure[node])
      }
      var hit = ending[node].isEmpty ? Int(output[node]) : node
      while hit > 0 {
        for pattern in ending[hit] where !seen.contains(pattern) {
          seen.append(pattern)
          body(pattern)
        }
        hit = Int(output[hit])
      }
    }
  }
}

/// The automaton's transitions, `node << 8 | byte` to the next node: open addressing with
/// linear probing and a multiplicative hash. `Dictionary`'s seeded SipHash was most of the time
/// spent matching an id against 20,000 globs (a lookup per byte, and more on failure links).
struct TransitionTable: Sendable {
  private var keys: [Int] = Array(repeating: -1, count: 16)
  private var values: [Int32] = Array(repeating: 0, count: 16)
  private var count = 0

  /// The node reached from `key`, `nil` when there is no such transition.
  subscript(key: Int) -> Int32? {
    let mask = keys.count - 1
    var slot = Self.slot(of: key, mask: mask)
    while true {
      let found = keys[slot]
      if found == key { return values[slot] }
      if found == -1 { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// Adds a transition that is not in the table yet.
  mutating func insert(_ key: Int, _ value: Int32) {
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count - 1
    var slot = Self.slot(of: key, mask: mask)
    while keys[slot] != -1 { slot = (slot + 1) & mask }
    keys[slot] = key
    values[slot] = value
    count += 1
  }

  func visitTransitions(_ body: (_ key: Int, _ value: Int32) -> Void) {
    for slot in keys.indices where keys[slot] != -1 { body(keys[slot], values[slot]) }
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = Array(repeating: -1, count: oldKeys.count * 2)
    values = Array(repeating: 0, count: oldKeys.count * 2)
    count = 0
    for slot in oldKeys.indices where oldKeys[slot] != -1 { insert(oldKeys[slot], oldValues[slot]) }
  }

  private static func slot(of key: Int, mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }
}
