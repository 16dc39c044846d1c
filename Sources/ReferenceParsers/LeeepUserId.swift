import ConformanceJSON
import ConformanceKit

/// `leeep.user-id`: the external member ID given to `Leeep.setUserId` and
/// `LeeepPushClient.identify` (docs/suites/leeep.user-id.md, LEEEP iOS SDK reference, Push: "userId はUTF-8で1〜255バイト、空白だけの値は
/// 不可です。SDKは受け取った文字列の前後空白除去やUnicode正規化を行いません").
extension LeeepUserId: ReferenceSuite {
  public func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome {
    // 1–3. A string of 1 to 255 UTF-8 bytes.
    guard case .string(let text) = input else { return .reject("not_a_string") }
    let byteCount = text.utf8.count
    if byteCount == 0 { return .reject("empty") }
    if byteCount > 255 { return .reject("too_long") }
    // 4. Not blank: White_Space is the Unicode property (U+200B and U+FEFF do not have it).
    if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return .reject("whitespace_only") }
    // Unchanged, byte for byte: no trimming, no normalisation.
    return .accept(output: .string(text))
  }
}
