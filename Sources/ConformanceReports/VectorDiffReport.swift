import ConformanceJSON
import ConformanceKit

/// `conformance diff-vectors`' reports: JSON (`conformance-vector-diff/1`) and Markdown, the
/// breaking changes first with the old and new expectation side by side; and the release
/// section of a CHANGES.md.
public enum VectorDiffReport {
  public static let format = "conformance-vector-diff/1"
  /// Rows of breaking changes the Markdown lists (the JSON lists all).
  static let breakingLimit = 500
  /// Ids listed per suite for additions and metadata changes.
  static let idLimit = 20

  // MARK: JSON

  public static func json(_ diff: VectorDiff) -> String {
    var counts = JSONObject()
    let byKind = diff.counts
    for kind in VectorDiff.Kind.reportOrder { counts[kind.rawValue] = .number(JSONNumber(byKind[kind] ?? 0)) }
    let top: JSONValue = [
      "format": .string(format),
      "old": side(diff.old), "new": side(diff.new),
      "requiredBump": .string(diff.requiredBump.description),
      "counts": .object(counts),
      "files": [
        "added": .array(diff.filesAdded.map(JSONValue.string)),
        "removed": .array(diff.filesRemoved.map(JSONValue.string)),
      ],
      "suites": [
        "added": .array(diff.suitesAdded.map(JSONValue.string)),
        "removed": .array(diff.suitesRemoved.map(JSONValue.string)),
      ],
      "changes": .array(orderedChanges(diff).map(change)),
    ]
    return JSONSerializer.pretty.string(from: top) + "\n"
  }

  static func side(_ side: VectorDiff.Side) -> JSONValue {
    [
      "root": .string(side.root), "version": side.version.map(JSONValue.string) ?? .null,
      "manifest": .string(
        side.version != nil
          ? "matches"
          : side.manifestProblem.map { if case .stale = $0 { "stale" } else { "malformed" } } ?? "absent"),
      "files": .number(JSONNumber(side.files.count)), "tests": .number(JSONNumber(side.tests)),
    ]
  }

  static func change(_ change: VectorDiff.Change) -> JSONValue {
    var object: JSONObject = [
      "kind": .string(change.kind.rawValue), "suite": .string(change.suite), "id": .string(change.id),
    ]
    if !change.differences.isEmpty { object["differences"] = .array(change.differences.map(JSONValue.string)) }
    func vector(_ vector: VectorDiff.Vector) -> JSONValue {
      var value: JSONObject = ["file": .string(vector.file), "expect": vector.test.expectation.json]
      if change.kind == .inputChanged || change.kind == .added || change.kind == .removed {
        value["input"] = vector.test.input
        value["context"] = .object(vector.test.context)
      }
      return .object(value)
    }
    if let old = change.old { object["old"] = vector(old) }
    if let new = change.new { object["new"] = vector(new) }
    return .object(object)
  }

  /// Breaking changes first (removed, expect, input), then additions, then metadata; within a
  /// kind, in suite and id order.
  static func orderedChanges(_ diff: VectorDiff) -> [VectorDiff.Change] {
    VectorDiff.Kind.allCases.flatMap { kind in diff.changes.filter { $0.kind == kind } }
  }

  // MARK: Markdown

  /// The heading of the release section: the new corpus's version when it has one.
  public static func heading(_ diff: VectorDiff) -> String {
    guard let version = diff.new.version else { return "## Changes" }
    if diff.old.files.isEmpty { return "## \(version) (first release)" }
    return "## \(version) (from \(diff.old.version ?? "an unversioned corpus"))"
  }

  public static func markdown(_ diff: VectorDiff) -> String {
    var lines = [heading(diff), ""]
    let byKind = diff.counts
    let first = diff.old.files.isEmpty
    lines.append(
      first
        ? "First release: \(diff.new.tests) vectors in \(diff.new.files.count) files, \(diff.new.suites.count) suites."
        : "\(sideText(diff.old)) → \(sideText(diff.new)). Required bump: **\(diff.requiredBump)**.")
    lines.append("")
    lines.append("| added | removed | expectChanged | inputChanged | metadataChanged |")
    lines.append("| ---: | ---: | ---: | ---: | ---: |")
    lines.append("| " + VectorDiff.Kind.reportOrder.map { "\(byKind[$0] ?? 0)" }.joined(separator: " | ") + " |")
    if !diff.suitesRemoved.isEmpty {
      lines += ["", "Suites removed: " + diff.suitesRemoved.map(code).joined(separator: ", ") + "."]
    }
    lines += breakingSection(diff)
    lines += addedSection(diff)
    let metadata = diff.changes.filter { $0.kind == .metadataChanged }
    if !metadata.isEmpty || !diff.filesRemoved.isEmpty {
      lines += ["", "### Descriptions, tags, sources and moves (\(vectors(metadata.count)))", ""]
      if !metadata.isEmpty {
        lines.append("Nothing an implementation answers changes.")
        lines += idLists(metadata, detail: true)
      }
      if !diff.filesRemoved.isEmpty {
        lines.append("")
        lines.append("Files removed: " + diff.filesRemoved.map(code).joined(separator: ", ") + ".")
      }
    }
    if diff.changes.isEmpty && diff.filesAdded.isEmpty && diff.filesRemoved.isEmpty {
      lines += ["", "No vector changed."]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The breaking changes, up to ``breakingLimit``: what an implementation must answer changed.
  private static func breakingSection(_ diff: VectorDiff) -> [String] {
    var lines: [String] = []
    let breaking = orderedChanges(diff).filter(\.kind.isBreaking)
    if !breaking.isEmpty {
      lines += [
        "", "### Breaking changes (\(breaking.count))", "",
        "Each changes what an implementation must answer for a vector: an expectations file or baseline may stop matching.",
        "", "| suite | id | change | old expectation | new expectation |", "| --- | --- | --- | --- | --- |",
      ]
      for change in breaking.prefix(breakingLimit) {
        let what =
          switch change.kind {
          case .removed: "removed"
          case .expectChanged: "expect changed"
          default:
            change.differences.filter { $0 == "input" || $0 == "context" }.joined(separator: " and ") + " changed"
          }
        lines.append(
          "| \(code(change.suite)) | \(code(change.id)) | \(what) | "
            + "\(change.old.map { code(json($0.test.expectation.json)) } ?? "–") | "
            + "\(change.new.map { code(json($0.test.expectation.json)) } ?? "–") |")
      }
      if breaking.count > breakingLimit {
        lines.append("")
        lines.append("… and \(breaking.count - breakingLimit) more breaking changes (the JSON report lists them all).")
      }
    }
    return lines
  }

  /// The vectors added, by suite, with the files that hold them.
  private static func addedSection(_ diff: VectorDiff) -> [String] {
    var lines: [String] = []
    let first = diff.old.files.isEmpty
    let added = diff.changes.filter { $0.kind == .added }
    if !added.isEmpty || !diff.filesAdded.isEmpty {
      lines += ["", "### Added (\(vectors(added.count)))", ""]
      if !diff.suitesAdded.isEmpty && !first {
        lines.append("Suites added: " + diff.suitesAdded.map(code).joined(separator: ", ") + ".")
        lines.append("")
      }
      lines += ["| suite | vectors added | files added |", "| --- | ---: | ---: |"]
      // A suite's files added are those holding one of its added vectors. Gathered in one pass
      // (searching every added vector for each file added was quadratic: a first release of
      // 40,000 files took seconds here).
      var vectorsAdded: [String: Int] = [:]
      var filesWithAdditions: [String: Set<String>] = [:]
      for change in added {
        vectorsAdded[change.suite, default: 0] += 1
        if let file = change.new?.file { filesWithAdditions[change.suite, default: []].insert(file) }
      }
      let newFiles = Set(diff.new.files)
      for suite in suites(of: added, plus: diff.suitesAdded) {
        let holding = filesWithAdditions[suite] ?? []
        let files = diff.filesAdded.filter { newFiles.contains($0) && holding.contains($0) }
        lines.append("| \(code(suite)) | \(vectorsAdded[suite] ?? 0) | \(files.count) |")
      }
      if !first { lines += idLists(added) }
    }
    return lines
  }

  /// `` `v1` (version 1.0.0, 1 vector) ``; a root whose manifest is stale or malformed says so
  /// rather than "no manifest".
  static func sideText(_ side: VectorDiff.Side) -> String {
    let manifest: String
    switch (side.version, side.manifestProblem) {
    case (let version?, _): manifest = "version \(version)"
    case (nil, .stale(let version)?): manifest = "stale manifest of version \(ReportText.markdown(version))"
    case (nil, .malformed?): manifest = "malformed manifest"
    case (nil, nil): manifest = "no manifest"
    }
    return "\(code(side.root)) (\(manifest), \(vectors(side.tests)))"
  }

  /// `1 vector`, `2 vectors`.
  static func vectors(_ count: Int) -> String { "\(count) \(count == 1 ? "vector" : "vectors")" }

  static func suites(of changes: [VectorDiff.Change], plus more: [String] = []) -> [String] {
    var seen: [String] = []
    var known: Set<String> = []
    for suite in changes.map(\.suite) + more where known.insert(suite).inserted { seen.append(suite) }
    return seen
  }

  static func idLists(_ changes: [VectorDiff.Change], detail: Bool = false) -> [String] {
    var lines: [String] = [""]
    var bySuite: [String: [VectorDiff.Change]] = [:]
    for change in changes { bySuite[change.suite, default: []].append(change) }
    for suite in suites(of: changes) {
      let ofSuite = bySuite[suite] ?? []
      let shown = ofSuite.prefix(idLimit).map { change in
        code(change.id) + (detail ? " (\(change.differences.joined(separator: ", ")))" : "")
      }
      let more = ofSuite.count > shown.count ? ", … and \(ofSuite.count - shown.count) more" : ""
      lines.append("- \(code(suite)): " + shown.joined(separator: ", ") + more)
    }
    return lines
  }

  static func json(_ value: JSONValue) -> String {
    TextCap.cut(JSONSerializer.compact.string(from: value), limit: 300)
  }

  /// Inline code that survives any text: backticks and table bars cannot end it.
  static func code(_ text: String) -> String {
    var visible = ""
    for character in ReportText.visible(text) {
      // A bar would end the table cell, a backtick the code span.
      if character == "|" {
        visible += "\\|"
      } else if character == "`" {
        visible += "'"
      } else {
        visible.append(character)
      }
    }
    return "`" + visible + "`"
  }

  // MARK: CHANGES.md

  /// `changelog` with `section` as its release section: replacing the section with the same
  /// heading version, else inserted before the first release section (after the title and
  /// introduction); a new file gets a title.
  public static func changelog(_ existing: String?, section: String) -> String {
    let title = """
      # Vector corpus changes

      Each release of the vectors, newest first, as `conformance diff-vectors OLD NEW --changelog FILE` \
      writes it (docs/releases.md). Breaking changes (MAJOR) change what an implementation must answer for a vector.
      """
    let isSection = { (line: String) in line.hasPrefix("## ") }
    let version = { (heading: String) in heading.dropFirst(3).prefix { $0 != " " } }
    func trimmed(_ lines: [String]) -> [String] {
      var lines = lines
      while lines.last?.isEmpty == true { lines.removeLast() }
      return lines
    }
    let lines = (existing ?? title).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let firstSection = lines.firstIndex(where: isSection) ?? lines.count
    let preamble = trimmed(Array(lines[..<firstSection]))
    var sections: [[String]] = []
    for line in lines[firstSection...] {
      if isSection(line) { sections.append([line]) } else { sections[sections.count - 1].append(line) }
    }
    sections = sections.map(trimmed)
    let new = trimmed(section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    if let index = sections.firstIndex(where: { version($0[0]) == version(new[0]) }) {
      sections[index] = new
    } else {
      sections.insert(new, at: 0)
    }
    return (preamble + [""] + sections.joined(separator: [""])).joined(separator: "\n") + "\n"
  }
}
