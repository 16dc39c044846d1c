import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel

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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for value in [high, low] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      }
    }
    return AllureResult.uuidText(bytes[...])
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
    var uuids = UUIDSource()
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
      item.appendFiles(to: &files, uuid: uuids.next())
    case .results(let results):
      let total = results.reduce(UInt64(0)) { sum, result in
        sum + result.nanoseconds + result.failedTries.reduce(0) { $0 + $1.nanoseconds }
      }
      var clock = Clock(milliseconds: now, nanosecondsBack: total)
      let suite = report.suite ?? ""
      var outcomes = RenderedOutcomes()
      files.reserveCapacity(results.count * 3)
      for result in results {
        Self.appendFiles(
          for: result, suite: suite, file: report.location.path, implementation: implementation, clock: &clock,
          uuids: &uuids, outcomes: &outcomes, to: &files)
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

  static func appendFiles(
    for result: TestResult, suite: String, file: String, implementation: String, clock: inout Clock,
    uuids: inout UUIDSource, outcomes: inout RenderedOutcomes, to files: inout [AllureFile]
  ) {
    var parts = TestParts(result, suite: suite, file: file, implementation: implementation, outcomes: &outcomes)
    // A flaky test's failed tries come first, as retries of the final result (same historyId).
    if result.isFlaky {
      for attempt in result.failedTries {
        var item = parts.item(status: attempt.status, actual: attempt.actual, log: attempt.log)
        (item.start, item.stop) = clock.interval(attempt.nanoseconds)
        item.appendFiles(to: &files, uuid: uuids.next())
      }
    }
    var final = parts.item(status: result.status, actual: result.actual, log: result.log)
    (final.start, final.stop) = clock.interval(result.nanoseconds)
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
    final.appendFiles(to: &files, uuid: uuids.next())
  }

  /// What every try of one test shares: digested, labelled and serialized once.
  struct TestParts {
    let result: TestResult
    let historyID: String
    let testCaseID: String
    let fullName: String
    let labels: [Label]
    let parameters: [(name: String, value: String)]
    let input: Attachment?
    let expected: Attachment
    /// The input and expected outcome pretty-printed and cut, once: the trace of every try that
    /// failed shows them.
    private var tracedValues: (input: String?, expected: String)? = nil

    init(
      _ result: TestResult, suite: String, file: String, implementation: String,
      outcomes: inout RenderedOutcomes
    ) {
      self.result = result
      historyID = digest([implementation, suite, result.id])
      testCaseID = digest([suite, result.id])
      fullName = "\(implementation)/\(suite)/\(result.id)"
      labels = AllureResult.labels(implementation: implementation, suite: suite, file: file, tags: result.tags)
      parameters = (result.context?.members ?? []).map { member in
        (member.key, JSONSerializer.compact.string(from: member.value))
      }
      input = result.input.map { Attachment.json("input", $0) }
      expected = outcomes.expected(result.expected.json)
    }

    /// A failed try's trace: the description, input and expected outcome, then `answer`.
    mutating func trace(answer: String) -> String {
      if tracedValues == nil {
        tracedValues = (
          input.map { cut(String(decoding: $0.bytes.dropLast(), as: UTF8.self)) },
          cut(String(decoding: expected.bytes.dropLast(), as: UTF8.self))
        )
      }
      var text = ""
      if let description = result.description { text += "description: \(cut(description))\n" }
      if let input = tracedValues!.input { text += "input: \(input)\n" }
      text += "expected: \(tracedValues!.expected)\n"
      return text + cut(answer) + "\n"
    }

    /// One try's result, its times left to the caller.
    mutating func item(status: TestResult.Status, actual: Outcome?, log: String?) -> Item {
      var item = Item(
        name: result.id, fullName: fullName, historyID: historyID, testCaseID: testCaseID, status: "passed",
        message: nil, trace: nil)
      item.description = result.description
      item.labels = labels
      item.parameters = parameters
      if let input { item.attachments.append(input) }
      item.attachments.append(expected)
      if let actual {
        // A passing test's answer equals its expected outcome (as the runner compares, JSON
        // values): it shares the expected outcome's bytes and digest.
        let json = actual.json
        item.attachments.append(
          json == result.expected.json ? expected.labelled("actual") : Attachment.json("actual", json))
      }
      setOutcome(status, of: &item)
      if let log, !log.isEmpty { item.attachments.append(Attachment.text("stderr", log)) }
      return item
    }

    /// The status, message and trace of a try that ended with `status`.
    private mutating func setOutcome(_ status: TestResult.Status, of item: inout Item) {
      switch status {
      case .passed:
        break
      case .failed(let failure):
        let unexpected = result.expectedFailure?.isUnexpectedPass == true
        item.status = "failed"
        item.message = (unexpected ? "unexpected pass: " : "mismatch: ") + failure.difference
        item.trace = trace(answer: "actual: " + JSONSerializer.pretty.string(from: failure.actual))
      case .errored(let message):
        item.status = "broken"
        item.message = "implementation error: " + message
        item.trace = trace(answer: "error: " + message)
      case .skipped(let reason):
        item.status = "skipped"
        item.message = (result.expectedFailure != nil ? "expected failure: " : "skipped: ") + reason
        guard let match = result.expectedFailure else { return }
        item.known = true
        if let link = match.entry.link { item.links = [(type: "issue", url: link, name: match.entry.reason)] }
        switch match.originalStatus {
        case .failed(let failure):
          item.trace = trace(answer: "actual: " + JSONSerializer.pretty.string(from: failure.actual))
        case .errored(let message):
          item.trace = trace(answer: "error: " + message)
        case .passed, .skipped:
          break
        }
      }
    }
  }

  /// The expected outcomes one vector file's tests have rendered so far: most of a file's tests
  /// share a few (`{"result": "reject", "error": "invalid_fid"}` 544 times in the shipped
  /// corpus, some 3,000 distinct among 9,000 tests), so each is pretty-printed and digested
  /// once per file. A value is reused only when it would be written alike (``writtenAlike``),
  /// so the bytes are those rendering it again would give.
  struct RenderedOutcomes {
    /// Enough for most files; a file with more distinct outcomes renders the rest each time.
    static let capacity = 32
    private var rendered: [(value: JSONValue, attachment: Attachment)] = []

    mutating func expected(_ value: JSONValue) -> Attachment {
      if let hit = rendered.first(where: { AllureResult.writtenAlike($0.value, value) }) { return hit.attachment }
      let attachment = Attachment.json("expected", value)
      if rendered.count < Self.capacity { rendered.append((value, attachment)) }
      return attachment
    }
  }

  /// Whether two values serialize to the same bytes: the same members in the same order, the
  /// same strings and number literals byte for byte (stricter than `==`, which ignores member
  /// order and compares numbers by value).
  static func writtenAlike(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): utf8Equal(a.literal, b.literal)
    case (.string(let a), .string(let b)): utf8Equal(a, b)
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { writtenAlike($0, $1) }
    case (.object(let a), .object(let b)):
      a.members.count == b.members.count
        && zip(a.members, b.members).allSatisfy {
          utf8Equal($0.key, $1.key) && writtenAlike($0.value, $1.value)
        }
    default: false
    }
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
    var files: [AllureFile] = []
    var uuids = UUIDSource()
    item.appendFiles(to: &files, uuid: uuids.next())
    return files
  }

  /// A label's name and value.
  typealias Label = (name: String, value: String)

  static func labels(implementation: String, suite: String, file: String?, tags: [String]) -> [Label] {
    var labels: [Label] = [("parentSuite", implementation), ("suite", suite)]
    if let file { labels.append(("subSuite", file)) }
    for tag in tags { labels.append(("tag", tag)) }
    labels.append(("framework", framework))
    return labels
  }

  static func cut(_ text: String) -> String { TextCap.cut(text, limit: TextCap.quotedValue) }

  /// An attachment's label, rendered bytes and their digest (which names its file).
  struct Attachment {
    var label: String
    var bytes: [UInt8]
    var key: ContentKey
    var type: String
    /// Its file's name, `<digest as a UUID>-attachment.<suffix>`: in the result and as the file.
    var source: String

    init(label: String, bytes: [UInt8], type: String, suffix: String) {
      self.label = label
      self.bytes = bytes
      key = ContentKey(bytes)
      self.type = type
      source = key.uuidText + "-attachment." + suffix
    }

    /// A JSON value, pretty-printed with a final line break.
    static func json(_ label: String, _ value: JSONValue) -> Attachment {
      var bytes = JSONSerializer.pretty.bytes(from: value)
      bytes.append(0x0A)
      return Attachment(label: label, bytes: bytes, type: "application/json", suffix: "json")
    }

    static func text(_ label: String, _ text: String) -> Attachment {
      Attachment(label: label, bytes: Array(text.utf8), type: "text/plain", suffix: "txt")
    }

    func labelled(_ label: String) -> Attachment {
      var copy = self
      copy.label = label
      return copy
    }

  }

  /// One result file and its attachments, before rendering.
  struct Item {
    var name: String
    var fullName: String
    var historyID: String
    var testCaseID: String
    var status: String
    var message: String?
    var trace: String?
    var description: String? = nil
    var labels: [Label] = []
    /// Each context key with its value as compact JSON.
    var parameters: [(name: String, value: String)] = []
    var links: [(type: String, url: String, name: String)] = []
    var attachments: [Attachment] = []
    var known = false
    var flaky = false
    var start: Int64 = 0
    var stop: Int64 = 0

    init(
      name: String, fullName: String, historyID: String, testCaseID: String, status: String, message: String?,
      trace: String?
    ) {
      self.name = name
      self.fullName = fullName
      self.historyID = historyID
      self.testCaseID = testCaseID
      self.status = status
      self.message = message
      self.trace = trace
    }

    init(
      name: String, fullName: String, history: [String], testCase: [String], status: String, message: String?,
      trace: String?
    ) {
      self.init(
        name: name, fullName: fullName, historyID: AllureResult.digest(history),
        testCaseID: AllureResult.digest(testCase), status: status, message: message, trace: trace)
    }

    /// Appends each attachment's file, then the result file named by `uuid`.
    func appendFiles(to files: inout [AllureFile], uuid: String) {
      for attachment in attachments {
        files.append(AllureFile(name: attachment.source, bytes: attachment.bytes, content: attachment.key))
      }
      files.append(AllureFile(name: uuid + "-result.json", bytes: resultBytes(uuid: uuid)))
    }

    /// The result file: one JSON object in the compact layout (`{"uuid": "…", "name": …}`),
    /// members in the order of Allure's model, written straight into one buffer.
    func resultBytes(uuid: String) -> [UInt8] {
      var json = ResultJSON()
      json.out.append(UInt8(ascii: "{"))
      json.member("uuid", uuid, first: true)
      json.member("historyId", historyID)
      json.member("testCaseId", testCaseID)
      json.member("name", name)
      json.member("fullName", fullName)
      if let description { json.member("description", description) }
      json.member("status", status)
      if message != nil || trace != nil || known || flaky { writeStatusDetails(to: &json) }
      json.member("stage", "finished")
      json.key("start")
      json.out += String(start).utf8
      json.key("stop")
      json.out += String(stop).utf8
      json.key("labels")
      json.objects(labels) { json, label in
        json.member("name", label.name, first: true)
        json.member("value", label.value)
      }
      if !links.isEmpty {
        json.key("links")
        json.objects(links) { json, link in
          json.member("type", link.type, first: true)
          json.member("url", link.url)
          json.member("name", link.name)
        }
      }
      json.key("parameters")
      json.objects(parameters) { json, parameter in
        json.member("name", parameter.name, first: true)
        json.member("value", parameter.value)
      }
      json.key("attachments")
      json.objects(attachments) { json, attachment in
        json.member("name", attachment.label, first: true)
        json.member("source", attachment.source)
        json.member("type", attachment.type)
      }
      json.out.append(UInt8(ascii: "}"))
      return json.out
    }

    /// `"statusDetails": {"message": …, "trace": …, "known": true, "flaky": true}`, each member
    /// only when it says something.
    private func writeStatusDetails(to json: inout ResultJSON) {
      json.key("statusDetails")
      json.out.append(UInt8(ascii: "{"))
      var first = true
      if let message {
        json.member("message", TextCap.cut(message, limit: TextCap.message), first: first)
        first = false
      }
      if let trace {
        json.member("trace", trace, first: first)
        first = false
      }
      if known {
        json.key("known", first: first)
        json.out += "true".utf8
        first = false
      }
      if flaky {
        json.key("flaky", first: first)
        json.out += "true".utf8
      }
      json.out.append(UInt8(ascii: "}"))
    }
  }

  /// A result file's JSON in the compact layout (`{"uuid": "…", "name": …}`), written straight
  /// into one buffer.
  struct ResultJSON {
    var out: [UInt8] = []

    init() {
      out.reserveCapacity(1024)
    }

    mutating func string(_ text: String) { JSONSerializer.writeString(text, to: &out) }

    mutating func key(_ name: StaticString, first: Bool = false) {
      if !first { out += ", ".utf8 }
      out.append(0x22)
      name.withUTF8Buffer { out += $0 }
      out += "\": ".utf8
    }

    mutating func member(_ name: StaticString, _ value: String, first: Bool = false) {
      key(name, first: first)
      string(value)
    }

    /// `[{"name": "…", "value": "…"}, …]` and the like: objects of string members, which
    /// `members` writes straight into the buffer.
    mutating func objects<Element>(_ elements: [Element], _ members: (inout ResultJSON, Element) -> Void) {
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ", ".utf8 }
        out.append(UInt8(ascii: "{"))
        members(&self, element)
        out.append(UInt8(ascii: "}"))
      }
      out.append(UInt8(ascii: "]"))
    }
  }

  /// Random (version 4) UUIDs, drawn from the system's generator 64 at a time: one
  /// `getrandom` call per vector file rather than two per test.
  struct UUIDSource {
    private var pool: [UInt8] = []
    private var used = 0

    mutating func next() -> String {
      if used == pool.count {
        pool = randomBytes(count: 64 * 16)
        used = 0
      }
      var bytes = pool[used..<used + 16]
      used += 16
      let base = bytes.startIndex
      bytes[base + 6] = bytes[base + 6] & 0x0F | 0x40
      bytes[base + 8] = bytes[base + 8] & 0x3F | 0x80
      return AllureResult.uuidText(bytes)
    }
  }

  /// 16 bytes as a UUID's text: lowercase hex, dashes after the 4th, 6th, 8th and 10th byte.
  static func uuidText(_ bytes: ArraySlice<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// 32 hex digits of SHA-256 over the parts, each followed by a 0x00 byte: stable across runs
  /// and machines, and the parts cannot run into each other.
  static func digest(_ parts: [String]) -> String {
    var bytes: [UInt8] = []
    for part in parts {
      bytes += part.utf8
      bytes.append(0)
    }
    var hash = SHA256()
    hash.update(bytes)
    return SHA256.hex(Array(hash.finalize()[..<16]))
  }

  /// Milliseconds since 1970 from the real-time clock.
  static func nowMilliseconds() -> Int64 {
    let now = wallClockNow()
    return now.seconds * 1000 + now.nanoseconds / 1_000_000
  }
}
