@_exported import ConformanceJSON
@_exported import ConformanceKit
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
/// shows one test case per vector.
public struct ConformanceVector: Sendable, CustomTestStringConvertible {
  public var suite: String
  public var id: String
  /// The vector file, as its vectors root joined with its relative path.
  public var file: String
  /// What the vector tests, when its file says.
  public var summary: String?
  public var tags: [String]
  public var input: JSONValue
  /// The file's context with the test's own merged over it.
  public var context: JSONObject
  public var expectation: ConformanceKit.Expectation

  public init(
    suite: String, id: String, file: String, summary: String?, tags: [String], input: JSONValue,
    context: JSONObject, expectation: ConformanceKit.Expectation
  ) {
    self.suite = suite
    self.id = id
    self.file = file
    self.summary = summary
    self.tags = tags
    self.input = input
    self.context = context
    self.expectation = expectation
  }

  public var testDescription: String { "\(suite) \(id)" }
}
