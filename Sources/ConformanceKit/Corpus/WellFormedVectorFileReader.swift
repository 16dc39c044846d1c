import ConformanceJSON
import ConformanceLowLevel

/// The fast path from bytes to a ``VectorFile``: reads a well-formed file straight from its
/// bytes with a ``JSONCursor``, building only what the file model keeps (the tests' inputs,
/// contexts and outputs as ``JSONValue``s), never the tree of the file's envelope.
///
/// It gives exactly the file that parsing with ``JSONParser`` and decoding with
/// ``VectorFileDecoder`` gives, or `nil`: for any file that breaks a rule, and for the rare
/// valid file it does not read itself (a key spelled with escapes, a file `context` written
/// after `tests`). The loader then takes the strict way, which also words every error, so the
/// errors are the decoder's alone. Building the envelope's tree (member arrays, key strings) and
/// taking it apart again was about a third of the time spent loading a file.
struct WellFormedVectorFileReader {
  var parser: JSONParser

  func read(_ bytes: [UInt8], path: String, root: String) -> VectorFile? {
    // The smallest test, `{"id":"a","input":0,"expect":{"result":"accept"}}`, takes 48 bytes:
    // room for that many ids spares growing (and rehashing) the set of ids as tests come.
    return parser.scan(bytes) { cursor in readFile(&cursor, path: path, root: root) }
  }

  private func readFile(_ cursor: inout JSONCursor, path: String, root: String) -> VectorFile? {
    var format: String?
    var suite: String?
    var description: String?
    var source: String?
    var context: JSONObject?
    var tests: (tests: [VectorTest], idHashes: [Int])?
    let read = readMembers(&cursor) { (key: TopLevelKey, cursor) -> Bool in
      switch key {
      case .format:
        format = cursor.string()
        return format != nil
      case .suite:
        suite = cursor.string()
        return suite != nil
      case .description:
        description = cursor.string()
        return description != nil
      case .source:
        source = cursor.string()
        return source != nil
      case .context:
        // The tests were read with the file's context already: the decoder takes this order.
        guard tests == nil, case .object(let object)? = cursor.value() else { return false }
        context = object
        return true
      case .tests:
        tests = readTests(&cursor, fileContext: context ?? JSONObject())
        return tests != nil
      }
    }
    guard read, cursor.isAtEnd(), format == Contract.format, let suite, Contract.suites.contains(suite),
      let description, let tests
    else { return nil }
    var file = VectorFile(
      path: path, root: root, suite: suite, description: description, source: source,
      context: context ?? JSONObject(), tests: tests.tests)
    file.idHashes = tests.idHashes
    return file
  }

  /// A non-empty array of tests with distinct ids.
  private func readTests(_ cursor: inout JSONCursor, fileContext: JSONObject)
    -> (tests: [VectorTest], idHashes: [Int])?
  {
    guard cursor.enterArray() else { return nil }
    var tests: [VectorTest] = []
    var ids = DistinctIDs()
    var repeated = RepeatedValues()
    while let more = cursor.nextElement() {
      guard more else { return tests.isEmpty ? nil : (tests, ids.hashes) }
      guard let test = readTest(&cursor, fileContext: fileContext, repeated: &repeated),
        ids.insert(test.id, among: tests)
      else {
        return nil
      }
      tests.append(test)
    }
    return nil
  }

  private func readTest(
    _ cursor: inout JSONCursor, fileContext: JSONObject, repeated: inout RepeatedValues
  ) -> VectorTest? {
    var id: String?
    var description: String?
    var tags: [String] = []
    var input: JSONValue?
    var ownContext: JSONObject?
    var expectation: Expectation?
    let read = readMembers(&cursor) { (key: TestKey, cursor) -> Bool in
      switch key {
      case .id:
        id = cursor.string()
        return id != nil
      case .description:
        description = repeated.descriptions.read(&cursor) { $0.string() }
        return description != nil
      case .tags:
        guard let list = repeated.tags.read(&cursor, { readStrings(&$0) }) else { return false }
        tags = list
        return true
      case .input:
        input = cursor.value()
        return input != nil
      case .context:
        guard case .object(let object)? = cursor.value() else { return false }
        ownContext = object
        return true
      case .expect:
        expectation = readExpectation(&cursor)
        return expectation != nil
      }
    }
    guard read, let id, Contract.isValidTestID(id), let input, let expectation else { return nil }
    return VectorTest(
      id: id, description: description, tags: tags, input: input,
      context: ownContext.map { fileContext.merging($0) } ?? fileContext, expectation: expectation)
  }

  private func readStrings(_ cursor: inout JSONCursor) -> [String]? {
    guard cursor.enterArray() else { return nil }
    var strings: [String] = []
    while let more = cursor.nextElement() {
      guard more else { return strings }
      guard let text = cursor.string() else { return nil }
      strings.append(text)
    }
    return nil
  }

  private func readExpectation(_ cursor: inout JSONCursor) -> Expectation? {
    var result: String?
    var output: JSONValue?
    var error: String?
    var field: String?
    let read = readMembers(&cursor) { (key: ExpectKey, cursor) -> Bool in
      switch key {
      case .result:
        result = cursor.string()
        return result != nil
      case .output:
        output = cursor.value()
        return output != nil
      case .error:
        error = cursor.string()
        return error != nil
      case .field:
        field = cursor.string()
        return field != nil
      }
    }
    guard read else { return nil }
    switch result {
    case "accept"? where error == nil && field == nil: return .accept(output: output)
    case "reject"? where output == nil: return .reject(error: error, field: field)
    default: return nil
    }
  }

  /// Reads the object that comes next, handing each member's key to `read`, which reads the
  /// value; `false` at anything but known keys, each at most once, whose values `read` takes
  /// (an unknown or repeated key is an error the decoder words).
  ///
  @inline(__always)
  private func readMembers<Key: VectorFormatKey>(
    _ cursor: inout JSONCursor, _ read: (Key, inout JSONCursor) -> Bool
  ) -> Bool {
    guard cursor.enterObject() else { return false }
    var seen = SeenKeys()
    while true {
      switch cursor.nextKey() {
      case .end: return true
      case .invalid: return false
      case .key(let bytes):
        guard let key = Key(bytes: bytes), seen.insert(key.rawValue), read(key, &cursor) else { return false }
      }
    }
  }
}

/// What a file repeats from test to test: values, each text read once per file and shared by
/// the tests that repeat it (see ``JSONRepeatedTexts``; most files give many tests one
/// description or one list of tags).
private struct RepeatedValues {
  var descriptions = RepeatedValue<String>()
  var tags = RepeatedValue<[String]>()
}

/// The values read for one key of the tests, by ``JSONRepeatedTexts`` slot.
private struct RepeatedValue<Value> {
  private var texts = JSONRepeatedTexts()
  private var values: [Value?] = Array(repeating: nil, count: JSONRepeatedTexts.slotCount)

  /// The value that comes next: the one read for the same text before, or `read`'s.
  mutating func read(_ cursor: inout JSONCursor, _ read: (inout JSONCursor) -> Value?) -> Value? {
    guard let found = cursor.repeatedText(in: texts) else { return read(&cursor) }
    // (A repeat always has its value; were it missing, `nil` sends the file the strict way.)
    if found.isRepeat { return values[found.slot] }
    guard let value = read(&cursor) else { return nil }
    if cursor.recordRepeatedText(found, in: &texts) { values[found.slot] = value }
    return value
  }
}

/// Which of an object's known keys were read, by their raw values (an allocation-free set).
private struct SeenKeys {
  private var bits: UInt32 = 0

  /// Adds the key; `false` when it was there already.
  mutating func insert(_ rawValue: Int) -> Bool {
    let bit: UInt32 = 1 << UInt32(rawValue)
    defer { bits |= bit }
    return bits & bit == 0
  }
}

/// The ids of a file's tests so far, to refuse a repeated one: their `IDTable.hash`es (kept for
/// the run's check across files) and test numbers by hash (``ProbeSlots``), the ids themselves
/// compared in the tests (a `Set<String>` hashed and copied each id once more).
private struct DistinctIDs {
  private(set) var hashes: [Int] = []
  private var slots = ProbeSlots()

  /// Adds `id`, the id of test number `tests.count`; `false` when an earlier test has it.
  mutating func insert(_ id: String, among tests: [VectorTest]) -> Bool {
    let hash = IDTable.hash(id)
    guard slots.first(hash: hash, where: { utf8Equal(tests[$0].id, id) }) == nil else { return false }
    hashes.append(hash)
    slots.append(hash: hash)
    return true
  }
}
