import ConformanceJSON
import Foundation
import Synchronization

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
    let process: Process
    let input: FileHandle
    var reader: LineReader
  }

  /// Starts `command` and performs the hello exchange.
  public init(command: String) throws(AdapterError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    do {
      try process.run()
    } catch {
      throw AdapterError(description: "cannot start adapter `\(command)`: \(error)")
    }
    var reader = LineReader(descriptor: stdoutPipe.fileHandleForReading.fileDescriptor)
    let hello: JSONValue = ["type": "hello", "protocol": "conformance-adapter/1"]
    let answer = try Self.exchange(
      hello, input: stdinPipe.fileHandleForWriting, reader: &reader, command: command)
    guard case .object(let object) = answer, case .string(let name)? = object["name"],
      case .array(let suiteValues)? = object["suites"]
    else {
      throw AdapterError(
        description:
          "adapter `\(command)` answered hello with \(JSONSerializer.compact.string(from: answer)); expected {\"name\": …, \"suites\": […]}"
      )
    }
    self.name = name
    self.command = command
    self.suites = suiteValues.compactMap(\.stringValue)
    self.connection = Mutex(Connection(process: process, input: stdinPipe.fileHandleForWriting, reader: reader))
  }

  deinit {
    connection.withLock { connection in
      try? connection.input.close()
      connection.process.waitUntilExit()
    }
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
      throw AdapterError(description: "adapter could not evaluate the input: \(reason)")
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
    _ request: JSONValue, input: FileHandle, reader: inout LineReader, command: String
  ) throws(AdapterError) -> JSONValue {
    // The compact serializer escapes every control character, so a request is one line.
    let line = JSONSerializer.compact.string(from: request) + "\n"
    // A failed write (the adapter exited: EPIPE) is not reported on its own: reading next tells
    // whether the adapter still said something, and gives one message whichever side noticed first.
    try? input.write(contentsOf: Data(line.utf8))
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
