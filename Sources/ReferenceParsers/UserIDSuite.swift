import ConformanceJSON
import ConformanceKit

/// `leeep.user-id`: the external member ID given to `Leeep.setUserId` and
/// `LeeepPushClient.identify` (docs/suites/leeep.user-id.md, LEEEP iOS SDK reference, Push: "userId はUTF-8で1〜255バイト、空白だけの値は
/// 不可です。SDKは受け取った文字列の前後空白除去やUnicode正規化を行いません").
public struct UserIDSuite: ReferenceSuite {
  public let name = "leeep.user-id"

  public init() {}

  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    guard case .string(let text) = input else { return .reject("not_a_string") }
    let byteCount = text.utf8.count
    if byteCount == 0 { return .reject("empty") }
    if byteCount > 255 { return .reject("too_long") }
    // White_Space is the Unicode property; U+200B and U+FEFF do not have it. A first byte that
    // is ASCII other than U+0009–U+000D and U+0020 is a scalar without it: the property lookup
    // (a few hundred instructions) is left for the rest.
    if !Self.startsWithASCIINonWhitespace(text), text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
      return .reject("whitespace_only")
    }
    // Unchanged, byte for byte: no trimming, no normalisation.
    return .accept(output: .string(text))
  }

  /// Whether the first byte of `text` is an ASCII character that is not White_Space.
  static func startsWithASCIINonWhitespace(_ text: String) -> Bool {
    guard let first = text.utf8.first, first < 0x80 else { return false }
    return first != 0x20 && !(0x09...0x0D).contains(first)
  }
}
