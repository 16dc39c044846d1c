import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceKit

/// The fast path must give what parsing and decoding give, file for file, and leave every file
/// it does not read itself (all invalid ones among them) to that strict way.
@Suite struct WellFormedVectorFileReaderTests {
  let loader = VectorLoader()
  let location = VectorFileLocation(root: "Vectors", path: "a/b.json")

  func fast(_ text: String) -> VectorFile? {
    WellFormedVectorFileReader(parser: JSONParser()).read(Array(text.utf8), path: location.path, root: location.root)
  }

  func strict(_ text: String) -> Result<VectorFile, LoadFailure> {
    loader.loadStrictly(bytes: Array(text.utf8), location: location)
  }

  func file(tests: String, extra: String = "") -> String {
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d"\#(extra), "tests": [\#(tests)]}"#
  }

  let good = #"{"id": "x", "input": "a", "expect": {"result": "reject"}}"#

  @Test func readsAWellFormedFileAsTheDecoderDoes() throws {
    let text = #"""
      {"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "source": "seed §2",
       "context": {"a": 1, "c": [3, {"d": null}]},
       "tests": [
        {"id": "x", "description": "one", "tags": ["valid", "unicode"], "input": {"k": "é\u00e9"},
         "context": {"b": 2, "a": 9}, "expect": {"result": "accept", "output": 1.50}},
        {"expect": {"field": "f", "error": "e", "result": "reject"}, "input": [], "id": "y"},
        {"id": "z", "input": null, "tags": [], "expect": {"result": "accept"}}
       ]}
      """#
    let read = try #require(fast(text))
    let decoded = try strict(text).get()
    #expect(same(read, decoded))
    #expect(read.tests[0].context == ["a": 9, "c": [3, ["d": nil]], "b": 2])
    #expect(read.tests[1].expectation == .reject(error: "e", field: "f"))
  }

  /// The reader guesses each key from the order of the test before (docs/benchmarks.md, eighth
  /// round): tests that change their order read as the decoder reads them, and a repeated key
  /// is refused even where it is the guess.
  @Test func keysInAnyOrderFromTestToTest() throws {
    let tests = [
      #"{"id": "a", "description": "d", "tags": ["t"], "input": 1, "expect": {"result": "accept", "output": 1}}"#,
      #"{"expect": {"output": 2, "result": "accept"}, "input": 2, "id": "b"}"#,
      #"{"input": 3, "id": "c", "context": {"k": 1}, "expect": {"error": "e", "result": "reject", "field": "f"}}"#,
      #"{"id": "d", "description": "d", "tags": ["t"], "input": 4, "expect": {"result": "reject"}}"#,
    ]
    let text = file(tests: tests.joined(separator: ",\n"))
    let read = try #require(fast(text))
    #expect(same(read, try strict(text).get()))
    #expect(read.tests.map(\.id) == ["a", "b", "c", "d"])
    #expect(read.tests[2].expectation == .reject(error: "e", field: "f"))
    // After `id`, `input` came last time: here it is the guess, and the second one is refused.
    let first = #"{"id": "a", "input": 1, "expect": {"result": "reject"}}"#
    let second = #"{"id": "b", "input": 1, "input": 2, "expect": {"result": "reject"}}"#
    expectLeftToTheDecoder(file(tests: first + ", " + second))
  }

  /// Valid files it leaves to the decoder (which then loads them).
  @Test(arguments: [
    // The file's context after its tests: the tests were read without it.
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"id": "x", "input": 1, "expect": {"result": "accept"}}], "context": {"a": 1}}"#,
    // A key spelled with an escape.
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"\u0069d": "x", "input": 1, "expect": {"result": "accept"}}]}"#,
  ])
  func leavesUnusualValidFilesToTheDecoder(text: String) throws {
    #expect(fast(text) == nil)
    _ = try strict(text).get()
    _ = try loader.load(bytes: Array(text.utf8), location: location).get()
  }

  /// Every kind of broken file: the fast path reads none of them, and the loader's error is the
  /// decoder's, word for word.
  @Test(arguments: [
    "", "[]", "\u{FEFF}{}", "{", #"{"format": 1,,}"#,
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": []}"#,
    #"{"format": "conformance-vectors/2", "suite": "leeep.fid", "description": "d", "tests": [{"id": "x", "input": 1, "expect": {"result": "reject"}}]}"#,
    #"{"format": "conformance-vectors/1", "suite": "leeep.fdi", "description": "d", "tests": [{"id": "x", "input": 1, "expect": {"result": "reject"}}]}"#,
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "tests": [{"id": "x", "input": 1, "expect": {"result": "reject"}}]}"#,
    #"{"format": "conformance-vectors/1", "format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"id": "x", "input": 1, "expect": {"result": "reject"}}]}"#,
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"id": "x", "input": 1, "expect": {"result": "reject"}}]} x"#,
  ])
  func leavesBrokenFilesToTheDecoder(text: String) {
    expectLeftToTheDecoder(text)
  }

  @Test(arguments: [
    #""extra": 1"#, #""source": 1"#, #""context": []"#, #""description": null"#,
  ])
  func brokenTopLevelMembers(member: String) {
    expectLeftToTheDecoder(file(tests: good, extra: ", " + member))
  }

  @Test(arguments: [
    #"1"#,
    #"{"id": "x", "input": 1}"#,
    #"{"id": "x", "expect": {"result": "reject"}}"#,
    #"{"input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "-x", "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": 7, "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "id": "y", "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject"}, "note": 1}"#,
    #"{"id": "x", "description": 1, "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "tags": "valid", "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "tags": ["valid", 1], "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "tags": ["valid",], "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "context": 1, "input": 1, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "input": "\ud800", "expect": {"result": "reject"}}"#,
    #"{"id": "x", "input": {"a": 1, "a": 2}, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "input": 1, "expect": []}"#,
    #"{"id": "x", "input": 1, "expect": {}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "maybe"}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "accept", "error": "e"}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "accept", "field": "f"}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject", "output": 1}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject", "error": 1}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject", "why": "e"}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject"},}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject"}}, {"id": "x", "input": 2, "expect": {"result": "reject"}}"#,
    #"{"id": "x", "input": 1, "expect": {"result": "reject"}},"#,
  ])
  func brokenTests(test: String) {
    expectLeftToTheDecoder(file(tests: test))
  }

  @Test func nestingCountsAgainstTheSameDepth() {
    // The file, `tests` and the test take three levels: 253 arrays fit in 256, 254 do not.
    let fits = file(tests: #"{"id": "x", "input": \#(nested(253)), "expect": {"result": "reject"}}"#)
    let tooDeep = file(tests: #"{"id": "x", "input": \#(nested(254)), "expect": {"result": "reject"}}"#)
    #expect(fast(fits) != nil)
    #expect((try? strict(fits).get()) != nil)
    expectLeftToTheDecoder(tooDeep)
  }

  /// The shipped corpus: every file goes by the fast path, to the same result.
  @Test func everyShippedFileReadsAsTheDecoderReadsIt() throws {
    let root = packageRoot() + "/Vectors"
    let locations = try loader.discover(root: root)
    #expect(locations.count > 100)
    for location in locations {
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: location.displayPath)))
      let decoded = try loader.loadStrictly(bytes: bytes, location: location).get()
      let read = try #require(
        WellFormedVectorFileReader(parser: JSONParser()).read(bytes, path: location.path, root: location.root),
        "\(location.path) was left to the decoder")
      #expect(same(read, decoded), "\(location.path)")
    }
  }

  /// Descriptions and tags repeated, varied and interleaved, short and long, compact and
  /// indented: values read once per text and shared must be the decoder's, test by test.
  @Test(arguments: [false, true])
  func repeatedDescriptionsAndTagsReadAsTheDecoderReadsThem(indented: Bool) throws {
    let descriptions = [
      "d", "a well-formed installation id", "one character short", "one character too many", "short",
      "a description that is long enough to be kept and repeated", #"e\u0301 spelled with an escape"#,
    ]
    let tags = [
      [], ["valid"], ["invalid"], ["invalid", "boundary"], ["invalid", "boundary", "unicode-normalisation"],
    ]
    var tests: [String] = []
    for index in 0..<400 {
      let description = descriptions[(index * 7 + index / 5) % descriptions.count]
      let tagList = tags[(index * 3 + index / 7) % tags.count].map { "\"\($0)\"" }
      let separator = indented ? ",\n        " : ", "
      tests.append(
        #"{"id": "t\#(index)", "description": "\#(description)", "tags": [\#(tagList.joined(separator: separator))], "input": \#(index), "expect": {"result": "reject"}}"#
      )
    }
    let text =
      #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": ["#
      + tests.joined(separator: indented ? ",\n    " : ", ") + "]}"
    let bytes = Array(text.utf8)
    let decoded = try loader.loadStrictly(bytes: bytes, location: location).get()
    let read = try #require(
      WellFormedVectorFileReader(parser: JSONParser()).read(bytes, path: location.path, root: location.root))
    #expect(same(read, decoded))
  }

  func nested(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  }

  func expectLeftToTheDecoder(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(fast(text) == nil, sourceLocation: sourceLocation)
    guard case .failure(let expected) = strict(text) else {
      Issue.record("the decoder loaded it", sourceLocation: sourceLocation)
      return
    }
    guard case .failure(let got) = loader.load(bytes: Array(text.utf8), location: location) else {
      Issue.record("the loader loaded it", sourceLocation: sourceLocation)
      return
    }
    #expect(got.description == expected.description, sourceLocation: sourceLocation)
    #expect(got.suite == expected.suite, sourceLocation: sourceLocation)
  }
}

/// Field by field, strings byte for byte.
func same(_ a: VectorFile, _ b: VectorFile) -> Bool {
  guard utf8Equal(a.path, b.path), utf8Equal(a.root, b.root), utf8Equal(a.suite, b.suite),
    utf8Equal(a.description, b.description), sameText(a.source, b.source), a.context == b.context,
    a.tests.count == b.tests.count
  else { return false }
  return zip(a.tests, b.tests).allSatisfy { x, y in
    utf8Equal(x.id, y.id) && sameText(x.description, y.description) && x.tags.count == y.tags.count
      && zip(x.tags, y.tags).allSatisfy { utf8Equal($0, $1) } && x.input == y.input && x.context == y.context
      && x.expectation == y.expectation
  }
}

func sameText(_ a: String?, _ b: String?) -> Bool {
  switch (a, b) {
  case (nil, nil): true
  case (let a?, let b?): utf8Equal(a, b)
  default: false
  }
}
