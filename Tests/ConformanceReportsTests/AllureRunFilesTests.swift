import ConformanceJSON
import Testing

@testable import ConformanceReports

@Suite struct AllureRunFilesTests {
  /// Java's `Properties.load` reads ISO 8859-1 and splits at `=`, `:` and white space: an
  /// adapter's name cannot add a key or break the file.
  @Test func propertiesValuesAreEscapedForJava() {
    #expect(AllureRunFiles.escape("kotlin=1\nharness=evil", isKey: false) == #"kotlin\=1\nharness\=evil"#)
    #expect(AllureRunFiles.escape(" a:b#c!d\\", isKey: false) == ##"\ a\:b\#c\!d\\"##)
    #expect(AllureRunFiles.escape("implementation.my sdk", isKey: true) == #"implementation.my\ sdk"#)
    #expect(AllureRunFiles.escape("é😀\u{7F}", isKey: false) == #"\u00e9\ud83d\ude00\u007f"#)
  }

  /// The corpus release and the implementation's version are there in a run of one
  /// implementation too, and `unreleased` stands for a corpus without a matching manifest.
  @Test func environmentNamesTheCorpusVersionAndEachImplementationsVersion() {
    var one = RunReportInfo(toolName: "conformance", toolVersion: "9.9.9", implementation: "kotlin-sdk", roots: ["V"])
    one.implementationVersion = "2.4.1"
    one.corpusVersion = "1.0.0"
    one.runID = "0123456789abcdef0123456789abcdef"
    #expect(
      String(decoding: AllureRunFiles.environment(one, corpusDigest: "ab").bytes, as: UTF8.self) == """
        harness=conformance 9.9.9
        corpus.version=1.0.0
        corpus.digest=sha256\\:ab
        corpus.roots=V
        implementations=kotlin-sdk
        implementation.kotlin-sdk.version=2.4.1
        run.id=0123456789abcdef0123456789abcdef

        """)
    let several = RunReportInfo(
      toolName: "conformance", toolVersion: "9.9.9", implementation: "a, b", roots: ["V", "W"],
      implementations: [
        ImplementationInfo(name: "a", suites: [], version: "1"), ImplementationInfo(name: "b", suites: []),
      ])
    #expect(
      String(decoding: AllureRunFiles.environment(several, corpusDigest: nil).bytes, as: UTF8.self) == """
        harness=conformance 9.9.9
        corpus.version=unreleased
        corpus.roots=V, W
        implementations=a, b
        implementation.a.version=1

        """)
  }

  @Test func executorComesFromTheCIsVariables() throws {
    #expect(AllureRunFiles.executor(environment: ["CI": "true"]) == nil)
    let github = try #require(
      AllureRunFiles.executor(environment: [
        "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "team/sdk",
        "GITHUB_RUN_ID": "42", "GITHUB_RUN_NUMBER": "7", "GITHUB_WORKFLOW": "CI",
      ]))
    #expect(
      try JSONParser().parse(github.bytes) == [
        "name": "GitHub Actions", "type": "github", "url": "https://github.com/team/sdk",
        "buildUrl": "https://github.com/team/sdk/actions/runs/42", "buildOrder": 7, "buildName": "CI #7",
      ])
    let gitlab = try #require(
      AllureRunFiles.executor(environment: [
        "GITLAB_CI": "true", "CI_PROJECT_URL": "https://gitlab.example/team/sdk", "CI_PIPELINE_IID": "12",
        "CI_JOB_NAME": "conformance", "CI_JOB_ID": "99", "CI_JOB_URL": "https://gitlab.example/team/sdk/-/jobs/99",
      ]))
    #expect(
      try JSONParser().parse(gitlab.bytes) == [
        "name": "GitLab CI", "type": "gitlab", "url": "https://gitlab.example/team/sdk", "buildOrder": 12,
        "buildName": "conformance #99", "buildUrl": "https://gitlab.example/team/sdk/-/jobs/99",
      ])
    let jenkins = try #require(
      AllureRunFiles.executor(environment: [
        "JENKINS_URL": "https://ci.example/", "BUILD_NUMBER": "3", "BUILD_DISPLAY_NAME": "#3",
        "BUILD_URL": "https://ci.example/job/sdk/3/",
      ]))
    #expect(
      try JSONParser().parse(jenkins.bytes) == [
        "name": "Jenkins", "type": "jenkins", "url": "https://ci.example/", "buildOrder": 3, "buildName": "#3",
        "buildUrl": "https://ci.example/job/sdk/3/",
      ])
  }

  /// The environment is untrusted and Allure shows `url` and `buildUrl` as links: only http(s)
  /// URLs get there. A GitHub server that is not one gives way to github.com.
  @Test func executorURLsAreHTTPOnly() throws {
    let github = try #require(
      AllureRunFiles.executor(environment: [
        "GITHUB_ACTIONS": "true", "GITHUB_SERVER_URL": "javascript:alert(1)//", "GITHUB_REPOSITORY": "team/sdk",
        "GITHUB_RUN_ID": "42",
      ]))
    #expect(
      try JSONParser().parse(github.bytes) == [
        "name": "GitHub Actions", "type": "github", "url": "https://github.com/team/sdk",
        "buildUrl": "https://github.com/team/sdk/actions/runs/42",
      ])
    let gitlab = try #require(
      AllureRunFiles.executor(environment: [
        "GITLAB_CI": "true", "CI_PROJECT_URL": "JavaScript:alert(1)", "CI_JOB_URL": "data:text/html,<script>",
        "CI_PIPELINE_URL": "https://gitlab.example/p/1",
      ]))
    #expect(try JSONParser().parse(gitlab.bytes) == ["name": "GitLab CI", "type": "gitlab"])
    let jenkins = try #require(
      AllureRunFiles.executor(environment: [
        "JENKINS_URL": "vbscript:x", "BUILD_URL": "https://ci.example/job/\u{1B}[31m/3/",
      ]))
    #expect(try JSONParser().parse(jenkins.bytes) == ["name": "Jenkins", "type": "jenkins"])
    #expect(AllureRunFiles.httpURL("HTTPS://ci.example/a b") == nil)
    #expect(AllureRunFiles.httpURL("https:///path") == nil)
    #expect(AllureRunFiles.httpURL("http://ci.example:8080/x?y=1#z") == "http://ci.example:8080/x?y=1#z")
  }

  @Test func ownNamesAreRecognised() {
    #expect(AllureResultsWriter.isOwnName("0b1c2d3e-0000-4000-8000-000000000000-result.json"))
    #expect(AllureResultsWriter.isOwnName("0b1c2d3e-0000-4000-8000-000000000000-attachment.json"))
    #expect(!AllureResultsWriter.isOwnName("0b1c2d3e-0000-4000-8000-000000000000-container.json"))
    #expect(!AllureResultsWriter.isOwnName("0B1C2D3E-0000-4000-8000-000000000000-result.json"))
    #expect(!AllureResultsWriter.isOwnName("notes.txt"))
  }

  @Test func historyIdsDependOnEveryPartAndNotOnTheirJoins() {
    #expect(AllureResult.digest(["a", "b", "c"]) == AllureResult.digest(["a", "b", "c"]))
    #expect(AllureResult.digest(["ab", "c"]) != AllureResult.digest(["a", "bc"]))
    #expect(AllureResult.digest(["a", "b"]).count == 32)
    var uuids = AllureResult.UUIDSource()
    let uuid = uuids.next()
    #expect(AllureResultsWriter.isOwnName(uuid + "-result.json"))
    #expect(Array(uuid)[14] == "4")
  }
}
