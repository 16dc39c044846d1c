import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// The file system around the vectors and the reports is untrusted too, runs get interrupted,
/// and text from outside reaches the console: each with the real objects (FIFOs, devices,
/// symbolic link loops, a signal to a real process).
@Suite struct ReliabilityTests {
  /// The JUnit report's error messages by testcase name.
  func errorMessages(_ path: String) throws -> [String: String] {
    let report = try XMLReadBack(path: path)
    // By the testsuite's name, the path relative to its root (the testcase is named by the path
    // as found, root included).
    let names = report.strings("//testsuite[testcase/error]/@name")
    let messages = report.strings("//testsuite[testcase/error]/testcase/error/@message")
    return Dictionary(zip(names, messages), uniquingKeysWith: { a, _ in a })
  }

  @Test func hostileEntriesInAVectorsRootAreLoadErrorsAndTheGoodFileStillRuns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let vectors = folder.path + "/v"
    try folder.write("v/good.json", fidFile(passingFID))
    #expect(symlink("/dev/zero", vectors + "/zero.json") == 0)
    #expect(mkfifo(vectors + "/pipe.json", 0o600) == 0)
    #expect(symlink(".", vectors + "/again") == 0)
    #expect(symlink(".", vectors + "/more") == 0)
    #expect(symlink("nowhere.json", vectors + "/broken.json") == 0)
    #expect(symlink("self", vectors + "/self") == 0)
    try folder.write("v/bad\u{FFFD}.json", "{}")
    // A name that is not UTF-8: bytes written with open(2), which Foundation cannot spell.
    let badName = Array((vectors + "/b").utf8) + [0xFF] + Array(".json".utf8) + [0]
    let descriptor = badName.withUnsafeBufferPointer {
      open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o600)
    }
    #expect(descriptor >= 0)
    close(descriptor)
    try FileManager.default.removeItem(atPath: vectors + "/bad\u{FFFD}.json")

    let junit = folder.path + "/junit.xml"
    let result = conformance(["run", "--vectors", vectors, "--junit", junit])
    #expect(result.status == 2)
    let messages = try errorMessages(junit)
    #expect(
      messages == [
        "zero.json": "a character device, not a regular file: not read",
        "pipe.json": "a FIFO, not a regular file: not read",
        "again": "symbolic link loop: leads back to folder \(vectors), which holds it; not followed",
        "more": "symbolic link loop: leads back to folder \(vectors), which holds it; not followed",
        "broken.json": "broken symbolic link: its target does not exist",
        "self": "symbolic link loop: its target never resolves",
        "b\\xFF.json": "the name is not UTF-8 (shown escaped); rename the file",
      ])
    // The good file ran, once.
    let report = try XMLReadBack(path: junit)
    #expect(report.strings("//testcase[not(error)]/@name") == ["valid.c"])
    #expect(result.output.contains("\n1 passed, 7 errors\n"))
  }

  @Test func aFileOverTheSizeLimitIsALoadError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    try folder.write("v/big.json", fidFile(Array(repeating: passingFID, count: 20).joined(separator: ",")))
    let junit = folder.path + "/junit.xml"
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", junit, "--max-file-size", "1K"])
    #expect(result.status == 2)
    #expect(try errorMessages(junit) == ["big.json": "larger than the 1024-byte limit (--max-file-size): not read"])
    #expect(
      conformance(["run", "--max-file-size", "lots"]).error
        == "conformance run: --max-file-size needs a whole number of bytes (K, M, G suffixes), got 'lots'\n"
        + "Run `conformance run --help` for usage.\n")
  }

  @Test func anExpectationsFileThatIsNotARegularFileIsRefusedUnopened() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    #expect(mkfifo(folder.path + "/list.json", 0o600) == 0)
    for (file, reason) in [
      (folder.path + "/list.json", "a FIFO, not a regular file: not read"),
      ("/dev/zero", "a character device, not a regular file: not read"),
    ] {
      let result = conformance([
        "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--expectations", file,
      ])
      #expect(result.status == 2)
      #expect(
        result.error
          == "conformance run: --expectations \(file): \(reason)\n")
    }
  }

  /// A run that cannot start replaces the previous (green) reports with ones holding the error.
  @Test func aRunThatCannotStartLeavesNoStaleGreenReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    try folder.write("bad-list.json", "not json")
    let junit = folder.path + "/junit.xml"
    let json = folder.path + "/report.json"
    let cases: [([String], String, String)] = [
      (["--vectors", folder.path + "/missing"], "--vectors", "\(folder.path)/missing: no such file or folder"),
      (
        ["--vectors", folder.path + "/v", "--expectations", folder.path + "/bad-list.json"], "--expectations",
        "\(folder.path)/bad-list.json: invalid JSON: line 1, column 1: invalid literal, expected null"
      ),
      (
        ["--vectors", folder.path + "/v", "--adapter", "exit 3"], "--adapter",
        "adapter `exit 3` exited with status 3 without answering the hello"
      ),
    ]
    for (options, subject, reason) in cases {
      let green = conformance(["run", "--vectors", folder.path + "/v", "--junit", junit, "--report-json", json])
      #expect(green.status == 0)
      let result = conformance(["run", "--junit", junit, "--report-json", json] + options)
      #expect(result.status == 2)
      let report = try XMLReadBack(path: junit)
      #expect(report.string("/testsuites/@tests") == "1")
      #expect(report.string("/testsuites/@errors") == "1")
      #expect(report.string("//testcase/@name") == subject)
      #expect(report.string("//testcase/error/@message")?.hasPrefix(reason) == true, "\(subject)")
      // The body names the option once: `--adapter: adapter …`, not `--adapter: --adapter: …`.
      #expect(report.string("//testcase/error")?.hasPrefix(subject + ": " + reason) == true, "\(subject)")
      let status = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
      #expect((status as? [String: Any])?["status"] as? String == "load-error")
    }
  }

  @Test func destinationsAreCheckedBeforeTheRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    try folder.write("a-folder/keep", "x")
    let vectors = ["run", "--vectors", folder.path + "/v"]
    let same = conformance(vectors + ["--junit", folder.path + "/x", "--report-json", folder.path + "/./x"])
    #expect(same.status == 2)
    #expect(
      same.error
        == "conformance run: --report-json \(folder.path)/./x: the same file as --junit \(folder.path)/x: "
        + "each report needs its own file\nRun `conformance run --help` for usage.\n")
    let intoFolder = conformance(vectors + ["--summary-md", folder.path + "/a-folder"])
    #expect(intoFolder.status == 2)
    #expect(intoFolder.error.hasPrefix("conformance run: --summary-md \(folder.path)/a-folder: is a folder\n"))
    // The JUnit report, which can be written, holds the error of the first command line (the
    // one named twice is left out); no earlier report stays in place.
    let junit = try XMLReadBack(path: folder.path + "/x")
    #expect(
      junit.string("//testcase/error/@message")
        == "the command line was refused: --report-json \(folder.path)/./x: the same file as --junit \(folder.path)/x: each report needs its own file"
    )
  }

  /// A symbolic link is followed to its target, as pytest's `--junitxml` does: the target is
  /// replaced, the link stays a link.
  @Test func aSymbolicLinkDestinationWritesItsTarget() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    try folder.write("out/real.xml", "old")
    #expect(symlink("out/real.xml", folder.path + "/link.xml") == 0)
    #expect(symlink("out/new.json", folder.path + "/dangling.json") == 0)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/link.xml", "--report-json",
      folder.path + "/dangling.json",
    ])
    #expect(result.status == 0)
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/link.xml")
    #expect(link == "out/real.xml")
    #expect(try folder.read("out/real.xml").contains("<testsuites"))
    #expect(try folder.read("out/new.json").contains("\"status\": \"passed\""))
    #expect(try folder.list("out") == ["new.json", "real.xml"])
  }

  /// A character device is written through, never replaced (as root, `--junit /dev/null` must
  /// leave `/dev/null` a device). The node is made with mknod, which needs root.
  @Test func aDeviceDestinationStaysADevice() throws {
    try #require(getuid() == 0, "mknod needs root")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    let device = folder.path + "/null"
    // Major 1, minor 3: the null device.
    #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", device, "--report-json", device,
    ])
    #expect(result.status == 0, "\(result.error)")
    var info = stat()
    #expect(lstat(device, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
    #expect(try folder.list() == ["null", "v"])
  }

  @Test func aFIFODestinationIsWrittenThrough() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    let fifo = folder.path + "/report.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    // `cat fifo`: reads what the run writes, so the run's open does not wait forever.
    final class Received: @unchecked Sendable {
      // Written by the reading thread before it signals `done`, read after waiting on it.
      var data = Data()
      let done = DispatchSemaphore(value: 0)
    }
    let received = Received()
    let thread = Thread {
      let descriptor = open(fifo, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 65536)
      while descriptor >= 0 {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        received.data.append(contentsOf: buffer[..<count])
      }
      close(descriptor)
      received.done.signal()
    }
    thread.start()
    // A FIFO without a reader is refused (the run would wait for one): hold a writer of our own
    // once the reader is there, so that the reader sees no end of input before the report's.
    var held: Int32 = -1
    for _ in 0..<1000 where held < 0 {
      held = open(fifo, O_WRONLY | O_NONBLOCK)
      if held < 0 { usleep(5_000) }
    }
    try #require(held >= 0)
    let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", fifo])
    #expect(result.status == 0)
    close(held)
    received.done.wait()
    #expect(String(decoding: received.data, as: UTF8.self).contains("<testsuites"))
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  /// `merge --json` reads its inputs as vector files are read: a FIFO is refused unopened (it
  /// would block), a missing file is named.
  @Test func mergeJSONRefusesAFIFOAndNamesAMissingInput() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fifo = folder.path + "/shard.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let started = Date()
    let result = conformance(["merge", "--json", folder.path + "/out.json", fifo])
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(result.status == 2)
    #expect(result.error == "conformance merge: \(fifo): cannot read: a FIFO, not a regular file: not read\n")
    let missing = conformance(["merge", "--json", folder.path + "/out.json", folder.path + "/none.json"])
    #expect(missing.status == 2)
    #expect(missing.error.hasPrefix("conformance merge: \(folder.path)/none.json: cannot read: "))
  }

  /// Temporary files a killed run left behind are removed by the next run; locked ones (a run
  /// writing the same report right now) are kept.
  @Test func leftoverTemporaryFilesOfDeadRunsAreRemoved() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/good.json", fidFile(passingFID))
    let old = [".junit.xml.body-Ab12Cd.tmp", ".junit.xml.new-zzzzzz.tmp", ".report.json.4242-99.tmp"]
    let kept = [".junit.xml.body-Fresh1.tmp", ".junit.xml.notes.tmp", ".other.xml.body-Ab12Cd.tmp"]
    for name in old + kept { try folder.write("r/" + name, "leftover") }
    for name in old + [kept[1], kept[2]] {
      var times = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
      #expect(utimes(folder.path + "/r/" + name, &times) == 0)
    }
    let live = open(folder.path + "/r/" + kept[0], O_RDONLY | O_CLOEXEC)
    defer { close(live) }
    #expect(flock(live, LOCK_EX | LOCK_NB) == 0)
    let result = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/r/junit.xml", "--report-json",
      folder.path + "/r/report.json",
    ])
    #expect(result.status == 0)
    #expect(try folder.list("r") == (kept + ["junit.xml", "report.json"]).sorted())
  }

  @Test func hostileTextNeverStartsAConsoleLineOrReachesTheTerminal() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let forged = #"\n::error title=forged::owned\n::stop-commands::tok\u001b[2J\u009b31m\u2028::warning::x"#
    try folder.write("v/good.json", fidFile(passingFID))
    try folder.write("v/esc\u{1B}[2J\n::error::name.json", "{")
    try folder.write(
      "list.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "leeep.fid", "id": "valid.c", "reason": "\#(forged)"}]}"#
    )
    let adapter = try folder.write("adapter.sh", "printf 'not json\\n\\033[2J\\n::error::adapter\\n'")
    for extra in [["--expectations", folder.path + "/list.json"], ["--adapter", "sh " + adapter]] {
      let result = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"] + extra)
      #expect(result.status == 2)
      let text = result.output + result.error
      #expect(!text.utf8.contains(0x1B))
      #expect(!text.unicodeScalars.contains { $0.value >= 0x80 && $0.value <= 0x9F || $0.value == 0x2028 })
      for line in text.split(separator: "\n") {
        #expect(!line.drop { $0 == " " || $0 == "\t" }.hasPrefix("::"), "\(line)")
      }
    }
    let listed = conformance([
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml", "--expectations",
      folder.path + "/list.json",
    ])
    #expect(listed.output.contains(#"\u000a::error title=forged::owned\u000a::stop-commands::tok\u001b[2J\u009b31m"#))
    #expect(listed.output.contains(#"LOAD ERROR \#(folder.path)/v/esc\u001b[2J\u000a::error::name.json"#))
  }

  /// Every report of a run carries the same run id; another run has another.
  @Test func everyReportOfARunCarriesItsRunID() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("v/a.json", fidFile(passingFID))
    try folder.write("v/b.json", fidFile(failingFID))
    var ids: [String] = []
    for _ in 0..<2 {
      let result = conformance([
        "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/r/junit.xml", "--report-json",
        folder.path + "/r/report.json", "--summary-md", folder.path + "/r/summary.md", "--report-html",
        folder.path + "/r/report.html",
      ])
      #expect(result.status == 1)
      let report = try XMLReadBack(path: folder.path + "/r/junit.xml")
      let junitIDs = report.strings("//testsuite/properties/property[@name='run-id']/@value")
      #expect(junitIDs.count == 2 && Set(junitIDs).count == 1)
      let id = try #require(junitIDs.first)
      #expect(id.utf8.count == 32 && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
      #expect(try folder.read("r/report.json").contains(#""runId": "\#(id)""#))
      #expect(try folder.read("r/summary.md").contains("run `\(id)`"))
      #expect(try folder.read("r/report.html").contains("run <code>\(id)</code>"))
      #expect(try folder.list("r") == ["junit.xml", "report.html", "report.json", "summary.md"])
      ids.append(id)
    }
    #expect(ids[0] != ids[1])
  }

  /// SIGTERM to a real `conformance run` mid-run: the report of what ran, marked as
  /// interrupted, exit 143, and no temporary file.
  @Test func sigtermMidRunWritesTheReportOfWhatRanAndExits143() throws {
    let binary = packageRoot() + "/.build/debug/conformance"
    try #require(FileManager.default.isExecutableFile(atPath: binary), "swift build first: \(binary)")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // 400 files of 250 tests, answered one by one by an adapter: seconds of work. The adapter
    // leaves a marker at its 300th request, a test of the third file: requests go one at a time,
    // so the first two files have been answered by then, and a signal that is acted on mid-file
    // still leaves at least one finished file to report.
    let test =
      #"", "tags": ["valid"], "input": "cAbCdEfGhIjKlMnOpQr_-0", "expect": {"result": "accept", "output": "cAbCdEfGhIjKlMnOpQr_-0"}}"#
    try folder.write("v/000.json", fidFile(failingFID))
    for file in 1..<400 {
      let body = (0..<250).map { #"{"id": "f\#(file).\#($0)"# + test }.joined(separator: ",")
      try folder.write("v/" + String(format: "%03d", file) + ".json", fidFile(body))
    }
    let marker = folder.path + "/started"
    let adapter = try folder.write(
      "adapter.py",
      """
      import json, os, sys
      asked = 0
      for line in sys.stdin:
          request = json.loads(line)
          if request["type"] == "hello":
              print(json.dumps({"protocol": "conformance-adapter/2", "name": "echo", "suites": ["leeep.fid"]}), flush=True)
              continue
          asked += 1
          if asked == 300:
              open(sys.argv[1], "w").close()
          print(json.dumps({"id": request["id"], "result": "accept", "output": request["input"]}), flush=True)
      """)
    let output = folder.path + "/stdout.txt"
    FileManager.default.createFile(atPath: output, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [
      "run", "--vectors", folder.path + "/v", "--junit", folder.path + "/r/junit.xml", "--report-json",
      folder.path + "/r/report.json", "--adapter", "exec python3 \(adapter) \(marker)",
    ]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: marker), Date() < deadline {
      usleep(5_000)
    }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 143)

    let report = try XMLReadBack(path: folder.path + "/r/junit.xml")
    #expect(report.string("//property[@name='interrupted']/@value") == "SIGTERM")
    let message = try #require(report.string("//testcase[@name='interrupted']/error/@message"))
    #expect(message.hasPrefix("interrupted by SIGTERM after ") && message.hasSuffix(" of 400 files"))
    let done = Int(message.split(separator: " ")[4]) ?? -1
    #expect(done >= 1 && done < 400)
    #expect(report.count("//testsuite[@file]") == done)
    let json = try String(contentsOfFile: folder.path + "/r/report.json", encoding: .utf8)
    #expect(json.contains(#""status": "interrupted""#))
    #expect(json.contains(#""exitStatus": 143"#))
    #expect(try folder.list("r") == ["junit.xml", "report.json"])
    #expect(try String(contentsOfFile: output, encoding: .utf8).contains(message))
  }
}
