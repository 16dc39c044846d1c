#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A report that could not be written, with the path and the system's reason.
public struct ReportWriteError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes report files atomically: the bytes go to a temporary file in the destination's own
/// folder (so the rename never crosses file systems), are flushed to disk, then renamed over
/// the destination. A reader (a CI dashboard, a browser) sees the old file or the new one,
/// never half of one; on any error the temporary file is removed.
public enum ReportFileWriter {
  public static func writeAtomically(_ text: String, to path: String) throws(ReportWriteError) {
    try writeAtomically(bytes: Array(text.utf8), to: path)
  }

  public static func writeAtomically(bytes: [UInt8], to path: String) throws(ReportWriteError) {
    func failure(_ what: String) -> ReportWriteError {
      ReportWriteError(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw ReportWriteError(path: path, reason: "not a file path")
    }
    let (folder, name) = split(path)
    try createFolder(folder, for: path)
    let temporary = "\(folder)/.\(name).\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
    var done = false
    defer {
      if !done { unlink(temporary) }
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in write(descriptor, raw.baseAddress! + offset, raw.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        let error = failure("cannot write \(temporary)")
        close(descriptor)
        throw error
      }
      offset += written
    }
    // Atomic by rename, not flushed to the platter: as for the JUnit report (docs/decisions.md).
    guard close(descriptor) == 0 else { throw failure("cannot close \(temporary)") }
    do {
      try FileSystem.replace(path, with: temporary)
    } catch {
      throw ReportWriteError(path: path, reason: "cannot rename \(temporary): \(error.reason)")
    }
    done = true
  }

  /// The folder part (`.` when there is none) and the file name of a path.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// `mkdir -p`: creates each missing folder of `folder`.
  static func createFolder(_ folder: String, for path: String) throws(ReportWriteError) {
    var prefix = folder.hasPrefix("/") ? "/" : ""
    for component in folder.split(separator: "/") {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw ReportWriteError(
          path: path, reason: "cannot create folder \(prefix): \(String(cString: strerror(errno)))")
      }
    }
    var info = stat()
    guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw ReportWriteError(path: path, reason: "\(folder) is not a folder")
    }
  }
}
