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
    var output = ""
    switch layout {
    case .compact: writeCompact(value, to: &output)
    case .pretty(let width): writePretty(value, indent: 0, width: width, to: &output)
    }
    return output
  }

  private func writeCompact(_ value: JSONValue, to output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number): output += number.literal
    case .string(let text): JSONSerializer.writeString(text, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += ", " }
        writeCompact(element, to: &output)
      }
      output += "]"
    case .object(let object):
      output += "{"
      for (index, member) in object.members.enumerated() {
        if index > 0 { output += ", " }
        JSONSerializer.writeString(member.key, to: &output)
        output += ": "
        writeCompact(member.value, to: &output)
      }
      output += "}"
    }
  }

  private func writePretty(_ value: JSONValue, indent: Int, width: Int, to output: inout String) {
    switch value {
    case .array(let elements) where !elements.isEmpty:
      var inline = ""
      writeCompact(value, to: &inline)
      if indent + inline.unicodeScalars.count <= width {
        output += inline
        return
      }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += String(repeating: " ", count: indent + 2)
        writePretty(element, indent: indent + 2, width: width, to: &output)
        output += index + 1 < elements.count ? ",\n" : "\n"
      }
      output += String(repeating: " ", count: indent) + "]"
    case .object(let object) where !object.isEmpty:
      var inline = ""
      writeCompact(value, to: &inline)
      if indent + inline.unicodeScalars.count <= width {
        output += inline
        return
      }
      output += "{\n"
      for (index, member) in object.members.enumerated() {
        output += String(repeating: " ", count: indent + 2)
        JSONSerializer.writeString(member.key, to: &output)
        output += ": "
        writePretty(member.value, indent: indent + 2, width: width, to: &output)
        output += index + 1 < object.count ? ",\n" : "\n"
      }
      output += String(repeating: " ", count: indent) + "}"
    default:
      writeCompact(value, to: &output)
    }
  }

  /// Writes `text` as a JSON string literal.
  public static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if needsEscape(scalar) {
          writeEscape(scalar, to: &output)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
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

  private static func writeEscape(_ scalar: Unicode.Scalar, to output: inout String) {
    for unit in String(scalar).utf16 {
      let digits = String(unit, radix: 16)
      output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
  }
}
