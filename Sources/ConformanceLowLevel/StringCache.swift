// A direct-mapped table of the strings the JSON reader made, keyed by a hash of their bytes:
// manual memory, so the reader (a copyable struct) shares one table and frees it once.

// Public, not `package`, though no product exports this target: this toolchain inlines an
// `@inlinable` declaration into another module only when it is public (an `@inlinable package`
// one stays a call), and these are called once per byte or per string of every vector file
// (a call each was 1.3x a 10,000-vector run). Nothing outside the package imports this target:
// `import ConformanceTesting` does not bring it into scope (Scripts/public-api.sh).

/// The strings a JSON reader made from escape-free text earlier in the same document, so that
/// the same text met again gives the `String` made the first time instead of a new one.
///
/// Vector files repeat most of their strings: the keys of every input and output object, short
/// values (`"accept"`, `"fcm_fid"`), and an expected output equal to its input. Each was
/// validated, allocated when longer than a small string's 15 bytes, copied, and freed again at
/// the end of the run. A direct-mapped table keyed by the text's length and its first and last
/// eight bytes: a miss costs the hash and at most one comparison, a hit a copy of a `String`
/// (a reference count, or nothing for a small string). Equal bytes are the equal string, and
/// `String` is a value: sharing one is invisible to the caller.
///
/// Manual memory (`UnsafeMutablePointer.allocate`), like the reader's scratch stacks: the reader
/// is a copyable struct that is copied while it works (its error helpers take it by value), and
/// releases the table once, in its `releaseScratch()`.
public struct StringCache {
  @usableFromInline
  struct Entry {
    /// Where the text of `value` starts in the document; `count` 0 for an empty slot.
    @usableFromInline var start: Int
    @usableFromInline var count: Int
    @usableFromInline var value: String

    @usableFromInline
    init(start: Int, count: Int, value: String) {
      self.start = start
      self.count = count
      self.value = value
    }
  }

  /// Slots; a power of two.
  public static let slotCount = 256
  /// Documents smaller than this are parsed without a table (an adapter's answer, a command
  /// line value): filling and freeing it would cost more than it saves there.
  public static let minimumDocumentSize = 1024
  /// Longer texts are left out: they rarely repeat, and a false match on length and ends
  /// would cost a long comparison.
  public static let maximumCount = 512

  @usableFromInline var entries: UnsafeMutablePointer<Entry>?

  public init(documentSize: Int) {
    guard documentSize >= StringCache.minimumDocumentSize else { return }
    let entries = UnsafeMutablePointer<Entry>.allocate(capacity: StringCache.slotCount)
    entries.initialize(repeating: Entry(start: 0, count: 0, value: ""), count: StringCache.slotCount)
    self.entries = entries
  }

  /// Frees the table; the cache is unusable afterwards.
  public mutating func release() {
    guard let entries else { return }
    entries.deinitialize(count: StringCache.slotCount)
    entries.deallocate()
    self.entries = nil
  }

  /// Looks for a string made before from the `count` bytes at `start` in `bytes`: ``hit`` when
  /// there is one (then ``value(at:)`` of the answer is it); otherwise the slot to
  /// ``record(_:at:count:slot:)`` the string made for these bytes in, or ``none``.
  @inlinable @inline(__always)
  public func lookUp(at start: Int, count: Int, in bytes: ByteView) -> Int {
    guard let entries, count > 0, count <= StringCache.maximumCount else { return StringCache.none }
    let slot = Int(truncatingIfNeeded: bytes.hashOfEnds(at: start, count: count) >> 56) & (StringCache.slotCount - 1)
    let entry = entries + slot
    if entry.pointee.count == count && bytes.bytesEqual(at: entry.pointee.start, start, count: count) {
      return slot | StringCache.hit
    }
    return slot
  }

  /// What ``lookUp(at:count:in:)`` answers with: a slot, ``hit`` added when it holds the string.
  public static let hit = 1 << 16
  public static let none = -1

  /// The string in the slot of a ``hit``.
  @inlinable @inline(__always)
  public func value(at answer: Int) -> String {
    entries![answer & (StringCache.slotCount - 1)].value
  }

  /// Keeps `value`, made from the `count` bytes at `start`, in the slot ``lookUp(at:count:in:)``
  /// gave (nothing for its ``none``).
  @inlinable @inline(__always)
  public func record(_ value: String, at start: Int, count: Int, slot: Int) {
    guard let entries, slot >= 0 else { return }
    entries[slot] = Entry(start: start, count: count, value: value)
  }
}
