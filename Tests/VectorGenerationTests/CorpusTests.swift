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

  /// A description says what its vector tests, so no two vectors of a suite share one (a shared
  /// description describes at least one of them wrongly, or hides what sets them apart).
  @Test func noTwoVectorsOfASuiteShareADescription() {
    var seen: [String: String] = [:]
    for file in files {
      let suite = file.document.objectValue?["suite"]?.stringValue ?? ""
      for test in file.document.objectValue?["tests"]?.arrayValue ?? [] {
        let id = test.objectValue?["id"]?.stringValue ?? ""
        let description = test.objectValue?["description"]?.stringValue ?? ""
        if let other = seen.updateValue(id, forKey: "\(suite)\u{0}\(description)") {
          Issue.record("\(suite): \(other) and \(id) share the description \"\(description)\"")
        }
      }
    }
  }

  @Test func noDescriptionRepeatsAPhrase() {
    for file in files {
      for test in file.document.objectValue?["tests"]?.arrayValue ?? [] {
        let description = test.objectValue?["description"]?.stringValue ?? ""
        if let phrase = Self.repeatedPhrase(in: description) {
          let id = test.objectValue?["id"]?.stringValue ?? ""
          Issue.record("\(file.path) \(id): \"\(phrase)\" twice in \"\(description)\"")
        }
      }
    }
  }

  @Test func theRepeatedPhraseCheckFindsRepeatsOnly() {
    #expect(Self.repeatedPhrase(in: "free items only: total 0: total 0") == "total 0")
    #expect(Self.repeatedPhrase(in: "accepted: accepted") == "accepted")
    #expect(Self.repeatedPhrase(in: "the trace the trace is empty") == "the trace")
    #expect(Self.repeatedPhrase(in: "a step repeated (here present_onboarding, present_onboarding)") == nil)
    #expect(Self.repeatedPhrase(in: "A, Z, a, z, 0 and 9 are allowed") == nil)
    #expect(Self.repeatedPhrase(in: "0.1 + 0.2 is exactly 0.3") == nil)
  }

  /// A phrase of two or more words said twice in a row ("total 0: total 0"), or a clause
  /// (between ": ") said twice; one repeated word is allowed, since traces list repeated steps.
  static func repeatedPhrase(in description: String) -> String? {
    let clauses = description.components(separatedBy: ": ").map { $0.trimmingCharacters(in: .whitespaces) }
    var clausesSeen: Set<String> = []
    for clause in clauses where !clause.isEmpty && !clausesSeen.insert(clause).inserted { return clause }
    let separators = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ":;,()[]"))
    let words = description.components(separatedBy: separators).filter { !$0.isEmpty }
    guard words.count >= 4 else { return nil }
    for length in 2...(words.count / 2) {
      for start in 0...(words.count - 2 * length)
      where words[start..<start + length] == words[start + length..<start + 2 * length] {
        return words[start..<start + length].joined(separator: " ")
      }
    }
    return nil
  }

  /// Every description of a file and of a test, with where it is.
  var descriptions: [(place: String, text: String)] {
    files.flatMap { file -> [(place: String, text: String)] in
      let top = file.document.objectValue
      let tests = (top?["tests"]?.arrayValue ?? []).map { test in
        (
          place: "\(file.path) \(test.objectValue?["id"]?.stringValue ?? "")",
          text: test.objectValue?["description"]?.stringValue ?? ""
        )
      }
      return [(place: file.path, text: top?["description"]?.stringValue ?? "")] + tests
    }
  }

  /// Articles, plurals and repeated words read as one careful author's (DescriptionWording).
  @Test func everyDescriptionReadsAsCarefulEnglish() {
    let all = descriptions
    let countNouns = DescriptionWording.countNouns(in: all.map(\.text).joined(separator: "\n"))
    #expect(countNouns.isSuperset(of: ["character", "step", "byte"]), "learned only \(countNouns.sorted())")
    var mistakes: [String] = []
    for (place, text) in all {
      for mistake in DescriptionWording.mistakes(in: text, countNouns: countNouns) {
        mistakes.append("\(place): \(mistake) in \"\(text)\"")
      }
    }
    #expect(mistakes.isEmpty, "\(mistakes.count) descriptions to reword:\n\(mistakes.joined(separator: "\n"))")
  }

  @Test(arguments: [
    ("request's target given as a array, not string", ["\"a array,\": an before a vowel sound"]),
    ("a object blog_slug on a coordinate", ["\"a object\": an before a vowel sound"]),
    ("given as a null, not an string", ["\"an string\": a before a consonant sound"]),
    ("an UUID and a FID", ["\"an UUID\": a before a consonant sound", "\"a FID\": an before a vowel sound"]),
    (
      "a 18-digit id, an 1-byte token",
      ["\"a 18-digit\": an before a vowel sound", "\"an 1-byte\": a before a consonant sound"]
    ),
    ("schema_version as the JSON null null: rejected", ["\"null null:\": a word twice"]),
    ("1 characters is not 22", ["\"1 characters\": one characters, not several"]),
    ("one steps later", ["\"one steps\": one steps, not several"]),
  ])
  func theWordingCheckFindsEachMistake(description: String, expected: [String]) {
    let nouns: Set<String> = ["character", "step"]
    #expect(DescriptionWording.mistakes(in: description, countNouns: nouns) == expected)
  }

  @Test(arguments: [
    "an FID, an FCM token, an NFC form, an SDK, an RFC 3986 URI, an https link, an http pattern",
    "a UUID, a URL, a UGC-looking link, a ugc match, a U+0000 inside, a userInfo, a used ticket, a Unicode scalar",
    "a one-byte token, an 18-digit prefix, an 8-byte value, an 11-digit id, a 1-byte token, a 180-digit sum",
    "a JSON null, a LEEEP tag, a NUL byte, a SKU code, an ASCII letter, an IPv6 literal, an iOS app, an APNs token",
    "an unknown key, an update, an empty object, a %2e segment, a \"-\" SKU",
    "FULLWIDTH a is not a hex digit (A at position 33)",
    "a step repeated (here present_onboarding, present_onboarding), not a step (step 4), not null (null is present)",
    "127 flags (two scalars each) and an a are 255 scalars",
    "position 1 holds an uppercase letter; 1 is below 2; 1 character; one step; 11 characters is not 22",
  ])
  func theWordingCheckPassesCarefulEnglish(description: String) {
    let nouns: Set<String> = ["character", "step"]
    #expect(DescriptionWording.mistakes(in: description, countNouns: nouns) == [])
  }

  @Test func countNounsAreWhatOneCounts() {
    #expect(
      DescriptionWording.countNouns(in: "1 character; one step (one of them); 1 is 1, \"one\"") == [
        "character", "step", "of", "is",
      ])
    #expect(DescriptionWording.countNouns(in: "1, \"one\": one") == [])
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
