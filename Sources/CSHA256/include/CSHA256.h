#ifndef CONFORMANCE_CSHA256_H
#define CONFORMANCE_CSHA256_H

// SHA-256 through the processor's SHA instructions, which Swift cannot reach: apart from
// CSystemShims (system calls for the adapter processes and the command line) so that the
// libraries a test bundle links (ConformanceKit, ConformanceTesting) bring no process code.

/// Whether this processor has the SHA extensions (x86-64 SHA-NI, with the SSSE3 and SSE4.1 the
/// code below also uses), read once with `cpuid`: 1 or 0; always 0 off x86-64.
int conformance_sha256_hardware(void);

/// Runs SHA-256's compression function over `blocks` 64-byte blocks at `data`, updating the
/// eight state words, with the 64 round constants the caller keeps: the processor's SHA instructions (`sha256rnds2`, `sha256msg1`,
/// `sha256msg2`), which Swift cannot reach, hence the shim. Call it only where
/// `conformance_sha256_hardware()` is 1. The digest is the same as the portable Swift code's;
/// it is about ten times faster, and the corpus digest hashes every vector file on every run.
void conformance_sha256_blocks(
    unsigned int state[8], const unsigned char *data, unsigned long blocks, const unsigned int constants[64]);

#endif
