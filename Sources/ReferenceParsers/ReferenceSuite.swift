import ConformanceJSON
import ConformanceKit

/// One suite of the contract, implemented as the reference parser: an extension of the suite's
/// type (``ContractSuite``) in the file of the same name, `Sources/ReferenceParsers/<Type>.swift`.
public protocol ReferenceSuite: ContractSuite {
  /// Applies the suite's checks in the contract's order: the first failing check is the
  /// rejection; otherwise the accepted output. Throws ``ContextError`` when the context lacks
  /// what the suite needs (a mistake in the vector file, not in the input).
  func evaluate(_ input: JSONValue, context: JSONObject) throws(ContextError) -> Outcome
}

/// A context the suite cannot use, with the key concerned.
public struct ContextError: Error, Sendable, Equatable, CustomStringConvertible {
  public var key: String
  public var reason: String

  public init(key: String, reason: String) {
    self.key = key
    self.reason = reason
  }

  public var description: String { "context \(key): \(reason)" }
}

/// The built-in implementation: every suite's reference parser.
public struct ReferenceImplementation: Implementation {
  public let name = "reference"

  /// The reference has a parser for every suite of the contract and none for a team's own.
  public func unsupportedReason(suite: String) -> String { "the reference has no parser for suite \(suite)" }

  /// The parsers, one per suite name (a later one of the same name replaces an earlier), found
  /// by comparing the names' bytes: asked once per test, hashing the name for a dictionary cost
  /// more than a scan of a few dozen names (``utf8Equal(_:_:)`` compares the lengths first, and
  /// recognises the one string a file's tests share).
  private let names: [String]
  private let parsers: [any ReferenceSuite]

  public init(suites: [any ReferenceSuite] = ReferenceImplementation.allSuites) {
    var names: [String] = []
    var parsers: [any ReferenceSuite] = []
    for suite in suites {
      if let index = names.firstIndex(where: { utf8Equal($0, suite.name) }) {
        parsers[index] = suite
      } else {
        names.append(suite.name)
        parsers.append(suite)
      }
    }
    self.names = names
    self.parsers = parsers
  }

  private func index(of suite: String) -> Int? {
    names.firstIndex { utf8Equal($0, suite) }
  }

  /// The reference parser of every suite of the contract, in its order: each suite's type is a
  /// ``ReferenceSuite`` through the extension in its file.
  public static let allSuites: [any ReferenceSuite] = Contract.suiteTypes.compactMap { suite in
    (suite as? any ReferenceSuite.Type)?.init()
  }

  public func supports(suite: String) -> Bool { index(of: suite) != nil }

  public func evaluate(suite: String, input: JSONValue, context: JSONObject) throws -> Outcome {
    guard let index = index(of: suite) else {
      throw ContextError(key: "suite", reason: "no reference parser for \(suite)")
    }
    return try parsers[index].evaluate(input, context: context)
  }
}

extension Outcome {
  /// Shorthand for a rejection in the suites.
  static func reject(_ error: String, field: String? = nil) -> Outcome {
    .reject(error: error, field: field)
  }
}
