import ConformanceJSON

/// Finds where an expectation and an outcome first differ, and renders each as JSON text split
/// around that place, so a report can highlight it.
///
/// It walks the two values the way ``ConformanceKit/Comparison`` compares them: `result` first,
/// then each other key the expectation gives (keys the expectation leaves out are not compared),
/// and inside `output` every key in byte order, then the keys only the outcome has.
struct DifferenceHighlight: Sendable {
  enum Step: Sendable {
    case key(String)
    case index(Int)

    func matches(_ other: Step) -> Bool {
      switch (self, other) {
      case (.key(let a), .key(let b)): return a.utf8.elementsEqual(b.utf8)
      case (.index(let a), .index(let b)): return a == b
      default: return false
      }
    }
  }

  /// JSON text in three parts: before the highlighted value, the value, after it.
  struct Parts: Sendable, Equatable {
    var before: String
    var marked: String
    var after: String

    var whole: String { before + marked + after }
  }

  /// Paths of the differing values in each; `nil` when they do not differ.
  static func locate(expected: JSONValue, actual: JSONValue) -> (expected: [Step], actual: [Step])? {
    guard case .object(let expect) = expected, case .object(let outcome) = actual else {
      return differenceInside(expected, actual, path: [])
    }
    let isResult = { (key: String) in key.utf8.elementsEqual("result".utf8) }
    let keys = expect.keysInByteOrder.filter(isResult) + expect.keysInByteOrder.filter { !isResult($0) }
    for key in keys {
      guard let other = outcome[key] else { return ([.key(key)], []) }
      if let found = differenceInside(expect[key]!, other, path: [.key(key)]) { return found }
    }
    return nil
  }

  private static func differenceInside(_ a: JSONValue, _ b: JSONValue, path: [Step]) -> (
    expected: [Step], actual: [Step]
  )? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      for key in x.keysInByteOrder {
        guard let other = y[key] else { return (path + [.key(key)], path) }
        if let found = differenceInside(x[key]!, other, path: path + [.key(key)]) { return found }
      }
      if let extra = y.keysInByteOrder.first(where: { x[$0] == nil }) { return (path, path + [.key(extra)]) }
      return nil
    case (.array(let x), .array(let y)):
      for index in 0..<min(x.count, y.count) {
        if let found = differenceInside(x[index], y[index], path: path + [.index(index)]) { return found }
      }
      return x.count == y.count ? nil : (path, path)
    default:
      return a == b ? nil : (path, path)
    }
  }

  /// `value` as JSON text (two-space indentation; containers that fit `width` stay on one
  /// line), split around the value at `path` (nothing marked when `path` is `nil`).
  static func render(_ value: JSONValue, marking path: [Step]?, width: Int = 72) -> Parts {
    var writer = Writer(target: path, width: width)
    writer.write(value, path: [], indent: 0)
    let bytes = Array(writer.output.utf8)
    guard let start = writer.markStart, let end = writer.markEnd else {
      return Parts(before: writer.output, marked: "", after: "")
    }
    return Parts(
      before: String(decoding: bytes[..<start], as: UTF8.self),
      marked: String(decoding: bytes[start..<end], as: UTF8.self),
      after: String(decoding: bytes[end...], as: UTF8.self))
  }

  private struct Writer {
    let target: [Step]?
    let width: Int
    var output = ""
    var markStart: Int?
    var markEnd: Int?

    init(target: [Step]?, width: Int) {
      self.target = target
      self.width = width
    }

    mutating func write(_ value: JSONValue, path: [Step], indent: Int) {
      let isTarget =
        target.map { $0.count == path.count && zip($0, path).allSatisfy { $0.matches($1) } } ?? false
      if isTarget { markStart = output.utf8.count }
      defer { if isTarget { markEnd = output.utf8.count } }
      let inline = JSONSerializer.compact.string(from: value)
      let fits = indent + inline.unicodeScalars.count <= width
      switch value {
      case .array(let elements) where !elements.isEmpty && !(fits && !containsTarget(below: path)):
        output += "[\n"
        for (index, element) in elements.enumerated() {
          output += String(repeating: " ", count: indent + 2)
          write(element, path: path + [.index(index)], indent: indent + 2)
          output += index + 1 < elements.count ? ",\n" : "\n"
        }
        output += String(repeating: " ", count: indent) + "]"
      case .object(let object) where !object.isEmpty && !(fits && !containsTarget(below: path)):
        output += "{\n"
        for (index, member) in object.members.enumerated() {
          output += String(repeating: " ", count: indent + 2)
          JSONSerializer.writeString(member.key, to: &output)
          output += ": "
          write(member.value, path: path + [.key(member.key)], indent: indent + 2)
          output += index + 1 < object.count ? ",\n" : "\n"
        }
        output += String(repeating: " ", count: indent) + "}"
      default:
        output += inline
      }
    }

    /// Whether the marked value lies strictly inside the value at `path`: then the container
    /// is written across lines so the mark covers exactly the differing value.
    func containsTarget(below path: [Step]) -> Bool {
      guard let target, target.count > path.count else { return false }
      return zip(target, path).allSatisfy { $0.matches($1) }
    }
  }
}
