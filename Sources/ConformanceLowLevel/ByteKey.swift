// Hashing a byte array as one block (`Hasher.combine(bytes:)` over its storage, reached with
// `withUnsafeBytes`) rather than a byte at a time, for dictionaries keyed by bytes.

/// Bytes as a dictionary key, compared byte for byte and hashed in one call (an `[UInt8]` key is
/// hashed a byte at a time, which was a large part of reading 20,000 entries).
package struct ByteKey: Hashable, Sendable {
  package let bytes: [UInt8]

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  package func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
