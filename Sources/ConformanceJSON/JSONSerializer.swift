/// Writes JSON text deterministically: members in the order they are held, numbers as their
/// literal, and every invisible or ambiguous scalar as a `\u` escape so that a reader of a
/// vector file or a failure message can see exactly which scalars a string holds.
public struct JSONSerializer: Sendable {
  public enum Layout: Sendable {
    /// One line, `{"a": 1, "b": [true]}`.
    case compact
    /// Two-space indentation; a container whose one-line form fits in `lineWidth` stays on one line.
    case pretty(lineWidth: Int)
  }

  public var layout: Layout

  public init(layout: Layout) {
    self.layout = layout
  }

  public static let compact = JSONSerializer(layout: .compact)
  public static let pretty = JSONSerializer(layout: .pretty(lineWidth: 100))

  public func string(from value: JSONValue) -> String {
    String(decoding: bytes(from: value), as: UTF8.self)
  }

  /// The UTF-8 text of `value`, as ``string(from:)`` (which decodes it) gives it.
  public func bytes(from value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    write(value, to: &output)
    return output
  }

  /// Appends the UTF-8 text of `value` to `output`. Everything is written as bytes into one
  /// buffer: building strings scalar by scalar made serializing most of a report's cost.
  public func write(_ value: JSONValue, to output: inout [UInt8]) {
    switch layout {
    case .compact: Self.writeCompact(value, to: &output)
    case .pretty(let width): Self.writePretty(value, indent: 0, width: width, to: &output)
    }
  }

  private static func writeCompact(_ value: JSONValue, to output: inout [UInt8]) {
    switch value {
    case .null: output += "null".utf8
    case .bool(let flag): output += flag ? "true".utf8 : "false".utf8
    case .number(let number): output += number.literal.utf8
    case .string(let text): writeString(text, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output += ", ".utf8 }
        writeCompact(element, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (index, member) in object.members.enumerated() {
        if index > 0 { output += ", ".utf8 }
        writeString(member.key, to: &output)
        output += ": ".utf8
        writeCompact(member.value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writePretty(_ value: JSONValue, indent: Int, width: Int, to output: inout [UInt8]) {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      if compactWidth(of: value, within: width - indent) != nil {
        writeCompact(value, to: &output)
        return
      }
      output += "[\n".utf8
      for (index, element) in elements.enumerated() {
        output += repeatElement(UInt8(ascii: " "), count: indent + 2)
        writePretty(element, indent: indent + 2, width: width, to: &output)
        output += index + 1 < elements.count ? ",\n".utf8 : "\n".utf8
      }
      output += repeatElement(UInt8(ascii: " "), count: indent)
      output.append(UInt8(ascii: "]"))
    case .object(let object) where !object.isEmpty:
      if compactWidth(of: value, within: width - indent) != nil {
        writeCompact(value, to: &output)
        return
      }
      output += "{\n".utf8
      for (index, member) in object.members.enumerated() {
        output += repeatElement(UInt8(ascii: " "), count: indent + 2)
        writeString(member.key, to: &output)
        output += ": ".utf8
        writePretty(member.value, indent: indent + 2, width: width, to: &output)
        output += index + 1 < object.count ? ",\n".utf8 : "\n".utf8
      }
      output += repeatElement(UInt8(ascii: " "), count: indent)
      output.append(UInt8(ascii: "}"))
    default:
      writeCompact(value, to: &output)
    }
  }

  /// The width of `value`'s one-line form in Unicode scalars, or `nil` as soon as it is
  /// more than `budget`: deciding whether a container fits on a line looks at no more than a
  /// line's worth of it, so pretty-printing stays linear however deep the value is.
  static func compactWidth(of value: JSONValue, within budget: Int) -> Int? {
    var left = budget
    return spend(value, &left) ? budget - left : nil
  }

  /// Takes `value`'s one-line width from `left`; false once it goes below zero.
  private static func spend(_ value: JSONValue, _ left: inout Int) -> Bool {
    switch value {
    case .null: left -= 4
    case .bool(let flag): left -= flag ? 4 : 5
    case .number(let number): left -= number.literal.utf8.count
    case .string(let text): return spend(text, &left)
    case .array(let elements):
      left -= 2 + max(0, elements.count - 1) * 2
      for element in elements {
        guard left >= 0, spend(element, &left) else { return false }
      }
    case .object(let object):
      left -= 2 + max(0, object.count - 1) * 2 + object.count * 2
      for member in object.members {
        guard left >= 0, spend(member.key, &left), spend(member.value, &left) else { return false }
      }
    }
    return left >= 0
  }

  /// Takes a string literal's width from `left`.
  private static func spend(_ text: String, _ left: inout Int) -> Bool {
    left -= 2
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}": left -= 2
      default: left -= needsEscape(scalar) ? 6 * scalar.utf16.count : 1
      }
      if left < 0 { return false }
    }
    return left >= 0
  }

  /// Writes `text` as a JSON string literal.
  public static func writeString(_ text: String, to output: inout String) {
    var bytes: [UInt8] = []
    writeString(text, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` as a JSON string literal, in UTF-8. A string of printable ASCII without
  /// quotes or backslashes (most ids, keys and values) is copied as it is, in one append.
  public static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var copy = text
    let plain = copy.withUTF8 { utf8 in
      for byte in utf8 where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
      output.append(contentsOf: utf8)
      return true
    }
    if !plain {
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\"".utf8
        case "\\": output += "\\\\".utf8
        case "\n": output += "\\n".utf8
        case "\r": output += "\\r".utf8
        case "\t": output += "\\t".utf8
        case "\u{08}": output += "\\b".utf8
        case "\u{0C}": output += "\\f".utf8
        default:
          if scalar.value < 0x80 && scalar.value >= 0x20 && scalar.value != 0x7F {
            output.append(UInt8(truncatingIfNeeded: scalar.value))
          } else if needsEscape(scalar) {
            writeEscape(scalar, to: &output)
          } else {
            output += UTF8.encode(scalar)!
          }
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Scalars written as `\u` escapes: controls, and everything a reader cannot see or tell
  /// apart from its neighbours (format characters, combining marks, non-space separators,
  /// private use, noncharacters).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return false }
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return true }
    switch scalar.properties.generalCategory {
    case .format, .nonspacingMark, .enclosingMark, .spaceSeparator, .lineSeparator,
      .paragraphSeparator, .privateUse, .control, .surrogate:
      return true
    default:
      return false
    }
  }

  private static func writeEscape(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    for unit in String(scalar).utf16 {
      output += "\\u".utf8
      for shift in [12, 8, 4, 0] { output.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
    }
  }
}
