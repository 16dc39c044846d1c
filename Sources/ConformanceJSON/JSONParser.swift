import ConformanceLowLevel

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
    try ByteView.withBytes(of: bytes) { (view) throws(JSONParseError) -> JSONValue in
      var reader = Reader(bytes: view, maximumDepth: maximumDepth)
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
  let bytes: ByteView
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

  init(bytes: ByteView, maximumDepth: Int) {
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
    guard bytes.hasPrefix(literal, at: start) else { throw error("invalid literal, expected \(literal)") }
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
    let literal = bytes.decodedString(start..<position)
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
      position = bytes.stringContentEnd(from: position, asciiOnly: &asciiOnly)
      guard position < bytes.count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let count = position - start
        position += 1
        // Bytes equal to a string's made before are that string (valid UTF-8 too).
        let slot = strings.lookUp(at: start, count: count, in: bytes)
        if slot >= StringCache.hit { return strings.value(at: slot) }
        let text: String
        if asciiOnly {
          text = bytes.decodedString(start..<(start + count))
        } else {
          guard let valid = bytes.validatedString(start..<(start + count)) else {
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
    var utf8 = bytes.array(start..<position)
    if !asciiOnly, String(validating: utf8, as: UTF8.self) == nil {
      throw invalidUTF8(in: start..<position)
    }
    var runStart = position
    func flushRun(_ reader: Reader, upTo end: Int) throws(JSONParseError) {
      guard end > runStart else { return }
      let run = runStart..<end
      if reader.bytes.containsNonASCII(run), reader.bytes.validatedString(run) == nil {
        throw reader.invalidUTF8(in: run)
      }
      reader.bytes.append(run, to: &utf8)
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

  /// Skips the spaces that come next, eight bytes at a time (``ByteView/spacesEnd(from:)``).
  @inline(__always)
  mutating func skipSpaces() {
    position = bytes.spacesEnd(from: position)
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
    return bytes.validatedString(offset..<(offset + length)) == nil ? 0 : length
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

extension ScratchStack where Element == JSONObject.Member {
  func key(at index: Int) -> String { self[index].key }
}

private func hex4(_ value: UInt16) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: 4 - digits.count) + digits
}

private func quoted(_ key: String) -> String {
  JSONSerializer.compact.string(from: .string(key))
}
