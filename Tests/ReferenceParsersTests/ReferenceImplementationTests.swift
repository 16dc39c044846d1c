import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// The reference finds each suite's parser by the name's bytes.
@Suite struct ReferenceImplementationLookupTests {
  @Test func everySuiteOfTheContractIsFoundByItsExactName() {
    let reference = ReferenceImplementation()
    #expect(Contract.suites.filter { !reference.supports(suite: $0) } == [])
    for name in ["leeep.fid ", "LEEEP.fid", "leeep.fi", "", "leeep.fid\u{301}"] {
      #expect(!reference.supports(suite: name), "\(name)")
    }
  }

  @Test func anUnknownSuiteIsAContextErrorNamingIt() {
    #expect(throws: ContextError(key: "suite", reason: "no reference parser for leeep.fidx")) {
      try ReferenceImplementation().evaluate(suite: "leeep.fidx", input: .string("x"), context: JSONObject())
    }
  }

  /// The parser the reference runs is the suite's own: a valid installation id is accepted
  /// under `leeep.fid` and is not an object for `leeep.push.destination`.
  @Test func eachNameReachesItsOwnParser() throws {
    let reference = ReferenceImplementation()
    let fid = JSONValue.string("fDqfdeBfciFB4nj0lVJJXf")
    #expect(try reference.evaluate(suite: "leeep.fid", input: fid, context: JSONObject()) == .accept(output: fid))
    #expect(
      try reference.evaluate(suite: "leeep.push.destination", input: fid, context: JSONObject())
        == .reject(error: "not_an_object", field: nil))
  }
}
