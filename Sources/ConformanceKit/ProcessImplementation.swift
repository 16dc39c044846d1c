import ConformanceJSON
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An implementation in another process — another language, another SDK's parser — spoken to
/// over the line protocol `conformance-adapter/1` (docs/adapters.md):
///
/// - the harness starts the command once with `/bin/sh -c`, and writes one JSON object per line
///   to its standard input; the adapter answers each with one JSON object per line on stdout;
/// - first `{"type": "hello", "protocol": "conformance-adapter/1"}`, answered by
///   `{"name": "…", "suites": ["leeep.fid", …]}`;
/// - then `{"type": "evaluate", "suite": S, "input": X, "context": {…}}` per test, answered by
///   `{"result": "accept", "output": X}` or `{"result": "reject", "error": "code", "field": "f"}`
///   (`field` optional).
///
/// Requests are serialised (one in flight at a time), so an adapter needs no concurrency.
/// Answers are parsed with the same strict parser as vector files; an answer that is not valid
/// makes that test an error, with the line quoted.
public final class ProcessImplementation: Implementation {
  public let name: String
  public let command: String
  private let suites: [String]
  private let connection: Mutex<Connection>

  /// Why an adapter could not be started or answered.
  public struct AdapterError: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  struct Connection: ~Copyable {
    let process: pid_t
    /// The write end of the adapter's standard input.
    let input: Int32
    var reader: LineReader
  }

  /// Starts `command` and performs the hello exchange.
  ///
  /// The process is started with `posix_spawn` rather than Foundation's `Process`, so that the
  /// `conformance` binary does not load Foundation (and ICU) at start-up for a feature most runs
  /// do not use.
  public init(command: String) throws(AdapterError) {
    let (process, input, output) = try Self.spawn(command: command)
    var reader = LineReader(descriptor: output)
    let hello: JSONValue = ["type": "hello", "protocol": "conformance-adapter/1"]
    let answer: JSONValue
    do {
      answer = try Self.exchange(hello, input: input, reader: &reader, command: command)
    } catch {
      Self.abandon(process: process, input: input, output: output)
      throw error
    }
    guard case .object(let object) = answer, case .string(let name)? = object["name"],
      case .array(let suiteValues)? = object["suites"]
    else {
      Self.abandon(process: process, input: input, output: output)
      throw AdapterError(
        description:
          "adapter `\(command)` answered hello with \(JSONSerializer.compact.string(from: answer)); expected {\"name\": …, \"suites\": […]}"
      )
    }
    self.name = name
    self.command = command
    self.suites = suiteValues.compactMap(\.stringValue)
    self.connection = Mutex(Connection(process: process, input: input, reader: reader))
  }

  deinit {
    connection.withLock { connection in
      Self.finish(process: connection.process, input: connection.input, output: connection.reader.descriptor)
    }
  }

  /// `/bin/sh -c command` with its standard input and output on two new pipes (standard error
  /// is the harness's). Returns the process and the harness's ends: where to write, where to read.
  private static func spawn(command: String) throws(AdapterError) -> (pid_t, input: Int32, output: Int32) {
    func failure(_ what: String, _ code: Int32) -> AdapterError {
      AdapterError(description: "cannot start adapter `\(command)`: \(what): \(String(cString: strerror(code)))")
    }
    // Close-on-exec everywhere (`pipe2` is not visible from Swift's Glibc module): the child gets its two ends only through dup2 below, and no
    // other adapter started later inherits these, or the adapter would never see end of input.
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0 else { throw failure("pipe", errno) }
    guard pipe(&fromChild) == 0 else {
      let code = errno
      close(toChild[0])
      close(toChild[1])
      throw failure("pipe", code)
    }
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    // Darwin's spawn types are optional pointers, glibc's are structs (only Linux is built in CI).
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    // The harness ignores SIGPIPE (an adapter that died must show as an error, not kill it);
    // the adapter gets the default back, as any freshly started program expects.
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var process: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    let status = posix_spawn(&process, "/bin/sh", &actions, &attributes, &argv, environment)
    close(toChild[0])
    close(fromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw failure("posix_spawn /bin/sh", status)
    }
    return (process, toChild[1], fromChild[0])
  }

  /// Closes both pipes of an adapter that failed the hello exchange without waiting for it (it
  /// may never read its input again); reaps it if it has already exited.
  private static func abandon(process: pid_t, input: Int32, output: Int32) {
    close(input)
    close(output)
    var status: Int32 = 0
    _ = waitpid(process, &status, WNOHANG)
  }

  /// Closes the adapter's input (its signal to finish), waits for it to exit, and closes
  /// the harness's end of its output.
  private static func finish(process: pid_t, input: Int32, output: Int32) {
    close(input)
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    close(output)
  }

  public func supports(suite: String) -> Bool { suites.contains(suite) }

  public func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    let request: JSONValue = ["type": "evaluate", "suite": .string(suite), "input": input, "context": .object(context)]
    let command = self.command
    let answer = try connection.withLock { (connection) throws(AdapterError) -> JSONValue in
      try Self.exchange(request, input: connection.input, reader: &connection.reader, command: command)
    }
    return try Self.outcome(from: answer)
  }

  /// Reads an adapter's answer to an `evaluate` request.
  static func outcome(from answer: JSONValue) throws(AdapterError) -> Outcome {
    let text = JSONSerializer.compact.string(from: answer)
    if case .object(let object) = answer, object["result"] == nil, case .string(let reason)? = object["error"] {
      // Only the reason: the runner says "NAME could not evaluate the input: " once.
      throw AdapterError(description: reason)
    }
    guard case .object(let object) = answer, case .string(let result)? = object["result"] else {
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
      let field = object["field"]?.stringValue
      return .reject(error: error, field: field)
    default:
      throw AdapterError(description: "adapter answered \(text); \"result\" must be \"accept\" or \"reject\"")
    }
  }

  private static func exchange(
    _ request: JSONValue, input: Int32, reader: inout LineReader, command: String
  ) throws(AdapterError) -> JSONValue {
    // The compact serializer escapes every control character, so a request is one line.
    let line = JSONSerializer.compact.string(from: request) + "\n"
    // A failed write (the adapter exited: EPIPE) is not reported on its own: reading next tells
    // whether the adapter still said something, and gives one message whichever side noticed first.
    writeAll(Array(line.utf8), to: input)
    guard let answer = reader.nextLine() else {
      throw AdapterError(description: "adapter `\(command)` closed its output without answering")
    }
    do {
      return try JSONParser().parse(answer)
    } catch {
      let shown = String(decoding: answer.prefix(200), as: UTF8.self)
      throw AdapterError(
        description: "adapter `\(command)` answered a line that is not strict JSON (\(error)): \(shown)")
    }
  }
}

/// Writes every byte unless the descriptor fails (a closed pipe: EPIPE), retrying interrupted
/// and partial writes.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}

/// Reads `\n`-terminated lines from a file descriptor, buffering what comes after a line.
struct LineReader: ~Copyable {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line without its newline; `nil` at end of input.
  mutating func nextLine() -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        if start > 65_536 {
          buffer.removeFirst(start)
          start = 0
        }
        return line
      }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        return line
      }
      buffer.append(contentsOf: chunk[0..<count])
    }
  }
}
