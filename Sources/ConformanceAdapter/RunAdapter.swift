import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel

/// The adapter protocol this loop speaks (docs/adapters.md).
public let adapterProtocol = "conformance-adapter/2"

/// Runs a conformance adapter around `evaluate` until standard input ends: answers the hello
/// with `name`, `version` and `suites`, then each evaluate request with one line echoing its
/// `id`, written and flushed at once:
///
/// ```swift
/// // Sources/your-sdk-adapter/main.swift
/// import ConformanceAdapter
/// import YourSDK
///
/// runAdapter(name: "swift-sdk", version: "2.1.0", suites: ["leeep.fid"]) { suite, input, context in
///   guard case .string(let raw) = input else { return .reject(error: "not_a_string", field: nil) }
///   do { return .accept(output: .string(try InstallationID(raw).rawValue)) }
///   catch { return .reject(error: "invalid_fid", field: nil) }
/// }
/// ```
///
/// An error thrown by `evaluate`, or a request of a suite not in `suites`, becomes
/// `{"id": N, "error": "why"}`: that test is an error and the run goes on. Standard output
/// carries answers only: while the loop runs, `print` and anything else written to file
/// descriptor 1 goes to standard error, the adapter's log, as does a line that is no request.
public func runAdapter(
  name: String, version: String? = nil, suites: [String],
  evaluate: (_ suite: String, _ input: JSONValue, _ context: JSONObject) throws -> Outcome
) {
  let answers = AnswerChannel()
  while let line = readLine(strippingNewline: true) {
    if let reply = AdapterLoop.reply(to: line, name: name, version: version, suites: suites, evaluate: evaluate) {
      answers.send(reply)
    }
  }
  answers.close()
}

/// The protocol, one request line at a time, apart from the standard streams (for tests).
package enum AdapterLoop {
  /// The line answering `line`, or `nil` for a line that asks nothing (logged to standard error).
  package static func reply(
    to line: String, name: String, version: String?, suites: [String],
    evaluate: (_ suite: String, _ input: JSONValue, _ context: JSONObject) throws -> Outcome
  ) -> String? {
    guard !line.isEmpty else { return nil }
    let request: JSONObject
    do {
      guard case .object(let object) = try JSONParser().parse(line) else {
        log("conformance adapter \(name): a request line that is not a JSON object; ignored")
        return nil
      }
      request = object
    } catch {
      log("conformance adapter \(name): a request line that is not JSON (\(error)); ignored")
      return nil
    }
    switch request["type"]?.stringValue {
    case "hello":
      var hello: JSONObject = ["protocol": .string(adapterProtocol), "name": .string(name)]
      if let version { hello["version"] = .string(version) }
      hello["suites"] = .array(suites.map { .string($0) })
      return JSONSerializer.compact.string(from: .object(hello))
    case "evaluate":
      guard let id = request["id"] else {
        log("conformance adapter \(name): an evaluate request without an id; ignored")
        return nil
      }
      var answer: JSONObject = ["id": id]
      let suite = request["suite"]?.stringValue ?? ""
      if !suites.contains(suite) {
        answer["error"] = .string("\(name) does not implement suite \(suite)")
      } else {
        do {
          let outcome = try evaluate(suite, request["input"] ?? .null, request["context"]?.objectValue ?? [:])
          if case .object(let fields) = outcome.json {
            for member in fields.members { answer[member.key] = member.value }
          }
        } catch {
          log("conformance adapter \(name): \(suite) evaluate threw: \(error)")
          answer["error"] = .string("evaluate threw: \(error)")
        }
      }
      return JSONSerializer.compact.string(from: .object(answer))
    default:
      log("conformance adapter \(name): a request of unknown type; ignored")
      return nil
    }
  }

  static func log(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(0x0A)
    try? writeAll(StandardStream.error.rawValue, bytes)
  }
}

/// The real standard output, kept for answers while file descriptor 1 points at standard error.
private struct AnswerChannel {
  let descriptor: Int32

  init() {
    descriptor = moveStandardOutputAside()
  }

  func send(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    // An answer is never left half-written (short writes and EINTR retried); a closed
    // standard output (the harness gone) has no one to tell.
    try? writeAll(descriptor, bytes)
  }

  func close() {
    flushStandardStreams()
    closeDescriptor(descriptor)
  }
}
