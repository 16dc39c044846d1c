/// Deterministic pseudo-random numbers (SplitMix64): the same seed gives the same sequence on
/// every platform. Never the system generator.
package struct ExploreRandom: Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// 0..<bound, bound > 0 (the high half of a 64 × 64-bit product: no modulo bias worth naming).
  package mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    below(denominator) < numerator
  }

  package mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }
}
