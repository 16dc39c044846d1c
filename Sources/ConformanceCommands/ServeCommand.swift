import ConformanceJSON
import ConformanceKit
import ReferenceParsers

/// `conformance serve`: the reference parsers as a `conformance-adapter/1` adapter, so that
/// another language's harness can ask them, and so the adapter protocol can be checked against
/// the whole corpus (`conformance run --adapter "conformance serve"`).
enum ServeCommand: Subcommand {
  static let name = "serve"
  static let abstract = "Answer conformance-adapter/1 requests on stdin with the reference parsers."

  static let spec = ArgumentSpec(command: name)

  static var help: String {
    """
    USAGE: conformance serve

    Reads one JSON request per line on standard input and writes one JSON answer per line on
    standard output, as an adapter does (docs/adapters.md): `hello` is answered with the name
    "reference" and every suite; `evaluate` with the reference parser's outcome. A request that
    cannot be answered (not strict JSON, unknown type or suite, a context the suite cannot use) is
    answered with {"error": "…"} so the harness on the other side can report it. Ends at the end
    of its input.

    OPTIONS:
    \(spec.optionsHelp)
    """
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(arguments.positionals[0])'", command: name)
    }
    let implementation = ReferenceImplementation()
    while let line = readLine(strippingNewline: true) {
      console.print(answer(to: Array(line.utf8), implementation: implementation))
    }
    return ConformanceCommand.ExitStatus.success
  }

  /// The answer line for one request line.
  static func answer(to line: [UInt8], implementation: ReferenceImplementation) -> String {
    func failure(_ message: String) -> String {
      JSONSerializer.compact.string(from: ["error": .string(message)])
    }
    let request: JSONValue
    do {
      request = try JSONParser().parse(line)
    } catch {
      return failure("request is not strict JSON: \(error)")
    }
    guard case .object(let object) = request, case .string(let type)? = object["type"] else {
      return failure("request must be an object with a string \"type\"")
    }
    switch type {
    case "hello":
      let suites = Contract.suites.filter(implementation.supports(suite:)).map { JSONValue.string($0) }
      return JSONSerializer.compact.string(from: ["name": .string(implementation.name), "suites": .array(suites)])
    case "evaluate":
      guard case .string(let suite)? = object["suite"], let input = object["input"] else {
        return failure("an evaluate request needs a string \"suite\" and an \"input\"")
      }
      let context = object["context"]?.objectValue ?? JSONObject()
      do {
        return JSONSerializer.compact.string(
          from: try implementation.evaluate(suite: suite, input: input, context: context).json)
      } catch {
        return failure("\(error)")
      }
    default:
      return failure("unknown request type \"\(type)\"")
    }
  }
}
