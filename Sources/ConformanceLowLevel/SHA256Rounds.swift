// SHA-256's compression function (FIPS 180-4) over raw bytes: through the processor's SHA
// instructions (x86-64 SHA-NI, reached through the CSHA256 shim, which Swift cannot reach
// directly) where there are some, portable Swift rounds otherwise. The corpus digest hashes
// every vector file on every run; the hardware rounds are about ten times faster. ConformanceKit's
// `SHA256` keeps the streaming (buffering, padding) in plain Swift around these rounds.

import CSHA256

/// The rounds; the digest is the same either way (a test compares them).
package enum SHA256Rounds {
  /// The 64 round constants (FIPS 180-4, 4.2.2).
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

  /// Whether this processor has SHA instructions (`cpuid`, through the shim), asked once.
  package static let hardwareAvailable = conformance_sha256_hardware() == 1

  /// One round: `h` becomes the new `a`, `d` the new `e`; the caller renames the rest.
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
    _ h: inout UInt32, _ constantAndWord: UInt32
  ) {
    let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
    let choice = g ^ (e & (f ^ g))
    let temp1 = h &+ s1 &+ choice &+ constantAndWord
    let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
    let majority = (a & b) | (c & (a | b))
    d &+= temp1
    h = temp1 &+ s0 &+ majority
  }

  /// Runs the compression function over the `blocks` 64-byte blocks of `bytes` from `start`,
  /// updating the eight `state` words: through the processor's instructions when `hardware`
  /// (and ``hardwareAvailable``), the portable rounds otherwise.
  package static func compress(_ state: inout [UInt32], _ bytes: [UInt8], from start: Int, blocks: Int, hardware: Bool)
  {
    precondition(state.count == 8 && start >= 0 && start + blocks * 64 <= bytes.count, "not whole blocks")
    guard blocks > 0 else { return }
    bytes.withUnsafeBytes { raw in
      let data = raw.baseAddress! + start
      if hardware && hardwareAvailable {
        state.withUnsafeMutableBufferPointer { h in
          roundConstants.withUnsafeBufferPointer { k in
            conformance_sha256_blocks(
              h.baseAddress!, data.assumingMemoryBound(to: UInt8.self), UInt(blocks), k.baseAddress!)
          }
        }
      } else {
        portableRounds(&state, data, blocks: blocks)
      }
    }
  }

  /// The compression function in Swift. The state lives in locals for the whole run and the
  /// message schedule is a 16-word window on the stack (`withUnsafeTemporaryAllocation`): this
  /// loop is the whole cost of a digest where the processor has no SHA instructions.
  private static func portableRounds(_ state: inout [UInt32], _ data: UnsafeRawPointer, blocks: Int) {
    state.withUnsafeMutableBufferPointer { h in
      roundConstants.withUnsafeBufferPointer { k in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
          var h0 = h[0]
          var h1 = h[1]
          var h2 = h[2]
          var h3 = h[3]
          var h4 = h[4]
          var h5 = h[5]
          var h6 = h[6]
          var h7 = h[7]
          for block in 0..<blocks {
            let bytes = data + block * 64
            var a = h0
            var b = h1
            var c = h2
            var d = h3
            var e = h4
            var f = h5
            var g = h6
            var hh = h7
            for t in stride(from: 0, to: 64, by: 16) {
              if t == 0 {
                for j in 0..<16 {
                  w[j] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4 * j, as: UInt32.self))
                }
              } else {
                // The schedule's next 16 words, in place over the last 16.
                for j in 0..<16 {
                  let w15 = w[(j + 1) & 15]
                  let w2 = w[(j + 14) & 15]
                  let s0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
                  let s1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
                  w[j] = w[j] &+ s0 &+ w[(j + 9) & 15] &+ s1
                }
              }
              // Written out so that the eight working variables change roles instead of places.
              round(a, b, c, &d, e, f, g, &hh, k[t + 0] &+ w[0])
              round(hh, a, b, &c, d, e, f, &g, k[t + 1] &+ w[1])
              round(g, hh, a, &b, c, d, e, &f, k[t + 2] &+ w[2])
              round(f, g, hh, &a, b, c, d, &e, k[t + 3] &+ w[3])
              round(e, f, g, &hh, a, b, c, &d, k[t + 4] &+ w[4])
              round(d, e, f, &g, hh, a, b, &c, k[t + 5] &+ w[5])
              round(c, d, e, &f, g, hh, a, &b, k[t + 6] &+ w[6])
              round(b, c, d, &e, f, g, hh, &a, k[t + 7] &+ w[7])
              round(a, b, c, &d, e, f, g, &hh, k[t + 8] &+ w[8])
              round(hh, a, b, &c, d, e, f, &g, k[t + 9] &+ w[9])
              round(g, hh, a, &b, c, d, e, &f, k[t + 10] &+ w[10])
              round(f, g, hh, &a, b, c, d, &e, k[t + 11] &+ w[11])
              round(e, f, g, &hh, a, b, c, &d, k[t + 12] &+ w[12])
              round(d, e, f, &g, hh, a, b, &c, k[t + 13] &+ w[13])
              round(c, d, e, &f, g, hh, a, &b, k[t + 14] &+ w[14])
              round(b, c, d, &e, f, g, hh, &a, k[t + 15] &+ w[15])
            }
            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= hh
          }
          h[0] = h0
          h[1] = h1
          h[2] = h2
          h[3] = h3
          h[4] = h4
          h[5] = h5
          h[6] = h6
          h[7] = h7
        }
      }
    }
  }
}
