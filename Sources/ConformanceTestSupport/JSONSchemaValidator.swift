import ConformanceJSON

/// A small JSON Schema (2020-12) validator for the schemas this project ships, so tests can
/// prove a schema and the code that reads the same format agree.
///
/// Supports the keywords those schemas use: `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `items`, `minItems`, `minLength`, `maxLength` (in scalars),
/// `pattern` (ECMA-style, searched anywhere unless anchored), `minimum`, `maximum`, `$ref` to
/// `#/$defs/NAME`, `oneOf`, `anyOf`, `allOf`, `not`. An unknown keyword is reported as an error,
/// so a schema cannot silently rely on something this validator ignores.
public struct JSONSchemaValidator: Sendable {
  public let schema: JSONValue

  static let annotations: Set<String> = [
    "$schema", "$id", "$comment", "title", "description", "examples", "default", "$defs",
  ]

  public init(schema: JSONValue) {
    self.schema = schema
  }

  /// Problems found, each as `PATH: reason`; empty when `value` is valid.
  public func validate(_ value: JSONValue) -> [String] {
    var problems: [String] = []
    check(value, against: schema, path: "$", problems: &problems)
    return problems
  }

  private func check(_ value: JSONValue, against schema: JSONValue, path: String, problems: inout [String]) {
    if case .bool(let allowed) = schema {
      if !allowed { problems.append("\(path): not allowed here") }
      return
    }
    guard case .object(let keywords) = schema else {
      problems.append("\(path): schema is not an object")
      return
    }
    for member in keywords.members {
      let keyword = member.value
      switch member.key {
      case let key where Self.annotations.contains(key):
        continue
      case "$ref":
        guard let target = resolve(keyword.stringValue ?? "") else {
          problems.append("\(path): cannot resolve $ref \(keyword)")
          continue
        }
        check(value, against: target, path: path, problems: &problems)
      case "type":
        let types = keyword.arrayValue?.compactMap(\.stringValue) ?? [keyword.stringValue ?? ""]
        if !types.contains(where: { matchesType(value, $0) }) {
          problems.append("\(path): expected \(types.joined(separator: " or ")), found \(value.typeName)")
        }
      case "enum":
        if !(keyword.arrayValue ?? []).contains(value) {
          problems.append("\(path): \(render(value)) is not one of \(render(keyword))")
        }
      case "const":
        if value != keyword { problems.append("\(path): expected \(render(keyword)), found \(render(value))") }
      case "properties":
        guard case .object(let object) = value, case .object(let properties) = keyword else { continue }
        for property in properties.members {
          if let child = object[property.key] {
            check(child, against: property.value, path: "\(path).\(property.key)", problems: &problems)
          }
        }
      case "required":
        guard case .object(let object) = value else { continue }
        for key in keyword.arrayValue?.compactMap(\.stringValue) ?? [] where !object.contains(key) {
          problems.append("\(path): missing required key \"\(key)\"")
        }
      case "additionalProperties":
        guard case .object(let object) = value else { continue }
        let declared = keywords["properties"]?.objectValue
        for member in object.members where declared?[member.key] == nil {
          check(member.value, against: keyword, path: "\(path).\(member.key)", problems: &problems)
        }
      case "items":
        guard case .array(let elements) = value else { continue }
        for (index, element) in elements.enumerated() {
          check(element, against: keyword, path: "\(path)[\(index)]", problems: &problems)
        }
      case "minItems":
        if case .array(let elements) = value, elements.count < (keyword.numberValue?.intValue ?? 0) {
          problems.append("\(path): fewer than \(keyword) items")
        }
      case "minLength", "maxLength":
        guard case .string(let text) = value, let limit = keyword.numberValue?.intValue else { continue }
        let length = text.unicodeScalars.count
        if member.key == "minLength" ? length < limit : length > limit {
          problems.append("\(path): length \(length) breaks \(member.key) \(limit)")
        }
      case "pattern":
        guard case .string(let text) = value, let pattern = keyword.stringValue else { continue }
        if !matches(text, pattern: pattern) { problems.append("\(path): \(render(value)) does not match \(pattern)") }
      case "minimum", "maximum":
        guard case .number(let number) = value, let limit = keyword.numberValue else { continue }
        let broken = member.key == "minimum" ? number.decimal < limit.decimal : limit.decimal < number.decimal
        if broken { problems.append("\(path): \(number) breaks \(member.key) \(limit)") }
      case "oneOf", "anyOf":
        let branches = keyword.arrayValue ?? []
        let passing = branches.filter { branch in
          var inner: [String] = []
          check(value, against: branch, path: path, problems: &inner)
          return inner.isEmpty
        }.count
        if member.key == "oneOf" ? passing != 1 : passing == 0 {
          problems.append("\(path): matches \(passing) of the \(member.key) branches")
        }
      case "allOf":
        for branch in keyword.arrayValue ?? [] { check(value, against: branch, path: path, problems: &problems) }
      case "not":
        var inner: [String] = []
        check(value, against: keyword, path: path, problems: &inner)
        if inner.isEmpty { problems.append("\(path): matches a schema it must not match") }
      default:
        problems.append("\(path): unsupported schema keyword \(member.key)")
      }
    }
  }

  private func resolve(_ reference: String) -> JSONValue? {
    let prefix = "#/$defs/"
    guard reference.hasPrefix(prefix) else { return nil }
    return schema.objectValue?["$defs"]?.objectValue?[String(reference.dropFirst(prefix.count))]
  }

  private func matchesType(_ value: JSONValue, _ type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
      ("array", .array), ("object", .object):
      return true
    case ("integer", .number(let number)): return number.isIntegral
    default: return false
    }
  }

  /// ECMA-262 `pattern` semantics: a search, anchored only by `^`/`$`, and `$` matches only at
  /// the very end (no trailing-newline allowance, unlike some engines).
  private func matches(_ text: String, pattern: String) -> Bool {
    guard let regex = try? Regex(pattern) else { return false }
    guard let match = try? regex.firstMatch(in: text) else { return false }
    if pattern.hasSuffix("$") { return match.range.upperBound == text.endIndex }
    return true
  }

  private func render(_ value: JSONValue) -> String {
    JSONSerializer.compact.string(from: value)
  }
}
