import CSystemShims
import ConformanceJSON
import ConformanceKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  let process: pid_t
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
        "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
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
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(input, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      if written < 0 && errno == EINTR { continue }
      guard written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return true }
      // The pipe is full: wait until it drains, reading the adapter's output meanwhile (an
      // adapter blocked writing to a full pipe of ours would never read its input again).
      guard interruption?.signal == nil, let wait = remainingMilliseconds(until: deadline) else { return false }
      var descriptors = [pollfd(fd: input, events: Int16(POLLOUT), revents: 0)] + readDescriptors()
      _ = poll(&descriptors, nfds_t(descriptors.count), Int32(min(wait, 100)))
      drainReadable(descriptors.dropFirst())
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
      var descriptors = readDescriptors()
      let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(wait, 100)))
      if ready > 0 {
        drainReadable(descriptors[...])
      } else if let status = pollExit() {
        // The process ended while something else (a child it started) keeps the pipe open:
        // whatever it wrote before exiting is in the pipe already.
        drainReadable(readDescriptors()[...], force: true)
        if let line = answers.takeLine() { return .line(line) }
        return .exited(status)
      }
    }
  }

  /// Reads what standard error holds now without waiting (the log written just before an answer).
  func drainLog() {
    guard errors >= 0 else { return }
    var descriptors = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
    if poll(&descriptors, 1, 0) > 0 { drainReadable(descriptors[...]) }
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
      drainReadable(readDescriptors()[...], force: true)
    }
    while surplus.count < 5, let line = answers.takeLine() { surplus.append(line) }
    if answers.hasPartialLine && surplus.count < 5 { surplus.append(answers.takeRest()) }
    // Descendants that left the group (found while the adapter still links to them), then the
    // group, while the leader is unreaped (so its id cannot have been reused): a child the
    // adapter left behind is ended with it, in its group or not.
    let escaped = ProcessTree.members(root: process, token: token)
    _ = kill(-process, SIGKILL)
    for pid in escaped { _ = kill(pid, SIGKILL) }
    // Those re-parented to the harness (their parent exited; the harness is a subreaper) are
    // reaped here; the others are their parents' to reap.
    var reaped: Int32 = 0
    for pid in escaped {
      for _ in 0..<20 {
        let result = waitpid(pid, &reaped, WNOHANG)
        if result != 0 { break }
        _ = poll(nil, 0, 1)
      }
    }
    var status: Int32 = 0
    for _ in 0..<200 {
      let reaped = waitpid(process, &status, WNOHANG)
      if reaped == process || (reaped < 0 && errno != EINTR) { break }
      _ = poll(nil, 0, 5)
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
    var descriptors = readDescriptors()
    if descriptors.isEmpty {
      _ = poll(nil, 0, Int32(milliseconds))
    } else if poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds)) > 0 {
      drainReadable(descriptors[...])
    }
  }

  private func readDescriptors() -> [pollfd] {
    var descriptors: [pollfd] = []
    if output >= 0 { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
    if errors >= 0 { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
    return descriptors
  }

  /// Reads every ready descriptor until it would block (standard output only until a line is
  /// complete or the cap is passed, so a huge line is not read beyond the cap).
  private func drainReadable(_ descriptors: ArraySlice<pollfd>, force: Bool = false) {
    for descriptor in descriptors where force || descriptor.revents != 0 {
      if descriptor.fd == output {
        reading: while output >= 0 && !answers.isOverLimit && !answers.hasLine {
          switch readChunk(output) {
          case .bytes(let chunk): answers.append(chunk)
          case .wouldBlock: break reading
          case .end: closeDescriptor(&output)
          }
        }
      } else if descriptor.fd == errors {
        // Bounded per wake-up, so an adapter logging without pause cannot starve its answers.
        reading: for _ in 0..<16 where errors >= 0 {
          switch readChunk(errors) {
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

  private enum Chunk {
    case bytes([UInt8])
    case wouldBlock
    case end
  }

  private func readChunk(_ descriptor: Int32) -> Chunk {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return .bytes(Array(chunk[0..<count])) }
      if count == 0 { return .end }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
      return .end
    }
  }

  /// The exit status if the process has ended, without reaping it (see ``end(grace:)``).
  private func pollExit() -> ExitStatus? {
    if let exitStatus { return exitStatus }
    #if canImport(Glibc)
      var info = siginfo_t()
      guard waitid(P_PID, id_t(process), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
        info._sifields._sigchld.si_pid == process
      else { return nil }
      let code = info._sifields._sigchld.si_status
      exitStatus = info.si_code == CLD_EXITED ? .exited(code) : .signalled(code)
    #else
      var status: Int32 = 0
      guard waitpid(process, &status, WNOHANG) == process else { return nil }
      exitStatus = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    #endif
    return exitStatus
  }

  private func closeDescriptor(_ descriptor: inout Int32) {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }

  /// Milliseconds left until `deadline` (at least 1 while time remains), `nil` once it passed.
  private func remainingMilliseconds(until deadline: UInt64) -> Int? {
    let now = monotonicNanoseconds()
    guard now < deadline else { return nil }
    return max(1, Int((deadline - now) / 1_000_000))
  }

  /// `/bin/sh -c command` in a new process group, with its standard input, output and error on
  /// three new pipes. Returns the process and the harness's non-blocking ends.
  ///
  /// `posix_spawn` rather than Foundation's `Process`, so that the `conformance` binary does not
  /// load Foundation (and ICU) at start-up for a feature most runs do not use.
  private static func spawn(command: String, token: String) throws(SpawnError) -> (pid_t, Int32, Int32, Int32) {
    // Orphaned descendants of adapters come back to the harness instead of init, so none
    // outlives the run unseen (ProcessTree). Idempotent; where it does not exist, nothing changes.
    _ = conformance_become_child_subreaper()
    func failure(_ what: String, _ code: Int32) -> SpawnError {
      SpawnError(description: "cannot start adapter `\(command)`: \(what): \(String(cString: strerror(code)))")
    }
    // Close-on-exec from the start: the child gets its ends only through dup2 below, and no
    // adapter started later (on another thread) inherits these, or this one would never see
    // the end of its input.
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      var pair: [Int32] = [-1, -1]
      guard conformance_pipe_cloexec(&pair) == 0 else {
        let code = errno
        for pair in pipes { for descriptor in pair { close(descriptor) } }
        throw failure("pipe", code)
      }
      pipes.append(pair)
    }
    let (toChild, fromChild, errorsFromChild) = (pipes[0], pipes[1], pipes[2])
    // Darwin's spawn types are optional pointers, glibc's are structs (only Linux is built in CI).
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
    // The harness ignores SIGPIPE (an adapter that died must show as an error, not kill it);
    // the adapter gets the default back, as any freshly started program expects. Its own
    // process group lets the harness end it together with every child it started.
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    var process: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if canImport(Darwin)
      let inherited: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
    #else
      let inherited: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #endif
    // The inherited environment, plus this instance's token.
    var environment: [UnsafeMutablePointer<CChar>?] = []
    var entry = 0
    while let pointer = inherited?[entry] {
      if !String(cString: pointer).hasPrefix(ProcessTree.variable + "=") { environment.append(pointer) }
      entry += 1
    }
    let marker = strdup("\(ProcessTree.variable)=\(token)")
    defer { free(marker) }
    environment += [marker, nil]
    let status = posix_spawn(&process, "/bin/sh", &actions, &attributes, &argv, &environment)
    close(toChild[0])
    close(fromChild[1])
    close(errorsFromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      close(errorsFromChild[0])
      throw failure("posix_spawn /bin/sh", status)
    }
    for descriptor in [toChild[1], fromChild[0], errorsFromChild[0]] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    return (process, toChild[1], fromChild[0], errorsFromChild[0])
  }
}

/// `write(2)`, named apart from ``AdapterProcess/write(_:deadline:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
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
