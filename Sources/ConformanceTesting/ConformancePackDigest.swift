import ConformanceJSON
import ConformanceKit

/// The `digest` a `conformance pack` of the same roots and suites writes (`conformance-pack/1`):
/// the SHA-256, in lowercase hex, of its `tests` array exactly as that file holds it (one compact
/// test per line), so `conformance judge` knows the answers were made against that pack.
enum ConformancePackDigest {
  /// The digest of the pack of `suites` under `root`: every test of those suites in run order
  /// (files by path, tests in file order). Throws, naming the file, when one fails to load.
  static func digest(suites: [String], root: String) throws(VectorLoadError) -> String {
    var hash = SHA256()
    hash.update(testsArray(try vectors(suites: suites, root: root)))
    return SHA256.hex(hash.finalize())
  }

  /// The `tests` array as `conformance pack` lays it out: one compact test object per line,
  /// `[`, the tests separated by `,` and a newline, `]`.
  static func testsArray(_ vectors: [ConformanceVector]) -> [UInt8] {
    var bytes = Array("[\n".utf8)
    for (index, vector) in vectors.enumerated() {
      if index > 0 { bytes += ",\n".utf8 }
      JSONSerializer.compact.write(.object(packTest(vector)), to: &bytes)
    }
    bytes += "\n]".utf8
    return bytes
  }

  /// The tests of every suite in `suites`, in run order.
  static func vectors(suites: [String], root: String) throws(VectorLoadError) -> [ConformanceVector] {
    var bySuite: [String: [ConformanceVector]] = [:]
    for suite in suites where bySuite[suite] == nil {
      bySuite[suite] = try ConformanceVectors.load(suite: suite, root: root)
    }
    // Run order: files by path across suites, then tests in file order (stable within a file).
    let all = bySuite.values.flatMap { $0 }
    let order = Dictionary(grouping: all.indices, by: { all[$0].path })
    return order.keys.sorted(by: utf8Precedes).flatMap { path in order[path]!.map { all[$0] } }
  }

  /// One test object of the pack: suite, id, file, description, tags, input, context, expect,
  /// and `numbers` when a number's literal is not a plain integer of up to 15 digits.
  static func packTest(_ vector: ConformanceVector) -> JSONObject {
    var test: JSONObject = [
      "suite": .string(vector.suite), "id": .string(vector.vectorID), "file": .string(vector.path),
      "description": .string(vector.summary ?? ""), "tags": .array(vector.tags.map { .string($0) }),
      "input": vector.input, "context": .object(vector.context), "expect": vector.expectation.json,
    ]
    var numbers = JSONObject()
    collectNumbers(vector.input, pointer: "/input", into: &numbers)
    collectNumbers(.object(vector.context), pointer: "/context", into: &numbers)
    collectNumbers(vector.expectation.json, pointer: "/expect", into: &numbers)
    if !numbers.isEmpty { test["numbers"] = .object(numbers) }
    return test
  }

  /// Every number under `value` whose literal a double or a 53-bit integer might not keep,
  /// by JSON Pointer (RFC 6901).
  static func collectNumbers(_ value: JSONValue, pointer: String, into numbers: inout JSONObject) {
    switch value {
    case .number(let number):
      if !isPlainInteger(number.literal) { numbers[pointer] = .string(number.literal) }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        collectNumbers(element, pointer: "\(pointer)/\(index)", into: &numbers)
      }
    case .object(let object):
      for member in object.members {
        let token = member.key.replacing("~", with: "~0").replacing("/", with: "~1")
        collectNumbers(member.value, pointer: "\(pointer)/\(token)", into: &numbers)
      }
    case .null, .bool, .string:
      break
    }
  }

  /// `0`, or `-?[1-9][0-9]{0,14}`.
  static func isPlainInteger(_ literal: String) -> Bool {
    if literal == "0" { return true }
    var digits = Substring(literal)
    if digits.first == "-" { digits = digits.dropFirst() }
    guard let first = digits.first, ("1"..."9").contains(first), digits.count <= 15 else { return false }
    return digits.allSatisfy { ("0"..."9").contains($0) }
  }
}
