import ConformanceJSON

/// One loaded vector file (docs/vector-format.md).
public struct VectorFile: Sendable {
  /// The path relative to its vectors root, `/`-separated: the JUnit `<testsuite>` name.
  public var path: String
  /// The vectors root the file was found under, as given on the command line.
  public var root: String
  public var suite: String
  public var description: String
  public var source: String?
  public var context: JSONObject
  public var tests: [VectorTest]
  /// `IDTable.hash` of each test's id, when the reader worked them out (it checks that the ids
  /// are distinct); the run checks them across files with these instead of hashing again.
  var idHashes: [Int] = []

  public init(
    path: String, root: String, suite: String, description: String, source: String?,
    context: JSONObject, tests: [VectorTest]
  ) {
    self.path = path
    self.root = root
    self.suite = suite
    self.description = description
    self.source = source
    self.context = context
    self.tests = tests
  }

  /// The file's path as a user types it: root joined with the relative path.
  public var displayPath: String { VectorFile.join(root, path) }

  static func join(_ root: String, _ path: String) -> String {
    if root.isEmpty || root == "." { return path }
    return root.hasSuffix("/") ? root + path : root + "/" + path
  }
}

/// One test of a vector file.
///
/// Its fields live in one shared, copy-on-write box: the run hands each test from the file to
/// the selection, the implementation and its result, and a copy is one reference count where
/// six fields' copies (and their destruction) were a visible share of a run's instructions.
public struct VectorTest: Sendable {
  private final class Fields: Sendable {
    let id: String
    let description: String?
    let tags: [String]
    let input: JSONValue
    let context: JSONObject
    let expectation: Expectation

    init(
      id: String, description: String?, tags: [String], input: JSONValue, context: JSONObject,
      expectation: Expectation
    ) {
      self.id = id
      self.description = description
      self.tags = tags
      self.input = input
      self.context = context
      self.expectation = expectation
    }
  }

  private var fields: Fields

  public var id: String {
    get { fields.id }
    set { change(id: newValue) }
  }
  public var description: String? {
    get { fields.description }
    set { change(description: .some(newValue)) }
  }
  public var tags: [String] {
    get { fields.tags }
    set { change(tags: newValue) }
  }
  public var input: JSONValue {
    get { fields.input }
    set { change(input: newValue) }
  }
  /// The file's context with the test's own context merged over it, key by key.
  public var context: JSONObject {
    get { fields.context }
    set { change(context: newValue) }
  }
  public var expectation: Expectation {
    get { fields.expectation }
    set { change(expectation: newValue) }
  }

  public init(
    id: String, description: String?, tags: [String], input: JSONValue, context: JSONObject,
    expectation: Expectation
  ) {
    fields = Fields(
      id: id, description: description, tags: tags, input: input, context: context, expectation: expectation)
  }

  /// A setter's work: a new box with one field replaced (tests and tools change tests rarely).
  private mutating func change(
    id: String? = nil, description: String?? = nil, tags: [String]? = nil, input: JSONValue? = nil,
    context: JSONObject? = nil, expectation: Expectation? = nil
  ) {
    fields = Fields(
      id: id ?? fields.id, description: description ?? fields.description, tags: tags ?? fields.tags,
      input: input ?? fields.input, context: context ?? fields.context,
      expectation: expectation ?? fields.expectation)
  }
}

/// A test's `expect` object.
public enum Expectation: Sendable {
  /// `{"result": "accept"}`, with `output` compared when given.
  case accept(output: JSONValue?)
  /// `{"result": "reject"}`, with `error` and `field` each compared when given.
  case reject(error: String?, field: String?)

  /// The expectation as written in the vector format.
  public var json: JSONValue {
    switch self {
    case .accept(let output):
      var object: JSONObject = ["result": "accept"]
      if let output { object["output"] = output }
      return .object(object)
    case .reject(let error, let field):
      var object: JSONObject = ["result": "reject"]
      if let error { object["error"] = .string(error) }
      if let field { object["field"] = .string(field) }
      return .object(object)
    }
  }
}

extension Expectation: Equatable {
  /// Byte-for-byte on codes and fields, as ``Outcome`` compares.
  public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
    switch (lhs, rhs) {
    case (.accept(let a), .accept(let b)): a == b
    case (.reject(let errorA, let fieldA), .reject(let errorB, let fieldB)):
      sameBytes(errorA, errorB) && sameBytes(fieldA, fieldB)
    default: false
    }
  }
}
