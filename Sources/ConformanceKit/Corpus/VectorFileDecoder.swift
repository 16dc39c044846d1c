import ConformanceJSON
import ConformanceLowLevel

/// A vector file that breaks a rule of docs/vector-format.md, with where it breaks it.
public struct VectorFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where in the document, as a JSON path (`tests[3].expect.result`); empty for the whole file.
  public var location: String
  public var reason: String

  public init(location: String, reason: String) {
    self.location = location
    self.reason = reason
  }

  public var description: String { location.isEmpty ? reason : "\(location): \(reason)" }
}

/// Turns a parsed document into a ``VectorFile``, enforcing every rule of docs/vector-format.md that
/// one file can break on its own (unique ids across files are the loader's job).
public struct VectorFileDecoder: Sendable {
  static let topLevelKeys = TopLevelKey.names.map(\.description)
  static let testKeys = TestKey.names.map(\.description)

  /// The own suites of the run's roots (`NAME.suite.json`, docs/own-suites.md): their files load
  /// too, checked against the declaration.
  public var declarations: [String: SuiteDeclaration] = [:]

  public init() {}

  /// Every suite a vector file may name: the contract's, then the declared ones.
  public var knownSuites: [String] { Contract.suites + declarations.keys.sorted(by: utf8Precedes) }

  public func decode(_ document: JSONValue, path: String, root: String) throws(VectorFileError)
    -> VectorFile
  {
    guard case .object(let top) = document else {
      throw VectorFileError(
        location: "", reason: "the top level must be an object, found \(document.typeName)")
    }
    try rejectUnknownKeys(top, allowed: Self.topLevelKeys, location: "")
    let format = try requiredString(top, "format", location: "")
    guard format == Contract.format else {
      throw VectorFileError(
        location: "format",
        reason: "unsupported format \(quote(format)), expected \(quote(Contract.format))")
    }
    let suite = try requiredString(top, "suite", location: "")
    let declaration = declarations[suite]
    guard declaration != nil || Contract.suites.contains(suite) else {
      throw VectorFileError(
        location: "suite",
        reason: "unknown suite \(quote(suite))\(suggestion(for: suite, among: knownSuites))")
    }
    let description = try requiredString(top, "description", location: "")
    let source = try optionalString(top, "source", location: "")
    let context = try optionalObject(top, "context", location: "") ?? JSONObject()
    guard let testsValue = top["tests"] else {
      throw VectorFileError(location: "", reason: "missing required key \"tests\"")
    }
    guard case .array(let testValues) = testsValue else {
      throw VectorFileError(
        location: "tests", reason: "must be an array, found \(testsValue.typeName)")
    }
    guard !testValues.isEmpty else {
      throw VectorFileError(location: "tests", reason: "must hold at least one test")
    }
    var tests: [VectorTest] = []
    tests.reserveCapacity(testValues.count)
    var firstIndexByID: [String: Int] = [:]
    firstIndexByID.reserveCapacity(testValues.count)
    for (index, value) in testValues.enumerated() {
      let test = try decodeTest(value, location: "tests[\(index)]", fileContext: context)
      if let earlier = firstIndexByID.updateValue(index, forKey: test.id) {
        throw VectorFileError(
          location: "tests[\(index)].id",
          reason: "duplicate id \(quote(test.id)), first used by tests[\(earlier)]")
      }
      if let problem = declaration?.problem(with: test, fileContext: context, location: "tests[\(index)]") {
        throw problem
      }
      tests.append(test)
    }
    return VectorFile(
      path: path, root: root, suite: suite, description: description, source: source,
      context: context, tests: tests)
  }

  // Locations are autoclosures: they are only needed for an error, and building a
  // "tests[123].expect" string for every test of a passing file cost an allocation per test.
  //
  // A test's members are read in one pass into one local each (the first of a repeated key wins, as
  // with a lookup); every check then runs on those in the same order as before, so each
  // error and its text are the ones a check-by-check reading gives.
  func decodeTest(_ value: JSONValue, location: @autoclosure () -> String, fileContext: JSONObject)
    throws(VectorFileError) -> VectorTest
  {
    guard case .object(let test) = value else {
      throw VectorFileError(location: location(), reason: "a test must be an object, found \(value.typeName)")
    }
    // Locals rather than an array of slots: the array cost an allocation and its release per test.
    var idValue: JSONValue?
    var descriptionValue: JSONValue?
    var tagsValue: JSONValue?
    var inputValue: JSONValue?
    var contextValue: JSONValue?
    var expectValue: JSONValue?
    for member in test.members {
      switch TestKey(member.key) {
      case .id?: if idValue == nil { idValue = member.value }
      case .description?: if descriptionValue == nil { descriptionValue = member.value }
      case .tags?: if tagsValue == nil { tagsValue = member.value }
      case .input?: if inputValue == nil { inputValue = member.value }
      case .context?: if contextValue == nil { contextValue = member.value }
      case .expect?: if expectValue == nil { expectValue = member.value }
      case nil: throw unknownKey(member.key, allowed: Self.testKeys, location: location())
      }
    }
    let id = try requiredString(idValue, "id", location: location())
    guard Contract.isValidTestID(id) else {
      throw VectorFileError(
        location: "\(location()).id",
        reason:
          "\(quote(id)) is not a valid id (1-128 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit)")
    }
    let description = try optionalString(descriptionValue, "description", location: location())
    var tags: [String] = []
    if let tagsValue {
      guard case .array(let tagValues) = tagsValue else {
        throw VectorFileError(
          location: "\(location()).tags", reason: "must be an array of strings, found \(tagsValue.typeName)")
      }
      tags.reserveCapacity(tagValues.count)
      for (index, tag) in tagValues.enumerated() {
        guard case .string(let text) = tag else {
          throw VectorFileError(
            location: "\(location()).tags[\(index)]", reason: "must be a string, found \(tag.typeName)")
        }
        tags.append(text)
      }
    }
    guard let input = inputValue else {
      throw VectorFileError(location: location(), reason: "missing required key \"input\"")
    }
    let ownContext = try optionalObject(contextValue, "context", location: location())
    let context = ownContext.map { fileContext.merging($0) } ?? fileContext
    guard let expectValue else {
      throw VectorFileError(location: location(), reason: "missing required key \"expect\"")
    }
    let expectation = try decodeExpectation(expectValue, location: "\(location()).expect")
    return VectorTest(
      id: id, description: description, tags: tags, input: input, context: context,
      expectation: expectation)
  }

  private func decodeExpectation(_ value: JSONValue, location: @autoclosure () -> String) throws(VectorFileError)
    -> Expectation
  {
    guard case .object(let expect) = value else {
      throw VectorFileError(location: location(), reason: "must be an object, found \(value.typeName)")
    }
    // One pass: the four known members, and the first member (in document order) that each
    // kind of expectation does not allow.
    var result: JSONValue?
    var output: JSONValue?
    var error: JSONValue?
    var field: JSONValue?
    var firstNotForAccept: String?
    var firstNotForReject: String?
    for member in expect.members {
      switch ExpectKey(member.key) {
      case .result?:
        if result == nil { result = member.value }
      case .output?:
        if output == nil { output = member.value }
        if firstNotForReject == nil { firstNotForReject = member.key }
      case .error?:
        if error == nil { error = member.value }
        if firstNotForAccept == nil { firstNotForAccept = member.key }
      case .field?:
        if field == nil { field = member.value }
        if firstNotForAccept == nil { firstNotForAccept = member.key }
      case nil:
        if firstNotForAccept == nil { firstNotForAccept = member.key }
        if firstNotForReject == nil { firstNotForReject = member.key }
      }
    }
    let resultText = try requiredString(result, "result", location: location())
    switch resultText {
    case "accept":
      if let key = firstNotForAccept {
        throw unknownKey(key, allowed: ["result", "output"], location: location())
      }
      return .accept(output: output)
    case "reject":
      if let key = firstNotForReject {
        throw unknownKey(key, allowed: ["result", "error", "field"], location: location())
      }
      return .reject(
        error: try optionalString(error, "error", location: location()),
        field: try optionalString(field, "field", location: location()))
    default:
      throw VectorFileError(
        location: "\(location()).result",
        reason: "must be \"accept\" or \"reject\", found \(quote(resultText))")
    }
  }

  // MARK: Field helpers

  private func rejectUnknownKeys(_ object: JSONObject, allowed: [String], location: @autoclosure () -> String)
    throws(VectorFileError)
  {
    for member in object.members where !allowed.contains(where: { utf8Equal($0, member.key) }) {
      throw unknownKey(member.key, allowed: allowed, location: location())
    }
  }

  private func unknownKey(_ key: String, allowed: [String], location: @autoclosure () -> String)
    -> VectorFileError
  {
    let allowedList = allowed.map { quote($0) }.joined(separator: ", ")
    return VectorFileError(
      location: location(),
      reason: "unknown key \(quote(key))\(suggestion(for: key, among: allowed)) (allowed: \(allowedList))")
  }

  private func requiredString(_ object: JSONObject, _ key: String, location: @autoclosure () -> String)
    throws(VectorFileError) -> String
  {
    try requiredString(object[key], key, location: location())
  }

  private func requiredString(_ value: JSONValue?, _ key: String, location: @autoclosure () -> String)
    throws(VectorFileError) -> String
  {
    guard let value else {
      throw VectorFileError(location: location(), reason: "missing required key \(quote(key))")
    }
    guard case .string(let text) = value else {
      throw VectorFileError(
        location: join(location, key), reason: "must be a string, found \(value.typeName)")
    }
    return text
  }

  private func optionalString(_ object: JSONObject, _ key: String, location: @autoclosure () -> String)
    throws(VectorFileError) -> String?
  {
    try optionalString(object[key], key, location: location())
  }

  private func optionalString(_ value: JSONValue?, _ key: String, location: @autoclosure () -> String)
    throws(VectorFileError) -> String?
  {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      throw VectorFileError(
        location: join(location, key), reason: "must be a string, found \(value.typeName)")
    }
    return text
  }

  private func optionalObject(_ object: JSONObject, _ key: String, location: @autoclosure () -> String)
    throws(VectorFileError) -> JSONObject?
  {
    try optionalObject(object[key], key, location: location())
  }

  private func optionalObject(_ value: JSONValue?, _ key: String, location: @autoclosure () -> String)
    throws(VectorFileError) -> JSONObject?
  {
    guard let value else { return nil }
    guard case .object(let inner) = value else {
      throw VectorFileError(
        location: join(location, key), reason: "must be an object, found \(value.typeName)")
    }
    return inner
  }

  private func join(_ location: () -> String, _ key: String) -> String {
    let location = location()
    return location.isEmpty ? key : "\(location).\(key)"
  }
}

/// A key of one of the format's objects, recognised by its bytes (never by Swift's `String`
/// equality); the raw values are small, for a bit set of the keys seen.
protocol VectorFormatKey: RawRepresentable<Int> {
  /// Every key's name, at its raw value.
  static var names: [StaticString] { get }
}

extension VectorFormatKey {
  init?(bytes: ByteView) {
    // An index loop over the names read once (`firstIndex(where:)` with a closure cost a tenth
    // of reading a test's keys); `equals` compares the lengths before any byte.
    let names = Self.names
    var index = 0
    while index < names.count && !bytes.equals(names[index]) { index += 1 }
    guard index < names.count else { return nil }
    self.init(rawValue: index)
  }

  init?(_ key: String) {
    guard let found = ByteView.withUTF8(of: key, { Self(bytes: $0) }) else { return nil }
    self = found
  }
}

/// The keys a vector file's top level may hold.
enum TopLevelKey: Int, VectorFormatKey {
  case format, suite, description, source, context, tests
  static let names: [StaticString] = ["format", "suite", "description", "source", "context", "tests"]
}

/// The keys a test may hold.
enum TestKey: Int, VectorFormatKey {
  case id, description, tags, input, context, expect
  static let names: [StaticString] = ["id", "description", "tags", "input", "context", "expect"]
}

/// The keys an expectation may hold.
enum ExpectKey: Int, VectorFormatKey {
  case result, output, error, field
  static let names: [StaticString] = ["result", "output", "error", "field"]
}

package func quote(_ text: String) -> String {
  JSONSerializer.compact.string(from: .string(text))
}

/// ` (did you mean "tests"?)` when `word` is one or two edits away from a candidate.
func suggestion(for word: String, among candidates: [String]) -> String {
  let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.1 < best.0.count else {
    return ""
  }
  return " (did you mean \(quote(best.0))?)"
}

/// Levenshtein distance in Unicode scalars, for "did you mean" hints (the loader's and the
/// command line's). Words more than two scalars apart in length, or longer than 64, are reported
/// as far apart without the quadratic work: they cannot be the typos a hint is for.
public func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  if abs(a.count - b.count) > 2 || a.count > 64 { return Int.max / 2 }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
