import ConformanceTestSupport
import Foundation
import Testing

/// docs/layout.md describes the tree once, and this keeps it from drifting: every folder at the
/// top, every target under Sources/ and Tests/ and every room of ConformanceKit has its line, and
/// every line names a folder that exists.
@Suite struct LayoutDocTests {
  /// The folders the page must name: the top's (hidden ones, such as `.build` and `.git`, are
  /// not the project's and may be named when they are: `.ci/`), and the ones in each of `levels`.
  static let levels = ["Sources", "Tests", "Sources/ConformanceKit"]

  /// The paths the page names: the first code span of each table row, without a trailing slash.
  static func namedPaths(_ page: String) -> [String] {
    page.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("| `") else { return nil }
      let afterTick = line.dropFirst(3)
      guard let end = afterTick.firstIndex(of: "`") else { return nil }
      var path = String(afterTick[..<end])
      while path.hasSuffix("/") { path.removeLast() }
      return path
    }
  }

  static func folders(in path: String) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return entries.filter { name in
      var isFolder: ObjCBool = false
      return !name.hasPrefix(".")
        && FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
    }
  }

  /// What is wrong with the page for the tree at `root`, one message per folder, in path order.
  static func problems(page: String, root: String) -> [String] {
    let named = Set(namedPaths(page))
    var present = Set(folders(in: root))
    for level in levels where FileManager.default.fileExists(atPath: root + "/" + level) {
      present.formUnion(folders(in: root + "/" + level).map { level + "/" + $0 })
    }
    var found: [String] = []
    for path in present.subtracting(named).sorted() {
      found.append("docs/layout.md does not name \(path): add a line saying what it holds")
    }
    for path in named.sorted() where !FileManager.default.fileExists(atPath: root + "/" + path) {
      found.append("docs/layout.md names \(path), which does not exist: remove its line or correct the path")
    }
    return found
  }

  @Test func thePageNamesEveryFolderAndOnlyFoldersThatExist() throws {
    let root = packageRoot()
    let page = try String(contentsOfFile: root + "/docs/layout.md", encoding: .utf8)
    #expect(Self.problems(page: page, root: root) == [])
  }

  @Test func aFolderMissingFromThePageAndALineWithoutAFolderAreNamed() throws {
    let folder = try TemporaryFolder("layout")
    defer { folder.remove() }
    for path in ["docs/x.md", "Sources/Kept/a.swift", "Sources/New/a.swift", "Tests/KeptTests/a.swift", ".build/x"] {
      _ = try folder.write(path, "")
    }
    let page = """
      | path | holds |
      | --- | --- |
      | `docs/` | the docs |
      | `Sources/` | the targets |
      | `Tests/` | the tests |
      | `Sources/Kept` | kept |
      | `Sources/Gone` | renamed away |
      | `Tests/KeptTests` | its tests |
      """
    #expect(
      Self.problems(page: page, root: folder.path) == [
        "docs/layout.md does not name Sources/New: add a line saying what it holds",
        "docs/layout.md names Sources/Gone, which does not exist: remove its line or correct the path",
      ])
  }
}
