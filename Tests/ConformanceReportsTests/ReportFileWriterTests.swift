import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceReports

@Suite struct ReportFileWriterTests {
  @Test func createsMissingFoldersAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try ReportFileWriter.writeAtomically("first\n", to: folder.path + "/a/b/report.json")
    #expect(try folder.read("a/b/report.json") == "first\n")
    try ReportFileWriter.writeAtomically("second\n", to: folder.path + "/a/b/report.json")
    #expect(try folder.read("a/b/report.json") == "second\n")
    #expect(try folder.list("a/b") == ["report.json"])
  }

  @Test func aPathSplitsIntoItsFolderAndName() {
    // A bare name is written through a temporary file in the current folder.
    #expect(FileSystem.folder(of: "report.md") == ".")
    #expect(FileSystem.folder(of: "out/report.md") == "out")
    #expect(FileSystem.lastComponent(of: "out/report.md") == "report.md")
    #expect(FileSystem.folder(of: "/report.md") == "/")
  }

  @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // The destination is a folder: the rename fails after the temporary file was written.
    try folder.write("out/report.html/keep.txt", "x")
    #expect(throws: ReportWriteError.self) {
      try ReportFileWriter.writeAtomically("<html>", to: folder.path + "/out/report.html")
    }
    #expect(try folder.list("out") == ["report.html"])
    #expect(try folder.list("out/report.html") == ["keep.txt"])
  }

  @Test func aFileInTheWayOfTheFolderIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("blocker", "x")
    do {
      try ReportFileWriter.writeAtomically("{}", to: folder.path + "/blocker/report.json")
      Issue.record("the write should fail")
    } catch {
      #expect(
        error.description == "cannot write \(folder.path)/blocker/report.json: \(folder.path)/blocker is not a folder")
    }
  }
}
