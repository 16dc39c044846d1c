import ConformanceJSON
import ConformanceKit

/// The contract's string rules, checked on UTF-8 bytes: whole-string matches (a trailing newline
/// never matches), ASCII digits only, no conversion to integers, no trimming or normalisation.
public enum TextRules {
  /// Numeric ID, `^[1-9][0-9]{0,18}$`: `9999999999999999999` is valid though it exceeds Int64.
  public static func isNumericID(_ text: String) -> Bool {
    let bytes = text.utf8
    guard let first = bytes.first, bytes.count <= 19, first >= 0x31, first <= 0x39 else {
      return false
    }
    return allBytes(of: text, satisfy: isASCIIDigit)
  }

  /// Opaque ID, `^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`.
  public static func isOpaqueID(_ text: String) -> Bool {
    let bytes = text.utf8
    guard let first = bytes.first, bytes.count <= 128, Contract.isASCIIAlphanumeric(first) else {
      return false
    }
    return allBytes(of: text, from: 1) {
      Contract.isASCIIAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
        || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "-")
    }
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
    let bytes = text.utf8
    guard bytes.count == 22, let first = bytes.first, first >= UInt8(ascii: "c"), first <= UInt8(ascii: "f") else {
      return false
    }
    return allBytes(of: text, satisfy: isBase64URLByte)
  }

  /// Whether every UTF-8 byte of `text` from the `start`th on satisfies `rule`. Through
  /// `text.utf8.span` where the standard library has it (an iterator over `text.utf8` costs about
  /// forty instructions a byte, a span's index loop a few); through the UTF-8 view before
  /// macOS and iOS 26.
  static func allBytes(of text: String, from start: Int = 0, satisfy rule: (UInt8) -> Bool) -> Bool {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
      return text.utf8.dropFirst(start).allSatisfy(rule)
    }
    let bytes = text.utf8.span
    var index = start
    while index < bytes.count {
      if !rule(bytes[index]) { return false }
      index += 1
    }
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
