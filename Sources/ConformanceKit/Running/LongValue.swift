/// A long value shown for a person: its length, where it first differs from the value it is
/// compared with, and a window of text around that place, rather than a kilobyte of one
/// 4,096-character token before the line that says what differs.
///
/// Positions and lengths count Unicode scalars (characters, for the text vectors hold), from 1,
/// so the window never splits a character and the number matches what an editor's column shows
/// for text without combining marks.
public enum LongValue {
  /// Texts of at most this many characters are shown whole.
  public static let limit = 160
  /// Characters shown before the first difference; as many again, and a little more, after it.
  public static let context = 32

  /// The 0-based scalar offset at which `a` and `b` first differ (the shorter one's length when
  /// it is a prefix of the other); `nil` when they are equal.
  public static func firstDifference(_ a: String, _ b: String) -> Int? {
    var left = a.unicodeScalars.makeIterator()
    var right = b.unicodeScalars.makeIterator()
    var offset = 0
    while true {
      let x = left.next()
      let y = right.next()
      if x == nil && y == nil { return nil }
      if x != y { return offset }
      offset += 1
    }
  }

  /// Whether `text` is longer than ``limit`` characters.
  public static func isLong(_ text: String) -> Bool {
    var count = 0
    for _ in text.unicodeScalars {
      count += 1
      if count > limit { return true }
    }
    return false
  }

  /// `text` whole when it is short; otherwise its length and a window: around `difference` (a
  /// 0-based scalar offset) when given, else its beginning:
  ///
  ///     4,133 characters, first difference at 2,076: …0cAbCdEfGhIjKlMnOpQr_-0cAbCdEfGhIjKlMn…
  ///     4,098 characters: "cAbCdEfGhIjKlMnOpQr_-0cAbCdEfGhIjKlMnOpQr_-0cAbCdEfGhIjKlMnOpQr_-0cA…
  public static func shown(_ text: String, differingAt difference: Int? = nil) -> String {
    guard isLong(text) else { return text }
    let scalars = Array(text.unicodeScalars)
    let length = scalars.count
    guard let difference else {
      return "\(grouped(length)) characters: " + string(scalars[0..<2 * context]) + "…"
    }
    return "\(grouped(length)) characters, first difference at \(grouped(difference + 1)): "
      + window(scalars, at: difference)
  }

  /// The text around `difference` (a 0-based scalar offset): ``context`` characters before it,
  /// twice as many from it, with `…` where the text goes on; a short text whole.
  public static func window(_ text: String, at difference: Int) -> String {
    guard isLong(text) else { return text }
    return window(Array(text.unicodeScalars), at: difference)
  }

  private static func window(_ scalars: [Unicode.Scalar], at difference: Int) -> String {
    let start = min(max(0, difference - context), scalars.count)
    let end = min(scalars.count, max(start, difference + 2 * context))
    return (start > 0 ? "…" : "") + string(scalars[start..<end]) + (end < scalars.count ? "…" : "")
  }

  /// The number of characters (Unicode scalars) of `text`.
  public static func length(_ text: String) -> Int { text.unicodeScalars.count }

  /// Two texts compared, each as ``shown(_:differingAt:)`` puts it, at their first difference.
  public static func pair(_ expected: String, _ actual: String) -> (expected: String, actual: String) {
    let difference = firstDifference(expected, actual)
    return (shown(expected, differingAt: difference), shown(actual, differingAt: difference))
  }

  /// `4,096`.
  public static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }

  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
