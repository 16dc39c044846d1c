import ConformanceJSON

/// What changed between two corpora, vector by vector, keyed by (suite, id)
/// (`conformance diff-vectors`, docs/releases.md).
public struct VectorDiff: Sendable {
  /// One vector's change; the kinds in order of precedence, breaking first.
  public enum Kind: String, Sendable, CaseIterable {
    case removed, expectChanged, inputChanged, added, metadataChanged

    /// The order of `counts` in the JSON: the kinds as the contract lists them.
    public static let reportOrder: [Kind] = [.added, .removed, .expectChanged, .inputChanged, .metadataChanged]

    /// A change that can break a team's baseline or expected failures (MAJOR).
    public var isBreaking: Bool { self == .removed || self == .expectChanged || self == .inputChanged }
  }

  /// A vector as one corpus has it.
  public struct Vector: Sendable {
    public var file: String
    public var test: VectorTest
    public var source: String?
    public var fileDescription: String
  }

  public struct Change: Sendable {
    public var kind: Kind
    public var suite: String
    public var id: String
    public var old: Vector?
    public var new: Vector?
    /// What differs, in order: `expect`, `input`, `context`, `description`, `tags`, `source`,
    /// `file description`, `file` (moved).
    public var differences: [String]
  }

  /// A manifest that does not give the corpus's version.
  public enum ManifestProblem: Sendable, Equatable {
    case stale(version: String)
    case malformed
  }

  /// A corpus as loaded: its vectors, files and suites, and its manifest's version if it has
  /// one that matches.
  public struct Side: Sendable {
    public var root: String
    public var version: String?
    /// Why a root with a `manifest.json` has no ``version``: `stale` (the files changed since
    /// it was written, with the version it names) or `malformed`; `nil` when it matches or
    /// there is none.
    public var manifestProblem: ManifestProblem?
    public var files: [String]
    public var suites: [String]
    public var tests: Int
    var vectors: [String: [String: Vector]]

    public init(root: String, version: String?, files: [VectorFile], declaredSuites: [String] = []) {
      self.root = root
      self.version = version
      self.files = files.map(\.path)
      var vectors: [String: [String: Vector]] = [:]
      var suites: [String] = []
      var tests = 0
      for file in files {
        if vectors[file.suite] == nil { suites.append(file.suite) }
        for test in file.tests {
          vectors[file.suite, default: [:]][test.id] = Vector(
            file: file.path, test: test, source: file.source, fileDescription: file.description)
          tests += 1
        }
      }
      for suite in declaredSuites where vectors[suite] == nil {
        suites.append(suite)
        vectors[suite] = [:]
      }
      self.suites = suites
      self.tests = tests
      self.vectors = vectors
    }
  }

  public var old: Side
  public var new: Side
  /// In the contract's suite order (own suites after, by name), then by id.
  public var changes: [Change]
  public var filesAdded: [String]
  public var filesRemoved: [String]
  public var suitesAdded: [String]
  public var suitesRemoved: [String]

  public init(old: Side, new: Side) {
    self.old = old
    self.new = new
    let oldFiles = Set(old.files)
    let newFiles = Set(new.files)
    filesAdded = new.files.filter { !oldFiles.contains($0) }.sorted(by: utf8Precedes)
    filesRemoved = old.files.filter { !newFiles.contains($0) }.sorted(by: utf8Precedes)
    suitesAdded = Self.ordered(new.suites.filter { !old.suites.contains($0) })
    suitesRemoved = Self.ordered(old.suites.filter { !new.suites.contains($0) })
    var changes: [Change] = []
    for suite in Self.ordered(Array(Set(old.vectors.keys).union(new.vectors.keys))) {
      let before = old.vectors[suite] ?? [:]
      let after = new.vectors[suite] ?? [:]
      for id in Set(before.keys).union(after.keys).sorted(by: utf8Precedes) {
        switch (before[id], after[id]) {
        case (let was?, nil):
          changes.append(Change(kind: .removed, suite: suite, id: id, old: was, new: nil, differences: []))
        case (nil, let now?):
          changes.append(Change(kind: .added, suite: suite, id: id, old: nil, new: now, differences: []))
        case (let was?, let now?):
          let differences = Self.differences(was, now)
          guard let first = differences.first else { continue }
          let kind: Kind =
            first == "expect"
            ? .expectChanged : (first == "input" || first == "context") ? .inputChanged : .metadataChanged
          changes.append(Change(kind: kind, suite: suite, id: id, old: was, new: now, differences: differences))
        case (nil, nil): continue
        }
      }
    }
    self.changes = changes
  }

  static func differences(_ was: Vector, _ now: Vector) -> [String] {
    let canonical = CorpusManifest.canonical
    var found: [String] = []
    if canonical(was.test.expectation.json) != canonical(now.test.expectation.json) { found.append("expect") }
    if canonical(was.test.input) != canonical(now.test.input) { found.append("input") }
    if canonical(.object(was.test.context)) != canonical(.object(now.test.context)) { found.append("context") }
    if was.test.description != now.test.description { found.append("description") }
    if was.test.tags != now.test.tags { found.append("tags") }
    if was.source != now.source { found.append("source") }
    if was.fileDescription != now.fileDescription { found.append("file description") }
    if was.file != now.file { found.append("file") }
    return found
  }

  /// Suites in the contract's order, others after them by name.
  static func ordered(_ suites: [String]) -> [String] {
    suites.sorted { a, b in
      let rankA = Contract.suites.firstIndex(of: a) ?? Int.max
      let rankB = Contract.suites.firstIndex(of: b) ?? Int.max
      return rankA != rankB ? rankA < rankB : utf8Precedes(a, b)
    }
  }

  /// Changes of each kind.
  public var counts: [Kind: Int] {
    var counts: [Kind: Int] = [:]
    for kind in Kind.allCases { counts[kind] = 0 }
    for change in changes { counts[change.kind, default: 0] += 1 }
    return counts
  }

  /// The bump the changes need by the version rules: MAJOR for a vector removed or its input,
  /// context or expect changed; MINOR for vectors, files or suites added; PATCH for descriptions,
  /// tags, source, moved vectors or removed files only; `none` when nothing changed.
  public var requiredBump: VersionBump {
    let counts = counts
    if counts[.removed]! + counts[.expectChanged]! + counts[.inputChanged]! > 0 || !suitesRemoved.isEmpty {
      return .major
    }
    if counts[.added]! > 0 || !filesAdded.isEmpty || !suitesAdded.isEmpty { return .minor }
    if counts[.metadataChanged]! > 0 || !filesRemoved.isEmpty { return .patch }
    return .none
  }
}

extension VectorDiff.Side {
  /// Loads every vector file and declaration under `root` (own suites included); the files that
  /// do not load, when any.
  public static func load(root: String, loader: VectorLoader) throws(VectorRootError) -> Result<
    VectorDiff.Side, ManifestBuildError
  > {
    let listing = try loader.survey(root: root)
    let declared = DeclaredSuites.load([listing], loader: loader)
    var loader = loader
    loader.decoder.declarations = declared.declarations
    var failures = declared.failures.map { LoadFailure(location: $0, suite: nil, reason: $0.problem ?? "") }
    var files: [VectorFile] = []
    var owners = IDOwners()
    for location in listing.vectorFiles {
      switch loader.load(location) {
      case .failure(let failure): failures.append(failure)
      case .success(let file):
        if let failure = owners.duplicateIDFailure(file.tests.map(\.id), suite: file.suite, at: location) {
          failures.append(failure)
          continue
        }
        files.append(file)
      }
    }
    guard failures.isEmpty else { return .failure(ManifestBuildError(failures: failures)) }
    let status = CorpusManifest.check(listing, loader: loader)
    var side = VectorDiff.Side(
      root: root, version: status.version?.description, files: files, declaredSuites: declared.names)
    switch status {
    case .stale(let manifest, _): side.manifestProblem = .stale(version: manifest.version.description)
    case .malformed: side.manifestProblem = .malformed
    case .absent, .matches: break
    }
    return .success(side)
  }
}
