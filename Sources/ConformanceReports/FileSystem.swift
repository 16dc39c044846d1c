import ConformanceLowLevel

/// The file operations the reports need, over ConformanceLowLevel's system calls, each failure
/// in words.
enum FileSystem {
  struct Failure: Error {
    var reason: String

    init(reason: String) {
      self.reason = reason
    }

    /// A failed system call, in the system's words.
    init(_ error: SystemCallError) {
      self.reason = error.description
    }
  }

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
    (try? fileInfo(atPath: path))?.kind == .folder
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
    let replacesFile = (try? fileInfo(atPath: destination, followingLinks: false))?.kind == .regular
    if replacesFile && (try? exchangePaths(source, destination)) != nil {
      // The old report is complete and hidden; failing to remove it loses nothing.
      try? removeFile(source)
      return
    }
    do {
      try renamePath(source, to: destination)
    } catch {
      throw Failure(error)
    }
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
    if (try? resolvedPath(existing.isEmpty ? "." : existing)) == "/" {
      let top = path.split(separator: "/").first.map { (path.hasPrefix("/") ? "/" : "") + $0 } ?? path
      throw Failure(
        reason:
          "cannot create folder \(path): its nearest existing folder is the file system's root, where no folder is made for a report; create \(top) first"
      )
    }
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
      do {
        try makeFolder(prefix, permissions: 0o777)
      } catch {
        if error.isAlreadyThere && isFolder(prefix) { continue }
        throw Failure(
          reason: error.isAlreadyThere
            ? "cannot create folder \(prefix): a file is in the way"
            : "cannot create folder \(prefix): \(error)")
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
    let name = "." + base + "." + role + "-"
    while true {
      let created: (path: String, descriptor: Int32)
      do {
        created = try createUniqueFile(prefix: folder == "/" ? "/" + name : folder + "/" + name, suffix: ".tmp")
      } catch {
        throw Failure(reason: "cannot create a temporary file in \(folder): \(error)")
      }
      if lockCreated(created.descriptor, path: created.path) { return created }
      try? closeFile(created.descriptor)
    }
  }

  /// Locks a temporary file this run has just created (held until its last descriptor closes)
  /// and says whether it is still at `path`. Between its creation and the lock, another run's
  /// ``removeLeftovers(in:base:)`` may have taken it for a dead run's (its lock is free), and
  /// removed it: then the caller creates another.
  static func lockCreated(_ descriptor: Int32, path: String) -> Bool {
    guard (try? lockFile(descriptor)) != nil, let opened = try? fileInfo(ofDescriptor: descriptor),
      let named = try? fileInfo(atPath: path, followingLinks: false)
    else { return false }
    return opened.isSameFile(as: named)
  }

  /// The permission bits of an existing regular file at `path`, if there is one.
  static func permissions(ofFile path: String) -> UInt32? {
    guard let status = try? fileInfo(atPath: path), status.kind == .regular else { return nil }
    return status.permissions
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
    if let followed = try? fileInfo(atPath: path) {
      switch followed.kind {
      case .characterDevice, .fifo: return .writeThrough(path)
      case .blockDevice: throw Failure(reason: "is a block device: a report is never written to one")
      case .socket: throw Failure(reason: "is a socket: a report cannot be written to one")
      default: break
      }
    }
    var current = path
    var linked = false
    for _ in 0..<40 {
      let info: FileInfo
      do {
        info = try fileInfo(atPath: current, followingLinks: false)
      } catch {
        // Missing (or a file stands where a folder should: creating the folders words that).
        // A dangling link's target is created as pytest does, but never its folders.
        if linked && error.isNotFound && !isFolder(folder(of: current)) {
          throw Failure(
            reason:
              "a symbolic link to \(current), whose folder \(folder(of: current)) does not exist: folders are never created through a link"
          )
        }
        if error.isNotFound { return .file(current) }
        throw Failure(error)
      }
      switch info.kind {
      case .regular:
        return .file(current)
      case .symbolicLink:
        linked = true
        let target: String
        do {
          target = try linkTarget(current)
        } catch {
          throw Failure(error)
        }
        current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
      case .characterDevice, .fifo:
        return .writeThrough(current)
      case .folder:
        throw Failure(reason: current == path ? "is a folder" : "leads to \(current), a folder")
      case .blockDevice:
        throw Failure(reason: "is a block device: a report is never written to one")
      case .socket:
        throw Failure(reason: "is a socket: a report cannot be written to one")
      case .unknown:
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
      try closeFile(descriptor)
    } catch {
      try? closeFile(descriptor)
      throw Failure(error)
    }
  }

  /// Opens an existing device or FIFO for writing: never created, never truncated. Opened
  /// without waiting (`O_NONBLOCK`, cleared once open): a FIFO without a reader is an error now,
  /// never an `open` that waits for one while signals go unanswered.
  static func openForWritingThrough(_ path: String) throws(Failure) -> Int32 {
    do {
      let descriptor = try openFile(path, [.writeOnly, .noControllingTerminal, .nonBlocking])
      clearNonBlocking(descriptor)
      return descriptor
    } catch {
      throw Failure(reason: error.isFIFOWithoutReader ? noReader : error.description)
    }
  }

  static let noReader =
    "a FIFO with no reader: the report would wait for one; start its reader first (as `--junit >(gzip > junit.xml.gz)` does)"

  /// The folder for temporary files of a report written through to a device: never the
  /// device's own folder (`/dev`), but `$TMPDIR` or `/tmp`.
  static func temporaryFolder() -> String {
    if let folder = environmentValue("TMPDIR"), !folder.isEmpty, isFolder(folder) {
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
    guard let names = try? folderEntryNames(folder) else { return }
    let prefix = Array(("." + base + ".").utf8)
    let suffix = Array(".tmp".utf8)
    for name in names {
      guard name.count > prefix.count + suffix.count, name.starts(with: prefix), name.suffix(4).elementsEqual(suffix)
      else { continue }
      guard isTemporaryMiddle(name[prefix.count..<(name.count - suffix.count)]) else { continue }
      let path = (folder == "/" ? "/" : folder + "/") + String(decoding: name, as: UTF8.self)
      guard let descriptor = try? openFile(path, [.readOnly, .nonBlocking, .noFollow]) else { continue }
      if (try? fileInfo(ofDescriptor: descriptor))?.kind == .regular, (try? lockFile(descriptor, waiting: false)) != nil
      {
        try? removeFile(path)
      }
      try? closeFile(descriptor)
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
