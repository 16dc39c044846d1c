import ConformanceKit

/// Escaping for report text. Vector data is hostile by design (`<script>`, quotes, control and
/// bidirectional-override characters), so every piece of it passes through here before it
/// reaches a Markdown or HTML report.
package enum ReportText {
  /// `text` with every scalar a reader cannot see, or that reorders what they see, written as a
  /// visible `\uXXXX` escape (UTF-16 units, as in JSON): controls (including tab and newline,
  /// since report cells are one line), format characters such as U+202E and U+200B, line and
  /// paragraph separators, and noncharacters.
  package static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var output = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        for unit in String(scalar).utf16 {
          let digits = String(unit, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return false }
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return true }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator, .control, .surrogate: return true
    default: return false
    }
  }

  /// Text for HTML element content or a quoted attribute value: visible, and `& < > " '`
  /// written as character references.
  static func html(_ text: String) -> String {
    var output = ""
    for scalar in visible(text).unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// Text for a Markdown paragraph or table cell (GitHub and GitLab flavours): visible, HTML
  /// specials as character references, and every character with a Markdown meaning
  /// backslash-escaped, so data can neither format the page nor break out of a table cell.
  package static func markdown(_ text: String) -> String {
    var output = ""
    for scalar in visible(text).unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      // Only characters with a meaning mid-line: emphasis, code, links, table cells, strike,
      // GitLab references (#), emoji codes (:), mentions (@) and math ($). Data never starts a
      // line (each line begins with a label), so list and heading markers need no escape.
      case "\\", "`", "*", "_", "[", "]", "#", "|", "~", ":", "@", "$":
        output += "\\"
        output.unicodeScalars.append(scalar)
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// `text` cut to at most `limit` UTF-8 bytes with the `… N more bytes` marker every report
  /// and the console use (``TextCap/cut(_:limit:)``).
  static func truncated(_ text: String, limit: Int) -> String {
    TextCap.cut(text, limit: limit)
  }

  /// `text` as a Markdown code span that nothing in it can end: visible (no control, format or
  /// bidirectional character), delimited by one backtick more than its longest run of them, and
  /// padded with a space where it starts or ends with a backtick (CommonMark strips one).
  package static func codeSpan(_ text: String) -> String {
    let shown = visible(text)
    guard !shown.isEmpty else { return "` `" }
    var longest = 0
    var run = 0
    for byte in shown.utf8 {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let delimiter = String(repeating: "`", count: longest + 1)
    let padding = shown.hasPrefix("`") || shown.hasSuffix("`") ? " " : ""
    return delimiter + padding + shown + padding + delimiter
  }

  /// A Markdown code fence longer than any run of backticks in `text`, so the text cannot end it.
  package static func fence(for text: String) -> String {
    var longest = 0
    var run = 0
    for byte in text.utf8 {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    return String(repeating: "`", count: max(3, longest + 1))
  }
}
