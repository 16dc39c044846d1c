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
