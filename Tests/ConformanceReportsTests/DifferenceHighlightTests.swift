import ConformanceJSON
import Testing

@testable import ConformanceReports

@Suite struct DifferenceHighlightTests {
  /// The marked text of each side, for the first difference of `expected` and `actual`.
  static func marks(_ expected: JSONValue, _ actual: JSONValue) -> (String, String)? {
    guard let found = DifferenceHighlight.locate(expected: expected, actual: actual) else { return nil }
    return (
      DifferenceHighlight.render(expected, marking: found.expected).marked,
      DifferenceHighlight.render(actual, marking: found.actual).marked
    )
  }

  @Test func aNestedValueIsMarkedOnBothSides() throws {
    let expected: JSONValue = ["result": "accept", "output": ["target": ["slug": "y", "n": 1]]]
    let actual: JSONValue = ["result": "accept", "output": ["target": ["slug": "x", "n": 1]]]
    let marks = try #require(Self.marks(expected, actual))
    #expect(marks.0 == #""y""#)
    #expect(marks.1 == #""x""#)
    let parts = DifferenceHighlight.render(
      expected, marking: DifferenceHighlight.locate(expected: expected, actual: actual)?.expected)
    #expect(
      parts.before + "[" + parts.marked + "]" + parts.after == """
        {
          "result": "accept",
          "output": {
            "target": {
              "slug": ["y"],
              "n": 1
            }
          }
        }
        """)
  }

  @Test func theResultIsComparedFirst() throws {
    let marks = try #require(
      Self.marks(["result": "reject", "error": "a"], ["result": "accept", "output": "x"]))
    #expect(marks.0 == #""reject""#)
    #expect(marks.1 == #""accept""#)
  }

  @Test func aMissingFieldMarksTheWholeOutcome() throws {
    let actual: JSONValue = ["result": "reject", "error": "e"]
    let marks = try #require(Self.marks(["result": "reject", "error": "e", "field": "f"], actual))
    #expect(marks.0 == #""f""#)
    #expect(marks.1 == JSONSerializer.compact.string(from: actual))
  }

  @Test func keysTheExpectationLeavesOutAreNotCompared() {
    #expect(Self.marks(["result": "accept"], ["result": "accept", "output": 1]) == nil)
    #expect(Self.marks(["result": "reject"], ["result": "reject", "error": "e", "field": "f"]) == nil)
  }

  @Test func insideTheOutputExtraKeysAndLengthsCount() throws {
    let extra = try #require(
      Self.marks(["result": "accept", "output": ["a": 1]], ["result": "accept", "output": ["a": 1, "b": 2]]))
    #expect(extra.0 == #"{"a": 1}"#)
    #expect(extra.1 == "2")
    let length = try #require(
      Self.marks(["result": "accept", "output": [1, 2]], ["result": "accept", "output": [1]]))
    #expect(length.0 == "[1, 2]")
    #expect(length.1 == "[1]")
    // Numbers compare by value and keep their literal.
    #expect(
      Self.marks(
        ["result": "accept", "output": .number(JSONNumber(literal: "1.0")!)], ["result": "accept", "output": 1]) == nil)
  }

  @Test func keysCompareByBytesNotCanonicalEquivalence() throws {
    let marks = try #require(
      Self.marks(["result": "accept", "output": ["\u{e9}": 1]], ["result": "accept", "output": ["e\u{301}": 1]]))
    #expect(marks.0 == "1")
    #expect(marks.1 == #"{"e\u0301": 1}"#)
  }
}
