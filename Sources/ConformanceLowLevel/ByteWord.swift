// Word-at-a-time ("SWAR") byte tests: eight bytes of a document compared with a handful of
// integer instructions instead of eight byte comparisons; the JSON reader's scans (ByteView)
// and the id hash (IDHash) are built on them.

// Public, not `package`, though no product exports this target: this toolchain inlines an
// `@inlinable` declaration into another module only when it is public (an `@inlinable package`
// one stays a call), and these are called once per byte or per string of every vector file
// (a call each was 1.3x a 10,000-vector run). Nothing outside the package imports this target:
// `import ConformanceTesting` does not bring it into scope (Scripts/public-api.sh).

/// Tests on eight bytes of text at once, read as one little-endian `UInt64` (the "SWAR" tricks):
/// each gives a word with the high bit of each matching byte set, so a scan can skip eight plain
/// bytes with a handful of instructions and fall back to a byte loop where a mark is.
///
/// "Exact about some" means: the result is nonzero exactly when some byte matches, and its lowest
/// mark is the first matching byte; a borrow may also mark bytes after that one.
public enum ByteWord {
  /// The eight bytes at `offset` from `base`, the first one lowest.
  @inlinable
  public static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
  }

  /// The bytes at or above 0x80 (not ASCII): exact for every byte.
  @inlinable
  public static func nonASCII(_ word: UInt64) -> UInt64 {
    word & 0x8080_8080_8080_8080
  }

  /// The bytes equal to `byte`: exact about some.
  @inlinable
  public static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
    let differences = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (differences &- 0x0101_0101_0101_0101) & ~differences & 0x8080_8080_8080_8080
  }

  /// The ASCII bytes below `bound` (at most 0x80): exact about some.
  @inlinable
  public static func below(_ bound: UInt8, in word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101 &* UInt64(bound)) & ~word & 0x8080_8080_8080_8080
  }

  /// The bytes from `low` through `high` (both below 0x80) of a word whose bytes are all ASCII
  /// (``nonASCII(_:)`` zero): exact for every byte, since adding to a byte below 0x80 a number
  /// below 0x81 never carries into the next byte.
  @inlinable
  public static func within(_ low: UInt8, _ high: UInt8, inASCII word: UInt64) -> UInt64 {
    (word &+ 0x0101_0101_0101_0101 &* UInt64(0x80 - low)) & ~(word &+ 0x0101_0101_0101_0101 &* UInt64(0x7F - high))
      & 0x8080_8080_8080_8080
  }
}
