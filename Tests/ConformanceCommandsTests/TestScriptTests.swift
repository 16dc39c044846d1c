import ConformanceTestSupport
import Foundation
import Testing

/// `Scripts/test`, the README's test command: it installs only what is missing (nothing on a
/// machine that has it all), then runs `swift test`; `.ci/run` runs the same script. Run here
/// with stand-ins for apt-get, pkg-config, python3 and Chromium on a PATH of their own, so
/// nothing is installed for real.
@Suite struct TestScriptTests {
  /// Runs `Scripts/test --install-only` with `tools` (name: shell body) as the only commands
  /// besides bash, dirname and env; returns its status, output and what apt-get was asked.
  static func install(tools: [String: String]) throws -> (status: Int32, output: String, apt: String) {
    let folder = try TemporaryFolder("test-script")
    defer { folder.remove() }
    let bin = folder.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in ["bash", "dirname", "env"] {
      try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: "/usr/bin/" + tool)
    }
    let log = folder.path + "/apt.log"
    var all = tools
    all["apt-get"] = "echo \"$*\" >> '\(log)'"
    for (name, body) in all {
      let path = try folder.write("bin/" + name, "#!/bin/sh\n" + body + "\n")
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/bash")
    process.arguments = [packageRoot() + "/Scripts/test", "--install-only"]
    process.environment = ["PATH": bin, "HOME": folder.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let apt = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return (process.terminationStatus, printed, apt)
  }

  static let everything = [
    "pkg-config": "exit 0", "python3": "exit 0", "chromium": "exit 0", "sudo": "exec \"$@\"",
  ]

  @Test func aMachineWithEverythingInstallsNothing() throws {
    let result = try Self.install(tools: Self.everything)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.apt == "")
    #expect(result.output == "== every prerequisite of the tests is installed\n")
  }

  @Test func onlyWhatIsMissingIsInstalled() throws {
    var tools = Self.everything
    tools["chromium"] = nil
    // python3 without PyYAML; allure-python-commons and junitparser are there.
    tools["python3"] = "case \"$2\" in *yaml*) exit 1;; esac; exit 0"
    let result = try Self.install(tools: tools)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.apt == "update -qq\ninstall -y -qq chromium python3-yaml\n")
    #expect(result.output.hasPrefix("== installing chromium python3-yaml (apt-get)\n"))
  }

  @Test func theReadmeAndCIRunTheScript() throws {
    let readme = try String(contentsOfFile: packageRoot() + "/README.md", encoding: .utf8)
    let twoCommands = try #require(readme.components(separatedBy: "## Two commands").dropFirst().first)
    let block = try #require(twoCommands.components(separatedBy: "```").dropFirst().first)
    #expect(block.contains("\nScripts/test "))
    let ci = try String(contentsOfFile: packageRoot() + "/.ci/run", encoding: .utf8)
    #expect(ci.contains("\nScripts/test\n"))
    #expect(!ci.contains("\nswift test"))
  }
}
