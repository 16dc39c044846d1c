import Testing

@testable import ConformanceReports

@Suite struct ReportBodyMemoryTests {
  @Test func keepsWhatFitsInOrderAndRefusesTheRest() throws {
    let memory = try #require(ReportBodyMemory(capacity: 10))
    #expect(memory.append(Array("<a/>".utf8)))
    #expect(memory.append([]))
    #expect(memory.append(Array("<b/>".utf8)))
    // Two bytes left: a four-byte fragment is refused whole, and nothing of it is kept.
    #expect(!memory.append(Array("<c/>".utf8)))
    #expect(memory.append(Array("\n\n".utf8)))
    #expect(Array(memory.bytes) == Array("<a/><b/>\n\n".utf8))
    #expect(!memory.append([0x20]))
  }

  @Test func aBodyOfSeveralHugePagesComesBackWhole() throws {
    let memory = try #require(ReportBodyMemory(capacity: 5 * 1024 * 1024))
    let fragment = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    for _ in 0..<50 { #expect(memory.append(fragment)) }
    #expect(memory.count == 5_000_000)
    let bytes = memory.bytes
    #expect(bytes.count == 5_000_000)
    #expect(Array(bytes[0..<100_000]) == fragment)
    #expect(Array(bytes[4_900_000..<5_000_000]) == fragment)
  }

  @Test func noCapacityIsNoMemory() {
    #expect(ReportBodyMemory(capacity: 0) == nil)
  }
}
