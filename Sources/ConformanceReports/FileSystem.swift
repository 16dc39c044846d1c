import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX file operations the reports need, each turning `errno` into words.
enum FileSystem {
  struct Failure: Error {
    var reason: String
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }

  /// The folder part of `path` (`Reports` for `Reports/junit.xml`, `.` for `junit.xml`, `/` for
  /// `/junit.xml`).
  static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The last component of `path`.
  static func lastComponent(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Puts the file at `source` in place of `destination` in one atomic step: readers see the
  /// old file or the new one. `source` is gone afterwards.
  ///
  /// An existing destination is swapped with the new file (`renameat2` with `RENAME_EXCHANGE`)
  /// and the old file, now at `source`, removed. A plain `rename` over an existing file makes
  /// ext4 (mounted with its default `auto_da_alloc`) write the new file's data out before the
  /// call returns, which took longer than writing a 10,000-testcase report in the first place;
  /// the swap leaves that to the kernel's usual write-back. Where the swap is not available
  /// (another system, a file system without it) or there is nothing to swap with, `rename`.
  static func replace(_ destination: String, with source: String) throws(Failure) {
    // Only a file is swapped: `rename` refuses to put a file over a folder, a swap would not.
    var info = stat()
    let replacesFile = lstat(destination, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    if replacesFile && conformance_exchange_paths(source, destination) == 0 {
      // The old report is complete and hidden; failing to remove it loses nothing.
      _ = unlink(source)
      return
    }
    guard rename(source, destination) == 0 else { throw Failure(reason: errnoText()) }
  }

  /// Creates `path` and every missing folder above it, like `mkdir -p`, but only below an
  /// existing folder other than the file system's root: `--junit /nonexistent/x` never makes
  /// `/nonexistent` (as root it could), while `Reports/` in the working folder or `/tmp/ci/` is
  /// made. A component that exists but is not a folder (a dangling link) is never made through.
  static func createFolders(_ path: String) throws(Failure) {
    if isFolder(path) { return }
    var existing = path
    while !existing.isEmpty && existing != "/" && !isFolder(existing) {
      let parent = folder(of: existing)
      existing = parent == existing ? "" : parent
    }
    let resolved = realpath(existing.isEmpty ? "." : existing, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    }
    if resolved == "/" {
      let top = path.split(separator: "/").first.map { (path.hasPrefix("/") ? "/" : "") + $0 } ?? path
      throw Failure(
        reason:
          "cannot create folder \(path): its nearest existing folder is the file system's root, where no folder is made for a report; create \(top) first"
      )
    }
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
      if mkdir(prefix, 0o777) != 0 {
        let code = errno
        if code == EEXIST && isFolder(prefix) { continue }
        throw Failure(
          reason: code == EEXIST
            ? "cannot create folder \(prefix): a file is in the way"
            : "cannot create folder \(prefix): \(String(cString: strerror(code)))")
      }
    }
  }

  /// A new, empty, hidden file in `folder` named after `base` and `role`, opened for reading
  /// and writing (`mkstemps`: a unique name, created exclusively, mode 0600; then close-on-exec,
  /// so that no adapter started later inherits it, and its lock with it), and locked
  /// (``lockCreated(_:path:)``) so that another run's ``removeLeftovers(in:base:)`` leaves it.
  static func createTemporaryFile(in folder: String, base: String, role: String) throws(Failure)
    -> (path: String, descriptor: Int32)
  {
    let suffix = ".tmp"
    let name = "." + base + "." + role + "-XXXXXX" + suffix
    while true {
      var template = Array((folder == "/" ? "/" + name : folder + "/" + name).utf8CString)
      let descriptor = template.withUnsafeMutableBufferPointer {
        mkstemps($0.baseAddress!, Int32(suffix.utf8.count))
      }
      guard descriptor >= 0 else {
        throw Failure(reason: "cannot create a temporary file in \(folder): \(errnoText())")
      }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if lockCreated(descriptor, path: path) { return (path, descriptor) }
      close(descriptor)
    }
  }

  /// Locks a temporary file this run has just created (held until its last descriptor closes)
  /// and says whether it is still at `path`. Between its creation and the lock, another run's
  /// ``removeLeftovers(in:base:)`` may have taken it for a dead run's (its lock is free), and
  /// removed it: then the caller creates another.
  static func lockCreated(_ descriptor: Int32, path: String) -> Bool {
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { return false }
    }
    var opened = stat()
    var named = stat()
    return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0 && opened.st_dev == named.st_dev
      && opened.st_ino == named.st_ino
  }

  /// Appends everything from `input`'s offset to its end to `output`: inside the kernel
  /// (`copy_file_range`) where it can, else through a 1 MiB buffer (`read`, `write`).
  static func copyRest(of input: Int32, to output: Int32) throws(Failure) {
    var copiedInKernel = false
    while true {
      let copied = conformance_copy_file_range(input, output, 1 << 30)
      if copied > 0 {
        copiedInKernel = true
        continue
      }
      if copied == 0 { return }
      if errno == EINTR { continue }
      // Not supported here (an older kernel, another system, across file systems): copy by
      // hand, unless part went across already and the failure is real.
      if copiedInKernel || ![ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF].contains(errno) {
        throw Failure(reason: errnoText())
      }
      break
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = try readSome(input, into: buffer)
      if count == 0 { return }
      try writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Writes every byte of the array, retrying short writes and interrupted calls.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(Failure) {
    let outcome = bytes.withUnsafeBytes { raw in
      Result { () throws(Failure) in try writeAll(descriptor, raw) }
    }
    try outcome.get()
  }

  /// Writes every byte, retrying short writes and interrupted calls.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: errnoText())
      }
      offset += written
    }
  }

  /// Reads up to `buffer.count` bytes, retrying interrupted calls; 0 at the end of the file.
  static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
    while true {
      let count = read(descriptor, buffer.baseAddress!, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw Failure(reason: errnoText()) }
    }
  }

  /// The permission bits of an existing regular file at `path`, if there is one.
  static func permissions(ofFile path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return info.st_mode & 0o7777
  }

  // MARK: - Report destinations

  /// Where a report's bytes go once the destination's symbolic links are followed.
  enum ReportTarget: Equatable {
    /// A regular file, or nothing yet: replaced atomically through a hidden temporary file in
    /// its folder.
    case file(String)
    /// A character device (`/dev/null`, `/dev/stdout`) or a FIFO (`>(gzip > x)`): written
    /// to directly, never replaced.
    case writeThrough(String)

    var path: String {
      switch self {
      case .file(let path), .writeThrough(let path): return path
      }
    }
  }

  /// Follows `path`'s symbolic links (as pytest's `open(path, "w")` does: a link's target is
  /// written, the link stays a link; a broken link's target is created) and says how the report
  /// is written there. A folder, a block device or a socket is refused.
  static func reportTarget(_ path: String) throws(Failure) -> ReportTarget {
    guard !path.isEmpty, !path.hasSuffix("/") else { throw Failure(reason: "not a file path") }
    // Where the path leads, links followed by the kernel: a device or a pipe is written through
    // by the path as given, which also covers `/dev/stdout` and `/dev/fd/63` (`>(…)`), whose
    // last link (`pipe:[…]`) names no file.
    var followed = stat()
    if stat(path, &followed) == 0 {
      switch followed.st_mode & S_IFMT {
      case S_IFCHR, S_IFIFO: return .writeThrough(path)
      case S_IFBLK: throw Failure(reason: "is a block device: a report is never written to one")
      case S_IFSOCK: throw Failure(reason: "is a socket: a report cannot be written to one")
      default: break
      }
    }
    var current = path
    var linked = false
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        // Missing (or a file stands where a folder should: creating the folders words that).
        // A dangling link's target is created as pytest does, but never its folders.
        if linked && (errno == ENOENT || errno == ENOTDIR) && !isFolder(folder(of: current)) {
          throw Failure(
            reason:
              "a symbolic link to \(current), whose folder \(folder(of: current)) does not exist: folders are never created through a link"
          )
        }
        if errno == ENOENT || errno == ENOTDIR { return .file(current) }
        throw Failure(reason: errnoText())
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        return .file(current)
      case S_IFLNK:
        linked = true
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count >= 0 else { throw Failure(reason: errnoText()) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
      case S_IFCHR, S_IFIFO:
        return .writeThrough(current)
      case S_IFDIR:
        throw Failure(reason: current == path ? "is a folder" : "leads to \(current), a folder")
      case S_IFBLK:
        throw Failure(reason: "is a block device: a report is never written to one")
      case S_IFSOCK:
        throw Failure(reason: "is a socket: a report cannot be written to one")
      default:
        throw Failure(reason: "is not a regular file")
      }
    }
    throw Failure(reason: "too many levels of symbolic links")
  }

  /// Writes `bytes` to a character device or FIFO (``ReportTarget/writeThrough(_:)``).
  static func writeThrough(_ path: String, _ bytes: [UInt8]) throws(Failure) {
    let descriptor = try openForWritingThrough(path)
    do {
      try writeAll(descriptor, bytes)
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw Failure(reason: errnoText()) }
  }

  /// Opens an existing device or FIFO for writing: never created, never truncated. Opened
  /// without waiting (`O_NONBLOCK`, cleared once open): a FIFO without a reader is an error now,
  /// never an `open` that waits for one while signals go unanswered.
  static func openForWritingThrough(_ path: String) throws(Failure) -> Int32 {
    while true {
      let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
      if descriptor >= 0 {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
      }
      if errno == ENXIO { throw Failure(reason: noReader) }
      if errno != EINTR { throw Failure(reason: errnoText()) }
    }
  }

  static let noReader =
    "a FIFO with no reader: the report would wait for one; start its reader first (as `--junit >(gzip > junit.xml.gz)` does)"

  /// The folder for temporary files of a report written through to a device: never the
  /// device's own folder (`/dev`), but `$TMPDIR` or `/tmp`.
  static func temporaryFolder() -> String {
    if let value = getenv("TMPDIR"), let folder = String(validatingCString: value), !folder.isEmpty,
      isFolder(folder)
    {
      return folder
    }
    return "/tmp"
  }

  /// Hidden temporary files of this tool's own naming (`.BASE.body-XXXXXX.tmp`,
  /// `.BASE.new-XXXXXX.tmp`, `.BASE.check-XXXXXX.tmp`, `.BASE.PID-NUMBER.tmp`) left in
  /// `folder` by a run that was killed, removed. A file is taken only when it is a regular file
  /// (a symbolic link is never followed) and no process holds its lock: every run locks each of
  /// its temporary files from its creation until it is renamed into place or removed, and the
  /// lock goes with the process, so a run writing the same report at the same time keeps its
  /// files while a killed run's are removed by the very next run.
  static func removeLeftovers(in folder: String, base: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = Array(("." + base + ".").utf8)
    let suffix = Array(".tmp".utf8)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      guard name.count > prefix.count + suffix.count, name.starts(with: prefix), name.suffix(4).elementsEqual(suffix)
      else { continue }
      guard isTemporaryMiddle(name[prefix.count..<(name.count - suffix.count)]) else { continue }
      let path = (folder == "/" ? "/" : folder + "/") + String(decoding: name, as: UTF8.self)
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      var info = stat()
      if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        unlink(path)
      }
      close(descriptor)
    }
  }

  /// `body-XXXXXX`, `new-XXXXXX`, `check-XXXXXX` (six letters or digits, from `mkstemps`) or
  /// `DIGITS-DIGITS` (``ReportFileWriter``).
  static func isTemporaryMiddle(_ bytes: ArraySlice<UInt8>) -> Bool {
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    for role in ["body-", "new-", "check-"] {
      let roleBytes = Array(role.utf8)
      if bytes.starts(with: roleBytes) {
        let rest = bytes.dropFirst(roleBytes.count)
        return rest.count == 6 && rest.allSatisfy(isAlphanumeric)
      }
    }
    guard let dash = bytes.firstIndex(of: UInt8(ascii: "-")) else { return false }
    let pid = bytes[bytes.startIndex..<dash]
    let number = bytes[(dash + 1)...]
    return !pid.isEmpty && !number.isEmpty && pid.allSatisfy(isDigit) && number.allSatisfy(isDigit)
  }
}
