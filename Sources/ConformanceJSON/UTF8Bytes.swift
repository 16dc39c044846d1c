/// Runs `body` on the UTF-8 bytes of `text`: its own contiguous storage where it has one (every
/// native Swift string), a native copy's otherwise. Checks that walk a `String.UTF8View`
/// generically cost hundreds of instructions a string, and reaching the bytes through a copy
/// first (`var copy = text; copy.withUTF8`) a retain and a release each time.
@inlinable @inline(__always)
public func withUTF8Bytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = text
  return copy.withUTF8(body)
}
