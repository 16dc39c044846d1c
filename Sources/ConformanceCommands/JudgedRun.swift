import ConformanceKit

/// What `conformance judge` asks of the run: the tests' roots or pack (named in the reports),
/// and how to read the pack and the answers, which the run does once its reports are known,
/// so answers refused replace the reports like any run that could not start.
struct JudgeRequest {
  /// `--vectors` roots; empty with `--pack`.
  var roots: [String]
  var packPath: String?
  /// Reads the tests and the answers with the run's loader and selection.
  var load: (VectorLoader, Selection) throws(JudgeRefusal) -> JudgedRun
}

/// Why recorded answers (or their pack) cannot be judged: `subject` names the file or the
/// option in the reports, `message` is the console's line.
struct JudgeRefusal: Error {
  var subject: String
  var reason: String
  var message: String
  /// The answers' implementation, when the files were read that far.
  var implementation = ""
}

/// What `conformance judge` runs instead of vector files against implementations: a pack's
/// tests (and the files under `--vectors` that did not load) against recorded answers.
struct JudgedRun {
  var implementation: JudgedImplementation
  var pack: Pack
  var loadFailures: [LoadFailure] = []
  /// `--vectors` roots; empty with `--pack`.
  var roots: [String]
  /// Named in the reports instead of roots with `--pack`.
  var packPath: String?
}
