import ConformanceJSON

/// What an implementation recorded for one test (`conformance-answers/1`, docs/answers.md).
public enum RecordedAnswer: Sendable {
  /// `{"result": "accept", "output": X}` or `{"result": "reject", "error": CODE[, "field": F]}`.
  case outcome(Outcome)
  /// `{"error": WHY}`: the implementation could not answer (an error of the test).
  case couldNotAnswer(String)
  /// `{"skip": WHY}`: left out on purpose (skipped, never passed).
  case skip(String)
}

/// An answers file that cannot be judged, naming the file and the line.
public struct AnswersError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  /// 1-based; `nil` for the file as a whole (one that cannot be read).
  public var line: Int?
  public var reason: String

  public init(path: String, line: Int?, reason: String) {
    self.path = path
    self.line = line
    self.reason = reason
  }

  public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}

/// One answers file read: its header, its answers with their lines, and whether it ended with
/// its trailer.
public struct AnswersFile: Sendable {
  public static let format = "conformance-answers/1"

  public struct Line: Sendable {
    public var suite: String
    public var id: String
    public var answer: RecordedAnswer
    public var line: Int
  }

  public var path: String
  public var implementation: String
  public var version: String?
  /// The digest of the pack the answers were made against.
  public var pack: String
  /// The header's `suites`: tests of other suites are skipped. `nil` when not given.
  public var suites: [String]?
  public var answers: [Line] = []
  /// No trailer: the run that wrote the file stopped before its end (killed, crashed).
  public var isCutShort = false
  /// Cut short in the middle of a line, which was left out.
  public var lastLineCut = false

  /// Reads answers from `bytes`; `path` names the file in every message.
  public static func read(bytes: [UInt8], path: String) throws(AnswersError) -> AnswersFile {
    let lines = try AnswersLines(bytes: bytes, path: path)
    var file = try readHeader(lines)
    file.lastLineCut = lines.lastLineCut
    var trailer: (count: Int, line: Int)? = nil
    for index in 1..<max(1, lines.count) {
      let line = index + 1
      if trailer != nil {
        throw lines.refuse(line, "a line after the trailer (line \(trailer!.line))")
      }
      let object = try lines.object(index)
      if object["end"] != nil {
        guard object["end"]?.boolValue == true, let number = object["count"]?.numberValue?.intValue, number >= 0
        else {
          throw lines.refuse(line, "not a valid trailer: it is {\"end\": true, \"count\": N}")
        }
        trailer = (number, line)
        continue
      }
      file.answers.append(try readAnswer(object, at: index, of: lines))
    }
    if let trailer {
      guard trailer.count == file.answers.count else {
        throw lines.refuse(
          trailer.line,
          "the trailer counts \(trailer.count) \(trailer.count == 1 ? "answer" : "answers"), the file holds \(file.answers.count)"
        )
      }
    } else {
      file.isCutShort = true
    }
    return file
  }

  /// The first line: the format, the implementation, the pack's digest, and the optional
  /// version and suites.
  private static func readHeader(_ lines: AnswersLines) throws(AnswersError) -> AnswersFile {
    let header = try lines.object(0)
    guard let format = header["format"]?.stringValue else {
      throw lines.refuse(
        1, "the first line is not a header: it needs \"format\": \"\(Self.format)\", \"implementation\" and \"pack\"")
    }
    guard format == Self.format else {
      throw lines.refuse(1, "format \(quote(format)) is not one this harness reads (\(Self.format))")
    }
    guard let implementation = header["implementation"]?.stringValue, !implementation.isEmpty else {
      throw lines.refuse(1, "the header's \"implementation\" must be a non-empty string")
    }
    guard let pack = header["pack"]?.stringValue, CorpusManifest.isHexDigest(pack, length: 64) else {
      throw lines.refuse(1, "the header's \"pack\" must be the pack's digest, 64 lowercase hex digits")
    }
    var version: String? = nil
    if let value = header["version"], !value.isNull {
      guard let text = value.stringValue else { throw lines.refuse(1, "the header's \"version\" must be a string") }
      version = text
    }
    var suites: [String]? = nil
    if let value = header["suites"], !value.isNull {
      guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
        throw lines.refuse(1, "the header's \"suites\" must be an array of strings")
      }
      suites = list.compactMap(\.stringValue)
    }
    return AnswersFile(path: lines.path, implementation: implementation, version: version, pack: pack, suites: suites)
  }

  /// An answer line (`lines`' `index`th): its suite, id and answer.
  private static func readAnswer(_ object: JSONObject, at index: Int, of lines: AnswersLines) throws(AnswersError)
    -> Line
  {
    let line = index + 1
    guard let suite = object["suite"]?.stringValue, let id = object["id"]?.stringValue,
      let answer = object["answer"]?.objectValue
    else {
      throw lines.refuse(
        line,
        "not a valid answer line: it needs \"suite\" and \"id\" strings and an \"answer\" object: \(shown(lines.lines[index]))"
      )
    }
    if let ms = object["ms"], ms.numberValue == nil {
      throw lines.refuse(line, "not a valid answer line: \"ms\" must be a number")
    }
    guard let recorded = Self.answer(answer) else {
      throw lines.refuse(
        line,
        "not a valid answer: \(JSONSerializer.compact.string(from: .object(answer))); it is {\"result\": \"accept\", \"output\": X}, {\"result\": \"reject\", \"error\": CODE[, \"field\": F]}, {\"error\": WHY} or {\"skip\": WHY}"
      )
    }
    return Line(suite: suite, id: id, answer: recorded, line: line)
  }

  /// What the answer says, or `nil` when it is none of the shapes an answer takes.
  static func answer(_ object: JSONObject) -> RecordedAnswer? {
    if object["result"] == nil {
      if let reason = object["skip"]?.stringValue, object["error"] == nil { return .skip(reason) }
      if let reason = object["error"]?.stringValue, object["skip"] == nil { return .couldNotAnswer(reason) }
      return nil
    }
    switch object["result"]?.stringValue {
    case "accept":
      guard let output = object["output"] else { return nil }
      return .outcome(.accept(output: output))
    case "reject":
      guard let error = object["error"]?.stringValue else { return nil }
      guard let field = object["field"], !field.isNull else { return .outcome(.reject(error: error, field: nil)) }
      guard let text = field.stringValue else { return nil }
      return .outcome(.reject(error: error, field: text))
    default:
      return nil
    }
  }

  /// Words for the console and the reports: `PATH has no trailer: cut short after N answers`.
  public var cutShortMessage: String {
    "\(path) has no trailer: the run that wrote it stopped early (cut short after \(answers.count) \(answers.count == 1 ? "answer" : "answers")\(lastLineCut ? ", its last line cut off" : "")); the tests it does not answer are not answered"
  }
}

/// An answers file's lines, each read as a JSON object when asked for; a last line cut in the
/// middle by a kill (without its newline, not JSON) is left out.
private struct AnswersLines {
  let path: String
  let lines: [ArraySlice<UInt8>]
  /// The lines read: all of them but a cut last line.
  let count: Int
  let lastLineCut: Bool
  let parser = JSONParser()

  init(bytes: [UInt8], path: String) throws(AnswersError) {
    self.path = path
    var lines: [ArraySlice<UInt8>] = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let endsWithNewline = bytes.last == UInt8(ascii: "\n")
    if endsWithNewline { lines.removeLast() }
    self.lines = lines
    guard !lines.isEmpty else {
      throw AnswersError(
        path: path, line: nil,
        reason: "empty: an answers file starts with its header line {\"format\": \"\(AnswersFile.format)\", …}")
    }
    lastLineCut = !endsWithNewline && (try? parser.parse(Array(lines[lines.count - 1]))) == nil && lines.count > 1
    count = lastLineCut ? lines.count - 1 : lines.count
  }

  func refuse(_ line: Int?, _ reason: String) -> AnswersError {
    AnswersError(path: path, line: line, reason: reason)
  }

  /// The `index`th line, which must be a JSON object.
  func object(_ index: Int) throws(AnswersError) -> JSONObject {
    let value: JSONValue
    do {
      value = try parser.parse(Array(lines[index]))
    } catch {
      throw refuse(index + 1, "not a JSON line: \(error.reason) (column \(error.column))")
    }
    guard let object = value.objectValue else {
      throw refuse(index + 1, "not a JSON object: \(shown(lines[index]))")
    }
    return object
  }
}

/// A line shown in a message, cut at 200 bytes.
private func shown(_ line: ArraySlice<UInt8>) -> String {
  let text = String(decoding: line.prefix(200), as: UTF8.self)
  return line.count > 200 ? text + "… \(line.count - 200) more bytes" : text
}

/// The recorded answers of one implementation (one or several files: shards, devices) checked
/// against the pack they were made for, as an ``Implementation`` the runner judges like any
/// other: every test is looked up by suite and id.
public struct JudgedImplementation: Implementation {
  public let name: String
  public let version: String?
  public let suites: [String]?
  public let cutShort: [AnswersFile]
  private let answers: [String: RecordedAnswer]

  /// Checks `files` against `pack`: one implementation, made against this pack, every answer
  /// for a test of the pack, none twice.
  public init(files: [AnswersFile], pack: Pack) throws(AnswersError) {
    precondition(!files.isEmpty, "judging needs an answers file")
    let first = files[0]
    var known = Set<String>()
    for file in pack.files {
      for test in file.tests { known.insert(Self.key(file.suite, test.id)) }
    }
    var answers: [String: RecordedAnswer] = [:]
    var places: [String: String] = [:]
    for file in files {
      guard file.implementation.utf8.elementsEqual(first.implementation.utf8) else {
        throw AnswersError(
          path: file.path, line: 1,
          reason:
            "implementation \(quote(file.implementation)) is not \(quote(first.implementation)) of \(first.path):1: one judge run judges one implementation's answers"
        )
      }
      guard file.pack == pack.digest else {
        throw AnswersError(
          path: file.path, line: 1,
          reason: "answers made against pack \(file.pack), not this pack (\(pack.digest)): run the tests of this pack")
      }
      for line in file.answers {
        let key = Self.key(line.suite, line.id)
        guard known.contains(key) else {
          throw AnswersError(
            path: file.path, line: line.line,
            reason: "an answer for test \(quote(line.id)) of suite \(line.suite), which is not in the pack")
        }
        if let place = places[key] {
          throw AnswersError(
            path: file.path, line: line.line,
            reason: "a second answer for test \(quote(line.id)) of suite \(line.suite) (the first is at \(place))")
        }
        places[key] = "\(file.path):\(line.line)"
        answers[key] = line.answer
      }
    }
    name = first.implementation
    version = first.version
    suites = first.suites
    cutShort = files.filter(\.isCutShort)
    self.answers = answers
  }

  private static func key(_ suite: String, _ id: String) -> String { suite + "\u{0}" + id }

  public func supports(suite: String) -> Bool {
    suites.map { $0.contains { $0.utf8.elementsEqual(suite.utf8) } } ?? true
  }

  public func unsupportedReason(suite: String) -> String {
    "\(name) does not implement suite \(suite) (its answers' header lists \(suites?.joined(separator: ", ") ?? ""))"
  }

  public func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    throw EvaluationError(description: "recorded answers are looked up by test, not by input")
  }

  public func evaluation(suite: String, test: VectorTest) -> Evaluation {
    switch answers[Self.key(suite, test.id)] {
    case nil:
      return Evaluation(result: .failure(EvaluationError(description: "not answered", standsAlone: true)))
    case .outcome(let outcome)?:
      return Evaluation(result: .success(outcome))
    case .couldNotAnswer(let reason)?:
      return Evaluation(result: .failure(EvaluationError(description: reason)))
    case .skip(let reason)?:
      return .skipped("\(name) left it out: \(reason)")
    }
  }
}
