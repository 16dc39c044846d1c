import ConformanceJSON
import ConformanceKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// Each report observer stages its report (a hidden temporary file beside the destination) and
/// hands it here; as an observer placed after them, the set renames every staged report into
/// place when the run finishes, holding a lock (`flock`) on each destination folder meanwhile.
/// So the set never mixes two runs: another run of this tool renaming into the same folders
/// waits for the lock, and readers see the old set or the new one except during the renames
/// themselves (microseconds apart). Staged reports not committed are removed.
public final class ReportSet: RunObserver {
  private var staged: [StagedReport] = []
  /// Locks released once the staged reports are in place (or discarded): the history's.
  private var held: [RunHistory.Lock] = []

  public init() {}

  deinit { discard() }

  func add(_ report: StagedReport) {
    staged.append(report)
  }

  /// Keeps `lock` until the set is committed or discarded.
  func hold(_ lock: RunHistory.Lock) {
    held.append(lock)
  }

  public func fileFinished(_ report: FileReport) throws {}

  public func runFinished(_ summary: RunSummary) throws(ReportWriteError) {
    try commit()
  }

  /// Renames every staged report into place, under a lock on each destination folder (taken in
  /// byte order of the folders, so two runs never wait on each other crosswise).
  public func commit() throws(ReportWriteError) {
    let folders = Set(staged.compactMap { $0.temporary.map(FileSystem.folder(of:)) }).sorted(by: utf8Precedes)
    let locks = folders.map { folder -> Int32 in
      let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if descriptor >= 0 {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
      }
      return descriptor
    }
    defer {
      for descriptor in locks where descriptor >= 0 { close(descriptor) }
      held = []
    }
    while !staged.isEmpty {
      let next = staged.removeFirst()
      try ReportFileWriter.commit(next)
    }
  }

  /// Removes every staged report's temporary file; the destinations are left as they were.
  public func discard() {
    for report in staged { ReportFileWriter.abandon(report) }
    staged = []
    held = []
  }
}
