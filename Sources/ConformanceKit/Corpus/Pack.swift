import ConformanceJSON
import ConformanceLowLevel
import Dispatch

/// A pack (`conformance-pack/1`, docs/answers.md): the selected tests of a corpus in one JSON
/// file, contexts merged, for an SDK's own test runner to run and for `conformance judge` to
/// judge the answers it recorded against.
///
/// The bytes are deterministic: the header on the first line, then one test per line, each
/// written compact by ``JSONSerializer`` with its members in a fixed order. `digest` is the
/// SHA-256 of the `tests` array's bytes, from `[` to `]`, so answers name the exact tests they
/// were made for.
public struct Pack: Sendable {
  public static let format = "conformance-pack/1"

  /// The manifest's version when the (first) root has a manifest matching its files.
  public var corpusVersion: String?
  /// The corpus digest (``CorpusDigest``) as 64 lowercase hex digits.
  public var corpusDigest: String
  /// The tests in run order, grouped into their files (consecutive tests of one file and suite).
  public var files: [VectorFile]
  /// SHA-256 of the `tests` array as written, 64 lowercase hex digits.
  public private(set) var digest: String
  /// The pack's bytes as written (or read).
  public private(set) var bytes: [UInt8]

  /// Builds the pack of `files`' tests (already selected) in their order.
  public init(corpusVersion: String?, corpusDigest: String, files: [VectorFile]) {
    self.init(corpusVersion: corpusVersion, corpusDigest: corpusDigest, files: files, tests: Pack.tests(of: files))
  }

  /// The `tests` array as written: each file's tests (one a line) and the array's digest.
  struct WrittenTests {
    var chunks: [[UInt8]]
    var digest: String
  }

  /// Writes each file's tests on its own thread and hashes them in order, chunk by chunk,
  /// without joining them first.
  static func tests(of files: [VectorFile]) -> WrittenTests {
    let written = Slots<[UInt8]>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      var lines: [UInt8] = []
      for test in files[index].tests {
        if !lines.isEmpty { lines += ",\n".utf8 }
        JSONSerializer.compact.write(Pack.object(of: test, in: files[index]), to: &lines)
      }
      written.set(index, lines)
    }
    let chunks = written.values.filter { !$0.isEmpty }
    var hash = SHA256()
    hash.update(Array("[\n".utf8))
    for (index, chunk) in chunks.enumerated() {
      if index > 0 { hash.update(Array(",\n".utf8)) }
      hash.update(chunk)
    }
    hash.update(Array("\n]".utf8))
    return WrittenTests(chunks: chunks, digest: SHA256.hex(hash.finalize()))
  }

  init(corpusVersion: String?, corpusDigest: String, files: [VectorFile], tests: WrittenTests) {
    self.corpusVersion = corpusVersion
    self.corpusDigest = corpusDigest
    self.files = files
    digest = tests.digest
    let corpus: JSONValue = [
      "version": corpusVersion.map(JSONValue.string) ?? .null, "digest": .string(corpusDigest),
    ]
    var text = Array(#"{"format": "conformance-pack/1", "corpus": "#.utf8)
    JSONSerializer.compact.write(corpus, to: &text)
    text += #", "digest": ""#.utf8
    text += digest.utf8
    text += #"", "tests": "#.utf8
    text += "[\n".utf8
    text.reserveCapacity(text.count + tests.chunks.reduce(8) { $0 + $1.count + 2 })
    for (index, chunk) in tests.chunks.enumerated() {
      if index > 0 { text += ",\n".utf8 }
      text += chunk
    }
    text += "\n]}\n".utf8
    bytes = text
  }

  /// A pack as read: its bytes and digest as they stand (not written again).
  private init(read bytes: [UInt8], corpusVersion: String?, corpusDigest: String, digest: String, files: [VectorFile]) {
    self.corpusVersion = corpusVersion
    self.corpusDigest = corpusDigest
    self.files = files
    self.digest = digest
    self.bytes = bytes
  }

  public var testCount: Int { files.reduce(0) { $0 + $1.tests.count } }

  /// One test as the pack writes it: suite, id, file, description, tags, input, context,
  /// expect, and `numbers` when a number's literal is one a double may not hold exactly.
  static func object(of test: VectorTest, in file: VectorFile) -> JSONValue {
    var object: JSONObject = [
      "suite": .string(file.suite), "id": .string(test.id), "file": .string(file.path),
      "description": .string(test.description ?? ""), "tags": .array(test.tags.map(JSONValue.string)),
      "input": test.input, "context": .object(test.context), "expect": test.expectation.json,
    ]
    // Pointers are unique (an object's keys are), so members are appended without a lookup.
    var numbers: [JSONObject.Member] = []
    var pointer: [UInt8] = Array("/input".utf8)
    collectNumbers(test.input, pointer: &pointer, into: &numbers)
    pointer = Array("/context".utf8)
    collectNumbers(.object(test.context), pointer: &pointer, into: &numbers)
    pointer = Array("/expect".utf8)
    collectNumbers(test.expectation.json, pointer: &pointer, into: &numbers)
    if !numbers.isEmpty { object["numbers"] = .object(JSONObject(numbers)) }
    return .object(object)
  }

  /// Every number under `value` whose literal is not `0` and not `-?[1-9][0-9]{0,14}` (an
  /// integer every double holds exactly), by its JSON Pointer (RFC 6901), in document order.
  /// `pointer` is `value`'s, as UTF-8 bytes, extended and cut back in place: a pointer is made
  /// a string only for a number it names (inputs of 10,000 elements hold few such numbers).
  static func collectNumbers(_ value: JSONValue, pointer: inout [UInt8], into numbers: inout [JSONObject.Member]) {
    switch value {
    case .number(let number):
      if !isSafeInteger(number.literal) {
        numbers.append(.init(key: String(decoding: pointer, as: UTF8.self), value: .string(number.literal)))
      }
    case .array(let elements):
      let length = pointer.count
      for (index, element) in elements.enumerated() where element.holdsNumbers {
        pointer.append(UInt8(ascii: "/"))
        pointer += String(index).utf8
        collectNumbers(element, pointer: &pointer, into: &numbers)
        pointer.removeSubrange(length...)
      }
    case .object(let object):
      let length = pointer.count
      for member in object.members where member.value.holdsNumbers {
        pointer.append(UInt8(ascii: "/"))
        pointer += escapePointerToken(member.key).utf8
        collectNumbers(member.value, pointer: &pointer, into: &numbers)
        pointer.removeSubrange(length...)
      }
    case .null, .bool, .string:
      break
    }
  }

  /// `0`, or `-?[1-9][0-9]{0,14}`.
  static func isSafeInteger(_ literal: String) -> Bool {
    var digits = Substring(literal).utf8
    if digits.elementsEqual("0".utf8) { return true }
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"), digits.count <= 15
    else { return false }
    return digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// A key as a JSON Pointer reference token: `~` as `~0`, `/` as `~1`.
  static func escapePointerToken(_ key: String) -> String {
    guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
    return key.replacing("~", with: "~0").replacing("/", with: "~1")
  }
}

extension JSONValue {
  /// A number, or an array or object (which may hold one): what ``Pack/collectNumbers`` visits.
  fileprivate var holdsNumbers: Bool {
    switch self {
    case .number, .array, .object: return true
    case .null, .bool, .string: return false
    }
  }
}

/// Why a pack file was refused, naming the file.
public struct PackError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "pack \(path): \(reason)" }
}

extension Pack {
  /// Builds the pack of the roots' tests that load, with `selection` applied: the corpus digest
  /// and version as `run` reports them, and every file that did not load (or a manifest that
  /// does not match its files), which the pack leaves out.
  public static func build(roots: [String], loader: VectorLoader, selection: Selection) throws(VectorRootError) -> (
    pack: Pack, problems: [LoadFailure]
  ) {
    var listings: [CorpusListing] = []
    for root in roots { listings.append(try loader.survey(root: root)) }
    // Each file read once, for loading and for the corpus digest (which the manifest check
    // uses too). The digest is hashed on its own thread while the tests are written and hashed.
    let corpus = Runner(implementation: LoadingOnly(), loader: loader).loadCorpus(listings, keepingBytes: true)
    var configured = loader
    configured.decoder.declarations = corpus.declared.declarations
    let digests = Slots<(corpus: CorpusDigest, roots: [CorpusDigest])>(count: 1)
    let hashing = DispatchGroup()
    DispatchQueue.global().async(group: hashing) { [configured] in
      digests.set(0, corpus.digests(loader: configured))
    }
    var files: [VectorFile] = []
    var problems: [LoadFailure] = []
    var fileFailures: [LoadFailure] = []
    for result in corpus.files {
      switch result {
      case .failure(let failure):
        fileFailures.append(failure)
      case .success(let file):
        if let selected = Pack.selectedTests(of: file, selection: selection) { files.append(selected) }
      }
    }
    let tests = Pack.tests(of: files)
    hashing.wait()
    let (corpusDigest, rootDigests) = digests.values[0]
    var version: String? = nil
    for (listing, rootDigest) in zip(listings, rootDigests) {
      let status = CorpusManifest.check(listing, loader: configured, digest: rootDigest)
      if version == nil { version = status.version?.description }
      if let problem = Pack.manifestProblem(status), let manifest = listing.manifest {
        problems.append(LoadFailure(location: manifest, suite: nil, reason: problem))
      }
    }
    problems += fileFailures
    let pack = Pack(corpusVersion: version, corpusDigest: corpusDigest.hexValue, files: files, tests: tests)
    return (pack, problems)
  }

  /// `file` with only the tests `selection` picks (filters and shard), or `nil` when it picks none.
  static func selectedTests(of file: VectorFile, selection: Selection) -> VectorFile? {
    var file = file
    file.tests = file.tests.filter { test in
      selection.matchesFilters(test: test, in: file)
        && (selection.shard.map { $0.owns(file: file.path, id: test.id) } ?? true)
    }
    return file.tests.isEmpty ? nil : file
  }

  /// The digest of the pack ``build(roots:loader:selection:)`` makes of one root that declares
  /// no suites (no `NAME.suite.json`), from its vector files as already loaded by a
  /// ``VectorLoader`` (`results`: each file's load result, in ``VectorLoader/discover(root:)``'s
  /// order), so that a caller holding them does not read and parse the root again. As in the
  /// pack, files that did not load are left out, and so is a file using an id an earlier file
  /// of its suite holds.
  package static func digest(loaded results: [Result<VectorFile, LoadFailure>], selection: Selection) -> String {
    var owners = IDOwners()
    var files: [VectorFile] = []
    for case .success(let file) in results {
      let location = VectorFileLocation(root: file.root, path: file.path)
      guard owners.duplicateIDFailure(file.tests.map(\.id), suite: file.suite, at: location) == nil else { continue }
      if let selected = selectedTests(of: file, selection: selection) { files.append(selected) }
    }
    return tests(of: files).digest
  }

  /// A stale or malformed manifest in words; `nil` when it matches or is absent.
  static func manifestProblem(_ status: ManifestStatus) -> String? {
    switch status {
    case .absent, .matches: return nil
    case .malformed(let reason): return "malformed manifest: \(reason)"
    case .stale(let manifest, let differences):
      return
        "stale manifest (version \(manifest.version)): the files do not match it, so this is not that release ("
        + "\(differences.count) \(differences.count == 1 ? "difference" : "differences"))"
    }
  }

  /// Reads a pack written by ``init(corpusVersion:corpusDigest:files:)`` (or by anyone to
  /// this format): the format must be `conformance-pack/1`, and `digest` must be the SHA-256
  /// of the `tests` array's bytes as they stand in the file.
  public static func read(bytes: [UInt8], path: String) throws(PackError) -> Pack {
    func refuse(_ reason: String) -> PackError { PackError(path: path, reason: reason) }
    let value: JSONValue
    do {
      value = try JSONParser().parse(bytes)
    } catch {
      throw refuse("not JSON: \(error)")
    }
    guard let top = value.objectValue else { throw refuse("not a JSON object") }
    guard let format = top["format"]?.stringValue else {
      throw refuse("no \"format\"; a pack starts with \"format\": \"\(Pack.format)\"")
    }
    guard format == Pack.format else {
      throw refuse("format \(quote(format)) is not one this harness reads (\(Pack.format))")
    }
    guard let corpus = top["corpus"]?.objectValue, let corpusDigest = corpus["digest"]?.stringValue,
      CorpusManifest.isHexDigest(corpusDigest, length: 64)
    else {
      throw refuse("\"corpus\" must be an object with \"digest\" (64 lowercase hex digits) and \"version\"")
    }
    let version = corpus["version"]?.stringValue
    guard let digest = top["digest"]?.stringValue, CorpusManifest.isHexDigest(digest, length: 64) else {
      throw refuse("\"digest\" must be 64 lowercase hex digits")
    }
    guard let tests = top["tests"]?.arrayValue, let span = Pack.testsSpan(in: bytes) else {
      throw refuse("\"tests\" must be an array")
    }
    var hash = SHA256()
    hash.update(Array(bytes[span]))
    let actual = SHA256.hex(hash.finalize())
    guard actual == digest else {
      throw refuse("its tests do not match its digest (\(digest) written, \(actual) computed): the file was changed")
    }
    var files: [VectorFile] = []
    for (index, element) in tests.enumerated() {
      guard let object = element.objectValue, let suite = object["suite"]?.stringValue,
        let id = object["id"]?.stringValue, let file = object["file"]?.stringValue,
        let input = object["input"], let context = object["context"]?.objectValue,
        let expect = object["expect"]?.objectValue
      else {
        throw refuse("test \(index) lacks one of suite, id, file, input, context, expect")
      }
      let description = object["description"]?.stringValue ?? ""
      let tags = object["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
      guard let expectation = Pack.expectation(expect) else {
        throw refuse("test \(index) (\(suite) \(quote(id))) has an \"expect\" that is not the vector format's")
      }
      let test = VectorTest(
        id: id, description: description.isEmpty ? nil : description, tags: tags, input: input, context: context,
        expectation: expectation)
      if let last = files.last, last.path == file, last.suite == suite {
        files[files.count - 1].tests.append(test)
      } else {
        files.append(
          VectorFile(path: file, root: "", suite: suite, description: "", source: nil, context: [:], tests: [test]))
      }
    }
    return Pack(read: bytes, corpusVersion: version, corpusDigest: corpusDigest, digest: digest, files: files)
  }

  static func expectation(_ object: JSONObject) -> Expectation? {
    switch object["result"]?.stringValue {
    case "accept": return .accept(output: object["output"])
    case "reject": return .reject(error: object["error"]?.stringValue, field: object["field"]?.stringValue)
    default: return nil
    }
  }

  /// The byte range of the top-level `tests` member's value, `[` to `]`.
  static func testsSpan(in bytes: [UInt8]) -> ClosedRange<Int>? {
    var depth = 0
    var index = 0
    var expectsKey = false
    var lastKey: ArraySlice<UInt8> = []
    var spanStart: Int? = nil
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let start = index + 1
        index += 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if depth == 1 && expectsKey { lastKey = bytes[start..<min(index, bytes.count)] }
        expectsKey = false
      } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
        if depth == 1 && byte == UInt8(ascii: "[") && lastKey.elementsEqual("tests".utf8) { spanStart = index }
        depth += 1
        expectsKey = depth == 1
      } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        depth -= 1
        if depth == 1, let start = spanStart, byte == UInt8(ascii: "]") { return start...index }
      } else if byte == UInt8(ascii: ",") && depth == 1 {
        expectsKey = true
      }
      index += 1
    }
    return nil
  }
}

/// Loading needs no implementation; the runner wants one.
private struct LoadingOnly: Implementation {
  var name: String { "" }
  func supports(suite: String) -> Bool { false }
  func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome { .accept(output: .null) }
}
