import ConformanceJSON

/// A suite a team declares for its own rules in `NAME.suite.json` (docs/own-suites.md): no
/// reference parser has it, so its tests run only against adapters whose hello lists it. Its
/// vector files load and lint against the declaration: every reject's `error` is a declared
/// code, its `field` one of that code's fields, and every context key a declared key of its type.
public struct SuiteDeclaration: Sendable {
  public static let format = "conformance-suite/1"
  /// The vendors' suite prefixes, reserved for the contract's suites.
  public static let vendorPrefixes = ["leeep.", "respondo.", "adapty.", "fanship."]

  /// A context value's declared JSON type.
  public enum ContextType: String, Sendable, CaseIterable {
    case string, number, bool, object, array, any

    func admits(_ value: JSONValue) -> Bool {
      switch (self, value) {
      case (.any, _), (.string, .string), (.number, .number), (.bool, .bool), (.object, .object), (.array, .array):
        true
      default: false
      }
    }
  }

  public var suite: String
  public var description: String
  public var source: String?
  /// Every code a reject may give, with the fields it may name (`[]`: none), in file order.
  public var errors: [(code: String, fields: [String])]
  /// The context keys and their types, in file order (empty: the suite takes no context).
  public var context: [(key: String, type: ContextType)]
  public var location: VectorFileLocation
  /// ``CorpusManifest/rulesDigest(errors:context:)`` of the declaration.
  public var rulesDigest: String

  /// The error codes, in file order.
  public var codes: [String] { errors.map(\.code) }

  /// Lower-case words of letters and digits, joined by `-` within a part and `.` between parts
  /// (`acme.coupon`, `acme.deep-link`), at most 128 characters.
  public static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 128 else { return false }
    return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
      part.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
        !word.isEmpty && word.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
      }
    }
  }

  /// Reads a declaration strictly; a problem is a load error naming the file.
  public static func load(bytes: [UInt8], location: VectorFileLocation, parser: JSONParser = JSONParser())
    -> Result<SuiteDeclaration, LoadFailure>
  {
    func failure(_ reason: String, suite: String? = nil) -> Result<SuiteDeclaration, LoadFailure> {
      .failure(LoadFailure(location: location, suite: suite, reason: "suite declaration: \(reason)"))
    }
    let document: JSONValue
    do {
      document = try parser.parse(bytes)
    } catch {
      return failure("invalid JSON: \(error)")
    }
    do {
      return .success(try decode(document, location: location))
    } catch {
      return failure(error.description)
    }
  }

  static let keys = ["format", "suite", "description", "source", "errors", "context"]

  /// Decodes a parsed declaration found at `location` (whose file name must be `NAME.suite.json`).
  public static func decode(_ document: JSONValue, location: VectorFileLocation) throws(VectorFileError)
    -> SuiteDeclaration
  {
    guard case .object(let top) = document else {
      throw VectorFileError(location: "", reason: "the top level must be an object, found \(document.typeName)")
    }
    for member in top.members where !keys.contains(where: { utf8Equal($0, member.key) }) {
      throw VectorFileError(
        location: "",
        reason:
          "unknown key \(quote(member.key))\(suggestion(for: member.key, among: keys)) (allowed: \(keys.map(quote).joined(separator: ", ")))"
      )
    }
    let format = try string("format", in: top, required: true)!
    guard format == Self.format else {
      throw VectorFileError(
        location: "format", reason: "unsupported format \(quote(format)), expected \(quote(Self.format))")
    }
    let suite = try string("suite", in: top, required: true)!
    try checkName(suite, location: location)
    let description = try string("description", in: top, required: true)!
    let source = try string("source", in: top, required: false)
    guard let errorsValue = top["errors"] else {
      throw VectorFileError(location: "", reason: "missing required key \"errors\"")
    }
    let errors = try decodeErrors(errorsValue)
    let context = try top["context"].map(decodeContext) ?? []
    return SuiteDeclaration(
      suite: suite, description: description, source: source, errors: errors, context: context, location: location,
      rulesDigest: CorpusManifest.rulesDigest(errors: errorsValue, context: top["context"]))
  }

  /// The string at `key` of the declaration; `nil` when it is not there and not `required`.
  private static func string(_ key: String, in top: JSONObject, required: Bool) throws(VectorFileError) -> String? {
    guard let value = top[key] else {
      if required { throw VectorFileError(location: "", reason: "missing required key \(quote(key))") }
      return nil
    }
    guard case .string(let text) = value else {
      throw VectorFileError(location: key, reason: "must be a string, found \(value.typeName)")
    }
    return text
  }

  /// An own suite's name: well formed, not a contract suite's, without a vendor's prefix, and the
  /// name of its file.
  private static func checkName(_ suite: String, location: VectorFileLocation) throws(VectorFileError) {
    guard isValidName(suite) else {
      throw VectorFileError(
        location: "suite",
        reason:
          "\(quote(suite)) is not a suite name (lower-case letters and digits, parts joined by \".\" and words by \"-\", e.g. \"acme.coupon\")"
      )
    }
    if Contract.suites.contains(suite) {
      throw VectorFileError(
        location: "suite",
        reason:
          "\(quote(suite)) is a suite of the contract, which its vector files already use: an own suite needs a name of its own (e.g. \"acme.\(suite.split(separator: ".").last ?? "")\")"
      )
    }
    if let prefix = vendorPrefixes.first(where: { suite.hasPrefix($0) }) {
      throw VectorFileError(
        location: "suite",
        reason:
          "\(quote(suite)) uses the vendor prefix \(quote(prefix)), which is reserved for the contract's suites: name an own suite after your team or app (e.g. \"acme.\(suite.dropFirst(prefix.count))\")"
      )
    }
    let name = location.path.split(separator: "/").last.map(String.init) ?? location.path
    guard name == suite + CorpusListing.declarationSuffix else {
      throw VectorFileError(
        location: "suite",
        reason:
          "declares suite \(quote(suite)), so the file must be named \(suite)\(CorpusListing.declarationSuffix), not \(name)"
      )
    }
  }

  /// `errors`: each code with the fields it may name, in file order.
  private static func decodeErrors(_ errorsValue: JSONValue) throws(VectorFileError) -> [(
    code: String, fields: [String]
  )] {
    guard case .object(let errorObject) = errorsValue else {
      throw VectorFileError(
        location: "errors",
        reason: "must be an object of error codes, each with its fields, found \(errorsValue.typeName)")
    }
    var errors: [(code: String, fields: [String])] = []
    for member in errorObject.members {
      let place = "errors[\(quote(member.key))]"
      guard !member.key.isEmpty else { throw VectorFileError(location: place, reason: "an error code cannot be empty") }
      guard case .array(let values) = member.value else {
        throw VectorFileError(
          location: place,
          reason: "must be an array of the field names this code may give ([] for none), found \(member.value.typeName)"
        )
      }
      var fields: [String] = []
      for (index, value) in values.enumerated() {
        guard case .string(let field) = value else {
          throw VectorFileError(location: "\(place)[\(index)]", reason: "must be a string, found \(value.typeName)")
        }
        guard !fields.contains(where: { utf8Equal($0, field) }) else {
          throw VectorFileError(location: "\(place)[\(index)]", reason: "field \(quote(field)) is listed twice")
        }
        fields.append(field)
      }
      errors.append((member.key, fields))
    }
    return errors
  }

  /// `context`: each key with its type, in file order.
  private static func decodeContext(_ contextValue: JSONValue) throws(VectorFileError) -> [(
    key: String, type: ContextType
  )] {
    guard case .object(let contextObject) = contextValue else {
      throw VectorFileError(
        location: "context",
        reason: "must be an object of context keys and their types, found \(contextValue.typeName)")
    }
    var context: [(key: String, type: ContextType)] = []
    for member in contextObject.members {
      let names = ContextType.allCases.map(\.rawValue)
      guard case .string(let text) = member.value, let type = ContextType(rawValue: text) else {
        let shown = JSONSerializer.compact.string(from: member.value)
        throw VectorFileError(
          location: "context[\(quote(member.key))]",
          reason:
            "\(shown) is not a type\(member.value.stringValue.map { suggestion(for: $0, among: names) } ?? ""); types: \(names.joined(separator: ", "))"
        )
      }
      context.append((member.key, type))
    }
    return context
  }

  // MARK: Checking vectors against the declaration

  /// The first problem of one test against the declaration: a context key not declared or of
  /// another type, a reject's code not declared, or a field the code does not give.
  func problem(with test: VectorTest, fileContext: JSONObject, location: String) -> VectorFileError? {
    let file = location.isEmpty ? "" : location
    for member in test.context.members {
      let fromFile = fileContext[member.key].map { $0 == member.value } ?? false
      let place = fromFile ? "context.\(member.key)" : "\(file).context.\(member.key)"
      guard let declared = context.first(where: { utf8Equal($0.key, member.key) }) else {
        let keys = context.map(\.key)
        return VectorFileError(
          location: place,
          reason: keys.isEmpty
            ? "suite \(suite) declares no context (\(declarationName)), found key \(quote(member.key))"
            : "\(quote(member.key)) is not a context key of \(suite)\(suggestion(for: member.key, among: keys)); its keys: \(keys.joined(separator: ", ")) (\(declarationName))"
        )
      }
      if !declared.type.admits(member.value) {
        return VectorFileError(
          location: place,
          reason:
            "context key \(quote(member.key)) of \(suite) is a \(declared.type.rawValue), found \(member.value.typeName) (\(declarationName))"
        )
      }
    }
    guard case .reject(let code, let field) = test.expectation else { return nil }
    if let code {
      guard let declared = errors.first(where: { utf8Equal($0.code, code) }) else {
        return VectorFileError(
          location: "\(file).expect.error",
          reason:
            "\(quote(code)) is not an error code of \(suite)\(suggestion(for: code, among: codes)); its codes: \(codes.joined(separator: ", ")) (\(declarationName))"
        )
      }
      if let field, !declared.fields.contains(where: { utf8Equal($0, field) }) {
        return VectorFileError(
          location: "\(file).expect.field",
          reason: declared.fields.isEmpty
            ? "error \(quote(code)) of \(suite) names no field, found \(quote(field)) (\(declarationName))"
            : "\(quote(field)) is not a field of error \(quote(code)) of \(suite)\(suggestion(for: field, among: declared.fields)); its fields: \(declared.fields.joined(separator: ", ")) (\(declarationName))"
        )
      }
    } else if let field {
      let all = errors.flatMap(\.fields)
      if !all.contains(where: { utf8Equal($0, field) }) {
        return VectorFileError(
          location: "\(file).expect.field",
          reason: "\(quote(field)) is not a field any error of \(suite) names (\(declarationName))")
      }
    }
    return nil
  }

  var declarationName: String { location.displayPath }
}

/// The suites a run's roots declare, and the declarations that failed to load.
public struct DeclaredSuites: Sendable {
  public var declarations: [String: SuiteDeclaration] = [:]
  /// Each a location whose ``VectorFileLocation/problem`` is why: loading it is that load error.
  public var failures: [VectorFileLocation] = []

  public init() {}

  /// Own suite names in the order their declarations were found.
  public var names: [String] = []

  /// Reads every declaration of the listings; a second declaration of one suite is a failure
  /// naming the first.
  public static func load(_ listings: [CorpusListing], loader: VectorLoader) -> DeclaredSuites {
    var found = DeclaredSuites()
    for listing in listings {
      for location in listing.declarations {
        let result = loader.read(location).flatMap { bytes in
          SuiteDeclaration.load(bytes: bytes, location: location, parser: loader.parser)
        }
        switch result {
        case .failure(let failure):
          var failed = location
          failed.problem = failure.reason
          found.failures.append(failed)
        case .success(let declaration):
          if let earlier = found.declarations[declaration.suite] {
            var failed = location
            failed.problem =
              "suite declaration: suite \(quote(declaration.suite)) is already declared by \(earlier.location.displayPath)"
            found.failures.append(failed)
            continue
          }
          found.declarations[declaration.suite] = declaration
          found.names.append(declaration.suite)
        }
      }
    }
    return found
  }
}
