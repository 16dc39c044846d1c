#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder under the system's temporary folder, removed with everything in it when the
/// object goes away. Not `Sendable`: use it within one test.
public final class TemporaryFolder {
  public let path: String

  public init(prefix: String = "conformance") {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(created != nil, "mkdtemp failed: \(String(cString: strerror(errno)))")
    path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  deinit { removeTree(path) }

  /// `path/relative`.
  public func url(_ relative: String) -> String { path + "/" + relative }

  /// Writes `bytes` to `relative`, creating the folders above it.
  @discardableResult
  public func write(_ relative: String, bytes: [UInt8]) -> String {
    let target = url(relative)
    var folder = path
    for component in relative.split(separator: "/").dropLast() {
      folder += "/" + component
      mkdir(folder, 0o755)
    }
    let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0, "cannot create \(target)")
    defer { close(descriptor) }
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = writeBytes(descriptor, raw.baseAddress! + offset, raw.count - offset)
        precondition(written > 0, "cannot write \(target)")
        offset += written
      }
    }
    return target
  }

  /// Writes UTF-8 `text` to `relative`.
  @discardableResult
  public func write(_ relative: String, _ text: String) -> String {
    write(relative, bytes: Array(text.utf8))
  }

  /// The names in `relative` (the folder itself by default), hidden ones included, sorted by
  /// their bytes.
  public func entries(_ relative: String = "") -> [String] {
    guard let directory = opendir(relative.isEmpty ? path : url(relative)) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}

/// Removes `path` and, for a folder, everything in it (symbolic links are removed, never
/// followed).
private func removeTree(_ path: String) {
  var info = stat()
  guard lstat(path, &info) == 0 else { return }
  if info.st_mode & S_IFMT == S_IFDIR {
    if let directory = opendir(path) {
      var names: [String] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(directory)
      for name in names { removeTree(path + "/" + name) }
    }
    rmdir(path)
  } else {
    unlink(path)
  }
}

/// `write(2)`, under a name a method called `write` does not hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
