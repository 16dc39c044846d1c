import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import ReferenceParsers
import Testing

@testable import ConformanceCommands

@Suite struct ServeCommandTests {
  func answer(_ line: String) -> String {
    ServeCommand.answer(to: Array(line.utf8), implementation: ReferenceImplementation())
  }

  @Test func helloNamesTheReferenceAndEverySuite() throws {
    let hello = try JSONParser().parse(answer(#"{"type": "hello", "protocol": "conformance-adapter/2"}"#))
    #expect(hello.objectValue?["protocol"] == "conformance-adapter/2")
    #expect(hello.objectValue?["name"] == "reference")
    // Every suite of the contract, each once.
    let names = hello.objectValue?["suites"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(names.sorted() == Contract.suites.sorted())
  }

  @Test func evaluateAnswersWithTheOutcome() {
    #expect(
      answer(#"{"type": "evaluate", "id": 7, "suite": "leeep.fid", "input": "cAbCdEfGhIjKlMnOpQr_-0", "context": {}}"#)
        == #"{"id": 7, "result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}"#)
    #expect(
      answer(#"{"type": "evaluate", "id": 8, "suite": "leeep.fid", "input": 1, "context": {}}"#)
        == #"{"id": 8, "result": "reject", "error": "not_a_string"}"#)
  }

  @Test func unanswerableRequestsGetAnError() {
    #expect(
      answer("nope") == #"{"error": "request is not strict JSON: line 1, column 1: invalid literal, expected null"}"#)
    #expect(answer(#"{"type": "bye"}"#) == #"{"error": "unknown request type \"bye\""}"#)
    #expect(
      answer(#"{"type": "evaluate", "id": 3, "suite": "x.y", "input": 1}"#)
        == #"{"id": 3, "error": "context suite: no reference parser for x.y"}"#)
    #expect(
      answer(#"{"type": "evaluate", "suite": "leeep.fid", "input": 1}"#)
        == #"{"error": "an evaluate request needs an integer \"id\""}"#)
  }

  /// A request that is not strict JSON is answered with its id when the id can be read, so the
  /// client can tell which request failed; never with a guessed one.
  @Test func aRequestThatIsNotStrictJSONKeepsAReadableID() {
    #expect(
      answer(#"{"type": "evaluate", "id": 4, "suite": "leeep.fid", "input": "x", "context": {},}"#)
        == #"{"id": 4, "error": "request is not strict JSON: line 1, column 80: trailing comma before '}' (JSON allows none)"}"#
    )
    // An id that is not an integer is left out, never answered as null.
    #expect(answer(#"{"type": "bye", "id": 1.5}"#) == #"{"error": "unknown request type \"bye\""}"#)
    let readable: [(String, Int?)] = [
      (#"{"id": 5, "input": [1,]}"#, 5),
      (#"{"input": {"id": 9}, "id": -5, "x": NaN}"#, -5),
      (#"{"a": "\"id\", ", "id": 6,}"#, 6),
      (#" {"id":7} trailing"#, 7),
      (#"{"id": 5, "id": 5}"#, nil),
      (#"{"id": 5, "input": "ab"#, nil),
      (#"{"id": 1.0, "x": ,}"#, nil),
      (#"{"id": "5", "x": ,}"#, nil),
      (#"{"id": 99999999999999999999, "x": ,}"#, nil),
      (#"[{"id": 5}]"#, nil),
      (#"{"id": 5]"#, nil),
      (#"{"id" 5,}"#, nil),
    ]
    for (line, id) in readable {
      #expect(ServeCommand.readableID(in: Array(line.utf8)) == id.map { .number(JSONNumber($0)) }, "\(line)")
    }
  }

  @Test func idsAreIntegersWrittenAsIntegers() {
    for id in ["1e400", "17.0", "1.7e1", #""17""#, "null"] {
      #expect(
        answer(#"{"type": "evaluate", "id": \#(id), "suite": "leeep.fid", "input": "x", "context": {}}"#)
          == #"{"error": "an evaluate request needs an integer \"id\", got \#(id.replacingOccurrences(of: "\"", with: "\\\""))"}"#,
        "\(id)")
    }
    #expect(
      answer(#"{"type": "evaluate", "id": -3, "suite": "leeep.fid", "input": 1, "context": {}}"#)
        == #"{"id": -3, "result": "reject", "error": "not_a_string"}"#)
  }

  /// The whole protocol end to end: `run --adapter "conformance serve"` over the shipped corpus,
  /// with the binary `swift test` built beside the tests.
  @Test func theShippedCorpusPassesThroughTheAdapterProtocol() throws {
    let binary = packageRoot() + "/.build/debug/conformance"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "swift build first: \(binary)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--suite", "fanship.sequence",
      "--junit", folder.path + "/j.xml", "--adapter", "\(binary) serve",
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("\n1566 passed, 0 failed\n") || result.output.hasSuffix(" passed, 0 failed\n"))
  }
}
