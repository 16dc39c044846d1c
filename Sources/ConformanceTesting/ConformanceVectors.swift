import ConformanceJSON
import ConformanceKit

/// Loads vectors for in-process checks, with the same strict loader as `conformance run`.
public enum ConformanceVectors {
  /// The corpus shipped with this package: its `Vectors/` folder, found from this source file's
  /// place in the package (a path dependency's folder, or SwiftPM's checkout of a URL one).
  public static let shippedRoot: String = {
    var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    // …/Sources/ConformanceTesting/ConformanceVectors.swift → …/Vectors
    components.removeLast(3)
    return components.joined(separator: "/") + "/Vectors"
  }()

  /// Every test of `suite` under `root`, in file order (files sorted by path, tests as written).
  ///
  /// Throws when the root cannot be searched, a file of the suite (or one whose suite cannot be
  /// read) fails to load, an id is used twice in the suite, or the suite has no test at all, so
  /// a parameterized test never passes on an empty or partly read corpus.
  public static func load(suite: String, root: String = shippedRoot) throws(VectorLoadError)
    -> [ConformanceVector]
  {
    try checkKnown(suite)
    return try vectors(suite: suite, of: LoadedRoot.load(root), root: root)
  }

  /// Throws unless `suite` is one of the contract's suites.
  static func checkKnown(_ suite: String) throws(VectorLoadError) {
    guard Contract.suites.contains(suite) else {
      throw VectorLoadError(
        description: "unknown suite \"\(suite)\"; the suites are \(Contract.suites.joined(separator: ", "))")
    }
  }

  /// Every test of `suite` among the files of `loaded` (`root` read), as ``load(suite:root:)``
  /// gives them.
  static func vectors(suite: String, of loaded: LoadedRoot, root: String) throws(VectorLoadError)
    -> [ConformanceVector]
  {
    var vectors: [ConformanceVector] = []
    var owners: [String: String] = [:]
    for result in loaded.files {
      let file: VectorFile
      switch result {
      case .failure(let failure):
        // A file whose suite could not be read may be this suite's: never skip it silently.
        guard failure.suite == nil || failure.suite == suite else { continue }
        throw VectorLoadError(description: failure.description)
      case .success(let loaded):
        file = loaded
      }
      guard file.suite == suite else { continue }
      for test in file.tests {
        if let other = owners[test.id] {
          throw VectorLoadError(
            description: "\(file.displayPath): " + duplicateIDMessage(id: test.id, suite: suite, owner: other))
        }
        owners[test.id] = file.displayPath
        vectors.append(
          ConformanceVector(
            suite: suite, id: test.id, file: file.displayPath, path: file.path, summary: test.description,
            tags: test.tags,
            input: test.input, context: test.context, expectation: test.expectation))
      }
    }
    guard !vectors.isEmpty else {
      throw VectorLoadError(description: "\(root): no vectors of suite \(suite)")
    }
    return vectors
  }
}

/// Why vectors could not be loaded: the file and the problem.
public struct VectorLoadError: Error, Sendable, CustomStringConvertible {
  public var description: String

  public init(description: String) {
    self.description = description
  }
}
