import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel
import Synchronization

/// The answers of an in-process run, recorded for `conformance judge` when the environment
/// variable `CONFORMANCE_ANSWERS` names a file (`conformance-answers/1`, docs/adapters.md):
/// a header naming the implementation, the digest of the pack it answered and its suites, then
/// one line per vector checked, each written and flushed as soon as the check has the answer,
/// then a trailer with the count when the process exits normally (or at ``finish()``).
///
/// One recorder per process, whichever test library checks the vectors: parallel Swift Testing
/// cases and XCTest methods all write through its lock. It starts when a
/// ``ConformanceImplementation`` first loads vectors.
public final class ConformanceAnswers: Sendable {
  /// The name of the environment variable that turns recording on.
  public static let environmentVariable = "CONFORMANCE_ANSWERS"

  /// The process's recorder, reading `CONFORMANCE_ANSWERS` once.
  package static let shared = ConformanceAnswers(path: environmentValue(environmentVariable))

  private struct State {
    var descriptor: Int32 = -1
    /// The header written, which every later implementation must repeat.
    var header: String?
    /// What the header was written from: an implementation with the same name, version, suites
    /// and root writes the same header, so its pack digest is not computed again.
    var headerSource: HeaderSource?
    var count = 0
    /// The answer line recorded for each vector: the same answer again (an XCTest and a Swift
    /// Testing test of the same suite in one run) is not written twice.
    var recorded: [ConformanceVector.ID: String] = [:]
    var finished = false
    /// Why recording stopped (the file could not be written), reported by every later check.
    var failure: String?
  }

  /// The answers file, `nil` when recording is off.
  let path: String?
  private let state = Mutex(State())

  init(path: String?) {
    self.path = path.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Writes the trailer (`{"end": true, "count": N}`) and closes the file; later answers are
  /// refused. Called at the process's normal exit; call it yourself where a test host may be
  /// ended without `exit` (an app that hosts the tests). Does nothing when recording is off or
  /// already finished.
  public static func finish() {
    shared.finish()
  }

  /// Whether answers are being recorded.
  var isRecording: Bool { path != nil }

  /// Starts recording for `implementation` (creating or truncating the file and writing the
  /// header), or checks that it is the implementation already recording.
  func start(_ implementation: ConformanceImplementation) throws(VectorLoadError) {
    guard let path else { return }
    let source = HeaderSource(implementation)
    let started = try state.withLock { state throws(VectorLoadError) -> Bool in
      if let failure = state.failure { throw VectorLoadError(description: failure) }
      return state.headerSource == source
    }
    if started { return }
    let digest = try implementation.loadedRoot().packDigest(suites: implementation.suites, root: implementation.root)
    var header: JSONObject = [
      "format": "conformance-answers/1", "implementation": .string(implementation.name),
    ]
    if let version = implementation.version { header["version"] = .string(version) }
    header["pack"] = .string(digest)
    header["suites"] = .array(implementation.suites.map { .string($0) })
    let line = JSONSerializer.compact.string(from: .object(header))
    try state.withLock { state throws(VectorLoadError) in
      if let failure = state.failure { throw VectorLoadError(description: failure) }
      if let written = state.header {
        guard written == line else {
          throw VectorLoadError(
            description:
              "\(path): answers are already recorded under another header (\(written)); one run records one "
              + "implementation with one list of suites, so declare a single ConformanceImplementation and load "
              + "every suite through it")
        }
        return
      }
      let descriptor: Int32
      do throws(SystemCallError) {
        descriptor = try createTruncated(path)
      } catch {
        throw VectorLoadError(
          description: "\(path): cannot record answers (\(Self.environmentVariable)): \(error.text)")
      }
      state.descriptor = descriptor
      state.header = line
      state.headerSource = source
      if let problem = Self.write(line, to: descriptor) {
        state.failure = "\(path): cannot record answers: \(problem)"
        throw VectorLoadError(description: state.failure!)
      }
    }
    Self.registerExitHook()
  }

  /// The parts of an implementation its answers header is made of (the digest from the suites
  /// and the root).
  private struct HeaderSource: Equatable {
    var name: String
    var version: String?
    var suites: [String]
    var root: String

    init(_ implementation: ConformanceImplementation) {
      name = implementation.name
      version = implementation.version
      suites = implementation.suites
      root = implementation.root
    }
  }

  /// Records `actual` as the answer to `vector`; `nil`, or why it could not be recorded (which
  /// the check reports as a failure, so a run never looks recorded when it is not).
  package func record(_ vector: ConformanceVector, answer actual: Outcome) -> String? {
    guard case .object(let answer) = actual.json else { return nil }
    return record(vector, answer: answer)
  }

  /// Records an implementation that threw instead of answering: `{"error": …}`, an error of the
  /// test in `judge`'s reports.
  package func record(_ vector: ConformanceVector, thrown error: any Error) -> String? {
    record(vector, answer: ["error": .string("could not evaluate the input: \(error)")])
  }

  /// Records that the kit left `vector` out on purpose: `{"skip": reason}`, reported skipped.
  package func record(_ vector: ConformanceVector, skipped reason: String) -> String? {
    record(vector, answer: ["skip": .string(reason)])
  }

  /// Records one answer line; `nil`, or why it could not be recorded.
  func record(_ vector: ConformanceVector, answer: JSONObject) -> String? {
    guard let path else { return nil }
    guard vector.loadedForAnswers else {
      return
        "\(Self.environmentVariable) is set but \(vector.suite) \(vector.vectorID) was loaded with "
        + "ConformanceVectors.load, which names no implementation: load it with "
        + "ConformanceImplementation(name:suites:).vectors(suite:) to record its answer"
    }
    let line = JSONSerializer.compact.string(
      from: .object(["suite": .string(vector.suite), "id": .string(vector.vectorID), "answer": .object(answer)]))
    return state.withLock { state -> String? in
      if let failure = state.failure { return failure }
      guard !state.finished else {
        return "\(path): the answers were already finished; \(vector.vectorID) not recorded"
      }
      guard state.descriptor >= 0 else { return "\(path): recording did not start; \(vector.vectorID) not recorded" }
      // A different answer is written too: judge then refuses the file, naming both lines.
      if state.recorded[vector.id] == line { return nil }
      state.recorded[vector.id] = state.recorded[vector.id] ?? line
      if let problem = Self.write(line, to: state.descriptor) {
        state.failure = "\(path): cannot record answers: \(problem)"
        return state.failure
      }
      state.count += 1
      return nil
    }
  }

  func finish() {
    state.withLock { state in
      guard state.descriptor >= 0, !state.finished else { return }
      state.finished = true
      if state.failure == nil {
        let trailer: JSONValue = .object(["end": true, "count": .number(JSONNumber(state.count))])
        _ = Self.write(JSONSerializer.compact.string(from: trailer), to: state.descriptor)
      }
      closeDescriptor(state.descriptor)
      state.descriptor = -1
    }
  }

  /// The trailer at the process's normal exit (`exit`, or the end of the test runner's main):
  /// not after a crash or a kill, which leave the file without it, as `judge` reports.
  private static let exitHook: Void = {
    runAtExit { ConformanceAnswers.shared.finish() }
  }()

  private static func registerExitHook() { _ = exitHook }

  /// Writes one line and its newline, whole (`write` retried on short writes and EINTR); `nil`,
  /// or the system's reason.
  private static func write(_ line: String, to descriptor: Int32) -> String? {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    do {
      try writeAll(descriptor, bytes)
      return nil
    } catch {
      return error.text
    }
  }
}
