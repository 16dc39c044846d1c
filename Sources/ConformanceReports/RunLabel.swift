/// The CI's number for a run (`GitLab pipeline #1234`), read from the CI's own variables.
///
/// Environment variables are untrusted: a number is 1 to 18 ASCII digits (it fits an `Int64`),
/// anything else is ignored, and the kind is one of ours, never text from outside. A previous
/// report's or history's label is read back only when it has exactly this shape.
public struct CIBuild: Sendable, Equatable {
  /// `GitHub Actions run`, `GitLab pipeline`, `Buildkite build`, `CircleCI build`,
  /// `Jenkins build` or `build`.
  public var kind: String
  /// Digits only.
  public var number: String

  /// `GitLab pipeline #1234`.
  public var label: String { "\(kind) #\(number)" }

  /// Which variable numbers a run on which CI, first match wins; the CI's own marker variable
  /// must be set (not empty), except for a bare `BUILD_NUMBER` (Jenkins without `JENKINS_URL`,
  /// TeamCity and others), which is just a `build`.
  static let sources: [(marker: String?, variable: String, kind: String)] = [
    ("GITHUB_ACTIONS", "GITHUB_RUN_NUMBER", "GitHub Actions run"),
    ("GITLAB_CI", "CI_PIPELINE_ID", "GitLab pipeline"),
    ("BUILDKITE", "BUILDKITE_BUILD_NUMBER", "Buildkite build"),
    ("CIRCLECI", "CIRCLE_BUILD_NUM", "CircleCI build"),
    ("JENKINS_URL", "BUILD_NUMBER", "Jenkins build"),
    (nil, "BUILD_NUMBER", "build"),
  ]

  init(kind: String, number: String) {
    self.kind = kind
    self.number = number
  }

  /// The run's CI number, when a CI gives one; `nil` elsewhere or when its value is not a number.
  public static func from(environment: [String: String]) -> CIBuild? {
    for source in sources {
      if let marker = source.marker, environment[marker]?.isEmpty ?? true { continue }
      guard let number = environment[source.variable], isNumber(number) else { continue }
      return CIBuild(kind: source.kind, number: number)
    }
    return nil
  }

  /// A label as ``label`` writes it; `nil` for any other text.
  public init?(label: String) {
    guard let mark = label.utf8.lastIndex(of: UInt8(ascii: "#")) else { return nil }
    let head = label.utf8[..<mark]
    let number = String(decoding: label.utf8[label.utf8.index(after: mark)...], as: UTF8.self)
    guard head.last == UInt8(ascii: " "), Self.isNumber(number),
      let source = Self.sources.first(where: { $0.kind.utf8.elementsEqual(head.dropLast()) })
    else { return nil }
    self.init(kind: source.kind, number: number)
  }

  static func isNumber(_ text: String) -> Bool {
    (1...18).contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}

/// How the reports name a run for people: when it started and its CI number
/// (`2026-01-02 10:00:00 UTC (GitLab pipeline #1234)`), rather than its 32-hex run id.
public enum RunLabel {
  /// `2026-01-02 10:00:00 UTC` from the `YYYY-MM-DDTHH:MM:SSZ` the reports record; `nil` for
  /// any other text (a previous report is untrusted).
  public static func time(_ text: String?) -> String? {
    guard let text else { return nil }
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return nil }
    for (index, byte) in bytes.enumerated() {
      let expected: UInt8? =
        switch index {
        case 4, 7: UInt8(ascii: "-")
        case 10: UInt8(ascii: "T")
        case 13, 16: UInt8(ascii: ":")
        case 19: UInt8(ascii: "Z")
        default: nil
        }
      if let expected {
        guard byte == expected else { return nil }
      } else {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
      }
    }
    return String(decoding: bytes[0..<10], as: UTF8.self) + " " + String(decoding: bytes[11..<19], as: UTF8.self)
      + " UTC"
  }

  /// The time and the CI number, either alone when the other is unknown; `nil` when neither is.
  public static func text(time: String?, ciBuild: CIBuild?) -> String? {
    switch (Self.time(time), ciBuild) {
    case (let time?, let build?): return "\(time) (\(build.label))"
    case (let time?, nil): return time
    case (nil, let build?): return build.label
    case (nil, nil): return nil
    }
  }
}
