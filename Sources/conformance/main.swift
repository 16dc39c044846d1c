import ConformanceCommands

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(ConformanceCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
