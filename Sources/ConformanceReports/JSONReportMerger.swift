import ConformanceJSON
import ConformanceKit

/// Merges the JSON reports (`--report-json`, `conformance-report/1`) of the shards of one run
/// into the report one unsharded run would have written, as `conformance merge --json OUT IN...`
/// does (docs/sharding.md).
///
/// Every input must be a shard report of the same run (``ShardSet``: one report per shard
/// 1…N, same corpus and filters) from the same implementation. Counts are summed (totals, per
/// suite, per tag, per file); `failures` and `expectedFailures` are put together in file order,
/// then by id; files in the order of the roots, then by path bytes; stale expected-failure
/// entries, which every shard judges over the whole corpus, are taken once; `selection` loses its
/// `shard`; `durationMilliseconds` is the sum of the shards' (the total time they ran); `status`
/// and `exitStatus` are computed again from the merged counts.
public enum JSONReportMerger {
  public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(path: String, reason: String)
    case notShard(path: String)
    case incomplete(ShardSetError)
    case differentImplementations(first: String, other: String)
    case write(String)

    public var description: String {
      switch self {
      case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
      case .invalid(let path, let reason): return "\(path): not a conformance-report/1 JSON report: \(reason)"
      case .notShard(let path):
        return "\(path): not the JSON report of a shard (`conformance run --shard K/N --report-json FILE`): "
          + "only shard reports of one run can be merged"
      case .incomplete(let error): return error.description
      case .differentImplementations(let first, let other):
        return "\(other) checked another implementation than \(first): they are shards of different runs"
      case .write(let reason): return reason
      }
    }
  }

  /// Reads, checks and merges `inputs`; writes `destination` atomically; returns the merged report.
  @discardableResult
  public static func merge(inputs: [String], into destination: String) throws(MergeError) -> JSONValue {
    var reports: [(path: String, value: JSONObject)] = []
    for path in inputs {
      // Read as vector files are: a regular file only, within the size limit.
      let bytes: [UInt8]
      switch VectorLoader().read(VectorFileLocation(root: "", path: path)) {
      case .success(let read): bytes = read
      case .failure(let failure): throw .unreadable(path: path, reason: failure.reason)
      }
      let value: JSONValue
      do {
        value = try JSONParser().parse(bytes)
      } catch {
        throw .invalid(path: path, reason: "invalid JSON: \(error)")
      }
      guard let object = value.objectValue, object["format"]?.stringValue == JSONRunReport.format else {
        throw .invalid(path: path, reason: "no \"format\": \"\(JSONRunReport.format)\"")
      }
      guard ShardStamp.read(json: value) != nil else { throw .notShard(path: path) }
      reports.append((path, object))
    }
    do {
      try ShardSet.check(reports.map { ($0.path, ShardStamp.read(json: .object($0.value))) })
    } catch {
      throw .incomplete(error)
    }
    let first = reports[0]
    for report in reports.dropFirst()
    where report.value["implementation"]?.stringValue != first.value["implementation"]?.stringValue {
      throw .differentImplementations(first: first.path, other: report.path)
    }
    let merged = JSONValue.object(merge(reports.map(\.value)))
    do {
      try ReportFileWriter.writeAtomically(JSONSerializer.pretty.string(from: merged) + "\n", to: destination)
    } catch {
      throw .write(error.description)
    }
    return merged
  }

  /// The merged report of shard reports already read and checked.
  static func merge(_ reports: [JSONObject]) -> JSONObject {
    let first = reports[0]
    var top = JSONObject()
    for key in ["format", "tool", "implementation", "implementationVersion"] where first[key] != nil {
      top[key] = first[key]
    }
    top["status"] = "passed"
    top["exitStatus"] = 0
    top["durationMilliseconds"] = number(reports.reduce(0) { $0 + int($1["durationMilliseconds"]) })
    top["corpus"] = first["corpus"]
    var selection = first["selection"]?.objectValue ?? JSONObject()
    selection = JSONObject(selection.members.filter { $0.key != "shard" })
    top["selection"] = .object(selection)
    if let expectations = first["expectations"] { top["expectations"] = expectations }
    // Every shard judges the excludes over the whole corpus alike.
    if let unused = first["unusedExcludes"] { top["unusedExcludes"] = unused }
    top["totals"] = .object(sum(reports.compactMap { $0["totals"]?.objectValue }, except: ["staleExpectations"]))

    // Suites: counts summed, their tag rows summed by tag.
    var suiteRows: [String: [JSONObject]] = [:]
    for report in reports {
      for row in report["suites"]?.arrayValue ?? [] {
        guard let object = row.objectValue, let suite = object["suite"]?.stringValue else { continue }
        suiteRows[suite, default: []].append(object)
      }
    }
    top["suites"] = .array(
      suiteRows.keys.sorted(by: RunReportData.suitePrecedes).map { suite in
        let rows = suiteRows[suite]!
        var object: JSONObject = ["suite": .string(suite)]
        let counts = sum(rows.map { JSONObject($0.members.filter { $0.value.numberValue != nil }) })
        for member in counts.members { object[member.key] = member.value }
        object["untagged"] = .object(sum(rows.compactMap { $0["untagged"]?.objectValue }))
        object["tags"] = .array(mergeTags(rows.map { $0["tags"]?.arrayValue ?? [] }))
        return .object(object)
      })
    top["tags"] = .array(mergeTags(reports.map { $0["tags"]?.arrayValue ?? [] }))

    // Files: one row per (root, path), counts summed, a load error kept.
    let roots = first["corpus"]?.objectValue?["roots"]?.arrayValue?.compactMap(\.stringValue) ?? []
    var fileRows: [[UInt8]: JSONObject] = [:]
    for report in reports {
      for row in report["files"]?.arrayValue ?? [] {
        guard let object = row.objectValue else { continue }
        let key = fileKey(object)
        guard var existing = fileRows[key] else {
          fileRows[key] = object
          continue
        }
        for member in object.members {
          if let value = member.value.numberValue?.intValue {
            existing[member.key] = number((existing[member.key]?.numberValue?.intValue ?? 0) + value)
          } else if existing[member.key] == nil {
            existing[member.key] = member.value
          }
        }
        fileRows[key] = existing
      }
    }
    func precedes(_ a: JSONObject, _ b: JSONObject) -> Bool {
      let rootA = roots.firstIndex(of: a["root"]?.stringValue ?? "") ?? Int.max
      let rootB = roots.firstIndex(of: b["root"]?.stringValue ?? "") ?? Int.max
      if rootA != rootB { return rootA < rootB }
      let pathA = a["path"]?.stringValue ?? ""
      let pathB = b["path"]?.stringValue ?? ""
      if !utf8Equal(pathA, pathB) { return utf8Precedes(pathA, pathB) }
      return utf8Precedes(a["id"]?.stringValue ?? "", b["id"]?.stringValue ?? "")
    }
    let files = fileRows.values.sorted(by: precedes)
    top["files"] = .array(files.map(JSONValue.object))
    top["loadErrors"] = .array(
      reports.flatMap { $0["loadErrors"]?.arrayValue?.compactMap(\.objectValue) ?? [] }.sorted(by: precedes).map(
        JSONValue.object))
    for key in ["failures", "expectedFailures"] {
      top[key] = .array(
        reports.flatMap { $0[key]?.arrayValue?.compactMap(\.objectValue) ?? [] }.sorted(by: precedes).map(
          JSONValue.object))
    }
    let stale = first["staleExpectations"]?.arrayValue ?? []
    top["staleExpectations"] = .array(stale)
    if var totals = top["totals"]?.objectValue {
      totals["staleExpectations"] = number(stale.count)
      top["totals"] = .object(totals)
      let noTests = reports.allSatisfy { $0["status"]?.stringValue == "no-tests" }
      let exit: Int
      let status: String
      if int(totals["loadErrors"]) > 0 || noTests {
        exit = 2
        status = noTests && int(totals["loadErrors"]) == 0 ? "no-tests" : "load-error"
      } else if top["unusedExcludes"] != nil {
        (exit, status) = (2, "unused-exclude")
      } else if int(totals["failed"]) + int(totals["errored"]) + stale.count > 0 {
        (exit, status) = (1, "failed")
      } else {
        (exit, status) = (0, "passed")
      }
      top["status"] = .string(status)
      top["exitStatus"] = number(exit)
    }
    return top
  }

  /// Tag rows summed by tag, in report order (standard tags first).
  private static func mergeTags(_ lists: [[JSONValue]]) -> [JSONValue] {
    var rows: [[UInt8]: (tag: String, rows: [JSONObject])] = [:]
    for list in lists {
      for row in list {
        guard let object = row.objectValue, let tag = object["tag"]?.stringValue else { continue }
        rows[Array(tag.utf8), default: (tag, [])].rows.append(object)
      }
    }
    return rows.values.sorted { RunReportData.tagPrecedes($0.tag, $1.tag) }.map { entry in
      var object: JSONObject = ["tag": .string(entry.tag)]
      for member in sum(entry.rows).members { object[member.key] = member.value }
      return .object(object)
    }
  }

  /// Every integer member summed, in the first object's order; other members left out.
  private static func sum(_ objects: [JSONObject], except: Set<String> = []) -> JSONObject {
    var result = JSONObject()
    for object in objects {
      for member in object.members where !except.contains(member.key) {
        guard let value = member.value.numberValue?.intValue else { continue }
        result[member.key] = number(int(result[member.key]) + value)
      }
    }
    for key in except where objects.first?[key] != nil { result[key] = objects.first?[key] }
    return result
  }

  private static func fileKey(_ object: JSONObject) -> [UInt8] {
    Array((object["root"]?.stringValue ?? "").utf8) + [0] + Array((object["path"]?.stringValue ?? "").utf8)
  }

  private static func int(_ value: JSONValue?) -> Int { value?.numberValue?.intValue ?? 0 }
  private static func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
}
