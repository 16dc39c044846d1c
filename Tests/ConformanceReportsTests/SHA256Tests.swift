import ConformanceKit
import Testing

@Suite struct SHA256Tests {
  static func digest(_ bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return SHA256.hex(hash.finalize())
  }

  // FIPS 180-4 examples and NIST test vectors.
  @Test func knownAnswers() {
    #expect(Self.digest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(Self.digest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      Self.digest(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func feedingInPiecesGivesTheSameDigest() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    // Every padding boundary (55, 56, 63, 64 bytes) and splits across blocks.
    for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
      let whole = Self.digest(Array(bytes[0..<length]))
      for split in [0, 1, 13, 63, 64, length / 2, length] where split <= length {
        var hash = SHA256()
        hash.update(Array(bytes[0..<split]))
        hash.update(Array(bytes[split..<length]))
        #expect(SHA256.hex(hash.finalize()) == whole, "length \(length) split at \(split)")
      }
    }
    // Around the padding boundaries, checked against Python's hashlib over the same bytes.
    #expect(Self.digest(Array(bytes[0..<55])) == "576a1bf8d4478657e6dc4af9398544765c2a92cde28478b019235cfed315fc09")
    #expect(Self.digest(Array(bytes[0..<56])) == "9b20501dfd1d99161c257950f3444f3e49230c351c5c8e0943ef369f85f5205d")
    #expect(Self.digest(Array(bytes[0..<64])) == "d8bc63b4fc1156e5e7d95a418b9bf54cd3174bedbc2db40f74895349b229b3c0")
    #expect(Self.digest(Array(bytes[0..<119])) == "7a6589821178918ca8d9edaba5abfc1e9b2669564f4469b66885379c1530b2c8")
  }
}
