// Handing work between threads through memory the types manage themselves
// (`UnsafeMutableBufferPointer`), ordered by semaphores: the run's bounded pipeline, and
// write-once slots for `concurrentPerform`.

import Dispatch

/// Computes `work(0..<count)` on worker threads and hands the results over strictly in index
/// order, with at most `window` results computed ahead of the one being taken.
///
/// A worker first takes a place in the window, then the next index, so the indices in flight
/// are always the `window` or fewer right after the last one taken: the one the consumer waits
/// for is always being worked on, and the pipeline cannot deadlock. Results wait in a ring of
/// `window` slots, each with a semaphore that says when its result is there.
///
/// `@unchecked Sendable`: the ring slots are handed between threads by the semaphores (a
/// worker writes slot `i % window` before signalling it; the consumer reads it after waiting on
/// it, and the worker for index `i + window` cannot start before the consumer released `i`'s
/// place), and `next` and `stopped` are only touched under `lock`.
package final class OrderedPipeline<Result: Sendable>: @unchecked Sendable {
  private let count: Int
  private let window: Int
  private let work: @Sendable (Int) -> Result
  private let ring: UnsafeMutableBufferPointer<Result?>
  /// Which worker loop made the result in each ring slot.
  private let producers: UnsafeMutableBufferPointer<Int>
  /// Results the consumer is done with, by the worker loop that made them, for that loop to
  /// free (under `lock`).
  private var discarded: [[Result]]
  private let filled: [DispatchSemaphore]
  private let places: DispatchSemaphore
  private let lock = DispatchSemaphore(value: 1)
  private var next = 0
  private var stopped = false
  private let workers = DispatchGroup()
  /// Upper bound on worker loops; `concurrentPerform` runs as many at once as there are cores.
  private let workerLoops: Int

  /// `threads`: run exactly that many worker loops at once, each on a thread of its own (work
  /// that mostly waits, such as adapter instances); `nil`: as many as there are cores.
  package init(count: Int, window: Int, threads: Int? = nil, work: @escaping @Sendable (Int) -> Result) {
    self.count = count
    self.window = window
    self.work = work
    ring = .allocate(capacity: window)
    ring.initialize(repeating: nil)
    producers = .allocate(capacity: window)
    producers.initialize(repeating: 0)
    filled = (0..<window).map { _ in DispatchSemaphore(value: 0) }
    places = DispatchSemaphore(value: window)
    workerLoops = min(count, threads.map { max(1, $0) } ?? 64)
    discarded = Array(repeating: [], count: workerLoops)
    guard workerLoops > 0 else { return }
    if threads != nil {
      // A serial queue of its own per loop: each gets a thread even while the others wait.
      for loop in 0..<workerLoops {
        workers.enter()
        DispatchQueue(label: "conformance.worker.\(loop)").async { [self] in
          workLoop(loop)
          workers.leave()
        }
      }
      return
    }
    workers.enter()
    let loops = workerLoops
    DispatchQueue.global().async { [self] in
      DispatchQueue.concurrentPerform(iterations: loops) { loop in workLoop(loop) }
      workers.leave()
    }
  }

  deinit {
    ring.deinitialize()
    ring.deallocate()
    producers.deallocate()
  }

  /// `loop`: this worker loop's number, 0 up to `workerLoops`.
  private func workLoop(_ loop: Int) {
    while true {
      places.wait()
      lock.wait()
      // What the consumer is done with of this loop's results is freed here, by the thread
      // whose allocator made it: freed by the consumer, each block took the lock of the
      // worker's malloc arena while the worker was allocating from it.
      let done = discarded[loop]
      discarded[loop] = []
      guard !stopped, next < count else {
        lock.signal()
        places.signal()  // lets the next waiting worker see the end too
        return
      }
      let index = next
      next += 1
      lock.signal()
      _ = consume done
      ring[index % window] = work(index)
      producers[index % window] = loop
      filled[index % window].signal()
    }
  }

  /// Hands back a result the consumer is done with, so that the worker loop that made it frees
  /// it (see ``workLoop(_:)``). `producer` is the one ``take(_:unless:)`` gave with it. The
  /// consumer must hold no other reference to the result's storage, or it frees that itself.
  package func discard(_ result: consuming Result, producer: Int) {
    lock.wait()
    discarded[producer].append(result)
    lock.signal()
  }

  /// The result for `index`, with the worker loop that made it (for ``discard(_:producer:)``);
  /// indices must be taken in order, 0, 1, 2, … `nil` as soon as `giveUp` says so (asked every
  /// 20 ms while waiting); the pipeline is then only good for ``stop()``.
  package func take(_ index: Int, unless giveUp: () -> Bool) -> (result: Result, producer: Int)? {
    while filled[index % window].wait(timeout: .now() + .milliseconds(20)) == .timedOut {
      if giveUp() { return nil }
    }
    let result = ring[index % window].take()!
    let producer = producers[index % window]
    places.signal()
    return (result, producer)
  }

  /// Stops handing out work, waits for the workers to return, and frees what was handed back
  /// after its worker's last look. Called when the consumer is done (normally, or early because
  /// an observer threw); a second call only frees what was discarded since.
  package func stop() {
    lock.wait()
    let first = !stopped
    stopped = true
    lock.signal()
    if first {
      // Wake every worker that waits for a place (a semaphore may not end below its start value).
      for _ in 0..<(window + workerLoops) { places.signal() }
      workers.wait()
    }
    // Freed here, not left to `deinit`: the worker's block still holds the pipeline for a
    // moment after `workers.wait()` returns, so `deinit` may run later on that thread, and the
    // last results would outlive the run that made them.
    lock.wait()
    let left = discarded
    discarded = Array(repeating: [], count: workerLoops)
    lock.signal()
    _ = consume left
  }
}

/// Write-once result slots filled from `concurrentPerform`.
///
/// `@unchecked Sendable` is sound here because each index is written by exactly one iteration,
/// and the values are read only after `concurrentPerform` has returned (which orders the writes
/// before the reads).
package final class Slots<Value>: @unchecked Sendable {
  // A raw buffer, not an array property: concurrent writes through a `var` array would be
  // overlapping accesses to one variable, which exclusivity checking rightly traps.
  private let storage: UnsafeMutableBufferPointer<Value?>

  package init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  package func set(_ index: Int, _ value: Value) {
    storage[index] = value
  }

  package var values: [Value] { storage.map { $0! } }
}
