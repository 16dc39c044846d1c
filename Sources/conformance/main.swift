import ConformanceCommands
import ConformanceLowLevel

ignoreBrokenPipe()
exitProcess(ConformanceCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard()))
