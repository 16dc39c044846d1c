import ConformanceKit
import Testing

@Suite struct LongValueTests {
  @Test func theFirstDifferenceCountsCharactersNotBytes() {
    #expect(LongValue.firstDifference("abc", "abc") == nil)
    #expect(LongValue.firstDifference("abc", "abd") == 2)
    #expect(LongValue.firstDifference("ab", "abc") == 2)
    #expect(LongValue.firstDifference("", "x") == 0)
    // é is two bytes and one character; NFC and NFD spellings differ (compared exactly).
    #expect(LongValue.firstDifference("éa", "éb") == 1)
    #expect(LongValue.firstDifference("\u{E9}", "e\u{301}") == 0)
  }

  @Test func aShortTextIsShownWholeALongOneAsItsLengthAndAWindow() {
    let short = String(repeating: "a", count: LongValue.limit)
    #expect(LongValue.shown(short, differingAt: 3) == short)
    let long = String(repeating: "ab", count: 1_000)
    #expect(LongValue.shown(long) == "2,000 characters: " + String(long.prefix(64)) + "…")
    // 32 characters before the difference, 64 from it; `…` where the text goes on.
    #expect(
      LongValue.shown(long, differingAt: 1_000)
        == "2,000 characters, first difference at 1,001: …" + String(repeating: "ab", count: 48) + "…")
    #expect(
      LongValue.shown(long, differingAt: 10)
        == "2,000 characters, first difference at 11: " + String(long.prefix(74)) + "…")
    #expect(
      LongValue.shown(long, differingAt: 1_990) == "2,000 characters, first difference at 1,991: …"
        + String(long.suffix(42)))
    // A window never splits a character.
    let accents = String(repeating: "é", count: 300)
    #expect(LongValue.shown(accents, differingAt: 100).hasSuffix("…" + String(repeating: "é", count: 96) + "…"))
  }

  @Test func numbersAreGrouped() {
    #expect(LongValue.grouped(7) == "7")
    #expect(LongValue.grouped(4_096) == "4,096")
    #expect(LongValue.grouped(1_234_567) == "1,234,567")
  }
}
