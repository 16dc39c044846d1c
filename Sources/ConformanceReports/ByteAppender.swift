/// Bytes appended one piece after another into one buffer it owns, for markup put together
/// from pieces (``PassingTestCaseMarkup``): five appends a passing testcase. Appending to a
/// `[UInt8]` went through the array's generic `append(contentsOf:)`, about 90 instructions a
/// piece however short; this is a capacity check and a `memcpy`.
struct ByteAppender: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes were appended since the start or the last ``removeAll()``.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes appended so far, valid until the next change.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
    guard let source = piece.baseAddress, !piece.isEmpty else { return }
    if piece.count > capacity - count { grow(toAtLeast: count + piece.count) }
    (base + count).update(from: source, count: piece.count)
    count += piece.count
  }

  mutating func append(_ piece: [UInt8]) {
    piece.withUnsafeBufferPointer { append($0) }
  }

  /// Starts over, keeping the buffer.
  mutating func removeAll() { count = 0 }

  private mutating func grow(toAtLeast needed: Int) {
    var newCapacity = capacity
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
