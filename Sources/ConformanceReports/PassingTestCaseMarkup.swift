import ConformanceJSON
import ConformanceLowLevel

/// The markup libxml2 writes for one file's passing `<testcase>` (one without child elements),
/// rendered once per file and cut around the two values that change from test to test, the
/// `name` (the test's id) and the `time`.
///
/// A passing testcase took about 7,000 instructions through `xmlTextWriter` (an element start,
/// four attributes of three calls each, an element end), most of a 10,000-vector run's report
/// (docs/benchmarks.md). Its markup is the same for every test of a file: libxml2 renders it
/// once, with the file's own `classname` and `file` (escaped by libxml2 as always) and empty
/// `name` and `time`, and each passing test is that markup with its id and time put in, the
/// bytes going to libxml2's writer with `xmlTextWriterWriteRawLen` like a spliced fragment.
///
/// Only values that libxml2's attribute escaping leaves unchanged are put in this way
/// (``isVerbatimInAttribute(_:)``: printable ASCII without `<`, `>`, `&`, `"`; a time always
/// is), so the bytes are exactly those `xmlTextWriter` would write; any other testcase is
/// written through `xmlTextWriter` call by call. Tests compare both ways byte for byte.
struct PassingTestCaseMarkup {
  /// `  <testcase classname="SUITE" name="`.
  private let head: [UInt8]
  /// `" file="FILE" time="` (`" time="` without `file`).
  private let middle: [UInt8]
  /// `"/>` and the line break.
  private let tail: [UInt8]

  /// Renders the markup through libxml2 at a testcase's depth (inside a `<testsuite>`, after
  /// its first child); `nil` if libxml2 fails or gives a shape this type does not know, and the
  /// caller then writes every testcase through `xmlTextWriter`.
  init?(classname: VisibleXMLText, file: VisibleXMLText?) {
    let empty = VisibleXMLText("")
    let rendered: [UInt8]
    do {
      let writer = try XMLWriter.fragment()
      try writer.startElement("testsuite")
      try writer.startElement("properties")
      try writer.endElement()
      try JUnitReportWriter.writeTestCaseStart(writer, classname: classname, name: empty, file: file, time: empty)
      try writer.endElement()
      try writer.endElement()
      rendered = try writer.finishFragment().bytes
    } catch {
      return nil
    }
    // `<testsuite>\n  <properties/>\n` + the testcase + `</testsuite>\n`.
    let opening = Array("<testsuite>\n  <properties/>\n".utf8)
    let closing = Array("</testsuite>\n".utf8)
    guard rendered.count > opening.count + closing.count, rendered.starts(with: opening),
      rendered.suffix(closing.count).elementsEqual(closing)
    else { return nil }
    let testcase = Array(rendered[opening.count..<(rendered.count - closing.count)])
    // Escaped values hold no raw `"`, so each empty value is the only `NAME=""` of the markup.
    guard let name = Self.end(of: Array(" name=\"".utf8), followedByQuoteIn: testcase),
      let time = Self.end(of: Array(" time=\"".utf8), followedByQuoteIn: testcase), name < time
    else { return nil }
    head = Array(testcase[..<name])
    middle = Array(testcase[name..<time])
    tail = Array(testcase[time...])
  }

  /// Where the value of the attribute that `opening` starts begins, when that value is empty.
  private static func end(of opening: [UInt8], followedByQuoteIn bytes: [UInt8]) -> Int? {
    var start = 0
    while start + opening.count < bytes.count {
      if bytes[start..<(start + opening.count)].elementsEqual(opening)
        && bytes[start + opening.count] == UInt8(ascii: "\"")
      {
        return start + opening.count
      }
      start += 1
    }
    return nil
  }

  /// The bytes of a testcase besides its id and time.
  var fixedByteCount: Int { head.count + middle.count + tail.count }

  /// Appends the testcase of a passing test with this id and time to `bytes`; `false` (nothing
  /// appended) when the id is not written unchanged by libxml2's escaping.
  func append(id: String, nanoseconds: UInt64, to bytes: inout ByteAppender) -> Bool {
    let appended = withUTF8Bytes(of: id) { utf8 -> Bool in
      guard isVerbatimInAttribute(utf8) else { return false }
      bytes.append(head)
      bytes.append(utf8)
      return true
    }
    guard appended else { return false }
    bytes.append(middle)
    JUnitFormat.appendSeconds(nanoseconds: nanoseconds, to: &bytes)
    bytes.append(tail)
    return true
  }
}
