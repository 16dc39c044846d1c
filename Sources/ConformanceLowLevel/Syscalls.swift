// The operating system calls the harness makes, each behind one small function, so that the rest
// of the package stays safe Swift with no `import Glibc` (swift-system's Syscalls.swift is the
// model). Each comment names the C function and why the harness calls it.

import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: Process start and end

/// `signal(SIGPIPE, SIG_IGN)`: an adapter that died, or a report destination's reader (a FIFO,
/// a pipe) that went away, must surface as a write error (EPIPE), never end the harness. Called
/// by the executable at start and by every in-process entry point (tests, the Swift kit).
package func ignoreBrokenPipe() {
  _ = signal(SIGPIPE, SIG_IGN)
}

/// `exit(3)`: ends the process with `code` after flushing C's standard streams (`print`'s),
/// for the executables' last line.
package func exitProcess(_ code: Int32) -> Never {
  exit(code)
}

// MARK: Clock and processors

/// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds, read directly (`DispatchTime.now()` reads the same clock
/// through libdispatch's own conversions, about 65 instructions more per call: two per test).
package func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// `sysconf(_SC_NPROCESSORS_ONLN)`, at least one: how many worker loops an in-process run keeps
/// busy.
package func onlineProcessorCount() -> Int {
  max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

// MARK: Errors

/// A failed system call's `errno`, kept as the number so that callers word their own message
/// around ``text`` (`cannot open: No such file or directory`).
package struct SystemCallError: Error, Sendable, Equatable {
  package let code: Int32

  package init(code: Int32) {
    self.code = code
  }

  /// The `errno` of the call that just failed.
  package static func last() -> SystemCallError { SystemCallError(code: errno) }

  /// `strerror(code)`: the C library's words for the error.
  package var text: String { String(cString: strerror(code)) }

  package var isLoop: Bool { code == ELOOP }
  package var isMissing: Bool { code == ENOENT }
}

// MARK: File information

/// What a file-system object is, from `st_mode & S_IFMT` (or a directory entry's `d_type`).
package enum FileKind: Sendable, Equatable {
  case regular, folder, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown

  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .folder
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    default: self = .unknown
    }
  }
}

/// The parts of `struct stat` the harness looks at: what the object is, its size, and its
/// identity (device and inode: links and bind mounts give one object several paths).
package struct FileInfo: Sendable, Equatable {
  package var kind: FileKind
  package var size: Int
  /// `st_mode & 0o7777`.
  package var permissions: UInt32
  package var device: UInt64
  package var inode: UInt64

  init(_ info: stat) {
    kind = FileKind(mode: info.st_mode)
    size = Int(info.st_size)
    permissions = UInt32(info.st_mode & 0o7777)
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }

  /// Whether both name the same object (device and inode).
  package func isSameFile(as other: FileInfo) -> Bool { device == other.device && inode == other.inode }
}

/// `stat(2)` (links followed) or, with `followingLinks: false`, `lstat(2)` (a link itself).
package func fileInfo(atPath path: String, followingLinks: Bool = true) throws(SystemCallError) -> FileInfo {
  var info = stat()
  guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { throw .last() }
  return FileInfo(info)
}

/// `fstat(2)`: the object an open descriptor reads, whatever its path names by now.
package func fileInfo(ofDescriptor descriptor: Int32) throws(SystemCallError) -> FileInfo {
  var info = stat()
  guard fstat(descriptor, &info) == 0 else { throw .last() }
  return FileInfo(info)
}

// MARK: Vector files

/// `open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)`: for reading a file the walk
/// found. Non-blocking, so that a FIFO put in place of the file after it was looked at cannot
/// block the run; never the controlling terminal; not inherited by adapter processes.
package func openForReading(_ path: String) throws(SystemCallError) -> Int32 {
  try openFile(path, [.readOnly, .nonBlocking, .noControllingTerminal])
}

/// `close(2)`; what it says is not looked at (a descriptor only read from loses nothing).
package func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}

/// One entry of a folder as `readdir(3)` gives it: the name's bytes (not necessarily UTF-8) and
/// what `d_type` says it is (``FileKind/unknown`` on file systems that do not say).
package struct FolderEntry: Sendable {
  package var name: [UInt8]
  package var kind: FileKind
}

/// The entries of the folder at `path` except `.` and `..`, in `readdir`'s order
/// (`opendir`, `readdir`, `closedir`). `d_type` spares the caller an `lstat` per file, which
/// was most of listing a large corpus.
package func folderEntries(_ path: String) throws(SystemCallError) -> [FolderEntry] {
  guard let directory = opendir(path) else { throw .last() }
  defer { closedir(directory) }
  return typedEntries(of: directory)
}

/// `readdir` until the end, `.` and `..` left out, each name with its `d_type`.
private func typedEntries(of directory: OpaquePointer) -> [FolderEntry] {
  var entries: [FolderEntry] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
    if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
    let kind: FileKind
    switch Int32(entry.pointee.d_type) {
    case Int32(DT_REG): kind = .regular
    case Int32(DT_DIR): kind = .folder
    case Int32(DT_LNK): kind = .symbolicLink
    case Int32(DT_FIFO): kind = .fifo
    case Int32(DT_CHR): kind = .characterDevice
    case Int32(DT_BLK): kind = .blockDevice
    case Int32(DT_SOCK): kind = .socket
    default: kind = .unknown
    }
    entries.append(FolderEntry(name: name, kind: kind))
  }
  return entries
}

// MARK: Reading

/// One `read(2)` of up to `buffer.count` bytes into `buffer`, retried when a signal interrupts
/// it (`EINTR`): how many bytes it read, 0 at the end of the file. The one read loop of the
/// package (vector files, expectations, report files being copied).
package func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
  while true {
    let count = read(descriptor, buffer.baseAddress, buffer.count)
    if count >= 0 { return count }
    if errno != EINTR { throw .last() }
  }
}

/// Up to `count` bytes read from `descriptor` (``readSome(_:into:)`` until `count` bytes or the
/// end of the file), into an array's uninitialised capacity: zeroing the buffer first was a
/// visible cost of reading the corpus.
package func readBytes(_ descriptor: Int32, upTo count: Int) throws(SystemCallError) -> [UInt8] {
  var failure: SystemCallError? = nil
  let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 0)) { buffer, initialized in
    initialized = 0
    do throws(SystemCallError) {
      while initialized < buffer.count {
        let read = try readSome(
          descriptor, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[initialized...])))
        if read == 0 { return }
        initialized += read
      }
    } catch {
      failure = error
    }
  }
  if let failure { throw failure }
  return bytes
}

// MARK: Adapter processes
// Process spawning does not exist on iOS (`posix_spawn` is unavailable there): this section is
// for the command line's adapter processes only, never for a test bundle.

#if os(Linux) || os(macOS)
  /// A started `/bin/sh -c COMMAND`: its process id (also its process group's) and the
  /// harness's non-blocking ends of its standard input, output and error.
  package struct SpawnedShell: Sendable {
    package var process: Int32
    package var input: Int32
    package var output: Int32
    package var errors: Int32
  }

  /// Why ``spawnShell(command:environmentName:value:)`` failed: the call (`pipe`,
  /// `posix_spawn /bin/sh`) and its error.
  package struct SpawnFailure: Error, Sendable {
    package var call: String
    package var error: SystemCallError
  }

  /// `/bin/sh -c command` in a new process group, with its standard input, output and error on
  /// three new pipes, and the inherited environment with every `NAME=` entry of `name` replaced
  /// by `NAME=value`.
  ///
  /// `posix_spawn` rather than Foundation's `Process`, so that the `conformance` binary does not
  /// load Foundation (and ICU) at start-up for a feature most runs do not use. The pipes are
  /// close-on-exec from the start (`pipe2(O_CLOEXEC)` through the shim): the child gets its ends
  /// only through `dup2`, and no adapter started later on another thread inherits these (this one
  /// would never see the end of its input). The harness ignores SIGPIPE; the adapter gets the
  /// default back (`POSIX_SPAWN_SETSIGDEF`), as any freshly started program expects. Its own
  /// process group (`POSIX_SPAWN_SETPGROUP`) lets the harness end it with every child it
  /// started. The harness's ends are made non-blocking (`fcntl(O_NONBLOCK)`).
  package func spawnShell(command: String, environmentName name: String, value: String) throws(SpawnFailure)
    -> SpawnedShell
  {
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      var pair: [Int32] = [-1, -1]
      guard conformance_pipe_cloexec(&pair) == 0 else {
        let error = SystemCallError.last()
        for pair in pipes { for descriptor in pair { close(descriptor) } }
        throw SpawnFailure(call: "pipe", error: error)
      }
      pipes.append(pair)
    }
    let (toChild, fromChild, errorsFromChild) = (pipes[0], pipes[1], pipes[2])
    let status = posixSpawnShell(
      command: command, environmentEntry: "\(name)=\(value)", replacing: name + "=",
      standardStreams: (toChild[0], fromChild[1], errorsFromChild[1]))
    close(toChild[0])
    close(fromChild[1])
    close(errorsFromChild[1])
    guard status.process != nil else {
      close(toChild[1])
      close(fromChild[0])
      close(errorsFromChild[0])
      throw SpawnFailure(call: "posix_spawn /bin/sh", error: SystemCallError(code: status.error))
    }
    for descriptor in [toChild[1], fromChild[0], errorsFromChild[0]] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    return SpawnedShell(process: status.process!, input: toChild[1], output: fromChild[0], errors: errorsFromChild[0])
  }

  /// The `posix_spawn` call itself, with its file actions and attributes (see ``spawnShell(command:environmentName:value:)``):
  /// the process, or `posix_spawn`'s error number.
  private func posixSpawnShell(
    command: String, environmentEntry: String, replacing prefix: String,
    standardStreams: (input: Int32, output: Int32, errors: Int32)
  ) -> (process: Int32?, error: Int32) {
    // Darwin's spawn types are optional pointers, glibc's are structs (only Linux is built in CI).
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, standardStreams.input, 0)
    posix_spawn_file_actions_adddup2(&actions, standardStreams.output, 1)
    posix_spawn_file_actions_adddup2(&actions, standardStreams.errors, 2)
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
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if canImport(Darwin)
      let inherited: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
    #else
      let inherited: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #endif
    var environment: [UnsafeMutablePointer<CChar>?] = []
    var entry = 0
    while let pointer = inherited?[entry] {
      if !String(cString: pointer).hasPrefix(prefix) { environment.append(pointer) }
      entry += 1
    }
    let marker = strdup(environmentEntry)
    defer { free(marker) }
    environment += [marker, nil]
    var process: pid_t = 0
    let status = posix_spawn(&process, "/bin/sh", &actions, &attributes, &argv, &environment)
    return status == 0 ? (process, 0) : (nil, status)
  }

  /// `prctl(PR_SET_CHILD_SUBREAPER)` through the shim: orphaned descendants of adapters come
  /// back to the harness instead of init, so none outlives the run unseen. Idempotent; where it
  /// does not exist, nothing changes.
  package func becomeChildSubreaper() {
    _ = conformance_become_child_subreaper()
  }

  /// What one non-blocking `write(2)` did: bytes written, a full pipe (`EAGAIN`), or anything
  /// else (the reader is gone: `EPIPE`, a closed descriptor), which the caller learns about by
  /// reading.
  package enum WriteOutcome: Sendable, Equatable {
    case wrote(Int)
    case wouldBlock
    case failed
  }

  /// One `write(2)` of `bytes[offset...]` to a non-blocking descriptor, retried when a signal
  /// interrupts it.
  package func writeSome(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> WriteOutcome {
    while true {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written >= 0 { return .wrote(written) }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
    }
  }

  /// What one non-blocking `read(2)` gave: bytes, nothing yet (`EAGAIN`), or the end (end of
  /// file, or an error: either way nothing more will come).
  package enum ReadOutcome: Sendable, Equatable {
    case bytes([UInt8])
    case wouldBlock
    case end
  }

  /// One `read(2)` of up to 64 KiB from a non-blocking descriptor, retried when interrupted.
  package func readAvailable(_ descriptor: Int32) -> ReadOutcome {
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

  /// `poll(2)`: waits up to `milliseconds` until one of `reading` can be read or `writing`
  /// written; the descriptors of `reading` that are ready (readable, closed, or in error),
  /// empty on a timeout. With nothing to watch, a plain sleep.
  package func waitForReadiness(reading: [Int32], writing: Int32? = nil, milliseconds: Int) -> [Int32] {
    var descriptors = reading.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    if let writing { descriptors.append(pollfd(fd: writing, events: Int16(POLLOUT), revents: 0)) }
    if descriptors.isEmpty {
      _ = poll(nil, 0, Int32(milliseconds))
      return []
    }
    guard poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds)) > 0 else { return [] }
    return descriptors.prefix(reading.count).filter { $0.revents != 0 }.map(\.fd)
  }

  /// `poll(NULL, 0, milliseconds)`: a sleep that a signal cuts short, without Foundation.
  package func sleepMilliseconds(_ milliseconds: Int) {
    _ = poll(nil, 0, Int32(milliseconds))
  }

  /// How a process ended: its exit status, or the signal that killed it.
  package enum ProcessExit: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  /// Whether `process` (a child) has ended, without reaping it: `waitid(WNOHANG | WNOWAIT)` on
  /// Linux, so that its id stays reserved until the harness has ended its process group (a
  /// group id whose leader was reaped could be reused); elsewhere `waitpid(WNOHANG)`.
  package func peekExit(_ process: Int32) -> ProcessExit? {
    #if canImport(Glibc)
      var info = siginfo_t()
      guard waitid(P_PID, id_t(process), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
        info._sifields._sigchld.si_pid == process
      else { return nil }
      let code = info._sifields._sigchld.si_status
      return info.si_code == CLD_EXITED ? .exited(code) : .signalled(code)
    #else
      var status: Int32 = 0
      guard waitpid(process, &status, WNOHANG) == process else { return nil }
      return (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    #endif
  }

  /// What one `waitpid(WNOHANG)` did.
  package enum ReapOutcome: Sendable, Equatable {
    case reaped, running, interrupted, failed
  }

  /// `waitpid(process, WNOHANG)`: reaps `process` if it has ended (a zombie otherwise stays).
  package func reapWithoutWaiting(_ process: Int32) -> ReapOutcome {
    var status: Int32 = 0
    let result = waitpid(process, &status, WNOHANG)
    if result == process { return .reaped }
    if result == 0 { return .running }
    return errno == EINTR ? .interrupted : .failed
  }

  /// `kill(process, SIGKILL)`, or with `group`, `kill(-process, SIGKILL)`: the whole process
  /// group `process` leads. Whether it worked is not looked at (the process may be gone).
  package func killHard(_ process: Int32, group: Bool = false) {
    _ = kill(group ? -process : process, SIGKILL)
  }
#endif

/// `strsignal(3)`: the C library's name for a signal (`Killed`), for messages.
package func signalDescription(_ signal: Int32) -> String {
  String(cString: strsignal(signal))
}

// MARK: Console and standard streams

/// The process's standard descriptors (`STDIN_FILENO`, `STDOUT_FILENO`, `STDERR_FILENO`).
package enum StandardStream: Int32, Sendable {
  case input = 0
  case output = 1
  case error = 2
}

/// `isatty(3)`: whether the stream is a terminal (colour, progress lines).
package func isTerminal(_ stream: StandardStream) -> Bool {
  isatty(stream.rawValue) == 1
}

/// `getenv(3)`: the variable's value, or `nil` when it is not set.
package func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

/// Writes every byte with `write(2)`, retrying short writes and interrupted calls; stops at the
/// first other error. Raw descriptors, not `FILE *` streams: unbuffered, so standard output and
/// standard error interleave in order, and no global `FILE *` (which Swift 6 rejects as shared
/// mutable state) is touched.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
  try writeAll(descriptor, bytes[...])
}

/// One `read(2)` of at most `count` bytes (retried when interrupted): whatever is there now,
/// empty at the end of the input. For a line protocol on standard input, which must answer
/// each line as it comes rather than wait for a full buffer.
package func readOnce(_ descriptor: Int32, upTo count: Int) throws(SystemCallError) -> [UInt8] {
  var chunk: [UInt8] = []
  try readChunk(descriptor, into: &chunk, count: count)
  return chunk
}

// MARK: Paths

/// `access(path, F_OK)`: whether something exists at `path` (a dangling link does not).
package func pathExists(_ path: String) -> Bool {
  access(path, F_OK) == 0
}

/// Creates the file at `path` if it is missing (`open(O_WRONLY | O_CREAT, 0644)`) and sets its
/// times to now (`futimens`): `touch(1)`, for Bazel's sharding status file.
package func touchFile(_ path: String) throws(SystemCallError) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644)
  guard descriptor >= 0 else { throw .last() }
  _ = futimens(descriptor, nil)
  close(descriptor)
}

// MARK: Interrupting signals

/// Catches SIGINT and SIGTERM while a run lasts, calling `handler` (on a thread of its own) with
/// the first one's number.
///
/// A signal handler may only do async-signal-safe work, so the handler (in CSystemShims) writes
/// the signal's number to a pipe, and a thread started here (`pthread_create`) reads it. The
/// pipe is the one process-wide thing a handler can reach; it lives in the C shim, which keeps
/// the Swift code free of global mutable state. After the first signal the default actions are
/// back: a second SIGINT or SIGTERM ends the process at once.
package final class InterruptSignals {
  private var thread: pthread_t?
  /// The thread's reference to the handler, released by ``stop()`` once the thread is gone
  /// (`Unmanaged`): the thread itself allocates and frees nothing, since a first `free` on a
  /// thread makes glibc set up that thread's cache (a new arena, three system calls) while the
  /// run waits to end.
  private var box: Unmanaged<HandlerBox>?

  /// Starts catching; `nil` when signals cannot be caught (already caught, no pipe).
  package static func start(_ handler: @escaping @Sendable (Int32) -> Void) -> InterruptSignals? {
    guard conformance_signals_start() == 0 else { return nil }
    let watcher = InterruptSignals()
    let box = Unmanaged.passRetained(HandlerBox(handler))
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    let created = pthread_create(
      &thread, nil,
      { context in
        let box = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue()
        let number = conformance_signals_next()
        if number != 0 {
          conformance_signals_restore_defaults()
          box.handler(Int32(number))
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
  package func stop() {
    guard let thread else { return }
    conformance_signals_stop()
    #if canImport(Darwin)
      if let thread { pthread_join(thread, nil) }
    #else
      pthread_join(thread, nil)
    #endif
    conformance_signals_close()
    self.thread = nil
    box?.release()
    box = nil
  }

  private final class HandlerBox {
    let handler: @Sendable (Int32) -> Void
    init(_ handler: @escaping @Sendable (Int32) -> Void) { self.handler = handler }
  }
}

// MARK: Recorded answers and the adapter loop

/// `open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)`: a file written from its start
/// (the answers file of an in-process run), not inherited by processes the tests start.
package func createTruncated(_ path: String) throws(SystemCallError) -> Int32 {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard descriptor >= 0 else { throw .last() }
  return descriptor
}

/// `atexit(3)`: `body` runs at the process's normal exit (`exit`, or the end of `main`), never
/// after a crash or a kill: the answers file's trailer says the run finished.
package func runAtExit(_ body: @escaping @convention(c) () -> Void) {
  _ = atexit(body)
}

/// `fflush(NULL)`: every C stream's buffer written out (what `print` holds), so that what the
/// team's code printed goes where it was meant to before descriptors move.
package func flushStandardStreams() {
  _ = fflush(nil)
}

/// Keeps the real standard output for answers and points descriptor 1 at standard error
/// (`fflush(NULL)`, `dup(1)`, `dup2(2, 1)`): whatever the adapter's own code prints goes to its
/// log instead of breaking the protocol. Returns the kept descriptor.
package func moveStandardOutputAside() -> Int32 {
  flushStandardStreams()
  let kept = dup(1)
  _ = dup2(2, 1)
  return kept
}

// MARK: Report files

// The file-system calls the reports make (ConformanceReports: the JUnit report's hidden files
// and atomic rename, the Allure results folder, the history's lock, the shard merge's store),
// each a thin function over one C call with `errno` turned into a ``SystemCallError``.
// Interrupted calls (`EINTR`) are retried here, so no caller loops on them.

/// What the reports ask of a failed call (the error type is ``SystemCallError``, above).
extension SystemCallError: CustomStringConvertible {
  /// `strerror`: the system's words for the error (`No such file or directory`).
  package var description: String { text }

  /// `ENOENT`: no file by that name.
  package var isNoSuchEntry: Bool { code == ENOENT }
  /// `ENOENT` or `ENOTDIR`: no file by that name, or a file where a folder should be.
  package var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
  package var isAlreadyThere: Bool { code == EEXIST }
  /// `ENXIO` from opening a FIFO for writing without waiting: no process reads it.
  package var isFIFOWithoutReader: Bool { code == ENXIO }
  package var isReadOnlyFileSystem: Bool { code == EROFS }
}

/// How ``openFile(_:_:permissions:)`` opens: `open`'s flags. Every descriptor is close-on-exec
/// (`O_CLOEXEC`), so that no adapter process started later inherits it, or a lock with it.
package struct OpenOptions: OptionSet, Sendable {
  package let rawValue: Int32
  package init(rawValue: Int32) { self.rawValue = rawValue }

  package static let readOnly = OpenOptions(rawValue: O_RDONLY)
  package static let writeOnly = OpenOptions(rawValue: O_WRONLY)
  package static let readWrite = OpenOptions(rawValue: O_RDWR)
  package static let create = OpenOptions(rawValue: O_CREAT)
  /// With `create`: fails (`EEXIST`) when the name is taken.
  package static let exclusive = OpenOptions(rawValue: O_EXCL)
  /// Fails on a symbolic link rather than following it.
  package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
  /// Fails unless the path is a folder.
  package static let folder = OpenOptions(rawValue: O_DIRECTORY)
  /// Never waits in `open` (a FIFO without a writer or reader).
  package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
  /// A terminal opened never becomes the process's controlling terminal.
  package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
}

/// `fstatat(AT_SYMLINK_NOFOLLOW)`: a name's status inside an open folder, never through a link,
/// so that a path swapped meanwhile cannot redirect it.
package func fileInfo(named name: String, inFolder folder: Int32) throws(SystemCallError) -> FileInfo {
  var info = stat()
  guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .last() }
  return FileInfo(info)
}

/// `open` with `O_CLOEXEC`, retried when interrupted.
package func openFile(_ path: String, _ options: OpenOptions, permissions: UInt32 = 0o644)
  throws(SystemCallError) -> Int32
{
  while true {
    let descriptor = open(path, options.rawValue | O_CLOEXEC, mode_t(permissions))
    if descriptor >= 0 { return descriptor }
    if errno != EINTR { throw .last() }
  }
}

/// `fcntl(F_SETFL)` without `O_NONBLOCK`: a descriptor opened without waiting, then written to
/// as usual (a write to a full pipe waits rather than failing with `EAGAIN`).
package func clearNonBlocking(_ descriptor: Int32) {
  _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
}

/// `close`. Its error matters for a file just written: some file systems report a failed
/// write only there.
package func closeFile(_ descriptor: Int32) throws(SystemCallError) {
  guard close(descriptor) == 0 else { throw .last() }
}

/// `dup`: a second descriptor of the same open file (and of its `flock`), or `nil`.
package func duplicateDescriptor(_ descriptor: Int32) -> Int32? {
  let copy = dup(descriptor)
  return copy >= 0 ? copy : nil
}

/// `lseek(0, SEEK_SET)`: back to the start of the file, to read it again.
package func seekToStart(_ descriptor: Int32) throws(SystemCallError) {
  guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .last() }
}

/// `write` of a slice until every byte is written, retrying short writes and interrupted calls.
package func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemCallError) {
  let failure = bytes.withUnsafeBytes { raw in
    writeEvery(raw) { rest, count, _ in write(descriptor, rest, count) }
  }
  if let failure { throw failure }
}

/// The one loop of the single-buffer writes (`write`, `pwrite`): calls `call` with the bytes not
/// yet written, how many, and how many were written before, until none are left; a short write
/// goes on after its last byte and an interrupted call (`EINTR`) is made again. The error of a
/// failed call, or `nil`.
private func writeEvery(
  _ raw: UnsafeRawBufferPointer, _ call: (_ rest: UnsafeRawPointer, _ count: Int, _ done: Int) -> Int
) -> SystemCallError? {
  var done = 0
  while done < raw.count {
    let written = call(raw.baseAddress! + done, raw.count - done, done)
    if written < 0 {
      if errno == EINTR { continue }
      return .last()
    }
    done += written
  }
  return nil
}

/// `writev` of every byte of `pieces`, in order, up to `IOV_MAX` pieces a call (`sysconf`; at
/// least POSIX's 16), retrying short writes and interrupted calls. One call for many buffers:
/// each `write` to a file takes its lock and updates its times again, and a report's body is
/// hundreds of pieces.
package func writeAll(_ descriptor: Int32, pieces: [UnsafeRawBufferPointer]) throws(SystemCallError) {
  var vectors = pieces.filter { $0.count > 0 }.map {
    iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
  }
  let most = max(sysconf(Int32(_SC_IOV_MAX)), 16)
  var first = 0
  while first < vectors.count {
    let batch = min(vectors.count - first, most)
    let written = vectors.withUnsafeBufferPointer { writev(descriptor, $0.baseAddress! + first, Int32(batch)) }
    if written < 0 {
      if errno == EINTR { continue }
      throw .last()
    }
    // Past the pieces written whole; a piece written in part goes on from where it stopped.
    var left = written
    while left > 0, left >= vectors[first].iov_len {
      left -= vectors[first].iov_len
      first += 1
    }
    if left > 0 {
      vectors[first].iov_base += left
      vectors[first].iov_len -= left
    }
  }
}

/// Up to `count` bytes into `buffer` (resized to what was read) by one ``readSome(_:into:)``;
/// an empty buffer at the end of the file.
package func readChunk(_ descriptor: Int32, into buffer: inout [UInt8], count: Int) throws(SystemCallError) {
  if buffer.count != count { buffer = [UInt8](repeating: 0, count: count) }
  let outcome = buffer.withUnsafeMutableBytes { raw in
    Result { () throws(SystemCallError) in try readSome(descriptor, into: raw) }
  }
  buffer.removeLast(count - (try outcome.get()))
}

/// `pwrite` of every byte at `offset`, leaving the file offset where it was.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int) throws(SystemCallError) {
  let failure = bytes.withUnsafeBytes { raw in
    writeEvery(raw) { rest, count, done in pwrite(descriptor, rest, count, off_t(offset + done)) }
  }
  if let failure { throw failure }
}

/// `pread` of `count` bytes at `offset`; `nil` when the file ends before them.
package func readExactly(_ descriptor: Int32, count: Int, at offset: Int) throws(SystemCallError) -> [UInt8]? {
  var bytes = [UInt8](repeating: 0, count: count)
  let outcome: Result<Bool, SystemCallError> = bytes.withUnsafeMutableBytes { raw in
    var filled = 0
    while filled < raw.count {
      let got = pread(descriptor, raw.baseAddress! + filled, raw.count - filled, off_t(offset + filled))
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(.last())
      }
      if got == 0 { return .success(false) }
      filled += got
    }
    return .success(true)
  }
  return try outcome.get() ? bytes : nil
}

/// Appends everything from `input`'s offset to its end to `output`: inside the kernel
/// (`copy_file_range`, through the shim: a GNU extension) where it can, with no copy through
/// this process's memory; else through a 1 MiB buffer (`read`, `write`).
package func copyRest(of input: Int32, to output: Int32) throws(SystemCallError) {
  var copiedInKernel = false
  while true {
    let copied = conformance_copy_file_range(input, output, 1 << 30)
    if copied > 0 {
      copiedInKernel = true
      continue
    }
    if copied == 0 { return }
    if errno == EINTR { continue }
    // Not supported here (an older kernel, another system, across file systems): copy by hand,
    // unless part went across already and the failure is real.
    if copiedInKernel || ![ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF].contains(errno) { throw .last() }
    break
  }
  var buffer: [UInt8] = []
  while true {
    try readChunk(input, into: &buffer, count: 1 << 20)
    if buffer.isEmpty { return }
    try writeAll(output, buffer)
  }
}

/// `flock(LOCK_EX)`: an exclusive lock on the open file, held until its last descriptor closes
/// (so it goes with the process however it ends). Waits for it, or with `waiting: false`
/// fails at once (`LOCK_NB`) when another process holds it.
package func lockFile(_ descriptor: Int32, waiting: Bool = true) throws(SystemCallError) {
  while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
    if errno != EINTR { throw .last() }
  }
}

/// `fchmod`: the open file's permission bits.
package func setPermissions(of descriptor: Int32, to permissions: UInt32) {
  _ = fchmod(descriptor, mode_t(permissions))
}

/// `chmod`: the permission bits of the file at `path`.
package func setPermissions(_ path: String, to permissions: UInt32) {
  _ = chmod(path, mode_t(permissions))
}

/// `access(W_OK)`: whether this process may write the file (`nil`), or why not.
package func writeAccessProblem(_ path: String) -> SystemCallError? {
  access(path, W_OK) == 0 ? nil : .last()
}

/// `rename`: `source` takes `destination`'s name in one step (replacing a file there).
package func renamePath(_ source: String, to destination: String) throws(SystemCallError) {
  guard rename(source, destination) == 0 else { throw .last() }
}

/// Swaps the files (or folders) at two paths in one atomic step: `renameat2(RENAME_EXCHANGE)`,
/// a GNU extension, through the shim. `ENOSYS` where the call does not exist.
package func exchangePaths(_ first: String, _ second: String) throws(SystemCallError) {
  guard conformance_exchange_paths(first, second) == 0 else { throw .last() }
}

/// `unlink`: removes a name (a file, a link); the file goes once nothing holds it open.
package func removeFile(_ path: String) throws(SystemCallError) {
  guard unlink(path) == 0 else { throw .last() }
}

/// `unlinkat`: removes a name inside an open folder, so that a path swapped meanwhile cannot
/// redirect it.
package func removeFile(named name: String, inFolder folder: Int32) {
  _ = unlinkat(folder, name, 0)
}

/// `rmdir`: removes an empty folder.
package func removeFolder(_ path: String) {
  _ = rmdir(path)
}

/// `mkdir`: creates one folder (the umask applies to `permissions`).
package func makeFolder(_ path: String, permissions: UInt32) throws(SystemCallError) {
  guard mkdir(path, mode_t(permissions)) == 0 else { throw .last() }
}

/// `realpath`: the path with every link, `.` and `..` resolved, or `nil`.
package func resolvedPath(_ path: String) throws(SystemCallError) -> String {
  guard let resolved = realpath(path, nil) else { throw .last() }
  defer { free(resolved) }
  return String(cString: resolved)
}

/// `readlink`: where a symbolic link points, as written in it (its bytes decoded as UTF-8).
package func linkTarget(_ path: String) throws(SystemCallError) -> String {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink(path, &buffer, buffer.count - 1)
  guard count >= 0 else { throw .last() }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A new, empty file of a unique name made from `prefix`, six random letters or digits and
/// `suffix`: `mkstemps` (created exclusively, mode 0600, open for reading and writing), then
/// `fcntl(FD_CLOEXEC)`, as `mkstemps` cannot take `O_CLOEXEC`.
package func createUniqueFile(prefix: String, suffix: String) throws(SystemCallError)
  -> (path: String, descriptor: Int32)
{
  var template = Array((prefix + "XXXXXX" + suffix).utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer {
    mkstemps($0.baseAddress!, Int32(suffix.utf8.count))
  }
  guard descriptor >= 0 else { throw .last() }
  _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  return (String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), descriptor)
}

/// A new, empty folder named `prefix` and six random letters or digits: `mkdtemp` (created
/// exclusively, mode 0700).
package func createUniqueFolder(prefix: String) throws(SystemCallError) -> String {
  var template = Array((prefix + "XXXXXX").utf8CString)
  let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
  guard created else { throw .last() }
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The names in a folder, `.` and `..` left out, in the order the file system gives them
/// (``folderEntries(_:)`` without the kinds). Each name is its bytes (a name need not be UTF-8).
package func folderEntryNames(_ path: String) throws(SystemCallError) -> [[UInt8]] {
  try folderEntries(path).map(\.name)
}

/// ``folderEntryNames(_:)`` of an open folder, which stays open.
package func folderEntryNames(ofOpenFolder folder: Int32) throws(SystemCallError) -> [[UInt8]] {
  try folderEntries(ofOpenFolder: folder).map(\.name)
}

/// `fdopendir` of a `dup` of `folder`: `closedir` then closes the copy, and `folder` stays open.
private func directoryStream(ofOpenFolder folder: Int32) throws(SystemCallError) -> OpaquePointer {
  guard let copy = duplicateDescriptor(folder) else { throw .last() }
  guard let directory = fdopendir(copy) else {
    let error = SystemCallError.last()
    close(copy)
    throw error
  }
  return directory
}

/// Every environment variable of the process (`environ`), by name.
package func processEnvironment() -> [String: String] {
  var variables: [String: String] = [:]
  var pointer = environ
  while let entry = pointer.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "=") {
      variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    pointer += 1
  }
  return variables
}

/// `getpid`: this process's id, for names unique among the processes of one machine.
package func processID() -> Int32 { getpid() }

/// `clock_gettime(CLOCK_REALTIME)`: the wall clock, as seconds and nanoseconds since 1970.
package func wallClockNow() -> (seconds: Int64, nanoseconds: Int64) {
  var spec = timespec()
  clock_gettime(CLOCK_REALTIME, &spec)
  return (Int64(spec.tv_sec), Int64(spec.tv_nsec))
}

/// `gethostname`, as its bytes (empty when the system gives no name).
package func hostNameBytes() -> [UInt8] {
  var buffer = [CChar](repeating: 0, count: 256)
  guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
  return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
}

/// `count` bytes from the kernel's random source in one call (`getrandom(2)`, through the
/// shim), rather than the standard library generator's call per 8 bytes; where that fails, the
/// standard library's generator (the same source).
package func randomBytes(count: Int) -> [UInt8] {
  var bytes = [UInt8](repeating: 0, count: count)
  bytes.withUnsafeMutableBytes { buffer in
    var filled = 0
    while filled < buffer.count {
      let got = conformance_random_bytes(buffer.baseAddress! + filled, UInt(buffer.count - filled))
      if got > 0 {
        filled += got
      } else if got == 0 || errno != EINTR {
        var generator = SystemRandomNumberGenerator()
        for index in filled..<buffer.count { buffer[index] = generator.next() }
        return
      }
    }
  }
  return bytes
}

// MARK: Allure

// The Allure results folder (ConformanceReports' AllureResultsWriter) is some 19,000 small
// files for the shipped corpus, created in a staging folder and, a run later, removed with the
// folder they replaced. Both are done by name inside the open folder (`openat` here, `unlinkat`
// through ``removeFile(named:inFolder:)``), so that each looks up one name rather than walking
// the whole path again, and a path swapped meanwhile cannot redirect them.

/// `openat(O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)`: a new file `name` in an open folder,
/// failing (`EEXIST`) when the name is taken; retried when interrupted.
package func createFile(named name: String, inFolder folder: Int32, permissions: UInt32 = 0o644)
  throws(SystemCallError) -> Int32
{
  while true {
    let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    if descriptor >= 0 { return descriptor }
    if errno != EINTR { throw .last() }
  }
}

/// The entries of an open folder, which stays open, with their `d_type`
/// (``folderEntries(_:)``): no `fstatat` per file to tell files from folders.
package func folderEntries(ofOpenFolder folder: Int32) throws(SystemCallError) -> [FolderEntry] {
  let directory = try directoryStream(ofOpenFolder: folder)
  defer { closedir(directory) }
  return typedEntries(of: directory)
}
