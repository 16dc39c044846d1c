import ConformanceCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An adapter process that dies must surface as an error on write, not kill the harness.
signal(SIGPIPE, SIG_IGN)
exit(ConformanceCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
