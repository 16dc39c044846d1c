// The Swift Testing baseline for Benchmarks/bench.py: what a team would write with only the
// toolchain: Foundation's JSONDecoder for the vector files and one parameterized @Test over
// every vector, checking the same rules (docs/suites/leeep.fid.md-3.4) as the reference parsers.
// BENCH_VECTORS names the vectors folder.
import Foundation
import Testing

indirect enum JSON: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    // Byte for byte: Swift's String == would equate NFC and NFD spellings.
    case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }
}

struct Expect: Decodable, Sendable {
  var result: String
  var output: JSON?
  var error: String?
  var field: String?
}

struct VectorTest: Decodable, Sendable {
  var id: String
  var description: String?
  var tags: [String]?
  var input: JSON
  var expect: Expect
}

struct VectorFile: Decodable, Sendable {
  var format: String
  var suite: String
  var description: String
  var source: String?
  var tests: [VectorTest]
}

struct Vector: Sendable, CustomTestStringConvertible {
  var file: String
  var suite: String
  var test: VectorTest
  var testDescription: String { "\(suite) \(test.id)" }
}

enum Outcome: Equatable {
  case accept(JSON)
  case reject(String, String?)
}

let permissions: Set<String> = ["unknown", "notDetermined", "denied", "granted", "provisional"]

func isFID(_ text: String) -> Bool {
  let bytes = Array(text.utf8)
  guard bytes.count == 22, (UInt8(ascii: "c")...UInt8(ascii: "f")).contains(bytes[0]) else { return false }
  return bytes.dropFirst().allSatisfy { byte in
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }
}

func evaluate(suite: String, input: JSON) -> Outcome {
  switch suite {
  case "leeep.fid":
    guard case .string(let text) = input else { return .reject("not_a_string", nil) }
    return isFID(text) ? .accept(input) : .reject("invalid_fid", nil)
  case "leeep.user-id":
    guard case .string(let text) = input else { return .reject("not_a_string", nil) }
    if text.utf8.isEmpty { return .reject("empty", nil) }
    if text.utf8.count > 255 { return .reject("too_long", nil) }
    if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return .reject("whitespace_only", nil) }
    return .accept(input)
  case "leeep.push.destination":
    guard case .object(let object) = input else { return .reject("not_an_object", nil) }
    let keys = ["kind", "value", "permission"]
    for key in keys where object[key] == nil { return .reject("missing_key", key) }
    var strings: [String] = []
    for key in keys {
      guard case .string(let text) = object[key]! else { return .reject("non_string_value", key) }
      strings.append(text)
    }
    guard strings[0].utf8.elementsEqual("fcm_fid".utf8) else { return .reject("unsupported_kind", "kind") }
    guard isFID(strings[1]) else { return .reject("invalid_fid", "value") }
    guard permissions.contains(where: { $0.utf8.elementsEqual(strings[2].utf8) }) else {
      return .reject("invalid_permission", "permission")
    }
    return .accept(
      .object([
        "kind": .string(strings[0]), "value": .string(strings[1]), "permission": .string(strings[2]),
        "deliverable": .bool(strings[2] == "granted"),
      ]))
  default:
    return .reject("unknown_suite", nil)
  }
}

func loadVectors() -> [Vector] {
  guard let root = ProcessInfo.processInfo.environment["BENCH_VECTORS"] else { return [] }
  let rootURL = URL(fileURLWithPath: root)
  let enumerator = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: nil)
  var paths: [String] = []
  while let url = enumerator?.nextObject() as? URL {
    if url.pathExtension == "json" && !url.lastPathComponent.hasSuffix(".schema.json") { paths.append(url.path) }
  }
  paths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  let decoder = JSONDecoder()
  var vectors: [Vector] = []
  for path in paths {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? decoder.decode(VectorFile.self, from: data)
    else {
      vectors.append(
        Vector(
          file: path, suite: "load-error",
          test: VectorTest(id: path, input: .null, expect: Expect(result: "load-error"))))
      continue
    }
    for test in file.tests { vectors.append(Vector(file: path, suite: file.suite, test: test)) }
  }
  return vectors
}

@Test(arguments: loadVectors())
func vector(_ vector: Vector) {
  #expect(vector.suite != "load-error", "\(vector.file) could not be loaded")
  let actual = evaluate(suite: vector.suite, input: vector.test.input)
  let expect = vector.test.expect
  switch actual {
  case .accept(let output):
    #expect(expect.result == "accept")
    if let expected = expect.output { #expect(expected == output) }
  case .reject(let error, let field):
    #expect(expect.result == "reject")
    if let expected = expect.error { #expect(expected == error) }
    if let expected = expect.field { #expect(expected == field) }
  }
}
