import ConformanceJSON
import ConformanceLowLevel
import Testing

@Suite struct StringCacheTests {
  /// Runs `body` with the document's bytes and a cache sized for it.
  func withCache<T>(_ document: [UInt8], _ body: (StringCache, ByteView) -> T) -> T {
    ByteView.withBytes(of: document) { bytes in
      var cache = StringCache(documentSize: bytes.count)
      defer { cache.release() }
      return body(cache, bytes)
    }
  }

  /// A document of `size` bytes: `text` at each of `offsets`, spaces elsewhere.
  func document(size: Int, _ placed: [(offset: Int, text: String)]) -> [UInt8] {
    var bytes = [UInt8](repeating: 0x20, count: size)
    for (offset, text) in placed { bytes.replaceSubrange(offset..<(offset + text.utf8.count), with: text.utf8) }
    return bytes
  }

  @Test func theSameTextMetAgainGivesTheStringMadeTheFirstTime() {
    let bytes = document(size: 2048, [(10, "fcm_fid"), (500, "fcm_fid"), (900, "fcm_fie")])
    withCache(bytes) { cache, buffer in
      let first = cache.lookUp(at: 10, count: 7, in: buffer)
      #expect(first >= 0 && first < StringCache.hit)
      cache.record("fcm_fid", at: 10, count: 7, slot: first)
      let again = cache.lookUp(at: 500, count: 7, in: buffer)
      #expect(again >= StringCache.hit)
      #expect(cache.value(at: again) == "fcm_fid")
      // One byte apart: not the string made before, whatever slot it falls in.
      #expect(cache.lookUp(at: 900, count: 7, in: buffer) < StringCache.hit)
    }
  }

  @Test func textsEqualAtTheEndsButNotInTheMiddleAreDifferent() {
    let left = "abcdefgh-1-ijklmnop"
    let right = "abcdefgh-2-ijklmnop"
    let bytes = document(size: 2048, [(0, left), (100, right)])
    withCache(bytes) { cache, buffer in
      let slot = cache.lookUp(at: 0, count: left.utf8.count, in: buffer)
      cache.record(left, at: 0, count: left.utf8.count, slot: slot)
      // The same length, first and last eight bytes: the same slot, and still no match.
      let other = cache.lookUp(at: 100, count: right.utf8.count, in: buffer)
      #expect(other == slot)
    }
  }

  @Test func aShortTextAtTheVeryEndIsKeyedFromItsOwnBytes() {
    // Fewer than eight bytes left from the text on: the key is read byte by byte.
    let bytes = document(size: 1024, [(3, "abc"), (1020, "abc")])
    withCache(bytes) { cache, buffer in
      let slot = cache.lookUp(at: 3, count: 3, in: buffer)
      cache.record("abc", at: 3, count: 3, slot: slot)
      let again = cache.lookUp(at: 1020, count: 3, in: buffer)
      #expect(again >= StringCache.hit)
      #expect(cache.value(at: again) == "abc")
    }
  }

  @Test func smallDocumentsEmptyTextsAndLongTextsAreNotKept() {
    withCache(document(size: 100, [(0, "ab"), (50, "ab")])) { cache, buffer in
      #expect(cache.lookUp(at: 0, count: 2, in: buffer) == StringCache.none)
    }
    let long = String(repeating: "x", count: StringCache.maximumCount + 1)
    withCache(document(size: 4096, [(0, long)])) { cache, buffer in
      #expect(cache.lookUp(at: 0, count: 0, in: buffer) == StringCache.none)
      #expect(cache.lookUp(at: 0, count: long.utf8.count, in: buffer) == StringCache.none)
    }
  }

  /// Through the parser: every string of a document that repeats keys and values, escaped and
  /// unescaped, ASCII and not, short and long, comes out with its own bytes.
  @Test func parsedStringsKeepTheirOwnBytesWhenTextsRepeat() throws {
    let texts = [
      "", "a", "ab", "abc", "kind", "value", "fcm_fid", "eHK6jvL5cFeBInR9WHZwE0",
      "caf\u{E9}", "cafe\u{301}", "\u{1F600} emoji", "tab\tinside", "quote\"inside",
      String(repeating: "member-1", count: 40), String(repeating: "y", count: 700),
    ]
    var members: [JSONValue] = []
    for round in 0..<12 {
      for (index, text) in texts.enumerated() {
        members.append(.object(JSONObject([.init(key: texts[(index + round) % texts.count], value: .string(text))])))
      }
    }
    let document = JSONSerializer.compact.string(from: .array(members))
    #expect(document.utf8.count >= StringCache.minimumDocumentSize)
    guard case .array(let parsed) = try JSONParser().parse(document) else {
      Issue.record("not an array")
      return
    }
    #expect(parsed.count == members.count)
    for (got, want) in zip(parsed, members) {
      guard case .object(let gotObject) = got, case .object(let wantObject) = want,
        let gotMember = gotObject.members.first, let wantMember = wantObject.members.first,
        case .string(let gotText) = gotMember.value, case .string(let wantText) = wantMember.value
      else {
        Issue.record("unexpected shape: \(got)")
        continue
      }
      #expect(Array(gotMember.key.utf8) == Array(wantMember.key.utf8))
      #expect(Array(gotText.utf8) == Array(wantText.utf8))
    }
  }
}
