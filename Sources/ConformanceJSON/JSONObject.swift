import ConformanceLowLevel

/// A JSON object: members in document order, keys unique by their UTF-8 bytes.
///
/// Lookups compare keys byte for byte (never with Swift's canonical `String` equality), so a
/// key spelled in NFC and one spelled in NFD are two different keys, as RFC 8259 reads them.
public struct JSONObject: Sendable {
  public struct Member: Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in the order they were written.
  public private(set) var members: [Member]

  public init(_ members: [Member] = []) {
    self.members = members
  }

  public var count: Int { members.count }
  public var isEmpty: Bool { members.isEmpty }

  /// Keys in document order.
  public var keys: [String] { members.map(\.key) }

  /// Keys in the contract's *key order*: compared by their UTF-8 bytes.
  public var keysInByteOrder: [String] { keys.sorted(by: utf8Precedes) }

  public func index(forKey key: String) -> Int? {
    // An index loop: `firstIndex(where:)` hands the closure a copy of each member (its key and
    // its value retained and released), a few hundred instructions per lookup.
    var index = 0
    while index < members.count {
      if utf8Equal(members[index].key, key) { return index }
      index += 1
    }
    return nil
  }

  public func contains(_ key: String) -> Bool { index(forKey: key) != nil }

  /// The value for `key`; setting replaces the value in place or appends a new member,
  /// setting `nil` removes it.
  public subscript(key: String) -> JSONValue? {
    get { index(forKey: key).map { members[$0].value } }
    set {
      if let index = index(forKey: key) {
        if let newValue { members[index].value = newValue } else { members.remove(at: index) }
      } else if let newValue {
        members.append(Member(key: key, value: newValue))
      }
    }
  }

  /// `self` with every member of `other` set over it, key by key (the contract's context merge).
  public func merging(_ other: JSONObject) -> JSONObject {
    var merged = self
    for member in other.members { merged[member.key] = member.value }
    return merged
  }
}

extension JSONObject: Equatable {
  /// Equal when both hold the same keys with equal values, whatever their order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for member in lhs.members {
      guard let other = rhs[member.key], other == member.value else { return false }
    }
    return true
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements.map { Member(key: $0.0, value: $0.1) })
  }
}

/// True when `a` and `b` hold the same UTF-8 bytes: never Swift's canonical equivalence, which
/// calls an NFC and an NFD spelling equal.
///
/// The generic `a.utf8.elementsEqual(b.utf8)` walks both views byte by byte and was the
/// loader's hottest function (about 13% of a 100,000-vector run, from key lookups and
/// duplicate-key checks).
@inlinable
package func utf8Equal(_ a: String, _ b: String) -> Bool {
  // `sameUTF8` first compares the strings' two words (the parser hands out one `String` for
  // text it met before, so keys often are the same), then the lengths, then the bytes.
  sameUTF8(a, b)
}

/// The contract's key order: `a` before `b` when its UTF-8 bytes sort first.
///
/// Compares the contiguous bytes in one loop, like ``utf8Equal(_:_:)``: the generic
/// `lexicographicallyPrecedes` on two UTF8Views dominated sorting a file's test ids.
@inlinable
public func utf8Precedes(_ a: String, _ b: String) -> Bool {
  let contiguous = a.utf8.withContiguousStorageIfAvailable { left in
    b.utf8.withContiguousStorageIfAvailable { right in
      let common = min(left.count, right.count)
      var index = 0
      while index < common {
        if left[index] != right[index] { return left[index] < right[index] }
        index += 1
      }
      return left.count < right.count
    }
  }
  if let contiguous, let result = contiguous { return result }
  return a.utf8.lexicographicallyPrecedes(b.utf8)
}
