import ConformanceJSON
import ConformanceKit
import Foundation
import ReferenceParsers
import Testing

/// Runs a reference parser over the committed vectors of one suite, so that a disagreement
/// between the generator's expectations and the parser surfaces as a failing test.
enum CommittedVectorAgreement {
  /// `Vectors/` of this package, found from this file's path (Tests/ReferenceParsersTests/…).
  static let vectorsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors").path

  /// Checks every test under the suite's folder, `Vectors/<name>`, against `suite`; returns how
  /// many there were.
  @discardableResult
  static func check(_ suite: some ReferenceSuite) throws -> Int {
    let loader = VectorLoader()
    let root = vectorsRoot + "/" + suite.name
    var count = 0
    for location in try loader.discover(root: root) {
      let file: VectorFile
      switch loader.load(location) {
      case .success(let loaded): file = loaded
      case .failure(let failure):
        Issue.record("\(failure)")
        continue
      }
      #expect(file.suite == suite.name, "\(location.displayPath) belongs to \(file.suite)")
      for test in file.tests {
        count += 1
        let outcome = try suite.evaluate(test.input, context: test.context)
        if let difference = Comparison.difference(expected: test.expectation, actual: outcome) {
          Issue.record("\(location.path) \(test.id): \(difference)")
        }
        // Generated rejections always name their error, so that a wrong code cannot pass.
        if case .reject(let error, _) = test.expectation, error == nil {
          Issue.record("\(location.path) \(test.id): a rejection without an error code")
        }
      }
    }
    return count
  }
}

@Suite struct LeeepFidTests {
  let suite = LeeepFid()
  let fid = "cAbCdEfGhIjKlMnOpQr_-0"

  func evaluate(_ input: JSONValue) throws -> Outcome {
    try suite.evaluate(input, context: JSONObject())
  }

  @Test(arguments: [JSONValue.null, true, 22, [.string("cAbCdEfGhIjKlMnOpQr_-0")], ["fid": "x"]])
  func nonStringsAreNotAString(_ input: JSONValue) throws {
    #expect(try evaluate(input) == .reject(error: "not_a_string", field: nil))
  }

  @Test(arguments: ["c", "d", "e", "f"])
  func eachAllowedFirstLetterIsAccepted(_ first: String) throws {
    let text = first + String(fid.dropFirst())
    #expect(try evaluate(.string(text)) == .accept(output: .string(text)))
  }

  @Test func everyASCIIFirstCharacterOutsideCDEFIsRejected() throws {
    for byte in UInt8(0)...0x7F where !(UInt8(ascii: "c")...UInt8(ascii: "f")).contains(byte) {
      let text = String(UnicodeScalar(byte)) + String(fid.dropFirst())
      #expect(try evaluate(.string(text)) == .reject(error: "invalid_fid", field: nil), "first byte \(byte)")
    }
  }

  @Test func exactlyTheTailClassIsAllowedInTheTail() throws {
    for byte in UInt8(0)...0x7F {
      let text = String(fid.dropLast()) + String(UnicodeScalar(byte))
      let allowed =
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      let expected: Outcome = allowed ? .accept(output: .string(text)) : .reject(error: "invalid_fid", field: nil)
      #expect(try evaluate(.string(text)) == expected, "last byte \(byte)")
    }
  }

  @Test func onlyTwentyTwoCharactersIsAnFID() throws {
    let long = fid + "AbCdEfGhIjKlMnOpQr"
    for count in 0...40 {
      let text = String(long.prefix(count))
      let expected: Outcome =
        count == 22 ? .accept(output: .string(text)) : .reject(error: "invalid_fid", field: nil)
      #expect(try evaluate(.string(text)) == expected, "length \(count)")
    }
  }

  @Test(arguments: [
    "cAbCdEfGhIjKlMnOpQr_-0\n",  // a trailing newline never matches $
    "cAbCdEfGhIjKlMnOpQr_-\u{0}",  // 22 bytes, NUL last
    "cAbCdEfGhIjKlMnOpQr_\u{E9}",  // 22 bytes, 21 scalars
    "\u{441}AbCdEfGhIjKlMnOpQr_-0",  // Cyrillic с
    "\u{FF43}AbCdEfGhIjKlMnOpQr_-0",  // full-width ｃ
    "cAbCdEfGhIjKlMnOpQr_\u{FF10}",  // full-width digit
    " cAbCdEfGhIjKlMnOpQr_-0",
    "cAbCdEfGhIjKlMnOpQr_-0:APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ",
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
  ])
  func lookalikesAndTokensAreNotFIDs(_ text: String) throws {
    #expect(try evaluate(.string(text)) == .reject(error: "invalid_fid", field: nil))
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 500, "the leeep.fid corpus has \(count) vectors, fewer than 500")
  }
}
