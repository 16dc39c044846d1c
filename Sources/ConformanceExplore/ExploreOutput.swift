import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel
import ConformanceReports

/// Why explore cannot use or could not finish its `--out` folder, naming the file and the problem.
package struct ExploreOutputError: Error, Sendable, Equatable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) {
    self.message = message
  }

  init(_ error: ReportWriteError) {
    message = error.description
  }

  package var description: String { message }
}

/// What explore writes into its `--out` folder: one vector file per suite with findings
/// (`vectors/explored-SUITE.json`, docs/vector-format.md), `summary.json` and `summary.md`. The
/// vector files have a folder of their own, so that it is a vectors root (`--vectors
/// DIR/vectors`) without the summaries, which are no vector files.
package enum ExploreOutput {
  /// The implementation explored, as the files name it (`python-sdk 1.4.0`); `nil` for a run
  /// that checked the explorers against the reference only.
  package struct Subject: Sendable {
    package var name: String
    package var version: String?

    package init(name: String, version: String?) {
      self.name = name
      self.version = version
    }

    package var label: String { name + (version.map { " " + $0 } ?? "") }
  }

  package static let summaryFormat = "conformance-explore-summary/1"

  /// The vector files' folder inside `--out`.
  package static let vectorsFolder = "vectors"

  /// The vector file's name for a suite: `explored-leeep-push-destination.json` (never a
  /// `.suite.json` declaration, whatever the suite's name).
  package static func fileName(suite: String) -> String {
    "explored-" + suite.replacing(".", with: "-") + ".json"
  }

  /// A test id derived from the minimal case alone (`explored-fid-0123456789ab`), so the same
  /// case found again gets the same id.
  package static func testID(for c: ExploreCase) -> String {
    let short = c.suite.split(separator: ".").dropFirst().joined(separator: "-")
    var hash = SHA256()
    hash.update(Array(canonical(["suite": .string(c.suite), "input": c.input, "context": .object(c.context)]).utf8))
    let hex = SHA256.hex(hash.finalize())
    return "explored-\(short.isEmpty ? c.suite : short)-\(hex.prefix(12))"
  }

  /// Compact JSON with every object's keys in byte order: the same text for equal cases.
  package static func canonical(_ value: JSONValue) -> String {
    switch value {
    case .object(let object):
      let members = object.keysInByteOrder.map {
        JSONSerializer.compact.string(from: .string($0)) + ":" + canonical(object[$0]!)
      }
      return "{" + members.joined(separator: ",") + "}"
    case .array(let items):
      return "[" + items.map(canonical).joined(separator: ",") + "]"
    default:
      return JSONSerializer.compact.string(from: value)
    }
  }

  /// An outcome in words: `rejects it with invalid_fid (field app_id)`, `accepts it with output "x"`.
  static func words(_ outcome: Outcome) -> String {
    switch outcome {
    case .accept(let output):
      return "accepts it with output \(LongValue.shown(JSONSerializer.compact.string(from: output)))"
    case .reject(let error, let field):
      return "rejects it with \(error)" + (field.map { " (field \($0))" } ?? "")
    }
  }

  /// The test's description: what differs, in words.
  package static func description(of finding: ExploreFinding, subject: Subject) -> String {
    "Found by conformance explore: the reference \(words(finding.expected)); \(subject.label) \(words(finding.actual)) (\(finding.difference))."
  }

  /// The vector files, by file name, in suite order.
  package static func vectorFiles(_ report: ExploreReport, subject: Subject) -> [(name: String, json: JSONValue)] {
    var bySuite: [String: [ExploreFinding]] = [:]
    for finding in report.findings { bySuite[finding.signature.suite, default: []].append(finding) }
    return bySuite.keys.sorted(by: utf8Precedes).map { suite in
      var ids: Set<String> = []
      var tests: [JSONValue] = []
      for finding in bySuite[suite]! {
        let id = testID(for: finding.minimal)
        // The same minimal case for two signatures (an implementation that answers a case
        // differently each time) is written once.
        guard ids.insert(id).inserted else { continue }
        var test: JSONObject = [
          "id": .string(id), "description": .string(description(of: finding, subject: subject)),
          "tags": ["explored"], "input": finding.minimal.input,
        ]
        if !finding.minimal.context.isEmpty { test["context"] = .object(finding.minimal.context) }
        test["expect"] = ExploreComparison.expectation(of: finding.expected).json
        tests.append(.object(test))
      }
      let file: JSONObject = [
        "format": "conformance-vectors/1", "suite": .string(suite),
        "description": .string(
          "Cases on which \(subject.label) and the reference parsers differ, found and shrunk by conformance explore; each expect is the reference's answer."
        ),
        "source": .string("conformance explore --seed \(report.settings.seed)"),
        "tests": .array(tests),
      ]
      return (fileName(suite: suite), .object(file))
    }
  }

  /// Writes every file into `folder`: each staged in full first, then all renamed into place,
  /// so that an error leaves none of them half-written; then removes the vector files an earlier
  /// run left in `folder/vectors` that this run did not write, so that the folder holds this
  /// run's findings only. Returns the vector files' paths relative to `folder`
  /// (`vectors/explored-leeep-fid.json`).
  @discardableResult
  package static func write(_ report: ExploreReport, subject: Subject?, to folder: String) throws(ExploreOutputError)
    -> [String]
  {
    let vectors = subject.map { vectorFiles(report, subject: $0) } ?? []
    var files: [(String, [UInt8])] = vectors.map {
      (vectorsFolder + "/" + $0.name, Array((JSONSerializer.pretty.string(from: $0.json) + "\n").utf8))
    }
    let names = files.map(\.0)
    files.append(
      (
        "summary.json",
        Array((JSONSerializer.pretty.string(from: summary(report, subject: subject, files: names)) + "\n").utf8)
      ))
    files.append(("summary.md", Array(markdown(report, subject: subject, files: names).utf8)))
    var staged: [StagedReport] = []
    do {
      for (name, bytes) in files {
        staged.append(try ReportFileWriter.stage(bytes: bytes, to: folder + "/" + name))
      }
    } catch {
      for file in staged { ReportFileWriter.abandon(file) }
      throw ExploreOutputError(error)
    }
    for (index, file) in staged.enumerated() {
      do {
        try ReportFileWriter.commit(file)
      } catch {
        for later in staged[(index + 1)...] { ReportFileWriter.abandon(later) }
        throw ExploreOutputError(error)
      }
    }
    let written = Set(vectors.map(\.name))
    for earlier in try earlierVectorFiles(in: folder) where !written.contains(earlier) {
      let path = folder + "/" + vectorsFolder + "/" + earlier
      do {
        try removeFile(path)
      } catch  where error.isMissing {
        continue
      } catch {
        throw ExploreOutputError("cannot remove \(path), a vector file of an earlier run: \(error.text)")
      }
    }
    return names
  }

  /// Whether `name` is the name of a vector file explore writes (`explored-leeep-fid.json`).
  package static func isVectorFileName(_ name: String) -> Bool {
    name.hasPrefix("explored-") && name.hasSuffix(".json") && name.utf8.count > "explored-.json".utf8.count
  }

  /// Checked before the search, so that an hour's findings are never lost to a folder that
  /// cannot take them: `folder` can take a file (one staged there and removed again), and
  /// `folder/vectors`, when it is there, is a folder that can take one too and holds nothing
  /// but vector files of explore's (names starting with `.` aside), which this run replaces.
  package static func checkWritable(_ folder: String) throws(ExploreOutputError) {
    do {
      ReportFileWriter.abandon(try ReportFileWriter.stage(bytes: [], to: folder + "/summary.json"))
    } catch {
      throw ExploreOutputError(error)
    }
    let vectors = folder + "/" + vectorsFolder
    guard try vectorsFolderExists(folder) else { return }
    _ = try earlierVectorFiles(in: folder)
    do {
      ReportFileWriter.abandon(try ReportFileWriter.stage(bytes: [], to: vectors + "/" + fileName(suite: "check")))
    } catch {
      throw ExploreOutputError(error)
    }
  }

  /// Whether `folder/vectors` is there (a folder, or a link to one); an error when it is
  /// something else or cannot be looked at.
  static func vectorsFolderExists(_ folder: String) throws(ExploreOutputError) -> Bool {
    let vectors = folder + "/" + vectorsFolder
    let info: FileInfo
    do {
      info = try fileInfo(atPath: vectors)
    } catch  where error.isMissing {
      return false
    } catch {
      throw ExploreOutputError("cannot use \(vectors): \(error.text)")
    }
    guard info.kind == .folder else {
      throw ExploreOutputError(
        "\(vectors) is not a folder; explore writes its vector files there: remove it or give another --out")
    }
    return true
  }

  /// The names of the vector files in `folder/vectors` (an earlier run's), in byte order; an
  /// error naming the first entry that is not one (another file, or a folder by such a name),
  /// which explore neither replaces nor removes.
  static func earlierVectorFiles(in folder: String) throws(ExploreOutputError) -> [String] {
    guard try vectorsFolderExists(folder) else { return [] }
    let vectors = folder + "/" + vectorsFolder
    let entries: [FolderEntry]
    do {
      entries = try folderEntries(vectors)
    } catch {
      throw ExploreOutputError("cannot list \(vectors): \(error.text)")
    }
    var names: [String] = []
    for entry in entries.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) })
    where entry.name.first != UInt8(ascii: ".") {
      let name = String(decoding: entry.name, as: UTF8.self)
      let path = vectors + "/" + name
      guard isVectorFileName(name), Array(name.utf8) == entry.name else {
        throw ExploreOutputError(
          "\(path) is not a vector file of explore's; \(vectors) holds explore's vector files only, replaced by each run: move it or give another --out"
        )
      }
      let kind: FileKind
      do {
        kind = try fileInfo(atPath: path, followingLinks: false).kind
      } catch  where error.isMissing {
        continue
      } catch {
        throw ExploreOutputError("cannot use \(path): \(error.text)")
      }
      guard kind == .regular || kind == .symbolicLink else {
        throw ExploreOutputError(
          "\(path) is not a file; explore would replace it with a vector file: remove it or give another --out")
      }
      names.append(name)
    }
    return names
  }

  // MARK: - summary.json

  static func caseJSON(_ c: ExploreCase) -> JSONValue {
    ["suite": .string(c.suite), "input": c.input, "context": .object(c.context)]
  }

  static func problemsJSON(_ problems: ExploreProblems) -> JSONValue {
    [
      "count": .number(JSONNumber(problems.count)),
      "examples": .array(
        problems.examples.map {
          ["case": .number(JSONNumber($0.index)), "message": .string($0.message), "value": caseJSON($0.exploreCase)]
        }),
    ]
  }

  package static func secondsText(_ nanoseconds: UInt64) -> String {
    let milliseconds = (nanoseconds + 500_000) / 1_000_000
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  package static func casesPerSecond(_ report: ExploreReport) -> Int {
    let exploring = report.nanoseconds - min(report.nanoseconds, report.shrinkNanoseconds)
    guard exploring > 0 else { return 0 }
    return Int((Double(report.casesRun) * 1e9 / Double(exploring)).rounded())
  }

  package static func summary(_ report: ExploreReport, subject: Subject?, files: [String]) -> JSONValue {
    var budget: JSONObject = [:]
    switch report.settings.budget {
    case .cases(let count): budget["cases"] = .number(JSONNumber(count))
    case .seconds(let seconds): budget["seconds"] = .number(JSONNumber(uncheckedLiteral: "\(seconds)"))
    }
    var perSuite = JSONObject()
    for suite in report.suites { perSuite[suite] = .number(JSONNumber(report.casesPerSuite[suite] ?? 0)) }
    let findings: [JSONValue] = report.findings.map { finding in
      [
        "signature": [
          "suite": .string(finding.signature.suite), "part": .string(finding.signature.part.rawValue),
          "expected": .string(finding.signature.expected.description),
          "actual": .string(finding.signature.actual.description),
        ],
        "count": .number(JSONNumber(finding.count)),
        "id": .string(testID(for: finding.minimal)),
        "file": .string(vectorsFolder + "/" + fileName(suite: finding.signature.suite)),
        "firstCase": .number(JSONNumber(finding.firstIndex)),
        "minimal": caseJSON(finding.minimal),
        "expected": finding.expected.json,
        "actual": finding.actual.json,
        "difference": .string(finding.difference),
        "shrink": ["tried": .number(JSONNumber(finding.shrinkTried)), "kept": .number(JSONNumber(finding.shrinkKept))],
      ]
    }
    var object: JSONObject = [
      "format": .string(summaryFormat),
      "implementation": subject.map { s in
        var implementation: JSONObject = ["name": .string(s.name)]
        if let version = s.version { implementation["version"] = .string(version) }
        return .object(implementation)
      } ?? .null,
      "seed": .number(JSONNumber(uncheckedLiteral: String(report.settings.seed))),
      "budget": .object(budget),
      "jobs": .number(JSONNumber(report.settings.jobs)),
      "casesRun": .number(JSONNumber(report.casesRun)),
      "casesPerSuite": .object(perSuite),
      "seconds": .number(JSONNumber(uncheckedLiteral: secondsText(report.nanoseconds))),
      "casesPerSecond": .number(JSONNumber(casesPerSecond(report))),
      "findings": .array(findings),
      "adapterErrors": problemsJSON(report.adapterErrors),
      "unusableContexts": problemsJSON(report.unusableContexts),
      "files": .array(files.map(JSONValue.string)),
    ]
    object["gaveUp"] = report.gaveUp.map(JSONValue.string) ?? .null
    object["interrupted"] =
      report.interruptedBy.map { .string(RunInterruption(signal: $0, filesDone: 0, fileCount: 0).signalName) } ?? .null
    return .object(object)
  }

  // MARK: - summary.md

  static func code(_ value: JSONValue) -> String {
    ReportText.codeSpan(TextCap.cut(JSONSerializer.compact.string(from: value), limit: 2_000))
  }

  package static func markdown(_ report: ExploreReport, subject: Subject?, files: [String]) -> String {
    var lines: [String] = []
    let against = subject.map { "against " + ReportText.markdown($0.label) } ?? "against the reference parsers only"
    lines.append("# conformance explore \(against)")
    lines.append("")
    var run =
      "\(report.casesRun) cases, seed \(report.settings.seed), \(secondsText(report.nanoseconds)) s (\(casesPerSecond(report)) cases/s), --jobs \(report.settings.jobs)"
    if let signal = report.interruptedBy {
      run += "; interrupted by \(RunInterruption(signal: signal, filesDone: 0, fileCount: 0).signalName)"
    }
    lines.append(run + ".")
    lines.append("")
    if report.findings.isEmpty {
      lines.append(subject == nil ? "No case had a context the reference could not use." : "No difference found.")
    } else {
      lines.append("## Findings")
      lines.append("")
      lines.append("| suite | differs | expected | actual | cases | test id |")
      lines.append("| --- | --- | --- | --- | ---: | --- |")
      for finding in report.findings {
        let s = finding.signature
        lines.append(
          "| \(ReportText.markdown(s.suite)) | \(s.part.rawValue) | \(ReportText.markdown(s.expected.description)) | \(ReportText.markdown(s.actual.description)) | \(finding.count) | \(ReportText.codeSpan(testID(for: finding.minimal))) |"
        )
      }
      for finding in report.findings {
        lines.append("")
        lines.append("### \(ReportText.markdown(finding.signature.description))")
        lines.append("")
        lines.append("- input: \(code(finding.minimal.input))")
        if !finding.minimal.context.isEmpty { lines.append("- context: \(code(.object(finding.minimal.context)))") }
        lines.append("- expected (the reference): \(code(finding.expected.json))")
        lines.append("- actual: \(code(finding.actual.json))")
        lines.append("- differs: \(ReportText.markdown(TextCap.cut(finding.difference, limit: 2_000)))")
        lines.append(
          "- \(finding.count) cases showed it; the first (case \(finding.firstIndex)) was shrunk in \(finding.shrinkKept) steps (\(finding.shrinkTried) tried)"
        )
      }
    }
    for (title, problems) in [("Adapter errors", report.adapterErrors), ("Unusable contexts", report.unusableContexts)]
    where problems.count > 0 {
      lines.append("")
      lines.append("## \(title): \(problems.count)")
      lines.append("")
      for example in problems.examples {
        lines.append(
          "- case \(example.index) (\(ReportText.markdown(example.exploreCase.suite))), input \(code(example.exploreCase.input)): \(ReportText.markdown(TextCap.cut(example.message, limit: 2_000)))"
        )
      }
    }
    if let gaveUp = report.gaveUp {
      lines.append("")
      lines.append("The adapter was given up: \(ReportText.markdown(TextCap.cut(gaveUp, limit: 2_000)))")
    }
    if !files.isEmpty {
      lines.append("")
      lines.append("## Vector files")
      lines.append("")
      for file in files { lines.append("- \(ReportText.codeSpan(file))") }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
