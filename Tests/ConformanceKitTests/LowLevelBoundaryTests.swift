import ConformanceTestSupport
import Foundation
import Testing

/// The package's one door for unsafe and operating-system code: unsafe pointers, the standard
/// library's `unsafe…` escapes and `import Glibc` / `Darwin` / `Musl` appear only in
/// Sources/ConformanceLowLevel and the libxml2 wrappers (C targets hold no Swift). Everything
/// else is safe Swift that calls into those.
@Suite struct LowLevelBoundaryTests {
  /// Folders (ending in `/`) and files, relative to Sources/, where low-level code may be.
  static let allowed: [String] = [
    "ConformanceLowLevel/",
    // The libxml2 wrapper (REPORTS' part of issue 33 creates it): libxml2 is C.
    "ConformanceXML/",
  ]

  /// What marks a line as low-level code.
  static let patterns: [(name: String, regex: NSRegularExpression)] = [
    ("an unsafe pointer or `withUnsafe…`", try! NSRegularExpression(pattern: #"Unsafe"#)),
    ("an `unsafe…` escape", try! NSRegularExpression(pattern: #"\bunsafe[A-Z]\w*"#)),
    (
      "an import of the C library",
      try! NSRegularExpression(pattern: #"^\s*(@_exported\s+)?import\s+(Glibc|Darwin|Musl)\b"#)
    ),
  ]

  /// `file:line: what (the line)` for every low-level line outside the allowed places, in
  /// `text` of the file at `path` (relative to Sources/).
  static func violations(in text: String, path: String) -> [String] {
    guard !allowed.contains(where: { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }) else { return [] }
    var found: [String] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(line)
      // Comments may name the techniques the code behind the door uses.
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
      let range = NSRange(line.startIndex..., in: line)
      for (name, regex) in patterns where regex.firstMatch(in: line, range: range) != nil {
        found.append(
          "Sources/\(path):\(index + 1): \(name) outside Sources/ConformanceLowLevel: "
            + line.trimmingCharacters(in: .whitespaces))
      }
    }
    return found
  }

  @Test func lowLevelCodeLivesOnlyBehindTheDoor() throws {
    let sources = packageRoot() + "/Sources"
    let paths = try FileManager.default.subpathsOfDirectory(atPath: sources).filter {
      $0.hasSuffix(".swift")
    }.sorted()
    #expect(paths.count > 50, "Sources/ was not found where the package is")
    var found: [String] = []
    for path in paths {
      found += Self.violations(in: try String(contentsOfFile: sources + "/" + path, encoding: .utf8), path: path)
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  /// The check itself finds what it is for, and names the file and line.
  @Test func theCheckNamesFileAndLine() {
    let text = """
      import ConformanceJSON
      #if canImport(Glibc)
        import Glibc
      #endif
      // UnsafePointer in a comment is fine
      let n = bytes.withUnsafeBytes { $0.count }
      let m = unsafeBitCast(x, to: Int.self)
      """
    #expect(
      Self.violations(in: text, path: "ConformanceKit/Example.swift") == [
        "Sources/ConformanceKit/Example.swift:3: an import of the C library outside Sources/ConformanceLowLevel: "
          + "import Glibc",
        "Sources/ConformanceKit/Example.swift:6: an unsafe pointer or `withUnsafe…` outside "
          + "Sources/ConformanceLowLevel: let n = bytes.withUnsafeBytes { $0.count }",
        "Sources/ConformanceKit/Example.swift:7: an `unsafe…` escape outside Sources/ConformanceLowLevel: "
          + "let m = unsafeBitCast(x, to: Int.self)",
      ])
    #expect(Self.violations(in: text, path: "ConformanceLowLevel/Example.swift").isEmpty)
  }

  /// No module re-exports another (`@_exported import`): a user of ConformanceTesting gets its
  /// own declarations, not the harness's internals.
  @Test func noModuleReExportsAnother() throws {
    let sources = packageRoot() + "/Sources"
    var found: [String] = []
    for path in try FileManager.default.subpathsOfDirectory(atPath: sources).sorted() where path.hasSuffix(".swift") {
      let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains("@_exported") {
        found.append("Sources/\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
