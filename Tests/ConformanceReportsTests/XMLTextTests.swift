import Testing

@testable import ConformanceReports

@Suite struct VisibleXMLTextTests {
  @Test(arguments: [
    ("\u{0}", "\\u0000"), ("\u{1}", "\\u0001"), ("\u{8}", "\\u0008"), ("\u{B}", "\\u000b"), ("\u{C}", "\\u000c"),
    ("\u{1B}", "\\u001b"), ("\u{1F}", "\\u001f"), ("\u{FFFE}", "\\ufffe"), ("\u{FFFF}", "\\uffff"),
  ])
  func forbiddenScalarBecomesAVisibleEscape(scalar: String, escape: String) {
    #expect(visibleXMLText(scalar).utf8.elementsEqual(escape.utf8))
    // In place, between neighbours: never dropped, never moved.
    #expect(visibleXMLText("a\(scalar)b").utf8.elementsEqual("a\(escape)b".utf8))
  }

  @Test(arguments: [
    "\t", "\n", "\r", " ", "\u{7F}", "\u{85}", "\u{D7FF}", "\u{E000}", String(Unicode.Scalar(0xFDD0)!), "\u{FFFD}",
    "\u{10000}",
    "\u{10FFFF}", "é", "e\u{301}", "]]>", "&amp;", "<a>", "\\u0001", "\"'",
  ])
  func allowedTextIsKeptByteForByte(text: String) {
    #expect(visibleXMLText(text).utf8.elementsEqual(text.utf8))
  }

  @Test func severalEscapesInOneString() {
    let text = "\u{0}x\u{1}\u{1}\ty\u{FFFE}\u{FFFF}\n"
    #expect(visibleXMLText(text).utf8.elementsEqual("\\u0000x\\u0001\\u0001\ty\\ufffe\\uffff\n".utf8))
  }

  /// The byte-level pre-check never lets a forbidden scalar through: every scalar of the Basic
  /// Multilingual Plane and a stride through the others, between neighbours.
  @Test func theByteLevelPreCheckMissesNoForbiddenScalar() {
    var wrong: [UInt32] = []
    for value in Array(UInt32(0)...0xFFFF) + Array(stride(from: UInt32(0x10000), through: 0x10FFFF, by: 0x101)) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "ab\(scalar)c"
      let expected = isForbiddenInXML(scalar) ? "ab\\u" + hexDigits(value, width: 4) + "c" : text
      if !visibleXMLText(text).utf8.elementsEqual(expected.utf8) { wrong.append(value) }
    }
    #expect(wrong == [])
  }

  /// Every scalar, against XML 1.0's `Char` production written out independently:
  /// `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`.
  @Test func forbiddenScalarsAreExactlyThoseOutsideXMLChar() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let isChar =
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
        || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
      if isForbiddenInXML(scalar) == isChar { mismatches.append(value) }
    }
    #expect(mismatches == [])
  }
}

@Suite struct JUnitFormatTests {
  @Test(arguments: [
    (UInt64(0), "0.000"), (499_999, "0.000"), (500_000, "0.001"), (1_000_000, "0.001"), (999_499_999, "0.999"),
    (999_500_000, "1.000"), (1_234_567_890, "1.235"), (60_000_000_000, "60.000"), (UInt64.max, "18446744073.710"),
  ])
  func secondsHaveExactlyThreeDecimals(nanoseconds: UInt64, text: String) {
    #expect(JUnitFormat.seconds(nanoseconds: nanoseconds) == text)
  }

  @Test(arguments: [
    ("0", UInt64(0)), ("0.000", 0), ("1.5", 1_500_000_000), ("12", 12_000_000_000), ("0.001", 1_000_000),
    ("0.0000000019", 1), ("18446744073.709551615", UInt64.max),
  ])
  func secondsReadBack(text: String, nanoseconds: UInt64) {
    #expect(JUnitFormat.nanoseconds(seconds: text) == nanoseconds)
  }

  @Test(arguments: ["", ".5", "5.", "-1", "+1", "1e3", "1,5", " 1", "1 ", "１", "18446744073.709551616", "99999999999"])
  func malformedSecondsAreRefused(text: String) {
    #expect(JUnitFormat.nanoseconds(seconds: text) == nil)
  }

  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (951_782_400, "2000-02-29T00:00:00Z"),
    (951_868_799, "2000-02-29T23:59:59Z"), (951_955_199, "2000-03-01T23:59:59Z"),
    (1_700_000_000, "2023-11-14T22:13:20Z"),
    (1_714_557_600, "2024-05-01T10:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
  ])
  func timestampIsISO8601InUTC(seconds: Int64, text: String) {
    #expect(JUnitTimestamp(secondsSinceEpoch: seconds).description == text)
  }

  @Test func hostnameIsNeverEmpty() {
    #expect(!JUnitHost.currentName().isEmpty)
  }
}
