import ConformanceLowLevel
import VectorGeneration

/// `generate-vectors [--check] [DIR]`: writes the generated corpus under DIR (default `Vectors`),
/// or with `--check` only reports files that differ from what the generator makes.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(
    """
    USAGE: generate-vectors [--check] [DIR]

    Writes every generated vector file under DIR (default: Vectors), replacing only files whose
    content changed. With --check, writes nothing and exits 1 when a file is missing or differs.
    """)
  exitProcess(0)
}
let check = arguments.contains("--check")
let root = arguments.first { !$0.hasPrefix("-") } ?? "Vectors"
do {
  let report = try CorpusWriter(root: root).write(Corpus.files(), checkOnly: check)
  for path in report.changed { print((check ? "differs: " : "wrote: ") + path) }
  print("\(report.unchanged) unchanged, \(report.changed.count) \(check ? "differ" : "written")")
  exitProcess(check && !report.changed.isEmpty ? 1 : 0)
} catch {
  FileHandleStandardError.write("generate-vectors: \(error)\n")
  exitProcess(2)
}
