import ConformanceJSON
import ConformanceKit
import Foundation
import Testing
import VectorGeneration

/// The package root, found from this file's path (Tests/VectorGenerationTests/…).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

@Suite struct CorpusTests {
  let files = Corpus.files()

  @Test func committedVectorsAreExactlyWhatTheGeneratorWrites() throws {
    var differing: [String] = []
    for file in files {
      let url = packageRoot.appendingPathComponent("Vectors").appendingPathComponent(file.path)
      let committed = try? String(contentsOf: url, encoding: .utf8)
      if committed != file.text { differing.append(file.path) }
    }
    #expect(differing.isEmpty, "run `swift run generate-vectors` and commit: \(differing)")
  }

  @Test func everyGeneratedFileLoadsStrictly() throws {
    let loader = VectorLoader()
    for file in files {
      let result = loader.load(
        bytes: Array(file.text.utf8), location: VectorFileLocation(root: "Vectors", path: file.path))
      if case .failure(let failure) = result { Issue.record("\(failure)") }
    }
  }

  @Test func generatedIDsAreUniquePerSuite() {
    var seen: [String: String] = [:]
    for file in files {
      guard case .object(let top) = file.document, case .string(let suite)? = top["suite"],
        case .array(let tests)? = top["tests"]
      else {
        Issue.record("\(file.path) is not a vector file")
        continue
      }
      for test in tests {
        let id = test.objectValue?["id"]?.stringValue ?? ""
        if let other = seen.updateValue(file.path, forKey: "\(suite) \(id)") {
          Issue.record("\(suite) id \(id) in both \(other) and \(file.path)")
        }
      }
    }
  }

  @Test func everyGeneratedVectorSaysWhatItTests() {
    for file in files {
      for test in file.document.objectValue?["tests"]?.arrayValue ?? [] {
        let description = test.objectValue?["description"]?.stringValue ?? ""
        #expect(!description.isEmpty, "\(file.path): a test without a description")
      }
    }
  }
}
