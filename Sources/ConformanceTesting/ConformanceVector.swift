import ConformanceJSON
import ConformanceKit
import Testing

/// One test of a vector file, ready to be a Swift Testing argument:
///
/// ```swift
/// @Test(arguments: try ConformanceVectors.load(suite: "leeep.fid"))
/// func fid(_ vector: ConformanceVector) {
///   expectConformance(vector, MyPort.fid(vector.input))
/// }
/// ```
///
/// Swift Testing lists each argument by ``testDescription`` (`leeep.fid length.21`), so a run
/// shows one test case per vector, and identifies it by ``id-swift.property`` (suite and id,
/// ``encodeTestArgument(to:)``), so a single failing vector can be run again on its own (Xcode's
/// re-run of one argument), even after its input or expectation changed.
public struct ConformanceVector: Sendable, CustomTestStringConvertible, CustomTestArgumentEncodable, Identifiable,
  Encodable
{
  /// A vector's identity in the corpus: its suite and its id (unique within the suite).
  public struct ID: Sendable, Hashable, Codable, CustomStringConvertible {
    public var suite: String
    public var id: String

    public init(suite: String, id: String) {
      self.suite = suite
      self.id = id
    }

    public var description: String { "\(suite) \(id)" }
  }

  public var suite: String
  /// The vector's id within its suite; ``id-swift.property`` pairs it with the suite.
  public var vectorID: String
  /// The vector file, as its vectors root joined with its relative path.
  public var file: String
  /// The vector file's path relative to its vectors root, `/`-separated.
  public var path: String
  /// What the vector tests, when its file says.
  public var summary: String?
  public var tags: [String]
  public var input: JSONValue
  /// The file's context with the test's own merged over it.
  public var context: JSONObject
  public var expectation: ConformanceExpectation
  /// Whether a ``ConformanceImplementation`` loaded it, so its answer can be recorded under
  /// that implementation's name (`CONFORMANCE_ANSWERS`).
  package var loadedForAnswers = false

  public init(
    suite: String, id: String, file: String, path: String? = nil, summary: String?, tags: [String],
    input: JSONValue, context: JSONObject, expectation: ConformanceExpectation
  ) {
    self.suite = suite
    self.vectorID = id
    self.file = file
    self.path = path ?? file
    self.summary = summary
    self.tags = tags
    self.input = input
    self.context = context
    self.expectation = expectation
  }

  /// The suite and the vector's id.
  public var id: ID { ID(suite: suite, id: vectorID) }

  public var testDescription: String { "\(suite) \(vectorID)" }

  /// The test case's identity for Swift Testing: ``id-swift.property`` only. Without it Swift
  /// Testing would encode the whole vector (``encode(to:)``) for every case and hash the bytes,
  /// an eighth of a debug run over the shipped corpus.
  public func encodeTestArgument(to encoder: some Encoder) throws {
    try id.encode(to: encoder)
  }

  private enum CodingKeys: String, CodingKey {
    case suite, id, file, description, tags, input, context, expect
  }

  /// The vector as the pack format writes a test (`suite`, `id`, `file` relative to its root,
  /// `description`, `tags`), with `input`, `context` and `expect` as their JSON text, which keeps
  /// every number exactly as written (an `Encoder` would turn big or decimal numbers into doubles).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(suite, forKey: .suite)
    try container.encode(vectorID, forKey: .id)
    try container.encode(path, forKey: .file)
    try container.encode(summary ?? "", forKey: .description)
    try container.encode(tags, forKey: .tags)
    try container.encode(JSONSerializer.compact.string(from: input), forKey: .input)
    try container.encode(JSONSerializer.compact.string(from: .object(context)), forKey: .context)
    try container.encode(JSONSerializer.compact.string(from: expectation.json), forKey: .expect)
  }
}
