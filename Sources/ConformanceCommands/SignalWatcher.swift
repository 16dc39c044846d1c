import CSystemShims
import ConformanceKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into an ``Interruption`` while a run lasts, so the run can stop
/// within a second (mid-file too) and still write its reports (docs/decisions.md, "Interrupted runs").
///
/// A signal handler may only do async-signal-safe work, so the handler (in CSystemShims) writes
/// the signal's number to a pipe, and a thread of ours reads it and sets the interruption. The
/// pipe is the one process-wide thing a handler can reach; it lives in the C shim, which keeps
/// the Swift code free of global mutable state. After the first signal the default actions are
/// back: a second SIGINT or SIGTERM ends the process at once (its temporary files are then left
/// for the next run to remove).
final class SignalWatcher {
  private var thread: pthread_t?
  /// The thread's reference to the interruption, released by ``stop()`` once the thread is
  /// gone: the thread itself allocates and frees nothing, since a first `free` on a thread makes
  /// glibc set up that thread's cache (a new arena, three system calls) while the run waits to
  /// end.
  private var box: Unmanaged<InterruptionBox>?

  /// Starts watching; `nil` when signals cannot be caught (already watched, no pipe).
  static func start(_ interruption: Interruption) -> SignalWatcher? {
    guard conformance_signals_start() == 0 else { return nil }
    let watcher = SignalWatcher()
    let box = Unmanaged.passRetained(InterruptionBox(interruption))
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        let box = Unmanaged<InterruptionBox>.fromOpaque(context!).takeUnretainedValue()
        let number = conformance_signals_next()
        if number != 0 {
          conformance_signals_restore_defaults()
          box.interruption.interrupt(signal: Int32(number))
        }
        return nil
      }, box.toOpaque())
    guard created == 0 else {
      box.release()
      conformance_signals_stop()
      conformance_signals_close()
      return nil
    }
    watcher.thread = thread
    watcher.box = box
    return watcher
  }

  /// Puts back the signals' earlier actions and ends the watching thread.
  func stop() {
    guard let thread else { return }
    conformance_signals_stop()
    pthread_join(thread, nil)
    conformance_signals_close()
    self.thread = nil
    box?.release()
    box = nil
  }

  private final class InterruptionBox {
    let interruption: Interruption
    init(_ interruption: Interruption) { self.interruption = interruption }
  }
}
