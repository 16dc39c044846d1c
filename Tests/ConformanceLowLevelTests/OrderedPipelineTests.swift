import ConformanceLowLevel
import Dispatch
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Counts how many of its values were freed, and how many of those on the thread that created
/// the ledger (the consumer's).
final class FreeLedger: @unchecked Sendable {
  private let lock = DispatchSemaphore(value: 1)
  private let consumer = pthread_self()
  private(set) var freed = 0
  private(set) var freedByConsumer = 0

  func record() {
    lock.wait()
    freed += 1
    if pthread_equal(pthread_self(), consumer) != 0 { freedByConsumer += 1 }
    lock.signal()
  }
}

/// A result that says when it is freed.
final class TrackedResult: Sendable {
  let index: Int
  let ledger: FreeLedger
  init(index: Int, ledger: FreeLedger) {
    self.index = index
    self.ledger = ledger
  }
  deinit { ledger.record() }
}

@Suite struct OrderedPipelineTests {
  @Test func resultsComeInOrderAndDiscardedOnesAreFreedByTheWorkers() {
    let count = 200
    let window = 4
    let ledger = FreeLedger()
    do {
      let pipeline = OrderedPipeline<TrackedResult>(count: count, window: window) { index in
        TrackedResult(index: index, ledger: ledger)
      }
      for index in 0..<count {
        guard let (result, producer) = pipeline.take(index, unless: { false }) else {
          Issue.record("no result for \(index)")
          return
        }
        #expect(result.index == index)
        pipeline.discard(consume result, producer: producer)
      }
      pipeline.stop()
    }
    // Every result freed once; all but the last few (handed back after their worker had no
    // more work) by a worker.
    #expect(ledger.freed == count)
    #expect(ledger.freedByConsumer <= 2 * window + 2)
  }
}
