import ConformanceLowLevel
import Testing

/// ``ByteView/compareBytes(_:_:)`` against the byte order it stands for: Swift's
/// `lexicographicallyPrecedes` on the same bytes.
@Suite struct ByteViewCompareTests {
  /// The sign of `compareBytes` on two runs of one buffer.
  func order(_ first: [UInt8], _ second: [UInt8]) -> Int {
    let bytes = first + second
    return ByteView.withBytes(of: bytes) { view in
      view.compareBytes(0..<first.count, first.count..<bytes.count).signum()
    }
  }

  @Test func theOrderIsTheByteOrderAPrefixFirst() {
    let runs: [[UInt8]] = [
      [], [0], [0, 0], [1], [0x7F], [0x80], [0xFF], [0x61], [0x61, 0], [0x61, 0x62], [0x61, 0x62, 0x63],
      Array("valid.f00030-000".utf8), Array("valid.f00030-001".utf8), Array("valid.f00030-0001".utf8),
    ]
    var wrong: [String] = []
    for first in runs {
      for second in runs {
        let expected = first == second ? 0 : first.lexicographicallyPrecedes(second) ? -1 : 1
        if order(first, second) != expected { wrong.append("\(first) \(second)") }
      }
    }
    #expect(wrong == [])
  }

  /// Two ranges of the same bytes are equal wherever they lie.
  @Test func equalBytesAtTwoPlacesCompareEqual() {
    let bytes = Array("abcXabc".utf8)
    let order = ByteView.withBytes(of: bytes) { $0.compareBytes(0..<3, 4..<7) }
    #expect(order == 0)
  }
}

/// ``ByteView/bytesEqual(at:_:count:)`` against `elementsEqual` on the same runs: every length
/// up to three words, a difference at each place (the words, the overlapping last word, the
/// bytes of a short run), and runs that pass the end.
@Suite struct ByteViewBytesEqualTests {
  @Test func equalExactlyWhenEveryByteIs() {
    var wrong: [String] = []
    for length in 0...25 {
      let run = (0..<length).map { UInt8(0x41 + $0) }
      for place in -1..<length {
        var other = run
        if place >= 0 { other[place] ^= 0x20 }
        let bytes = run + [0x7C] + other
        let equal = ByteView.withBytes(of: bytes) { $0.bytesEqual(at: 0, length + 1, count: length) }
        if equal != (run == other) { wrong.append("length \(length), difference at \(place)") }
      }
    }
    #expect(wrong == [])
  }

  @Test func aRunPastTheEndIsNotEqual() {
    let bytes = Array("abcabc".utf8)
    #expect(ByteView.withBytes(of: bytes) { $0.bytesEqual(at: 0, 3, count: 3) })
    #expect(!ByteView.withBytes(of: bytes) { $0.bytesEqual(at: 0, 4, count: 3) })
    #expect(ByteView.withBytes(of: bytes) { $0.bytesEqual(at: 6, 6, count: 0) })
  }
}
