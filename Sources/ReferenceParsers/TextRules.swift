import ConformanceJSON
import ConformanceKit

/// The contract's string rules, checked on UTF-8 bytes: whole-string matches (a trailing newline
/// never matches), ASCII digits only, no conversion to integers, no trimming or normalisation.
///
/// The hot rules read the bytes through `text.utf8.span` (safe, bounds-checked) rather than
/// iterating `text.utf8`, whose iterator costs about forty instructions a byte.
public enum TextRules {
  /// Numeric ID, `^[1-9][0-9]{0,18}$`: `9999999999999999999` is valid though it exceeds Int64.
  public static func isNumericID(_ text: String) -> Bool {
    let bytes = text.utf8.span
    guard !bytes.isEmpty, bytes.count <= 19, bytes[0] >= 0x31, bytes[0] <= 0x39 else { return false }
    for index in bytes.indices where !isASCIIDigit(bytes[index]) { return false }
    return true
  }

  /// Opaque ID, `^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`.
  public static func isOpaqueID(_ text: String) -> Bool {
    let bytes = text.utf8.span
    guard !bytes.isEmpty, bytes.count <= 128, Contract.isASCIIAlphanumeric(bytes[0]) else { return false }
    for index in 1..<bytes.count {
      let byte = bytes[index]
      guard
        Contract.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
      else { return false }
    }
    return true
  }

  /// Canonical UUID, `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`, lowercase only.
  public static func isCanonicalUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      switch index {
      case 8, 13, 18, 23: if byte != UInt8(ascii: "-") { return false }
      default: if !isLowercaseHex(byte) { return false }
      }
    }
    return true
  }

  /// Firebase Installation ID, `^[cdef][A-Za-z0-9_-]{21}$`.
  public static func isFID(_ text: String) -> Bool {
    let bytes = text.utf8.span
    guard bytes.count == 22, bytes[0] >= UInt8(ascii: "c"), bytes[0] <= UInt8(ascii: "f") else { return false }
    for index in bytes.indices where !isBase64URLByte(bytes[index]) { return false }
    return true
  }

  /// Length in Unicode scalars (not grapheme clusters, not UTF-16 units).
  public static func scalarCount(_ text: String) -> Int {
    text.unicodeScalars.count
  }

  public static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// `[A-Za-z0-9_-]`, the base64url alphabet (RFC 4648, section 5): installation ids after
  /// their first byte, ticket names.
  public static func isBase64URLByte(_ byte: UInt8) -> Bool {
    Contract.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  public static func isLowercaseHex(_ byte: UInt8) -> Bool {
    isASCIIDigit(byte) || (byte >= 0x61 && byte <= 0x66)
  }

  /// Byte-for-byte equality: Swift's `==` on `String` would equate NFC and NFD spellings.
  public static func identical(_ a: String, _ b: String) -> Bool {
    utf8Equal(a, b)
  }
}
