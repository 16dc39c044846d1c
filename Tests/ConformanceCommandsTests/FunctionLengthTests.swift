import ConformanceTestSupport
import Foundation
import Testing

/// The commands read as their steps: no function of Sources/ConformanceCommands is over 80
/// lines. A function's extent is read from the formatted source (`swift format`): from its
/// `func` or `init` line to the first line after it that is its indentation and `}`.
@Suite struct FunctionLengthTests {
  static let limit = 80

  /// (file:line name, lines) of every function declared in `source`.
  static func functions(in source: String, file: String) -> [(String, Int)] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [(String, Int)] = []
    for (index, line) in lines.enumerated() {
      let indent = line.prefix { $0 == " " }
      let words = line.dropFirst(indent.count).split(separator: " ")
      guard let keyword = words.first(where: { $0 == "func" || $0.hasPrefix("init(") || $0.hasPrefix("init<") }),
        !line.hasSuffix("}")
      else { continue }
      // Only declarations: every word before the keyword is an attribute or a modifier.
      let before = words.prefix { $0 != keyword }
      guard before.allSatisfy({ $0.hasPrefix("@") || Self.modifiers.contains(String($0)) }) else { continue }
      let end = lines[(index + 1)...].firstIndex { $0 == indent + "}" } ?? lines.count - 1
      found.append(("\(file):\(index + 1) \(line.trimmingCharacters(in: .whitespaces).prefix(60))", end - index + 1))
    }
    return found
  }

  static let modifiers: Set<String> = [
    "static", "private", "fileprivate", "internal", "package", "public", "mutating", "override", "final",
    "nonisolated", "convenience", "required",
  ]

  @Test func noFunctionOfTheCommandsIsOverTheLimit() throws {
    let folder = packageRoot() + "/Sources/ConformanceCommands"
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
    #expect(files.count > 10)
    var measured = 0
    for file in files {
      let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      for (name, length) in Self.functions(in: source, file: file) {
        measured += 1
        #expect(length <= Self.limit, "\(name) is \(length) lines")
      }
    }
    #expect(measured > 50)
  }

  /// The measure itself: a function's lines, its braces in strings and closures included.
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
      }
      """
    let found = Self.functions(in: source, file: "E.swift")
    #expect(found.map(\.1) == [4, 5])
    #expect(found.map(\.0) == ["E.swift:2 static func short() -> Int {", "E.swift:7 private static func long("])
  }
}
