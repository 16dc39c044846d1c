import CSystemShims
import ConformanceCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An adapter process that dies must surface as an error on write, not kill the harness.
signal(SIGPIPE, SIG_IGN)
// Freed memory stays with the process for the next files (docs/benchmarks.md, "Seventh speed round").
conformance_keep_freed_memory()
exit(ConformanceCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
