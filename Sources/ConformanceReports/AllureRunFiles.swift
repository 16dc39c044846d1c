import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel

/// The run-wide files of an Allure results folder: `environment.properties`, `executor.json`
/// (only on a CI whose variables say which) and `categories.json`.
enum AllureRunFiles {
  /// `environment.properties`: harness version, corpus version and digest, roots, implementations
  /// and each one's version, run id.
  /// Allure reads it with Java's `Properties.load`, which takes ISO 8859-1: every other
  /// character is written as a `\uXXXX` escape (UTF-16), and `\`, `=`, `:`, `#`, `!`, leading
  /// spaces and line breaks are escaped, so no value can add a key.
  static func environment(_ info: RunReportInfo, corpusDigest: String?) -> AllureFile {
    var entries: [(String, String)] = [("harness", "\(info.toolName) \(info.toolVersion)")]
    // The corpus's release, or `unreleased` when no root has a manifest matching its files, as
    // the Markdown and HTML reports say it.
    entries.append(("corpus.version", info.corpusVersion ?? "unreleased"))
    if let corpusDigest { entries.append(("corpus.digest", "sha256:" + corpusDigest)) }
    entries.append(("corpus.roots", info.roots.joined(separator: ", ")))
    entries.append(("implementations", info.implementation))
    // Each implementation's version: the adapter hello's (this build's for the reference
    // parsers); a run of one keeps it in `implementationVersion`.
    let versions =
      info.implementations.isEmpty
      ? [(info.implementation, info.implementationVersion)] : info.implementations.map { ($0.name, $0.version) }
    for (name, version) in versions {
      if let version { entries.append(("implementation.\(name).version", version)) }
    }
    if let runID = info.runID { entries.append(("run.id", runID)) }
    let text = entries.map { key, value in escape(key, isKey: true) + "=" + escape(value, isKey: false) }
      .joined(separator: "\n")
    return AllureFile(name: "environment.properties", bytes: Array((text + "\n").utf8))
  }

  static func escape(_ text: String, isKey: Bool) -> String {
    var out = ""
    for (index, unit) in text.utf16.enumerated() {
      switch unit {
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x0C: out += "\\f"
      case 0x3D, 0x3A, 0x23, 0x21: out += "\\" + String(UnicodeScalar(UInt8(unit)))
      case 0x20 where isKey || index == 0: out += "\\ "
      case 0x20...0x7E: out += String(UnicodeScalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out
  }

  /// `executor.json` (Allure's `ExecutorInfo`: name, type, url, buildOrder, buildName,
  /// buildUrl, reportName, reportUrl) from the CI's own variables: GitHub Actions
  /// (`GITHUB_ACTIONS`), GitLab CI (`GITLAB_CI`), Jenkins (`JENKINS_URL`); `nil` elsewhere.
  static func executor(environment: [String: String]) -> AllureFile? {
    func value(_ name: String) -> String? {
      guard let text = environment[name], !text.isEmpty else { return nil }
      return text
    }
    var object: JSONObject
    if value("GITHUB_ACTIONS") == "true" {
      // Allure shows these as links: a server that is not an http(s) URL (`javascript:…`)
      // is replaced by GitHub's own.
      let server = value("GITHUB_SERVER_URL").flatMap(httpURL) ?? "https://github.com"
      object = ["name": "GitHub Actions", "type": "github"]
      if let repository = value("GITHUB_REPOSITORY") {
        object["url"] = .string("\(server)/\(repository)")
        if let run = value("GITHUB_RUN_ID") {
          object["buildUrl"] = .string("\(server)/\(repository)/actions/runs/\(run)")
        }
      }
      if let number = value("GITHUB_RUN_NUMBER").flatMap(Int.init) {
        object["buildOrder"] = .number(JSONNumber(number))
      }
      if let workflow = value("GITHUB_WORKFLOW") {
        object["buildName"] = .string(workflow + (value("GITHUB_RUN_NUMBER").map { " #\($0)" } ?? ""))
      }
    } else if value("GITLAB_CI") == "true" {
      object = ["name": "GitLab CI", "type": "gitlab"]
      if let url = value("CI_PROJECT_URL").flatMap(httpURL) { object["url"] = .string(url) }
      if let order = value("CI_PIPELINE_IID").flatMap(Int.init) { object["buildOrder"] = .number(JSONNumber(order)) }
      if let job = value("CI_JOB_NAME") {
        object["buildName"] = .string(job + (value("CI_JOB_ID").map { " #\($0)" } ?? ""))
      }
      if let url = (value("CI_JOB_URL") ?? value("CI_PIPELINE_URL")).flatMap(httpURL) {
        object["buildUrl"] = .string(url)
      }
    } else if let jenkins = value("JENKINS_URL") {
      object = ["name": "Jenkins", "type": "jenkins"]
      if let url = httpURL(jenkins) { object["url"] = .string(url) }
      if let number = value("BUILD_NUMBER").flatMap(Int.init) { object["buildOrder"] = .number(JSONNumber(number)) }
      if let name = value("BUILD_DISPLAY_NAME") ?? value("BUILD_TAG") { object["buildName"] = .string(name) }
      if let url = value("BUILD_URL").flatMap(httpURL) { object["buildUrl"] = .string(url) }
    } else {
      return nil
    }
    return AllureFile(
      name: "executor.json", bytes: Array((JSONSerializer.pretty.string(from: .object(object)) + "\n").utf8))
  }

  /// `text` when it is an absolute http or https URL with no space or control character in it;
  /// else `nil`. `executor.json`'s URLs are links in Allure's page, and they come from the
  /// environment, which is untrusted: `javascript:alert(1)//` must not become one.
  static func httpURL(_ text: String) -> String? {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
    let host = lowered.drop(while: { $0 != "/" }).dropFirst(2)
    guard let first = host.first, first != "/", first != "?", first != "#" else { return nil }
    guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }) else {
      return nil
    }
    return text
  }

  /// The process's environment variables.
  static func processEnvironment() -> [String: String] {
    ConformanceLowLevel.processEnvironment()
  }

  /// `categories.json` (Allure's `Category`: name, description, messageRegex, traceRegex,
  /// matchedStatuses, flaky): the kinds of problem a run has, matched by the kind that starts
  /// every message (``AllureResult``). Allure matches a regex against the whole message.
  static let categories: AllureFile = {
    func category(_ name: String, _ description: String, statuses: [String], message: String?, flaky: Bool = false)
      -> JSONValue
    {
      var object: JSONObject = [
        "name": .string(name), "description": .string(description),
        "matchedStatuses": .array(statuses.map(JSONValue.string)),
      ]
      if let message { object["messageRegex"] = .string(message) }
      if flaky { object["flaky"] = true }
      return .object(object)
    }
    let list: JSONValue = [
      category(
        "Mismatches", "the implementation answered, but not what the vector expects", statuses: ["failed"],
        message: "(?s)mismatch: .*"),
      category(
        "Unexpected passes", "a test listed as an expected failure (--expectations) passed: remove its entry",
        statuses: ["failed"], message: "(?s)unexpected pass: .*"),
      category(
        "Adapter problems",
        "the implementation could not answer (its error answer, a crash, a timeout, unusable output) or misbehaved at the end of the run",
        statuses: ["broken", "failed"], message: "(?s)(implementation error|adapter problem): .*"),
      category(
        "Load errors", "a vector file could not be loaded: none of its tests ran", statuses: ["broken"],
        message: "(?s)load error: .*"),
      category(
        "Flaky", "passed on a rerun (--reruns) after failing or erroring first",
        statuses: ["passed", "failed", "broken"],
        message: nil, flaky: true),
      category(
        "Stale expectations", "an expectations entry that matched no test", statuses: ["failed"],
        message: "(?s)stale expectation: .*"),
    ]
    return AllureFile(name: "categories.json", bytes: Array((JSONSerializer.pretty.string(from: list) + "\n").utf8))
  }()
}
