import ConformanceLowLevel

/// Reads a document member by member, for a caller that knows the shape it expects and builds
/// its own values from it, instead of building the whole tree first.
///
/// It accepts nothing that ``JSONParser`` rejects, but it does not say why: every step answers
/// `nil` (or ``Key/invalid``) at the first thing that is not plainly what was asked for, and the
/// caller then parses the document with ``JSONParser`` to get the error, or the tree, the strict
/// way. Values read with ``value()`` and ``string()`` go through the parser's own code, so they
/// are exactly what ``JSONParser/parse(_:)`` would have built; nesting counts against the same
/// maximum depth.
package struct JSONCursor: ~Copyable {
  private var reader: Reader
  /// Whether a value was just read, so the next step needs a `,` or a closing bracket first.
  private var afterValue = false

  fileprivate init(reader: consuming Reader) {
    self.reader = reader
  }

  /// What ``nextKey()`` found.
  package enum Key {
    /// The next member's key: its bytes, between the quotes. Valid until the scan ends.
    case key(ByteView)
    /// The object's closing brace (consumed).
    case end
    /// Anything else: a syntax error, or a key with escapes or bytes outside printable ASCII,
    /// which the caller cannot compare byte for byte with a name it knows.
    case invalid
  }

  /// Enters the object that comes next.
  package mutating func enterObject() -> Bool {
    enter(UInt8(ascii: "{"))
  }

  /// Enters the array that comes next.
  package mutating func enterArray() -> Bool {
    enter(UInt8(ascii: "["))
  }

  /// The next key of the object entered last, with its `:` consumed.
  package mutating func nextKey() -> Key {
    switch step(closing: UInt8(ascii: "}")) {
    case .closed: return .end
    case .invalid: return .invalid
    case .next: break
    }
    guard reader.peek() == UInt8(ascii: "\"") else { return .invalid }
    return key(from: reader.position + 1)
  }

  /// The key whose bytes start at `start`, right after its opening quote.
  private mutating func key(from start: Int) -> Key {
    var end = reader.bytes.plainKeyEnd(from: start)
    while end < reader.bytes.count {
      let byte = reader.bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return .invalid }
      end += 1
    }
    guard end < reader.bytes.count else { return .invalid }
    return afterKey(start: start, end: end)
  }

  /// Moves past the key at `start..<end` (its closing quote at `end`) and its `:`.
  @inline(__always)
  private mutating func afterKey(start: Int, end: Int) -> Key {
    reader.position = end + 1
    reader.skipWhitespace()
    guard reader.peek() == UInt8(ascii: ":") else { return .invalid }
    reader.position += 1
    reader.skipWhitespace()
    afterValue = false
    return .key(reader.bytes.slice(start..<end))
  }

  /// Whether another element of the array entered last follows (`false`: the closing bracket,
  /// consumed); `nil` for anything else. A `true` is only a promise that something follows:
  /// reading it as a value fails if it is not one (a trailing comma, say).
  package mutating func nextElement() -> Bool? {
    switch step(closing: UInt8(ascii: "]")) {
    case .closed: return false
    case .invalid: return nil
    case .next: return reader.peek() == nil ? nil : true
    }
  }

  /// The value that comes next, as ``JSONParser`` builds it.
  package mutating func value() -> JSONValue? {
    guard let value = try? reader.parseValue() else { return nil }
    afterValue = true
    return value
  }

  /// The string that comes next; `nil` for any other value.
  package mutating func string() -> String? {
    guard reader.peek() == UInt8(ascii: "\""), let text = try? reader.parseString() else { return nil }
    afterValue = true
    return text
  }

  /// Where the cursor is (after ``nextKey()``: where the member's value starts), and how many
  /// containers it is in: what ``JSONParser/scan(_:from:_:)`` takes to read that value again.
  package var mark: JSONCursorMark { JSONCursorMark(position: reader.position, depth: reader.depth) }

  /// Whether only whitespace is left.
  package mutating func isAtEnd() -> Bool {
    reader.skipWhitespace()
    return reader.position == reader.bytes.count
  }

  private mutating func enter(_ opening: UInt8) -> Bool {
    reader.skipWhitespace()
    guard reader.peek() == opening, (try? reader.enterContainer()) != nil else { return false }
    reader.position += 1
    afterValue = false
    return true
  }

  private enum Step {
    case next, closed, invalid
  }

  /// Moves to the next member or element of the container entered last: past the `,` that
  /// must follow a value (`next`), or out through its closing bracket (`closed`), which may
  /// also come right after the opening one. `invalid` for anything else.
  private mutating func step(closing: UInt8) -> Step {
    reader.skipWhitespace()
    if reader.peek() == closing {
      guard reader.depth > 0 else { return .invalid }
      reader.position += 1
      reader.depth -= 1
      // The container just left counts as the value just read.
      afterValue = true
      return .closed
    }
    if afterValue {
      guard reader.peek() == UInt8(ascii: ",") else { return .invalid }
      reader.position += 1
      reader.skipWhitespace()
    }
    return .next
  }
}

/// Where a ``JSONCursor`` read values earlier in the same document, so that the same text met
/// again can be taken for the value it gave the first time without reading it again.
///
/// Vector files repeat much of their text from test to test: a description, a list of tags.
/// Each such value was built anew (strings allocated, arrays filled) and freed again at the end
/// of the run. A small direct-mapped table keyed by a hash of the text's first 32 bytes: a miss
/// costs the hash and at most one comparison, and each slot keeps the last text recorded for
/// it. The values themselves are the caller's, one per slot (``JSONRepeatedText/slot``).
package struct JSONRepeatedTexts {
  /// The recorded text of each slot as (start, count) in the document; count 0 for none.
  fileprivate var texts: [(start: Int, count: Int)] = Array(repeating: (0, 0), count: JSONRepeatedTexts.slotCount)

  package static let slotCount = 64

  package init() {}
}

/// What ``JSONCursor/repeatedText(in:)`` found where the next value starts.
package struct JSONRepeatedText {
  /// The slot of the text here: the caller keeps one value per slot.
  package let slot: Int
  /// The cursor moved past text equal to the text last recorded for ``slot``: the value here
  /// is the value read there.
  package let isRepeat: Bool
  fileprivate let start: Int
}

extension JSONCursor {
  /// Looks at the text where the next value starts: `nil` when it is too near the end to be
  /// keyed (read the value as usual); otherwise its slot, and, when the bytes from here on start
  /// with the whole text last recorded for that slot, the cursor moved past them (the value is
  /// the one read there: a string, an array or an object ends at its own closing byte, so equal
  /// text is the equal value whatever follows). After a miss, read the value, then call
  /// ``recordRepeatedText(_:in:)``.
  package mutating func repeatedText(in texts: JSONRepeatedTexts) -> JSONRepeatedText? {
    let start = reader.position
    guard start + 32 <= reader.bytes.count else { return nil }
    let mixed = reader.bytes.hashOf32Bytes(at: start)
    let slot = Int(truncatingIfNeeded: mixed >> 58) & (JSONRepeatedTexts.slotCount - 1)
    let earlier = texts.texts[slot]
    if earlier.count > 0 && reader.bytes.bytesEqual(at: earlier.start, start, count: earlier.count) {
      reader.position += earlier.count
      afterValue = true
      return JSONRepeatedText(slot: slot, isRepeat: true, start: start)
    }
    return JSONRepeatedText(slot: slot, isRepeat: false, start: start)
  }

  /// Records the text of the value just read after a miss of ``repeatedText(in:)``, when it can
  /// be taken for its value later: a string, an array or an object (a number's end depends on
  /// the byte after it) of at least 16 bytes. Use one `texts` for values read at one nesting
  /// depth only. `true` when recorded: the caller's value for the slot is then this value (and
  /// stays the earlier one otherwise, with the earlier text).
  package func recordRepeatedText(_ found: JSONRepeatedText, in texts: inout JSONRepeatedTexts) -> Bool {
    let count = reader.position - found.start
    guard !found.isRepeat, count >= 16 else { return false }
    let last = reader.bytes[reader.position - 1]
    guard last == UInt8(ascii: "\"") || last == UInt8(ascii: "]") || last == UInt8(ascii: "}") else { return false }
    texts.texts[found.slot] = (found.start, count)
    return true
  }
}

extension JSONParser {
  /// Runs `body` with a cursor at the start of `bytes`; see ``JSONCursor``.
  package func scan<Result>(_ bytes: [UInt8], _ body: (inout JSONCursor) -> Result?) -> Result? {
    ByteView.withBytes(of: bytes) { view in
      var cursor = JSONCursor(reader: Reader(bytes: view, maximumDepth: maximumDepth))
      defer { cursor.release() }
      // A byte order mark is an error for the parser; the cursor leaves it to the parser too.
      if cursor.startsWithByteOrderMark { return nil }
      return body(&cursor)
    }
  }
}

/// A place in a document a ``JSONCursor`` read, to read the value there again later.
package struct JSONCursorMark: Sendable, Equatable {
  package let position: Int
  package let depth: Int
}

extension JSONParser {
  /// Runs `body` with a cursor at `mark` in `bytes`, as the cursor that made it was there: for
  /// a caller that read the document once (so it is known to be JSON up to there) and reads a
  /// value of it again instead of keeping what it built the first time.
  package func scan<Result>(_ bytes: [UInt8], from mark: JSONCursorMark, _ body: (inout JSONCursor) -> Result?)
    -> Result?
  {
    guard mark.position >= 0, mark.position <= bytes.count, mark.depth >= 0 else { return nil }
    return ByteView.withBytes(of: bytes) { view in
      var reader = Reader(bytes: view, maximumDepth: maximumDepth)
      reader.position = mark.position
      reader.depth = mark.depth
      var cursor = JSONCursor(reader: reader)
      defer { cursor.release() }
      return body(&cursor)
    }
  }
}

extension JSONCursor {
  fileprivate var startsWithByteOrderMark: Bool { reader.startsWithByteOrderMark }

  fileprivate mutating func release() {
    reader.releaseScratch()
  }
}
