import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

/// The shipped JSON Schema (for editors) and the loader must agree on every rule a schema can
/// state. Rules it cannot (duplicate keys, lone surrogates, ids unique across tests and files)
/// are the loader's alone and are tested in VectorFileDecoderTests.
@Suite struct VectorSchemaAgreementTests {
  static let schemaPath = packageRoot() + "/Vectors/conformance-vectors.schema.json"

  let validator: JSONSchemaValidator

  init() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.schemaPath)))
    validator = JSONSchemaValidator(schema: try JSONParser().parse(bytes))
  }

  static let test = #"{"id": "t", "input": 1, "expect": {"result": "accept"}}"#

  static func document(top: String = "", test: String = VectorSchemaAgreementTests.test) -> String {
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d"\#(top), "tests": [\#(test)]}"#
  }

  static let documents: [(String, String)] = [
    ("minimal", document()),
    ("with source and context", document(top: #", "source": "s", "context": {"a": 1}"#)),
    (
      "full test",
      document(
        test:
          #"{"id": "A.b_c-1", "description": "d", "tags": ["valid"], "input": null, "context": {}, "expect": {"result": "accept", "output": {"x": 1}}}"#
      )
    ),
    (
      "reject with error and field",
      document(test: #"{"id": "t", "input": 1, "expect": {"result": "reject", "error": "e", "field": "f"}}"#)
    ),
    ("top level array", "[]"),
    ("wrong format", document().replacingOccurrences(of: "conformance-vectors/1", with: "conformance-vectors/2")),
    ("unknown suite", document().replacingOccurrences(of: "leeep.fid", with: "leeep.fids")),
    ("missing description", #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "tests": [\#(test)]}"#),
    ("unknown top-level key", document(top: #", "comment": "x""#)),
    ("source not a string", document(top: #", "source": 1"#)),
    ("context not an object", document(top: #", "context": [1]"#)),
    ("empty tests", #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": []}"#),
    ("test not an object", document(test: "1")),
    ("id with a space", document(test: #"{"id": "a b", "input": 1, "expect": {"result": "accept"}}"#)),
    ("id starting with a dot", document(test: #"{"id": ".a", "input": 1, "expect": {"result": "accept"}}"#)),
    (
      "id of 129 characters",
      document(test: #"{"id": "\#(String(repeating: "a", count: 129))", "input": 1, "expect": {"result": "accept"}}"#)
    ),
    (
      "id of 128 characters",
      document(test: #"{"id": "\#(String(repeating: "a", count: 128))", "input": 1, "expect": {"result": "accept"}}"#)
    ),
    ("id with a trailing newline", document(test: #"{"id": "a\n", "input": 1, "expect": {"result": "accept"}}"#)),
    ("missing input", document(test: #"{"id": "t", "expect": {"result": "accept"}}"#)),
    ("missing expect", document(test: #"{"id": "t", "input": 1}"#)),
    ("unknown test key", document(test: #"{"id": "t", "input": 1, "expect": {"result": "accept"}, "note": ""}"#)),
    ("tags not strings", document(test: #"{"id": "t", "input": 1, "tags": [1], "expect": {"result": "accept"}}"#)),
    ("unknown result", document(test: #"{"id": "t", "input": 1, "expect": {"result": "maybe"}}"#)),
    ("accept with error", document(test: #"{"id": "t", "input": 1, "expect": {"result": "accept", "error": "e"}}"#)),
    ("reject with output", document(test: #"{"id": "t", "input": 1, "expect": {"result": "reject", "output": 1}}"#)),
    ("error not a string", document(test: #"{"id": "t", "input": 1, "expect": {"result": "reject", "error": 1}}"#)),
    (
      "test context not an object",
      document(test: #"{"id": "t", "input": 1, "context": "c", "expect": {"result": "accept"}}"#)
    ),
  ]

  @Test(arguments: documents)
  func schemaAndLoaderAgree(_ name: String, _ text: String) throws {
    let value = try JSONParser().parse(text)
    let schemaProblems = validator.validate(value)
    let loaded = VectorLoader().load(bytes: Array(text.utf8), location: VectorFileLocation(root: "", path: "x.json"))
    var loaderProblem: String? = nil
    if case .failure(let failure) = loaded { loaderProblem = failure.reason }
    #expect(
      schemaProblems.isEmpty == (loaderProblem == nil),
      "\(name): schema says \(schemaProblems), loader says \(loaderProblem ?? "valid")")
  }

  @Test func everyShippedVectorFileValidatesAgainstTheSchema() throws {
    let root = packageRoot() + "/Vectors"
    let locations = try VectorLoader().discover(root: root)
    #expect(!locations.isEmpty)
    for location in locations {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: location.displayPath)))
      let problems = validator.validate(try JSONParser().parse(bytes))
      #expect(problems.isEmpty, "\(location.path): \(problems.prefix(3))")
    }
  }

  @Test func theSchemaListsExactlyTheContractsSuites() throws {
    let suites = validator.schema.objectValue?["properties"]?.objectValue?["suite"]?.objectValue?["enum"]
    #expect(suites == .array(Contract.suites.map { .string($0) }))
  }
}
