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

  /// The pretty layout as it was first written: a container stays on one line when its whole
  /// compact form, rendered, fits. The serializer now decides by measuring at most a line of it.
  static func referencePretty(_ value: JSONValue, indent: Int = 0, width: Int = 100) -> String {
    func inline() -> String { JSONSerializer.compact.string(from: value) }
    let pad = String(repeating: " ", count: indent + 2)
    switch value {
    case .array(let elements) where !elements.isEmpty:
      if indent + inline().unicodeScalars.count <= width { return inline() }
      let lines = elements.map { pad + referencePretty($0, indent: indent + 2, width: width) }
      return "[\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    case .object(let object) where !object.isEmpty:
      if indent + inline().unicodeScalars.count <= width { return inline() }
      let lines = object.members.map {
        pad + JSONSerializer.compact.string(from: .string($0.key)) + ": "
          + referencePretty($0.value, indent: indent + 2, width: width)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
    default:
      return inline()
    }
  }

  @Test func prettyLayoutFitsLinesAsTheReferenceDoes() throws {
    // Widths around the limit, escapes (each several columns wide), non-ASCII scalars (one
    // column each, several bytes), astral scalars escaped as two units, deep nesting.
    var values: [JSONValue] = []
    for length in [80, 85, 88, 89, 90, 91, 92, 95, 96, 97, 98, 99, 100, 101] {
      values.append(["key": .string(String(repeating: "x", count: length))])
      values.append([.string(String(repeating: "日", count: length - 6)), 1])
      values.append(["k": .string(String(repeating: "\u{1}", count: length / 6) + "é")])
      values.append(["a": ["b": ["c": .string(String(repeating: "\"", count: length / 2))]]])
      values.append(["z": .string("\u{E000}\u{10FFFF}\u{200B}" + String(repeating: "y", count: length - 30)), "n": nil])
    }
    var deep: JSONValue = .string(String(repeating: "d", count: 40))
    for level in 0..<30 { deep = level % 2 == 0 ? [deep, .number(JSONNumber(level))] : ["level": deep, "t": true] }
    values.append(deep)
    values.append(
      try JSONParser().parse(
        #"{"input": {"payload": {"aps": {"alert": {"title": "こんにちは", "body": "\u0000\t\n"}}, "list": [[], {}, [1.50, -0, 1e40]]}}}"#
      ))
    for value in values {
      #expect(JSONSerializer.pretty.string(from: value) == Self.referencePretty(value))
      #expect(JSONSerializer.pretty.bytes(from: value) == Array(Self.referencePretty(value).utf8))
      #expect(try JSONParser().parse(JSONSerializer.pretty.bytes(from: value)) == value)
    }
  }
}
