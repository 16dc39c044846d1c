// Comparing strings by their UTF-8 bytes, reached without copying: the contract compares keys
// and ids byte for byte (never by Swift's canonical equivalence), and the generic walk over a
// `String.UTF8View` was the loader's hottest function.

// Public, not `package`, though no product exports this target: this toolchain inlines an
// `@inlinable` declaration into another module only when it is public (an `@inlinable package`
// one stays a call), and these are called once per byte or per string of every vector file
// (a call each was 1.3x a 10,000-vector run). Nothing outside the package imports this target:
// `import ConformanceTesting` does not bring it into scope (Scripts/public-api.sh).

/// True when `a` and `b` hold the same UTF-8 bytes.
///
/// First whether the two strings are the same two words (the same small string, or one storage
/// and count, read with `unsafeBitCast`): the JSON parser hands out one `String` for text it met
/// before, so keys often are. Then the lengths, then the contiguous bytes in one index loop
/// (`elementsEqual` was only partly specialised and cost about 200 instructions per call for
/// five-byte keys).
@inlinable
public func sameUTF8(_ a: String, _ b: String) -> Bool {
  if unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) { return true }
  let count = a.utf8.count
  guard count == b.utf8.count else { return false }
  let contiguous = a.utf8.withContiguousStorageIfAvailable { left in
    b.utf8.withContiguousStorageIfAvailable { right in
      var index = 0
      while index < count {
        if left[index] != right[index] { return false }
        index += 1
      }
      return true
    }
  }
  if let contiguous, let result = contiguous { return result }
  return a.utf8.elementsEqual(b.utf8)
}

/// Runs `body` on the UTF-8 bytes of `text`: its own contiguous storage where it has one (every
/// native Swift string), a native copy's otherwise (see ``ByteView/withUTF8(of:_:)``, the same
/// as a view).
@inlinable @inline(__always)
public func withUTF8Bytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = text
  return copy.withUTF8(body)
}
