import ConformanceLowLevel

/// A report that could not be written, with the path and the system's reason.
public struct ReportWriteError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String
  /// What the report is when its message names it (`JUnit report`); `nil` says only the path.
  public var kind: String? = nil

  public init(path: String, reason: String, kind: String? = nil) {
    self.path = path
    self.reason = reason
    self.kind = kind
  }

  /// `cannot write Reports/summary.md: cannot write …: No space left on device`.
  public var description: String { "cannot write \(kind.map { $0 + " " } ?? "")\(path): \(reason)" }
}

/// A report written in full to a hidden temporary file beside its destination, waiting to be
/// renamed into place (``ReportFileWriter/commit(_:)``, ``ReportSet``).
public struct StagedReport: Sendable {
  /// The destination as given (for messages).
  public var destination: String
  /// The file it replaces, the destination's symbolic links followed.
  public var file: String
  /// The hidden file holding the report; `nil` when it was written through to a device.
  public var temporary: String?
  /// A descriptor of ``temporary`` holding its lock until it is renamed into place or removed,
  /// so that another run's leftover cleanup never takes it for a killed run's; -1 when none.
  var lock: Int32 = -1

  /// Closes ``lock``, releasing the lock.
  func unlock() {
    if lock >= 0 { try? closeFile(lock) }
  }
}

/// Writes report files atomically: the bytes go to a temporary file in the destination's own
/// folder (so the rename never crosses file systems), which then takes the destination's place
/// (``FileSystem/replace(_:with:)``; not flushed to disk, see docs/decisions.md). A reader (a CI dashboard, a browser) sees the old file or the new one,
/// never half of one; on any error the temporary file is removed.
public enum ReportFileWriter {
  public static func writeAtomically(_ text: String, to path: String) throws(ReportWriteError) {
    try writeAtomically(bytes: Array(text.utf8), to: path)
  }

  public static func writeAtomically(bytes: [UInt8], to path: String) throws(ReportWriteError) {
    try commit(try stage(bytes: bytes, to: path))
  }

  /// Writes the report to its hidden temporary file, not yet in place (``commit(_:)`` puts it
  /// there, ``abandon(_:)`` removes it). A device or FIFO is written through at once.
  public static func stage(bytes: [UInt8], to path: String) throws(ReportWriteError) -> StagedReport {
    let file: String
    do {
      switch try FileSystem.reportTarget(path) {
      case .writeThrough(let device):
        // A character device or a FIFO: written to, never replaced (docs/reports.md).
        try FileSystem.writeThrough(device, bytes)
        return StagedReport(destination: path, file: device, temporary: nil)
      case .file(let resolved):
        file = resolved
      }
    } catch {
      throw ReportWriteError(path: path, reason: error.reason)
    }
    let folder = FileSystem.folder(of: file)
    let name = FileSystem.lastComponent(of: file)
    try createFolder(folder, for: path)
    FileSystem.removeLeftovers(in: folder, base: name)
    let (temporary, descriptor) = try createLockedTemporary(folder: folder, name: name, for: path)
    do {
      try writeAll(descriptor, bytes)
    } catch {
      try? closeFile(descriptor)
      try? removeFile(temporary)
      throw ReportWriteError(path: path, reason: "cannot write \(temporary): \(error)")
    }
    // Atomic by rename, not flushed to the platter: as for the JUnit report (docs/decisions.md).
    // The lock stays with a second descriptor of the same open file until the rename.
    let lock = duplicateDescriptor(descriptor)
    do {
      try closeFile(descriptor)
    } catch {
      try? removeFile(temporary)
      if let lock { try? closeFile(lock) }
      throw ReportWriteError(path: path, reason: "cannot close \(temporary): \(error)")
    }
    var staged = StagedReport(destination: path, file: file, temporary: temporary)
    staged.lock = lock ?? -1
    return staged
  }

  /// A new hidden file `.NAME.PID-NUMBER.tmp` in `folder`, created exclusively and locked until
  /// it is renamed into place or removed (``StagedReport/lock``), so a concurrent run's leftover
  /// cleanup leaves it.
  private static func createLockedTemporary(folder: String, name: String, for path: String)
    throws(ReportWriteError) -> (path: String, descriptor: Int32)
  {
    while true {
      let temporary = "\(folder)/.\(name).\(processID())-\(UInt32.random(in: .min ... .max)).tmp"
      let descriptor: Int32
      do {
        descriptor = try openFile(temporary, [.writeOnly, .create, .exclusive], permissions: 0o644)
      } catch {
        throw ReportWriteError(path: path, reason: "cannot create \(temporary): \(error)")
      }
      if FileSystem.lockCreated(descriptor, path: temporary) { return (temporary, descriptor) }
      try? closeFile(descriptor)
    }
  }

  /// Puts a staged report in place of its destination (one atomic rename); on failure the
  /// temporary file is removed and the destination left as it was.
  public static func commit(_ staged: StagedReport) throws(ReportWriteError) {
    guard let temporary = staged.temporary else { return }
    defer { staged.unlock() }
    do {
      try FileSystem.replace(staged.file, with: temporary)
    } catch {
      try? removeFile(temporary)
      throw ReportWriteError(path: staged.destination, reason: "cannot rename \(temporary): \(error.reason)")
    }
  }

  /// Removes a staged report's temporary file; the destination is left as it was.
  public static func abandon(_ staged: StagedReport) {
    if let temporary = staged.temporary { try? removeFile(temporary) }
    staged.unlock()
  }

  /// `mkdir -p`: creates each missing folder of `folder`.
  static func createFolder(_ folder: String, for path: String) throws(ReportWriteError) {
    var prefix = folder.hasPrefix("/") ? "/" : ""
    for component in folder.split(separator: "/") {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
      do {
        try makeFolder(prefix, permissions: 0o755)
      } catch {
        if !error.isAlreadyThere {
          throw ReportWriteError(path: path, reason: "cannot create folder \(prefix): \(error)")
        }
      }
    }
    guard FileSystem.isFolder(folder) else {
      throw ReportWriteError(path: path, reason: "\(folder) is not a folder")
    }
  }
}
