import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `run --allure-results DIR`, checked by Fixtures/allure_check.py, which loads every result
/// into allure-python-commons' model classes (`pip install allure-python-commons`) and compares
/// the statuses with the run's JUnit report.
@Suite struct AllureResultsTests {
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  func adapter(_ fixture: String) -> String {
    "CONFORMANCE=\(binary) exec python3 \(fixtures)/\(fixture).py"
  }

  /// The checker's summary of DIR against the JUnit report.
  func check(_ results: String, junit: String) throws -> JSONObject {
    let checked = runProcess(["python3", fixtures + "/allure_check.py", results, junit])
    #expect(!checked.error.contains("ModuleNotFoundError"), "pip install allure-python-commons: \(checked.error)")
    let summary = try #require(try JSONParser().parse(Array(checked.output.utf8)).objectValue, "\(checked.error)")
    #expect(summary["problems"]?.arrayValue == [], "\(summary["problems"] ?? .null)")
    #expect(checked.status == 0)
    return summary
  }

  @Test func twoImplementationsLoadInAlluresModelWithTheJUnitStatuses() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    func run(_ name: String) -> Int32 {
      conformance([
        "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit",
        folder.path + "/\(name).xml", "--allure-results", folder.path + "/\(name)", "--adapter", adapter("faithful"),
        "--adapter", adapter("planted_bug"), "--show-failures", "0",
      ]).status
    }
    #expect(run("first") == 1)
    let first = try check(folder.path + "/first", junit: folder.path + "/first.xml")
    #expect(first["tests"] == .number(JSONNumber(2 * 745)))
    #expect(first["statuses"]?.objectValue?["failed"] == .number(JSONNumber(18)))
    #expect(first["statuses"]?.objectValue?["passed"] == .number(JSONNumber(2 * 745 - 18)))
    let ids = try #require(first["historyIds"]?.objectValue)
    // Different per implementation, the same in a second run.
    #expect(ids["faithful/leeep.fid/length.23"] != ids["planted_bug/leeep.fid/length.23"])
    #expect(run("second") == 1)
    let second = try check(folder.path + "/second", junit: folder.path + "/second.xml")
    #expect(second["historyIds"] == first["historyIds"])

    // A failure carries the first difference, its trace the answer; attachments are the values.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/first")
    #expect(names.contains("environment.properties"))
    #expect(names.contains("categories.json"))
    var failed: JSONObject? = nil
    for name in names where name.hasSuffix("-result.json") {
      let result = try JSONParser().parse(try folder.read("first/" + name)).objectValue!
      if result["status"] == "failed" && result["name"] == "length.23" { failed = result }
    }
    let failure = try #require(failed)
    #expect(failure["statusDetails"]?.objectValue?["message"] == "mismatch: result: expected reject, got accept")
    #expect(failure["fullName"] == "planted_bug/leeep.fid/length.23")
    let attachments = try #require(failure["attachments"]?.arrayValue)
    #expect(attachments.compactMap { $0.objectValue?["name"]?.stringValue } == ["input", "expected", "actual"])
    let actual = try JSONParser().parse(
      try folder.read("first/" + attachments[2].objectValue!["source"]!.stringValue!))
    #expect(actual == ["result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0A"])
    let environment = try folder.read("first/environment.properties")
    #expect(environment.contains("\nimplementations=faithful, planted_bug\n"))
    #expect(environment.contains("\ncorpus.digest=sha256\\:"))
  }

  @Test func flakyTestsAreMarkedAndTheirEarlierTriesAreRetries() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/junit.xml",
      "--allure-results", folder.path + "/allure", "--reruns", "2", "--adapter", adapter("flaky"),
    ])
    #expect(result.status == 0)
    let summary = try check(folder.path + "/allure", junit: folder.path + "/junit.xml")
    let changed = try SeveralImplementationsTests().changedByTheBug()
    #expect(
      Set(summary["flaky"]?.arrayValue?.compactMap(\.stringValue) ?? []) == Set(changed.map { "flaky/leeep.fid/" + $0 })
    )
    #expect(summary["retries"] == .number(JSONNumber(18)))
    #expect(summary["results"] == .number(JSONNumber(745 + 18)))
  }

  /// Earlier results are replaced; another tool's folder is refused, naming a file, and left as
  /// it was; Allure's `history` folder is kept.
  @Test func theFolderHoldsOnlyThisCommandsResults() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let vectors = ["--vectors", packageRoot() + "/Vectors/leeep.fid/length.json", "--junit", folder.path + "/j.xml"]
    let results = folder.path + "/allure"
    #expect(conformance(["run", "--allure-results", results] + vectors).status == 0)
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: results))
    #expect(before.contains(".conformance-allure-results"))
    try folder.write("allure/history/history-trend.json", "[]")
    #expect(conformance(["run", "--allure-results", results] + vectors).status == 0)
    let after = Set(try FileManager.default.contentsOfDirectory(atPath: results))
    // The same results again: new result files (new uuids), the same attachments (named by
    // their content), and the history folder.
    #expect(after.count == before.count + 1)
    #expect(before.filter { $0.hasSuffix("-result.json") }.allSatisfy { !after.contains($0) })
    #expect(after.subtracting(before).filter { !$0.hasSuffix("-result.json") } == ["history"])
    #expect(try folder.read("allure/history/history-trend.json") == "[]")
    // Nothing staged is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["allure", "j.xml"])

    try folder.write("pytest/0b1c2d3e-0000-4000-8000-000000000000-result.json", "{}")
    try folder.write("pytest/notes.txt", "mine")
    let refused = conformance(["run", "--allure-results", folder.path + "/pytest"] + vectors)
    #expect(refused.status == 2)
    #expect(
      refused.error.contains(
        "--allure-results \(folder.path)/pytest: holds \"0b1c2d3e-0000-4000-8000-000000000000-result.json\", which conformance did not write"
      ))
    #expect(try folder.read("pytest/notes.txt") == "mine")
    try folder.write("allure/notes.txt", "mine")
    let mixed = conformance(["run", "--allure-results", results] + vectors)
    #expect(mixed.status == 2)
    #expect(mixed.error.contains("holds \"notes.txt\", which conformance did not write"))
    try folder.write("file", "x")
    #expect(conformance(["run", "--allure-results", folder.path + "/file"] + vectors).error.contains("not a folder"))
  }

  /// A run killed with SIGKILL while it writes leaves its hidden staging folder; the next run
  /// with the same DIR removes it, and only folders that are plainly such leftovers.
  @Test func aKilledRunsStagingFolderIsRemovedByTheNext() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let results = folder.path + "/allure"
    let run = Process()
    run.executableURL = URL(fileURLWithPath: binary)
    run.arguments = [
      "run", "--vectors", packageRoot() + "/Vectors", "--jobs", "1", "--junit", folder.path + "/killed.xml",
      "--allure-results", results, "--adapter", adapter("faithful"),
    ]
    run.standardOutput = FileHandle.nullDevice
    run.standardError = FileHandle.nullDevice
    try run.run()
    func staged() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
        $0.hasPrefix(".allure.allure-") && $0.hasSuffix(".tmp")
      }
    }
    func filesIn(_ name: String) -> Int {
      (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + name).count) ?? 0
    }
    // Killed once its first batch of files is on disk.
    let deadline = Date().addingTimeInterval(120)
    while run.isRunning && Date() < deadline && !staged().contains(where: { filesIn($0) > 0 }) { usleep(20_000) }
    #expect(run.isRunning, "the run ended before it was killed")
    kill(run.processIdentifier, SIGKILL)
    run.waitUntilExit()
    let left = staged()
    #expect(left.count == 1 && filesIn(left[0]) > 0, "\(left)")
    #expect(!FileManager.default.fileExists(atPath: results))

    // Look-alikes that must stay: another name inside, a wrong pattern, another DIR's, a
    // symbolic link to a folder of result files, and one a live run holds (its flock).
    let uuidName = "0b1c2d3e-0000-4000-8000-000000000000-result.json"
    try folder.write(".allure.allure-mine01.tmp/notes.txt", "mine")
    try folder.write(".allure.allure-short.tmp/\(uuidName)", "{}")
    try folder.write(".other.allure-abcdef.tmp/\(uuidName)", "{}")
    try folder.write("elsewhere/\(uuidName)", "{}")
    #expect(symlink(folder.path + "/elsewhere", folder.path + "/.allure.allure-linked.tmp") == 0)
    try folder.write(".allure.allure-LOCKED.tmp/\(uuidName)", "{}")
    let held = open(folder.path + "/.allure.allure-LOCKED.tmp", O_RDONLY | O_DIRECTORY)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)

    let vectors = ["--vectors", packageRoot() + "/Vectors/leeep.fid/length.json", "--junit", folder.path + "/j.xml"]
    let next = conformance(["run", "--allure-results", results] + vectors)
    #expect(next.status == 0, "\(next.error)")
    #expect(!staged().contains(left[0]))
    #expect(
      Set(staged()) == [
        ".allure.allure-mine01.tmp", ".allure.allure-short.tmp", ".allure.allure-linked.tmp",
        ".allure.allure-LOCKED.tmp",
      ])
    #expect(try folder.read(".allure.allure-mine01.tmp/notes.txt") == "mine")
    #expect(filesIn(".other.allure-abcdef.tmp") == 1)
    #expect(try folder.read("elsewhere/\(uuidName)") == "{}")
    #expect(filesIn(".allure.allure-LOCKED.tmp") == 1)
    #expect(FileManager.default.fileExists(atPath: results + "/.conformance-allure-results"))
  }
}
