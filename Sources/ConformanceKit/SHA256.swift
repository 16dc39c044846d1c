/// SHA-256 (FIPS 180-4), for the corpus digest and the manifest's file digests. The toolchain on Linux has no CryptoKit and the
/// package depends on nothing outside it, so this small streaming implementation stands in.
public struct SHA256: Sendable {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes not yet forming a whole 64-byte block.
  private var pending: [UInt8] = []
  /// Every byte given to `update`, for the length in the padding.
  private var byteCount: UInt64 = 0
  /// The message schedule, kept to avoid an allocation per block.
  private var schedule = [UInt32](repeating: 0, count: 64)

  public init() {
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
      compress(pending[...])
      pending.removeAll(keepingCapacity: true)
    }
    // Whole blocks straight from the input, without copying them into `pending`.
    while bytes.count - start >= 64 {
      compress(bytes[start..<start + 64])
      start += 64
    }
    pending += bytes[start...]
  }

  /// The 32-byte digest; `self` is finished afterwards.
  public mutating func finalize() -> [UInt8] {
    let bitLength = byteCount &* 8
    var padding: [UInt8] = [0x80]
    let afterMarker = (pending.count + 1) % 64
    padding += Array(repeating: 0, count: afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker)
    for shift in stride(from: 56, through: 0, by: -8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let tail = pending + padding
    pending.removeAll()
    for blockStart in stride(from: 0, to: tail.count, by: 64) { compress(tail[blockStart..<blockStart + 64]) }
    var digest: [UInt8] = []
    for word in state {
      digest += [
        UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
        UInt8(truncatingIfNeeded: word),
      ]
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

  private mutating func compress(_ block: ArraySlice<UInt8>) {
    // Unsafe buffers and locals: this loop is the whole cost of the digest, and bounds-checked
    // array accesses make it several times slower in debug builds.
    block.withUnsafeBufferPointer { bytes in
      schedule.withUnsafeMutableBufferPointer { w in
        for t in 0..<16 {
          w[t] =
            UInt32(bytes[4 * t]) << 24 | UInt32(bytes[4 * t + 1]) << 16 | UInt32(bytes[4 * t + 2]) << 8
            | UInt32(bytes[4 * t + 3])
        }
        for t in 16..<64 {
          let s0 = (w[t - 15] >> 7 | w[t - 15] << 25) ^ (w[t - 15] >> 18 | w[t - 15] << 14) ^ (w[t - 15] >> 3)
          let s1 = (w[t - 2] >> 17 | w[t - 2] << 15) ^ (w[t - 2] >> 19 | w[t - 2] << 13) ^ (w[t - 2] >> 10)
          w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        SHA256.roundConstants.withUnsafeBufferPointer { k in
          state.withUnsafeMutableBufferPointer { h in
            var a = h[0]
            var b = h[1]
            var c = h[2]
            var d = h[3]
            var e = h[4]
            var f = h[5]
            var g = h[6]
            var hh = h[7]
            for t in 0..<64 {
              let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
              let choice = (e & f) ^ (~e & g)
              let temp1 = hh &+ s1 &+ choice &+ k[t] &+ w[t]
              let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
              let majority = (a & b) ^ (a & c) ^ (b & c)
              hh = g
              g = f
              f = e
              e = d &+ temp1
              d = c
              c = b
              b = a
              a = temp1 &+ s0 &+ majority
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
            h[5] &+= f
            h[6] &+= g
            h[7] &+= hh
          }
        }
      }
    }
  }
}
