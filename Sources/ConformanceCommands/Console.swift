import ConformanceLowLevel

/// Where a command writes: the process's stdout and stderr, or buffers in tests.
public final class Console {
  public enum Stream { case output, error }

  private let sink: (Stream, String) -> Void
  /// Whether stderr is a terminal, so a progress line may be redrawn in place.
  public let errorIsTerminal: Bool
  /// Whether stdout may be coloured: a terminal, and `NO_COLOR` unset or empty (no-color.org),
  /// and `TERM` not `dumb`. Never when stdout is a file or a pipe.
  public let colour: Bool
  /// Whether this is the process's own console, so `run` may catch SIGINT and SIGTERM to
  /// finish its reports (``SignalWatcher``); never for a console captured in tests.
  public let handlesSignals: Bool
  /// The environment variables commands read (``ShardEngine/variables``, `XML_OUTPUT_FILE`): the
  /// process's own for ``standard()``, given in tests.
  public let environment: [String: String]

  public init(
    errorIsTerminal: Bool, colour: Bool = false, handlesSignals: Bool = false,
    environment: [String: String] = [:], sink: @escaping (Stream, String) -> Void
  ) {
    self.errorIsTerminal = errorIsTerminal
    self.colour = colour
    self.handlesSignals = handlesSignals
    self.environment = environment
    self.sink = sink
  }

  /// Whether the process's stdout should be coloured, from the descriptor and the environment.
  public static func wantsColour(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
    guard outputIsTerminal else { return false }
    if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }

  /// `text` in an SGR colour (`31` red, `32` green, `33` yellow, `35` magenta) when ``colour``.
  func painted(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
  }

  /// The real process streams.
  public static func standard() -> Console {
    // Raw write(2) on the descriptors: unbuffered, so stdout and stderr interleave in order,
    // and no global `FILE *` (which Swift 6 rejects as shared mutable state) is touched.
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM"] + ShardEngine.variables + ShardEngine.bazelFiles {
      if let value = environmentValue(name) { environment[name] = value }
    }
    let colour = wantsColour(outputIsTerminal: isTerminal(.output), environment: environment)
    return Console(
      errorIsTerminal: isTerminal(.error), colour: colour, handlesSignals: true, environment: environment
    ) {
      stream, text in
      // A console that cannot be written to has no one to tell.
      try? writeAll(
        stream == .output ? StandardStream.output.rawValue : StandardStream.error.rawValue, Array(text.utf8))
    }
  }

  public func print(_ text: String) { sink(.output, text + "\n") }
  public func printError(_ text: String) { sink(.error, text + "\n") }
  /// Writes to stderr without a newline (progress lines).
  public func writeError(_ text: String) { sink(.error, text) }
}

/// A console that keeps what was written, for tests and for callers that embed the commands.
public final class CapturedConsole {
  public private(set) var output = ""
  public private(set) var error = ""

  /// Whether the captured stderr should behave like a terminal (progress lines drawn).
  public let errorIsTerminal: Bool
  public let colour: Bool
  public let environment: [String: String]

  public init(errorIsTerminal: Bool = false, colour: Bool = false, environment: [String: String] = [:]) {
    self.errorIsTerminal = errorIsTerminal
    self.colour = colour
    self.environment = environment
  }

  public lazy var console: Console = Console(
    errorIsTerminal: errorIsTerminal, colour: colour, environment: environment
  ) {
    [unowned self] stream, text in
    if stream == .output { self.output += text } else { self.error += text }
  }
}
