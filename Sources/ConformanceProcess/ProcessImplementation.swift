import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel
import Synchronization

/// How the harness treats adapters: time limits, restarts, instances, caps (docs/adapters.md).
public struct AdapterOptions: Sendable, Equatable {
  /// Seconds one request (and the hello, which includes the adapter's start) may take.
  public var timeout: Double
  /// Failures in a row (timeouts, crashes, unusable output) after which the adapter is not
  /// started again and the remaining tests are errors.
  public var maxRestarts: Int
  /// Adapter instances run in parallel.
  public var jobs: Int
  /// The longest answer line, in bytes.
  public var lineLimit: Int
  /// Seconds an adapter gets to exit once its input is closed at the end of the run.
  public var exitGrace: Double
  /// Bytes of standard error kept per test (the first and the last half).
  public var logLimit: Int

  public static let defaultTimeout = 30.0
  public static let defaultMaxRestarts = 3
  public static let defaultLineLimit = 16 << 20

  public init(
    timeout: Double = defaultTimeout, maxRestarts: Int = defaultMaxRestarts, jobs: Int = 1,
    lineLimit: Int = defaultLineLimit, exitGrace: Double = 2, logLimit: Int = 16 << 10
  ) {
    self.timeout = timeout
    self.maxRestarts = maxRestarts
    self.jobs = jobs
    self.lineLimit = lineLimit
    self.exitGrace = exitGrace
    self.logLimit = logLimit
  }
}

/// Request ids of the adapter protocol: integers, written as integers (`17`, never `17.0`,
/// `1.7e1`, `"17"` or `1e400`), so that an adapter's echo is compared as it was sent.
public enum AdapterID {
  /// The id a JSON value holds when it is an integer literal that fits an `Int`; `nil` otherwise.
  public static func integer(_ value: JSONValue) -> Int? {
    guard let number = value.numberValue else { return nil }
    let literal = number.literal
    let digits = literal.hasPrefix("-") ? literal.utf8.dropFirst() : literal.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(literal)
  }
}

/// An implementation in another process — another language, another SDK's parser — spoken to
/// over the line protocol `conformance-adapter/2` (docs/adapters.md):
///
/// - the harness starts `/bin/sh -c COMMAND` in its own process group, sends
///   `{"type": "hello", "protocol": "conformance-adapter/2"}` and gets
///   `{"protocol": "conformance-adapter/2", "name": "…", "suites": […]}`;
/// - then one `{"type": "evaluate", "id": N, "suite": S, "input": X, "context": {…}}` at a time
///   per instance, answered by `{"id": N, "result": "accept", "output": X}`,
///   `{"id": N, "result": "reject", "error": "code", "field": "f"}` or `{"id": N, "error": "why"}`.
///
/// Answers pair with requests by id: a line that is not the answer to the request in flight is
/// reported on that test and never taken for another test's answer. Every wait has a deadline;
/// an adapter that times out, crashes, closes its output or writes a line past the cap is ended
/// (its whole process group) and a fresh one is started for the next test, up to
/// ``AdapterOptions/maxRestarts`` failures in a row. What it writes on standard error is kept
/// per test.
public final class ProcessImplementation: Implementation {
  public static let protocolName = "conformance-adapter/2"

  public let name: String
  /// The hello's optional `version`.
  public let version: String?
  public let command: String
  /// The suites the hello listed, in its order.
  public let suites: [String]
  /// Suites the hello listed that neither the contract nor the run's corpus has, and that are
  /// no misspelling of one: the adapter may implement a newer corpus. Worth a warning, never a
  /// failure.
  public let unknownSuites: [String]
  public let options: AdapterOptions
  /// Once set (SIGINT, SIGTERM), requests in flight are abandoned within a tenth of a second,
  /// no new one is sent, and the adapters are ended without their exit grace.
  public let interruption: Interruption?
  private let knownSuites: [String]
  private let state: Mutex<State>

  /// Why an adapter could not be started or used.
  public struct AdapterError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  struct State: ~Copyable {
    /// Running adapters no request holds.
    var idle: [AdapterProcess] = []
    var nextID = 1
    var failuresInARow = 0
    /// Set once the adapter failed too often in a row: the error of every remaining test.
    var gaveUp: String? = nil
  }

  /// What a valid hello answer said.
  struct Hello: Sendable {
    var name: String
    var version: String?
    var suites: [String]
    var unknownSuites: [String] = []
  }

  /// Starts `command` and performs the hello exchange; an adapter that fails it is ended.
  /// `knownSuites` are the suites of this harness and of the run's corpus (its own suites): a
  /// listed suite one or two edits from one of them is refused as a misspelling, any other
  /// suite outside them is kept in ``unknownSuites``.
  public init(
    command: String, options: AdapterOptions = AdapterOptions(), knownSuites: [String] = Contract.suites,
    interruption: Interruption? = nil
  ) throws(AdapterError) {
    self.interruption = interruption
    let (process, hello) = try Self.start(
      command: command, options: options, knownSuites: knownSuites, interruption: interruption)
    name = hello.name
    version = hello.version
    self.command = command
    suites = hello.suites
    unknownSuites = hello.unknownSuites
    self.knownSuites = knownSuites
    self.options = options
    state = Mutex(State(idle: [process]))
  }

  deinit {
    let processes = state.withLock { state in
      let idle = state.idle
      state.idle = []
      return idle
    }
    for process in processes { process.end(grace: 0) }
  }

  public func supports(suite: String) -> Bool { suites.contains(suite) }

  public var concurrency: Int? { max(1, options.jobs) }

  public func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    try evaluation(suite: suite, input: input, context: context).result.get()
  }

  public func evaluation(suite: String, input: JSONValue, context: JSONObject) -> Evaluation {
    if let signal = interruption?.signal {
      return Evaluation(
        result: .failure(EvaluationError(description: TestResult.notRunPrefix + "interrupted by signal \(signal)")))
    }
    let (id, held, gaveUp) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      return (id, state.idle.popLast(), state.gaveUp)
    }
    if let gaveUp { return Evaluation(result: .failure(EvaluationError(description: gaveUp))) }
    let process: AdapterProcess
    if let held {
      process = held
    } else {
      do {
        let (started, hello) = try Self.start(
          command: command, options: options, knownSuites: knownSuites, interruption: interruption)
        guard hello.name == name, hello.suites == suites else {
          started.end(grace: 0)
          return failed(
            "a fresh instance of adapter `\(command)` answered the hello with name \(quote(hello.name)) and suites \(hello.suites.joined(separator: ", ")), unlike the first (\(quote(name)): \(suites.joined(separator: ", ")))",
            log: nil)
        }
        process = started
      } catch {
        return failed("could not start a fresh adapter: \(error)", log: nil)
      }
    }
    let request: JSONValue = [
      "type": "evaluate", "id": .number(JSONNumber(id)), "suite": .string(suite), "input": input,
      "context": .object(context),
    ]
    switch Self.exchange(request, id: id, with: process, options: options, interruption: interruption) {
    case .answered(let answer, let strays, let strayCount):
      process.drainLog()
      let log = process.log.isEmpty ? nil : process.log.text
      state.withLock { state in
        state.failuresInARow = 0
        state.idle.append(process)
      }
      if !strays.isEmpty {
        return Evaluation(
          result: .failure(EvaluationError(description: Self.describe(strays: strays, count: strayCount, id: id))),
          log: log)
      }
      do throws(AdapterError) {
        return Evaluation(result: .success(try Self.outcome(from: answer)), log: log)
      } catch {
        return Evaluation(result: .failure(EvaluationError(description: error.description)), log: log)
      }
    case .failed(let reason):
      let log = process.log.isEmpty ? nil : process.log.text
      let lastLines = process.lastLogLines(10)
      process.end(grace: 0)
      let summary =
        "\(reason), while evaluating input \(Self.shown(JSONSerializer.compact.string(from: input), limit: 200))"
      var message = summary
      if lastLines.isEmpty {
        message += "; it wrote nothing on standard error"
      } else {
        message += "; its last lines on standard error:\n" + lastLines.map { "    " + $0 }.joined(separator: "\n")
      }
      return failed(message, summary: summary, log: log)
    }
  }

  /// Records a failure that ended an adapter: the next test starts a fresh one, unless this was
  /// one failure too many in a row.
  private func failed(_ message: String, summary: String? = nil, log: String?) -> Evaluation {
    let limit = options.maxRestarts
    let command = self.command
    let text = state.withLock { state -> String in
      state.failuresInARow += 1
      guard state.failuresInARow > limit else {
        return message + "\n  (the adapter was ended; a fresh one is started for the next test)"
      }
      let count = state.failuresInARow
      let (times, failures) = count == 1 ? ("once", "1 failure") : ("\(count) times", "\(count) failures")
      state.gaveUp =
        TestResult.notRunPrefix
        + "adapter `\(command)` failed \(times) in a row (--max-restarts \(limit)), the last time: "
        + (summary ?? message)
      return message
        + "\n  (that is \(failures) in a row: the adapter is not started again and the remaining tests are not run)"
    }
    return Evaluation(result: .failure(EvaluationError(description: text)), log: log)
  }

  public func finish() -> [String] { finish(reportingLingering: false) }

  /// ``finish()``; with `reportingLingering`, an adapter that had to be ended because it did
  /// not exit within the grace time after its input closed is a problem too (`smoke`).
  public func finish(reportingLingering: Bool) -> [String] {
    let processes = state.withLock { state in
      let idle = state.idle
      state.idle = []
      return idle
    }
    var problems: [String] = []
    for process in processes { process.closeInput() }
    // An interrupted run ends its adapters at once: the signal asked to stop within a second.
    let grace = interruption?.signal == nil ? options.exitGrace : 0
    for process in processes {
      let ending = process.end(grace: grace)
      if reportingLingering && !ending.exitedInTime {
        problems.append(
          "adapter `\(command)` did not exit within \(seconds(options.exitGrace)) after its input was closed; it was ended. Exit when standard input ends (a read that returns end of file)"
        )
      }
      for line in ending.surplus where !process.isLateAnswer(line) {
        problems.append(
          "adapter `\(command)` wrote a line on standard output after its last request was answered: \(Self.shown(line, limit: 200)) (an answer given twice, or a log line that belongs on standard error)"
        )
      }
    }
    return problems
  }

  // MARK: - The exchange

  enum Exchange {
    /// The answer to the request, and the lines before it that were not (the first three of
    /// them kept, and how many there were).
    case answered(JSONObject, strays: [[UInt8]], strayCount: Int)
    /// The adapter must be ended: why, in words.
    case failed(String)
  }

  /// Sends one request and reads lines until the one that answers it (by id).
  static func exchange(
    _ request: JSONValue, id: Int, with process: AdapterProcess, options: AdapterOptions,
    interruption: Interruption? = nil
  ) -> Exchange {
    process.startLog()
    let deadline = monotonicNanoseconds() + nanoseconds(options.timeout)
    // The compact serializer escapes every control character, so a request is one line.
    let line = JSONSerializer.compact.string(from: request) + "\n"
    guard process.write(Array(line.utf8), deadline: deadline, interruption: interruption) else {
      if interruption?.signal != nil { return .failed("interrupted while the request was sent") }
      return .failed("adapter did not read its request within \(seconds(options.timeout)) (--timeout)")
    }
    while true {
      switch process.nextLine(deadline: deadline, interruption: interruption) {
      case .line(let bytes):
        let object = (try? JSONParser().parse(bytes))?.objectValue
        let answered = object?["id"].flatMap(AdapterID.integer(_:))
        if let object, answered == id { return .answered(object, strays: [], strayCount: 0) }
        // The late answer to a request already reported as an error (a stray line came first):
        // dropped, it is not this request's.
        if let answered, process.forgetAbandoned(answered) { continue }
        // Anything else is not the answer to this request: a log line, `{}`, an answer without
        // its id or to an id never asked (or already answered). The test is an error now, not
        // after --timeout; its own answer, if one follows, is dropped when it comes.
        process.abandon(id)
        return .answered(object ?? JSONObject(), strays: [bytes], strayCount: 1)
      case .tooLong(let limit):
        return .failed("adapter wrote a line longer than \(byteCount(limit)) (the limit for one answer)")
      case .closed:
        return .failed("adapter closed its standard output without answering (its process is still running)")
      case .exited(let status):
        return .failed("adapter \(status) without answering")
      case .timedOut:
        return .failed("adapter gave no answer within \(seconds(options.timeout)) (--timeout)")
      case .interrupted:
        return .failed("interrupted before the adapter answered (the request was abandoned)")
      }
    }
  }

  /// Starts an adapter and checks its hello; ends it when the hello is not right.
  static func start(
    command: String, options: AdapterOptions, knownSuites: [String], interruption: Interruption? = nil
  ) throws(AdapterError) -> (AdapterProcess, Hello) {
    let process: AdapterProcess
    do {
      process = try AdapterProcess(command: command, lineLimit: options.lineLimit, logLimit: options.logLimit)
    } catch {
      throw AdapterError(description: error.description)
    }
    do {
      return (
        process,
        try hello(
          with: process, command: command, options: options, knownSuites: knownSuites, interruption: interruption)
      )
    } catch {
      process.end(grace: 0)
      throw error
    }
  }

  private static func hello(
    with process: AdapterProcess, command: String, options: AdapterOptions, knownSuites: [String],
    interruption: Interruption?
  ) throws(AdapterError) -> Hello {
    func failure(_ text: String) -> AdapterError {
      var text = "adapter `\(command)` \(text)"
      let lines = process.lastLogLines(10)
      if !lines.isEmpty {
        text += "; its last lines on standard error:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
      }
      return AdapterError(description: text)
    }
    let deadline = monotonicNanoseconds() + nanoseconds(options.timeout)
    let request = #"{"type": "hello", "protocol": "\#(protocolName)"}"# + "\n"
    guard process.write(Array(request.utf8), deadline: deadline, interruption: interruption) else {
      throw failure("did not read the hello within \(seconds(options.timeout)) (--timeout)")
    }
    let bytes: [UInt8]
    switch process.nextLine(deadline: deadline, interruption: interruption) {
    case .line(let line): bytes = line
    case .tooLong(let limit): throw failure("answered the hello with a line longer than \(byteCount(limit))")
    case .closed: throw failure("closed its standard output without answering the hello")
    case .exited(let status): throw failure("\(status) without answering the hello")
    case .timedOut: throw failure("did not answer the hello within \(seconds(options.timeout)) (--timeout)")
    case .interrupted: throw failure("was interrupted before it answered the hello")
    }
    let expected = #"expected {"protocol": "\#(protocolName)", "name": "…", "suites": ["…"]}"#
    let answer: JSONValue
    do {
      answer = try JSONParser().parse(bytes)
    } catch {
      throw failure(
        "answered the hello with a line that is not strict JSON (\(error)): \(shown(bytes, limit: 200)); standard output carries answers only: write logs to standard error"
      )
    }
    guard case .object(let object) = answer else {
      throw failure("answered the hello with \(shown(bytes, limit: 200)); \(expected)")
    }
    switch object["protocol"] {
    case .string(protocolName)?:
      break
    case nil where object["name"] != nil || object["suites"] != nil:
      throw failure(
        "speaks conformance-adapter/1, which this harness no longer accepts. To upgrade to \(protocolName): add \"protocol\": \"\(protocolName)\" to the hello answer, and echo each request's \"id\" in its answer (docs/adapters.md)"
      )
    case .string(let other)?:
      throw failure("speaks \(quote(other)); this harness speaks \(protocolName) (docs/adapters.md)")
    default:
      throw failure("answered the hello with \(shown(bytes, limit: 200)); \(expected)")
    }
    guard case .string(let name)? = object["name"], !name.isEmpty else {
      throw failure("answered the hello without a non-empty string \"name\": \(shown(bytes, limit: 200))")
    }
    guard case .array(let values)? = object["suites"], values.allSatisfy({ $0.stringValue != nil }) else {
      throw failure("answered the hello without \"suites\", an array of suite names: \(shown(bytes, limit: 200))")
    }
    let suites = values.compactMap(\.stringValue)
    var unknownSuites: [String] = []
    // Every misspelt suite at once: fixing one typo only to be told of the next wastes a run.
    var typos: [(suite: String, close: String)] = []
    for suite in suites where !knownSuites.contains(where: { utf8Equal($0, suite) }) {
      // A near miss of a known suite is a typo that would silently skip its tests; a suite far
      // from every known one may be a newer corpus's.
      guard
        let close = knownSuites.map({ ($0, editDistance($0, suite)) }).filter({ $0.1 <= 2 }).min(by: { $0.1 < $1.1 })?
          .0
      else {
        unknownSuites.append(suite)
        continue
      }
      typos.append((suite, close))
    }
    if typos.count == 1 {
      throw AdapterError(
        description:
          "adapter `\(command)` lists suite \(quote(typos[0].suite)), which the contract does not have (did you mean \(quote(typos[0].close))?); suites: \(knownSuites.joined(separator: ", "))"
      )
    }
    if !typos.isEmpty {
      let listed = typos.map { "\(quote($0.suite)) (did you mean \(quote($0.close))?)" }.joined(separator: ", ")
      throw AdapterError(
        description:
          "adapter `\(command)` lists suites \(listed), which the contract does not have; suites: \(knownSuites.joined(separator: ", "))"
      )
    }
    var version: String? = nil
    if let value = object["version"] {
      guard case .string(let text) = value else {
        throw failure("answered the hello with a \"version\" that is not a string: \(shown(bytes, limit: 200))")
      }
      version = text
    }
    return Hello(name: name, version: version, suites: suites, unknownSuites: unknownSuites)
  }

  /// Reads an adapter's answer to an `evaluate` request (its id already matched).
  static func outcome(from object: JSONObject) throws(AdapterError) -> Outcome {
    let text = JSONSerializer.compact.string(from: .object(object))
    if object["result"] == nil, case .string(let reason)? = object["error"] {
      // Only the reason: the runner says "NAME could not evaluate the input: " once.
      throw AdapterError(description: reason)
    }
    guard case .string(let result)? = object["result"] else {
      throw AdapterError(description: "adapter answered \(text); expected an object with \"result\"")
    }
    switch result {
    case "accept":
      guard let output = object["output"] else {
        throw AdapterError(description: "adapter answered \(text); an accept needs \"output\"")
      }
      return .accept(output: output)
    case "reject":
      guard case .string(let error)? = object["error"] else {
        throw AdapterError(description: "adapter answered \(text); a reject needs a string \"error\"")
      }
      guard object["field"] == nil || object["field"]?.stringValue != nil else {
        throw AdapterError(description: "adapter answered \(text); \"field\" must be a string")
      }
      return .reject(error: error, field: object["field"]?.stringValue)
    default:
      throw AdapterError(description: "adapter answered \(text); \"result\" must be \"accept\" or \"reject\"")
    }
  }

  /// The error of a test during which the adapter wrote lines that are not its answer.
  static func describe(strays: [[UInt8]], count strayCount: Int, id: Int) -> String {
    let count = strayCount == 1 ? "a line" : "\(strayCount) lines"
    let shownLines = strays.prefix(3).map { line -> String in
      var text = "    " + shown(line, limit: 200)
      if case .object(let object)? = try? JSONParser().parse(line) {
        if let other = object["id"], let number = AdapterID.integer(other) {
          text += " (id \(number), not \(id): an answer to another request)"
        } else if let other = object["id"] {
          text +=
            " (id \(shown(Array(JSONSerializer.compact.string(from: other).utf8), limit: 40)) is not an integer: echo \"id\": \(id) as the request wrote it)"
        } else if object["result"] != nil || object["error"] != nil {
          text += " (an answer without its request's id: echo \"id\": \(id) as a JSON number)"
        }
      }
      return text
    }
    return
      "adapter wrote \(count) on standard output that \(strayCount == 1 ? "is" : "are") not the answer to this request (id \(id)); standard output carries answers only: write logs to standard error. The line\(strayCount == 1 ? "" : "s"):\n"
      + shownLines.joined(separator: "\n")
      + (strayCount > shownLines.count ? "\n    … and \(strayCount - shownLines.count) more" : "")
  }

  /// A line quoted as a JSON string (control characters visible), cut after `limit` bytes with
  /// the full length said.
  static func shown(_ bytes: [UInt8], limit: Int) -> String {
    let text = JSONSerializer.compact.string(from: .string(String(decoding: bytes.prefix(limit), as: UTF8.self)))
    return bytes.count > limit ? text + "… (\(bytes.count) bytes in all)" : text
  }

  static func shown(_ text: String, limit: Int) -> String {
    let bytes = Array(text.utf8)
    guard bytes.count > limit else { return text }
    return String(decoding: bytes.prefix(limit), as: UTF8.self) + "… (\(bytes.count) bytes in all)"
  }
}

private func nanoseconds(_ seconds: Double) -> UInt64 {
  UInt64(max(0, min(seconds, 1e9)) * 1e9)
}

private func seconds(_ value: Double) -> String {
  value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
}

private func byteCount(_ bytes: Int) -> String {
  bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
}
