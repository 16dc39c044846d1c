import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// SIGTERM in the middle of a file with a slow adapter, report destinations that would block,
/// and folders never made through a dangling link or at the file system's root.
@Suite struct SignalsAndDestinationsTests {
  @Test func sigtermWithASlowAdapterMidFileIsAnsweredWithinASecond() throws {
    let binary = packageRoot() + "/.build/debug/conformance"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "swift build first: \(binary)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // a.json: one test; b.json: 200 tests the adapter answers half a second apart (100 s).
    try folder.write("v/a.json", fidFile(passingFID))
    let test =
      #"", "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}}"#
    try folder.write("v/b.json", fidFile((0..<200).map { #"{"id": "b\#($0)"# + test }.joined(separator: ",")))
    let marker = folder.path + "/in-b"
    let adapter = try folder.write(
      "adapter.py",
      """
      import json, os, sys, time
      open(sys.argv[2], "w").write(str(os.getpid()))
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "slow", "suites": ["leeep.fid"]}), flush=True)
              continue
          if request["id"] == 3:
              open(sys.argv[1], "w").close()
          time.sleep(0.5)
          print(json.dumps({"id": request["id"], "result": "accept", "output": request["input"]}), flush=True)
      """)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/r/junit.xml", "--report-json",
      folder.path + "/r/report.json", "--timeout", "60",
      "--adapter", "exec python3 \(adapter) \(marker) \(folder.path)/adapter.pid",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(5_000) }
    usleep(200_000)  // a request in flight, in the middle of b.json
    let signalled = Date()
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(signalled)
    #expect(seconds < 1.5, "took \(seconds) s")
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 143)
    let report = try XMLReadBack(path: folder.path + "/r/junit.xml")
    #expect(
      report.string("//testcase[@name='interrupted']/error/@message") == "interrupted by SIGTERM after 1 of 2 files")
    #expect(report.strings("//testsuite[@file]/@name") == ["a.json"])
    #expect(try folder.list("r") == ["junit.xml", "report.json"])
    let pid = try #require(pid_t(try folder.read("adapter.pid")))
    #expect(kill(pid, 0) != 0, "the adapter outlived the run")
  }

  @Test func aFIFODestinationWithNoReaderIsRefusedAtTheStart() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    #expect(mkfifo(folder.path + "/junit.fifo", 0o600) == 0)
    let started = Date()
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/junit.fifo"])
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "conformance run: --junit \(folder.path)/junit.fifo: a FIFO with no reader: the report would wait for one; start its reader first"
      ))
  }

  @Test func noFolderIsMadeThroughADanglingLinkOrAtTheRoot() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    let missing = "/nonexistent-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    #expect(symlink(missing + "/x", folder.path + "/link.xml") == 0)
    for option in ["--junit", "--write-expectations", "--report-json"] {
      let arguments = ["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"]
      let result = conformance(
        arguments.dropLast(option == "--junit" ? 2 : 0) + [option, folder.path + "/link.xml"])
      #expect(result.status == 2, "\(option)")
      #expect(
        result.error.hasPrefix(
          "conformance run: \(option) \(folder.path)/link.xml: a symbolic link to \(missing)/x, whose folder \(missing) does not exist: folders are never created through a link"
        ), "\(option): \(result.error)")
      #expect(!FileManager.default.fileExists(atPath: missing))
    }
    // A plain path whose nearest existing folder is the root.
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", missing + "/reports/junit.xml"])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "conformance run: --junit \(missing)/reports/junit.xml: cannot create folder \(missing)/reports: its nearest existing folder is the file system's root, where no folder is made for a report; create \(missing) first"
      ), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: missing))
    // Below a folder the user named, and through a link to an existing folder's new file, as before.
    #expect(
      conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/a/b/junit.xml"]).status == 0)
    #expect(symlink(folder.path + "/a/linked.xml", folder.path + "/ok.xml") == 0)
    #expect(conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/ok.xml"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/a/linked.xml"))
  }
}
