/// Reads a document member by member, for a caller that knows the shape it expects and builds
/// its own values from it, instead of building the whole tree first.
///
/// It accepts nothing that ``JSONParser`` rejects, but it does not say why: every step answers
/// `nil` (or ``Key/invalid``) at the first thing that is not plainly what was asked for, and the
/// caller then parses the document with ``JSONParser`` to get the error, or the tree, the strict
/// way. Values read with ``value()`` and ``string()`` go through the parser's own code, so they
/// are exactly what ``JSONParser/parse(_:)`` would have built; nesting counts against the same
/// maximum depth.
public struct JSONCursor: ~Copyable {
  private var reader: Reader
  /// Whether a value was just read, so the next step needs a `,` or a closing bracket first.
  private var afterValue = false

  fileprivate init(reader: consuming Reader) {
    self.reader = reader
  }

  /// What ``nextKey()`` found.
  public enum Key {
    /// The next member's key: its bytes, between the quotes. Valid until the scan ends.
    case key(UnsafeBufferPointer<UInt8>)
    /// The object's closing brace (consumed).
    case end
    /// Anything else: a syntax error, or a key with escapes or bytes outside printable ASCII,
    /// which the caller cannot compare byte for byte with a name it knows.
    case invalid
  }

  /// Enters the object that comes next.
  public mutating func enterObject() -> Bool {
    enter(UInt8(ascii: "{"))
  }

  /// Enters the array that comes next.
  public mutating func enterArray() -> Bool {
    enter(UInt8(ascii: "["))
  }

  /// The next key of the object entered last, with its `:` consumed.
  public mutating func nextKey() -> Key {
    switch step(closing: UInt8(ascii: "}")) {
    case .closed: return .end
    case .invalid: return .invalid
    case .next: break
    }
    guard reader.peek() == UInt8(ascii: "\"") else { return .invalid }
    let start = reader.position + 1
    var end = start
    while end < reader.bytes.count {
      let byte = reader.bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return .invalid }
      end += 1
    }
    guard end < reader.bytes.count else { return .invalid }
    reader.position = end + 1
    reader.skipWhitespace()
    guard reader.peek() == UInt8(ascii: ":") else { return .invalid }
    reader.position += 1
    reader.skipWhitespace()
    afterValue = false
    return .key(UnsafeBufferPointer(rebasing: reader.bytes[start..<end]))
  }

  /// Whether another element of the array entered last follows (`false`: the closing bracket,
  /// consumed); `nil` for anything else. A `true` is only a promise that something follows:
  /// reading it as a value fails if it is not one (a trailing comma, say).
  public mutating func nextElement() -> Bool? {
    switch step(closing: UInt8(ascii: "]")) {
    case .closed: return false
    case .invalid: return nil
    case .next: return reader.peek() == nil ? nil : true
    }
  }

  /// The value that comes next, as ``JSONParser`` builds it.
  public mutating func value() -> JSONValue? {
    guard let value = try? reader.parseValue() else { return nil }
    afterValue = true
    return value
  }

  /// The string that comes next; `nil` for any other value.
  public mutating func string() -> String? {
    guard reader.peek() == UInt8(ascii: "\""), let text = try? reader.parseString() else { return nil }
    afterValue = true
    return text
  }

  /// Whether only whitespace is left.
  public mutating func isAtEnd() -> Bool {
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

extension JSONParser {
  /// Runs `body` with a cursor at the start of `bytes`; see ``JSONCursor``.
  public func scan<Result>(_ bytes: [UInt8], _ body: (inout JSONCursor) -> Result?) -> Result? {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = JSONCursor(reader: Reader(bytes: buffer, maximumDepth: maximumDepth))
      defer { cursor.release() }
      // A byte order mark is an error for the parser; the cursor leaves it to the parser too.
      if cursor.startsWithByteOrderMark { return nil }
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
