import ConformanceJSON

/// One problem `conformance lint` found, in the `FILE:LINE:COLUMN: error: MESSAGE` form editors
/// and CI problem matchers read (GCC's).
public struct LintProblem: Sendable, Equatable, CustomStringConvertible {
  public enum Severity: String, Sendable { case error, warning }

  public var file: String
  /// Where in the file; `nil` for a file that could not be read at all.
  public var position: JSONTextPosition?
  public var severity: Severity
  public var message: String

  public init(file: String, position: JSONTextPosition?, severity: Severity, message: String) {
    self.file = file
    self.position = position
    self.severity = severity
    self.message = message
  }

  public var description: String {
    let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
    return "\(place): \(severity.rawValue): \(message)"
  }
}

/// Checks vector files without running them and reports every problem it can find in each:
/// strict JSON (the first syntax error: a parser cannot go on past one), then the file's first
/// problem outside its tests, then each test's first problem, every id repeated in the file or
/// across files, `error` codes and `field` names the suite does not have
/// (``Contract/rejections``), and as warnings tests without a description and non-standard tags.
/// Every problem is placed at its line and column.
public struct VectorLint: Sendable {
  public var loader: VectorLoader

  public init(loader: VectorLoader = VectorLoader()) {
    self.loader = loader
  }

  public struct Report: Sendable {
    public var files = 0
    public var tests = 0
    public var problems: [LintProblem] = []

    public var errors: Int { problems.filter { $0.severity == .error }.count }
    public var warnings: Int { problems.filter { $0.severity == .warning }.count }
  }

  public func lint(roots: [String]) throws(VectorRootError) -> Report {
    var report = Report()
    var owners = IDOwners()
    var listings: [CorpusListing] = []
    for root in roots { listings.append(try loader.survey(root: root)) }
    // Own suites first: their vector files are checked against their declarations.
    let declared = DeclaredSuites.load(listings, loader: loader)
    var loader = self.loader
    loader.decoder.declarations = declared.declarations
    let linter = VectorLint(loader: loader)
    for failure in declared.failures {
      report.problems.append(
        LintProblem(file: failure.displayPath, position: nil, severity: .error, message: failure.problem ?? ""))
    }
    for listing in listings {
      report.files += listing.declarations.count
      for location in listing.vectorFiles {
        report.files += 1
        let before = report.problems.count
        linter.lint(location, owners: &owners, into: &report)
        // A file's problems in the order they are written.
        report.problems[before...].sort {
          ($0.position?.line ?? 0, $0.position?.column ?? 0) < ($1.position?.line ?? 0, $1.position?.column ?? 0)
        }
      }
      report.problems += Self.manifestProblems(listing, loader: loader)
    }
    return report
  }

  /// A stale manifest is an error naming each file added, removed or changed; a malformed one is
  /// an error too. A root without a manifest has nothing to check.
  static func manifestProblems(_ listing: CorpusListing, loader: VectorLoader) -> [LintProblem] {
    let file = CorpusManifest.displayPath(of: listing)
    switch CorpusManifest.check(listing, loader: loader) {
    case .absent, .matches: return []
    case .malformed(let reason):
      return [LintProblem(file: file, position: nil, severity: .error, message: "malformed manifest: \(reason)")]
    case .stale(let manifest, let differences):
      return differences.map { difference in
        LintProblem(
          file: file, position: nil, severity: .error,
          message:
            "stale manifest (version \(manifest.version)): \(difference); rewrite it with `conformance manifest write`")
      }
    }
  }

  private func lint(_ location: VectorFileLocation, owners: inout IDOwners, into report: inout Report) {
    let file = location.displayPath
    // Read as the runner reads: an entry the walk could not use (a broken link, a loop, a name
    // that is not UTF-8) or a file that is not regular or too large is its problem.
    let bytes: [UInt8]
    switch loader.read(location) {
    case .success(let read): bytes = read
    case .failure(let failure):
      report.problems.append(LintProblem(file: file, position: nil, severity: .error, message: failure.reason))
      return
    }
    let document: JSONValue
    do {
      document = try loader.parser.parse(bytes)
    } catch {
      report.problems.append(
        LintProblem(
          file: file, position: JSONTextPosition(line: error.line, column: error.column), severity: .error,
          message: "invalid JSON: \(error.reason)"))
      return
    }
    var problems = FileProblems(file: file, bytes: bytes)
    let top = document.objectValue
    report.tests += top?["tests"]?.arrayValue?.count ?? 0
    let suite = top?["suite"]?.stringValue.flatMap {
      Contract.suites.contains($0) || loader.decoder.declarations[$0] != nil ? $0 : nil
    }
    let tests = decodeTests(document, location: location, problems: &problems)
    if let suite { checkIDsAcrossFiles(tests, suite: suite, owners: &owners, problems: &problems) }
    let declaration = suite.flatMap { loader.decoder.declarations[$0] }
    let fileContext = top?["context"]?.objectValue ?? JSONObject()
    for (index, test) in tests {
      if (test.description ?? "").isEmpty {
        problems.add(.warning, "tests[\(index)]", "no description of what test \(quote(test.id)) tests")
      }
      for (tagIndex, tag) in test.tags.enumerated() where !Contract.standardTags.contains(tag) {
        problems.add(.warning, "tests[\(index)].tags[\(tagIndex)]", "non-standard tag \(quote(tag))")
      }
      if let declaration {
        // An own suite: checked against its declaration (each problem once: a file-level
        // context key is every test's).
        if let error = declaration.problem(with: test, fileContext: fileContext, location: "tests[\(index)]") {
          problems.addOnce(error)
        }
      } else if let suite {
        checkRejection(test, at: index, suite: suite, problems: &problems)
      }
    }
    report.problems += problems.found
  }

  /// The file's tests that decode, with their indexes. When the file as a whole does not decode,
  /// its problem outside the tests, then each test decoded on its own, so one bad test does not
  /// hide the others.
  private func decodeTests(_ document: JSONValue, location: VectorFileLocation, problems: inout FileProblems)
    -> [(index: Int, test: VectorTest)]
  {
    do {
      let decoded = try loader.decoder.decode(document, path: location.path, root: location.root)
      return Array(decoded.tests.enumerated()).map { ($0.offset, $0.element) }
    } catch {
      if !error.location.hasPrefix("tests[") { problems.addOnce(error) }
    }
    let top = document.objectValue
    let context = top?["context"]?.objectValue ?? JSONObject()
    var tests: [(index: Int, test: VectorTest)] = []
    var firstIndex: [String: Int] = [:]
    for (index, value) in (top?["tests"]?.arrayValue ?? []).enumerated() {
      do {
        let test = try loader.decoder.decodeTest(value, location: "tests[\(index)]", fileContext: context)
        if let earlier = firstIndex[test.id] {
          problems.add(.error, "tests[\(index)].id", "duplicate id \(quote(test.id)), first used by tests[\(earlier)]")
          continue
        }
        firstIndex[test.id] = index
        tests.append((index, test))
      } catch {
        problems.add(error)
      }
    }
    return tests
  }

  /// The first id the file shares with an earlier file of its suite.
  private func checkIDsAcrossFiles(
    _ tests: [(index: Int, test: VectorTest)], suite: String, owners: inout IDOwners, problems: inout FileProblems
  ) {
    var seen: Set<String> = []
    let fresh = tests.filter { seen.insert($0.test.id).inserted }
    if let (id, other) = owners.claim(fresh.map(\.test.id), suite: suite, path: problems.file),
      let index = fresh.first(where: { $0.test.id == id })?.index
    {
      problems.add(.error, "tests[\(index)].id", duplicateIDMessage(id: id, suite: suite, owner: other))
    }
  }

  /// A reject's `error` code and `field` checked against those the contract's suite has
  /// (``Contract/rejections``).
  private func checkRejection(_ test: VectorTest, at index: Int, suite: String, problems: inout FileProblems) {
    guard case .reject(let code, let field) = test.expectation else { return }
    guard let rejections = Contract.rejections[suite] else {
      problems.add(.warning, "tests[\(index)].expect", "no error codes are known for suite \(suite): not checked")
      return
    }
    if let code, !rejections.codes.contains(code) {
      problems.add(
        .error, "tests[\(index)].expect.error",
        "\(quote(code)) is not an error code of \(suite)\(suggestion(for: code, among: rejections.codes)); "
          + "its codes: \(rejections.codes.joined(separator: ", "))")
    }
    if let field, let fields = rejections.fields, !fields.contains(field) {
      problems.add(
        .error, "tests[\(index)].expect.field",
        fields.isEmpty
          ? "\(suite) names no field in its rejections, found \(quote(field))"
          : "\(quote(field)) is not a field of \(suite)\(suggestion(for: field, among: fields)); "
            + "its fields: \(fields.joined(separator: ", "))")
    }
  }
}

/// One file's problems as lint finds them, each placed at its line and column in the file.
private struct FileProblems {
  let file: String
  let bytes: [UInt8]
  var found: [LintProblem] = []
  /// The decoding problems already found, so that one shared by every test is given once.
  var reported: Set<String> = []

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }

  /// A problem at the JSON path `path` (at its key `key` when given), or at the nearest place
  /// found.
  mutating func add(_ severity: LintProblem.Severity, _ path: String, _ message: String, key: String? = nil) {
    var steps = JSONPathStep.parse(path)
    if let key { steps.append(.key(key)) }
    let position =
      JSONLocator.locate(steps, in: bytes, key: key != nil) ?? JSONLocator.locate(
        JSONPathStep.parse(path), in: bytes) ?? JSONTextPosition(line: 1, column: 1)
    found.append(
      LintProblem(
        file: file, position: position, severity: severity, message: path.isEmpty ? message : "\(path): \(message)"))
  }

  mutating func add(_ error: VectorFileError) {
    // An unknown key is shown at the key itself.
    var key: String? = nil
    if error.reason.hasPrefix("unknown key \""),
      let parsed = try? JSONParser().parse(Array(error.reason.utf8.dropFirst(12).prefix { $0 != 0x20 }))
    {
      key = parsed.stringValue
    }
    add(.error, error.location, error.reason, key: key)
  }

  /// The error, unless the same was already given.
  mutating func addOnce(_ error: VectorFileError) {
    if reported.insert(error.description).inserted { add(error) }
  }
}
