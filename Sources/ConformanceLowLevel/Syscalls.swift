// The operating system calls the harness makes, each behind one small function, so that the rest
// of the package stays safe Swift with no `import Glibc` (swift-system's Syscalls.swift is the
// model). Each comment names the C function and why the harness calls it.

import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `signal(SIGPIPE, SIG_IGN)`: an adapter that died, or a report destination's reader (a FIFO,
/// a pipe) that went away, must surface as a write error (EPIPE), never end the harness. Called
/// by the executable at start and by every in-process entry point (tests, the Swift kit).
package func ignoreBrokenPipe() {
  _ = signal(SIGPIPE, SIG_IGN)
}

// MARK: Report files

// The file-system calls the reports make (ConformanceReports: the JUnit report's hidden files
// and atomic rename, the Allure results folder, the history's lock, the shard merge's store),
// each a thin function over one C call with `errno` turned into a ``FileCallError``.
// Interrupted calls (`EINTR`) are retried here, so no caller loops on them.

/// A failed call's `errno`, with `strerror`'s words as its description.
package struct FileCallError: Error, Equatable, Sendable, CustomStringConvertible {
  package var code: Int32

  package init(code: Int32) {
    self.code = code
  }

  /// The calling thread's `errno` now.
  package static var current: FileCallError { FileCallError(code: errno) }

  /// `strerror`: the system's words for the error (`No such file or directory`).
  package var description: String { String(cString: strerror(code)) }

  /// `ENOENT`: no file by that name.
  package var isNoSuchEntry: Bool { code == ENOENT }
  /// `ENOENT` or `ENOTDIR`: no file by that name, or a file where a folder should be.
  package var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
  package var isAlreadyThere: Bool { code == EEXIST }
  /// `ENXIO` from opening a FIFO for writing without waiting: no process reads it.
  package var isFIFOWithoutReader: Bool { code == ENXIO }
  package var isReadOnlyFileSystem: Bool { code == EROFS }
}

/// What a path names, from `stat`'s `st_mode & S_IFMT`.
package enum FileKind: Sendable {
  case regular, folder, symbolicLink, characterDevice, fifo, blockDevice, socket, other
}

/// The parts of `struct stat` the reports use.
package struct FileStatus: Sendable {
  package var kind: FileKind
  /// `st_mode & 0o7777`.
  package var permissions: UInt32
  /// `st_dev` and `st_ino`: equal for two names of one file.
  package var device: UInt64
  package var inode: UInt64

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .symbolicLink
    case S_IFCHR: kind = .characterDevice
    case S_IFIFO: kind = .fifo
    case S_IFBLK: kind = .blockDevice
    case S_IFSOCK: kind = .socket
    default: kind = .other
    }
    permissions = UInt32(info.st_mode & 0o7777)
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }

  /// Whether both describe the same file (device and inode).
  package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
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

/// `stat` (links followed) or `lstat` (the link itself).
package func fileStatus(_ path: String, followingLinks: Bool = true) throws(FileCallError) -> FileStatus {
  var info = stat()
  let status = followingLinks ? stat(path, &info) : lstat(path, &info)
  guard status == 0 else { throw .current }
  return FileStatus(info)
}

/// `fstat`: the open file's status.
package func fileStatus(descriptor: Int32) throws(FileCallError) -> FileStatus {
  var info = stat()
  guard fstat(descriptor, &info) == 0 else { throw .current }
  return FileStatus(info)
}

/// `fstatat(AT_SYMLINK_NOFOLLOW)`: a name's status inside an open folder, never through a link,
/// so that a path swapped meanwhile cannot redirect it.
package func fileStatus(named name: String, inFolder folder: Int32) throws(FileCallError) -> FileStatus {
  var info = stat()
  guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .current }
  return FileStatus(info)
}

/// `open` with `O_CLOEXEC`, retried when interrupted.
package func openFile(_ path: String, _ options: OpenOptions, permissions: UInt32 = 0o644)
  throws(FileCallError) -> Int32
{
  while true {
    let descriptor = open(path, options.rawValue | O_CLOEXEC, mode_t(permissions))
    if descriptor >= 0 { return descriptor }
    if errno != EINTR { throw .current }
  }
}

/// `fcntl(F_SETFL)` without `O_NONBLOCK`: a descriptor opened without waiting, then written to
/// as usual (a write to a full pipe waits rather than failing with `EAGAIN`).
package func clearNonBlocking(_ descriptor: Int32) {
  _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
}

/// `close`. Its error matters for a file just written: some file systems report a failed
/// write only there.
package func closeFile(_ descriptor: Int32) throws(FileCallError) {
  guard close(descriptor) == 0 else { throw .current }
}

/// `dup`: a second descriptor of the same open file (and of its `flock`), or `nil`.
package func duplicateDescriptor(_ descriptor: Int32) -> Int32? {
  let copy = dup(descriptor)
  return copy >= 0 ? copy : nil
}

/// `lseek(0, SEEK_SET)`: back to the start of the file, to read it again.
package func seekToStart(_ descriptor: Int32) throws(FileCallError) {
  guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .current }
}

/// `write` until every byte is written, retrying short writes and interrupted calls.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(FileCallError) {
  try writeAll(descriptor, bytes[...])
}

/// `write` of a slice until every byte is written, retrying short writes and interrupted calls.
package func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(FileCallError) {
  let failure: FileCallError? = bytes.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count {
      let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return .current
      }
      offset += written
    }
    return nil
  }
  if let failure { throw failure }
}

/// `read` of up to `count` bytes into `buffer` (resized to what was read), retrying interrupted
/// calls; an empty buffer at the end of the file. (The reports' own: the loader's `readSome` is
/// its twin, and the two become one at merge.)
package func readSome(_ descriptor: Int32, into buffer: inout [UInt8], count: Int) throws(FileCallError) {
  if buffer.count != count { buffer = [UInt8](repeating: 0, count: count) }
  let filled: Int = buffer.withUnsafeMutableBytes { raw in
    while true {
      let got = read(descriptor, raw.baseAddress!, raw.count)
      if got >= 0 || errno != EINTR { return got }
    }
  }
  guard filled >= 0 else { throw .current }
  buffer.removeLast(count - filled)
}

/// `pwrite` of every byte at `offset`, leaving the file offset where it was.
package func writeAll(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int) throws(FileCallError) {
  let failure: FileCallError? = bytes.withUnsafeBytes { raw in
    var written = 0
    while written < raw.count {
      let count = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(offset + written))
      if count < 0 {
        if errno == EINTR { continue }
        return .current
      }
      written += count
    }
    return nil
  }
  if let failure { throw failure }
}

/// `pread` of `count` bytes at `offset`; `nil` when the file ends before them.
package func readExactly(_ descriptor: Int32, count: Int, at offset: Int) throws(FileCallError) -> [UInt8]? {
  var bytes = [UInt8](repeating: 0, count: count)
  let outcome: Result<Bool, FileCallError> = bytes.withUnsafeMutableBytes { raw in
    var filled = 0
    while filled < raw.count {
      let got = pread(descriptor, raw.baseAddress! + filled, raw.count - filled, off_t(offset + filled))
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(.current)
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
package func copyRest(of input: Int32, to output: Int32) throws(FileCallError) {
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
    if copiedInKernel || ![ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF].contains(errno) { throw .current }
    break
  }
  var buffer: [UInt8] = []
  while true {
    try readSome(input, into: &buffer, count: 1 << 20)
    if buffer.isEmpty { return }
    try writeAll(output, buffer)
  }
}

/// `flock(LOCK_EX)`: an exclusive lock on the open file, held until its last descriptor closes
/// (so it goes with the process however it ends). Waits for it, or with `waiting: false`
/// fails at once (`LOCK_NB`) when another process holds it.
package func lockFile(_ descriptor: Int32, waiting: Bool = true) throws(FileCallError) {
  while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
    if errno != EINTR { throw .current }
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
package func writeAccessProblem(_ path: String) -> FileCallError? {
  access(path, W_OK) == 0 ? nil : .current
}

/// `rename`: `source` takes `destination`'s name in one step (replacing a file there).
package func renamePath(_ source: String, to destination: String) throws(FileCallError) {
  guard rename(source, destination) == 0 else { throw .current }
}

/// Swaps the files (or folders) at two paths in one atomic step: `renameat2(RENAME_EXCHANGE)`,
/// a GNU extension, through the shim. `ENOSYS` where the call does not exist.
package func exchangePaths(_ first: String, _ second: String) throws(FileCallError) {
  guard conformance_exchange_paths(first, second) == 0 else { throw .current }
}

/// `unlink`: removes a name (a file, a link); the file goes once nothing holds it open.
package func removeFile(_ path: String) throws(FileCallError) {
  guard unlink(path) == 0 else { throw .current }
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
package func makeFolder(_ path: String, permissions: UInt32) throws(FileCallError) {
  guard mkdir(path, mode_t(permissions)) == 0 else { throw .current }
}

/// `realpath`: the path with every link, `.` and `..` resolved, or `nil`.
package func resolvedPath(_ path: String) throws(FileCallError) -> String {
  guard let resolved = realpath(path, nil) else { throw .current }
  defer { free(resolved) }
  return String(cString: resolved)
}

/// `readlink`: where a symbolic link points, as written in it (its bytes decoded as UTF-8).
package func linkTarget(_ path: String) throws(FileCallError) -> String {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink(path, &buffer, buffer.count - 1)
  guard count >= 0 else { throw .current }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A new, empty file of a unique name made from `prefix`, six random letters or digits and
/// `suffix`: `mkstemps` (created exclusively, mode 0600, open for reading and writing), then
/// `fcntl(FD_CLOEXEC)`, as `mkstemps` cannot take `O_CLOEXEC`.
package func createUniqueFile(prefix: String, suffix: String) throws(FileCallError)
  -> (path: String, descriptor: Int32)
{
  var template = Array((prefix + "XXXXXX" + suffix).utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer {
    mkstemps($0.baseAddress!, Int32(suffix.utf8.count))
  }
  guard descriptor >= 0 else { throw .current }
  _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  return (String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), descriptor)
}

/// A new, empty folder named `prefix` and six random letters or digits: `mkdtemp` (created
/// exclusively, mode 0700).
package func createUniqueFolder(prefix: String) throws(FileCallError) -> String {
  var template = Array((prefix + "XXXXXX").utf8CString)
  let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
  guard created else { throw .current }
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The names in a folder, `.` and `..` left out, in the order the file system gives them:
/// `opendir`, `readdir`, `closedir`. Each name is its bytes (a name need not be UTF-8).
package func folderEntries(_ path: String) throws(FileCallError) -> [[UInt8]] {
  guard let directory = opendir(path) else { throw .current }
  defer { closedir(directory) }
  return entries(of: directory)
}

/// ``folderEntries(_:)`` of an open folder (`fdopendir` of a `dup`, so `folder` stays open).
package func folderEntries(ofOpenFolder folder: Int32) throws(FileCallError) -> [[UInt8]] {
  guard let copy = duplicateDescriptor(folder) else { throw .current }
  guard let directory = fdopendir(copy) else {
    let error = FileCallError.current
    close(copy)
    throw error
  }
  defer { closedir(directory) }
  return entries(of: directory)
}

private func entries(of directory: OpaquePointer) -> [[UInt8]] {
  var names: [[UInt8]] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
    if name == [0x2E] || name == [0x2E, 0x2E] { continue }
    names.append(name)
  }
  return names
}

/// `getenv`: an environment variable's value, when set and valid UTF-8.
package func environmentVariable(_ name: String) -> String? {
  getenv(name).flatMap { String(validatingCString: $0) }
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
