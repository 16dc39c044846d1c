import ConformanceLowLevel

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
      for descriptor in descriptors { try? closeFile(descriptor) }
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
      let info = try? fileInfo(atPath: target.path)
      switch target {
      case .writeThrough(let device):
        if let problem = writeAccessProblem(device) { throw failure("cannot write to it: \(problem)") }
        if info?.kind == .characterDevice { continue }
        if info?.kind == .fifo {
          do {
            held.descriptors.append(try openFile(device, [.writeOnly, .noControllingTerminal, .nonBlocking]))
          } catch {
            throw failure(error.isFIFOWithoutReader ? FileSystem.noReader : "cannot write to it: \(error)")
          }
        }
      case .file(let file):
        let folder = FileSystem.folder(of: file)
        do {
          try FileSystem.createFolders(folder)
          let probe = try FileSystem.createTemporaryFile(
            in: folder, base: FileSystem.lastComponent(of: file), role: "check")
          try? closeFile(probe.descriptor)
          try? removeFile(probe.path)
        } catch {
          throw failure(error.reason)
        }
        if info != nil, let problem = writeAccessProblem(file), problem.isReadOnlyFileSystem {
          throw failure("cannot write to it: \(problem)")
        }
      }
      let identity: String
      if let info {
        identity = "\(info.device):\(info.inode)"
      } else {
        let folder = FileSystem.folder(of: target.path)
        identity = ((try? resolvedPath(folder)) ?? folder) + "/" + FileSystem.lastComponent(of: target.path)
      }
      if let earlier = seen[identity] {
        throw failure("the same file as \(earlier.option) \(earlier.path): each report needs its own file")
      }
      seen[identity] = (option, path)
    }
    return held
  }
}
