import Testing

@testable import ConformanceReports

@Suite struct ByteAppenderTests {
  @Test func piecesAreKeptInOrderAcrossGrowth() {
    var appender = ByteAppender(capacity: 0)
    var expected: [UInt8] = []
    // Pieces of every length from 0 to 99: the 64-byte start grows several times over.
    for length in 0..<100 {
      let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
      appender.append(piece)
      expected += piece
      #expect(appender.count == expected.count)
    }
    #expect(Array(appender.bytes) == expected)
  }

  @Test func removeAllStartsOverKeepingNothing() {
    var appender = ByteAppender(capacity: 4)
    appender.append(Array("first run".utf8))
    appender.removeAll()
    #expect(appender.count == 0 && appender.bytes.isEmpty)
    appender.append(Array("second".utf8))
    #expect(String(decoding: appender.bytes, as: UTF8.self) == "second")
  }
}
