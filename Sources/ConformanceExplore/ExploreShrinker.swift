import ConformanceJSON

/// Reduces a case that shows a difference to a small one that still shows it.
///
/// Greedy passes to a fixed point, in the spirit of Hypothesis's shrinker: from the current
/// case it makes simpler candidates, biggest steps first — the explorer's own simplifications,
/// then keys, array items (a trace's steps) and characters removed, then strings, numbers and
/// context values made plainer — and keeps the first candidate `keeps` accepts (the caller
/// checks that the reference can use its context and that the difference is the same kind).
/// Then it starts again from the kept case, until no candidate is kept or `budget` candidates
/// were tried. Each candidate is strictly smaller or plainer than its case (an order on cases),
/// so the passes end.
package struct ExploreShrinker {
  /// Candidates tried at most, over all passes.
  package var budget: Int
  /// The suite's own simpler versions of a case (``SuiteExplorer/simplifications(of:)``).
  package var simplifications: (ExploreCase) -> [ExploreCase]

  package init(budget: Int = 2_000, simplifications: @escaping (ExploreCase) -> [ExploreCase] = { _ in [] }) {
    self.budget = budget
    self.simplifications = simplifications
  }

  /// What the passes reached, and how many candidates were tried and kept.
  package struct Outcome {
    package var minimal: ExploreCase
    package var tried: Int
    package var kept: Int
  }

  /// `start` shrunk while `keeps` holds; `shouldStop` ends the passes early (an interruption).
  package func shrink(
    _ start: ExploreCase, keeps: (ExploreCase) -> Bool, shouldStop: () -> Bool = { false }
  ) -> Outcome {
    var current = start
    var tried = 0
    var kept = 0
    var seen: Set<ExploreCase> = [start]
    passes: while tried < budget && !shouldStop() {
      for level in CandidateLevel.allCases {
        for candidate in candidates(of: current, level: level) {
          // A candidate tried once is never tried again (a step and its undo).
          guard seen.insert(candidate).inserted else { continue }
          guard tried < budget, !shouldStop() else { break passes }
          tried += 1
          if keeps(candidate) {
            current = candidate
            kept += 1
            continue passes
          }
        }
      }
      break
    }
    return Outcome(minimal: current, tried: tried, kept: kept)
  }

  /// How big a step a candidate is: each level is tried only when no bigger step was kept.
  enum CandidateLevel: CaseIterable {
    /// The explorer's simplifications; context keys removed.
    case suite
    /// Object keys, array items and steps removed; strings cut.
    case removal
    /// Strings, numbers and other values made plainer; context values toward plain ones.
    case plainer
  }

  func candidates(of c: ExploreCase, level: CandidateLevel) -> [ExploreCase] {
    switch level {
    case .suite:
      var result = simplifications(c)
      for key in c.context.keys {
        var context = c.context
        context[key] = nil
        result.append(ExploreCase(suite: c.suite, input: c.input, context: context))
      }
      return result
    case .removal:
      return JSONShrinking.removals(of: c.input).map { ExploreCase(suite: c.suite, input: $0, context: c.context) }
    case .plainer:
      var result = JSONShrinking.plainer(c.input).map { ExploreCase(suite: c.suite, input: $0, context: c.context) }
      for member in c.context.members {
        for value in JSONShrinking.removals(of: member.value) + JSONShrinking.plainer(member.value) {
          var context = c.context
          context[member.key] = value
          result.append(ExploreCase(suite: c.suite, input: c.input, context: context))
        }
      }
      return result
    }
  }
}

/// Simpler versions of one JSON value, for ``ExploreShrinker``.
package enum JSONShrinking {
  /// Versions with less in them: object keys and array items removed (half the items, then one
  /// at a time), strings cut (to half, then fewer and fewer characters dropped), at the top and
  /// inside, the top's first.
  package static func removals(of value: JSONValue) -> [JSONValue] {
    var result: [JSONValue] = []
    switch value {
    case .object(let object):
      for key in object.keys {
        var smaller = object
        smaller[key] = nil
        result.append(.object(smaller))
      }
      for (index, member) in object.members.enumerated() {
        for child in removals(of: member.value) {
          var changed = object
          changed.setValue(child, at: index)
          result.append(.object(changed))
        }
      }
    case .array(let items):
      for chunk in chunkSizes(items.count) {
        for start in stride(from: 0, to: items.count, by: chunk) {
          var smaller = items
          smaller.removeSubrange(start..<min(items.count, start + chunk))
          result.append(.array(smaller))
        }
      }
      for (index, item) in items.enumerated() {
        for child in removals(of: item) {
          var changed = items
          changed[index] = child
          result.append(.array(changed))
        }
      }
    case .string(let text):
      result += shorterStrings(text).map(JSONValue.string)
    case .null, .bool, .number:
      break
    }
    return result
  }

  /// Versions of the same size made plainer: characters toward ASCII `a` and `0`, numbers toward
  /// small integers, `true` toward `false`, at the top and inside.
  package static func plainer(_ value: JSONValue) -> [JSONValue] {
    switch value {
    case .object(let object):
      var result: [JSONValue] = []
      for (index, member) in object.members.enumerated() {
        for child in plainer(member.value) {
          var changed = object
          changed.setValue(child, at: index)
          result.append(.object(changed))
        }
      }
      return result
    case .array(let items):
      var result: [JSONValue] = []
      for (index, item) in items.enumerated() {
        for child in plainer(item) {
          var changed = items
          changed[index] = child
          result.append(.array(changed))
        }
      }
      return result
    case .string(let text):
      return plainerStrings(text).map(JSONValue.string)
    case .number(let number):
      return smallerNumbers(number).map(JSONValue.number)
    case .bool(true):
      return [.bool(false)]
    case .bool(false), .null:
      return []
    }
  }

  /// Removal sizes for `count` items: half, a quarter, … down to one.
  static func chunkSizes(_ count: Int) -> [Int] {
    var sizes: [Int] = []
    var size = count / 2
    while size > 1 {
      sizes.append(size)
      size /= 2
    }
    if count > 0 { sizes.append(1) }
    return sizes
  }

  /// Shorter strings, by Unicode scalar: empty, each half, then chunks of a quarter, an eighth,
  /// … one scalar dropped at every place (only the ends once the string is long).
  static func shorterStrings(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let count = scalars.count
    guard count > 0 else { return [] }
    var result = [""]
    if count >= 2 {
      result.append(string(scalars[..<(count / 2)]))
      result.append(string(scalars[(count / 2)...]))
    }
    for chunk in chunkSizes(count) where chunk < count / 2 || chunk == 1 {
      // Every place for small strings; for long ones, the ends and a few places between.
      let starts = stride(from: 0, to: count, by: chunk).map { $0 }
      let picked = starts.count <= 64 ? starts : Array(starts.prefix(16) + starts.suffix(16))
      for start in picked.reversed() {
        var smaller = scalars
        smaller.removeSubrange(start..<min(count, start + chunk))
        result.append(string(smaller[...]))
      }
    }
    return result
  }

  /// The same length, plainer: every scalar toward `a` (or `0` for a digit of any script) at
  /// once, then each half, then one at a time (the first 256).
  static func plainerStrings(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let targets = scalars.map(plainScalar)
    guard targets != scalars else { return [] }
    var result: [String] = [string(targets[...])]
    let half = scalars.count / 2
    if half > 0 {
      result.append(string((targets[..<half] + scalars[half...])[...]))
      result.append(string((scalars[..<half] + targets[half...])[...]))
    }
    for index in scalars.indices.prefix(256) where scalars[index] != targets[index] {
      var changed = scalars
      changed[index] = targets[index]
      result.append(string(changed[...]))
    }
    return result
  }

  /// One step toward `0` and `a`: a decimal digit of any script to `0`, `0` to `a`, an
  /// upper-case ASCII letter to lower case, anything else to `a`; `a` stays. Each step is kept
  /// only while the difference stays, so a digit the difference needs stays a digit.
  static func plainScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x61: return scalar
    case 0x30: return "a"
    case 0x41...0x5A: return Unicode.Scalar(scalar.value + 0x20)!
    default: return scalar.properties.numericType == .decimal ? "0" : "a"
    }
  }

  /// Numbers closer to small integers: 0, 1, the integer part, a digit fewer, without its sign.
  static func smallerNumbers(_ number: JSONNumber) -> [JSONNumber] {
    let literal = number.literal
    var result: [String] = ["0", "1"]
    var digits = literal
    if digits.hasPrefix("-") {
      digits.removeFirst()
      result.append(digits)
    }
    let integerPart = String(digits.prefix { $0 != "." && $0 != "e" && $0 != "E" })
    result.append(integerPart)
    if integerPart.count > 1 {
      result.append(String(integerPart.dropLast()))
      result.append(String(integerPart.prefix(integerPart.count / 2)))
    }
    var seen: Set<String> = []
    return result.compactMap { text in
      guard text != literal, seen.insert(text).inserted, let candidate = JSONNumber(literal: text) else { return nil }
      // Only a number that is really simpler: fewer characters, or the same as a smaller integer.
      guard text.count < literal.count || (text.count == literal.count && text < literal) else { return nil }
      return candidate
    }
  }

  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }
}

extension JSONObject {
  /// The member at `index` with another value, its key and place kept.
  fileprivate mutating func setValue(_ value: JSONValue, at index: Int) {
    self[members[index].key] = value
  }
}
