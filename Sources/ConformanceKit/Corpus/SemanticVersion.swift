/// A corpus release's version, `MAJOR.MINOR.PATCH` (semantic versioning for vectors,
/// docs/releases.md).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int

  /// The version of a corpus's first release, written when there is no previous manifest.
  public static let firstRelease = SemanticVersion(major: 1, minor: 0, patch: 0)

  public init(major: Int, minor: Int, patch: Int) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// `1.4.0`: three ASCII-digit numbers without leading zeros (`01` is not one), nothing else
  /// (no `v`, no pre-release or build suffix).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        part == "0" || part.first != "0", let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
  }

  public var description: String { "\(major).\(minor).\(patch)" }

  public func bumped(_ bump: VersionBump) -> SemanticVersion {
    switch bump {
    case .none: self
    case .patch: SemanticVersion(major: major, minor: minor, patch: patch + 1)
    case .minor: SemanticVersion(major: major, minor: minor + 1, patch: 0)
    case .major: SemanticVersion(major: major + 1, minor: 0, patch: 0)
    }
  }

  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}

/// How far a corpus change moves its version: MAJOR when a vector is removed or its input,
/// context or expect changes; MINOR when vectors, files or suites are added; PATCH when only
/// descriptions, tags or `source` change (or a vector moves to another file).
public enum VersionBump: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  case none, patch, minor, major

  /// `major`, `minor`, `patch`, `none`: the words of `--bump` and of `requiredBump`.
  public var description: String {
    switch self {
    case .none: "none"
    case .patch: "patch"
    case .minor: "minor"
    case .major: "major"
    }
  }

  public init?(_ text: String) {
    guard let found = Self.allCases.first(where: { $0.description == text }) else { return nil }
    self = found
  }

  public static func < (lhs: VersionBump, rhs: VersionBump) -> Bool { lhs.rawValue < rhs.rawValue }
}
