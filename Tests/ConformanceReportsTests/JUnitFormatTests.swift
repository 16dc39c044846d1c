import Testing

@testable import ConformanceReports

@Suite struct JUnitFormatTests {
  @Test(arguments: [
    (UInt64(0), "0.000"), (499_999, "0.000"), (500_000, "0.001"), (1_000_000, "0.001"), (999_499_999, "0.999"),
    (999_500_000, "1.000"), (1_234_567_890, "1.235"), (60_000_000_000, "60.000"), (UInt64.max, "18446744073.710"),
  ])
  func secondsHaveExactlyThreeDecimals(nanoseconds: UInt64, text: String) {
    #expect(JUnitFormat.seconds(nanoseconds: nanoseconds) == text)
  }

  @Test(arguments: [
    ("0", UInt64(0)), ("0.000", 0), ("1.5", 1_500_000_000), ("12", 12_000_000_000), ("0.001", 1_000_000),
    ("0.0000000019", 1), ("18446744073.709551615", UInt64.max),
  ])
  func secondsReadBack(text: String, nanoseconds: UInt64) {
    #expect(JUnitFormat.nanoseconds(seconds: text) == nanoseconds)
  }

  @Test(arguments: ["", ".5", "5.", "-1", "+1", "1e3", "1,5", " 1", "1 ", "１", "18446744073.709551616", "99999999999"])
  func malformedSecondsAreRefused(text: String) {
    #expect(JUnitFormat.nanoseconds(seconds: text) == nil)
  }

  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (951_782_400, "2000-02-29T00:00:00Z"),
    (951_868_799, "2000-02-29T23:59:59Z"), (951_955_199, "2000-03-01T23:59:59Z"),
    (1_700_000_000, "2023-11-14T22:13:20Z"),
    (1_714_557_600, "2024-05-01T10:00:00Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
  ])
  func timestampIsISO8601InUTC(seconds: Int64, text: String) {
    #expect(JUnitTimestamp(secondsSinceEpoch: seconds).description == text)
  }

  @Test func hostnameIsNeverEmpty() {
    #expect(!JUnitHost.currentName().isEmpty)
  }
}
