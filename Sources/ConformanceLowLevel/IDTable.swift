// The run's table of test ids (are they unique per suite across files?) and their hash: the
// ids' bytes hashed eight at a time (``ByteWord``) and kept back to back in one buffer, compared
// through the bytes' storage, because a `[String: Int]` of a million ids was most of a
// 1,000,000-vector run's peak memory and `Hasher` a twentieth of reading a test.

/// A set of ids with a file number each, compared byte for byte: the ids' UTF-8 back to back in
/// one buffer and an open-addressing table of entry numbers. About (id length + 20) bytes per id,
/// where a `[String: Int]` took ~130 (a heap `String` per id and a dictionary slot), which was
/// most of a 1,000,000-vector run's peak memory.
package struct IDTable {
  /// Entry `n`'s id is `bytes[starts[n]..<starts[n + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = [0]
  private var files: [Int32] = []
  private var slots = ProbeSlots()

  package init() {}

  /// The id's hash for the probe tables: its UTF-8 eight bytes at a time, each word folded in
  /// with a 64×64→128-bit multiply (high half XOR low half), starting from a random key drawn
  /// once per process.
  ///
  /// With `Hasher` (SipHash-1-3) hashing an id took ~340 instructions, a twentieth of reading
  /// its test; this takes ~200, most of it reaching the bytes. The key keeps what `Hasher`'s
  /// random start does: a file cannot be written to make its ids collide (and the duplicate
  /// check quadratic) without knowing it.
  package static func hash(_ id: String) -> Int {
    withUTF8Bytes(of: id, hash(utf8:))
  }

  private static func hash(utf8: UnsafeBufferPointer<UInt8>) -> Int {
    var state = key ^ (UInt64(utf8.count) &* 0x9E37_79B9_7F4A_7C15)
    guard let base = utf8.baseAddress else { return Int(truncatingIfNeeded: fold(state)) }
    var offset = 0
    while offset + 8 <= utf8.count {
      state = fold(state ^ ByteWord.load(base, at: offset))
      offset += 8
    }
    if offset < utf8.count {
      var last: UInt64 = 0
      for index in offset..<utf8.count { last |= UInt64(base[index]) << UInt64(8 * (index - offset)) }
      state = fold(state ^ last)
    }
    return Int(truncatingIfNeeded: fold(state))
  }

  private static let key = UInt64.random(in: .min ... .max)

  @inline(__always)
  private static func fold(_ value: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: 0xA076_1D64_78BD_642F)
    return product.high ^ product.low
  }

  /// The file number of `id` (whose ``hash(_:)`` is `hash`), when the table holds it.
  package func file(of id: String, hash: Int) -> Int? {
    slots.first(hash: hash) { holds($0, id) }.map { Int(files[$0]) }
  }

  /// Adds an id the table does not hold yet.
  package mutating func insert(_ id: String, hash: Int, file: Int) {
    precondition(files.count < Int32.max && file < Int32.max, "too many test ids")
    // The contiguous bytes in one copy; appending the UTF8View went byte by byte.
    withUTF8Bytes(of: id) { bytes.append(contentsOf: $0) }
    precondition(bytes.count <= UInt32.max, "test ids too long in total")
    starts.append(UInt32(bytes.count))
    files.append(Int32(file))
    slots.append(hash: hash)
  }

  private func holds(_ entry: Int, _ id: String) -> Bool {
    let start = Int(starts[entry])
    let end = Int(starts[entry + 1])
    guard id.utf8.count == end - start else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      id.utf8.elementsEqual(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    }
  }
}

/// The hashing half of an open-addressing set of numbered entries: each entry's hash (its low
/// 32 bits) and the entry numbers by hash, linear probing, -1 for an empty slot, never more
/// than half full. The set keeps its entries and says when two are equal; ``IDTable`` and the
/// vector reader's check of a file's ids share this.
package struct ProbeSlots {
  private var hashes: [UInt32] = []
  private var slots = [Int32](repeating: -1, count: 64)

  package init() {}

  /// The first entry of this hash that `isMatch` takes.
  package func first(hash: Int, where isMatch: (Int) -> Bool) -> Int? {
    let short = UInt32(truncatingIfNeeded: hash)
    let mask = slots.count - 1
    var slot = Int(short) & mask
    while slots[slot] >= 0 {
      let entry = Int(slots[slot])
      if hashes[entry] == short && isMatch(entry) { return entry }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds the next entry (numbered in the order they come: 0, 1, 2, …) with this hash; the
  /// table doubles, every entry placed again, when it would be more than half full.
  package mutating func append(hash: Int) {
    precondition(hashes.count < Int32.max, "too many entries")
    hashes.append(UInt32(truncatingIfNeeded: hash))
    guard hashes.count * 2 > slots.count else { return place(hashes.count - 1) }
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for entry in hashes.indices { place(entry) }
  }

  private mutating func place(_ entry: Int) {
    let mask = slots.count - 1
    var slot = Int(hashes[entry]) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Int32(entry)
  }
}
