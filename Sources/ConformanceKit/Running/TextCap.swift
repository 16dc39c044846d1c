/// Limits on how much of one value a report or the console shows, so that a huge vector value
/// (a 5 MB description or expected output) cannot make a report its readers refuse: libxml2,
/// and so lxml and junitparser, stop at a 10 MB text node unless told otherwise; GitHub
/// annotations stop at 64 KiB. A cut value ends with a visible `… N more bytes` marker. The JSON
/// report keeps every value whole (docs/reports.md).
public enum TextCap {
  /// One value (expected, actual, input, description, difference) on the console.
  public static let console = 1_024
  /// A JUnit `message` attribute (the first difference, an error, a skip reason).
  public static let message = 4_096
  /// One value quoted in the text of a JUnit `<failure>`, `<error>` or a property value.
  public static let quotedValue = 60_000

  /// `text` cut to at most `limit` UTF-8 bytes, at a scalar boundary, followed by
  /// `… N more bytes` (N the bytes left out) when anything was cut.
  public static func cut(_ text: String, limit: Int) -> String {
    let total = text.utf8.count
    guard total > limit else { return text }
    var kept = 0
    var end = text.unicodeScalars.startIndex
    for index in text.unicodeScalars.indices {
      let size = UTF8.width(text.unicodeScalars[index])
      if kept + size > limit { break }
      kept += size
      end = text.unicodeScalars.index(after: index)
    }
    return String(text.unicodeScalars[..<end]) + "… \(total - kept) more bytes"
  }
}

/// Picks at most `limit` items spread over their groups: the first item of every group in order,
/// then the second of every group, and so on; groups in the order they first appear. So a capped
/// list of failures shows every failing suite, not the first `limit` failures of one.
public func roundRobin<Item>(_ items: [Item], limit: Int, group: (Item) -> String) -> [Item] {
  var order: [String] = []
  var byGroup: [String: [Item]] = [:]
  for item in items {
    let key = group(item)
    if byGroup[key] == nil { order.append(key) }
    byGroup[key, default: []].append(item)
  }
  var picked: [Item] = []
  var round = 0
  while picked.count < limit {
    var any = false
    for key in order {
      let list = byGroup[key]!
      guard round < list.count else { continue }
      any = true
      picked.append(list[round])
      if picked.count == limit { break }
    }
    if !any { break }
    round += 1
  }
  return picked
}
