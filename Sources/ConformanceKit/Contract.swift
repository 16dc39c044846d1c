/// Constants the contract (docs/vector-format.md and docs/suites) fixes for every vector file.
public enum Contract {
  /// The value of a vector file's `format` key.
  public static let format = "conformance-vectors/1"

  /// The suites, in the contract's order.
  public static let suites: [String] = [
    "leeep.push.payload",
    "leeep.fid",
    "leeep.push.destination",
    "leeep.user-id",
    "leeep.blog-match",
    "leeep.link",
    "respondo.push.payload",
    "respondo.deep-link",
    "respondo.push.token",
    "adapty.onboarding.event",
    "fanship.sequence",
    "leeep.push.client",
    "respondo.push.session",
    "leeep.tracking",
    "leeep.tag-view",
    "adapty.presentation",
    "leeep.scroll-request",
  ]

  /// Tags with a meaning the contract defines; other tags are allowed and shown as they are.
  public static let standardTags: [String] = [
    "valid", "invalid", "foreign-scope", "legacy-schema", "boundary", "unicode", "cross-sdk",
    "integration-mistake", "security", "vendor-divergence",
  ]

  /// `^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`, checked on bytes (a trailing newline never matches).
  public static func isValidTestID(_ id: String) -> Bool {
    // On the contiguous bytes: the generic walk over a `UTF8View` cost about a thousand
    // instructions per id, and every test's id is checked.
    if let valid = id.utf8.withContiguousStorageIfAvailable(isValidTestID) { return valid }
    return Array(id.utf8).withUnsafeBufferPointer(isValidTestID)
  }

  static func isValidTestID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, bytes.count <= 128, isASCIIAlphanumeric(first) else {
      return false
    }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      guard
        isASCIIAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: "-")
      else { return false }
      index += 1
    }
    return true
  }

  static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }
}
