import ConformanceKit
import ConformanceReports

/// `conformance judge`: the answers a kit recorded in-process (or on a device), judged against
/// the pack they were made for, with `run`'s comparison and reports (docs/answers.md).
enum JudgeCommand: Subcommand {
  static let name = "judge"
  static let abstract = "Judge the answers a kit recorded against its pack and write run's reports (docs/answers.md)."

  static let spec = ArgumentSpec(
    command: name,
    options: [.pack] + RunCommand.spec.options.filter { !JudgeOptions.adapterOptionNames.contains($0.name) },
    flags: [.help])

  static var help: String {
    """
    USAGE: conformance judge ANSWERS... (--pack FILE | --vectors PATH... [selection options])
                             [--junit FILE] [--report-json FILE] [--summary-md FILE] [--report-html FILE]
                             [--allure-results DIR] [--expectations FILE] [--write-expectations FILE]
                             [--compare PREVIOUS.json] [--history DIR] [--fail-on new-failures]
                             [--show-failures N] [--max-failures N] [--junit-flavour standard|strict]

    Reads the answers files (conformance-answers/1, JSON lines: a header, one line per test
    answered, a trailer) that a kit's in-process run recorded, judges each answer against its
    test's expect with the harness's own comparison, and writes the reports `run` writes, with
    the same between-runs options and exit statuses. Several ANSWERS files (shards, devices) are
    judged together. The tests are the pack's (--pack FILE), or the pack `conformance pack`
    would write for --vectors PATH... and the selection options, made in memory.
    A test of the pack with no answer is an error `not answered`: a run is never green for
    tests nobody answered. {"skip": WHY} answers, and tests of suites the header's "suites"
    leaves out, are skipped; when every test given was left out, nothing was checked (exit 2).
    A file without its trailer is judged for what it holds; the console, the JSON report
    (answersCutShort) and the JUnit report (property answers-cut-short) say it was cut short.
    Refused, naming the file and line (exit 2, nothing judged, every report replaced by one
    holding the error, as for a run that could not start): an answer for a test not in the
    pack, a second answer for a test, answers made against another pack, a line that is not a
    valid answer, files of different implementations, a trailer whose count disagrees.

    OPTIONS:
    \(spec.optionsHelp)

    EXIT STATUS: as `conformance run`: 0 every test passed; 1 a test failed or errored (a test
    not answered is an error); 2 answers refused, no test checked, the pack or a file could not
    be read, or the command line was wrong; 130 or 143 interrupted.
    """
  }

  static func options(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError)
    -> JudgeOptions
  {
    try JudgeOptions(arguments, environment: environment, command: name)
  }

  static func run(_ options: JudgeOptions, console: Console) throws -> Int32 {
    // Read once the run knows its reports: a refusal replaces them, as for a run that could
    // not start (docs/cli.md).
    let request = JudgeRequest(roots: options.roots, packPath: options.pack) {
      loader, selection throws(JudgeRefusal) in
      try judged(
        answers: options.answers, packPath: options.pack, roots: options.roots, loader: loader, selection: selection)
    }
    return try RunPlan.execute(options.run, console: console, judging: request)
  }

  /// The pack (read, or made from the roots) and the answers files checked against it.
  static func judged(
    answers paths: [String], packPath: String?, roots: [String], loader: VectorLoader, selection: Selection
  )
    throws(JudgeRefusal) -> JudgedRun
  {
    var pack: Pack
    var loadFailures: [LoadFailure] = []
    if let packPath {
      let bytes: [UInt8]
      switch loader.read(VectorFileLocation(root: "", path: packPath)) {
      case .failure(let failure):
        throw .init(
          subject: "--pack", reason: "\(packPath): \(failure.reason)", message: "--pack \(packPath): \(failure.reason)")
      case .success(let read):
        bytes = read
      }
      do {
        pack = try Pack.read(bytes: bytes, path: packPath)
      } catch {
        throw .init(
          subject: "--pack", reason: "\(error.path): \(error.reason)", message: "--pack \(error.path): \(error.reason)")
      }
    } else {
      do {
        (pack, loadFailures) = try Pack.build(roots: roots, loader: loader, selection: selection)
      } catch {
        throw .init(subject: "--vectors", reason: error.description, message: "--vectors \(error)")
      }
    }
    var files: [AnswersFile] = []
    for path in paths {
      switch loader.read(VectorFileLocation(root: "", path: path)) {
      case .failure(let failure):
        throw .init(subject: path, reason: "\(path): \(failure.reason)", message: "\(path): \(failure.reason)")
      case .success(let bytes):
        do {
          files.append(try AnswersFile.read(bytes: bytes, path: path))
        } catch {
          throw .init(
            subject: path, reason: error.description, message: error.description,
            implementation: files.first?.implementation ?? "")
        }
      }
    }
    do {
      return JudgedRun(
        implementation: try JudgedImplementation(files: files, pack: pack), pack: pack, loadFailures: loadFailures,
        roots: roots, packPath: packPath)
    } catch {
      throw .init(
        subject: error.path, reason: error.description, message: error.description,
        implementation: files.first?.implementation ?? "")
    }
  }
}
