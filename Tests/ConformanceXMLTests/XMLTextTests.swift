import Testing

@testable import ConformanceXML

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

@Suite struct VerbatimAttributeTests {
  /// The bytes libxml2's attribute escaping leaves as they are: printable ASCII but `<`, `>`,
  /// `&` and `"` (it rewrites those, TAB, LF, CR and every non-ASCII scalar). A value of them
  /// skips the escaping; one byte otherwise anywhere in the value sends it all through it.
  @Test func onlyPrintableASCIIWithoutMarkupIsVerbatim() {
    var wrong: [UInt32] = []
    for value in UInt32(0)...0xFF {
      let scalar = Unicode.Scalar(value)!
      let expected = value >= 0x20 && value <= 0x7E && !"<>&\"".unicodeScalars.contains(scalar)
      if isVerbatimInAttribute("id-\(scalar)-x") != expected { wrong.append(value) }
    }
    #expect(wrong == [])
    // The check reads eight bytes at a time: each byte at each place of two words and a tail,
    // beside neighbours a borrow could mark (0x01 below, 0x7F above).
    var misplaced: [String] = []
    for value in UInt32(0)...0xFF {
      let scalar = Unicode.Scalar(value)!
      let expected = value >= 0x20 && value <= 0x7E && !"<>&\"".unicodeScalars.contains(scalar)
      for place in 0..<17 {
        let text = String(repeating: "a", count: place) + String(scalar) + String(repeating: "~", count: 16 - place)
        if isVerbatimInAttribute(text) != expected { misplaced.append("\(value)@\(place)") }
      }
    }
    #expect(misplaced == [])
    #expect(isVerbatimInAttribute(""))
    #expect(isVerbatimInAttribute("valid.f00000-000"))
    #expect(!isVerbatimInAttribute("é"))
    #expect(VisibleXMLText("a\u{1}b").text == "a\\u0001b")
  }
}

@Suite struct AttributeEscapingTests {
  /// An attribute value goes through libxml2's attribute escaping whatever it holds: `<`, `>`,
  /// `&` and `"` as entities, TAB, LF and CR as character references (attribute normalisation
  /// would turn them into spaces), other ASCII as it is, a non-ASCII scalar as a character
  /// reference, and a scalar XML forbids as its visible `\uXXXX` first.
  @Test func everyASCIIByteAndANonASCIIScalarAreWrittenEscaped() throws {
    var wrong: [String] = []
    for value in UInt32(0)...0x7F {
      let scalar = Unicode.Scalar(value)!
      let expected: String
      switch scalar {
      case "<": expected = "&lt;"
      case ">": expected = "&gt;"
      case "&": expected = "&amp;"
      case "\"": expected = "&quot;"
      case "\t", "\n", "\r": expected = "&#\(value);"
      case _ where value < 0x20: expected = "\\u" + hexDigits(value, width: 4)
      default: expected = String(scalar)
      }
      let written = try attributeMarkup("id-\(scalar)-x")
      if written != "<a v=\"id-\(expected)-x\"/>" { wrong.append(written) }
    }
    #expect(wrong == [])
    #expect(try attributeMarkup("é") == "<a v=\"&#xE9;\"/>")
    #expect(try attributeMarkup("") == "<a v=\"\"/>")
    #expect(try attributeMarkup("valid.f00000-000") == "<a v=\"valid.f00000-000\"/>")
  }

  /// `<a v="VALUE"/>` as a fragment writer writes it, without the line break after it.
  private func attributeMarkup(_ value: String) throws -> String {
    let writer = try XMLWriter.fragment()
    try writer.startElement("a")
    try writer.attribute("v", VisibleXMLText(value))
    try writer.endElement()
    let bytes = try writer.finishFragment().bytes
    return String(decoding: bytes.last == 0x0A ? bytes.dropLast() : bytes[...], as: UTF8.self)
  }
}
