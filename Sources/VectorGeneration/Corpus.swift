import ConformanceKit

/// A suite's vector generator: an extension of the suite's type (``ContractSuite``) in
/// `Sources/VectorGeneration/<Type>.swift`, with `<Type>+<Part>.swift` files for more.
protocol GeneratedSuite: ContractSuite {
  /// Every vector file of the suite, each under ``folder``.
  static func files() -> [GeneratedFile]
}

extension GeneratedSuite {
  /// The suite's folder under `Vectors/`: its name (`leeep.push.destination/`).
  static var folder: String { name }
}

/// Every generated vector file of the shipped corpus: the generators of the contract's suites,
/// found by their conformance over the contract's one list of suites.
public enum Corpus {
  public static func files() -> [GeneratedFile] {
    Contract.suiteTypes.flatMap { suite in (suite as? any GeneratedSuite.Type)?.files() ?? [] }
  }

  /// The contract's suites that have no generator here (empty in a complete build).
  public static var suitesWithoutGenerator: [String] {
    Contract.suiteTypes.filter { !($0 is any GeneratedSuite.Type) }.map { $0.name }
  }
}
