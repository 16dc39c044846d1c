import ConformanceJSON
import ConformanceKit

/// The machine-readable summary of a run (`--report-json`), described by
/// `docs/report.schema.json`. Members are written in a fixed order and every list in run or
/// contract order, so two runs over the same vectors differ only in `durationMilliseconds`.
public enum JSONRunReport {
  public static let format = "conformance-report/1"

  public static func text(_ data: RunReportData) -> String {
    JSONSerializer.pretty.string(from: value(data)) + "\n"
  }

  public static func value(_ data: RunReportData) -> JSONValue {
    let info = data.info
    var top = header(data)
    top["totals"] = .object(totals(data))
    addRows(data, to: &top)
    top["failures"] = .array(data.failures.map(failure))
    if info.reruns > 0 {
      top["reruns"] = number(info.reruns)
      top["flaky"] = .array(data.flaky.map(flaky))
    }
    if !info.implementations.isEmpty {
      top["implementations"] = implementations(data)
      top["drift"] = .array(data.summary.drift.map(drift))
    }
    addExpectationLists(data, to: &top)
    if let comparison = data.comparison { top["comparison"] = comparison.json }
    top["results"] = data.results.json
    return .object(top)
  }

  /// The report's first members: tool, implementation, status, corpus, selection and what the
  /// run adds to them (its id, time, build, reasons, interruption, expectations file).
  private static func header(_ data: RunReportData) -> JSONObject {
    let info = data.info
    var top: JSONObject = [
      "format": .string(format),
      "tool": ["name": .string(info.toolName), "version": .string(info.toolVersion)],
      "implementation": .string(info.implementation),
      "status": .string(data.status),
      "exitStatus": number(Int(data.exitStatus)),
      "durationMilliseconds": number(Int((data.summary.nanoseconds + 500_000) / 1_000_000)),
      "corpus": [
        "roots": .array(info.roots.map(JSONValue.string)),
        "files": number(data.corpusFileCount),
        "digest": [
          "algorithm": "sha256", "scheme": .string(CorpusDigest.scheme), "value": .string(data.corpusDigest),
        ],
        "version": info.corpusVersion.map(JSONValue.string) ?? .null,
      ],
      "selection": selection(info.selection),
    ]
    if let version = info.implementationVersion { top["implementationVersion"] = .string(version) }
    if let runID = info.runID { top["runId"] = .string(runID) }
    if !data.summary.unusedExcludes.isEmpty {
      top["unusedExcludes"] = .array(data.summary.unusedExcludes.map(JSONValue.string))
    }
    if let time = info.time { top["time"] = .string(time) }
    if let build = info.ciBuild { top["ciBuild"] = .string(build.label) }
    if let reason = data.statusReason { top["statusReason"] = .string(reason) }
    if !data.reportErrors.isEmpty { top["reportErrors"] = .array(data.reportErrors.map(JSONValue.string)) }
    if let interruption = data.summary.interruption {
      top["interruption"] = [
        "signal": .string(interruption.signalName), "filesDone": number(interruption.filesDone),
        "fileCount": number(interruption.fileCount), "message": .string(interruption.message),
      ]
    }
    if !info.answersCutShort.isEmpty { top["answersCutShort"] = .array(info.answersCutShort.map(JSONValue.string)) }
    if let expectations = info.expectations {
      top["expectations"] = ["file": .string(expectations.file), "entries": number(expectations.entries.count)]
    }
    return top
  }

  /// `totals`: the run's counts and those of its expectations.
  private static func totals(_ data: RunReportData) -> JSONObject {
    var totals = counts(data.summary.totals, loadErrors: true)
    totals["unexpectedPasses"] = number(data.failures.filter { $0.kind == .unexpectedPass }.count)
    totals["expectedFailures"] = number(data.listedFailures.count)
    totals["staleExpectations"] = number(data.summary.staleExpectations.count)
    if data.info.reruns > 0 { totals["flaky"] = number(data.summary.totals.flaky) }
    return totals
  }

  /// `suites`, `tags`, `files` and `loadErrors`: the counts by suite, tag and file.
  private static func addRows(_ data: RunReportData, to top: inout JSONObject) {
    top["suites"] = .array(
      data.suites.map { row in
        var object: JSONObject = ["suite": .string(row.suite)]
        object.append(counts(row.counts, loadErrors: true))
        object["untagged"] = .object(counts(row.untagged, loadErrors: false))
        object["tags"] = .array(row.byTag.map(tagCounts))
        return .object(object)
      })
    top["tags"] = .array(data.tags.map(tagCounts))
    top["files"] = .array(
      data.files.map { row in
        var object = location(row.location)
        if let suite = row.suite { object["suite"] = .string(suite) }
        object.append(counts(row.counts, loadErrors: true))
        if let reason = row.loadError { object["loadError"] = .string(reason) }
        return .object(object)
      })
    top["loadErrors"] = .array(
      data.loadErrors.map { row in
        var object = location(row.location)
        if let suite = row.suite { object["suite"] = .string(suite) }
        object["reason"] = .string(row.loadError ?? "")
        return .object(object)
      })
  }

  /// `expectedFailures` and `staleExpectations`: the expectations entries that matched a test,
  /// and those that are stale.
  private static func addExpectationLists(_ data: RunReportData, to top: inout JSONObject) {
    top["expectedFailures"] = .array(
      data.listedFailures.map { listed in
        var object = location(listed.location)
        object["suite"] = .string(listed.suite)
        object["id"] = .string(listed.id)
        object["reason"] = .string(listed.reason)
        if let link = listed.link { object["link"] = .string(link) }
        object["entry"] = .string(listed.entryPlace)
        object["outcome"] = .string(listed.outcome)
        object["detail"] = .string(listed.detail)
        return .object(object)
      })
    top["staleExpectations"] = .array(
      data.summary.staleExpectations.map { stale in
        var object: JSONObject = [
          "entry": .string(stale.entry.place), "suite": .string(stale.entry.suite),
          "id": .string(stale.entry.id.pattern), "reason": .string(stale.entry.reason),
        ]
        if let link = stale.entry.link { object["link"] = .string(link) }
        object["message"] = .string(stale.message)
        return .object(object)
      })
  }

  static func failure(_ failure: RunReportData.Failure) -> JSONValue {
    var object: JSONObject = ["kind": .string(failure.kind.rawValue)]
    if let implementation = failure.implementation { object["implementation"] = .string(implementation) }
    object.append(location(failure.location))
    object["suite"] = .string(failure.suite)
    object["id"] = .string(failure.id)
    if let description = failure.description { object["description"] = .string(description) }
    object["tags"] = .array(failure.tags.map(JSONValue.string))
    if let input = failure.input { object["input"] = input }
    object["expected"] = failure.expected
    if let actual = failure.actual { object["actual"] = actual }
    switch failure.kind {
    case .failed, .unexpectedPass: object["difference"] = .string(failure.message)
    case .errored: object["error"] = .string(failure.message)
    }
    if let place = failure.entryPlace { object["entry"] = .string(place) }
    if !failure.tries.isEmpty { object["tries"] = tries(failure.tries) }
    return .object(object)
  }

  /// Per implementation: its totals, its row of the implementation × suite matrix, and its
  /// failures by place (the full records are the top-level `failures` naming it).
  static func implementations(_ data: RunReportData) -> JSONValue {
    .array(
      data.matrix.map { implementation, cells in
        var object: JSONObject = ["name": .string(implementation.name)]
        if let command = implementation.command { object["command"] = .string(command) }
        if let version = implementation.version { object["version"] = .string(version) }
        object["status"] = .string(data.status(of: implementation.name))
        object["totals"] = .object(
          counts(data.summary.byImplementation[implementation.name] ?? Counts(), loadErrors: false))
        object["suites"] = .array(
          cells.map { cell in
            var row: JSONObject = ["suite": .string(cell.suite), "implemented": .bool(cell.implemented)]
            row.append(counts(cell.counts, loadErrors: false))
            row["untagged"] = .object(counts(cell.untagged, loadErrors: false))
            row["tags"] = .array(cell.byTag.map(tagCounts))
            return .object(row)
          })
        object["failures"] = .array(
          data.failures.filter { $0.implementation == implementation.name }.map { failure in
            var entry: JSONObject = [
              "kind": .string(failure.kind.rawValue), "file": .string(failure.location.displayPath),
            ]
            entry["suite"] = .string(failure.suite)
            entry["id"] = .string(failure.id)
            return .object(entry)
          })
        return .object(object)
      })
  }

  /// A test on which the implementations disagree: input, expectation, every answer.
  static func drift(_ drift: Drift) -> JSONValue {
    var object = location(drift.location)
    object["suite"] = .string(drift.suite)
    object["id"] = .string(drift.id)
    if let description = drift.description { object["description"] = .string(description) }
    object["tags"] = .array(drift.tags.map(JSONValue.string))
    object["input"] = drift.input
    object["context"] = .object(drift.context)
    object["expected"] = drift.expected.json
    object["answers"] = .array(
      drift.answers.map { answer in
        var entry: JSONObject = ["implementation": .string(answer.implementation)]
        if let outcome = answer.outcome { entry["actual"] = outcome.json }
        if let error = answer.error { entry["error"] = .string(error) }
        entry["meetsExpectation"] = .bool(answer.meetsExpectation)
        if let difference = answer.difference { entry["difference"] = .string(difference) }
        return .object(entry)
      })
    return .object(object)
  }

  static func location(_ location: VectorFileLocation) -> JSONObject {
    ["file": .string(location.displayPath), "root": .string(location.root), "path": .string(location.path)]
  }

  static func selection(_ selection: Selection) -> JSONValue {
    var object: JSONObject = [
      "suites": .array(selection.suites.map(JSONValue.string)),
      "tags": .array(selection.tags.map(JSONValue.string)),
      "ids": .array(selection.idPatterns.map { .string($0.pattern) }),
      "excludeTags": .array(selection.excludedTags.map(JSONValue.string)),
      "excludeIds": .array(selection.excludedIDPatterns.map { .string($0.pattern) }),
    ]
    if let shard = selection.shard { object["shard"] = .string(shard.description) }
    return .object(object)
  }

  static func tagCounts(_ entry: RunReportData.TagCounts) -> JSONValue {
    var object: JSONObject = ["tag": .string(entry.tag)]
    object.append(counts(entry.counts, loadErrors: false))
    return .object(object)
  }

  static func counts(_ counts: Counts, loadErrors: Bool) -> JSONObject {
    var object: JSONObject = [
      "tests": number(counts.tests), "passed": number(counts.passed), "failed": number(counts.failed),
      "errored": number(counts.errored), "skipped": number(counts.skipped),
    ]
    if loadErrors { object["loadErrors"] = number(counts.loadErrors) }
    return object
  }

  static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
}

extension JSONObject {
  /// Appends (or replaces) every member of `other`, keeping this object's order first.
  fileprivate mutating func append(_ other: JSONObject) {
    for member in other.members { self[member.key] = member.value }
  }
}
