import ConformanceJSON
import Testing

@Suite struct JSONCursorTests {
  enum Step: Equatable {
    case key(String)
    case end
    case invalid
  }

  /// The keys of the top-level object, each value read with `value()`.
  func keys(_ text: String) -> [Step]? {
    JSONParser().scan(Array(text.utf8)) { cursor -> [Step]? in
      guard cursor.enterObject() else { return nil }
      var steps: [Step] = []
      while true {
        switch cursor.nextKey() {
        case .key(let bytes):
          steps.append(.key(String(decoding: bytes, as: UTF8.self)))
          guard cursor.value() != nil else { return steps + [.invalid] }
        case .end: return steps + [.end] + (cursor.isAtEnd() ? [] : [.invalid])
        case .invalid: return steps + [.invalid]
        }
      }
    }
  }

  /// A value is read again from where a cursor found it, nested as deep as it was there.
  @Test func readsAValueAgainFromItsMark() throws {
    let bytes = Array(#"{"a": 1, "b": [2, {"c": "d"}], "e": [[3]]}"#.utf8)
    let marks = JSONParser().scan(bytes) { cursor -> [JSONCursorMark]? in
      guard cursor.enterObject() else { return nil }
      var marks: [JSONCursorMark] = []
      while case .key = cursor.nextKey() {
        marks.append(cursor.mark)
        guard cursor.value() != nil else { return nil }
      }
      return marks
    }
    let found = try #require(marks)
    #expect(found.map(\.depth) == [1, 1, 1])
    #expect(JSONParser().scan(bytes, from: found[1]) { $0.value() } == [2, ["c": "d"]])
    // Inside the object, `[[3]]` is three deep: too deep for two, from its mark as from the start.
    #expect(JSONParser(maximumDepth: 2).scan(bytes, from: found[2]) { $0.value() } == nil)
    #expect(JSONParser(maximumDepth: 3).scan(bytes, from: found[2]) { $0.value() } == [[3]])
    #expect((try? JSONParser(maximumDepth: 2).parse(bytes)) == nil)
  }

  @Test func walksAnObject() {
    #expect(keys(#" { "a" : 1 , "b":[2, {"c": 3}] ,"d": "e" } "#) == [.key("a"), .key("b"), .key("d"), .end])
    #expect(keys("{}") == [.end])
    #expect(keys(" { \n } ") == [.end])
  }

  @Test func stopsAtWhatItDoesNotReadPlainly() {
    #expect(keys(#"{"a": 1,}"#) == [.key("a"), .invalid])
    #expect(keys(#"{"a": 1 "b": 2}"#) == [.key("a"), .invalid])
    #expect(keys(#"{"a" 1}"#) == [.invalid])
    #expect(keys(#"{,"a": 1}"#) == [.invalid])
    #expect(keys(#"{"\u0061": 1}"#) == [.invalid])
    #expect(keys("{\"é\": 1}") == [.invalid])
    #expect(keys(#"{"a": 01}"#) == [.key("a"), .invalid])
    #expect(keys(#"{"a": {"b": 1, "b": 2}}"#) == [.key("a"), .invalid])
    #expect(keys(#"{"a": 1} 2"#) == [.key("a"), .end, .invalid])
    #expect(keys("\u{FEFF}{}") == nil)
    #expect(keys("[]") == nil)
  }

  @Test func walksAnArray() {
    let strings = JSONParser().scan(Array(#"["a", "b" ,"c"]"#.utf8)) { cursor -> [String]? in
      guard cursor.enterArray() else { return nil }
      var found: [String] = []
      while let more = cursor.nextElement() {
        guard more else { return found }
        guard let text = cursor.string() else { return nil }
        found.append(text)
      }
      return nil
    }
    #expect(strings == ["a", "b", "c"])
    let trailingComma = JSONParser().scan(Array(#"["a",]"#.utf8)) { cursor -> Bool? in
      guard cursor.enterArray(), cursor.nextElement() == true, cursor.string() == "a" else { return nil }
      guard cursor.nextElement() == true else { return nil }
      return cursor.string() == nil
    }
    #expect(trailingComma == true)
  }

  @Test func valuesAreWhatTheParserBuilds() throws {
    let text = #"{"v": {"n": -0.5e3, "s": "\u00e9\n", "l": [true, false, null], "o": {}}}"#
    let value = JSONParser().scan(Array(text.utf8)) { cursor -> JSONValue? in
      guard cursor.enterObject(), case .key = cursor.nextKey() else { return nil }
      return cursor.value()
    }
    #expect(value == (try JSONParser().parse(text)).objectValue?["v"])
  }

  @Test func nestingCountsAgainstTheMaximumDepth() {
    func depthFits(_ levels: Int) -> Bool {
      let text = "[" + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "]"
      return JSONParser(maximumDepth: 4).scan(Array(text.utf8)) { cursor -> Bool? in
        guard cursor.enterArray(), cursor.nextElement() == true else { return nil }
        return cursor.value() != nil
      } ?? false
    }
    #expect(depthFits(4))
    #expect(!depthFits(5))
  }
}

/// ``JSONCursor/repeatedText(in:)``: equal text is taken for the value read the first time, and
/// the cursor ends where reading it would have.
@Suite struct JSONCursorRepeatedTextTests {
  /// Each element of the top-level array, read with `value()` unless its text repeats a recorded
  /// one; how many were read; whether the document ended right after the array.
  func readAll(_ text: String) -> (values: [JSONValue?], reads: Int, atEnd: Bool) {
    var reads = 0
    let result = JSONParser().scan(Array(text.utf8)) { cursor -> ([JSONValue?], Bool)? in
      guard cursor.enterArray() else { return nil }
      var texts = JSONRepeatedTexts()
      var kept = [JSONValue?](repeating: nil, count: JSONRepeatedTexts.slotCount)
      var values: [JSONValue?] = []
      while let more = cursor.nextElement(), more {
        var value: JSONValue?
        if let found = cursor.repeatedText(in: texts), found.isRepeat {
          value = kept[found.slot]
        } else {
          let found = cursor.repeatedText(in: texts)
          reads += 1
          value = cursor.value()
          if let found, value != nil, cursor.recordRepeatedText(found, in: &texts) { kept[found.slot] = value }
        }
        values.append(value)
        if value == nil { break }
      }
      return (values, cursor.isAtEnd())
    }
    return (result?.0 ?? [], reads, result?.1 ?? false)
  }

  let long = "a description long enough to be kept"

  @Test func repeatedStringsAreReadOnce() {
    let (values, reads, atEnd) = readAll("[\"\(long)\", \"\(long)\", \"another \(long)\", \"\(long)\"]")
    #expect(values == [.string(long), .string(long), .string("another " + long), .string(long)])
    #expect(reads == 2)
    #expect(atEnd)
  }

  @Test func repeatedArraysAndObjectsAreReadOnce() {
    let array = #"["valid", "boundary", "unicode"]"#
    let object = #"{"result": "reject", "error": "invalid_fid"}"#
    let (values, reads, atEnd) = readAll("[\(array), \(object), \(array),\(object) , \(array)]")
    #expect(values == [values[0], values[1], values[0], values[1], values[0]])
    #expect(values[0] == JSONValue.array(["valid", "boundary", "unicode"]))
    #expect(values[1] == JSONValue.object(["result": "reject", "error": "invalid_fid"]))
    #expect(reads == 2)
    #expect(atEnd)
  }

  /// A number ends where the next byte is not part of it, so it is never recorded; nor is a
  /// text under 16 bytes.
  @Test func numbersAndShortTextsAreReadEachTime() {
    let number = "12345678901234567890123456789012345"
    let (numbers, numberReads, _) = readAll("[\(number), \(number)9, \(number)]")
    #expect(numbers.map { $0.map { JSONSerializer.compact.string(from: $0) } } == [number, number + "9", number])
    #expect(numberReads == 3)
    let (shorts, shortReads, _) = readAll(#"["short", "short", "short", "padding to reach the hashed bytes"]"#)
    #expect(shorts == ["short", "short", "short", "padding to reach the hashed bytes"])
    #expect(shortReads == 4)
  }

  /// Recorded text met again only in part, cut off by the end, is read anew: the error is the
  /// reader's.
  @Test func aPartialCopyIsReadAnew() {
    let (values, reads, _) = readAll("[\"\(long)\", \"\(long)")
    #expect(values == [.string(long), nil])
    #expect(reads == 2)
  }
}
