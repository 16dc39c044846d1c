/// A fingerprint of the vector files a run loaded, so a dashboard can tell whether two runs saw
/// the same corpus (and shards of one run can be checked against each other).
///
/// Scheme `conformance-corpus-digest/1`: SHA-256 over, for each vector file under the roots (every
/// file the runner finds, whatever the selection or shard; roots in command-line order, files in
/// byte order of their paths), the UTF-8 bytes of its path relative
/// to its root, one 0x00 byte, its length as 8 bytes big-endian, then its bytes. The length
/// prefix keeps file boundaries unambiguous. The root itself is left out, so the digest does not
/// depend on where the corpus is checked out. A file that cannot be read contributes its path,
/// 0x00 and the length 0xFFFF_FFFF_FFFF_FFFF, and nothing else.
public struct CorpusDigest: Sendable {
  public static let scheme = "conformance-corpus-digest/1"

  private var hash = SHA256()
  public private(set) var fileCount = 0

  /// The digest as read from elsewhere (a pack's `corpus.digest`), when it was not computed here.
  private var known: String? = nil

  public init() {}

  /// A digest known only by its value (a pack's `corpus.digest`: its files are not at hand).
  public init(hexValue: String) {
    known = hexValue
  }

  /// Adds one file: its relative path and its bytes (`nil` when the file could not be read).
  public mutating func add(path: String, bytes: [UInt8]?) {
    fileCount += 1
    var header = Array(path.utf8)
    header.append(0)
    let length = bytes.map { UInt64($0.count) } ?? UInt64.max
    for shift in stride(from: 56, through: 0, by: -8) {
      header.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
    }
    hash.update(header)
    if let bytes { hash.update(bytes) }
  }

  /// Reads the file at `location` the way `loader` reads vector files (regular files only,
  /// within its size limit) and adds it.
  public mutating func add(_ location: VectorFileLocation, loader: VectorLoader = VectorLoader()) {
    add(path: location.path, bytes: try? loader.read(location).get())
  }

  /// The digest of `locations` (every vector file the run found under its roots, in run order),
  /// each read the way `loader` reads vector files.
  public static func of(_ locations: [VectorFileLocation], loader: VectorLoader) -> CorpusDigest {
    var digest = CorpusDigest()
    for location in locations { digest.add(location, loader: loader) }
    return digest
  }

  /// The digest as 64 lowercase hex digits.
  public var hexValue: String {
    if let known { return known }
    var copy = hash
    return SHA256.hex(copy.finalize())
  }
}
