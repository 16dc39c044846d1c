import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel

/// A run's id: 32 lowercase hex digits from the system's random source, the same in every
/// report of the run (JUnit property `run-id`, JSON `runId`, HTML and Markdown text), so that
/// reports from two runs are told apart.
public enum RunID {
  public static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return [generator.next(), generator.next()].map { (value: UInt64) in
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}

/// The reports of one run, renamed into place together once all of them are written.
///
/// Each report observer hands its report here when the run finishes, as a renderer of the bytes
/// given the write errors known so far (``addPending(destination:rendersAgain:_:)``); as an
/// observer placed after them, the set stages every report (a hidden temporary file beside the
/// destination) and renames them into place, holding a lock (`flock`) on each destination
/// folder meanwhile. So the set never mixes two runs: another run of this tool renaming into the
/// same folders waits for the lock, and readers see the old set or the new one except during
/// the renames themselves (microseconds apart). Staged reports not committed are removed.
///
/// A report that cannot be written (a full disk, a folder gone read-only) never takes the others
/// with it: its error is recorded (``failures``), and every other report is staged again with
/// the errors stated in it, until no new error comes; the JUnit report, whose body is streamed
/// once, and reports written through to a device come last, once.
public final class ReportSet: RunObserver {
  private var staged: [StagedReport] = []
  /// Locks released once the staged reports are in place (or discarded): the history's.
  private var held: [RunHistory.Lock] = []
  private var pending: [Pending] = []
  /// The reports that could not be written, in the order the errors came; the run exits 2.
  public private(set) var failures: [ReportWriteError] = []
  /// The destinations renamed (or written through) into place, as given.
  public private(set) var written: [String] = []

  /// A report waiting for the run's write errors: `render` stages it, stating `errors`.
  struct Pending {
    var destination: String
    /// A regular file can be staged again; a device or FIFO is written through once.
    var rendersAgain: Bool
    /// Staged after every other report (the JUnit report, which lists their errors).
    var isLast: Bool
    var render: ([ReportWriteError]) throws(ReportWriteError) -> StagedReport
  }

  public init() {}

  deinit { discard() }

  func add(_ report: StagedReport) {
    staged.append(report)
  }

  /// Keeps `lock` until the set is committed or discarded.
  func hold(_ lock: RunHistory.Lock) {
    held.append(lock)
  }

  /// Records a report that could not be written (its observer stops writing it).
  public func record(_ failure: ReportWriteError) {
    failures.append(failure)
  }

  /// Hands over a report to stage when the run finishes, once the other reports' errors are
  /// known: again when another report fails after it, unless it goes to a device or FIFO
  /// (written through, so once). `isLast`: staged once, after every other report.
  func addPending(
    destination: String, isLast: Bool = false,
    _ render: @escaping ([ReportWriteError]) throws(ReportWriteError) -> StagedReport
  ) {
    var again = !isLast
    if again, case .writeThrough? = try? FileSystem.reportTarget(destination) { again = false }
    pending.append(Pending(destination: destination, rendersAgain: again, isLast: isLast, render: render))
  }

  public func fileFinished(_ report: FileReport) throws {}

  public func runFinished(_ summary: RunSummary) {
    stagePending()
    commit()
  }

  /// Stages every pending report with the errors of the others: the reports that can be staged
  /// again first, again as long as a new error comes; then the others once (the JUnit report
  /// last), after which the first are brought up to date.
  func stagePending() {
    var done: [StagedReport?] = Array(repeating: nil, count: pending.count)
    var seen = Array(repeating: -1, count: pending.count)
    var failed = Set<Int>()
    func stage(_ index: Int) {
      if let old = done[index] { ReportFileWriter.abandon(old) }
      done[index] = nil
      seen[index] = failures.count
      do {
        done[index] = try pending[index].render(failures)
      } catch {
        failures.append(error)
        failed.insert(index)
      }
    }
    func settle() {
      var before: Int
      repeat {
        before = failures.count
        for index in pending.indices where pending[index].rendersAgain && !failed.contains(index) {
          if seen[index] != failures.count { stage(index) }
        }
      } while failures.count != before
    }
    settle()
    for index in pending.indices where !pending[index].rendersAgain && !pending[index].isLast { stage(index) }
    settle()
    for index in pending.indices where pending[index].isLast { stage(index) }
    settle()
    for report in done { if let report { staged.append(report) } }
    pending = []
  }

  /// Renames every staged report into place, under a lock on each destination folder (taken in
  /// byte order of the folders, so two runs never wait on each other crosswise). One that cannot
  /// be renamed is recorded in ``failures``; the others still are.
  public func commit() {
    let folders = Set(staged.compactMap { $0.temporary.map(FileSystem.folder(of:)) }).sorted(by: utf8Precedes)
    let locks = folders.compactMap { folder -> Int32? in
      let descriptor = try? openFile(folder, [.readOnly, .folder])
      if let descriptor { try? lockFile(descriptor) }
      return descriptor
    }
    defer {
      for descriptor in locks { try? closeFile(descriptor) }
      held = []
    }
    while !staged.isEmpty {
      let next = staged.removeFirst()
      do {
        try ReportFileWriter.commit(next)
        written.append(next.destination)
      } catch {
        failures.append(error)
      }
    }
  }

  /// Whether the report at `destination` was put in place.
  public func wrote(_ destination: String) -> Bool {
    written.contains { $0.utf8.elementsEqual(destination.utf8) }
  }

  /// Removes every staged report's temporary file; the destinations are left as they were.
  public func discard() {
    for report in staged { ReportFileWriter.abandon(report) }
    staged = []
    held = []
    pending = []
  }
}
