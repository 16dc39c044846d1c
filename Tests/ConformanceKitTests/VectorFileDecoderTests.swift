import ConformanceJSON
import ConformanceKit
import Foundation
import Testing

@Suite struct VectorFileDecoderTests {
  let loader = VectorLoader()

  /// The load error for `text`, as a user reads it.
  func problem(_ text: String) -> String {
    switch loader.load(bytes: Array(text.utf8), location: VectorFileLocation(root: "Vectors", path: "a/b.json")) {
    case .success: return "loaded"
    case .failure(let failure): return failure.description
    }
  }

  func file(tests: String, extra: String = "") -> String {
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d"\#(extra), "tests": [\#(tests)]}"#
  }

  let good = #"{"id": "x", "input": "a", "expect": {"result": "reject"}}"#

  @Test func aGoodFileLoadsWithMergedContext() throws {
    let text = file(
      tests: #"{"id": "x", "input": 1, "context": {"b": 2, "a": 9}, "expect": {"result": "accept", "output": 1}}"#,
      extra: #", "context": {"a": 1, "c": 3}"#)
    let result = loader.load(bytes: Array(text.utf8), location: VectorFileLocation(root: "Vectors", path: "f.json"))
    let loaded = try result.get()
    #expect(loaded.tests[0].context == ["a": 9, "c": 3, "b": 2])
    #expect(loaded.tests[0].expectation == .accept(output: 1))
    #expect(loaded.displayPath == "Vectors/f.json")
  }

  @Test func syntaxErrorsNameFileLineAndColumn() {
    #expect(
      problem("{\n \"format\": 1,,\n}")
        == "Vectors/a/b.json: invalid JSON: line 2, column 14: unexpected character ',', expected a string key")
  }

  @Test func topLevelRules() {
    #expect(problem("[]") == "Vectors/a/b.json: the top level must be an object, found array")
    #expect(
      problem(#"{"format": "conformance-vectors/2", "suite": "leeep.fid", "description": "d", "tests": []}"#)
        == #"Vectors/a/b.json: format: unsupported format "conformance-vectors/2", expected "conformance-vectors/1""#)
    #expect(
      problem(file(tests: good).replacingOccurrences(of: "leeep.fid", with: "leeep.fdi"))
        == #"Vectors/a/b.json: suite: unknown suite "leeep.fdi" (did you mean "leeep.fid"?)"#)
    #expect(
      problem(file(tests: good, extra: #", "test": []"#))
        == #"Vectors/a/b.json: unknown key "test" (did you mean "tests"?) (allowed: "format", "suite", "description", "source", "context", "tests")"#
    )
    #expect(problem(file(tests: "")) == "Vectors/a/b.json: tests: must hold at least one test")
    #expect(
      problem(#"{"format": "conformance-vectors/1", "suite": "leeep.fid", "tests": [\#(good)]}"#)
        == #"Vectors/a/b.json: missing required key "description""#)
    #expect(
      problem(file(tests: good, extra: #", "context": []"#))
        == "Vectors/a/b.json: context: must be an object, found array")
    #expect(
      problem(file(tests: good, extra: #", "source": 1"#)) == "Vectors/a/b.json: source: must be a string, found number"
    )
  }

  @Test func testRules() {
    #expect(
      problem(file(tests: #"{"id": "a b", "input": 1, "expect": {"result": "reject"}}"#))
        == #"Vectors/a/b.json: tests[0].id: "a b" is not a valid id (1-128 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit)"#
    )
    #expect(
      problem(file(tests: #"{"id": "x\n", "input": 1, "expect": {"result": "reject"}}"#))
        == #"Vectors/a/b.json: tests[0].id: "x\n" is not a valid id (1-128 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit)"#
    )
    #expect(
      problem(file(tests: good + "," + good))
        == #"Vectors/a/b.json: tests[1].id: duplicate id "x", first used by tests[0]"#)
    #expect(
      problem(file(tests: #"{"id": "x", "expect": {"result": "reject"}}"#))
        == #"Vectors/a/b.json: tests[0]: missing required key "input""#)
    #expect(
      problem(file(tests: #"{"id": "x", "input": null, "expect": {"result": "reject"}, "tag": []}"#))
        == #"Vectors/a/b.json: tests[0]: unknown key "tag" (did you mean "tags"?) (allowed: "id", "description", "tags", "input", "context", "expect")"#
    )
    #expect(
      problem(file(tests: #"{"id": "x", "input": 1, "tags": ["a", 1], "expect": {"result": "reject"}}"#))
        == "Vectors/a/b.json: tests[0].tags[1]: must be a string, found number")
  }

  @Test func expectRules() {
    #expect(
      problem(file(tests: #"{"id": "x", "input": 1, "expect": {"result": "pass"}}"#))
        == #"Vectors/a/b.json: tests[0].expect.result: must be "accept" or "reject", found "pass""#)
    #expect(
      problem(file(tests: #"{"id": "x", "input": 1, "expect": {"result": "accept", "error": "e"}}"#))
        == #"Vectors/a/b.json: tests[0].expect: unknown key "error" (allowed: "result", "output")"#)
    #expect(
      problem(file(tests: #"{"id": "x", "input": 1, "expect": {"result": "reject", "output": 1}}"#))
        == #"Vectors/a/b.json: tests[0].expect: unknown key "output" (allowed: "result", "error", "field")"#)
    #expect(
      problem(file(tests: #"{"id": "x", "input": 1, "expect": {"result": "reject", "field": 3}}"#))
        == "Vectors/a/b.json: tests[0].expect.field: must be a string, found number")
  }

  @Test func idsAreExactlyThePattern() {
    #expect(Contract.isValidTestID("a"))
    #expect(Contract.isValidTestID("A0._-"))
    #expect(Contract.isValidTestID(String(repeating: "a", count: 128)))
    #expect(!Contract.isValidTestID(String(repeating: "a", count: 129)))
    #expect(!Contract.isValidTestID(""))
    #expect(!Contract.isValidTestID("-a"))
    #expect(!Contract.isValidTestID(".a"))
    #expect(!Contract.isValidTestID("é"))
    #expect(!Contract.isValidTestID("１"))
  }

  /// The word-at-a-time check agrees with the pattern for every byte value at every place of
  /// ids 2 to 24 bytes long (both sides of each eight-byte word and the tail).
  @Test func idCheckMatchesThePatternByteByByte() {
    func allowed(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
    for length in 2...24 {
      for place in 1..<length {
        for value in UInt8.min...UInt8.max {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[place] = value
          let id = String(decoding: bytes, as: UTF8.self)
          #expect(
            Contract.isValidTestID(id) == allowed(value), "byte 0x\(String(value, radix: 16)) at \(place) of \(length)")
        }
      }
    }
  }
}
