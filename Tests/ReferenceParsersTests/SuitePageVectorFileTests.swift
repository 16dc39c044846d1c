import ConformanceJSON
import ConformanceKit
import Foundation
import ReferenceParsers
import Testing

/// Each suite page (and docs/suites/traces.md) shows a whole vector file under "## A whole
/// vector file": the file a newcomer copies first. It must lint clean, be of the page's suite,
/// hold every top-level key a file needs, and pass against the reference parsers as written.
@Suite struct SuitePageVectorFileTests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/suites").path

  static var pages: [String] {
    Contract.suites.map { "\($0).md" } + ["traces.md"]
  }

  /// The first ```json block after the heading.
  static func vectorFile(in page: String) throws -> String {
    let text = try String(contentsOfFile: docs + "/" + page, encoding: .utf8)
    let heading = try #require(text.range(of: "\n## A whole vector file\n"), "\(page) has no whole vector file")
    let rest = text[heading.upperBound...]
    let open = try #require(rest.range(of: "```json\n"))
    let close = try #require(rest[open.upperBound...].range(of: "\n```\n"))
    #expect(
      rest[..<open.lowerBound].contains("](../vector-format.md)"), "\(page) does not link docs/vector-format.md there")
    return String(rest[open.upperBound..<close.lowerBound]) + "\n"
  }

  @Test(arguments: pages) func theWholeFileLintsCleanAndPassesAsWritten(page: String) throws {
    let text = try Self.vectorFile(in: page)
    let top = try #require(try JSONParser().parse(Array(text.utf8)).objectValue)
    #expect(top.members.map(\.key).prefix(4) == ["format", "suite", "description", "source"])
    #expect(top["format"] == .string(Contract.format))
    let suite = try #require(top["suite"]?.stringValue)
    if page != "traces.md" { #expect(suite + ".md" == page) }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-file-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try text.write(toFile: folder + "/file.json", atomically: true, encoding: .utf8)
    let lint = try VectorLint().lint(roots: [folder])
    #expect(lint.problems.map(\.description) == [], "\(page)")
    #expect(lint.tests >= 1)

    final class Collect: RunObserver {
      var results: [TestResult] = []
      func fileFinished(_ report: FileReport) throws {
        if case .results(let results) = report.content { self.results += results }
      }
    }
    let collect = Collect()
    let summary = try Runner(implementation: ReferenceImplementation()).run(roots: [folder], observers: [collect])
    #expect(summary.totals.loadErrors == 0)
    #expect(summary.totals.passed == lint.tests && summary.exitStatus == 0, "\(page): \(collect.results.map(\.status))")
  }
}
