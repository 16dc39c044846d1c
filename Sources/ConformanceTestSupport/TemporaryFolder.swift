import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
  public let path: String

  public init(_ label: String = "conformance") throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  /// Writes `text` at `relative` (folders are created), returning the full path.
  @discardableResult
  public func write(_ relative: String, _ text: String) throws -> String {
    try write(relative, bytes: Array(text.utf8))
  }

  @discardableResult
  public func write(_ relative: String, bytes: [UInt8]) throws -> String {
    let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
  }

  public func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
  }

  public func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: path + "/" + relative)
  }

  /// Names of the entries directly in `relative` (sorted).
  public func list(_ relative: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : path + "/" + relative).sorted()
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The package's root folder, for tests that read shipped files (Vectors/, docs/).
public func packageRoot(file: String = #filePath) -> String {
  var url = URL(fileURLWithPath: file)
  while url.path != "/" {
    url.deleteLastPathComponent()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      return url.path
    }
  }
  return FileManager.default.currentDirectoryPath
}
