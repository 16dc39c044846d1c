#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A report destination that cannot work, found before the run starts.
public struct ReportDestinationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The option that named it (`--junit`).
  public var option: String
  public var path: String
  public var reason: String

  public var description: String { "\(option) \(path): \(reason)" }
}

/// Checks every report destination of a run before any test runs, so that a destination that
/// cannot work is a command-line error (exit 2) at once instead of after a long run:
///
/// - the destination, once its symbolic links are followed, is not a folder, a block device or
///   a socket (a character device or a FIFO is written through, docs/reports.md);
/// - its folder exists or can be created (it is created now), and a file can be created in it;
/// - no two destinations are the same file (compared by device and inode when it exists, by its
///   folder's real path and its name when it does not). A character device (`/dev/null`) may
///   take several reports.
public enum ReportDestinationCheck {
  /// FIFO destinations opened by the check, held open until the run is over: a FIFO with no
  /// reader is refused at the start (never waited on), and the reader found then does not see
  /// the end of its input before its report comes.
  public final class HeldFIFOs: @unchecked Sendable {
    fileprivate var descriptors: [Int32] = []

    /// Closes them (also done when this goes away).
    public func release() {
      for descriptor in descriptors { close(descriptor) }
      descriptors = []
    }

    deinit { release() }
  }

  @discardableResult
  public static func check(_ destinations: [(option: String, path: String)]) throws(ReportDestinationError)
    -> HeldFIFOs
  {
    let held = HeldFIFOs()
    var seen: [String: (option: String, path: String)] = [:]
    for (option, path) in destinations {
      func failure(_ reason: String) -> ReportDestinationError {
        ReportDestinationError(option: option, path: path, reason: reason)
      }
      let target: FileSystem.ReportTarget
      do {
        target = try FileSystem.reportTarget(path)
      } catch {
        throw failure(error.reason)
      }
      var info = stat()
      let exists = stat(target.path, &info) == 0
      switch target {
      case .writeThrough(let device):
        guard access(device, W_OK) == 0 else { throw failure("cannot write to it: \(FileSystem.errnoText())") }
        if info.st_mode & S_IFMT == S_IFCHR { continue }
        if info.st_mode & S_IFMT == S_IFIFO {
          let descriptor = open(device, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
          guard descriptor >= 0 else {
            throw failure(errno == ENXIO ? FileSystem.noReader : "cannot write to it: \(FileSystem.errnoText())")
          }
          held.descriptors.append(descriptor)
        }
      case .file(let file):
        let folder = FileSystem.folder(of: file)
        do {
          try FileSystem.createFolders(folder)
          let probe = try FileSystem.createTemporaryFile(
            in: folder, base: FileSystem.lastComponent(of: file), role: "check")
          close(probe.descriptor)
          unlink(probe.path)
        } catch {
          throw failure(error.reason)
        }
        if exists, access(file, W_OK) != 0, errno == EROFS {
          throw failure("cannot write to it: \(FileSystem.errnoText())")
        }
      }
      let identity: String
      if exists {
        identity = "\(info.st_dev):\(info.st_ino)"
      } else {
        let folder = FileSystem.folder(of: target.path)
        let real = realpath(folder, nil).map { pointer in
          defer { free(pointer) }
          return String(cString: pointer)
        }
        identity = (real ?? folder) + "/" + FileSystem.lastComponent(of: target.path)
      }
      if let earlier = seen[identity] {
        throw failure("the same file as \(earlier.option) \(earlier.path): each report needs its own file")
      }
      seen[identity] = (option, path)
    }
    return held
  }
}
