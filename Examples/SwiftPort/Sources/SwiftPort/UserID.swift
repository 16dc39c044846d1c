#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The external member ID given to `setUserId`: 1–255 UTF-8 bytes, not only white space, kept
/// byte for byte (docs/suites/leeep.user-id.md in the conformance repository).
public struct UserID: Sendable {
  public let rawValue: String

  public enum Invalid: Error, Equatable {
    case empty
    case tooLong
    case whitespaceOnly
  }

  public init(_ rawValue: String) throws(Invalid) {
    let length = Self.characterCountBug ? rawValue.count : rawValue.utf8.count
    if length == 0 { throw .empty }
    if length > 255 { throw .tooLong }
    // The Unicode White_Space property, scalar by scalar; U+200B and U+FEFF do not have it.
    if rawValue.unicodeScalars.allSatisfy(\.properties.isWhitespace) { throw .whitespaceOnly }
    self.rawValue = rawValue  // no trimming, no normalisation
  }

  /// The bug the conformance repository's CI plants (`SWIFTPORT_BUG=character-count swift test`)
  /// to show that the vectors catch it: the length counted in Characters (grapheme clusters),
  /// the natural Swift mistake, instead of UTF-8 bytes.
  static var characterCountBug: Bool {
    guard let value = getenv("SWIFTPORT_BUG") else { return false }
    return String(cString: value) == "character-count"
  }
}
