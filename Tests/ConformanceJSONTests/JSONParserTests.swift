import ConformanceJSON
import Testing

@Suite struct JSONParserTests {
  let parser = JSONParser()

  func failure(_ text: String) -> String {
    failure(Array(text.utf8))
  }

  func failure(_ bytes: [UInt8]) -> String {
    do {
      _ = try parser.parse(bytes)
      return "parsed"
    } catch {
      return error.description
    }
  }

  @Test func parsesEveryValueKind() throws {
    let value = try parser.parse(#"{"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}}"#)
    let expected: JSONValue = [
      "a": [1, .number(JSONNumber(literal: "-2.5e3")!), true, false, nil, "x\né😀"], "b": [:],
    ]
    #expect(value == expected)
  }

  @Test func duplicateKeyIsAnErrorWithItsPlace() {
    #expect(failure("{\n  \"id\": 1,\n  \"id\": 2\n}") == #"line 3, column 3: duplicate key "id""#)
  }

  @Test func duplicateKeysInLargeObjectsAreFound() {
    let members = (0..<40).map { "\"k\($0)\": 0" }.joined(separator: ",")
    #expect(failure("{\(members), \"k7\": 1}").hasSuffix(#"duplicate key "k7""#))
  }

  @Test func keysDifferingOnlyInNormalisationAreDistinct() throws {
    // NFC "é" and NFD "e\u0301" are different keys: Swift's String equality must not merge them.
    let value = try parser.parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
    #expect(value.objectValue?.count == 2)
    #expect(value.objectValue?["e\u{301}"] == 2)
  }

  @Test func byteOrderMarkIsRejected() {
    #expect(
      failure([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        == "line 1, column 1: a byte order mark (U+FEFF) is not allowed at the start of a vector file")
  }

  @Test func loneSurrogatesAreRejected() {
    #expect(failure(#"["\ud800"]"#) == #"line 1, column 3: lone surrogate escape \uD800 is not a Unicode scalar"#)
    #expect(failure(#"["\udc00x"]"#) == #"line 1, column 3: lone surrogate escape \uDC00 is not a Unicode scalar"#)
    #expect(failure(#"["\ud800\u0041"]"#) == #"line 1, column 3: lone surrogate escape \uD800 is not a Unicode scalar"#)
  }

  @Test func invalidUTF8IsRejected() {
    #expect(failure([0x22, 0x61, 0xC3, 0x28, 0x22]) == "line 1, column 3: invalid UTF-8 byte 0xC3")
    #expect(failure([0x22, 0xED, 0xA0, 0x80, 0x22]) == "line 1, column 2: invalid UTF-8 byte 0xED")
    // Overlong encoding of "/".
    #expect(failure([0x22, 0xC0, 0xAF, 0x22]) == "line 1, column 2: invalid UTF-8 byte 0xC0")
  }

  @Test func rawControlCharactersAreRejected() {
    #expect(
      failure("\"a\u{1}b\"") == #"line 1, column 3: raw control character U+0001 in a string (escape it as \u0001)"#)
  }

  /// Strings are scanned eight bytes at a time where they are plain ASCII: whatever stops the
  /// scan (a quote, an escape, a control character, a non-ASCII byte, the end of input) must
  /// be found at every offset within a word, with the same result as byte by byte.
  @Test(arguments: 0..<19)
  func everyOffsetInAStringWordIsSeen(length: Int) throws {
    let run = String(repeating: "a", count: length)
    #expect(try parser.parse("\"\(run)\"") == .string(run))
    #expect(try parser.parse("[\"\(run)\\n\(run)\"]") == .array([.string(run + "\n" + run)]))
    #expect(try parser.parse("\"\(run)é\(run)\"") == .string(run + "é" + run))
    #expect(try parser.parse("\"\(run)\u{7F}\"") == .string(run + "\u{7F}"))
    #expect(
      failure("\"\(run)\u{1F}\(run)\"")
        == "line 1, column \(length + 2): raw control character U+001F in a string (escape it as \\u001F)")
    #expect(
      failure([0x22] + Array(run.utf8) + [0xC0, 0xAF, 0x22]) == "line 1, column \(length + 2): invalid UTF-8 byte 0xC0")
    #expect(failure("\"\(run)") == "line 1, column 1: unterminated string")
    #expect(
      try parser.parse("\(String(repeating: " ", count: length))[\n\(String(repeating: " ", count: length))1]")
        == .array([.number(JSONNumber(uncheckedLiteral: "1"))]))
  }

  /// Bytes from 0x80 up do not stop the eight-byte scan (Japanese text is mostly such bytes):
  /// after a run of them of any length, what does stop it is still found at its place, and
  /// invalid UTF-8 anywhere in the run is still an error at its first bad byte.
  @Test(arguments: 0..<19)
  func everyOffsetAfterNonASCIIIsSeen(length: Int) throws {
    // One to three UTF-8 bytes a character, so runs end at every offset within a word.
    let run = String(String(repeating: "あéa", count: length).prefix(length))
    let columns = run.unicodeScalars.count
    #expect(try parser.parse("\"\(run)\"") == .string(run))
    #expect(try parser.parse("\"\(run)\\\"\(run)\"") == .string(run + "\"" + run))
    #expect(try parser.parse("[\"\(run)\", \"\(run)x\"]") == .array([.string(run), .string(run + "x")]))
    #expect(
      failure("\"\(run)\u{1}\(run)\"")
        == "line 1, column \(columns + 2): raw control character U+0001 in a string (escape it as \\u0001)")
    #expect(
      failure([0x22] + Array(run.utf8) + [0xFF] + Array(run.utf8) + [0x22])
        == "line 1, column \(columns + 2): invalid UTF-8 byte 0xFF")
    // A lead byte cut short by the closing quote, and a continuation byte on its own.
    #expect(
      failure([0x22] + Array(run.utf8) + [0xE3, 0x81, 0x22]) == "line 1, column \(columns + 2): invalid UTF-8 byte 0xE3"
    )
    #expect(
      failure([0x22] + Array(run.utf8) + [0x81] + Array("aaaaaaaaaa".utf8) + [0x22])
        == "line 1, column \(columns + 2): invalid UTF-8 byte 0x81")
    #expect(failure("\"\(run)") == "line 1, column 1: unterminated string")
  }

  /// Indentation is skipped eight bytes at a time: runs of the four whitespace bytes of every
  /// length and mix end exactly where they end, and a byte next to them in value (a vertical
  /// tab, `!`, U+0080) is never taken for whitespace.
  @Test(arguments: 0..<19)
  func whitespaceRunsOfEveryLengthEndAtTheirEnd(length: Int) throws {
    let blanks: [UInt8] = [0x20, 0x0A, 0x20, 0x09, 0x20, 0x0D]
    let run = (0..<length).map { blanks[$0 % blanks.count] }
    let lines = run.filter { $0 == 0x0A }.count
    // Within a line, a column is a byte here (the run and the brackets are ASCII).
    let lastLine = run.lastIndex(of: 0x0A).map { length - $0 - 1 } ?? length + 1
    #expect(
      try parser.parse([0x5B] + run + [0x31] + run + [0x5D]) == .array([.number(JSONNumber(uncheckedLiteral: "1"))]))
    for (byte, shown) in [(UInt8(0x0B), "byte 0xB"), (0x21, "character '!'"), (0x80, "byte 0x80")] {
      #expect(
        failure([0x5B] + run + [byte, 0x31, 0x5D])
          == "line \(lines + 1), column \(lastLine + 1): unexpected \(shown), expected a value")
    }
  }

  @Test func grammarErrorsNameThePlace() {
    #expect(failure("[1, 2,]") == "line 1, column 6: trailing comma before ']' (JSON allows none)")
    #expect(failure("{\"a\": 1,\n}") == "line 1, column 8: trailing comma before '}' (JSON allows none)")
    #expect(failure("{\"a\" 1}") == "line 1, column 6: unexpected character '1', expected ':' after a key")
    #expect(failure("[01]") == "line 1, column 3: invalid number: leading zeros are not allowed")
    #expect(failure("[1.]") == "line 1, column 4: invalid number: expected a digit after '.'")
    #expect(failure("{} x") == "line 1, column 4: unexpected character 'x' after the top-level value")
    #expect(failure("[tru]") == "line 1, column 2: invalid literal, expected true")
    #expect(failure("\"abc") == "line 1, column 1: unterminated string")
    #expect(failure(#"["\x"]"#) == #"line 1, column 3: invalid escape \x"#)
    #expect(failure("") == "line 1, column 1: unexpected end of input, expected a value")
    #expect(failure("{'a': 1}") == "line 1, column 2: unexpected character ''', expected a string key")
  }

  @Test func columnsCountScalarsNotBytes() {
    #expect(failure("[\"日本\", x]") == "line 1, column 8: unexpected character 'x', expected a value")
  }

  @Test func deepNestingIsBoundedNotACrash() {
    let hostile = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(failure(hostile) == "line 1, column 257: nesting deeper than 256 levels")
  }

  @Test func hugeStringsAndNumbersParseInLinearTime() throws {
    let big = String(repeating: "a", count: 50_000_000)
    let value = try parser.parse("\"\(big)\"")
    #expect(value.stringValue?.utf8.count == 50_000_000)
    let digits = "1" + String(repeating: "0", count: 9_999)
    let number = try parser.parse(digits)
    #expect(number.numberValue?.literal == digits)
    #expect(number.numberValue?.decimal.exponent == 9_999)
  }
}
