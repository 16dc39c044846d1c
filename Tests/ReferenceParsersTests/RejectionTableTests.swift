import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

/// ``Contract/rejections`` (what `conformance lint` checks `expect` against) must say what the
/// reference parsers answer: every suite has an entry; every code and listed field the reference
/// gives on the shipped corpus is in its suite's entry; and every code in an entry is given by
/// the reference on some shipped vector (so the table is no wider than the contract).
@Suite struct RejectionTableTests {
  @Test func everySuiteHasAnEntry() {
    for suite in Contract.suites {
      #expect(Contract.rejections[suite] != nil, "\(suite) has no entry in Contract.rejections")
    }
  }

  @Test func theTableAgreesWithTheReferenceOnTheShippedCorpus() throws {
    let reference = ReferenceImplementation()
    var given: [String: Set<String>] = [:]
    for location in try VectorLoader().discover(root: "Vectors") {
      guard case .success(let file) = VectorLoader().load(location), reference.supports(suite: file.suite) else {
        continue
      }
      let entry = try #require(Contract.rejections[file.suite])
      for test in file.tests {
        guard
          case .reject(let code, let field)? = try? reference.evaluate(
            suite: file.suite, input: test.input, context: test.context)
        else { continue }
        given[file.suite, default: []].insert(code)
        #expect(entry.codes.contains(code), "\(file.suite) \(test.id): \(code) is not in the table")
        if let field, let fields = entry.fields {
          #expect(fields.contains(field), "\(file.suite) \(test.id): field \(field) is not in the table")
        }
      }
    }
    for suite in Contract.suites where reference.supports(suite: suite) {
      for code in Contract.rejections[suite]?.codes ?? [] {
        #expect(given[suite]?.contains(code) == true, "\(suite): no shipped vector makes the reference answer \(code)")
      }
    }
  }
}
