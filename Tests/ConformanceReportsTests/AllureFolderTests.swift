import ConformanceJSON
import ConformanceKit
import Foundation
import Testing

@testable import ConformanceReports

/// The results folder's file work: creating the files by name in the staging folder, checking
/// a folder before it is replaced, removing the folder it replaced, and rendering each expected
/// outcome once per vector file without changing a byte.
@Suite struct AllureFolderTests {
  static func makeFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("allure-folder-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  static let uuidName = "0b1c2d3e-0000-4000-8000-000000000000-result.json"

  /// A symbolic link given as the folder to remove is not followed: what it points to stays.
  @Test func removingATreeNeverFollowsALink() throws {
    let base = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    try FileManager.default.createDirectory(atPath: base + "/target", withIntermediateDirectories: false)
    try Self.write("keep", to: base + "/target/" + Self.uuidName)
    try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/target")
    AllureResultsWriter.removeTree(base + "/link")
    #expect(FileManager.default.fileExists(atPath: base + "/target/" + Self.uuidName))
  }

  @Test func removingATreeRemovesItsFilesAndSubfolders() throws {
    let base = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let tree = base + "/old"
    try FileManager.default.createDirectory(atPath: tree + "/history", withIntermediateDirectories: true)
    try Self.write("{}", to: tree + "/" + Self.uuidName)
    try Self.write("{}", to: tree + "/history/history.json")
    try FileManager.default.createSymbolicLink(atPath: tree + "/elsewhere", withDestinationPath: base)
    AllureResultsWriter.removeTree(tree)
    #expect(!FileManager.default.fileExists(atPath: tree))
    #expect(FileManager.default.fileExists(atPath: base))
  }

  /// The name a refusal quotes is the first foreign one in byte order, however the folder
  /// lists them; in a folder without the marker every name is foreign.
  @Test func theForeignEntryNamedIsTheFirstInByteOrder() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["zeta.txt", "beta", "Alpha", Self.uuidName] { try Self.write("x", to: folder + "/" + name) }
    try FileManager.default.createDirectory(atPath: folder + "/history", withIntermediateDirectories: false)
    #expect(try AllureResultsWriter.foreignEntry(in: folder) == Self.uuidName)
    try Self.write("{}", to: folder + "/" + AllureResultsWriter.markerName)
    #expect(try AllureResultsWriter.foreignEntry(in: folder) == "Alpha")
    for name in ["zeta.txt", "beta", "Alpha"] { try FileManager.default.removeItem(atPath: folder + "/" + name) }
    #expect(try AllureResultsWriter.foreignEntry(in: folder) == nil)
  }

  @Test func filesAreCreatedWithTheirBytesAndNeverOverwritten() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = AllureFile(name: Self.uuidName, bytes: Array("{\"name\": \"日本\"}".utf8))
    let writer = FolderWriter(folder: folder)
    writer.write([file])
    #expect(writer.finish() == nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + Self.uuidName)) == Data(file.bytes))
    let again = FolderWriter(folder: folder)
    again.write([AllureFile(name: Self.uuidName, bytes: [0x7B, 0x7D])])
    #expect(again.finish() == "cannot create \(folder)/\(Self.uuidName): File exists")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + Self.uuidName)) == Data(file.bytes))
  }

  @Test func aMissingFolderIsAFailureNamingIt() throws {
    let folder = try Self.makeFolder() + "/gone"
    let writer = FolderWriter(folder: folder)
    writer.write([AllureFile(name: Self.uuidName, bytes: [0x7B, 0x7D])])
    #expect(writer.finish() == "cannot open \(folder): No such file or directory")
  }

  /// An expected outcome is reused only for a value that serializes to the same bytes: `==`
  /// ignores member order and compares numbers by value, the file does not.
  @Test func expectedOutcomesAreReusedOnlyWhenWrittenAlike() {
    let values: [JSONValue] = [
      ["result": "reject", "error": "invalid_fid"],
      ["error": "invalid_fid", "result": "reject"],
      ["result": "accept", "value": .number(JSONNumber(uncheckedLiteral: "1.0"))],
      ["result": "accept", "value": .number(JSONNumber(uncheckedLiteral: "1"))],
      ["result": "accept", "value": "e\u{301}"],
      ["result": "accept", "value": "\u{E9}"],
      ["result": "accept", "value": [1, 2]],
      ["result": "accept", "value": [2, 1]],
    ]
    var outcomes = AllureResult.RenderedOutcomes()
    // Twice over, and past the capacity, so that some come from the cache and some do not.
    let many = values + values + (0..<AllureResult.RenderedOutcomes.capacity).map { JSONValue.number(JSONNumber($0)) }
    for value in many + values {
      let attachment = outcomes.expected(value)
      var expected = JSONSerializer.pretty.bytes(from: value)
      expected.append(0x0A)
      #expect(attachment.bytes == expected)
      #expect(attachment.key == ContentKey(expected))
      #expect(attachment.source == ContentKey(expected).uuidText + "-attachment.json")
      #expect(attachment.label == "expected")
    }
  }

  /// 32 hex digits of SHA-256 over the parts, each followed by a 0x00 byte (reports.md).
  @Test func idsAreTheDigestsFirstHalf() {
    let whole = SHA256.hexDigest(Array("impl\u{0}leeep.fid\u{0}id-1\u{0}".utf8))
    #expect(AllureResult.digest(["impl", "leeep.fid", "id-1"]) == String(whole.prefix(32)))
  }
}

extension AllureFolderTests {
  /// Enough files for the removal to share them among threads: every one goes.
  @Test func removingManyFilesLeavesNone() throws {
    let base = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: base) }
    let tree = base + "/old"
    try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: false)
    for index in 0..<1100 { FileManager.default.createFile(atPath: tree + "/file-\(index)", contents: nil) }
    AllureResultsWriter.removeTree(tree)
    #expect(!FileManager.default.fileExists(atPath: tree))
  }
}
