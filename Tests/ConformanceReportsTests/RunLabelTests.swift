import Testing

@testable import ConformanceReports

@Suite struct RunLabelTests {
  @Test func eachCINamesItsRunNumber() {
    let cases: [([String: String], String?)] = [
      (["GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "57"], "GitHub Actions run #57"),
      (["GITLAB_CI": "true", "CI_PIPELINE_ID": "1234", "CI_PIPELINE_IID": "12"], "GitLab pipeline #1234"),
      (["BUILDKITE": "true", "BUILDKITE_BUILD_NUMBER": "8"], "Buildkite build #8"),
      (["CIRCLECI": "true", "CIRCLE_BUILD_NUM": "9"], "CircleCI build #9"),
      (["JENKINS_URL": "https://ci.example/", "BUILD_NUMBER": "3"], "Jenkins build #3"),
      (["BUILD_NUMBER": "3"], "build #3"),
      // Without its CI's marker a number is not read as that CI's.
      (["GITHUB_RUN_NUMBER": "57"], nil),
      ([:], nil),
    ]
    for (environment, label) in cases {
      #expect(CIBuild.from(environment: environment)?.label == label, "\(environment)")
    }
  }

  /// Variables are untrusted: only 1 to 18 ASCII digits are a number; the next CI is tried.
  @Test func aNumberIsDigitsOnlyAndBounded() {
    for bad in ["", "12a", "-1", "1 2", "١٢", "1\n#2", String(repeating: "9", count: 19), "+5"] {
      #expect(CIBuild.from(environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": bad]) == nil, "\(bad)")
    }
    #expect(
      CIBuild.from(environment: ["GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "x", "BUILD_NUMBER": "4"])?.label
        == "build #4")
    #expect(CIBuild.from(environment: ["BUILD_NUMBER": String(repeating: "9", count: 18)]) != nil)
  }

  /// A label read back from a previous report or history must have exactly the written shape.
  @Test func aLabelIsReadBackOnlyInItsOwnShape() {
    #expect(
      CIBuild(label: "GitLab pipeline #1234")
        == CIBuild.from(environment: ["GITLAB_CI": "1", "CI_PIPELINE_ID": "1234"]))
    #expect(CIBuild(label: "build #1")?.label == "build #1")
    for bad in [
      "GitLab pipeline 1234", "Evil CI #1", "GitLab pipeline #", "GitLab pipeline #12x", "#1", "GitLab pipeline  #1",
    ] {
      #expect(CIBuild(label: bad) == nil, "\(bad)")
    }
  }

  @Test func aRunIsNamedByItsTimeAndCINumber() {
    let build = CIBuild(label: "GitHub Actions run #57")
    #expect(
      RunLabel.text(time: "2026-01-02T10:00:00Z", ciBuild: build) == "2026-01-02 10:00:00 UTC (GitHub Actions run #57)")
    #expect(RunLabel.text(time: "2026-01-02T10:00:00Z", ciBuild: nil) == "2026-01-02 10:00:00 UTC")
    #expect(RunLabel.text(time: nil, ciBuild: build) == "GitHub Actions run #57")
    #expect(RunLabel.text(time: nil, ciBuild: nil) == nil)
    // A time from a previous report that is not the reports' own shape is not shown.
    #expect(RunLabel.text(time: "<b>2026</b>", ciBuild: nil) == nil)
    #expect(RunLabel.text(time: "2026-01-02T10:00:00+09:00", ciBuild: nil) == nil)
  }
}
