import ConformanceJSON
import ConformanceKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file of an Allure results folder, rendered in memory: its name in the folder and its bytes.
struct AllureFile: Sendable {
  var name: String
  var bytes: [UInt8]
  /// For an attachment, its content's digest, also in its name: equal attachments (the same
  /// expected outcome of many tests, an actual equal to the expected) are one file.
  var content: ContentKey? = nil
}

/// 128 bits of SHA-256 over an attachment's bytes.
struct ContentKey: Hashable, Sendable {
  var high: UInt64
  var low: UInt64

  init(_ bytes: [UInt8]) {
    var hash = SHA256()
    hash.update(bytes)
    let digest = hash.finalize()
    high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
    low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The digest in a UUID's text form, as Allure names attachments (`<uuid>-attachment.json`).
  var uuidText: String {
    let hex = [high, low].map { value -> String in
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }.joined()
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }
}

/// Renders a run's results as Allure 2 results (`<uuid>-result.json` and
/// `<uuid>-attachment.json` files), with only the fields of Allure's model (`TestResult`,
/// `StatusDetails`, `Label`, `Parameter`, `Attachment`, `Link` in allure-python-commons'
/// `model2.py`, the same names as the allure2 Java model), so Allure's own generator reads them.
///
/// - one result per test and implementation: `name` the id, `fullName`
///   `IMPLEMENTATION/SUITE/ID`, `historyId` a digest of (implementation, suite, id), so it is the
///   same in every run and differs per implementation, `testCaseId` a digest of (suite, id);
/// - `status`: `passed`; `failed` for a mismatch or an unexpected pass; `broken` when the
///   implementation could not answer (an adapter problem) or the file did not load; `skipped`;
/// - `statusDetails.message` starts with the kind (`mismatch: `, `unexpected pass: `,
///   `implementation error: `, `load error: `, …) so that `categories.json` can sort them;
///   `trace` holds the input, expected and actual outcome; `known` marks an expected failure,
///   `flaky` a test that passed on a rerun;
/// - a flaky test's failed tries are results of their own with the same `historyId` and earlier
///   times, which Allure shows as the test's retries;
/// - `labels`: `parentSuite` the implementation, `suite`, `subSuite` the vector file, one `tag`
///   per tag, `framework` `conformance`; `parameters` the context's keys; `attachments` the
///   input, expected and actual outcome as JSON files, named by a digest of their content so
///   that equal ones are written once (most tests share their expected outcome with others, and
///   a passing test's answer is its expected outcome): creating files is the cost.
///
/// Times (`start`, `stop`, milliseconds since 1970) are laid out from the moment the file's
/// results were rendered, backwards by the tests' measured durations: the runner times each
/// evaluation but does not read the wall clock per test.
enum AllureResult {
  static let framework = "conformance"

  /// Every file for one vector file's report.
  static func files(for report: FileReport, implementation defaultImplementation: String, now: Int64)
    -> [AllureFile]
  {
    let implementation = report.implementation ?? defaultImplementation
    var files: [AllureFile] = []
    switch report.content {
    case .loadFailure(let failure):
      let suite = report.suite ?? failure.suite ?? "conformance.load"
      var item = Item(
        name: report.location.displayPath, fullName: "\(suite)/\(report.location.displayPath)",
        history: ["load", report.location.displayPath], testCase: ["load", report.location.displayPath],
        status: "broken", message: "load error: " + failure.reason, trace: failure.description)
      item.labels = labels(implementation: implementation, suite: suite, file: report.location.path, tags: [])
      item.start = now - Int64(report.nanoseconds / 1_000_000)
      item.stop = now
      files += item.files()
    case .results(let results):
      let total = results.reduce(UInt64(0)) { sum, result in
        sum + result.nanoseconds + result.failedTries.reduce(0) { $0 + $1.nanoseconds }
      }
      var clock = Clock(milliseconds: now, nanosecondsBack: total)
      let suite = report.suite ?? ""
      for result in results {
        files += Self.files(
          for: result, suite: suite, file: report.location.path, implementation: implementation, clock: &clock)
      }
    }
    return files
  }

  /// Walks forward through a file's tests from its start, in nanoseconds, giving milliseconds.
  struct Clock {
    var start: Int64
    var offset: UInt64 = 0

    init(milliseconds now: Int64, nanosecondsBack total: UInt64) {
      start = now - Int64(total / 1_000_000)
    }

    mutating func interval(_ nanoseconds: UInt64) -> (Int64, Int64) {
      let from = start + Int64(offset / 1_000_000)
      offset += nanoseconds
      return (from, start + Int64(offset / 1_000_000))
    }
  }

  static func files(
    for result: TestResult, suite: String, file: String, implementation: String, clock: inout Clock
  ) -> [AllureFile] {
    let history = [implementation, suite, result.id]
    func item(status: TestResult.Status, actual: Outcome?, log: String?, nanoseconds: UInt64) -> Item {
      var item = Item(
        name: result.id, fullName: "\(implementation)/\(suite)/\(result.id)", history: history,
        testCase: [suite, result.id], status: "passed", message: nil, trace: nil)
      item.description = result.description
      item.labels = labels(implementation: implementation, suite: suite, file: file, tags: result.tags)
      item.parameters = (result.context?.members ?? []).map { member in
        ["name": .string(member.key), "value": .string(JSONSerializer.compact.string(from: member.value))]
      }
      var attachments: [(String, JSONValue)] = []
      if let input = result.input { attachments.append(("input", input)) }
      attachments.append(("expected", result.expected.json))
      if let actual { attachments.append(("actual", actual.json)) }
      item.attachments = attachments
      switch status {
      case .passed:
        break
      case .failed(let failure):
        let unexpected = result.expectedFailure?.isUnexpectedPass == true
        item.status = "failed"
        item.message = (unexpected ? "unexpected pass: " : "mismatch: ") + failure.difference
        item.trace = trace(result, answer: "actual: " + JSONSerializer.pretty.string(from: failure.actual))
      case .errored(let message):
        item.status = "broken"
        item.message = "implementation error: " + message
        item.trace = trace(result, answer: "error: " + message)
      case .skipped(let reason):
        item.status = "skipped"
        item.message = (result.expectedFailure != nil ? "expected failure: " : "skipped: ") + reason
        if let match = result.expectedFailure {
          item.known = true
          if let link = match.entry.link {
            item.links = [["type": "issue", "url": .string(link), "name": .string(match.entry.reason)]]
          }
          switch match.originalStatus {
          case .failed(let failure):
            item.trace = trace(result, answer: "actual: " + JSONSerializer.pretty.string(from: failure.actual))
          case .errored(let message):
            item.trace = trace(result, answer: "error: " + message)
          case .passed, .skipped:
            break
          }
        }
      }
      if let log, !log.isEmpty { item.log = log }
      (item.start, item.stop) = clock.interval(nanoseconds)
      return item
    }
    var files: [AllureFile] = []
    // A flaky test's failed tries come first, as retries of the final result (same historyId).
    if result.isFlaky {
      for attempt in result.failedTries {
        files += item(
          status: attempt.status, actual: attempt.actual, log: attempt.log, nanoseconds: attempt.nanoseconds
        )
        .files()
      }
    }
    var final = item(status: result.status, actual: result.actual, log: result.log, nanoseconds: result.nanoseconds)
    if result.isFlaky {
      final.flaky = true
      final.message =
        "flaky: passed on try \(result.tryCount) of \(result.tryCount); earlier tries: "
        + result.failedTries.map { "try \($0.number): \($0.message)" }.joined(separator: "; ")
    } else if !result.failedTries.isEmpty, let message = final.message {
      final.message = message + " (and on \(result.failedTries.count) reruns)"
      final.trace = (final.trace ?? "") + result.failedTries.map { "\ntry \($0.number): \($0.message)" }.joined()
      // Reruns that failed every time are still time spent.
      for attempt in result.failedTries { _ = clock.interval(attempt.nanoseconds) }
    }
    files += final.files()
    return files
  }

  /// A run-level problem (stale expectations entry, adapter problem, interruption) as one result.
  static func runProblem(
    name: String, suite: String, status: String, kind: String, message: String, implementation: String, now: Int64
  ) -> [AllureFile] {
    var item = Item(
      name: name, fullName: "\(suite)/\(name)", history: ["run", suite, name], testCase: ["run", suite, name],
      status: status, message: "\(kind): \(message)", trace: message)
    item.labels = labels(implementation: implementation, suite: suite, file: nil, tags: [])
    item.start = now
    item.stop = now
    return item.files()
  }

  static func labels(implementation: String, suite: String, file: String?, tags: [String]) -> [JSONValue] {
    var labels: [JSONValue] = [
      ["name": "parentSuite", "value": .string(implementation)], ["name": "suite", "value": .string(suite)],
    ]
    if let file { labels.append(["name": "subSuite", "value": .string(file)]) }
    for tag in tags { labels.append(["name": "tag", "value": .string(tag)]) }
    labels.append(["name": "framework", "value": .string(framework)])
    return labels
  }

  /// The input and expected outcome, then the answer (or error), each value cut at
  /// ``TextCap/quotedValue`` (the attachments hold them whole).
  static func trace(_ result: TestResult, answer: String) -> String {
    var text = ""
    if let description = result.description { text += "description: \(cut(description))\n" }
    if let input = result.input { text += "input: \(cut(JSONSerializer.pretty.string(from: input)))\n" }
    text += "expected: \(cut(JSONSerializer.pretty.string(from: result.expected.json)))\n"
    return text + cut(answer) + "\n"
  }

  static func cut(_ text: String) -> String { TextCap.cut(text, limit: TextCap.quotedValue) }

  /// One result file and its attachments, before rendering.
  struct Item {
    var name: String
    var fullName: String
    var history: [String]
    var testCase: [String]
    var status: String
    var message: String?
    var trace: String?
    var description: String? = nil
    var labels: [JSONValue] = []
    var parameters: [JSONValue] = []
    var links: [JSONValue] = []
    var attachments: [(String, JSONValue)] = []
    var log: String? = nil
    var known = false
    var flaky = false
    var start: Int64 = 0
    var stop: Int64 = 0

    init(
      name: String, fullName: String, history: [String], testCase: [String], status: String, message: String?,
      trace: String?
    ) {
      self.name = name
      self.fullName = fullName
      self.history = history
      self.testCase = testCase
      self.status = status
      self.message = message
      self.trace = trace
    }

    /// The result file, then one file per attachment.
    func files() -> [AllureFile] {
      let uuid = AllureResult.uuid()
      var files: [AllureFile] = []
      var attachmentValues: [JSONValue] = []
      func attach(_ label: String, _ bytes: [UInt8], type: String, extension suffix: String) {
        let key = ContentKey(bytes)
        let source = key.uuidText + "-attachment." + suffix
        files.append(AllureFile(name: source, bytes: bytes, content: key))
        attachmentValues.append(["name": .string(label), "source": .string(source), "type": .string(type)])
      }
      // Serializing is most of the cost: a passing test's answer equal to its expected outcome
      // (as the runner compares, JSON values) shares the expected outcome's bytes.
      var previous: (value: JSONValue, bytes: [UInt8])? = nil
      for (label, value) in attachments {
        let bytes: [UInt8]
        if let previous, label == "actual", previous.value == value {
          bytes = previous.bytes
        } else {
          bytes = Array((JSONSerializer.pretty.string(from: value) + "\n").utf8)
        }
        previous = (value, bytes)
        attach(label, bytes, type: "application/json", extension: "json")
      }
      if let log { attach("stderr", Array(log.utf8), type: "text/plain", extension: "txt") }
      var object: JSONObject = [
        "uuid": .string(uuid), "historyId": .string(AllureResult.digest(history)),
        "testCaseId": .string(AllureResult.digest(testCase)), "name": .string(name), "fullName": .string(fullName),
      ]
      if let description { object["description"] = .string(description) }
      object["status"] = .string(status)
      var details: JSONObject = [:]
      if let message { details["message"] = .string(TextCap.cut(message, limit: TextCap.message)) }
      if let trace { details["trace"] = .string(trace) }
      if known { details["known"] = true }
      if flaky { details["flaky"] = true }
      if !details.members.isEmpty { object["statusDetails"] = .object(details) }
      object["stage"] = "finished"
      object["start"] = .number(JSONNumber(Int(start)))
      object["stop"] = .number(JSONNumber(Int(stop)))
      object["labels"] = .array(labels)
      if !links.isEmpty { object["links"] = .array(links) }
      object["parameters"] = .array(parameters)
      object["attachments"] = .array(attachmentValues)
      files.append(
        AllureFile(name: uuid + "-result.json", bytes: Array(JSONSerializer.compact.string(from: .object(object)).utf8))
      )
      return files
    }
  }

  /// A random (version 4) UUID in its usual lowercase text form.
  static func uuid() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = (0..<2).flatMap { _ -> [UInt8] in
      let value: UInt64 = generator.next()
      return (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    let hex = SHA256.hex(bytes)
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }

  /// 32 hex digits of SHA-256 over the parts, each followed by a 0x00 byte: stable across runs
  /// and machines, and the parts cannot run into each other.
  static func digest(_ parts: [String]) -> String {
    var hash = SHA256()
    for part in parts { hash.update(Array(part.utf8) + [0]) }
    return String(SHA256.hex(hash.finalize()).prefix(32))
  }

  /// Milliseconds since 1970 from the real-time clock.
  static func nowMilliseconds() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
  }
}
