import Testing

@testable import ConformanceKit

/// The index answers exactly what matching every entry one by one answers: the same entries, in
/// file order, for globs of every shape (the Aho–Corasick pass only narrows the candidates).
@Suite struct EntryIndexTests {
  @Test func theIndexFindsWhatMatchingEveryEntryFinds() {
    var generator = SplitMix(seed: 42)
    let alphabet = Array("ab.-1".utf8)
    func word(_ range: ClosedRange<Int>) -> String {
      let count = Int(generator.next() % UInt64(range.count)) + range.lowerBound
      return String(decoding: (0..<count).map { _ in alphabet[Int(generator.next() % 5)] }, as: UTF8.self)
    }
    var entries: [ExpectedFailures.Entry] = []
    for number in 0..<400 {
      let shapes = [
        word(1...4) + "*", "*" + word(1...4), "*" + word(1...3) + "*", word(1...2) + "*" + word(1...2),
        word(1...2) + "?" + word(0...2) + "*", "*", "?*", "??", word(2...5), "*" + word(1...2) + "?" + word(1...2),
      ]
      let pattern = shapes[Int(generator.next() % UInt64(shapes.count))]
      let suite = number % 3 == 0 ? "leeep.user-id" : "leeep.fid"
      entries.append(ExpectedFailures.Entry(suite: suite, id: IDPattern(pattern), reason: "r", place: "e[\(number)]"))
    }
    let index = EntryIndex(entries)
    for _ in 0..<3000 {
      let id = word(1...9)
      for suite in ["leeep.fid", "leeep.user-id", "leeep.link"] {
        let expected = entries.indices.filter { entries[$0].suite == suite && entries[$0].id.matches(id) }
        #expect(index.matches(suite: suite, id: id) == expected, "\(suite) \(id)")
      }
    }
  }

  @Test func theLongestLiteralRunIndexesAGlob() {
    #expect(EntryIndex.longestLiteralRun(Array("length.25?-*".utf8)) == Array("length.25".utf8))
    #expect(EntryIndex.longestLiteralRun(Array("*ab*cde?f".utf8)) == Array("cde".utf8))
    #expect(EntryIndex.longestLiteralRun(Array("*?*".utf8)).isEmpty)
  }
}

/// A small deterministic generator (SplitMix64), so that a failure names inputs that recur.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
