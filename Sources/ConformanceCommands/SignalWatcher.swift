import ConformanceKit
import ConformanceLowLevel

/// Turns SIGINT and SIGTERM into an ``Interruption`` while a run lasts, so the run can stop
/// within a second (mid-file too) and still write its reports (docs/decisions.md, "Interrupted runs").
/// The signals are caught through a self-pipe and a thread of their own (``InterruptSignals``);
/// after the first, a second SIGINT or SIGTERM ends the process at once (its temporary files are
/// then left for the next run to remove).
final class SignalWatcher {
  private let signals: InterruptSignals

  private init(_ signals: InterruptSignals) {
    self.signals = signals
  }

  /// Starts watching; `nil` when signals cannot be caught (already watched, no pipe).
  static func start(_ interruption: Interruption) -> SignalWatcher? {
    InterruptSignals.start { signal in interruption.interrupt(signal: signal) }.map(SignalWatcher.init)
  }

  /// Puts back the signals' earlier actions and ends the watching thread.
  func stop() {
    signals.stop()
  }
}
