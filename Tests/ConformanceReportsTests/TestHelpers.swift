import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceReports

/// The copied `Fixtures` folder of this test target.
func fixture(_ relative: String) -> String {
  Bundle.module.path(forResource: "Fixtures", ofType: nil)! + "/" + relative
}

let schemaPath = fixture("junit.xsd")

/// A fixed clock and host, so reports are reproducible.
let fixedTimestamp = JUnitTimestampForTests.value
enum JUnitTimestampForTests {
  static let value: Int64 = 1_714_557_600  // 2024-05-01T10:00:00Z
}

func location(_ path: String, root: String = "Vectors") -> VectorFileLocation {
  VectorFileLocation(root: root, path: path)
}

func result(
  _ id: String, _ status: TestResult.Status, nanoseconds: UInt64 = 1_000_000, description: String? = nil,
  expected: ConformanceKit.Expectation = .accept(output: nil)
) -> TestResult {
  TestResult(
    id: id, description: description, tags: [], status: status, nanoseconds: nanoseconds, actual: nil,
    expected: expected)
}

func fileReport(
  _ path: String, suite: String? = "leeep.fid", source: String? = "LEEEP iOS SDK reference",
  description: String? = "FIDs",
  results: [TestResult], nanoseconds: UInt64 = 5_000_000
) -> FileReport {
  FileReport(
    location: location(path), suite: suite, source: source, description: description, content: .results(results),
    testIDs: results.map(\.id), nanoseconds: nanoseconds)
}

func loadFailureReport(_ path: String, suite: String?, reason: String) -> FileReport {
  FileReport(
    location: location(path), suite: suite, source: nil, description: nil,
    content: .loadFailure(LoadFailure(location: location(path), suite: suite, reason: reason)), testIDs: [],
    nanoseconds: 2_000_000)
}

/// Checks docs/junit-report.md's invariant: every count attribute equals the testcases it counts, in each
/// testsuite and at the root.
func expectCountsMatchChildren(_ report: XMLReadBack, sourceLocation: SourceLocation = #_sourceLocation) {
  let suites = report.count("/testsuites/testsuite")
  for index in 1...max(suites, 1) where suites > 0 {
    let suite = "/testsuites/testsuite[\(index)]"
    #expect(
      report.string("\(suite)/@tests") == String(report.count("\(suite)/testcase")), sourceLocation: sourceLocation)
    #expect(
      report.string("\(suite)/@failures") == String(report.count("\(suite)/testcase[failure]")),
      sourceLocation: sourceLocation)
    #expect(
      report.string("\(suite)/@errors") == String(report.count("\(suite)/testcase[error]")),
      sourceLocation: sourceLocation)
    #expect(
      report.string("\(suite)/@skipped") == String(report.count("\(suite)/testcase[skipped]")),
      sourceLocation: sourceLocation)
  }
  #expect(report.string("/testsuites/@tests") == String(report.count("//testcase")), sourceLocation: sourceLocation)
  #expect(
    report.string("/testsuites/@failures") == String(report.count("//testcase[failure]")),
    sourceLocation: sourceLocation)
  #expect(
    report.string("/testsuites/@errors") == String(report.count("//testcase[error]")), sourceLocation: sourceLocation)
  #expect(
    report.string("/testsuites/@skipped") == String(report.count("//testcase[skipped]")),
    sourceLocation: sourceLocation)
}

/// Reads a report back, failing the test when it is not well-formed or not valid JUnit.
func readValidReport(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> XMLReadBack {
  let report = try XMLReadBack(path: path)
  #expect(report.validationErrors(schemaPath: schemaPath) == [], sourceLocation: sourceLocation)
  return report
}

func text(of path: String) -> String {
  String(decoding: readAllBytes(path) ?? [], as: UTF8.self)
}

/// Writes a whole report through the writer, as the runner would.
@discardableResult
func writeReport(
  _ reports: [FileReport], to destination: String, runNanoseconds: UInt64 = 42_000_000,
  bodyMemoryLimit: Int = JUnitReportFile.defaultMemoryLimit
) throws -> JUnitReportWriter {
  let writer = JUnitReportWriter(
    destination: destination, name: "conformance", hostname: "ci-host",
    timestamp: JUnitTimestamp(secondsSinceEpoch: fixedTimestamp), bodyMemoryLimit: bodyMemoryLimit)
  try writer.runStarted(fileCount: reports.count)
  var summary = RunSummary()
  for report in reports {
    try writer.fileFinished(report)
    summary.add(report)
  }
  summary.nanoseconds = runNanoseconds
  try writer.runFinished(summary)
  return writer
}
