#include "CSHA256.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

int conformance_sha256_hardware(void) {
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  int sha = (b >> 29) & 1;
  return ssse3 && sse41 && sha;
}

__attribute__((target("sha,ssse3,sse4.1")))
void conformance_sha256_blocks(
    unsigned int state[8], const unsigned char *data, unsigned long blocks, const unsigned int constants[64]) {
  // The instructions keep the state as two vectors, (a, b, e, f) and (c, d, g, h), from the
  // highest lane down; the state words a…h come in lanes 0…7.
  __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
  __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(badc, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, badc, 0xF0);
  // Message words are big-endian: reverse the bytes of each 32-bit lane.
  const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  for (; blocks > 0; blocks--, data += 64) {
    const __m128i abef_before = abef, cdgh_before = cdgh;
    // w[n % 4] holds message words 4n … 4n+3 of the schedule.
    __m128i w[4];
    for (int n = 0; n < 4; n++) {
      w[n] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * n)), big_endian);
    }
    for (int n = 0; n < 16; n++) {
      if (n >= 4) {
        // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16] for t = 4n … 4n+3.
        __m128i next = _mm_sha256msg1_epu32(w[n % 4], w[(n + 1) % 4]);
        next = _mm_add_epi32(next, _mm_alignr_epi8(w[(n + 3) % 4], w[(n + 2) % 4], 4));
        w[n % 4] = _mm_sha256msg2_epu32(next, w[(n + 3) % 4]);
      }
      __m128i words = _mm_add_epi32(w[n % 4], _mm_loadu_si128((const __m128i *)&constants[4 * n]));
      // Two rounds with the low two words, two with the high two.
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, words);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(words, 0x0E));
    }
    abef = _mm_add_epi32(abef, abef_before);
    cdgh = _mm_add_epi32(cdgh, cdgh_before);
  }
  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}
#else
int conformance_sha256_hardware(void) { return 0; }

void conformance_sha256_blocks(
    unsigned int state[8], const unsigned char *data, unsigned long blocks, const unsigned int constants[64]) {
  (void)state;
  (void)constants;
  (void)data;
  (void)blocks;
}
#endif
