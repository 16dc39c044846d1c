import ConformanceCommands
import ConformanceTestSupport
import Foundation
import Testing

/// `NAME.suite.json`: a team's own suite, declared and checked (docs/own-suites.md).
@Suite struct OwnSuiteTests {
  static let declaration = #"""
    {"format": "conformance-suite/1", "suite": "acme.link", "description": "Acme deep links",
     "errors": {"not_a_string": [], "bad_scheme": ["scheme"], "bad_path": ["path", "query"]},
     "context": {"platform": "string", "strict": "bool"}}
    """#

  static func vectors(_ tests: String, context: String = "") -> String {
    #"{"format": "conformance-vectors/1", "suite": "acme.link", "description": "links", \#(context)"tests": [\#(tests)]}"#
  }

  static let good = #"""
    {"id": "ok", "description": "a link", "input": "acme://home", "context": {"platform": "ios"}, "expect": {"result": "accept"}},
    {"id": "scheme", "description": "http", "input": "http://home", "expect": {"result": "reject", "error": "bad_scheme", "field": "scheme"}}
    """#

  func root(_ files: [String: String], declaration: String = OwnSuiteTests.declaration) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("v/acme.link.suite.json", declaration)
    for (path, text) in files { try folder.write("v/" + path, text) }
    return folder
  }

  @Test func anOwnSuiteLoadsLintsAndIsListedAndShown() throws {
    let folder = try root(["links.json": Self.vectors(Self.good)])
    defer { folder.remove() }
    let lint = conformance(["lint", folder.path + "/v"])
    #expect(lint.status == 0, "\(lint.output)")
    #expect(lint.output == "2 files, 2 tests: 0 errors, 0 warnings\n")
    let list = conformance(["list", "--vectors", folder.path + "/v"])
    #expect(list.status == 0)
    #expect(list.output.hasPrefix("SUITE      FILES  TESTS\nacme.link      1      2\n"))
    #expect(conformance(["list", "--vectors", folder.path + "/v", "--suite", "acme.link"]).status == 0)
    let show = conformance(["show", "--vectors", folder.path + "/v", "acme.link", "ok"])
    #expect(show.status == 0)
    #expect(
      show.output.contains("reference: none: the reference has no parser for suite acme.link, an own suite declared in")
    )
    // The manifest covers the declaration too.
    #expect(conformance(["manifest", "write", "--vectors", folder.path + "/v"]).output.contains("2 files, 2 tests"))
    try folder.write(
      "v/acme.link.suite.json", Self.declaration.replacingOccurrences(of: "Acme deep links", with: "Acme links"))
    let check = conformance(["manifest", "check", "--vectors", folder.path + "/v"])
    #expect(check.status == 1)
    #expect(check.output.hasPrefix("changed: \(folder.path)/v/acme.link.suite.json"))
  }

  @Test func anUndeclaredErrorCodeIsALintErrorNamingTheCode() throws {
    let tests =
      Self.good + #"""
        , {"id": "typo", "description": "d", "input": 1, "expect": {"result": "reject", "error": "bad_schema"}},
        {"id": "field", "description": "d", "input": 2, "expect": {"result": "reject", "error": "bad_path", "field": "fragment"}},
        {"id": "nofield", "description": "d", "input": 3, "expect": {"result": "reject", "error": "not_a_string", "field": "x"}}
        """#
    let folder = try root(["links.json": Self.vectors(tests)])
    defer { folder.remove() }
    let file = folder.path + "/v/links.json"
    let declaration = folder.path + "/v/acme.link.suite.json"
    let lint = conformance(["lint", folder.path + "/v"])
    #expect(lint.status == 2)
    #expect(
      lint.output.contains(
        #"\#(file):2:227: error: tests[2].expect.error: "bad_schema" is not an error code of acme.link (did you mean "bad_scheme"?); its codes: not_a_string, bad_scheme, bad_path (\#(declaration))"#
      ), "\(lint.output)")
    #expect(
      lint.output.contains(
        #"tests[3].expect.field: "fragment" is not a field of error "bad_path" of acme.link; its fields: path, query"#))
    #expect(
      lint.output.contains(#"tests[4].expect.field: error "not_a_string" of acme.link names no field, found "x""#))
    // run: the file is a load error naming the code.
    let run = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"])
    #expect(run.status == 2)
    #expect(run.output.contains(#"tests[2].expect.error: "bad_schema" is not an error code of acme.link"#))
  }

  @Test func contextKeysAndTypesFollowTheDeclaration() throws {
    let folder = try root([
      "keys.json": Self.vectors(
        #"{"id": "k", "description": "d", "input": "acme://a", "context": {"platfrom": "ios"}, "expect": {"result": "accept"}}"#
      ),
      "types.json": Self.vectors(
        #"{"id": "t", "description": "d", "input": "acme://b", "expect": {"result": "accept"}}"#,
        context: #""context": {"strict": "yes"}, "#),
    ])
    defer { folder.remove() }
    let lint = conformance(["lint", folder.path + "/v"])
    #expect(lint.status == 2)
    #expect(
      lint.output.contains(
        #"tests[0].context.platfrom: "platfrom" is not a context key of acme.link (did you mean "platform"?); its keys: platform, strict"#
      ), "\(lint.output)")
    #expect(lint.output.contains(#"context.strict: context key "strict" of acme.link is a bool, found string"#))
  }

  @Test func aDeclarationOfAContractSuiteOrAVendorPrefixIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "v/leeep.fid.suite.json",
      #"{"format": "conformance-suite/1", "suite": "leeep.fid", "description": "mine", "errors": {}}"#)
    try folder.write(
      "v/respondo.coupon.suite.json",
      #"{"format": "conformance-suite/1", "suite": "respondo.coupon", "description": "mine", "errors": {}}"#)
    try folder.write("v/fid.json", fidFile(passingFID))
    let lint = conformance(["lint", folder.path + "/v"])
    #expect(lint.status == 2)
    #expect(
      lint.output.contains(
        #"\#(folder.path)/v/leeep.fid.suite.json: error: suite declaration: suite: "leeep.fid" is a suite of the contract"#
      ))
    #expect(
      lint.output.contains(
        #"\#(folder.path)/v/respondo.coupon.suite.json: error: suite declaration: suite: "respondo.coupon" uses the vendor prefix "respondo.""#
      ))
    // In a run each is a load error of its file; the other files still run.
    let run = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"])
    #expect(run.status == 2)
    let junit = try XMLReadBack(path: folder.path + "/j.xml")
    #expect(junit.string("count(//testcase/error[@type='load-error'])") == "2")
    #expect(
      junit.string("//testsuite[@name='leeep.fid.suite.json']//error/@message")?.contains(
        #""leeep.fid" is a suite of the contract"#) == true)
    #expect(junit.string("count(//testcase[@classname='leeep.fid'])") == "1")
  }

  @Test func malformedDeclarationsAreLoadErrorsNamingTheFile() throws {
    let cases: [(String, String, String)] = [
      ("acme.a.suite.json", "{", "suite declaration: invalid JSON"),
      (
        "acme.b.suite.json", #"{"format": "conformance-suite/1", "suite": "acme.b", "description": "d"}"#,
        #"suite declaration: missing required key "errors""#
      ),
      (
        "acme.c.suite.json",
        #"{"format": "conformance-suite/1", "suite": "acme.c", "description": "d", "errors": {"x": "field"}}"#,
        #"suite declaration: errors["x"]: must be an array of the field names"#
      ),
      (
        "acme.d.suite.json",
        #"{"format": "conformance-suite/1", "suite": "acme.d", "description": "d", "errors": {}, "context": {"k": "text"}}"#,
        #"suite declaration: context["k"]: "text" is not a type; types: string, number, bool, object, array, any"#
      ),
      (
        "acme.e.suite.json",
        #"{"format": "conformance-suite/1", "suite": "Acme.E", "description": "d", "errors": {}}"#,
        #"suite declaration: suite: "Acme.E" is not a suite name"#
      ),
      (
        "acme.f.suite.json",
        #"{"format": "conformance-suite/1", "suite": "acme.other", "description": "d", "errors": {}}"#,
        #"suite declaration: suite: declares suite "acme.other", so the file must be named acme.other.suite.json, not acme.f.suite.json"#
      ),
      (
        "acme.g.suite.json",
        #"{"format": "conformance-suite/1", "suite": "acme.g", "description": "d", "errors": {}, "codes": []}"#,
        #"suite declaration: unknown key "codes""#
      ),
    ]
    for (name, text, reason) in cases {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try folder.write("v/" + name, text)
      try folder.write("v/fid.json", fidFile(passingFID))
      let run = conformance(["run", "--vectors", folder.path + "/v", "--junit", folder.path + "/j.xml"])
      #expect(run.status == 2, "\(name)")
      #expect(run.output.contains("\(folder.path)/v/\(name): \(reason)"), "\(name): \(run.output)")
    }
  }

  @Test func aSuiteDeclaredTwiceIsALoadErrorNamingTheFirst() throws {
    let folder = try root(["links.json": Self.vectors(Self.good)])
    defer { folder.remove() }
    try folder.write("w/acme.link.suite.json", Self.declaration)
    let lint = conformance(["lint", folder.path + "/v", folder.path + "/w"])
    #expect(lint.status == 2)
    #expect(
      lint.output.contains(
        "\(folder.path)/w/acme.link.suite.json: error: suite declaration: suite \"acme.link\" is already declared by \(folder.path)/v/acme.link.suite.json"
      ))
  }

  @Test func anOwnSuiteIsASuiteOfTheCommandLine() throws {
    let folder = try root(["links.json": Self.vectors(Self.good)])
    defer { folder.remove() }
    let misspelt = conformance(["list", "--vectors", folder.path + "/v", "--suite", "acme.lnk"])
    #expect(misspelt.status == 2)
    #expect(misspelt.error.hasPrefix("conformance list: unknown suite 'acme.lnk' (did you mean 'acme.link'?)"))
    // Vectors of an undeclared suite are still refused, naming the declared ones close by.
    try folder.write("v/other.json", Self.vectors(Self.good).replacingOccurrences(of: "acme.link", with: "acme.lnik"))
    let lint = conformance(["lint", folder.path + "/v"])
    #expect(lint.output.contains(#"suite: unknown suite "acme.lnik" (did you mean "acme.link"?)"#), "\(lint.output)")
    // An expectations file may name it.
    try FileManager.default.removeItem(atPath: folder.path + "/v/other.json")
    try folder.write(
      "e.json",
      #"{"format": "conformance-expectations/1", "entries": [{"suite": "acme.link", "id": "ok", "reason": "r"}]}"#)
    let run = conformance([
      "run", "--vectors", folder.path + "/v", "--expectations", folder.path + "/e.json", "--junit",
      folder.path + "/j.xml",
    ])
    #expect(!run.error.contains("unknown suite"), "\(run.error)")
    #expect(run.error.contains("no implementation of this run has suite acme.link"))
  }
}
