// A stack in memory it manages itself (`UnsafeMutablePointer.allocate`, `moveInitialize`,
// `move`), for the JSON reader's members and elements under construction.

// Public, not `package`, though no product exports this target: this toolchain inlines an
// `@inlinable` declaration into another module only when it is public (an `@inlinable package`
// one stays a call), and these are called once per byte or per string of every vector file
// (a call each was 1.3x a 10,000-vector run). Nothing outside the package imports this target:
// `import ConformanceTesting` does not bring it into scope (Scripts/public-api.sh).

/// A stack of values in memory the reader manages itself. A finished container's values are
/// moved out into one array of exactly their number: one allocation and a memory copy, with no
/// retain or release per value (copying a slice of an `Array` did both and cost as much as the
/// repeated growth it replaced). The owner calls ``release()`` once, at the end.
public struct ScratchStack<Element> {
  @usableFromInline var storage: UnsafeMutablePointer<Element>
  @usableFromInline var capacity: Int
  /// The values on the stack (set only by this type's methods).
  public var count = 0

  public init() {
    capacity = 32
    storage = .allocate(capacity: capacity)
  }

  @inlinable
  public mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count += 1
  }

  @usableFromInline
  mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }

  /// The value at `index`, below ``count``.
  @inlinable
  public subscript(index: Int) -> Element { storage[index] }

  /// Moves the values from index `start` to the top into a new array.
  ///
  /// `reserveCapacity` and `append`, not `Array(unsafeUninitializedCapacity:)`: the latter is
  /// not specialised for the element type and looked up `_ContiguousArrayStorage<Element>`'s
  /// generic metadata in the runtime's locked cache for every array, about 7% of a run's
  /// instructions and a lock that the worker threads contended for.
  @inlinable
  public mutating func popArray(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    var array: [Element] = []
    array.reserveCapacity(moved)
    for offset in start..<count { array.append((storage + offset).move()) }
    count = start
    return array
  }

  /// Deinitializes what is left and frees the memory; the stack is unusable afterwards.
  public mutating func release() {
    storage.deinitialize(count: count)
    storage.deallocate()
    count = 0
    capacity = 0
  }
}
