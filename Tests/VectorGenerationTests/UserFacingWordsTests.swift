import Foundation
import Testing

/// What a user reads (vector files, docs, sources, kits, the README) names the vendor documents by
/// title and section. The project's internal name for them is not a word a user has.
@Suite struct UserFacingWordsTests {
  /// The folders and files a user of the repository reads.
  static let userFacing = ["Vectors", "docs", "Sources", "Kits", "README.md"]

  /// The word, alone or plural, in any case (`seedless` or `reseed` are other words).
  static let internalWord = try! NSRegularExpression(pattern: #"\bseeds?\b"#, options: [.caseInsensitive])

  /// Where the word has its other meaning: `conformance explore`'s random seed (`--seed N`) and
  /// the corpus tests it mutates (a fuzzer's seeds). There only the vendor-document sense is
  /// refused: a numbered document (`seed 000`), the documents' folder, or the word beside
  /// "document", "example" or "text".
  static let randomSeedFiles = [
    "Sources/ConformanceExplore/", "Sources/ConformanceCommands/ExploreCommand.swift", "docs/explore.md",
    "docs/explore-cases.md", "docs/cli.md", "Kits/check.sh",
  ]
  static let vendorSense = try! NSRegularExpression(
    pattern: #"\bseeds? ?[0-9]{3}\b|\bseeds/|\bseeds?'?s? (document|example|text)s?\b"#, options: [.caseInsensitive])

  /// The pattern that applies to the file at `relative` (a path from the package root).
  static func pattern(for relative: String) -> NSRegularExpression {
    randomSeedFiles.contains { relative == $0 || ($0.hasSuffix("/") && relative.hasPrefix($0)) }
      ? vendorSense : internalWord
  }

  /// Every regular file under `url` (or `url` itself), hidden entries skipped.
  static func files(at url: URL) -> [URL] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [url] }
    let walker = FileManager.default.enumerator(
      at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    return (walker?.allObjects as? [URL] ?? []).filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }

  @Test func noUserFacingFileUsesTheInternalNameOfTheVendorDocuments() throws {
    var hits: [String] = []
    var checked = 0
    for entry in Self.userFacing {
      for file in Self.files(at: packageRoot.appendingPathComponent(entry)) {
        let relative = String(file.path.dropFirst(packageRoot.path.count + 1))
        checked += 1
        if Self.internalWord.firstMatch(in: relative, range: NSRange(relative.startIndex..., in: relative)) != nil {
          hits.append("\(relative): the file's name")
        }
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        let pattern = Self.pattern(for: relative)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          let line = String(line)
          if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
            hits.append("\(relative):\(number + 1): \(line.prefix(120))")
          }
        }
      }
    }
    #expect(checked > 100, "the walk found only \(checked) files: is the package root right?")
    #expect(hits.isEmpty, "name the vendor document and its section instead:\n\(hits.joined(separator: "\n"))")
  }

  @Test func theWordPatternFindsTheWordAndOnlyTheWord() {
    func matches(_ text: String) -> Bool {
      Self.internalWord.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    #expect(matches("the seed's example"))
    #expect(matches("Seeds: 000"))
    #expect(matches("seed.custom-action"))
    #expect(matches("push-payload/ios/seed.json"))
    #expect(!matches("seedless"))
    #expect(!matches("reseeded"))
  }

  @Test func exploresRandomSeedIsAllowedOnlyInExploresFilesAndNeverForTheDocuments() {
    func matches(_ text: String, in file: String) -> Bool {
      Self.pattern(for: file).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    #expect(!matches("the same seed gives the same cases", in: "docs/explore.md"))
    #expect(!matches("--seed N", in: "Sources/ConformanceExplore/ExploreEngine.swift"))
    #expect(matches("as seed 000 says", in: "docs/explore.md"))
    #expect(matches("the seed document's section", in: "docs/cli.md"))
    #expect(matches("see seeds/leeep.md", in: "Kits/check.sh"))
    #expect(matches("the same seed gives the same cases", in: "docs/vector-format.md"))
    #expect(matches("a seed", in: "Sources/ConformanceExploreX/File.swift"))
  }
}
