// The operating system calls the harness makes, each behind one small function, so that the rest
// of the package stays safe Swift with no `import Glibc` (swift-system's Syscalls.swift is the
// model). Each comment names the C function and why the harness calls it.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `signal(SIGPIPE, SIG_IGN)`: an adapter that died, or a report destination's reader (a FIFO,
/// a pipe) that went away, must surface as a write error (EPIPE), never end the harness. Called
/// by the executable at start and by every in-process entry point (tests, the Swift kit).
package func ignoreBrokenPipe() {
  _ = signal(SIGPIPE, SIG_IGN)
}
