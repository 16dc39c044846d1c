import ConformanceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A vector file found under a root, before it is read.
public struct VectorFileLocation: Sendable, Hashable {
  public var root: String
  /// Relative to `root`, `/`-separated.
  public var path: String

  public init(root: String, path: String) {
    self.root = root
    self.path = path
  }

  public var displayPath: String { VectorFile.join(root, path) }
}

/// A file that could not be loaded, and why.
public struct LoadFailure: Error, Sendable, CustomStringConvertible {
  public var location: VectorFileLocation
  /// The file's suite when it could be read before the failure, for reports.
  public var suite: String?
  public var reason: String

  public init(location: VectorFileLocation, suite: String?, reason: String) {
    self.location = location
    self.suite = suite
    self.reason = reason
  }

  /// `Vectors/a.json: tests[2].id: duplicate id "x", first used by tests[0]`.
  public var description: String { "\(location.displayPath): \(reason)" }
}

/// A vectors root that cannot be searched (missing, not a folder, unreadable).
public struct VectorRootError: Error, Sendable, CustomStringConvertible {
  public var root: String
  public var reason: String
  public var description: String { "\(root): \(reason)" }
}

/// Finds and reads vector files strictly.
public struct VectorLoader: Sendable {
  public var parser: JSONParser
  public var decoder = VectorFileDecoder()

  public init(parser: JSONParser = JSONParser()) {
    self.parser = parser
  }

  /// Every `*.json` file under `root` except `*.schema.json`, in byte order of their paths.
  /// A root that is a file is that one file: its folder is its root, its name its path.
  public func discover(root: String) throws(VectorRootError) -> [VectorFileLocation] {
    var info = stat()
    guard stat(root, &info) == 0 else {
      throw VectorRootError(root: root, reason: "no such file or folder")
    }
    if info.st_mode & S_IFMT == S_IFREG {
      let slash = root.lastIndex(of: "/")
      let name = slash.map { String(root[root.index(after: $0)...]) } ?? root
      let folder = slash.map { $0 == root.startIndex ? "/" : String(root[..<$0]) } ?? ""
      guard !name.isEmpty else { throw VectorRootError(root: root, reason: "not a folder or a file") }
      return [VectorFileLocation(root: folder, path: name)]
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw VectorRootError(root: root, reason: "not a folder or a regular file")
    }
    var found: [String] = []
    try walk(root: root, relative: "", into: &found)
    return found.sorted(by: utf8Precedes).map { VectorFileLocation(root: root, path: $0) }
  }

  private func walk(root: String, relative: String, into found: inout [String])
    throws(VectorRootError)
  {
    let folder = relative.isEmpty ? root : VectorFile.join(root, relative)
    guard let directory = opendir(folder) else {
      throw VectorRootError(root: root, reason: "cannot read folder \(folder)")
    }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." || name.hasPrefix(".") { continue }
      let child = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard stat(VectorFile.join(root, child), &info) == 0 else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        try walk(root: root, relative: child, into: &found)
      } else if name.hasSuffix(".json") && !name.hasSuffix(".schema.json") {
        found.append(child)
      }
    }
  }

  /// Reads, parses and decodes one file.
  public func load(_ location: VectorFileLocation) -> Result<VectorFile, LoadFailure> {
    let bytes: [UInt8]
    do {
      bytes = try readFile(location.displayPath)
    } catch {
      return .failure(LoadFailure(location: location, suite: nil, reason: error.reason))
    }
    return load(bytes: bytes, location: location)
  }

  /// Parses and decodes bytes already read: a well-formed file by the fast path
  /// (``WellFormedVectorFileReader``), anything else by parsing and decoding, which words the
  /// errors.
  public func load(bytes: [UInt8], location: VectorFileLocation) -> Result<VectorFile, LoadFailure> {
    if let file = WellFormedVectorFileReader(parser: parser).read(bytes, path: location.path, root: location.root) {
      return .success(file)
    }
    return loadStrictly(bytes: bytes, location: location)
  }

  /// Parses with ``JSONParser`` and decodes with ``VectorFileDecoder``: the reference the fast
  /// path must agree with.
  func loadStrictly(bytes: [UInt8], location: VectorFileLocation) -> Result<VectorFile, LoadFailure> {
    let document: JSONValue
    do {
      document = try parser.parse(bytes)
    } catch {
      return .failure(LoadFailure(location: location, suite: nil, reason: "invalid JSON: \(error)"))
    }
    do {
      return .success(try decoder.decode(document, path: location.path, root: location.root))
    } catch {
      let suite = document.objectValue?["suite"]?.stringValue.flatMap {
        Contract.suites.contains($0) ? $0 : nil
      }
      return .failure(LoadFailure(location: location, suite: suite, reason: error.description))
    }
  }
}

struct ReadError: Error {
  var reason: String
}

/// Reads a whole file with POSIX calls (Foundation's `Data` adds a copy and a bridge per file).
func readFile(_ path: String) throws(ReadError) -> [UInt8] {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else {
    throw ReadError(reason: "cannot open: \(String(cString: strerror(errno)))")
  }
  defer { close(descriptor) }
  var info = stat()
  let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
  // One byte more than the size, so that the read which finds the end needs no larger buffer
  // (growing it copied every file once more).
  var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
  var filled = 0
  while true {
    if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
    let count = bytes.withUnsafeMutableBytes { raw in
      read(descriptor, raw.baseAddress! + filled, raw.count - filled)
    }
    if count < 0 {
      if errno == EINTR { continue }
      throw ReadError(reason: "cannot read: \(String(cString: strerror(errno)))")
    }
    if count == 0 { break }
    filled += count
  }
  bytes.removeSubrange(filled...)
  return bytes
}
