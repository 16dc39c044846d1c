import ConformanceJSON
import Testing

@testable import ConformanceKit

/// A result keeps its test's fields by sharing the test's storage; these check that what it
/// says is what it was given, field by field, and that changing one changes nothing else.
@Suite struct TestResultTests {
  let test = VectorTest(
    id: "fid.valid.a", description: "a well-formed id", tags: ["valid"], input: "cAbCdEfGhIjKlMnOpQrStU",
    context: ["website_id": "1024"], expectation: .accept(output: "cAbCdEfGhIjKlMnOpQrStU"))

  @Test func aResultMadeWithThePublicInitialiserHasNoInputAndNoContext() {
    let result = TestResult(
      id: "a", description: nil, tags: [], status: .passed, nanoseconds: 7, actual: nil, expected: .accept(output: nil))
    // `JSONValue` takes `nil` for `.null`: a missing input must stay missing, not become null.
    #expect(result.input == nil)
    #expect(result.context == nil)
    #expect(result.id == "a" && result.description == nil && result.tags.isEmpty && result.nanoseconds == 7)
    #expect(result.expected == .accept(output: nil))
  }

  @Test func aResultOfATestHasTheTestsFields() {
    let result = TestResult(test: test, status: .passed, nanoseconds: 3, actual: nil, log: "line")
    #expect(result.id == test.id)
    #expect(result.description == test.description)
    #expect(result.tags == test.tags)
    #expect(result.input == test.input)
    #expect(result.context == test.context)
    #expect(result.expected == test.expectation)
    #expect(result.log == "line")
  }

  @Test func anEmptyContextIsNoContext() {
    var noContext = test
    noContext.context = JSONObject()
    #expect(TestResult(test: noContext, status: .passed, nanoseconds: 0, actual: nil, log: nil).context == nil)
  }

  @Test func settingAFieldChangesThatFieldOnly() {
    var result = TestResult(test: test, status: .passed, nanoseconds: 3, actual: nil, log: nil)
    let copy = result
    result.id = "fid.valid.b"
    result.input = nil
    result.context = ["website_id": "2048"]
    #expect(result.id == "fid.valid.b" && result.input == nil && result.context == ["website_id": "2048"])
    #expect(result.description == test.description && result.expected == test.expectation)
    // The copy made before, and the test, are as they were.
    #expect(copy.id == test.id && copy.input == test.input && copy.context == test.context)
    result.input = .null
    #expect(result.input == .some(.null))
    result.context = nil
    #expect(result.context == nil)
  }
}
