/// The Unicode classes the suites' rules tell apart, as short strings to put into inputs: each
/// class holds characters an implementation commonly gets wrong in one direction (a White_Space
/// check that knows only ASCII, a digit check that takes every Nd digit, a length counted in
/// UTF-16 units or bytes instead of scalars, a case fold that changes more than ASCII).
package enum UnicodeClasses {
  /// ASCII White_Space: space, tab, LF, VT, FF, CR.
  package static let asciiWhiteSpace = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"]
  /// White_Space outside ASCII: NEL, NO-BREAK SPACE, OGHAM SPACE MARK, the U+2000 block, LINE and
  /// PARAGRAPH SEPARATOR, NARROW NO-BREAK SPACE, MEDIUM MATHEMATICAL SPACE, IDEOGRAPHIC SPACE.
  package static let otherWhiteSpace = [
    "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2003}", "\u{2007}", "\u{200A}", "\u{2028}", "\u{2029}",
    "\u{202F}", "\u{205F}", "\u{3000}",
  ]
  /// Look like white space to some libraries but lack the White_Space property: ZERO WIDTH SPACE,
  /// BYTE ORDER MARK / ZWNBSP, MONGOLIAN VOWEL SEPARATOR, WORD JOINER, the ASCII information
  /// separators U+001C–U+001F (Python's `str.isspace` and Java's `isWhitespace` take them).
  package static let whiteSpaceLookalikes = ["\u{200B}", "\u{FEFF}", "\u{180E}", "\u{2060}", "\u{1C}", "\u{1F}"]
  /// Decimal digits that are not ASCII: Arabic-Indic, Extended Arabic-Indic, Devanagari,
  /// full-width, mathematical bold (astral), and the superscript/circled digits that are
  /// numeric but not Nd.
  package static let otherDigits = [
    "\u{0660}", "\u{0661}", "\u{06F1}", "\u{0967}", "\u{FF10}", "\u{FF11}", "\u{FF19}", "\u{1D7CF}", "\u{00B9}",
    "\u{2460}",
  ]
  /// Combining marks (a grapheme with its base, a scalar of its own).
  package static let combiningMarks = ["\u{0301}", "\u{0308}", "\u{20DD}", "\u{1AB0}"]
  /// Emoji joined by ZERO WIDTH JOINER, a flag, a skin tone: one grapheme, several scalars.
  package static let zwjSequences = [
    "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
    "\u{1F1EF}\u{1F1F5}", "\u{1F44D}\u{1F3FD}",
  ]
  /// Full-width forms of ASCII letters and punctuation.
  package static let fullWidth = ["\u{FF21}", "\u{FF41}", "\u{FF0D}", "\u{FF1A}", "\u{FF0F}", "\u{FF0E}", "\u{FF3F}"]
  /// Scalars outside the Basic Multilingual Plane (two UTF-16 units, four UTF-8 bytes).
  package static let astral = ["\u{1F600}", "\u{1D49C}", "\u{20BB7}", "\u{10FFFF}"]
  /// Letters whose case mapping is not ASCII's: sharp s (uppercases to two letters), dotted and
  /// dotless i, KELVIN SIGN and ANGSTROM SIGN (lowercase to ASCII k and å), long s, a ligature.
  package static let caseSpecials = ["\u{DF}", "\u{130}", "\u{131}", "\u{212A}", "\u{212B}", "\u{17F}", "\u{FB00}"]
  /// C0 and C1 controls, DEL, and the non-characters.
  package static let controls = ["\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{FFFE}", "\u{FFFF}"]
  /// Two-, three- and four-byte letters.
  package static let nonASCII = ["\u{E9}", "\u{3042}", "\u{5B57}", "\u{44F}", "\u{1F600}"]

  /// Every class, for "any character the rules might treat apart".
  package static let all: [[String]] = [
    asciiWhiteSpace, otherWhiteSpace, whiteSpaceLookalikes, otherDigits, combiningMarks, zwjSequences, fullWidth,
    astral, caseSpecials, controls, nonASCII,
  ]

  /// A character of a random class.
  package static func anyCharacter(_ random: inout ExploreRandom) -> String {
    random.pick(random.pick(all))
  }

  /// All White_Space (ASCII or not).
  package static let whiteSpace = asciiWhiteSpace + otherWhiteSpace
}

/// How a rule counts a string's length.
package enum TextUnit: Sendable {
  case scalars, utf8Bytes, utf16Units, graphemes, asciiCharacters
}

/// A length limit a rule names: at most `count` in `unit` (or at least, for a minimum).
package struct TextLimit: Sendable {
  package var count: Int
  package var unit: TextUnit

  package init(_ count: Int, _ unit: TextUnit) {
    self.count = count
    self.unit = unit
  }
}

package enum TextLengths {
  /// A string whose length counted in `unit` is `count`, made of pieces that count differently
  /// in the other units (astral scalars, two- and three-byte letters, base letters with a
  /// combining mark), so that an implementation counting the wrong unit lands on the wrong
  /// side of a limit. `filler` gives the alphabet for rules that restrict the characters.
  package static func string(
    count: Int, unit: TextUnit, random: inout ExploreRandom, filler: [String]? = nil
  ) -> String {
    guard count > 0 else { return "" }
    let pieces: [String]
    if let filler {
      pieces = filler
    } else {
      switch unit {
      case .scalars: pieces = random.pick([["a"], ["\u{1F600}"], ["\u{E9}"], ["\u{3042}"], ["a", "\u{1D49C}"]])
      case .utf8Bytes: pieces = random.pick([["a"], ["\u{E9}"], ["\u{3042}"], ["\u{1F600}"]])
      case .utf16Units: pieces = random.pick([["a"], ["\u{3042}"], ["\u{1F600}"]])
      case .graphemes: pieces = random.pick([["a"], ["e\u{301}"], ["\u{1F469}\u{200D}\u{1F4BB}"], ["\u{1F600}"]])
      case .asciiCharacters: pieces = ["a"]
      }
    }
    var text = ""
    var length = 0
    // Whole pieces while they fit, then ASCII (or the filler's first one-unit piece) to land
    // exactly on `count`.
    let piece = random.pick(pieces)
    let pieceLength = measure(piece, unit)
    if pieceLength > 0 {
      let wholePieces = count / pieceLength
      text.reserveCapacity(wholePieces * piece.utf8.count + 8)
      for _ in 0..<wholePieces { text += piece }
      length = wholePieces * pieceLength
    }
    let pad = pieces.first { measure($0, unit) == 1 } ?? "a"
    while length < count {
      text += pad
      length += 1
    }
    return text
  }

  package static func measure(_ text: String, _ unit: TextUnit) -> Int {
    switch unit {
    case .scalars: text.unicodeScalars.count
    case .utf8Bytes: text.utf8.count
    case .utf16Units: text.utf16.count
    case .graphemes: text.count
    case .asciiCharacters: text.utf8.count
    }
  }

  /// Lengths around a limit: one below, at, one above, and the extremes 0 and 1.
  package static func lengths(around limit: Int, random: inout ExploreRandom) -> Int {
    random.pick([limit - 1, limit, limit, limit + 1, limit + 1, 1, 0, limit * 2, limit + 2].map { max(0, $0) })
  }
}
