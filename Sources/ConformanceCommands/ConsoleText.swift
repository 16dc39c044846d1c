/// Untrusted text made safe to print on a console or into a CI job log.
///
/// Vector files, expectations files, adapters and file names are untrusted. Printed raw, a line
/// break in a reason could start a line with `::error::` or `::stop-commands::` (GitHub Actions
/// reads those as workflow commands), and an ESC byte could move the cursor or rewrite what the
/// terminal shows. So every untrusted string goes through ``escape(_:)`` where it is printed:
/// control characters and the characters that break or reorder a line are shown as `\uXXXX`
/// (ESC as `\u001b`), so the text stays on the line the tool started, after the tool's own words.
enum ConsoleText {
  /// `text` with every C0 and C1 control character (line breaks and tabs included), DEL, the
  /// Unicode line and paragraph separators and the bidirectional embedding, override and
  /// isolate characters written as `\u` and four lowercase hex digits. Everything else is kept.
  static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// What a continuation line of a message of several lines starts with: never white space
  /// alone, since GitHub Actions reads a workflow command after leading white space.
  static let continuation = "    | "

  /// A message that may hold several lines (an adapter's error with its last lines on standard
  /// error): each line escaped, every line after the first behind ``continuation``, so that no
  /// line of it can start a console line of its own.
  static func escapeLines(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\n")) else { return escape(text) }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }
      .joined(separator: "\n" + continuation)
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x2028, 0x2029: return true  // line and paragraph separators
    case 0x200E, 0x200F, 0x061C: return true  // direction marks
    case 0x202A...0x202E, 0x2066...0x2069: return true  // embeddings, overrides, isolates
    default: return false
    }
  }
}
