import ConformanceLowLevel
import Testing

/// ``writeAll(_:pieces:)``: every byte of every piece lands in the file, in order, with empty
/// pieces skipped and more pieces than one `writev` takes (`IOV_MAX`, 1,024 on Linux).
@Suite struct WriteAllPiecesTests {
  @Test func everyPieceLandsInOrder() throws {
    let pieces: [[UInt8]] = (0..<1100).map { index in
      index % 7 == 0 ? [] : Array("piece \(index);".utf8) + [UInt8](repeating: UInt8(index % 251), count: index % 97)
    }
    let file = try createUniqueFile(prefix: "/tmp/conformance-writeall-", suffix: ".bin")
    defer {
      closeDescriptor(file.descriptor)
      try? removeFile(file.path)
    }
    try writeAllPieces(pieces, to: file.descriptor)
    try seekToStart(file.descriptor)
    let written = try readBytes(file.descriptor, upTo: pieces.reduce(0) { $0 + $1.count } + 1)
    #expect(written == pieces.flatMap { $0 })
  }

  @Test func noPiecesWriteNothing() throws {
    let file = try createUniqueFile(prefix: "/tmp/conformance-writeall-", suffix: ".bin")
    defer {
      closeDescriptor(file.descriptor)
      try? removeFile(file.path)
    }
    try writeAllPieces([[], []], to: file.descriptor)
    #expect(try fileInfo(ofDescriptor: file.descriptor).size == 0)
  }

  /// Hands the arrays' storage to `writeAll(_:pieces:)`, each kept alive (and in place) by a
  /// nested `withUnsafeBytes` while it runs.
  private func writeAllPieces(_ pieces: [[UInt8]], to descriptor: Int32) throws {
    func nest(_ index: Int, _ buffers: [UnsafeRawBufferPointer]) throws {
      guard index < pieces.count else { return try writeAll(descriptor, pieces: buffers) }
      try pieces[index].withUnsafeBytes { try nest(index + 1, buffers + [$0]) }
    }
    try nest(0, [])
  }
}

/// The single-buffer writes, which share one loop: `writeAll(_:_:)` writes a slice where the file
/// offset is and moves it on; `writeAll(_:_:at:)` writes at a position and leaves it where it was.
@Suite struct WriteAllBufferTests {
  @Test func aSliceLandsWhereTheOffsetIsAndAPositionedWriteLeavesTheOffset() throws {
    let file = try createUniqueFile(prefix: "/tmp/conformance-writeall-", suffix: ".bin")
    defer {
      closeDescriptor(file.descriptor)
      try? removeFile(file.path)
    }
    let text = Array("0123456789".utf8)
    try writeAll(file.descriptor, text[2...])
    try writeAll(file.descriptor, Array("AB".utf8), at: 3)
    try writeAll(file.descriptor, [])
    try writeAll(file.descriptor, Array("xy".utf8)[...])
    try seekToStart(file.descriptor)
    #expect(try readBytes(file.descriptor, upTo: 64) == Array("234AB789xy".utf8))
  }
}
