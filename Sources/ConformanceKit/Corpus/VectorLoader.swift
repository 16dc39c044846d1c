import ConformanceJSON
import ConformanceLowLevel

/// A vector file found under a root, before it is read.
public struct VectorFileLocation: Sendable, Hashable {
  public var root: String
  /// Relative to `root`, `/`-separated. A name that is not UTF-8 is shown escaped (`\xFF`).
  public var path: String
  /// Why the walk could not use the entry (a broken link, a link loop, a name that is not
  /// UTF-8, a folder that cannot be read), or `nil`: loading it is then this load error.
  public var problem: String?

  public init(root: String, path: String, problem: String? = nil) {
    self.root = root
    self.path = path
    self.problem = problem
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
///
/// The file system is untrusted too: only regular files are read (a FIFO, device or socket
/// named `*.json` is a load error and is never opened), each at most ``maxFileSize`` bytes; a
/// symbolic link to a folder is followed once (folders are told apart by device and inode), so
/// link cycles end; and an entry the walk cannot use (a broken link, a link loop, a name that is
/// not UTF-8, a folder that cannot be read) is a load error naming it, never dropped.
public struct VectorLoader: Sendable {
  public var parser: JSONParser
  public var decoder = VectorFileDecoder()
  /// The largest vector file read, in bytes (`--max-file-size`, docs/decisions.md).
  public var maxFileSize: Int

  /// 64 MiB: the shipped files are a few hundred kB at most; the cap keeps a link to
  /// `/dev/zero` or a runaway generator from taking the machine's memory.
  public static let defaultMaxFileSize = 64 * 1024 * 1024

  public init(parser: JSONParser = JSONParser(), maxFileSize: Int = VectorLoader.defaultMaxFileSize) {
    self.parser = parser
    self.maxFileSize = maxFileSize
  }

  /// Every vector file under `root` (every `*.json` file except `*.schema.json`, `*.suite.json`
  /// and the root's own `manifest.json`), in byte order of their paths, and every entry that
  /// cannot be used (``VectorFileLocation/problem``). A root that is a file is that one file: its
  /// folder is its root, its name its path.
  public func discover(root: String) throws(VectorRootError) -> [VectorFileLocation] {
    try survey(root: root).vectorFiles
  }

  /// What a vectors root holds: its vector files, its suite declarations (`NAME.suite.json`) and
  /// whether it has a manifest (docs/releases.md, docs/own-suites.md).
  public func survey(root: String) throws(VectorRootError) -> CorpusListing {
    guard let info = try? fileInfo(atPath: root) else {
      throw VectorRootError(root: root, reason: "no such file or folder")
    }
    if info.kind == .regular {
      let slash = root.lastIndex(of: "/")
      let name = slash.map { String(root[root.index(after: $0)...]) } ?? root
      let folder = slash.map { $0 == root.startIndex ? "/" : String(root[..<$0]) } ?? ""
      guard !name.isEmpty else { throw VectorRootError(root: root, reason: "not a folder or a file") }
      let location = VectorFileLocation(root: folder, path: name)
      return name.hasSuffix(CorpusListing.declarationSuffix)
        ? CorpusListing(root: folder, isFolder: false, vectorFiles: [], declarations: [location], manifest: nil)
        : CorpusListing(root: folder, isFolder: false, vectorFiles: [location], declarations: [], manifest: nil)
    }
    guard info.kind == .folder else {
      throw VectorRootError(root: root, reason: "not a folder or a regular file")
    }
    let entries: [FolderEntry]
    do {
      entries = try folderEntries(root)
    } catch {
      throw VectorRootError(root: root, reason: "cannot read folder: \(error.text)")
    }
    var walk = Walk(root: root)
    walk.enter(FolderIdentity(info), relative: "")
    walk.read(entries, relative: "")
    let sorted = walk.found.sorted { utf8Precedes($0.path, $1.path) }
    return CorpusListing(
      root: root, isFolder: true,
      vectorFiles: sorted.filter { !$0.path.hasSuffix(CorpusListing.declarationSuffix) },
      declarations: sorted.filter { $0.path.hasSuffix(CorpusListing.declarationSuffix) },
      manifest: walk.manifest)
  }

  /// A folder's identity: symbolic links and bind mounts give one folder several paths.
  struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: FileInfo) {
      device = info.device
      inode = info.inode
    }
  }

  /// One root's walk: what it found, the folders searched, and the folders being searched (a
  /// link to one of those is a cycle).
  private struct Walk {
    let root: String
    var found: [VectorFileLocation] = []
    var searched: [FolderIdentity: String] = [:]
    var open: Set<FolderIdentity> = []
    /// The root's `manifest.json`, when it has an entry of that name.
    var manifest: VectorFileLocation? = nil

    init(root: String) {
      self.root = root
    }

    mutating func enter(_ identity: FolderIdentity, relative: String) {
      searched[identity] = relative.isEmpty ? root : VectorFile.join(root, relative)
      open.insert(identity)
    }

    mutating func problem(_ relative: String, _ reason: String) {
      found.append(VectorFileLocation(root: root, path: relative, problem: reason))
    }

    /// Visits the folder's entries in the byte order of their names, so that which of two
    /// paths to one folder is searched (and which is reported) never depends on `readdir`.
    mutating func read(_ entries: [FolderEntry], relative: String) {
      let entries = entries.filter { $0.name.first != UInt8(ascii: ".") }
      for entry in entries.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
        let (name, isUTF8) = VectorLoader.displayName(entry.name)
        let child = relative.isEmpty ? name : relative + "/" + name
        guard isUTF8 else {
          problem(child, "the name is not UTF-8 (shown escaped); rename the file")
          continue
        }
        visit(name: name, child: child, kind: entry.kind)
      }
    }

    /// `kind`: what the entry's `d_type` from `readdir` says.
    private mutating func visit(name: String, child: String, kind: FileKind) {
      // The root's manifest is not a vector file; whatever it is, the manifest check reads it.
      if child == CorpusListing.manifestName {
        manifest = VectorFileLocation(root: root, path: child)
        return
      }
      // What `readdir` says is neither a folder nor a link needs no `lstat`: it is listed by
      // its name alone, as below (one `lstat` a file was most of listing a large corpus).
      // File systems that do not say (`DT_UNKNOWN`) take the `lstat`.
      if kind != .folder && kind != .symbolicLink && kind != .unknown {
        if VectorLoader.isListedFileName(name) { found.append(VectorFileLocation(root: root, path: child)) }
        return
      }
      let path = VectorFile.join(root, child)
      var info: FileInfo
      do {
        info = try fileInfo(atPath: path, followingLinks: false)
      } catch {
        problem(child, "cannot read its file information: \(error.text)")
        return
      }
      if info.kind == .symbolicLink {
        do {
          info = try fileInfo(atPath: path)
        } catch {
          if error.isLoop {
            problem(child, "symbolic link loop: its target never resolves")
          } else if error.isMissing {
            problem(child, "broken symbolic link: its target does not exist")
          } else {
            problem(child, "cannot follow the symbolic link: \(error.text)")
          }
          return
        }
      }
      guard info.kind == .folder else {
        if VectorLoader.isListedFileName(name) { found.append(VectorFileLocation(root: root, path: child)) }
        return
      }
      let identity = FolderIdentity(info)
      if let earlier = searched[identity] {
        problem(
          child,
          open.contains(identity)
            ? "symbolic link loop: leads back to folder \(earlier), which holds it; not followed"
            : "leads to folder \(earlier), which is searched already; not followed")
        return
      }
      let entries: [FolderEntry]
      do {
        entries = try folderEntries(path)
      } catch {
        problem(child, "cannot read folder: \(error.text)")
        return
      }
      enter(identity, relative: child)
      read(entries, relative: child)
      open.remove(identity)
    }
  }

  /// Whether a file of this name is listed: vector files and suite declarations (told apart
  /// by the survey), not JSON Schemas.
  static func isListedFileName(_ name: String) -> Bool {
    name.hasSuffix(".json") && !name.hasSuffix(".schema.json")
  }

  /// A file name for messages: the name itself when it is UTF-8; else every byte outside
  /// printable ASCII as `\xHH`.
  static func displayName(_ bytes: [UInt8]) -> (name: String, isUTF8: Bool) {
    if let name = String(validating: bytes, as: UTF8.self) { return (name, true) }
    let digits = Array("0123456789ABCDEF".utf8)
    var escaped: [UInt8] = []
    for byte in bytes {
      if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
        escaped.append(byte)
      } else {
        escaped += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      }
    }
    return (String(decoding: escaped, as: UTF8.self), false)
  }

  /// The bytes of the file at `location`, or why it cannot be read.
  public func read(_ location: VectorFileLocation) -> Result<[UInt8], LoadFailure> {
    if let problem = location.problem {
      return .failure(LoadFailure(location: location, suite: nil, reason: problem))
    }
    do {
      return .success(try readFile(location.displayPath, limit: maxFileSize))
    } catch {
      return .failure(LoadFailure(location: location, suite: nil, reason: error.reason))
    }
  }

  /// Reads, parses and decodes one file.
  public func load(_ location: VectorFileLocation) -> Result<VectorFile, LoadFailure> {
    switch read(location) {
    case .failure(let failure): return .failure(failure)
    case .success(let bytes): return load(bytes: bytes, location: location)
    }
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
        Contract.suites.contains($0) || decoder.declarations[$0] != nil ? $0 : nil
      }
      return .failure(LoadFailure(location: location, suite: suite, reason: error.description))
    }
  }
}

struct ReadError: Error {
  var reason: String
}

/// What a file-system object is, for messages: `a FIFO`, `a character device`, …
func fileTypeName(_ kind: FileKind) -> String {
  switch kind {
  case .fifo: return "a FIFO"
  case .characterDevice: return "a character device"
  case .blockDevice: return "a block device"
  case .socket: return "a socket"
  case .folder: return "a folder"
  case .symbolicLink: return "a symbolic link"
  case .regular, .unknown: return "not a regular file"
  }
}

/// Reads a whole regular file of at most `limit` bytes with POSIX calls (Foundation's `Data`
/// adds a copy and a bridge per file).
///
/// The path is looked at before it is opened: anything but a regular file (a FIFO would block
/// `open`, a device could be endless or have side effects) is refused unopened. It is then
/// opened non-blocking and checked again on the descriptor (the same file, still regular), and
/// read no further than the limit, so a file that grows meanwhile is refused too.
func readFile(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
  let named: FileInfo
  do {
    named = try fileInfo(atPath: path)
  } catch {
    throw ReadError(reason: "cannot open: \(error.text)")
  }
  guard named.kind == .regular else {
    throw ReadError(reason: "\(fileTypeName(named.kind)), not a regular file: not read")
  }
  guard named.size <= limit else {
    throw ReadError(reason: tooLargeReason(limit))
  }
  let descriptor: Int32
  do {
    descriptor = try openForReading(path)
  } catch {
    throw ReadError(reason: "cannot open: \(error.text)")
  }
  defer { closeDescriptor(descriptor) }
  guard let info = try? fileInfo(ofDescriptor: descriptor), info.kind == .regular, info.isSameFile(as: named) else {
    throw ReadError(reason: "changed while it was being opened: not read")
  }
  let expected = max(min(info.size, limit), 0)
  let bytes: [UInt8]
  do {
    bytes = try readAtMost(descriptor, limit: limit, expected: expected)
  } catch {
    throw ReadError(reason: "cannot read: \(error.text)")
  }
  guard bytes.count <= limit else { throw ReadError(reason: tooLargeReason(limit)) }
  return bytes
}

/// The file's bytes up to one past `limit` (more means too large). First `expected` + 1 (its
/// size when opened, and one byte more, so that the read which finds the end needs no second
/// buffer); when that fills, the file grew since: read on, in growing pieces.
private func readAtMost(_ descriptor: Int32, limit: Int, expected: Int) throws(SystemCallError) -> [UInt8] {
  var bytes = try readBytes(descriptor, upTo: expected + 1)
  guard bytes.count == expected + 1 else { return bytes }
  while bytes.count <= limit {
    let more = try readBytes(descriptor, upTo: min(max(4096, bytes.count), limit + 1 - bytes.count))
    if more.isEmpty { break }
    bytes += more
  }
  return bytes
}

func tooLargeReason(_ limit: Int) -> String {
  "larger than the \(limit)-byte limit (--max-file-size): not read"
}
