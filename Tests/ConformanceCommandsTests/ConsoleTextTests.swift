import Testing

@testable import ConformanceCommands

@Suite struct ConsoleTextTests {
  @Test func controlAndLineBreakingCharactersAreShownEscaped() {
    #expect(ConsoleText.escape("plain ascii, ünïcödé and 日本語") == "plain ascii, ünïcödé and 日本語")
    #expect(
      ConsoleText.escape("a\n::error title=x::y\r\t\u{1B}[2J\u{7F}\u{85}\u{9B}31m\u{2028}\u{2029}\u{202E}\u{2066}z")
        == #"a\u000a::error title=x::y\u000d\u0009\u001b[2J\u007f\u0085\u009b31m\u2028\u2029\u202e\u2066z"#)
    #expect(ConsoleText.escape("\u{0}") == #"\u0000"#)
  }
}
