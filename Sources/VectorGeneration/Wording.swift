import ConformanceJSON

/// Words that descriptions build from names, so that a generated description reads as written by
/// hand: "an array", "a boolean", "null" (never "a array" or "a null").
enum Wording {
  /// A kind of JSON value as a description names it: `null`, `true` and `false` alone (each is
  /// one value), any other kind after "a" or "an" ("an object", "a number").
  static func kind(_ name: String) -> String {
    if ["null", "true", "false"].contains(name) { return name }
    return (["a", "e", "i", "o", "u"].contains(name.prefix(1)) ? "an " : "a ") + name
  }

  /// `value` with its kind, as a description quotes it: "the JSON string \"1\"", "the JSON
  /// array [\"2\"]", but "null" alone (never "the JSON null null").
  static func quoted(_ value: JSONValue) -> String {
    if case .null = value { return "null" }
    return "the JSON \(value.typeName) \(JSONSerializer.compact.string(from: value))"
  }
}
