import ConformanceTestSupport
import Foundation
import Testing

/// Own suites against real adapter processes (docs/own-suites.md), and a hello that lists a
/// suite of a newer corpus.
@Suite struct OwnSuiteRunTests {
  let example = packageRoot() + "/Examples/own-suite"

  @Test func theWorkedExampleRunsGreenAgainstItsAdapterAndExitsTwoWithoutOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let lint = conformance(["lint", "--strict", example + "/vectors"])
    #expect(lint.status == 0, "\(lint.output)")
    let run = conformance([
      "run", "--vectors", example + "/vectors", "--junit", folder.path + "/j.xml", "--adapter",
      "exec python3 \(example)/coupon_adapter.py",
    ])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(run.output.contains("\n17 passed, 0 failed\n"))
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("count(//testcase[@classname='acme.coupon'])") == "17")
    #expect(junit.string("count(//skipped)") == "0")
    // Without an adapter: every test skipped with the reason, and exit 2, never green.
    let none = conformance(["run", "--vectors", example + "/vectors", "--junit", folder.path + "/none.xml"])
    #expect(none.status == 2)
    #expect(
      none.error.contains(
        "no implementation of this run has suite acme.coupon (declared in \(example)/vectors/acme.coupon.suite.json), so none of its tests was checked: the reference has no parser for it"
      ))
    let skipped = try XMLReadBack(path: folder.path + "/none.xml")
    #expect(skipped.string("count(//testcase[@classname='acme.coupon']/skipped)") == "17")
    #expect(
      skipped.string("//testcase[@classname='acme.coupon'][1]/skipped/@message")?.hasPrefix(
        "the reference has no parser for suite acme.coupon (an own suite, declared in ") == true)
  }

  @Test func anAdapterWithoutTheOwnSuiteSkipsItWhileAnotherRunsIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // The shipped fid vectors beside the own suite; the newer adapter has leeep.fid only.
    let run = conformance([
      "run", "--vectors", example + "/vectors", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid",
      "--suite", "acme.coupon", "--junit", folder.path + "/j.xml",
      "--adapter", "exec python3 \(example)/coupon_adapter.py",
      "--adapter", "CONFORMANCE=\(binary) exec python3 \(fixtures)/newer_corpus.py",
    ])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(
      junit.string("//testcase[@classname='newer/acme.coupon'][1]/skipped/@message")
        == "newer does not implement suite acme.coupon (an own suite, declared in \(example)/vectors/acme.coupon.suite.json: it runs only against adapters whose hello lists it, --adapter)"
    )
    #expect(junit.string("count(//testcase[@classname='acme-coupon-python/acme.coupon'][not(skipped)])") == "17")
    #expect(junit.string("count(//failure)") == "0")
  }

  @Test func aSuiteOfANewerCorpusIsAWarningAndTheRestRuns() throws {
    try requireBinary()
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let run = conformance([
      "run", "--vectors", packageRoot() + "/Vectors", "--suite", "leeep.fid", "--junit", folder.path + "/j.xml",
      "--adapter", "CONFORMANCE=\(binary) exec python3 \(fixtures)/newer_corpus.py",
    ])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(
      run.error.contains(
        #"conformance run: warning: adapter `CONFORMANCE=\#(binary) exec python3 \#(fixtures)/newer_corpus.py` (newer) lists suite "acme.future", which neither this harness nor the corpus has; it may implement a newer corpus."#
      ))
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(Int(junit.string("count(//testcase[@classname='leeep.fid'])") ?? "") ?? 0 > 700)
    #expect(junit.string("count(//failure)") == "0")
    #expect(junit.string("count(//error)") == "0")
  }

  @Test func aMisspeltOwnSuiteInTheHelloKeepsItsDidYouMean() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let command =
      "printf '%s\\n' '{\"protocol\": \"conformance-adapter/2\", \"name\": \"typo\", \"suites\": [\"acme.cupon\"]}'; cat"
    let run = conformance([
      "run", "--vectors", example + "/vectors", "--junit", folder.path + "/j.xml", "--adapter", command,
    ])
    #expect(run.status == 2)
    #expect(
      run.error.contains(#"lists suite "acme.cupon", which the contract does not have (did you mean "acme.coupon"?)"#))
  }
}
