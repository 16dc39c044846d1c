import ConformanceKit

/// A command line that does not fit the command: exit status 2 with the message and a usage hint.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var command: String
  /// Whether `Run conformance COMMAND --help for usage` helps: not for an adapter that would not
  /// start or an expectations file with a problem, where the command line itself was right.
  public var showsUsage: Bool
  /// Set once the reports this command line names were dealt with (written with the error, or
  /// known to be unwritable), so that `run` does not write them again.
  public var reportsHandled = false

  public init(_ message: String, command: String, showsUsage: Bool = true) {
    self.message = message
    self.command = command
    self.showsUsage = showsUsage
  }

  public var description: String { message }
}

/// The options a subcommand declares, and what one command line said for them.
///
/// A small hand-written parser: the package depends on nothing outside the toolchain, so
/// swift-argument-parser is not available. It supports `--name value`, `--name=value`,
/// repeatable options, flags, positionals and `--` to end options.
struct ArgumentSpec {
  struct Option {
    var name: String
    var valueName: String
    var help: String
    var repeatable: Bool

    /// `--vectors PATH`, as the subcommands that read vector files take it.
    static let vectors = Option(
      name: "vectors", valueName: "PATH", help: "A vectors root folder, or one vector file (default: Vectors).",
      repeatable: true)
  }

  struct Flag {
    var name: String
    var help: String

    static let help = Flag(name: "help", help: "Show this help.")
  }

  var command: String
  var options: [Option] = []
  var flags: [Flag] = [.help]

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        // The words right after an option's value, for the hint that a command must be quoted.
        if !optionsEnded, let last = parsed.lastOptionValue,
          last.positionalIndex + last.positionalsAfter == parsed.positionals.count - 1
        {
          parsed.lastOptionValue?.positionalsAfter += 1
        }
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" {
        parsed.flags.insert("help")
        continue
      }
      guard argument.hasPrefix("--") else {
        throw UsageError("unknown option \(argument)" + parsed.quoteHint(next: argument), command: command)
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String? = nil
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if flags.contains(where: { $0.name == name }) {
        guard inlineValue == nil else {
          throw UsageError("--\(name) takes no value", command: command)
        }
        parsed.flags.insert(name)
        continue
      }
      guard let option = options.first(where: { $0.name == name }) else {
        let known = options.map(\.name) + flags.map(\.name)
        let close = known.map { ($0, editDistance($0, name)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
        throw UsageError(
          "unknown option --\(name)" + (close.map { " (did you mean --\($0)?)" } ?? "")
            + parsed.quoteHint(next: argument),
          command: command)
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError("--\(name) needs a value (\(option.valueName))", command: command)
        }
        value = arguments[index]
        index += 1
      }
      if !option.repeatable && parsed.values[name] != nil {
        throw UsageError("--\(name) may be given only once", command: command)
      }
      parsed.values[name, default: []].append(value)
      parsed.lastOptionValue = inlineValue == nil ? (name, value, parsed.positionals.count, 0) : nil
    }
    return parsed
  }

  /// The values of the options this spec knows, read from a command line that ``parse(_:)``
  /// refused (an unknown option is taken for a flag, a missing value ignored), so that `run` can
  /// still replace the reports the command line names with one holding the error.
  func leniently(_ arguments: [String]) -> [String: [String]] {
    var values: [String: [String]] = [:]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { break }
      guard argument.hasPrefix("--") else { continue }
      var name = String(argument.dropFirst(2))
      var inlineValue: String? = nil
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard options.contains(where: { $0.name == name }) else { continue }
      if let inlineValue {
        values[name, default: []].append(inlineValue)
      } else if index < arguments.count {
        values[name, default: []].append(arguments[index])
        index += 1
      }
    }
    return values
  }

  /// The options part of `--help`, aligned.
  var optionsHelp: String {
    var rows: [(String, String)] = options.map {
      ("--\($0.name) \($0.valueName)", $0.help + ($0.repeatable ? " (repeatable)" : ""))
    }
    rows += flags.map { ("--\($0.name)", $0.help) }
    let width = (rows.map(\.0.count).max() ?? 0) + 2
    return rows.map { "  " + $0.0.padding(toLength: width) + $0.1 }.joined(separator: "\n")
  }
}

struct ParsedArguments {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []
  /// The last option given as `--name value` (two words): its value, where the positionals stood
  /// when it was read, and how many positionals came right after it.
  var lastOptionValue: (name: String, value: String, positionalIndex: Int, positionalsAfter: Int)?

  /// `unexpected argument 'x'` for a command that takes no positional argument; when the word came
  /// right after `--adapter exec`, a command of several words not quoted, it says to quote it.
  func unexpectedArgument(command: String) -> UsageError {
    let stray = positionals[0]
    guard let last = lastOptionValue, last.positionalIndex == 0, last.positionalsAfter > 0 else {
      return UsageError("unexpected argument '\(stray)'", command: command)
    }
    return UsageError(
      "unexpected argument '\(stray)'" + quoteHint(words: positionals.prefix(last.positionalsAfter)), command: command)
  }

  /// For a word that cannot be an option (`-jar`, `--verbose`) right after `--adapter COMMAND`
  /// and the words that followed it: the hint to quote the command.
  func quoteHint(next word: String) -> String {
    guard let last = lastOptionValue, last.positionalIndex + last.positionalsAfter == positionals.count else {
      return ""
    }
    return quoteHint(words: positionals.suffix(last.positionalsAfter) + [word])
  }

  /// `: an --adapter command of several words is one argument, so quote it: --adapter '…'`
  /// when the last option read was `--adapter` and `words` followed it; empty otherwise.
  private func quoteHint(words: some Collection<String>) -> String {
    guard let last = lastOptionValue, last.name == "adapter" else { return "" }
    let command = ([last.value] + words).joined(separator: " ")
    return
      ": an --adapter command of several words is one argument, so quote it: --adapter \(Self.shellQuoted(command))"
  }

  /// `text` as one shell word in single quotes (a `'` inside written `'\''`).
  static func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}

extension String {
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
