import ConformanceJSON
import ConformanceKit
import ReferenceParsers
import Testing

@Suite struct LeeepUserIdTests {
  let suite = LeeepUserId()

  /// The scalars with the Unicode White_Space property (PropList.txt).
  static let whiteSpace: [UInt32] = [
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
  ]

  func evaluate(_ input: JSONValue) throws -> Outcome {
    try suite.evaluate(input, context: JSONObject())
  }

  func accepted(_ text: String) -> Outcome { .accept(output: .string(text)) }
  func rejected(_ error: String) -> Outcome { .reject(error: error, field: nil) }

  @Test(arguments: [JSONValue.null, false, 1001, [], .object([:])])
  func nonStringsAreNotAString(_ input: JSONValue) throws {
    #expect(try evaluate(input) == rejected("not_a_string"))
  }

  @Test func emptyIsEmpty() throws {
    #expect(try evaluate("") == rejected("empty"))
  }

  @Test func theLimitIs255UTF8BytesWhateverTheCharacterWidth() throws {
    let cases: [(text: String, bytes: Int)] = [
      (String(repeating: "a", count: 255), 255), (String(repeating: "a", count: 256), 256),
      (String(repeating: "\u{E9}", count: 127) + "a", 255), (String(repeating: "\u{E9}", count: 128), 256),
      (String(repeating: "\u{4F1A}", count: 85), 255), (String(repeating: "\u{4F1A}", count: 86), 258),
      (String(repeating: "\u{1F600}", count: 63) + "aaa", 255), (String(repeating: "\u{1F600}", count: 64), 256),
      ("e" + String(repeating: "\u{301}", count: 127), 255), ("e" + String(repeating: "\u{301}", count: 128), 257),
    ]
    for (text, bytes) in cases {
      #expect(text.utf8.count == bytes)
      #expect(try evaluate(.string(text)) == (bytes <= 255 ? accepted(text) : rejected("too_long")), "\(bytes) bytes")
    }
  }

  @Test func tooLongIsCheckedBeforeWhitespaceOnly() throws {
    #expect(try evaluate(.string(String(repeating: " ", count: 256))) == rejected("too_long"))
    #expect(try evaluate(.string(String(repeating: "\u{3000}", count: 86))) == rejected("too_long"))
    #expect(try evaluate(.string(String(repeating: " ", count: 255))) == rejected("whitespace_only"))
  }

  @Test(arguments: whiteSpace)
  func everyWhiteSpaceScalarIsBlank(_ value: UInt32) throws {
    let blank = String(Unicode.Scalar(value)!)
    #expect(try evaluate(.string(blank)) == rejected("whitespace_only"))
    #expect(try evaluate(.string(blank + " " + blank)) == rejected("whitespace_only"))
    // Never trimmed: with a visible character it is a valid ID, kept as given.
    #expect(try evaluate(.string("id" + blank)) == accepted("id" + blank))
  }

  @Test(arguments: [0x200B, 0xFEFF, 0x180E, 0x2060, 0x200D, 0x2800, 0x3164, 0x1C, 0x1F, 0x00] as [UInt32])
  func blankLookingScalarsWithoutWhiteSpaceAreIDs(_ value: UInt32) throws {
    let text = " " + String(Unicode.Scalar(value)!) + " "
    #expect(try evaluate(.string(text)) == accepted(text))
  }

  /// The parser relies on `Unicode.Scalar.Properties.isWhitespace`; this pins that it is exactly
  /// the White_Space list above over the whole code space (U+180E left it in Unicode 6.3).
  @Test func swiftsWhiteSpacePropertyIsTheListedSet() {
    var found: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      if let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace { found.append(value) }
    }
    #expect(found == Self.whiteSpace)
  }

  @Test func nfcAndNFDAreBothKeptByteForByte() throws {
    let nfc = "Jos\u{E9}"
    let nfd = "Jose\u{301}"
    let nfcOutput = try evaluate(.string(nfc))
    let nfdOutput = try evaluate(.string(nfd))
    guard case .accept(output: .string(let nfcText)) = nfcOutput, case .accept(output: .string(let nfdText)) = nfdOutput
    else {
      Issue.record("expected both forms accepted, got \(nfcOutput) and \(nfdOutput)")
      return
    }
    #expect(Array(nfcText.utf8) == Array(nfc.utf8))
    #expect(Array(nfdText.utf8) == Array(nfd.utf8))
    #expect(Array(nfcText.utf8) != Array(nfdText.utf8))
  }

  @Test func surroundingSpacesAreKept() throws {
    #expect(try evaluate(" member ") == accepted(" member "))
    #expect(try evaluate("\tmember\n") == accepted("\tmember\n"))
  }

  @Test func committedVectorsAgreeWithTheParser() throws {
    let count = try CommittedVectorAgreement.check(suite)
    #expect(count >= 150, "the leeep.user-id corpus has \(count) vectors, fewer than 150")
  }
}
