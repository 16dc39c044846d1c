/// Text that is about to be written into an XML document, made safe for XML 1.0.
///
/// XML 1.0 allows only TAB, LF and CR below U+0020, and never U+FFFE or U+FFFF (its `Char`
/// production). libxml2's writer does not check this: it writes such scalars raw (or as a
/// character reference that is just as ill-formed), and every reader then rejects the whole
/// report. So each of them is replaced by a visible `\uXXXX` escape (four lowercase hex digits,
/// the way ``JSONSerializer`` writes them), never written raw and never dropped. U+0000 is
/// included: libxml2 takes C strings, which would otherwise end there silently.
///
/// A backslash is left as it is. The texts written are mostly JSON rendered by
/// ``JSONSerializer``, which already doubles every backslash inside strings, so an escape made
/// here cannot be mistaken for text the report quotes.
package func visibleXMLText(_ text: String) -> String {
  guard mayHoldForbiddenXMLScalar(text) else { return text }
  guard text.unicodeScalars.contains(where: isForbiddenInXML) else { return text }
  var result = ""
  result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
  for scalar in text.unicodeScalars {
    if isForbiddenInXML(scalar) {
      result += "\\u" + hexDigits(scalar.value, width: 4)
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// A byte-level pre-check, so that the common text (ids, paths, printable ASCII) is not decoded
/// scalar by scalar: every forbidden scalar is either a single byte below 0x20 in UTF-8, or
/// U+FFFE / U+FFFF, whose encodings (`EF BF BE`, `EF BF BF`) start with 0xEF. `false` proves
/// the text clean; `true` only means the scalar-level check must run.
func mayHoldForbiddenXMLScalar(_ text: String) -> Bool {
  text.utf8.contains { byte in (byte < 0x20 || byte == 0xEF) && byte != 0x09 && byte != 0x0A && byte != 0x0D }
}

/// Whether XML 1.0's `Char` production excludes the scalar. Surrogates cannot occur in a Swift
/// `String`, so the controls and the two noncharacters are all that is left to catch.
func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A, 0x0D: return false
  case 0x00..<0x20, 0xFFFE, 0xFFFF: return true
  default: return false
  }
}

/// Lowercase hexadecimal, left-padded with zeros to `width` digits.
func hexDigits(_ value: UInt32, width: Int) -> String {
  let digits = String(value, radix: 16)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
