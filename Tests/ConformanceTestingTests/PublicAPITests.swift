// Only these two imports, as a new team's test file has them: what `import ConformanceTesting`
// brings must not clash with Swift Testing (`Expectation` below is Swift Testing's, written
// unqualified), and must be enough to write a conformance test. Scripts/public-api.sh checks
// the other side: the harness's internals (`Runner`, `SHA256`, `ByteWord`, `editDistance`) are
// not in scope.
import ConformanceTesting
import Testing

@Suite struct PublicAPITests {
  /// Swift Testing's `Expectation` is the one in scope; the vector's is `ConformanceExpectation`.
  @Test func expectationIsSwiftTestingsAndTheVectorsHasItsOwnName() throws {
    let swiftTestingType: Expectation.Type = Expectation.self
    #expect("\(swiftTestingType)" == "Expectation")
    let vector = try #require(try ConformanceVectors.load(suite: "leeep.fid").first)
    let expected: ConformanceExpectation = vector.expectation
    #expect("\(type(of: expected))" == "Expectation")
  }

  /// The types a test needs come with the module: an input, an outcome, a context.
  @Test func aTestCanBeWrittenWithTheModuleAlone() throws {
    let input: JSONValue = .string("cAAAAAAAAAAAAAAAAAAAAA")
    let context: JSONObject = ["platform": "ios"]
    let outcome: Outcome = .accept(output: input)
    let number = JSONNumber(3)
    #expect(context["platform"] == .string("ios"))
    #expect(number == JSONNumber(3))
    if case .accept(let output) = outcome { #expect(output == input) } else { Issue.record("not an accept") }
  }
}
