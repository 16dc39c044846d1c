import ConformanceJSON

/// Compares an implementation's outcome with a test's expectation (docs/vector-format.md): output
/// by JSON value when given, error and field each when given.
public enum Comparison {
  /// `nil` when the outcome meets the expectation; otherwise what differs, in words.
  public static func difference(expected: Expectation, actual: Outcome) -> String? {
    switch (expected, actual) {
    case (.accept(let output), .accept(let actualOutput)):
      guard let output else { return nil }
      return jsonDifference(expected: output, actual: actualOutput, path: "output")
    case (.reject(let error, let field), .reject(let actualError, let actualField)):
      // Codes and fields compare byte for byte: Swift's `!=` would equate NFC and NFD spellings.
      if let error, !utf8Equal(error, actualError) {
        return "error: expected \(render(.string(error))), got \(render(.string(actualError)))"
      }
      if let field, !sameBytes(field, actualField) {
        let got = actualField.map { render(.string($0)) } ?? "no field"
        return "field: expected \(render(.string(field))), got \(got)"
      }
      return nil
    case (.accept, .reject(let error, _)):
      return "result: expected accept, got reject with error \(render(.string(error)))"
    case (.reject, .accept):
      return "result: expected reject, got accept"
    }
  }

  /// The first place where two JSON values differ, as `at output.target.slug: expected "a", got "b"`.
  public static func jsonDifference(expected: JSONValue, actual: JSONValue, path: String) -> String? {
    switch (expected, actual) {
    case (.object(let a), .object(let b)):
      for key in a.keysInByteOrder {
        let childPath = "\(path)\(pathComponent(key))"
        guard let other = b[key] else {
          return "at \(childPath): expected \(LongValue.shown(render(a[key]!))), key missing"
        }
        if let difference = jsonDifference(expected: a[key]!, actual: other, path: childPath) {
          return difference
        }
      }
      for key in b.keysInByteOrder where a[key] == nil {
        return "at \(path)\(pathComponent(key)): unexpected key with \(LongValue.shown(render(b[key]!)))"
      }
      return nil
    case (.array(let a), .array(let b)):
      for index in 0..<min(a.count, b.count) {
        if let difference = jsonDifference(expected: a[index], actual: b[index], path: "\(path)[\(index)]") {
          return difference
        }
      }
      if a.count != b.count {
        return "at \(path): expected \(a.count) elements, got \(b.count)"
      }
      return nil
    default:
      guard expected != actual else { return nil }
      let (expectedText, actualText) = (render(expected), render(actual))
      guard LongValue.isLong(expectedText) || LongValue.isLong(actualText) else {
        return "at \(path): expected \(expectedText), got \(actualText)"
      }
      // Long values (a 4,096-character token): a window of each around the first difference.
      let at = LongValue.firstDifference(expectedText, actualText) ?? 0
      return
        "at \(path): expected \(LongValue.window(expectedText, at: at)), got \(LongValue.window(actualText, at: at)) "
        + "(\(LongValue.grouped(LongValue.length(expectedText))) and \(LongValue.grouped(LongValue.length(actualText))) "
        + "characters of JSON, first difference at character \(LongValue.grouped(at + 1)))"
    }
  }

  static func pathComponent(_ key: String) -> String {
    let simple =
      !key.isEmpty
      && key.utf8.allSatisfy {
        Contract.isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "_")
      }
    return simple ? ".\(key)" : "[\(render(.string(key)))]"
  }

  static func render(_ value: JSONValue) -> String {
    JSONSerializer.compact.string(from: value)
  }
}
