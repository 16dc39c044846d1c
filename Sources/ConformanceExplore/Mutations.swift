import ConformanceJSON

/// What a suite's rules name, for the generic mutators: the keys it reads, the string values
/// its tables list, the numbers at its bounds, and its length limits.
package struct Vocabulary: Sendable {
  /// Every key the suite reads (added, removed, renamed and retyped by the mutators).
  package var keys: [String]
  /// String values the rules list (enumerations, prefixes, IDs at their patterns' edges).
  package var strings: [String]
  /// Decimal literals of the bounds the rules name (`0`, `1`, `255`).
  package var numbers: [String]
  /// Length limits, each counted the way its rule counts.
  package var limits: [TextLimit]
  /// Whether numbers like `1e99999999` may appear (not where the reference declines such sums).
  package var hugeExponents: Bool

  package init(
    keys: [String], strings: [String] = [], numbers: [String] = ["0", "1"], limits: [TextLimit] = [],
    hugeExponents: Bool = true
  ) {
    self.keys = keys
    self.strings = strings
    self.numbers = numbers
    self.limits = limits
    self.hugeExponents = hugeExponents
  }
}

/// The generic structure-aware mutators every suite explorer shares: one change at a random
/// place of a JSON value (a key added, removed, renamed or retyped; a number moved to a bound;
/// a string changed in length, Unicode class or case).
package struct Mutator: Sendable {
  package var vocabulary: Vocabulary

  package init(_ vocabulary: Vocabulary) {
    self.vocabulary = vocabulary
  }

  // MARK: JSON

  /// `value` with one change somewhere inside it (the deeper levels reached with falling odds).
  package func mutate(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    switch value {
    case .object(var object):
      if !object.isEmpty, random.chance(1, in: 2) {
        let index = random.below(object.count)
        let key = object.members[index].key
        object[key] = mutate(object.members[index].value, &random)
        return .object(object)
      }
      return mutateObject(object, &random)
    case .array(var items):
      if !items.isEmpty, random.chance(1, in: 2) {
        let index = random.below(items.count)
        items[index] = mutate(items[index], &random)
        return .array(items)
      }
      return .array(TraceMutations.mutate(items, insert: { random in plausibleValue(&random) }, &random))
    case .string(let text):
      return random.chance(1, in: 12) ? retype(value, &random) : .string(mutateString(text, &random))
    case .number:
      return random.chance(1, in: 6) ? retype(value, &random) : number(&random)
    case .bool, .null:
      return retype(value, &random)
    }
  }

  /// One change to an object's keys or one of its values.
  package func mutateObject(_ object: JSONObject, _ random: inout ExploreRandom) -> JSONValue {
    var object = object
    let keys = object.keys
    switch random.below(8) {
    case 0 where !keys.isEmpty:
      object[random.pick(keys)] = nil
    case 1, 2:
      let key = random.chance(4, in: 5) ? random.pick(vocabulary.keys) : otherKey(&random)
      if !object.contains(key) { object[key] = plausibleValue(&random) }
    case 3 where !keys.isEmpty:
      let key = random.pick(keys)
      let renamed = renameKey(key, &random)
      if !object.contains(renamed), let value = object[key] {
        object = JSONObject(
          object.members.map { utf8Equal($0.key, key) ? JSONObject.Member(key: renamed, value: value) : $0 })
      }
    case 4 where !keys.isEmpty:
      let key = random.pick(keys)
      object[key] = retype(object[key] ?? .null, &random)
    case 5 where keys.count > 1:
      // The same members in another order: rules that read "in key order" or "in order" must
      // not depend on the order they were written in.
      var members = object.members
      members.reverse()
      if random.chance(1, in: 2) { members.swapAt(0, random.below(members.count)) }
      object = JSONObject(members)
    case 6 where !keys.isEmpty:
      // A key kept with its value copied under another of the suite's keys.
      let key = random.pick(vocabulary.keys)
      if !object.contains(key), let value = object[random.pick(keys)] { object[key] = value }
    default:
      if random.chance(1, in: 6) { return retype(.object(object), &random) }
      if !keys.isEmpty {
        let key = random.pick(keys)
        object[key] = mutate(object[key] ?? .null, &random)
      } else {
        object[random.pick(vocabulary.keys)] = plausibleValue(&random)
      }
    }
    return .object(object)
  }

  /// A key the suite does not read, or one of its keys misspelled.
  package func otherKey(_ random: inout ExploreRandom) -> String {
    random.chance(1, in: 2) ? renameKey(random.pick(vocabulary.keys), &random) : random.pick(["", "x", "extra", "aps"])
  }

  /// `key` spelled differently: another case, snake_case and camelCase swapped, padded,
  /// full-width, with a trailing newline.
  package func renameKey(_ key: String, _ random: inout ExploreRandom) -> String {
    switch random.below(7) {
    case 0: return key.uppercased()
    case 1: return flipFirstLetterCase(key)
    case 2: return snakeCamelSwapped(key)
    case 3: return key + random.pick([" ", "\n", "\u{A0}", "_"])
    case 4: return random.pick([" ", "\u{FEFF}", "_"]) + key
    case 5: return key.replacingOccurrences(first: "_", with: "-")
    default: return fullWidthFirstLetter(key)
    }
  }

  /// A value of another JSON type (or the same type's empty value) in place of `value`.
  package func retype(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    switch random.below(10) {
    case 0: return .null
    case 1: return .bool(random.chance(1, in: 2))
    case 2:
      if case .string(let text) = value, let number = JSONNumber(literal: text) { return .number(number) }
      return number(&random)
    case 3:
      if case .number(let number) = value { return .string(number.literal) }
      if case .bool(let flag) = value { return .string(flag ? "true" : "false") }
      return .string(vocabulary.strings.isEmpty ? "" : random.pick(vocabulary.strings))
    case 4: return .array([value])
    case 5: return .array([])
    case 6: return .object(JSONObject())
    case 7: return .string(JSONSerializer.compact.string(from: value))
    case 8: return .string("")
    default: return ["value": value]
    }
  }

  /// A value of a type and content the suite's rules mention.
  package func plausibleValue(_ random: inout ExploreRandom) -> JSONValue {
    switch random.below(6) {
    case 0, 1, 2:
      return .string(vocabulary.strings.isEmpty ? "x" : random.pick(vocabulary.strings))
    case 3: return number(&random)
    case 4: return .bool(random.chance(1, in: 2))
    default: return random.chance(1, in: 2) ? .null : .object(JSONObject())
    }
  }

  package func number(_ random: inout ExploreRandom) -> JSONValue {
    NumberForms.number(
      NumberForms.literal(bounds: vocabulary.numbers, hugeExponents: vocabulary.hugeExponents, &random))
  }

  // MARK: Strings

  /// `text` with one change: emptied, replaced by a listed value, a character of some Unicode
  /// class inserted or swapped in, a case change, white space or a newline at an end, the
  /// length moved around a limit, NFC turned NFD, a digit or letter in another script.
  package func mutateString(_ text: String, _ random: inout ExploreRandom) -> String {
    StringMutations.mutate(text, limits: vocabulary.limits, strings: vocabulary.strings, &random)
  }

  private func flipFirstLetterCase(_ key: String) -> String {
    guard let first = key.first else { return "X" }
    let flipped = first.isUppercase ? first.lowercased() : first.uppercased()
    return flipped + key.dropFirst()
  }

  private func fullWidthFirstLetter(_ key: String) -> String {
    guard let first = key.unicodeScalars.first, first.isASCII, first.value > 0x20,
      let wide = Unicode.Scalar(first.value + 0xFEE0)
    else { return key + "\u{FF3F}" }
    return String(Character(wide)) + String(key.unicodeScalars.dropFirst())
  }
}

/// snake_case to camelCase and back (`screen_index` <-> `screenIndex`).
package func snakeCamelSwapped(_ key: String) -> String {
  if key.contains("_") {
    var result = ""
    var upper = false
    for character in key {
      if character == "_" {
        upper = true
      } else {
        result += upper ? character.uppercased() : String(character)
        upper = false
      }
    }
    return result
  }
  var result = ""
  for character in key {
    if character.isUppercase {
      result += "_" + character.lowercased()
    } else {
      result.append(character)
    }
  }
  return result
}

extension String {
  /// `self` with the first `target` replaced by `replacement` (Foundation-free).
  package func replacingOccurrences(first target: Character, with replacement: String) -> String {
    guard let index = firstIndex(of: target) else { return self }
    return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
  }
}

/// The string mutations, apart from the JSON mutator so ID and URL mutators can use them.
package enum StringMutations {
  package static func mutate(
    _ text: String, limits: [TextLimit], strings: [String], _ random: inout ExploreRandom
  ) -> String {
    var scalars = Array(text.unicodeScalars)
    func position() -> Int { random.below(scalars.count + 1) }
    func joined() -> String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      return String(view)
    }
    switch random.below(16) {
    case 0: return ""
    case 1 where !strings.isEmpty: return random.pick(strings)
    case 2, 3:
      let insert = Array(UnicodeClasses.anyCharacter(&random).unicodeScalars)
      scalars.insert(contentsOf: insert, at: random.pick([0, scalars.count, position()]))
      return joined()
    case 4 where !scalars.isEmpty:
      let index = random.below(scalars.count)
      scalars.replaceSubrange(index...index, with: Array(UnicodeClasses.anyCharacter(&random).unicodeScalars))
      return joined()
    case 5 where !scalars.isEmpty:
      scalars.remove(at: random.pick([0, scalars.count - 1, random.below(scalars.count)]))
      return joined()
    case 6:
      switch random.below(4) {
      case 0: return text.uppercased()
      case 1: return text.lowercased()
      case 2:
        guard let index = scalars.indices.randomLetter(in: scalars, &random) else { return text.uppercased() }
        let scalar = scalars[index]
        let changed =
          scalar.properties.isUppercase ? scalar.properties.lowercaseMapping : scalar.properties.uppercaseMapping
        scalars.replaceSubrange(index...index, with: Array(changed.unicodeScalars))
        return joined()
      default:
        let special = Array(random.pick(UnicodeClasses.caseSpecials).unicodeScalars)
        scalars.insert(contentsOf: special, at: position())
        return joined()
      }
    case 7:
      let space = random.pick(UnicodeClasses.whiteSpace + UnicodeClasses.whiteSpaceLookalikes + ["\r\n"])
      switch random.below(3) {
      case 0: return text + space
      case 1: return space + text
      default: return space + text + space
      }
    case 8: return text + "\n"
    case 9...10 where !limits.isEmpty:
      let limit = random.pick(limits)
      let count = TextLengths.lengths(around: limit.count, random: &random)
      if random.chance(1, in: 2), let last = scalars.last {
        // Padded with its own last character, so the alphabet stays the one the rule allows.
        var padded = text
        let target = count
        while TextLengths.measure(padded, limit.unit) < target, padded.utf8.count < 20_000 {
          padded.unicodeScalars.append(last)
        }
        while TextLengths.measure(padded, limit.unit) > target, !padded.isEmpty { padded.removeLast() }
        return padded
      }
      return TextLengths.string(count: count, unit: limit.unit, random: &random)
    case 11:
      // NFD for a precomposed letter, or a combining mark after a character.
      if let index = scalars.firstIndex(where: { $0 == "\u{E9}" }) {
        scalars.replaceSubrange(index...index, with: ["e", "\u{301}"])
        return joined()
      }
      scalars.insert(
        random.pick(UnicodeClasses.combiningMarks).unicodeScalars.first!, at: min(scalars.count, max(1, position())))
      return joined()
    case 12 where !scalars.isEmpty:
      // An ASCII digit or letter swapped for one of another script or the full-width form.
      if let index = scalars.firstIndex(where: { $0.properties.numericType != nil && $0.isASCII }),
        random.chance(2, in: 3)
      {
        scalars.replaceSubrange(index...index, with: Array(random.pick(UnicodeClasses.otherDigits).unicodeScalars))
        return joined()
      }
      if let index = scalars.indices.randomLetter(in: scalars, &random),
        let wide = Unicode.Scalar(scalars[index].value + 0xFEE0), scalars[index].isASCII
      {
        scalars[index] = wide
        return joined()
      }
      return text + random.pick(UnicodeClasses.fullWidth)
    case 13: return text + text
    case 14:
      if let index = scalars.indices.randomElement(&random), scalars[index].isASCII {
        let value = scalars[index].value
        let hex = String(value, radix: 16, uppercase: random.chance(1, in: 2))
        scalars.replaceSubrange(index...index, with: Array(("%" + (hex.count < 2 ? "0" : "") + hex).unicodeScalars))
        return joined()
      }
      return text + "%"
    default:
      return random.pick(["0", "00", "-", " "]) + text
    }
  }
}

extension Range<Int> {
  fileprivate func randomElement(_ random: inout ExploreRandom) -> Int? {
    isEmpty ? nil : lowerBound + random.below(count)
  }

  /// A random index of an ASCII or other letter (its case changes), or nil when there is none.
  fileprivate func randomLetter(in scalars: [Unicode.Scalar], _ random: inout ExploreRandom) -> Int? {
    let letters = self.filter { scalars[$0].properties.isAlphabetic }
    return letters.isEmpty ? nil : letters[random.below(letters.count)]
  }
}
