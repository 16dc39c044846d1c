/// The contract's ID patterns, as valid values and near misses: Numeric ID
/// (`^[1-9][0-9]{0,18}$`, a string rule), Opaque ID (`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`),
/// Canonical UUID (lowercase), and the Firebase Installation ID (`^[cdef][A-Za-z0-9_-]{21}$`).
/// Near misses sit one step outside: one character too many or too few, a leading zero, an
/// uppercase hex digit, a digit of another script, a trailing newline (`$` never matches
/// before it), white space around.
package enum IDPattern: Sendable, CaseIterable {
  case numeric, opaque, uuid, fid

  private static let digits = Array("0123456789").map(String.init)
  private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789").map(
    String.init)
  private static let hex = Array("0123456789abcdef").map(String.init)

  /// A valid value, often at the pattern's edges (shortest, longest, all nines, 19 digits that
  /// exceed Int64).
  package func valid(_ random: inout ExploreRandom) -> String {
    switch self {
    case .numeric:
      switch random.below(6) {
      case 0: return random.pick(["1", "9", "10"])
      case 1: return "9999999999999999999"
      case 2:
        return random.pick(["9223372036854775807", "9223372036854775808", "18446744073709551615", "9007199254740993"])
      case 3: return "1" + String(repeating: "0", count: 18)
      default:
        var text = String(1 + random.below(9))
        for _ in 0..<random.below(19) { text += random.pick(Self.digits) }
        return text
      }
    case .opaque:
      let length = random.pick([1, 2, 8, 36, 127, 128, 1 + random.below(128)])
      let inner = Self.alphanumerics + [".", ":", "-"]
      var text = random.pick(Self.alphanumerics)
      for _ in 1..<length { text += random.pick(inner) }
      return text
    case .uuid:
      let groups = [8, 4, 4, 4, 12].map { count in (0..<count).map { _ in random.pick(Self.hex) }.joined() }
      return groups.joined(separator: "-")
    case .fid:
      let alphabet = Self.alphanumerics + ["_", "-"]
      return random.pick(["c", "d", "e", "f"]) + (0..<21).map { _ in random.pick(alphabet) }.joined()
    }
  }

  /// A value one step outside the pattern (mostly; a few mutations land back inside it, which
  /// is fine: the reference decides).
  package func nearMiss(_ random: inout ExploreRandom) -> String {
    let value = valid(&random)
    var scalars = Array(value.unicodeScalars)
    func joined() -> String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      return String(view)
    }
    switch random.below(12) {
    case 0: return value + random.pick(["\n", "\r\n", " ", "\u{A0}", "\u{0}"])
    case 1: return random.pick([" ", "\u{FEFF}", "+", "0", "-"]) + value
    case 2: return value + random.pick(self == .numeric ? Self.digits : Self.alphanumerics)
    case 3: return String(value.dropLast())
    case 4: return value.uppercased()
    case 5:
      // One character swapped for a digit of another script or a full-width form.
      let index = random.below(scalars.count)
      scalars[index] = random.pick(UnicodeClasses.otherDigits + UnicodeClasses.fullWidth).unicodeScalars.first!
      return joined()
    case 6:
      let index = random.below(scalars.count)
      scalars[index] = random.pick(["_", ".", ":", "/", "@", "+", "=", " ", "g", "G", "\u{E9}", "%"]).unicodeScalars
        .first!
      return joined()
    case 7:
      switch self {
      case .numeric:
        return random.pick(["0", "01", "00", "-1", "1.0", "1e3", "10000000000000000000", "99999999999999999999"])
      case .opaque:
        return random.pick([".a", "-a", ":a", "_a", "a/b", "a b", "a@b", ""]) + (random.chance(1, in: 3) ? value : "")
      case .uuid: return "{" + value + "}"
      case .fid: return random.pick(["a", "b", "g", "C", "D", "E", "F", "_", "-", "0"]) + String(value.dropFirst())
      }
    case 8:
      switch self {
      case .numeric: return String(repeating: "9", count: 19 + random.below(3))
      case .opaque: return value + String(repeating: "a", count: max(0, 129 - value.count))
      case .uuid: return value.replacingOccurrences(first: "-", with: "")
      case .fid: return value + String(repeating: "A", count: random.pick([1, 2, 130]))
      }
    case 9:
      // A case change of one letter (uppercase hex, a capitalised first letter).
      if let index = scalars.firstIndex(where: { $0.properties.isLowercase }) {
        scalars[index] = Unicode.Scalar(scalars[index].value - 32) ?? scalars[index]
        return joined()
      }
      return value.lowercased()
    case 10: return value + value
    default: return ""
    }
  }
}
