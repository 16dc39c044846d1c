/// One step of a JSON path: a member of an object, or an element of an array.
public enum JSONPathStep: Sendable, Equatable {
  case key(String)
  case index(Int)

  /// The steps of a path as the vector decoder writes them: `tests[3].expect.result`, `format`,
  /// `tests[0].tags[2]`; the empty path is the whole document. Keys are the format's own, which
  /// hold neither `.` nor `[`.
  public static func parse(_ path: String) -> [JSONPathStep] {
    var steps: [JSONPathStep] = []
    for part in path.split(separator: ".", omittingEmptySubsequences: true) {
      var rest = Substring(part)
      if let bracket = rest.firstIndex(of: "[") {
        if bracket > rest.startIndex { steps.append(.key(String(rest[..<bracket]))) }
        rest = rest[bracket...]
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
          if let index = Int(rest[rest.index(after: rest.startIndex)..<close]) { steps.append(.index(index)) }
          rest = rest[rest.index(after: close)...]
        }
      } else {
        steps.append(.key(String(rest)))
      }
    }
    return steps
  }
}

/// A place in a JSON text: 1-based line, and 1-based column counted in Unicode scalars, as
/// ``JSONParseError`` counts them.
public struct JSONTextPosition: Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// Finds where a JSON path's value (or member key) is written in a JSON text, so problems found
/// in the parsed value can be reported as `FILE:LINE:COLUMN`. The text must be strict JSON (it
/// parsed); on anything else the search gives up with `nil`.
public enum JSONLocator {
  /// The position of the value at `steps`, or with `key`, of the last step's member key.
  /// `nil` when the path is not in the text.
  public static func locate(_ steps: [JSONPathStep], in bytes: [UInt8], key: Bool = false) -> JSONTextPosition? {
    var scanner = Scanner(bytes: bytes)
    scanner.skipWhitespace()
    for (number, step) in steps.enumerated() {
      switch step {
      case .key(let name):
        guard scanner.peek() == UInt8(ascii: "{") else { return nil }
        scanner.position += 1
        var found = false
        while true {
          scanner.skipWhitespace()
          guard scanner.peek() == UInt8(ascii: "\"") else { return nil }
          let keyStart = scanner.position
          guard let text = scanner.readString() else { return nil }
          scanner.skipWhitespace()
          guard scanner.peek() == UInt8(ascii: ":") else { return nil }
          scanner.position += 1
          scanner.skipWhitespace()
          if utf8Equal(text, name) {
            if key && number == steps.count - 1 { return position(of: keyStart, in: bytes) }
            found = true
            break
          }
          guard scanner.skipValue() else { return nil }
          scanner.skipWhitespace()
          guard scanner.peek() == UInt8(ascii: ",") else { return nil }
          scanner.position += 1
        }
        if !found { return nil }
      case .index(let wanted):
        guard scanner.peek() == UInt8(ascii: "[") else { return nil }
        scanner.position += 1
        scanner.skipWhitespace()
        for _ in 0..<wanted {
          guard scanner.skipValue() else { return nil }
          scanner.skipWhitespace()
          guard scanner.peek() == UInt8(ascii: ",") else { return nil }
          scanner.position += 1
          scanner.skipWhitespace()
        }
        guard let next = scanner.peek(), next != UInt8(ascii: "]") else { return nil }
      }
    }
    return position(of: scanner.position, in: bytes)
  }

  /// The line and column of a byte offset.
  public static func position(of offset: Int, in bytes: [UInt8]) -> JSONTextPosition {
    var line = 1
    var column = 1
    for index in 0..<min(offset, bytes.count) {
      if bytes[index] == 0x0A {
        line += 1
        column = 1
      } else if bytes[index] & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONTextPosition(line: line, column: column)
  }

  private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
      while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// Reads a string at the position; its escapes decoded by the parser when it has any.
    mutating func readString() -> String? {
      let start = position
      guard skipString() else { return nil }
      let raw = bytes[(start + 1)..<(position - 1)]
      if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw, as: UTF8.self) }
      return (try? JSONParser().parse(Array(bytes[start..<position])))?.stringValue
    }

    mutating func skipString() -> Bool {
      guard peek() == UInt8(ascii: "\"") else { return false }
      position += 1
      while let byte = peek() {
        position += 1
        if byte == UInt8(ascii: "\\") {
          position += 1
        } else if byte == UInt8(ascii: "\"") {
          return true
        }
      }
      return false
    }

    mutating func skipValue() -> Bool {
      guard let byte = peek() else { return false }
      switch byte {
      case UInt8(ascii: "\""):
        return skipString()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // Brackets are counted outside strings; the text is strict JSON, so they balance.
        var depth = 0
        while let current = peek() {
          switch current {
          case UInt8(ascii: "\""):
            guard skipString() else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
          default:
            break
          }
          position += 1
          if depth == 0 { return true }
        }
        return false
      default:
        // A number or a literal: up to the next separator.
        while let current = peek(),
          ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(current)
        {
          position += 1
        }
        return true
      }
    }
  }
}
