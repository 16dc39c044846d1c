import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel
import ConformanceProcess
import ReferenceParsers

/// `conformance serve`: the reference parsers as a `conformance-adapter/2` adapter, so that
/// another language's harness can ask them, and so the adapter protocol can be checked against
/// the whole corpus (`conformance run --adapter "conformance serve"`).
enum ServeCommand: Subcommand {
  static let name = "serve"
  static let abstract = "Answer conformance-adapter/2 requests on stdin with the reference parsers."

  static let spec = ArgumentSpec(command: name)

  static var help: String {
    """
    USAGE: conformance serve

    Reads one JSON request per line on standard input and writes one JSON answer per line on
    standard output, as an adapter does (docs/adapters.md, conformance-adapter/2): `hello` is
    answered with the name "reference" and every suite; `evaluate` with the reference parser's
    outcome and the request's "id". A request that cannot be answered (not valid UTF-8, not strict
    JSON, longer than 64 MiB, unknown type or suite, a context the suite cannot use) is answered
    with {"error": "…"} (and its "id" when it has one) so the harness on the other side can report
    it. Ends at the end of its input.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: 0 its input ended; 2 the command line was wrong.
    """
  }

  /// `serve` takes no option.
  struct Options: Equatable {}

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    return Options()
  }

  static func run(_ options: Options, console: Console) throws -> Int32 {
    let implementation = ReferenceImplementation()
    // Raw bytes, not `readLine()`, which repairs invalid UTF-8 before the parser could refuse it.
    var lines = LineBuffer(limit: requestLimit)
    var skippingLongLine = false
    while true {
      guard var bytes = try? readOnce(StandardStream.input.rawValue, upTo: 65_536), !bytes.isEmpty else { break }
      if skippingLongLine {
        guard let newline = bytes.firstIndex(of: 0x0A) else { continue }
        bytes.removeFirst(newline + 1)
        skippingLongLine = false
      }
      lines.append(bytes)
      while let line = lines.takeLine() {
        console.print(answer(to: line, implementation: implementation))
      }
      if lines.isOverLimit {
        lines.discardAll()
        skippingLongLine = true
        console.print(failure("request is longer than \(requestLimit >> 20) MiB", id: nil))
      }
    }
    if lines.hasPartialLine && !skippingLongLine {
      console.print(answer(to: lines.takeRest(), implementation: implementation))
    }
    return ConformanceCommand.ExitStatus.success
  }

  /// The longest request line answered.
  static let requestLimit = 64 << 20

  static func failure(_ message: String, id: JSONValue?) -> String {
    var answer: JSONObject = [:]
    if let id { answer["id"] = id }
    answer["error"] = .string(message)
    return JSONSerializer.compact.string(from: .object(answer))
  }

  /// `value` when it is an integer id, else `nil` (not JSON `null`: `JSONValue` takes a `nil`
  /// literal as `null`, so a `? value : nil` would answer `"id": null`).
  static func integerID(_ value: JSONValue?) -> JSONValue? {
    guard let value, AdapterID.integer(value) != nil else { return Optional<JSONValue>.none }
    return value
  }

  /// The `id` of a request that is not strict JSON, when it can still be read, so the client
  /// can match the error to its request: the line starts with an object whose strings and
  /// brackets close, and that has exactly one top-level `"id"` member, an integer literal that
  /// fits an `Int`. Anything less — a cut line, two ids, `"id": 1.0` — is `nil`: an id is
  /// never guessed. What breaks strictness elsewhere (invalid UTF-8 or a lone surrogate in a
  /// string, a trailing comma, a duplicate key, words after the object) does not hide it.
  static func readableID(in line: [UInt8]) -> JSONValue? {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
    var index = 0
    func skipWhitespace() { while index < line.count && whitespace.contains(line[index]) { index += 1 } }
    skipWhitespace()
    guard index < line.count, line[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var closers: [UInt8] = [UInt8(ascii: "}")]
    var expectsKey = true  // at the top level, after `{` or `,`
    var idCount = 0
    var id: JSONValue? = nil
    while index < line.count && !closers.isEmpty {
      let byte = line[index]
      if byte == quote {
        let start = index
        index += 1
        while index < line.count && line[index] != quote { index += line[index] == backslash ? 2 : 1 }
        guard index < line.count else { return nil }
        index += 1
        guard closers.count == 1 && expectsKey else { continue }
        expectsKey = false
        guard line[start..<index].elementsEqual(#""id""#.utf8) else { continue }
        idCount += 1
        skipWhitespace()
        guard index < line.count && line[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipWhitespace()
        let valueStart = index
        while index < line.count && !whitespace.contains(line[index]) && !Array(",{}[]\"".utf8).contains(line[index]) {
          index += 1
        }
        id = integerID((try? JSONParser().parse(Array(line[valueStart..<index]))))
        continue
      }
      switch byte {
      case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
      case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard closers.removeLast() == byte else { return nil }
      case UInt8(ascii: ","): if closers.count == 1 { expectsKey = true }
      default: break
      }
      index += 1
    }
    guard closers.isEmpty, idCount == 1 else { return nil }
    return id
  }

  /// The answer line for one request line.
  static func answer(to line: [UInt8], implementation: ReferenceImplementation) -> String {
    let request: JSONValue
    do {
      request = try JSONParser().parse(line)
    } catch {
      return failure("request is not strict JSON: \(error)", id: readableID(in: line))
    }
    guard case .object(let object) = request, case .string(let type)? = object["type"] else {
      return failure(
        "request must be an object with a string \"type\"",
        id: integerID(request.objectValue?["id"]))
    }
    switch type {
    case "hello":
      let suites = Contract.suites.filter(implementation.supports(suite:)).map { JSONValue.string($0) }
      return JSONSerializer.compact.string(
        from: [
          "protocol": .string(ProcessImplementation.protocolName), "name": .string(implementation.name),
          "version": .string(ToolInfo.version), "suites": .array(suites),
        ])
    case "evaluate":
      guard let id = object["id"], AdapterID.integer(id) != nil else {
        // The id as it came, cut: a 10,000-digit number is not echoed whole.
        let given =
          object["id"].map { value -> String in
            let text = JSONSerializer.compact.string(from: value)
            return ", got "
              + (text.utf8.count > 40 ? String(decoding: text.utf8.prefix(40), as: UTF8.self) + "…" : text)
          } ?? ""
        return failure("an evaluate request needs an integer \"id\"\(given)", id: nil)
      }
      guard case .string(let suite)? = object["suite"], let input = object["input"] else {
        return failure("an evaluate request needs a string \"suite\" and an \"input\"", id: id)
      }
      let context = object["context"]?.objectValue ?? JSONObject()
      do {
        let outcome = try implementation.evaluate(suite: suite, input: input, context: context).json
        let members = outcome.objectValue?.members ?? []
        return JSONSerializer.compact.string(from: .object(JSONObject([.init(key: "id", value: id)] + members)))
      } catch {
        return failure("\(error)", id: id)
      }
    default:
      return failure(
        "unknown request type \"\(type)\"", id: integerID(object["id"]))
    }
  }
}
