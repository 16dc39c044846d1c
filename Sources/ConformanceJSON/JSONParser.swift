/// A strict RFC 8259 parser working on UTF-8 bytes.
///
/// Stricter than Foundation's decoders on purpose: a duplicate key (compared byte for byte),
/// a byte order mark, invalid UTF-8, a lone surrogate escape, a raw control character in a
/// string or anything after the value is an error. Nesting is bounded so that hostile input
/// (100,000 open brackets) gives an error instead of a stack overflow; everything else runs in
/// time linear in the input.
public struct JSONParser: Sendable {
  /// Deepest nesting of arrays and objects accepted.
  public var maximumDepth: Int

  public init(maximumDepth: Int = 256) {
    self.maximumDepth = maximumDepth
  }

  public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
      var reader = Reader(bytes: buffer, maximumDepth: maximumDepth)
      defer { reader.releaseScratch() }
      return try reader.parseDocument()
    }
  }

  public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

/// Where and why a document is not strict JSON.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  public let reason: String
  /// Byte offset of the problem, from 0.
  public let offset: Int
  /// 1-based line of the problem.
  public let line: Int
  /// 1-based column, counted in Unicode scalars from the start of the line.
  public let column: Int

  /// `line 3, column 7: duplicate key "id"`.
  public var description: String { "line \(line), column \(column): \(reason)" }
}

struct Reader {
  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  var position = 0
  var depth = 0
  /// Members of the objects being parsed, innermost last. Each object collects its members
  /// here and leaves with one array of exactly its size: growing a fresh array per object
  /// (capacity 1, 2, 4, 8, ...) cost more than a fifth of the parse time on vector files.
  private var memberStack = ScratchStack<JSONObject.Member>()
  /// The same for the elements of the arrays being parsed.
  private var elementStack = ScratchStack<JSONValue>()
  /// The strings made so far, by their text (see ``StringCache``).
  private var strings: StringCache

  init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    strings = StringCache(documentSize: bytes.count)
  }

  /// Frees the scratch stacks (and whatever an error left on them) and the string table.
  mutating func releaseScratch() {
    memberStack.release()
    elementStack.release()
    strings.release()
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    if startsWithByteOrderMark {
      throw error("a byte order mark (U+FEFF) is not allowed at the start of a vector file")
    }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if position < bytes.count {
      throw error("unexpected \(describeByte(at: position)) after the top-level value")
    }
    return value
  }

  // MARK: Values

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected \(describeByte(at: position)), expected a value")
    }
  }

  mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    if depth > maximumDepth {
      throw error("nesting deeper than \(maximumDepth) levels")
    }
  }

  mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    position += 1
    let base = memberStack.count
    // Small objects are checked for duplicates pairwise; large ones through a set of key bytes,
    // so that a hostile object with a million keys stays linear.
    var seenKeys: Set<[UInt8]>? = nil
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(JSONObject())
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw error(
          position < bytes.count
            ? "unexpected \(describeByte(at: position)), expected a string key"
            : "unexpected end of input, expected a string key")
      }
      let keyStart = position
      let key = try parseString()
      if memberStack.count - base < 16 {
        for index in base..<memberStack.count where utf8Equal(memberStack.key(at: index), key) {
          throw error("duplicate key \(quoted(key))", at: keyStart)
        }
      } else {
        if seenKeys == nil { seenKeys = Set((base..<memberStack.count).map { Array(memberStack.key(at: $0).utf8) }) }
        if seenKeys!.insert(Array(key.utf8)).inserted == false {
          throw error("duplicate key \(quoted(key))", at: keyStart)
        }
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else {
        throw error(
          position < bytes.count
            ? "unexpected \(describeByte(at: position)), expected ':' after a key"
            : "unexpected end of input, expected ':' after a key")
      }
      position += 1
      skipWhitespace()
      let value = try parseValue()
      memberStack.push(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        try skipComma(before: UInt8(ascii: "}"))
      case UInt8(ascii: "}"):
        position += 1
        depth -= 1
        return .object(JSONObject(memberStack.popArray(from: base)))
      case nil:
        throw error("unexpected end of input, expected ',' or '}' in an object")
      default:
        throw error("unexpected \(describeByte(at: position)), expected ',' or '}' in an object")
      }
    }
  }

  /// Steps over a `,` between members or elements; a comma right before the container's end is
  /// reported as a trailing comma, at the comma (rather than as an unexpected `]` after it).
  mutating func skipComma(before end: UInt8) throws(JSONParseError) {
    let comma = position
    position += 1
    skipWhitespace()
    if peek() == end {
      throw error("trailing comma before '\(Character(Unicode.Scalar(end)))' (JSON allows none)", at: comma)
    }
  }

  mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    position += 1
    let base = elementStack.count
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array([])
    }
    while true {
      skipWhitespace()
      let element = try parseValue()
      elementStack.push(element)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        try skipComma(before: UInt8(ascii: "]"))
      case UInt8(ascii: "]"):
        position += 1
        depth -= 1
        return .array(elementStack.popArray(from: base))
      case nil:
        throw error("unexpected end of input, expected ',' or ']' in an array")
      default:
        throw error("unexpected \(describeByte(at: position)), expected ',' or ']' in an array")
      }
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    let start = position
    var matches = position + count <= bytes.count
    if matches {
      let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
      for offset in 0..<count where bytes[start + offset] != expected[offset] {
        matches = false
        break
      }
    }
    guard matches else { throw error("invalid literal, expected \(literal)") }
    position += count
  }

  mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard let first = peek(), isDigit(first) else {
      throw error("invalid number: expected a digit after '-'")
    }
    if first == UInt8(ascii: "0") {
      position += 1
      if let next = peek(), isDigit(next) {
        throw error("invalid number: leading zeros are not allowed")
      }
    } else {
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      position += 1
      guard let next = peek(), isDigit(next) else {
        throw error("invalid number: expected a digit after '.'")
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard let next = peek(), isDigit(next) else {
        throw error("invalid number: expected a digit in the exponent")
      }
      skipDigits()
    }
    let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    return JSONNumber(uncheckedLiteral: literal)
  }

  // MARK: Strings

  mutating func parseString() throws(JSONParseError) -> String {
    let openingQuote = position
    position += 1
    let start = position
    var asciiOnly = true
    // Fast path: no escapes. Scan to the closing quote, checking control characters.
    while position < bytes.count {
      position = contentWords(from: position, asciiOnly: &asciiOnly)
      guard position < bytes.count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let count = position - start
        position += 1
        // Bytes equal to a string's made before are that string (valid UTF-8 too).
        let slot = strings.lookUp(at: start, count: count, in: bytes)
        if slot >= StringCache.hit { return strings.value(at: slot) }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])
        let text: String
        if asciiOnly {
          text = String(decoding: slice, as: UTF8.self)
        } else {
          guard let valid = String(validating: slice, as: UTF8.self) else {
            throw invalidUTF8(in: start..<(start + count))
          }
          text = valid
        }
        strings.record(text, at: start, count: count, slot: slot)
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw controlCharacter(byte) }
      if byte >= 0x80 { asciiOnly = false }
      position += 1
    }
    guard position < bytes.count else {
      throw error("unterminated string", at: openingQuote)
    }
    // Slow path: escapes present. Collect scalars into a byte buffer.
    var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
    if !asciiOnly, String(validating: utf8, as: UTF8.self) == nil {
      throw invalidUTF8(in: start..<position)
    }
    var runStart = position
    func flushRun(_ reader: Reader, upTo end: Int) throws(JSONParseError) {
      guard end > runStart else { return }
      let run = UnsafeBufferPointer(rebasing: reader.bytes[runStart..<end])
      if run.contains(where: { $0 >= 0x80 }), String(validating: run, as: UTF8.self) == nil {
        throw reader.invalidUTF8(in: runStart..<end)
      }
      utf8.append(contentsOf: run)
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        try flushRun(self, upTo: position)
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte < 0x20 { throw controlCharacter(byte) }
      if byte != UInt8(ascii: "\\") {
        position += 1
        continue
      }
      try flushRun(self, upTo: position)
      let escapeStart = position
      position += 1
      guard let escaped = peek() else { break }
      position += 1
      switch escaped {
      case UInt8(ascii: "\""): utf8.append(0x22)
      case UInt8(ascii: "\\"): utf8.append(0x5C)
      case UInt8(ascii: "/"): utf8.append(0x2F)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        let unit = try parseHex4(escapeStart: escapeStart)
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
          // A high surrogate must be followed by an escaped low surrogate.
          guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
          else {
            throw error(
              "lone surrogate escape \\u\(hex4(unit)) is not a Unicode scalar", at: escapeStart)
          }
          let lowStart = position
          position += 2
          let low = try parseHex4(escapeStart: lowStart)
          guard (0xDC00...0xDFFF).contains(low) else {
            throw error(
              "lone surrogate escape \\u\(hex4(unit)) is not a Unicode scalar", at: escapeStart)
          }
          scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
          throw error(
            "lone surrogate escape \\u\(hex4(unit)) is not a Unicode scalar", at: escapeStart)
        }
        utf8.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
      default:
        throw error("invalid escape \\\(describeEscaped(escaped))", at: escapeStart)
      }
      runStart = position
    }
    throw error("unterminated string", at: openingQuote)
  }

  mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
    guard position + 4 <= bytes.count else {
      throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart)
    }
    var value: UInt16 = 0
    for offset in 0..<4 {
      let byte = bytes[position + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart)
      }
      value = value << 4 | UInt16(digit)
    }
    position += 4
    return value
  }

  // MARK: Helpers

  /// Whether the document starts with U+FEFF's UTF-8 bytes.
  var startsWithByteOrderMark: Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  mutating func skipDigits() {
    while position < bytes.count, isDigit(bytes[position]) { position += 1 }
  }

  /// The offset of the first `"`, `\\` or control character (below U+0020) from `start` on,
  /// found eight bytes at a time; or of the last seven or fewer bytes, for the caller's byte
  /// loop, which handles the byte found, so errors and their offsets are unchanged. Scanning
  /// byte by byte was the parser's largest own cost on vector files (long tokens and ids).
  ///
  /// Bytes from U+0080 up are string content too: they set `asciiOnly` to `false` (the string
  /// is then validated as UTF-8) but do not stop the scan, since Japanese text is mostly such
  /// bytes and a stop at each cost about fifteen instructions a byte. A word's bytes after the
  /// one found may set it too; that only asks for a validation the bytes pass.
  @inline(__always)
  func contentWords(from start: Int, asciiOnly: inout Bool) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var offset = start
    var high: UInt64 = 0
    defer { if high != 0 { asciiOnly = false } }
    while offset + 8 <= bytes.count {
      let word = ByteWord.load(base, at: offset)
      high |= ByteWord.nonASCII(word)
      // `below` leaves bytes from 0x80 up unmarked; each test's lowest mark is exact.
      let special =
        ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x5C, in: word)
      if special != 0 { return offset + special.trailingZeroBitCount >> 3 }
      offset += 8
    }
    return offset
  }

  /// The offset of the first byte from `start` on that is not printable ASCII other than `"`,
  /// `\\` and U+007F (what object keys the cursor compares byte for byte may hold), found eight
  /// bytes at a time; or of the last seven or fewer bytes, for the caller's byte loop.
  @inline(__always)
  func keyWords(from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    var offset = start
    while offset + 8 <= bytes.count {
      let word = ByteWord.load(base, at: offset)
      var special = ByteWord.nonASCII(word) | ByteWord.below(0x20, in: word)
      special |= ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x5C, in: word)
      special |= ByteWord.equal(to: 0x7F, in: word)
      if special != 0 {
        // The lowest flagged byte is exact (a borrow only ever flags bytes above a real match):
        // move to it, so the byte loop starts right at what stopped the skip.
        return offset + special.trailingZeroBitCount >> 3
      }
      offset += 8
    }
    return offset
  }

  /// Skips the whitespace that comes next. Its two common answers are inlined: none (a byte
  /// above U+0020, every token's first) and one space (after a colon); a call for those cost
  /// about 40 instructions, a tenth of reading a vector file.
  @inline(__always)
  mutating func skipWhitespace() {
    guard position < bytes.count, bytes[position] <= 0x20 else { return }
    if bytes[position] == 0x20, position + 1 < bytes.count, bytes[position + 1] > 0x20 {
      position += 1
      return
    }
    skipWhitespaceRun()
  }

  /// ``skipWhitespace()`` for runs: a line break and indentation.
  @inline(never)
  mutating func skipWhitespaceRun() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09:
        position += 1
        skipSpaces()
      default: return
      }
    }
  }

  /// Skips the spaces that come next eight bytes at a time: a pretty-printed file's indentation
  /// is most of its whitespace, and a byte at a time was a visible share of reading it.
  @inline(__always)
  mutating func skipSpaces() {
    guard let base = bytes.baseAddress else { return }
    let spaces: UInt64 = 0x2020_2020_2020_2020
    while position + 8 <= bytes.count {
      let others = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) ^ spaces
      guard others == 0 else {
        // The first byte (the lowest, read little-endian) that is not a space.
        position += others.trailingZeroBitCount >> 3
        return
      }
      position += 8
    }
  }

  func controlCharacter(_ byte: UInt8) -> JSONParseError {
    error("raw control character U+\(hex4(UInt16(byte))) in a string (escape it as \\u\(hex4(UInt16(byte))))")
  }

  func invalidUTF8(in range: Range<Int>) -> JSONParseError {
    // Point at the first byte that does not start a valid sequence.
    var offset = range.lowerBound
    while offset < range.upperBound {
      let length = validSequenceLength(at: offset, end: range.upperBound)
      if length == 0 { break }
      offset += length
    }
    return error("invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))", at: offset)
  }

  func validSequenceLength(at offset: Int, end: Int) -> Int {
    let first = bytes[offset]
    if first < 0x80 { return 1 }
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return 0
    }
    guard offset + length <= end else { return 0 }
    let sequence = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
    return String(validating: sequence, as: UTF8.self) == nil ? 0 : length
  }

  func describeByte(at offset: Int) -> String {
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  func describeEscaped(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F
      ? String(Character(Unicode.Scalar(byte))) : "(byte 0x\(String(byte, radix: 16, uppercase: true)))"
  }

  func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
    let offset = min(offset ?? position, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    // Columns count scalars: skip UTF-8 continuation bytes.
    var column = 1
    for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
    return JSONParseError(reason: reason, offset: offset, line: line, column: column)
  }
}

/// A stack of values in memory the parser manages itself. A finished container's values are
/// moved out into one array of exactly their number: one allocation and a memory copy, with no
/// retain or release per value (copying a slice of an `Array` did both and cost as much as the
/// repeated growth it replaced).
private struct ScratchStack<Element> {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = 32
    storage = .allocate(capacity: capacity)
  }

  mutating func push(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: storage, count: count)
      storage.deallocate()
      storage = larger
      capacity *= 2
    }
    (storage + count).initialize(to: element)
    count += 1
  }

  /// Moves the values from index `start` to the top into a new array.
  ///
  /// `reserveCapacity` and `append`, not `Array(unsafeUninitializedCapacity:)`: the latter is
  /// not specialised for the element type and looked up `_ContiguousArrayStorage<Element>`'s
  /// generic metadata in the runtime's locked cache for every array, about 7% of a run's
  /// instructions and a lock that the worker threads contended for.
  mutating func popArray(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    var array: [Element] = []
    array.reserveCapacity(moved)
    for offset in start..<count { array.append((storage + offset).move()) }
    count = start
    return array
  }

  /// Deinitializes what is left and frees the memory; the stack is unusable afterwards.
  mutating func release() {
    storage.deinitialize(count: count)
    storage.deallocate()
    count = 0
    capacity = 0
  }
}

extension ScratchStack where Element == JSONObject.Member {
  func key(at index: Int) -> String { storage[index].key }
}

private func hex4(_ value: UInt16) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: 4 - digits.count) + digits
}

private func quoted(_ key: String) -> String {
  JSONSerializer.compact.string(from: .string(key))
}
