// A read-only window over a document's bytes for the JSON reader: indexing without the array's
// bounds-check-and-retain on every byte, and the scans that read eight bytes at a time
// (``ByteWord``). The reader keeps positions (plain `Int`s) and asks this type for bytes, so
// the parser itself holds no pointer.

// Public, not `package`, though no product exports this target: this toolchain inlines an
// `@inlinable` declaration into another module only when it is public (an `@inlinable package`
// one stays a call), and these are called once per byte or per string of every vector file
// (a call each was 1.3x a 10,000-vector run). Nothing outside the package imports this target:
// `import ConformanceTesting` does not bring it into scope (Scripts/public-api.sh).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a document, valid while the ``withBytes(of:_:)`` (or
/// ``withUTF8(of:_:)``) call that made it runs; a slice made by ``slice(_:)`` likewise.
///
/// An `UnsafeBufferPointer`: an `[UInt8]` checks its bounds and keeps its storage alive at each
/// access, which the optimizer could not remove in the parser's loops (a third of reading a
/// vector file). Every read here is at an offset the caller checked against ``count``.
public struct ByteView: RandomAccessCollection {
  @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

  @inlinable
  init(_ buffer: UnsafeBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Runs `body` on the bytes of `array` (its own storage, no copy).
  @inlinable
  public static func withBytes<Result, Failure: Error>(
    of array: [UInt8], _ body: (ByteView) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try array.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(ByteView(buffer)) }
  }

  /// Runs `body` on the UTF-8 bytes of `text`: its own contiguous storage where it has one
  /// (every native Swift string), a native copy's otherwise. Walking a `String.UTF8View`
  /// generically cost hundreds of instructions a string, and reaching the bytes through a copy
  /// first (`var copy = text; copy.withUTF8`) a retain and a release each time.
  @inlinable @inline(__always)
  public static func withUTF8<Result>(of text: String, _ body: (ByteView) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable({ body(ByteView($0)) }) { return result }
    var copy = text
    return copy.withUTF8 { body(ByteView($0)) }
  }

  @inlinable public var count: Int { buffer.count }
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { buffer.count }

  /// The bytes' own storage, for the standard library's fast paths (`String(decoding:as:)`).
  @inlinable
  public func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try body(buffer)
  }

  /// The byte at `offset`, which must be below ``count``.
  @inlinable
  public subscript(offset: Int) -> UInt8 {
    @inline(__always) get { buffer[offset] }
  }

  /// The bytes in `range` as a view of their own (offsets from 0), valid as long as this one.
  @inlinable
  public func slice(_ range: Range<Int>) -> ByteView {
    ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// The bytes in `range` decoded as UTF-8 (replacing invalid sequences; for bytes already
  /// known to be valid, or ASCII).
  @inlinable
  public func decodedString(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }

  /// The bytes in `range` as a string when they are valid UTF-8; `nil` otherwise.
  @inlinable
  public func validatedString(_ range: Range<Int>) -> String? {
    String(validating: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }

  /// A copy of the bytes in `range`.
  @inlinable
  public func array(_ range: Range<Int>) -> [UInt8] {
    Array(UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// Appends the bytes in `range` to `bytes`.
  @inlinable
  public func append(_ range: Range<Int>, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// Whether any byte in `range` is 0x80 or above (not ASCII).
  @inlinable
  public func containsNonASCII(_ range: Range<Int>) -> Bool {
    UnsafeBufferPointer(rebasing: buffer[range]).contains { $0 >= 0x80 }
  }

  /// Whether the view holds exactly the bytes of `name`.
  @inlinable
  public func equals(_ name: StaticString) -> Bool {
    guard count == name.utf8CodeUnitCount else { return false }
    let expected = name.utf8Start
    var index = 0
    while index < count {
      if buffer[index] != expected[index] { return false }
      index += 1
    }
    return true
  }

  /// Whether the bytes from `offset` on start with `literal`'s.
  @inlinable
  public func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard offset + length <= count else { return false }
    let expected = literal.utf8Start
    for index in 0..<length where buffer[offset + index] != expected[index] { return false }
    return true
  }

  /// Whether the `count` bytes at `first` and at `second` are the same, compared eight at a
  /// time, the last eight overlapping; `false` when either run passes the end.
  @inlinable
  public func bytesEqual(at first: Int, _ second: Int, count length: Int) -> Bool {
    guard first + length <= count, second + length <= count, let base = buffer.baseAddress else {
      return length == 0
    }
    var offset = 0
    while offset + 8 <= length {
      if ByteWord.load(base, at: first + offset) != ByteWord.load(base, at: second + offset) { return false }
      offset += 8
    }
    if offset == length { return true }
    // The last eight bytes, overlapping those compared already, rather than a byte loop.
    if length >= 8 {
      return ByteWord.load(base, at: first + length - 8) == ByteWord.load(base, at: second + length - 8)
    }
    while offset < length {
      if base[first + offset] != base[second + offset] { return false }
      offset += 1
    }
    return true
  }

  /// The byte order of the bytes in `first` and those in `second`: negative when `first` comes
  /// first, positive when `second` does, zero when they are the same bytes; a run that is a
  /// prefix of the other comes first. Both ranges must lie within the view.
  ///
  /// `memcmp` over the shorter length: a byte loop cost about a hundred instructions per
  /// comparison of two test ids sharing a dozen bytes, the most of sorting a file's testcases.
  public func compareBytes(_ first: Range<Int>, _ second: Range<Int>) -> Int {
    precondition(first.lowerBound >= 0 && first.upperBound <= count, "range outside the view")
    precondition(second.lowerBound >= 0 && second.upperBound <= count, "range outside the view")
    let common = Swift.min(first.count, second.count)
    if common > 0, let base = buffer.baseAddress {
      let order = memcmp(base + first.lowerBound, base + second.lowerBound, common)
      if order != 0 { return Int(order) }
    }
    return first.count - second.count
  }

  // MARK: Scans eight bytes at a time

  /// The offset of the first `"`, `\\` or control character (below U+0020) from `start` on,
  /// found eight bytes at a time; or of the last seven or fewer bytes, for the caller's byte
  /// loop, which handles the byte found, so errors and their offsets are unchanged. Scanning
  /// byte by byte was the parser's largest own cost on vector files (long tokens and ids).
  ///
  /// Bytes from U+0080 up are string content too: they set `asciiOnly` to `false` (the string
  /// is then validated as UTF-8) but do not stop the scan, since Japanese text is mostly such
  /// bytes and a stop at each cost about fifteen instructions a byte. A word's bytes after the
  /// one found may set it too; that only asks for a validation the bytes pass.
  @inlinable @inline(__always)
  public func stringContentEnd(from start: Int, asciiOnly: inout Bool) -> Int {
    guard let base = buffer.baseAddress else { return start }
    var offset = start
    var high: UInt64 = 0
    defer { if high != 0 { asciiOnly = false } }
    while offset + 8 <= count {
      let word = ByteWord.load(base, at: offset)
      high |= ByteWord.nonASCII(word)
      // `below` leaves bytes from 0x80 up unmarked; each test's lowest mark is exact.
      let special =
        ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x5C, in: word)
      if special != 0 { return offset + special.trailingZeroBitCount >> 3 }
      offset += 8
    }
    return offset
  }

  /// The offset of the first byte from `start` on that is not printable ASCII other than `"`,
  /// `\\` and U+007F (what object keys the cursor compares byte for byte may hold), found eight
  /// bytes at a time; or of the last seven or fewer bytes, for the caller's byte loop.
  @inlinable @inline(__always)
  public func plainKeyEnd(from start: Int) -> Int {
    guard let base = buffer.baseAddress else { return start }
    var offset = start
    while offset + 8 <= count {
      let word = ByteWord.load(base, at: offset)
      var special = ByteWord.nonASCII(word) | ByteWord.below(0x20, in: word)
      special |= ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x5C, in: word)
      special |= ByteWord.equal(to: 0x7F, in: word)
      if special != 0 {
        // The lowest flagged byte is exact (a borrow only ever flags bytes above a real match):
        // move to it, so the byte loop starts right at what stopped the skip.
        return offset + special.trailingZeroBitCount >> 3
      }
      offset += 8
    }
    return offset
  }

  /// Whether every byte is printable ASCII (0x20 through 0x7E) other than `<`, `>`, `&` and
  /// `"`: the bytes libxml2 writes unchanged in an attribute value. Eight bytes at a time: the
  /// JUnit writer checks every testcase's id, a byte loop's share of writing one was a tenth.
  @inlinable
  public func isVerbatimInXMLAttribute() -> Bool {
    guard let base = buffer.baseAddress else { return true }
    func isVerbatim(_ word: UInt64) -> Bool {
      var special = ByteWord.nonASCII(word) | ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x7F, in: word)
      special |= ByteWord.equal(to: 0x3C, in: word) | ByteWord.equal(to: 0x3E, in: word)
      special |= ByteWord.equal(to: 0x26, in: word) | ByteWord.equal(to: 0x22, in: word)
      return special == 0
    }
    if count >= 8 {
      var offset = 0
      while offset + 8 <= count {
        if !isVerbatim(ByteWord.load(base, at: offset)) { return false }
        offset += 8
      }
      // The last eight bytes, overlapping words already checked, rather than a byte loop.
      return offset == count || isVerbatim(ByteWord.load(base, at: count - 8))
    }
    var offset = 0
    while offset < count {
      let byte = base[offset]
      if byte < 0x20 || byte > 0x7E || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0x22 { return false }
      offset += 1
    }
    return true
  }

  /// The offset of the first byte from `start` on that is not a space, found eight bytes at a
  /// time; or of the last seven or fewer bytes. A pretty-printed file's indentation is most of
  /// its whitespace, and a byte at a time was a visible share of reading it.
  @inlinable @inline(__always)
  public func spacesEnd(from start: Int) -> Int {
    guard let base = buffer.baseAddress else { return start }
    let spaces: UInt64 = 0x2020_2020_2020_2020
    var offset = start
    while offset + 8 <= count {
      let others = ByteWord.load(base, at: offset) ^ spaces
      // The first byte (the lowest, read little-endian) that is not a space.
      guard others == 0 else { return offset + others.trailingZeroBitCount >> 3 }
      offset += 8
    }
    return offset
  }

  // MARK: Hashes

  /// A hash of the 32 bytes at `offset` (which must all be there), mixed word by word: the
  /// key of the cursor's table of repeated values, whose texts are at least that long or end
  /// inside it.
  @inlinable
  public func hashOf32Bytes(at offset: Int) -> UInt64 {
    guard let base = buffer.baseAddress else { return 0 }
    var mixed: UInt64 = 0
    for word in 0..<4 {
      mixed = (mixed ^ ByteWord.load(base, at: offset + 8 * word)) &* 0x9E37_79B9_7F4A_7C15
    }
    return mixed
  }

  /// A hash of the `length` bytes at `offset` from their length and first and last eight bytes
  /// (``StringCache``'s key): two loads whatever the length.
  @inlinable @inline(__always)
  public func hashOfEnds(at offset: Int, count length: Int) -> UInt64 {
    guard let base = buffer.baseAddress else { return 0 }
    var first: UInt64 = 0
    var last: UInt64 = 0
    if length >= 8 {
      first = ByteWord.load(base, at: offset)
      last = ByteWord.load(base, at: offset + length - 8)
    } else if count - offset >= 8 {
      // The bytes after the text (a closing quote and what follows) are masked off.
      first = ByteWord.load(base, at: offset) & ((1 << UInt64(length * 8)) &- 1)
    } else {
      for index in 0..<length { first |= UInt64(base[offset + index]) << UInt64(index * 8) }
    }
    return ((first &* 0x9E37_79B9_7F4A_7C15) ^ last ^ UInt64(length)) &* 0xC2B2_AE3D_27D4_EB4F
  }
}
