import ConformanceLowLevel
import Testing

/// ``ByteWord``'s tests against the byte rules they stand for: one byte of every value at every
/// place of a word whose other bytes are plain (`a`), or all the same special byte.
@Suite struct ByteWordTests {
  /// A word of `background` bytes with `value` at `place`, as `ByteWord.load` reads it.
  func word(_ value: UInt8, at place: Int, in background: UInt8 = UInt8(ascii: "a")) -> UInt64 {
    var bytes = [UInt8](repeating: background, count: 8)
    bytes[place] = value
    return bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!, at: 0) }
  }

  /// The mark of the byte at `place`.
  func mark(_ place: Int) -> UInt64 { 0x80 << UInt64(8 * place) }

  @Test func loadPutsTheFirstByteLowest() {
    let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    #expect(bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!, at: 1) } == 0x0908_0706_0504_0302)
  }

  @Test func eachTestMarksExactlyTheOneMatchingByte() {
    for place in 0..<8 {
      for value in UInt8.min...UInt8.max {
        let bytes = word(value, at: place)
        let only = mark(place)
        #expect(ByteWord.nonASCII(bytes) == (value >= 0x80 ? only : 0))
        #expect(ByteWord.equal(to: 0x22, in: bytes) == (value == 0x22 ? only : 0), "0x\(String(value, radix: 16))")
        #expect(ByteWord.below(0x20, in: bytes) == (value < 0x20 ? only : 0), "0x\(String(value, radix: 16))")
        if value < 0x80 {
          #expect(ByteWord.within(0x30, 0x39, inASCII: bytes) & only == ((0x30...0x39).contains(value) ? only : 0))
          #expect(ByteWord.within(0x61, 0x7A, inASCII: bytes) & ~only == 0x8080_8080_8080_8080 & ~only)
        }
      }
    }
  }

  /// After a match, a borrow may mark more bytes, but the lowest mark is the first match and a
  /// word without a match has none.
  @Test func theLowestMarkIsTheFirstMatch() {
    for place in 0..<8 {
      let controls = word(0x00, at: place, in: 0x01)
      #expect(ByteWord.below(0x20, in: controls).trailingZeroBitCount >> 3 == 0)
      let quotes = word(UInt8(ascii: "a"), at: place, in: 0x22)
      #expect(ByteWord.equal(to: 0x22, in: quotes).trailingZeroBitCount >> 3 == (place == 0 ? 1 : 0))
    }
    #expect(ByteWord.equal(to: 0x22, in: word(UInt8(ascii: "a"), at: 0)) == 0)
    #expect(ByteWord.below(0x20, in: word(0x20, at: 3)) == 0)
  }

  /// `within` marks every byte of the range and no other, for all-ASCII words of mixed bytes.
  @Test func withinIsExactForEveryByteOfAnASCIIWord() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let word = (state >> 1) & 0x7F7F_7F7F_7F7F_7F7F
      var expected: UInt64 = 0
      for place in 0..<8 where (0x41...0x5A).contains(UInt8(truncatingIfNeeded: word >> UInt64(8 * place))) {
        expected |= mark(place)
      }
      #expect(ByteWord.within(0x41, 0x5A, inASCII: word) == expected)
    }
  }
}
