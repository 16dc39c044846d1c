import ConformanceJSON

/// A vector file the generator produces: its path under `Vectors/` and its document.
public struct GeneratedFile: Sendable {
  /// Relative to the vectors root, `/`-separated, ending in `.json`.
  public let path: String
  public let document: JSONValue

  public init(path: String, document: JSONValue) {
    self.path = path
    self.document = document
  }

  /// The exact bytes written to disk: pretty JSON and a final newline.
  public var text: String { JSONSerializer.pretty.string(from: document) + "\n" }
}

/// What a generated vector expects. Generated vectors always name the error they expect, taken
/// from the rule the vector breaks, never from running an implementation.
public enum GeneratedExpectation: Sendable {
  case accept(output: JSONValue?)
  case reject(error: String, field: String?)

  public static func reject(_ error: String) -> GeneratedExpectation { .reject(error: error, field: nil) }
  public static func reject(_ error: String, field: String) -> GeneratedExpectation {
    .reject(error: error, field: field)
  }

  var json: JSONValue {
    switch self {
    case .accept(let output):
      var object: JSONObject = ["result": "accept"]
      if let output { object["output"] = output }
      return .object(object)
    case .reject(let error, let field):
      var object: JSONObject = ["result": "reject", "error": .string(error)]
      if let field { object["field"] = .string(field) }
      return .object(object)
    }
  }
}

/// A test as a suite's ``VendorNote`` sees it: what it gives the implementation, what it
/// expects, and the rules its generator names where the expectation alone does not say which
/// rule the test exercises (e.g. that a lenient JSON reader still reads its text).
public struct GeneratedTest: Sendable {
  public let input: JSONValue
  /// The file's context with the test's own merged over it, key by key.
  public let context: JSONObject
  public let expect: GeneratedExpectation
  public let rules: Set<String>
}

/// A suite's list of the rules its vendor's published SDK does not follow (the suite's page,
/// "The vendor's SDK"). A test whose expected result depends on one of them gets the
/// `vendor-divergence` tag, decided here from the rule the test exercises and never written by
/// hand in a generator.
public struct VendorNote: Sendable {
  public static let tag = "vendor-divergence"

  /// The names of the listed rules `test`'s expected result depends on (empty: the vendor's SDK
  /// gives the same result).
  public let rules: @Sendable (GeneratedTest) -> [String]

  public init(rules: @escaping @Sendable (GeneratedTest) -> [String]) {
    self.rules = rules
  }
}

/// Builds one vector file in the contract's format, keeping tests in the order added.
public struct VectorFileBuilder: Sendable {
  public let suite: String
  public let description: String
  public let source: String?
  public let context: JSONObject?
  /// Set for a suite whose vendor's SDK was measured; adds `vendor-divergence` where it applies.
  public let vendorNote: VendorNote?
  public private(set) var tests: [JSONValue] = []
  private var ids: Set<String> = []
  /// What leads every description that does not already name it (`ios: …`, `custom_action: …`),
  /// from a test's input and merged context: a suite that checks one rule under several
  /// platforms or channels says which one each vector is about, so that no two of its vectors
  /// share a description.
  public var descriptionLead: (@Sendable (_ input: JSONValue, _ context: JSONObject) -> String?)?

  /// A lead taken from the context key `key`.
  public static func lead(fromContext key: String) -> @Sendable (JSONValue, JSONObject) -> String? {
    { _, context in context[key]?.stringValue }
  }

  public init(
    suite: String, description: String, source: String? = nil, context: JSONObject? = nil,
    vendorNote: VendorNote? = nil
  ) {
    self.suite = suite
    self.description = description
    self.source = source
    self.context = context
    self.vendorNote = vendorNote
  }

  /// Adds a test. `id` must be stable: derive it from what the test checks, never from its
  /// position or content, so that adding a vector never renames another. `rules` names rules
  /// the test exercises that its expectation does not show, for the suite's ``VendorNote``.
  public mutating func add(
    id: String, description: String, tags: [String], input: JSONValue, context: JSONObject? = nil,
    expect: GeneratedExpectation, rules: Set<String> = []
  ) {
    precondition(ids.insert(id).inserted, "duplicate generated id \(id) in a \(suite) file")
    precondition(!tags.contains(VendorNote.tag), "\(id): \(VendorNote.tag) comes from the suite's VendorNote")
    var tags = tags
    if let vendorNote {
      var merged = self.context ?? [:]
      for member in (context ?? [:]).members { merged[member.key] = member.value }
      let test = GeneratedTest(input: input, context: merged, expect: expect, rules: rules)
      if !vendorNote.rules(test).isEmpty { tags.append(VendorNote.tag) }
    }
    var description = description
    if let descriptionLead {
      var merged = self.context ?? [:]
      for member in (context ?? [:]).members { merged[member.key] = member.value }
      if let value = descriptionLead(input, merged), !value.isEmpty, !description.contains(value) {
        description = "\(value): \(description)"
      }
    }
    var test: JSONObject = ["id": .string(id), "description": .string(description)]
    if !tags.isEmpty { test["tags"] = .array(tags.map { .string($0) }) }
    test["input"] = input
    if let context { test["context"] = .object(context) }
    test["expect"] = expect.json
    tests.append(.object(test))
  }

  public var isEmpty: Bool { tests.isEmpty }

  public func file(at path: String) -> GeneratedFile {
    var top: JSONObject = [
      "format": "conformance-vectors/1", "suite": .string(suite), "description": .string(description),
    ]
    if let source { top["source"] = .string(source) }
    if let context { top["context"] = .object(context) }
    top["tests"] = .array(tests)
    return GeneratedFile(path: path, document: .object(top))
  }
}

extension JSONValue {
  /// Parses JSON text written in a generator (a vendor document's example, verbatim). Traps on invalid
  /// text: generator sources are fixed, so that is a bug to fix at once.
  public static func parsing(_ text: String) -> JSONValue {
    do {
      return try JSONParser().parse(text)
    } catch {
      preconditionFailure("invalid JSON in a generator: \(error)")
    }
  }
}
