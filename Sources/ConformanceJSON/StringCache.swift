/// The strings a ``Reader`` made from escape-free text earlier in the same document, so that the
/// same text met again gives the `String` made the first time instead of a new one.
///
/// Vector files repeat most of their strings: the keys of every input and output object, short
/// values (`"accept"`, `"fcm_fid"`), and an expected output equal to its input. Each was
/// validated, allocated when longer than a small string's 15 bytes, copied, and freed again at
/// the end of the run. A direct-mapped table keyed by the text's length and its first and last
/// eight bytes: a miss costs the hash and at most one comparison, a hit a copy of a `String`
/// (a reference count, or nothing for a small string). Equal bytes are the equal string, and
/// `String` is a value: sharing one is invisible to the caller.
///
/// Manual memory, like the reader's scratch stacks: the reader is a copyable struct that is
/// copied while it works (its error helpers take it by value), and releases the table once, in
/// `releaseScratch()`.
struct StringCache {
  private struct Entry {
    /// Where the text of `value` starts in the document; `count` 0 for an empty slot.
    var start: Int
    var count: Int
    var value: String
  }

  /// Slots; a power of two.
  static let slotCount = 256
  /// Documents smaller than this are parsed without a table (an adapter's answer, a command
  /// line value): filling and freeing it would cost more than it saves there.
  static let minimumDocumentSize = 1024
  /// Longer texts are left out: they rarely repeat, and a false match on length and ends
  /// would cost a long comparison.
  static let maximumCount = 512

  private var entries: UnsafeMutablePointer<Entry>?

  init(documentSize: Int) {
    guard documentSize >= StringCache.minimumDocumentSize else { return }
    let entries = UnsafeMutablePointer<Entry>.allocate(capacity: StringCache.slotCount)
    entries.initialize(repeating: Entry(start: 0, count: 0, value: ""), count: StringCache.slotCount)
    self.entries = entries
  }

  /// Frees the table; the cache is unusable afterwards.
  mutating func release() {
    guard let entries else { return }
    entries.deinitialize(count: StringCache.slotCount)
    entries.deallocate()
    self.entries = nil
  }

  /// Looks for a string made before from the `count` bytes at `start` in `bytes`: ``hit`` when
  /// there is one (then ``value(at:)`` of the answer is it); otherwise the slot to
  /// ``record(_:at:count:slot:)`` the string made for these bytes in, or ``none``.
  @inline(__always)
  func lookUp(at start: Int, count: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let entries, count > 0, count <= StringCache.maximumCount, let base = bytes.baseAddress else {
      return StringCache.none
    }
    let slot = StringCache.slot(base + start, count: count, available: bytes.count - start)
    let entry = entries + slot
    if entry.pointee.count == count && memoryEqual(base + entry.pointee.start, base + start, count) {
      return slot | StringCache.hit
    }
    return slot
  }

  /// What ``lookUp(at:count:in:)`` answers with: a slot, ``hit`` added when it holds the string.
  static let hit = 1 << 16
  static let none = -1

  /// The string in the slot of a ``hit``.
  @inline(__always)
  func value(at answer: Int) -> String {
    entries![answer & (StringCache.slotCount - 1)].value
  }

  /// Keeps `value`, made from the `count` bytes at `start`, in the slot ``lookUp(at:count:in:)``
  /// gave (nothing for its ``none``).
  @inline(__always)
  func record(_ value: String, at start: Int, count: Int, slot: Int) {
    guard let entries, slot >= 0 else { return }
    entries[slot] = Entry(start: start, count: count, value: value)
  }

  /// The slot of the `count` bytes at `text`; `available` bytes may be read from `text` on.
  @inline(__always)
  private static func slot(_ text: UnsafePointer<UInt8>, count: Int, available: Int) -> Int {
    var first: UInt64 = 0
    var last: UInt64 = 0
    if count >= 8 {
      first = UnsafeRawPointer(text).loadUnaligned(as: UInt64.self)
      last = UnsafeRawPointer(text + count - 8).loadUnaligned(as: UInt64.self)
    } else if available >= 8 {
      // The closing quote and whatever follows are masked off.
      first = UnsafeRawPointer(text).loadUnaligned(as: UInt64.self) & ((1 << UInt64(count * 8)) &- 1)
    } else {
      for offset in 0..<count { first |= UInt64(text[offset]) << UInt64(offset * 8) }
    }
    let mixed = ((first &* 0x9E37_79B9_7F4A_7C15) ^ last ^ UInt64(count)) &* 0xC2B2_AE3D_27D4_EB4F
    return Int(truncatingIfNeeded: mixed >> 56) & (slotCount - 1)
  }
}

/// Whether the `count` bytes at `a` and at `b` are the same.
@inline(__always)
private func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  var offset = 0
  while offset + 8 <= count {
    if UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
      != UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < count {
    if a[offset] != b[offset] { return false }
    offset += 1
  }
  return true
}
