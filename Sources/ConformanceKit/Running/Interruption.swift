import Synchronization

/// A request to stop a run early (SIGINT, SIGTERM), shared between the thread that learns of it
/// and the runner, which looks at it before each file it hands to observers.
///
/// An object passed to the runner, not a global: the signal handling that sets it lives in the
/// command layer (`SignalWatcher`), and tests set it directly.
public final class Interruption: Sendable {
  private let received = Atomic<Int32>(0)

  public init() {}

  /// Records the signal that asks the run to stop; the first one wins.
  public func interrupt(signal: Int32) {
    _ = received.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
  }

  /// The signal received, if any.
  public var signal: Int32? {
    let value = received.load(ordering: .sequentiallyConsistent)
    return value == 0 ? nil : value
  }
}

/// How a run that was interrupted ended: which signal, and how far it got.
public struct RunInterruption: Sendable, Equatable {
  public var signal: Int32
  /// Files handed to observers before the run stopped, and the files it would have run.
  public var filesDone: Int
  public var fileCount: Int

  public init(signal: Int32, filesDone: Int, fileCount: Int) {
    self.signal = signal
    self.filesDone = filesDone
    self.fileCount = fileCount
  }

  /// `SIGTERM`, `SIGINT`, or `signal N`.
  public var signalName: String {
    switch signal {
    case 2: return "SIGINT"
    case 15: return "SIGTERM"
    case 1: return "SIGHUP"
    default: return "signal \(signal)"
    }
  }

  /// `interrupted by SIGTERM after 12 of 400 files`.
  public var message: String { "interrupted by \(signalName) after \(filesDone) of \(fileCount) files" }

  /// 128 + the signal number, as a shell reports a process the signal ended.
  public var exitStatus: Int32 { 128 + signal }
}
