/// A Firebase Installation ID as the SDK accepts it for push delivery: `[cdef]` then 21 of
/// `[A-Za-z0-9_-]`, the whole string, ASCII only (docs/suites/leeep.fid.md in the conformance
/// repository). FCM registration tokens and APNs tokens are not FIDs.
public struct InstallationID: Sendable, Hashable {
  public let rawValue: String

  public struct Invalid: Error, Equatable {}

  public init(_ rawValue: String) throws(Invalid) {
    // On the UTF-8 bytes: Character and String comparisons would see a trailing "\r\n" as one
    // character and equate canonically equivalent spellings.
    let bytes = Array(rawValue.utf8)
    guard bytes.count == 22, (UInt8(ascii: "c")...UInt8(ascii: "f")).contains(bytes[0]),
      bytes.dropFirst().allSatisfy(Self.isTailByte)
    else { throw Invalid() }
    self.rawValue = rawValue
  }

  private static func isTailByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
