import ConformanceLowLevel

/// The plain-text forms JUnit attributes take, computed with integers only: no `Double`, no
/// locale, no `String(format:)`, so the same run always gives the same bytes on every machine.
public enum JUnitFormat {
  /// Seconds with exactly three decimals, rounded half up from nanoseconds: `0.000`, `1.235`.
  public static func seconds(nanoseconds: UInt64) -> String {
    let milliseconds = nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 >= 500_000 ? 1 : 0)
    // Most tests take less than half a millisecond, and one time goes on every testcase.
    if milliseconds == 0 { return "0.000" }
    let fraction = milliseconds % 1000
    let padding = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
    return "\(milliseconds / 1000).\(padding)\(fraction)"
  }

  /// Reads a `time` attribute back into nanoseconds: ASCII digits, optionally a dot and more
  /// digits (`12`, `0.5`, `1.234`). Decimals past the ninth are dropped. `nil` for anything else
  /// (signs, exponents, commas, an empty string) or a value past `UInt64`.
  public static func nanoseconds(seconds text: String) -> UInt64? {
    let bytes = Array(text.utf8)
    let dot = bytes.firstIndex(of: UInt8(ascii: "."))
    let whole = bytes[..<(dot ?? bytes.endIndex)]
    let fraction = dot.map { bytes[($0 + 1)...] } ?? []
    guard !whole.isEmpty, dot == nil || !fraction.isEmpty,
      (whole + fraction).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    var total: UInt64 = 0
    for digit in whole {
      let (times, overflow1) = total.multipliedReportingOverflow(by: 10)
      let (plus, overflow2) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      total = plus
    }
    let (wholeNanoseconds, overflow) = total.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return nil }
    var fractionNanoseconds: UInt64 = 0
    var scale: UInt64 = 100_000_000
    for digit in fraction.prefix(9) {
      fractionNanoseconds += UInt64(digit - UInt8(ascii: "0")) * scale
      scale /= 10
    }
    let (sum, overflowSum) = wholeNanoseconds.addingReportingOverflow(fractionNanoseconds)
    return overflowSum ? nil : sum
  }

  static func zeroPadded(_ value: UInt64, width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// A report's `timestamp`: a moment in whole seconds, written as ISO 8601 in UTC with seconds
/// (`2024-05-01T09:30:00Z`).
public struct JUnitTimestamp: Sendable, Equatable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public var secondsSinceEpoch: Int64

  public init(secondsSinceEpoch: Int64) {
    self.secondsSinceEpoch = secondsSinceEpoch
  }

  /// The current time from the system's real-time clock.
  public static func now() -> JUnitTimestamp {
    JUnitTimestamp(secondsSinceEpoch: wallClockNow().seconds)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`, computed from the proleptic Gregorian calendar (days-from-civil,
  /// inverted) rather than `gmtime`, so it is the same everywhere and needs no C buffer.
  public var description: String {
    let days = floorDivide(secondsSinceEpoch, 86_400)
    let secondOfDay = secondsSinceEpoch - days * 86_400
    let (year, month, day) = JUnitTimestamp.civilDate(daysSinceEpoch: days)
    let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
    return yearText + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
      + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
  }

  /// Year, month (1–12) and day (1–31) of a day counted from 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`: eras of 400 years starting on March 1).
  static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = daysSinceEpoch + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

private func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
  let quotient = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
}

/// The machine's name for `hostname` attributes.
public enum JUnitHost {
  /// `gethostname`, decoded as UTF-8 (invalid bytes become U+FFFD); `localhost` when the
  /// system gives no name.
  public static func currentName() -> String {
    let name = hostNameBytes()
    return name.isEmpty ? "localhost" : String(decoding: name, as: UTF8.self)
  }
}
