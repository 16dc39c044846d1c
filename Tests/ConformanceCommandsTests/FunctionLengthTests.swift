import ConformanceTestSupport
import Foundation
import Testing

/// The code reads as its steps: no function of the commands, the runner's library or the reports
/// is over 80 lines. A function's extent is read from the formatted source (`swift format`):
/// from its `func` or `init` line to the first line after it that is its indentation and `}`.
@Suite struct FunctionLengthTests {
  static let limit = 80

  /// The folders measured, from the package root.
  static let folders = ["Sources/ConformanceCommands", "Sources/ConformanceKit", "Sources/ConformanceReports"]

  /// (file:line name, lines) of every function declared with a body in `source`.
  static func functions(in source: String, file: String) -> [(String, Int)] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [(String, Int)] = []
    for (index, line) in lines.enumerated() {
      let indent = line.prefix { $0 == " " }
      let words = line.dropFirst(indent.count).split(separator: " ")
      guard
        let keyword = words.first(where: {
          $0 == "func" || $0.hasPrefix("init(") || $0.hasPrefix("init?(") || $0.hasPrefix("init<")
        }),
        !line.hasSuffix("}")
      else { continue }
      // Only declarations: every word before the keyword is an attribute or a modifier.
      let before = words.prefix { $0 != keyword }
      guard before.allSatisfy({ $0.hasPrefix("@") || Self.modifiers.contains(String($0)) }) else { continue }
      guard hasBody(lines, declaredAt: index, indent: String(indent)) else { continue }
      let end = lines[(index + 1)...].firstIndex { $0 == indent + "}" } ?? lines.count - 1
      found.append(("\(file):\(index + 1) \(line.trimmingCharacters(in: .whitespaces).prefix(60))", end - index + 1))
    }
    return found
  }

  /// Whether the declaration at `index` opens a body: a line of its signature ends with `{`. A
  /// protocol's requirement has none; its signature ends at the first line that is neither
  /// indented deeper than its first nor the `)` closing its parameters.
  static func hasBody(_ lines: [String], declaredAt index: Int, indent: String) -> Bool {
    for line in lines[index...] {
      if line.hasSuffix("{") { return true }
      let continues =
        line == lines[index] || line.hasPrefix(indent + ")")
        || (line.hasPrefix(indent + " ") && !line.allSatisfy { $0 == " " })
      if !continues { return false }
    }
    return false
  }

  static let modifiers: Set<String> = [
    "static", "private", "fileprivate", "internal", "package", "public", "mutating", "override", "final",
    "nonisolated", "convenience", "required",
  ]

  @Test(arguments: folders) func noFunctionIsOverTheLimit(in folder: String) throws {
    let path = packageRoot() + "/" + folder
    let files = try FileManager.default.subpathsOfDirectory(atPath: path).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count > 10)
    var measured = 0
    for file in files {
      let source = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
      for (name, length) in Self.functions(in: source, file: folder + "/" + file) {
        measured += 1
        #expect(length <= Self.limit, "\(name) is \(length) lines")
      }
    }
    #expect(measured > 50)
  }

  /// The measure itself: a function's lines, its braces in strings and closures included; a
  /// protocol's requirements, which have no body, are not functions to measure.
  @Test func theMeasureCountsAFunctionsLines() {
    let source = """
      enum E {
        static func short() -> Int {
          let text = "}"
          return [1].map { $0 }.count
        }

        private static func long(
          _ a: Int
        ) -> Int {
          a
        }
        var notAFunction: Int { 1 }
        init(x: Int) {}
        init?(
          y: Int
        )
        {
          nil
        }
      }
      protocol P {
        func requirement(_ a: Int) throws
          -> Int
        init(
          b: Int
        )

        func another() throws
      }
      """
    let found = Self.functions(in: source, file: "E.swift")
    #expect(found.map(\.1) == [4, 5, 6])
    #expect(
      found.map(\.0) == [
        "E.swift:2 static func short() -> Int {", "E.swift:7 private static func long(", "E.swift:14 init?(",
      ])
  }
}
