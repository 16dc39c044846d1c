import ConformanceLowLevel

/// SHA-256 (FIPS 180-4), for the corpus digest and the manifest's file digests. The toolchain on Linux has no CryptoKit and the
/// package depends on nothing outside it, so this small streaming implementation stands in.
public struct SHA256: Sendable {

  /// Whether this processor has SHA instructions (x86-64 SHA-NI), asked once.
  static var hardwareAvailable: Bool { SHA256Rounds.hardwareAvailable }
  /// Whether blocks go through the processor's SHA instructions (``hardwareAvailable``) or the
  /// portable Swift rounds (``SHA256Rounds``); the same digest either way.
  let usesHardware: Bool

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes not yet forming a whole 64-byte block.
  private var pending: [UInt8] = []
  /// Every byte given to `update`, for the length in the padding.
  private var byteCount: UInt64 = 0

  public init() {
    self.init(hardware: SHA256.hardwareAvailable)
  }

  /// `hardware: false` always takes the portable rounds (tests compare the two).
  init(hardware: Bool) {
    usesHardware = hardware && SHA256.hardwareAvailable
    pending.reserveCapacity(64)
  }

  public mutating func update(_ bytes: [UInt8]) {
    byteCount += UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending += bytes[0..<take]
      start = take
      guard pending.count == 64 else { return }
      SHA256Rounds.compress(&state, pending, from: 0, blocks: 1, hardware: usesHardware)
      pending.removeAll(keepingCapacity: true)
    }
    // Whole blocks straight from the input, without copying them into `pending`.
    let blocks = (bytes.count - start) / 64
    if blocks > 0 {
      SHA256Rounds.compress(&state, bytes, from: start, blocks: blocks, hardware: usesHardware)
      start += blocks * 64
    }
    pending += bytes[start...]
  }

  /// The 32-byte digest; `self` is finished afterwards. The padding goes into `pending`, and
  /// the digest into one array of 32: the Allure results hash three short texts per test,
  /// where allocating a buffer per step cost more than the rounds.
  public mutating func finalize() -> [UInt8] {
    let bitLength = byteCount &* 8
    pending.append(0x80)
    while pending.count % 64 != 56 { pending.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      pending.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    SHA256Rounds.compress(&state, pending, from: 0, blocks: pending.count / 64, hardware: usesHardware)
    pending.removeAll()
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in state {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return digest
  }

  /// The SHA-256 of `bytes` as 64 lowercase hex digits.
  public static func hexDigest(_ bytes: [UInt8]) -> String {
    var hash = SHA256()
    hash.update(bytes)
    return hex(hash.finalize())
  }

  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
