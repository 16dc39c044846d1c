import CSystemShims
import ConformanceCommands
import ConformanceLowLevel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

ignoreBrokenPipe()
// Freed memory stays with the process for the next files (docs/benchmarks.md, "Seventh speed round").
conformance_keep_freed_memory()
exit(ConformanceCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
