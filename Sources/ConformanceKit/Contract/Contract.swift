import ConformanceLowLevel

/// Constants the contract (docs/vector-format.md and docs/suites) fixes for every vector file.
public enum Contract {
  /// The value of a vector file's `format` key.
  public static let format = "conformance-vectors/1"

  /// The suites' names, in the contract's order: the names of ``suiteTypes``.
  public static let suites: [String] = suiteTypes.map { $0.name }

  /// Tags with a meaning the contract defines; other tags are allowed and shown as they are.
  public static let standardTags: [String] = [
    "valid", "invalid", "foreign-scope", "legacy-schema", "boundary", "unicode", "cross-sdk",
    "integration-mistake", "security", "vendor-divergence", "explored",
  ]

  /// `^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`, checked on the id's UTF-8 bytes (a trailing newline
  /// never matches).
  public static func isValidTestID(_ id: String) -> Bool {
    // An index loop over the id's own bytes: a `for` loop over `id.utf8` cost about fifty
    // instructions a byte, and every test's id comes here.
    ByteView.withUTF8(of: id) { bytes in
      guard bytes.count <= 128, bytes.count > 0, isASCIIAlphanumeric(bytes[0]) else { return false }
      var index = 1
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
          index += 1
        default:
          return false
        }
      }
      return true
    }
  }

  /// `[A-Za-z0-9]`: the first byte of a test id, and the letters and digits of the contract's other
  /// identifiers (the reference parsers' ``TextRules`` use it too). Inlinable: called once a
  /// byte from other modules, a call each cost more than the comparisons.
  @inlinable
  package static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }
}
