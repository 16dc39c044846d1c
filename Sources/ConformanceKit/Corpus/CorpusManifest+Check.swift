import ConformanceJSON

/// A way the files of a root differ from its manifest.
public struct ManifestDifference: Sendable, Equatable, CustomStringConvertible {
  public enum Kind: String, Sendable {
    /// On disk, not in the manifest.
    case added
    /// In the manifest, not on disk.
    case removed
    /// Its bytes differ from the manifest's SHA-256 (or it cannot be read).
    case changed
    /// The manifest's own corpus digest does not match the files it lists.
    case corpusDigest
  }

  public var kind: Kind
  /// As a user types it: the root joined with the relative path.
  public var file: String
  public var detail: String

  public init(kind: Kind, file: String, detail: String) {
    self.kind = kind
    self.file = file
    self.detail = detail
  }

  public var description: String { "\(kind.rawValue): \(file) (\(detail))" }
}

/// What checking a root against its manifest found.
public enum ManifestStatus: Sendable {
  /// The root has no `manifest.json` (or is one file, which has none).
  case absent
  /// The manifest cannot be read or is not a manifest.
  case malformed(String)
  case matches(CorpusManifest)
  /// Every file added, removed or changed since the manifest was written.
  case stale(CorpusManifest, [ManifestDifference])

  /// The version a run over this root reports: the manifest's, when it matches the files.
  public var version: SemanticVersion? {
    if case .matches(let manifest) = self { return manifest.version }
    return nil
  }
}

/// The corpus could not be described: the files that cannot be loaded.
public struct ManifestBuildError: Error, Sendable, CustomStringConvertible {
  public var failures: [LoadFailure]
  public var description: String { failures.map(\.description).joined(separator: "\n") }
}

extension CorpusManifest {
  /// The manifest's path as a user types it.
  public static func displayPath(of listing: CorpusListing) -> String {
    VectorFile.join(listing.root, CorpusListing.manifestName)
  }

  /// Reads the root's manifest, if it has one.
  public static func read(_ listing: CorpusListing, loader: VectorLoader) -> Result<CorpusManifest, ManifestError>? {
    guard listing.isFolder, let location = listing.manifest else { return nil }
    switch loader.read(location) {
    case .failure(let failure): return .failure(ManifestError(reason: failure.reason))
    case .success(let bytes):
      do {
        return .success(try parse(bytes))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Checks the root's files against its manifest. Fast when they match: one pass over the files
  /// for the corpus digest (`digest`, when the caller computed it over ``CorpusListing/corpusFiles``
  /// with the same loader); only a mismatch reads each file's SHA-256 to name the files.
  public static func check(_ listing: CorpusListing, loader: VectorLoader, digest: CorpusDigest? = nil)
    -> ManifestStatus
  {
    guard let read = read(listing, loader: loader) else { return .absent }
    let manifest: CorpusManifest
    switch read {
    case .failure(let error): return .malformed(error.description)
    case .success(let parsed): manifest = parsed
    }
    let files = listing.corpusFiles
    let samePaths =
      files.count == manifest.files.count
      && zip(files, manifest.files).allSatisfy { utf8Equal($0.path, $1.path) }
    let corpusDigest = digest ?? CorpusDigest.of(files, loader: loader)
    if samePaths && corpusDigest.hexValue == manifest.corpusDigest { return .matches(manifest) }
    var differences: [ManifestDifference] = []
    var listed: [String: CorpusManifest.Entry] = [:]
    for entry in manifest.files { listed[entry.path] = entry }
    var found: Set<String> = []
    for location in files {
      found.insert(location.path)
      let bytes: [UInt8]
      switch loader.read(location) {
      case .failure(let failure):
        differences.append(
          ManifestDifference(
            kind: listed[location.path] == nil ? .added : .changed, file: location.displayPath,
            detail: "cannot be read: \(failure.reason)"))
        continue
      case .success(let read): bytes = read
      }
      guard let entry = listed[location.path] else {
        differences.append(
          ManifestDifference(kind: .added, file: location.displayPath, detail: "not in the manifest"))
        continue
      }
      let sha256 = SHA256.hexDigest(bytes)
      if sha256 != entry.sha256 {
        differences.append(
          ManifestDifference(
            kind: .changed, file: location.displayPath,
            detail: "sha256 \(sha256.prefix(12))…, the manifest says \(entry.sha256.prefix(12))…"))
      }
    }
    for entry in manifest.files where !found.contains(entry.path) {
      differences.append(
        ManifestDifference(
          kind: .removed, file: VectorFile.join(listing.root, entry.path), detail: "in the manifest, not found"))
    }
    if differences.isEmpty {
      differences.append(
        ManifestDifference(
          kind: .corpusDigest, file: displayPath(of: listing),
          detail:
            "its corpusDigest \(manifest.corpusDigest.prefix(12))… does not match its files' \(corpusDigest.hexValue.prefix(12))…"
        ))
    }
    return .stale(manifest, differences)
  }

  /// Describes the root as it is now, at `version`: every vector file and declaration must load
  /// (`loader` knows the root's declarations), and ids must be unique per suite.
  public static func build(_ listing: CorpusListing, loader: VectorLoader, version: SemanticVersion)
    throws(ManifestBuildError) -> CorpusManifest
  {
    var failures: [LoadFailure] = []
    var entries: [Entry] = []
    var digest = CorpusDigest()
    var owners = IDOwners()
    for location in listing.corpusFiles {
      let bytes: [UInt8]
      switch loader.read(location) {
      case .failure(let failure):
        failures.append(failure)
        continue
      case .success(let read): bytes = read
      }
      digest.add(path: location.path, bytes: bytes)
      let sha256 = SHA256.hexDigest(bytes)
      if location.path.hasSuffix(CorpusListing.declarationSuffix) {
        switch SuiteDeclaration.load(bytes: bytes, location: location) {
        case .failure(let failure): failures.append(failure)
        case .success(let declaration):
          entries.append(
            Entry(
              path: location.path, sha256: sha256, suite: declaration.suite, tests: 0,
              rules: declaration.rulesDigest))
        }
        continue
      }
      switch loader.load(bytes: bytes, location: location) {
      case .failure(let failure): failures.append(failure)
      case .success(let file):
        if let failure = owners.duplicateIDFailure(file.tests.map(\.id), suite: file.suite, at: location) {
          failures.append(failure)
          continue
        }
        entries.append(
          Entry(
            path: location.path, sha256: sha256, suite: file.suite, tests: file.tests.count,
            fingerprints: file.tests.map { Fingerprint(id: $0.id, value: fingerprint(of: $0)) }))
      }
    }
    guard failures.isEmpty else { throw ManifestBuildError(failures: failures) }
    return CorpusManifest(version: version, corpusDigest: digest.hexValue, files: entries)
  }

  // MARK: The version a change needs

  /// The smallest bump from `old` to `new` by the version rules, and why, one line per kind of
  /// change (with an example), largest first.
  public static func requiredBump(from old: CorpusManifest, to new: CorpusManifest) -> (
    bump: VersionBump, reasons: [String]
  ) {
    struct Key: Hashable {
      var suite: String
      var id: String
    }
    var reasons: [(VersionBump, String)] = []
    func note(_ bump: VersionBump, _ items: [String], _ what: String) {
      guard let first = items.first else { return }
      let example = items.count == 1 ? first : "\(first) and \(items.count - 1) more"
      reasons.append((bump, "\(what): \(example)"))
    }
    let oldByPath = Dictionary(old.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let newByPath = Dictionary(new.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var oldPrints: [Key: String] = [:]
    var newPrints: [Key: String] = [:]
    var unknown: [String] = []
    for entry in old.files where !entry.isDeclaration {
      guard let prints = entry.fingerprints else {
        // A manifest without fingerprints cannot say what changed inside a file.
        if newByPath[entry.path]?.sha256 != entry.sha256 { unknown.append(entry.path) }
        continue
      }
      for print in prints { oldPrints[Key(suite: entry.suite, id: print.id)] = print.value }
    }
    for entry in new.files where !entry.isDeclaration {
      for print in entry.fingerprints ?? [] { newPrints[Key(suite: entry.suite, id: print.id)] = print.value }
    }
    func named(_ keys: [Key]) -> [String] {
      keys.map { "\($0.suite) \($0.id)" }.sorted(by: utf8Precedes)
    }
    note(.major, named(oldPrints.keys.filter { newPrints[$0] == nil }), "vectors removed")
    note(
      .major, named(oldPrints.compactMap { key, value in newPrints[key].map { $0 == value ? nil : key } ?? nil }),
      "vectors whose input, context or expect changed")
    note(.major, unknown.sorted(by: utf8Precedes), "files changed that the previous manifest has no fingerprints for")
    let oldDeclarations = old.files.filter(\.isDeclaration)
    note(
      .major,
      oldDeclarations.filter { entry in newByPath[entry.path].map { $0.rules != entry.rules } ?? true }.map(\.path),
      "suite declarations removed or their errors or context changed")
    let oldSuites = Set(old.files.map(\.suite))
    note(.minor, Set(new.files.map(\.suite)).subtracting(oldSuites).sorted(by: utf8Precedes), "suites added")
    note(.minor, new.files.filter { oldByPath[$0.path] == nil }.map(\.path), "files added")
    note(.minor, named(newPrints.keys.filter { oldPrints[$0] == nil }), "vectors added")
    let majorOrMinor = reasons.contains { $0.0 >= .minor }
    let changed = new.files.filter { entry in oldByPath[entry.path].map { $0.sha256 != entry.sha256 } ?? false }
      .map(\.path)
    let removedFiles = old.files.filter { newByPath[$0.path] == nil }.map(\.path)
    if !majorOrMinor {
      note(.patch, changed, "files changed only in descriptions, tags or source")
      note(.patch, removedFiles, "files removed, their vectors moved")
    }
    let ordered = reasons.sorted { $0.0 > $1.0 }
    return (ordered.first?.0 ?? .none, ordered.map { "\($0.0): \($0.1)" })
  }
}
