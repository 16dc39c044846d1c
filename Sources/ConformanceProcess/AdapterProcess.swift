import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel

/// One running adapter: `/bin/sh -c COMMAND` in its own process group, with three pipes.
///
/// Everything the harness does with it is bounded in time: writes and reads go through
/// non-blocking descriptors and `poll` with a deadline; the process's exit is noticed with a
/// non-blocking `waitid` even while a child it left behind keeps its output open; ending it
/// signals the whole process group. The adapter's standard error is a pipe of its own, drained
/// whenever the harness waits, so it never holds the harness's standard error.
///
/// `@unchecked Sendable`: a process is used by one thread at a time (it is checked out of the
/// pool of its ``ProcessImplementation`` for one request, and ended by whoever holds it).
final class AdapterProcess: @unchecked Sendable {
  /// The shell's process id, which is also the process group's id.
  let process: Int32
  /// The value of ``ProcessTree/variable`` in the environment of this instance and of all it
  /// starts: how descendants that left the process group are found.
  private let token: String
  private var input: Int32
  private var output: Int32
  private var errors: Int32
  private var answers: LineBuffer
  /// Standard error read since the current test began, bounded.
  private(set) var log: BoundedLog
  /// The last few kilobytes of standard error, across tests, for crash messages.
  private var recentLog = BoundedLog(headLimit: 0, tailLimit: 4096)
  private var exitStatus: ExitStatus? = nil
  private var ended = false
  /// Ids of requests reported as errors before their answer came (a stray line first), the
  /// latest few: their answers are dropped when they arrive.
  private var abandoned: [Int] = []

  /// How the process ended.
  enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    var description: String {
      switch self {
      case .exited(let code): "exited with status \(code)"
      case .signalled(let signal):
        "was killed by signal \(signal) (\(signalDescription(signal)))"
      }
    }
  }

  /// What waiting for a line gave.
  enum LineEvent: Sendable {
    case line([UInt8])
    /// A line grew past the cap without a newline (the bytes read so far are dropped).
    case tooLong(limit: Int)
    /// The adapter closed its standard output but its process is still running.
    case closed
    /// The adapter's process ended (its output may still be held open by a child).
    case exited(ExitStatus)
    case timedOut
    /// The run was interrupted (SIGINT, SIGTERM) while waiting.
    case interrupted
  }

  /// Why the adapter could not be started.
  struct SpawnError: Error, Sendable, CustomStringConvertible {
    var description: String
  }

  init(command: String, lineLimit: Int, logLimit: Int) throws(SpawnError) {
    let token = ProcessTree.newToken()
    let (process, input, output, errors) = try Self.spawn(command: command, token: token)
    self.process = process
    self.token = token
    self.input = input
    self.output = output
    self.errors = errors
    answers = LineBuffer(limit: lineLimit)
    log = BoundedLog(headLimit: logLimit / 2, tailLimit: logLimit / 2)
  }

  deinit {
    end(grace: 0)
  }

  /// Records that the request `id` was given up before its answer came.
  func abandon(_ id: Int) {
    abandoned.append(id)
    if abandoned.count > 64 { abandoned.removeFirst() }
  }

  /// Whether `id` was given up (and forgets it: one answer is dropped per request).
  func forgetAbandoned(_ id: Int) -> Bool {
    guard let index = abandoned.firstIndex(of: id) else { return false }
    abandoned.remove(at: index)
    return true
  }

  /// Whether a line after the last answer is the late answer to a request given up.
  func isLateAnswer(_ line: [UInt8]) -> Bool {
    guard let object = (try? JSONParser().parse(line))?.objectValue,
      let id = object["id"].flatMap(AdapterID.integer(_:))
    else { return false }
    return forgetAbandoned(id)
  }

  /// Starts a new test's log (what the adapter writes on standard error from now on).
  func startLog() {
    log.clear()
  }

  /// The last lines the adapter wrote on standard error (at most `count`), across tests.
  func lastLogLines(_ count: Int) -> [String] {
    let text = recentLog.text
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    if lines.count > count { lines.removeFirst(lines.count - count) }
    return lines
  }

  /// Writes `bytes` to the adapter's input before `deadline`. Returns `false` when the time ran
  /// out; a closed input (the adapter exited) is not reported here: reading its answer says what
  /// happened, with one message whichever side noticed first.
  func write(_ bytes: [UInt8], deadline: UInt64, interruption: Interruption? = nil) -> Bool {
    var offset = 0
    while offset < bytes.count && input >= 0 {
      switch writeSome(input, bytes, from: offset) {
      case .wrote(let written) where written > 0:
        offset += written
        continue
      case .wrote, .failed: return true
      case .wouldBlock: break
      }
      // The pipe is full: wait until it drains, reading the adapter's output meanwhile (an
      // adapter blocked writing to a full pipe of ours would never read its input again).
      guard interruption?.signal == nil, let wait = remainingMilliseconds(until: deadline) else { return false }
      let ready = waitForReadiness(reading: readDescriptors(), writing: input, milliseconds: min(wait, 100))
      drainReadable(ready)
      if answers.hasLine || answers.isOverLimit { return true }
    }
    return true
  }

  /// The next line the adapter writes on standard output, waiting at most until `deadline`.
  /// Waits in slices of at most 100 ms, so that an `interruption` is acted on within that.
  func nextLine(deadline: UInt64, interruption: Interruption? = nil) -> LineEvent {
    while true {
      if let line = answers.takeLine() { return .line(line) }
      if interruption?.signal != nil { return .interrupted }
      if answers.isOverLimit {
        answers.discardAll()
        return .tooLong(limit: answers.limit)
      }
      if output < 0 {
        if let status = exitStatus ?? pollExit() { return .exited(status) }
        // Output closed: a process that is exiting closes it first, so give its exit a moment
        // (up to a second) before calling it a process that closed its output and lives on.
        let exitDeadline = min(deadline, monotonicNanoseconds() + 1_000_000_000)
        while let wait = remainingMilliseconds(until: exitDeadline) {
          pause(readingFor: min(wait, 10))
          if let status = pollExit() { return .exited(status) }
        }
        return .closed
      }
      guard let wait = remainingMilliseconds(until: deadline) else { return .timedOut }
      let ready = waitForReadiness(reading: readDescriptors(), milliseconds: min(wait, 100))
      if !ready.isEmpty {
        drainReadable(ready)
      } else if let status = pollExit() {
        // The process ended while something else (a child it started) keeps the pipe open:
        // whatever it wrote before exiting is in the pipe already.
        drainReadable(readDescriptors())
        if let line = answers.takeLine() { return .line(line) }
        return .exited(status)
      }
    }
  }

  /// Reads what standard error holds now without waiting (the log written just before an answer).
  func drainLog() {
    guard errors >= 0 else { return }
    drainReadable(waitForReadiness(reading: [errors], milliseconds: 0))
  }

  /// Closes the adapter's input: its signal to finish.
  func closeInput() {
    closeDescriptor(&input)
  }

  /// Closes the adapter's input, gives it `grace` seconds to exit (collecting the lines it
  /// still writes on standard output: surplus answers), then ends its whole process group and
  /// reaps it. Returns at most five such lines. Safe to call more than once.
  @discardableResult
  func end(grace: Double) -> Ending {
    guard !ended else { return Ending(surplus: [], exitedInTime: true) }
    ended = true
    closeDescriptor(&input)
    var surplus: [[UInt8]] = []
    let deadline = monotonicNanoseconds() + UInt64(max(0, grace) * 1e9)
    while exitStatus == nil {
      if let line = answers.takeLine() {
        if surplus.count < 5 { surplus.append(line) }
        continue
      }
      guard pollExit() == nil, let wait = remainingMilliseconds(until: deadline) else { break }
      pause(readingFor: min(wait, 100))
    }
    let exitedInTime = exitStatus != nil
    if exitedInTime {
      drainReadable(readDescriptors())
    }
    while surplus.count < 5, let line = answers.takeLine() { surplus.append(line) }
    if answers.hasPartialLine && surplus.count < 5 { surplus.append(answers.takeRest()) }
    // Descendants that left the group (found while the adapter still links to them), then the
    // group, while the leader is unreaped (so its id cannot have been reused): a child the
    // adapter left behind is ended with it, in its group or not.
    let escaped = ProcessTree.members(root: process, token: token)
    killHard(process, group: true)
    for pid in escaped { killHard(pid) }
    // Those re-parented to the harness (their parent exited; the harness is a subreaper) are
    // reaped here; the others are their parents' to reap.
    for pid in escaped {
      for _ in 0..<20 {
        if reapWithoutWaiting(pid) != .running { break }
        sleepMilliseconds(1)
      }
    }
    for _ in 0..<200 {
      let outcome = reapWithoutWaiting(process)
      if outcome == .reaped || outcome == .failed { break }
      sleepMilliseconds(5)
    }
    closeDescriptor(&output)
    closeDescriptor(&errors)
    return Ending(surplus: surplus, exitedInTime: exitedInTime)
  }

  /// What ending an adapter showed: lines it wrote after its last answer, and whether it exited
  /// on its own within the grace time.
  struct Ending: Sendable {
    var surplus: [[UInt8]]
    var exitedInTime: Bool
  }

  // MARK: - Internals

  /// Waits up to `milliseconds` for output, reading what comes (a plain sleep once both
  /// output pipes are closed).
  private func pause(readingFor milliseconds: Int) {
    drainReadable(waitForReadiness(reading: readDescriptors(), milliseconds: milliseconds))
  }

  /// The open output descriptors (standard output, standard error).
  private func readDescriptors() -> [Int32] {
    [output, errors].filter { $0 >= 0 }
  }

  /// Reads each of `descriptors` until it would block (standard output only until a line is
  /// complete or the cap is passed, so a huge line is not read beyond the cap).
  private func drainReadable(_ descriptors: [Int32]) {
    for descriptor in descriptors {
      if descriptor == output {
        reading: while output >= 0 && !answers.isOverLimit && !answers.hasLine {
          switch readAvailable(output) {
          case .bytes(let chunk): answers.append(chunk)
          case .wouldBlock: break reading
          case .end: closeDescriptor(&output)
          }
        }
      } else if descriptor == errors {
        // Bounded per wake-up, so an adapter logging without pause cannot starve its answers.
        reading: for _ in 0..<16 where errors >= 0 {
          switch readAvailable(errors) {
          case .bytes(let chunk):
            log.append(chunk)
            recentLog.append(chunk)
          case .wouldBlock: break reading
          case .end: closeDescriptor(&errors)
          }
        }
      }
    }
  }

  /// The exit status if the process has ended, without reaping it (see ``end(grace:)``).
  private func pollExit() -> ExitStatus? {
    if let exitStatus { return exitStatus }
    switch peekExit(process) {
    case nil: return nil
    case .exited(let code): exitStatus = .exited(code)
    case .signalled(let signal): exitStatus = .signalled(signal)
    }
    return exitStatus
  }

  private func closeDescriptor(_ descriptor: inout Int32) {
    if descriptor >= 0 { ConformanceLowLevel.closeDescriptor(descriptor) }
    descriptor = -1
  }

  /// Milliseconds left until `deadline` (at least 1 while time remains), `nil` once it passed.
  private func remainingMilliseconds(until deadline: UInt64) -> Int? {
    let now = monotonicNanoseconds()
    guard now < deadline else { return nil }
    return max(1, Int((deadline - now) / 1_000_000))
  }

  /// `/bin/sh -c command` in a new process group, with its standard input, output and error on
  /// three new pipes, marked with `token` (``ProcessTree/variable``): the process and the
  /// harness's non-blocking ends.
  private static func spawn(command: String, token: String) throws(SpawnError) -> (Int32, Int32, Int32, Int32) {
    // Orphaned descendants of adapters come back to the harness instead of init (ProcessTree).
    becomeChildSubreaper()
    do {
      let shell = try spawnShell(command: command, environmentName: ProcessTree.variable, value: token)
      return (shell.process, shell.input, shell.output, shell.errors)
    } catch {
      throw SpawnError(description: "cannot start adapter `\(command)`: \(error.call): \(error.error.text)")
    }
  }
}

/// `\n`-terminated lines out of appended chunks, in linear time: the search for a newline goes
/// on where the previous one stopped (rescanning the whole buffer after every read made a
/// 100 MB line take a minute), and consumed bytes are dropped once they are half the buffer.
/// A line longer than `limit` bytes is not kept: ``isOverLimit`` says so.
public struct LineBuffer: Sendable {
  public let limit: Int
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next newline resumes.
  private var scanned = 0
  /// The newline ending the next line, once found.
  private var newline: Int? = nil

  public init(limit: Int) {
    self.limit = limit
  }

  public mutating func append(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    findNewline()
  }

  public var hasLine: Bool { newline != nil }
  /// Bytes without a newline past the current line start.
  public var hasPartialLine: Bool { newline == nil && start < buffer.count }
  /// The line being read is longer than `limit` and has no newline yet.
  public var isOverLimit: Bool { newline == nil && buffer.count - start > limit }

  /// The next complete line without its newline.
  public mutating func takeLine() -> [UInt8]? {
    guard let end = newline else { return nil }
    let line = Array(buffer[start..<end])
    start = end + 1
    scanned = start
    newline = nil
    if start > 65_536 && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
      scanned = 0
    }
    findNewline()
    return line
  }

  /// The bytes after the last newline (a last line without one).
  public mutating func takeRest() -> [UInt8] {
    let rest = Array(buffer[start...])
    discardAll()
    return rest
  }

  public mutating func discardAll() {
    buffer.removeAll()
    start = 0
    scanned = 0
    newline = nil
  }

  private mutating func findNewline() {
    guard newline == nil else { return }
    if let found = buffer[scanned...].firstIndex(of: 0x0A) {
      newline = found
    } else {
      scanned = buffer.count
    }
    // A line past the cap keeps no more than the cap (the rest is never looked at).
    if newline == nil && buffer.count - start > limit + 1 {
      buffer.removeLast(buffer.count - start - limit - 1)
      scanned = buffer.count
    }
  }
}

/// A log bounded in memory: its first `headLimit` bytes and its last `tailLimit` bytes, with the
/// number of bytes left out between them.
struct BoundedLog: Sendable {
  let headLimit: Int
  let tailLimit: Int
  private var head: [UInt8] = []
  private var tail: [UInt8] = []
  private var omitted = 0

  init(headLimit: Int, tailLimit: Int) {
    self.headLimit = headLimit
    self.tailLimit = tailLimit
  }

  var isEmpty: Bool { head.isEmpty && tail.isEmpty }

  mutating func clear() {
    head.removeAll(keepingCapacity: true)
    tail.removeAll(keepingCapacity: true)
    omitted = 0
  }

  mutating func append(_ bytes: [UInt8]) {
    var bytes = bytes[...]
    if head.count < headLimit {
      let taken = bytes.prefix(headLimit - head.count)
      head.append(contentsOf: taken)
      bytes = bytes.dropFirst(taken.count)
    }
    guard !bytes.isEmpty else { return }
    tail.append(contentsOf: bytes)
    if tail.count > tailLimit * 2 || (tailLimit == 0 && !tail.isEmpty) {
      let excess = tail.count - tailLimit
      omitted += excess
      tail.removeFirst(excess)
    }
  }

  /// The log as text (invalid UTF-8 shown as U+FFFD), with a line saying how much was left out.
  var text: String {
    var tail = self.tail
    var omitted = self.omitted
    if tail.count > tailLimit {
      omitted += tail.count - tailLimit
      tail.removeFirst(tail.count - tailLimit)
    }
    var text = String(decoding: head, as: UTF8.self)
    if omitted > 0 {
      if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
      text += "[… \(omitted) bytes of standard error left out …]\n"
    }
    text += String(decoding: tail, as: UTF8.self)
    return text
  }
}
