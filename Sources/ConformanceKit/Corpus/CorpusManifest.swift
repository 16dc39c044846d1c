import ConformanceJSON

/// A manifest that cannot be read or used, with where in it.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
  /// A JSON path in the manifest (`files["a.json"].sha256`), empty for the whole file.
  public var location: String
  public var reason: String

  public init(location: String = "", reason: String) {
    self.location = location
    self.reason = reason
  }

  public var description: String { location.isEmpty ? reason : "\(location): \(reason)" }
}

/// `manifest.json` at the top of a vectors root (docs/releases.md): the corpus's version, the
/// corpus digest, and for every vector file and suite declaration its SHA-256, suite and test
/// count.
///
/// Beyond the keys the format requires, each vector file's entry carries `fingerprints`: per
/// test id, 16 hex digits of the SHA-256 of its input, context and expect. They let the next
/// `manifest write` tell, without the previous corpus, whether a changed file changed what a
/// vector asserts (MAJOR) or only its description, tags or source (PATCH). A declaration's
/// entry carries `rules`, the same kind of digest of its `errors` and `context`. Both are
/// optional when reading: a manifest without them is checked all the same.
public struct CorpusManifest: Sendable, Equatable {
  public static let format = "conformance-manifest/1"

  public struct Entry: Sendable, Equatable {
    /// Relative to the root, `/`-separated.
    public var path: String
    public var sha256: String
    public var suite: String
    public var tests: Int
    /// Each test's fingerprint, in the file's order (vector files).
    public var fingerprints: [Fingerprint]?
    /// The digest of a declaration's `errors` and `context` (suite declarations).
    public var rules: String?

    public init(
      path: String, sha256: String, suite: String, tests: Int, fingerprints: [Fingerprint]? = nil,
      rules: String? = nil
    ) {
      self.path = path
      self.sha256 = sha256
      self.suite = suite
      self.tests = tests
      self.fingerprints = fingerprints
      self.rules = rules
    }

    public var isDeclaration: Bool { path.hasSuffix(CorpusListing.declarationSuffix) }
  }

  /// A test id and the digest of what it asserts.
  public struct Fingerprint: Sendable, Equatable {
    public var id: String
    public var value: String

    public init(id: String, value: String) {
      self.id = id
      self.value = value
    }
  }

  public var version: SemanticVersion
  /// ``CorpusDigest`` (scheme `conformance-corpus-digest/1`) of the files listed: the value a
  /// run over this root reports as its corpus digest.
  public var corpusDigest: String
  /// In byte order of their paths.
  public var files: [Entry]

  public init(version: SemanticVersion, corpusDigest: String, files: [Entry]) {
    self.version = version
    self.corpusDigest = corpusDigest
    self.files = files.sorted { utf8Precedes($0.path, $1.path) }
  }

  public var testCount: Int { files.reduce(0) { $0 + $1.tests } }

  // MARK: Fingerprints

  /// 16 hex digits of the SHA-256 of `[input, context, expect]` written canonically (object
  /// keys in byte order, no spaces): a vector's assertion, whatever its file, description or tags.
  public static func fingerprint(of test: VectorTest) -> String {
    let value: JSONValue = [test.input, .object(test.context), test.expectation.json]
    return String(SHA256.hexDigest(Array(canonical(value).utf8)).prefix(16))
  }

  /// The digest of a declaration's rules (its `errors` and `context`, canonically).
  public static func rulesDigest(errors: JSONValue?, context: JSONValue?) -> String {
    let value: JSONValue = [errors ?? .null, context ?? .null]
    return String(SHA256.hexDigest(Array(canonical(value).utf8)).prefix(16))
  }

  /// Compact JSON with every object's keys in byte order, so that key order never changes a digest.
  static func canonical(_ value: JSONValue) -> String {
    JSONSerializer.compact.string(from: sortingKeys(value))
  }

  private static func sortingKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let items): return .array(items.map(sortingKeys))
    case .object(let object):
      let members = object.members.sorted { utf8Precedes($0.key, $1.key) }
      return .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: sortingKeys($0.value)) }))
    default: return value
    }
  }

  // MARK: Writing

  public var json: JSONValue {
    // Members appended, not set by key: setting looks the key up among those already there,
    // which was quadratic in the files (paths are unique: one listing, or a strictly parsed object).
    var members: [JSONObject.Member] = []
    members.reserveCapacity(self.files.count)
    for entry in self.files {
      var object: JSONObject = [
        "sha256": .string(entry.sha256), "suite": .string(entry.suite), "tests": .number(JSONNumber(entry.tests)),
      ]
      if let fingerprints = entry.fingerprints {
        object["fingerprints"] = .object(
          JSONObject(fingerprints.map { JSONObject.Member(key: $0.id, value: .string($0.value)) }))
      }
      if let rules = entry.rules { object["rules"] = .string(rules) }
      members.append(JSONObject.Member(key: entry.path, value: .object(object)))
    }
    return [
      "format": .string(Self.format), "version": .string(version.description),
      "corpusDigest": .string(corpusDigest), "files": .object(JSONObject(members)),
    ]
  }

  /// The manifest as written: pretty JSON and a final newline.
  public var text: String { JSONSerializer.pretty.string(from: json) + "\n" }

  // MARK: Reading

  /// Reads a manifest strictly: strict JSON, the format's keys and nothing else, each of its type.
  public static func parse(_ bytes: [UInt8]) throws(ManifestError) -> CorpusManifest {
    let document: JSONValue
    do {
      document = try JSONParser().parse(bytes)
    } catch {
      throw ManifestError(reason: "invalid JSON: \(error)")
    }
    guard case .object(let top) = document else {
      throw ManifestError(reason: "the top level must be an object, found \(document.typeName)")
    }
    try allowOnly(["format", "version", "corpusDigest", "files"], in: top, location: "")
    guard case .string(let format)? = top["format"] else {
      throw ManifestError(location: "format", reason: "a string \(quote(Self.format)) is required")
    }
    guard format == Self.format else {
      throw ManifestError(
        location: "format", reason: "unsupported format \(quote(format)), expected \(quote(Self.format))")
    }
    guard case .string(let versionText)? = top["version"] else {
      throw ManifestError(location: "version", reason: "a string MAJOR.MINOR.PATCH is required")
    }
    guard let version = SemanticVersion(versionText) else {
      throw ManifestError(
        location: "version", reason: "\(quote(versionText)) is not MAJOR.MINOR.PATCH (numbers without leading zeros)")
    }
    guard case .string(let corpusDigest)? = top["corpusDigest"], isHexDigest(corpusDigest, length: 64) else {
      throw ManifestError(location: "corpusDigest", reason: "64 lowercase hex digits are required")
    }
    guard case .object(let fileObject)? = top["files"] else {
      throw ManifestError(location: "files", reason: "an object of file entries is required")
    }
    var entries: [Entry] = []
    for member in fileObject.members {
      let location = "files[\(quote(member.key))]"
      guard isManifestPath(member.key) else {
        throw ManifestError(
          location: location, reason: "not a path relative to the root (`/`-separated, no `.` or `..`, ending .json)")
      }
      guard case .object(let object) = member.value else {
        throw ManifestError(location: location, reason: "must be an object, found \(member.value.typeName)")
      }
      try allowOnly(["sha256", "suite", "tests", "fingerprints", "rules"], in: object, location: location)
      guard case .string(let sha256)? = object["sha256"], isHexDigest(sha256, length: 64) else {
        throw ManifestError(location: "\(location).sha256", reason: "64 lowercase hex digits are required")
      }
      guard case .string(let suite)? = object["suite"] else {
        throw ManifestError(location: "\(location).suite", reason: "a string is required")
      }
      guard case .number(let number)? = object["tests"], let tests = number.intValue, tests >= 0 else {
        throw ManifestError(location: "\(location).tests", reason: "a whole number of at least 0 is required")
      }
      var entry = Entry(path: member.key, sha256: sha256, suite: suite, tests: tests)
      if let value = object["fingerprints"] {
        guard case .object(let prints) = value else {
          throw ManifestError(location: "\(location).fingerprints", reason: "must be an object of test ids")
        }
        entry.fingerprints = try prints.members.map { print throws(ManifestError) in
          guard case .string(let text) = print.value, isHexDigest(text, length: 16) else {
            throw ManifestError(
              location: "\(location).fingerprints[\(quote(print.key))]", reason: "16 lowercase hex digits are required")
          }
          return Fingerprint(id: print.key, value: text)
        }
      }
      if let value = object["rules"] {
        guard case .string(let text) = value, isHexDigest(text, length: 16) else {
          throw ManifestError(location: "\(location).rules", reason: "16 lowercase hex digits are required")
        }
        entry.rules = text
      }
      entries.append(entry)
    }
    return CorpusManifest(version: version, corpusDigest: corpusDigest, files: entries)
  }

  private static func allowOnly(_ keys: [String], in object: JSONObject, location: String) throws(ManifestError) {
    for member in object.members where !keys.contains(where: { utf8Equal($0, member.key) }) {
      throw ManifestError(
        location: location,
        reason:
          "unknown key \(quote(member.key))\(suggestion(for: member.key, among: keys)) (allowed: \(keys.map(quote).joined(separator: ", ")))"
      )
    }
  }

  /// `length` lowercase hex digits: digests, fingerprints, run ids.
  package static func isHexDigest(_ text: String, length: Int) -> Bool {
    text.utf8.count == length && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
  }

  static func isManifestPath(_ path: String) -> Bool {
    guard path.hasSuffix(".json"), !path.hasPrefix("/") else { return false }
    return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
  }
}
