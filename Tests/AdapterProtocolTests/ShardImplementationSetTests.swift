import ConformanceJSON
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Shard reports carry the set of implementations their run checked; `conformance merge` (JUnit
/// and JSON) refuses shards of different sets, and the JSON merge keeps `implementations` and
/// `drift`.
@Suite struct ShardImplementationSetTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  func adapter(_ fixture: String) -> String {
    "CONFORMANCE=\(binary) exec python3 \(fixtures)/\(fixture).py"
  }

  /// `run --shard K/2` over the shipped `leeep.fid` vectors with the given fixtures as adapters.
  func shard(_ index: Int, _ adapters: [String], folder: TemporaryFolder, name: String) -> Int32 {
    conformance(
      [
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--shard", "\(index)/2",
        "--junit", folder.path + "/\(name).xml", "--report-json", folder.path + "/\(name).json", "--show-failures",
        "0",
      ] + adapters.flatMap { ["--adapter", adapter($0)] }
    ).status
  }

  @Test func shardsOfDifferentImplementationSetsAreRefusedByBothMerges() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = shard(1, ["faithful", "planted_bug"], folder: folder, name: "one")
    _ = shard(2, ["faithful"], folder: folder, name: "two")
    let junit = try XMLReadBack(path: folder.path + "/one.xml")
    #expect(
      junit.string("(//testsuite)[1]/properties/property[@name='implementation-set']/@value")
        == #"["faithful", "planted_bug"]"#)
    let expected =
      "conformance merge: \(folder.path)/two.xml checked the implementations [\"faithful\"], \(folder.path)/one.xml checked [\"faithful\", \"planted_bug\"]: they are shards of different runs\n"
    let xml = conformance(["merge", folder.path + "/merged.xml", folder.path + "/one.xml", folder.path + "/two.xml"])
    #expect(xml.status == 2)
    #expect(xml.error == expected)
    let json = conformance([
      "merge", "--json", folder.path + "/merged.json", folder.path + "/one.json", folder.path + "/two.json",
    ])
    #expect(json.status == 2)
    #expect(json.error == expected.replacingOccurrences(of: ".xml", with: ".json"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/merged.xml"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/merged.json"))
    // A reference shard is of another set too.
    _ = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--shard", "2/2", "--junit",
      folder.path + "/reference.xml",
    ])
    let reference = conformance([
      "merge", folder.path + "/merged.xml", folder.path + "/one.xml", folder.path + "/reference.xml",
    ])
    #expect(reference.status == 2)
    #expect(reference.error.contains("checked the implementations [\"reference\"]"))
  }

  @Test func theJSONMergeOfAProperSetKeepsImplementationsAndDrift() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let both = ["faithful", "planted_bug"]
    _ = shard(1, both, folder: folder, name: "one")
    _ = shard(2, both, folder: folder, name: "two")
    _ = conformance(
      [
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/all.xml",
        "--report-json", folder.path + "/all.json", "--show-failures", "0",
      ] + both.flatMap { ["--adapter", adapter($0)] })
    let merged = conformance([
      "merge", "--json", folder.path + "/merged.json", folder.path + "/one.json", folder.path + "/two.json",
    ])
    #expect(merged.status == 1)
    func read(_ name: String) throws -> JSONObject {
      try #require(
        try JSONParser().parse(Array(try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8).utf8))
          .objectValue)
    }
    let whole = try read("all.json")
    let joined = try read("merged.json")
    // Lists compared as sets: a merge orders them by file and id, a run in file order.
    func sorted(_ values: [JSONValue]) -> [String] { values.map(JSONSerializer.compact.string(from:)).sorted() }
    func implementations(_ report: JSONObject) -> [String] {
      (report["implementations"]?.arrayValue ?? []).map { item in
        var object = item.objectValue!
        object["failures"] = .array(sorted(object["failures"]?.arrayValue ?? []).map(JSONValue.string))
        return JSONSerializer.compact.string(from: .object(object))
      }
    }
    #expect(implementations(joined).count == 2)
    #expect(implementations(joined) == implementations(whole))
    let drift = try #require(whole["drift"]?.arrayValue)
    #expect(drift.count > 5)
    #expect(sorted(joined["drift"]?.arrayValue ?? []) == sorted(drift))
    #expect(joined["totals"] == whole["totals"])
  }
}
