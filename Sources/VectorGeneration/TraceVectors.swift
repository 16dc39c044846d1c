import ConformanceJSON

// Shared helpers for the vectors of trace suites (docs/suites/traces.md): building step objects,
// every `invalid_step` shape a suite's step table allows, `not_an_array` inputs, and long traces.
// A generator states its suite's steps once as a ``TraceStepShapes`` table, written from the
// suite's contract (never read from the reference parser), and derives the shape vectors from it.

/// A JSON type a step argument may have, as the generator states it.
public enum TraceArgumentType: Sendable, Equatable {
  case null, bool, number, string, array, object, any

  /// A value of each JSON type, with an id-safe name, for wrong-type vectors.
  /// The type as a description names it ("an array", "null").
  var phrase: String {
    switch self {
    case .bool: Wording.kind("boolean")
    case .any: "any value"
    default: Wording.kind("\(self)")
    }
  }

  static let samples: [(type: TraceArgumentType, name: String, value: JSONValue)] = [
    (.null, "null", .null), (.bool, "bool", true), (.number, "number", 1), (.string, "string", "x"),
    (.array, "array", []), (.object, "object", .object([:])),
  ]
}

/// One argument of a step: key, JSON types, whether it may be left out, a valid value, and values
/// of an allowed type that the step does not list (each `invalid_step`).
public struct TraceArgumentShape: Sendable {
  public let name: String
  public let types: [TraceArgumentType]
  public let isOptional: Bool
  /// A value the step accepts, used to build valid steps.
  public let sample: JSONValue
  /// Values of an allowed type outside those the step lists, with id-safe names and why.
  public let outside: [(name: String, value: JSONValue, why: String)]

  public init(
    _ name: String, _ types: [TraceArgumentType], sample: JSONValue, optional: Bool = false,
    outside: [(name: String, value: JSONValue, why: String)] = []
  ) {
    self.name = name
    self.types = types
    self.isOptional = optional
    self.sample = sample
    self.outside = outside
  }
}

/// One step of a trace suite: its name and arguments.
public struct TraceStepShape: Sendable {
  public let name: String
  public let arguments: [TraceArgumentShape]

  public init(_ name: String, _ arguments: [TraceArgumentShape] = []) {
    self.name = name
    self.arguments = arguments
  }
}

/// An item that the shape check rejects, with an id-safe name and a description.
public struct InvalidTraceItem: Sendable {
  public let id: String
  public let description: String
  public let item: JSONValue
  /// Extra tags beyond `invalid` (for example `integration-mistake`, `unicode`).
  public let tags: [String]

  public init(id: String, description: String, item: JSONValue, tags: [String] = []) {
    self.id = id
    self.description = description
    self.item = item
    self.tags = tags
  }
}

/// A suite's step table, as its generator states it from the contract.
public struct TraceStepShapes: Sendable {
  public let steps: [TraceStepShape]

  public init(_ steps: [TraceStepShape]) {
    self.steps = steps
  }

  /// The step object `{"step": name, ...arguments}` in the order given.
  public static func step(_ name: String, _ arguments: [(String, JSONValue)] = []) -> JSONValue {
    var members = [JSONObject.Member(key: "step", value: .string(name))]
    for (key, value) in arguments { members.append(JSONObject.Member(key: key, value: value)) }
    return .object(JSONObject(members))
  }

  func shape(_ name: String) -> TraceStepShape {
    guard let shape = steps.first(where: { $0.name == name }) else {
      preconditionFailure("no step \(name) in the generator's table")
    }
    return shape
  }

  /// A valid step of `name` with every required argument at its sample value.
  public func sample(_ name: String, including optional: Bool = false) -> JSONValue {
    let shape = shape(name)
    return Self.step(
      name, shape.arguments.filter { !$0.isOptional || optional }.map { ($0.name, $0.sample) })
  }

  /// Inputs that are not arrays (`not_an_array`), with id-safe names.
  public static let notArrays: [(name: String, description: String, value: JSONValue)] = [
    ("null", "null is not a trace", .null),
    ("true", "a boolean is not a trace", true),
    ("number", "a number is not a trace", 0),
    ("string", "a string is not a trace", "identify"),
    ("string-json", "a trace serialised as a JSON string is not an array", "[{\"step\":\"logout\"}]"),
    ("object-empty", "an empty object is not a trace", .object([:])),
    ("object-step", "a single step object is not a trace (it must be wrapped in an array)", ["step": "logout"]),
    ("object-steps", "an object holding the steps under a key is not a trace", ["steps": []]),
  ]

  /// Every item the shape check rejects on its own: items that are not objects, a missing,
  /// non-string or unknown `step`, and for each step every missing argument, wrong JSON type,
  /// value outside those listed, and extra key. Each is `invalid_step` wherever it stands.
  public func invalidItems() -> [InvalidTraceItem] {
    var items: [InvalidTraceItem] = []
    func add(_ id: String, _ description: String, _ item: JSONValue, _ tags: [String] = []) {
      items.append(InvalidTraceItem(id: id, description: description, item: item, tags: tags))
    }
    let first = steps[0].name
    add("item.null", "a null item is not a step object", .null)
    add("item.bool", "a boolean item is not a step object", false)
    add("item.number", "a number item is not a step object", 0)
    add("item.string", "a bare step name is not a step object", .string(first), ["integration-mistake"])
    add("item.array", "an array item is not a step object", [Self.step(first)])
    add("item.object-empty", "an object without step is not a step", .object([:]))
    add("step.missing", "an object with arguments but no step key", ["name": .string(first)])
    add("step.null", "step null is not a step name", ["step": .null])
    add("step.number", "step 1 is not a step name", ["step": 1])
    add("step.array", "step as an array is not a step name", ["step": [.string(first)]])
    add("step.empty", "the empty string names no step", ["step": ""])
    add("step.unknown", "a name the suite does not have", ["step": "unknown_step"])
    for shape in steps {
      let name = shape.name
      let required = shape.arguments.filter { !$0.isOptional }.map { ($0.name, $0.sample) }
      let upper = name.uppercased()
      if upper != name {
        add("\(name).name-upper", "step names are case-sensitive: \(upper) is not \(name)", Self.step(upper, required))
      }
      add(
        "\(name).name-trailing-space", "step names are not trimmed: '\(name) ' is not \(name)",
        Self.step(name + " ", required))
      add(
        "\(name).name-trailing-newline", "a trailing newline is part of the step name: '\(name)\\n' is not \(name)",
        Self.step(name + "\n", required))
      let camel = Self.camelCase(name)
      if camel != name {
        add(
          "\(name).name-camel-case", "the SDK's method spelling \(camel) is not the step name \(name)",
          Self.step(camel, required), ["integration-mistake"])
      }
      add(
        "\(name).extra-key", "\(name) with a key it does not have", Self.step(name, required + [("extra", true)]))
      add(
        "\(name).extra-key-null", "\(name) with a null extra key: still another key",
        Self.step(name, required + [("note", .null)]))
      for argument in shape.arguments {
        let others = required.filter { $0.0 != argument.name }
        if !argument.isOptional {
          add("\(name).\(argument.name).missing", "\(name) without its \(argument.name)", Self.step(name, others))
        }
        for sample in TraceArgumentType.samples
        where !argument.types.contains(.any) && !argument.types.contains(sample.type) {
          add(
            "\(name).\(argument.name).type-\(sample.name)",
            "\(name)'s \(argument.name) given as \(sample.type.phrase), not \(Self.typeList(argument.types))",
            Self.step(name, others + [(argument.name, sample.value)]))
        }
        for outside in argument.outside {
          add(
            "\(name).\(argument.name).outside-\(outside.name)", outside.why,
            Self.step(name, others + [(argument.name, outside.value)]))
        }
        let spelling = Self.camelCase(argument.name)
        if spelling != argument.name {
          add(
            "\(name).\(argument.name).key-camel-case",
            "\(spelling) is another key than \(argument.name): the argument is missing or extra",
            Self.step(name, others + [(spelling, argument.sample)]), ["integration-mistake"])
        }
      }
    }
    return items
  }

  /// `snake_case` as camelCase (`begin_update` → `beginUpdate`).
  static func camelCase(_ name: String) -> String {
    let parts = name.split(separator: "_", omittingEmptySubsequences: false)
    guard let head = parts.first else { return name }
    return String(head) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  static func typeList(_ types: [TraceArgumentType]) -> String {
    types.map(\.phrase).joined(separator: " or ")
  }

  /// `count` steps made by repeating `pattern` (cut at `count`).
  public static func repeated(_ pattern: [JSONValue], count: Int) -> [JSONValue] {
    precondition(!pattern.isEmpty, "an empty pattern")
    return (0..<count).map { pattern[$0 % pattern.count] }
  }
}

extension VectorFileBuilder {
  /// Adds every ``TraceStepShapes/notArrays`` input: `not_an_array`.
  public mutating func addNotArrays(idPrefix: String = "not-an-array") {
    for item in TraceStepShapes.notArrays {
      add(
        id: "\(idPrefix).\(item.name)", description: item.description, tags: ["invalid"], input: item.value,
        expect: .reject("not_an_array"))
    }
  }

  /// Adds each invalid item twice: alone (`invalid_step` field `"0"`) and after `prefix` (field
  /// the prefix's length, as a decimal string).
  public mutating func addInvalidItems(
    _ items: [InvalidTraceItem], after prefix: [JSONValue], idPrefix: String = "invalid-step"
  ) {
    let position = String(prefix.count)
    for item in items {
      add(
        id: "\(idPrefix).\(item.id).first", description: item.description + " (the first step)",
        tags: ["invalid"] + item.tags, input: .array([item.item]), expect: .reject("invalid_step", field: "0"))
      add(
        id: "\(idPrefix).\(item.id).at-\(position)",
        description: item.description + " (step \(position), after valid steps: field \(position))",
        tags: ["invalid"] + item.tags, input: .array(prefix + [item.item]),
        expect: .reject("invalid_step", field: position))
    }
  }
}
