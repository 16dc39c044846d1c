import Foundation

/// Writes generated files under a root, atomically and only when their bytes change.
public struct CorpusWriter: Sendable {
  public let root: String

  public init(root: String) {
    self.root = root
  }

  public struct Report: Sendable {
    public var changed: [String] = []
    public var unchanged = 0
  }

  public func write(_ files: [GeneratedFile], checkOnly: Bool) throws -> Report {
    var report = Report()
    var seen = Set<String>()
    for file in files {
      precondition(seen.insert(file.path).inserted, "two generated files share the path \(file.path)")
      let url = URL(fileURLWithPath: root).appendingPathComponent(file.path)
      let bytes = Data(file.text.utf8)
      if let existing = try? Data(contentsOf: url), existing == bytes {
        report.unchanged += 1
        continue
      }
      report.changed.append(file.path)
      if checkOnly { continue }
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: url, options: .atomic)
    }
    return report
  }
}

/// Standard error, for the generator's messages.
public enum FileHandleStandardError {
  public static func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
