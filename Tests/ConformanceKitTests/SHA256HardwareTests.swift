import Testing

@testable import ConformanceKit

/// The processor's SHA instructions (where this machine has them) against the portable rounds:
/// the same digest for every length around the block and padding boundaries, for data fed in
/// pieces, and for a large input (many blocks in one call).
@Suite struct SHA256HardwareTests {
  static func digest(_ bytes: [UInt8], hardware: Bool, split: Int? = nil) -> String {
    var hash = SHA256(hardware: hardware)
    if let split {
      hash.update(Array(bytes[..<split]))
      hash.update(Array(bytes[split...]))
    } else {
      hash.update(bytes)
    }
    return SHA256.hex(hash.finalize())
  }

  @Test func theHardwareRoundsGiveThePortableDigest() {
    // Varied bytes (a multiplicative sequence), so every message word differs.
    let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
    for length in [0, 1, 3, 55, 56, 63, 64, 65, 127, 128, 129, 1000, 4096, 5000] {
      let slice = Array(bytes[..<length])
      let portable = Self.digest(slice, hardware: false)
      #expect(Self.digest(slice, hardware: true) == portable, "length \(length)")
      #expect(Self.digest(slice, hardware: true, split: length / 3) == portable, "length \(length), in pieces")
    }
  }

  @Test func bothWaysGiveTheKnownAnswers() {
    for hardware in [false, true] {
      #expect(
        Self.digest(Array("abc".utf8), hardware: hardware)
          == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
      #expect(
        Self.digest(Array(repeating: UInt8(ascii: "a"), count: 1_000_000), hardware: hardware)
          == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
  }

  /// Says which way this machine's digests go (a hardware-less machine runs the portable rounds
  /// twice above, which still checks them).
  @Test func theHardwareIsUsedWhereThereIsSome() {
    #expect(SHA256().usesHardware == SHA256.hardwareAvailable)
    #expect(!SHA256(hardware: false).usesHardware)
  }
}
