import ConformanceJSON
import Testing

@Suite struct JSONSerializerTests {
  func compact(_ value: JSONValue) -> String { JSONSerializer.compact.string(from: value) }

  @Test func invisibleScalarsAreEscaped() {
    #expect(compact("a\u{0}\u{1F}\u{7F}\u{200B}\u{FEFF}\u{FFFE}") == #""a\u0000\u001f\u007f\u200b\ufeff\ufffe""#)
    #expect(compact("e\u{301}") == #""e\u0301""#)
    #expect(compact("\u{3000}x\u{A0}") == #""\u3000x\u00a0""#)
  }

  @Test func visibleScalarsStayReadable() {
    #expect(compact("é日本😀") == "\"é日本😀\"")
    #expect(compact("\"\\/\n\t") == #""\"\\/\n\t""#)
  }

  @Test func membersKeepTheirOrderAndNumbersTheirLiteral() throws {
    let value = try JSONParser().parse(#"{"b": 1.0, "a": [1e2]}"#)
    #expect(compact(value) == #"{"b": 1.0, "a": [1e2]}"#)
  }

  @Test func prettyLayoutInlinesShortContainers() {
    let value: JSONValue = ["a": [1, 2], "b": .string(String(repeating: "x", count: 120))]
    #expect(
      JSONSerializer.pretty.string(from: value) == """
        {
          "a": [1, 2],
          "b": "\(String(repeating: "x", count: 120))"
        }
        """)
  }

  @Test func roundTripsThroughTheParser() throws {
    let value: JSONValue = ["s": "\u{1}\u{10FFFF}\u{E000}", "n": nil, "t": [true, false]]
    #expect(try JSONParser().parse(compact(value)) == value)
  }
}
