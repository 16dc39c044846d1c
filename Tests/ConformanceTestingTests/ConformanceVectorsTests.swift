import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Testing

@testable import ConformanceTesting

private func vectorFile(suite: String = "leeep.fid", _ tests: String) -> String {
  #"{"format": "conformance-vectors/1", "suite": "\#(suite)", "description": "d", "tests": [\#(tests)]}"#
}

@Suite struct ConformanceVectorsTests {
  @Test func theShippedCorpusIsFoundFromThePackageAndLoadsEveryTestOfTheSuiteInFileOrder() throws {
    let vectors = try ConformanceVectors.load(suite: "leeep.fid")
    #expect(ConformanceVectors.shippedRoot.hasSuffix("/Vectors"))
    #expect(vectors.count == 745)
    #expect(Set(vectors.map(\.vectorID)).count == vectors.count)
    #expect(vectors.allSatisfy { $0.suite == "leeep.fid" })
    #expect(vectors.first?.file == ConformanceVectors.shippedRoot + "/leeep.fid/first-character.json")
    let vector = try #require(vectors.first { $0.vectorID == "trailing-newline" })
    #expect(vector.input == "cAbCdEfGhIjKlMnOpQr_-0\n")
    #expect(vector.expectation == .reject(error: "invalid_fid", field: nil))
    #expect(vector.summary == "a trailing newline never matches the end of the pattern")
    #expect(vector.tags == ["invalid", "boundary"])
    #expect(vector.testDescription == "leeep.fid trailing-newline")
  }

  @Test func contextsAreMergedAndOtherSuitesLeftOut() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "b.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.push.payload", "description": "d", "context": {"a": 1, "b": 2}, "tests": [{"id": "x", "input": {}, "context": {"b": 3}, "expect": {"result": "reject"}}]}"#
    )
    try folder.write(
      "a.json", vectorFile(#"{"id": "y", "input": "v", "expect": {"result": "accept", "output": "v"}}"#))
    let vectors = try ConformanceVectors.load(suite: "leeep.push.payload", root: folder.path)
    #expect(vectors.map(\.vectorID) == ["x"])
    #expect(vectors[0].context == ["a": 1, "b": 3])
    #expect(vectors[0].file == folder.path + "/b.json")
  }

  @Test func anImplementationReadsItsRootOnceForAllItsSuitesAndItsCopies() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("a.json", vectorFile(#"{"id": "y", "input": "v", "expect": {"result": "accept"}}"#))
    try folder.write(
      "b.json", vectorFile(suite: "leeep.user-id", #"{"id": "u", "input": "v", "expect": {"result": "accept"}}"#))
    let implementation = ConformanceImplementation(
      name: "Port", suites: ["leeep.fid", "leeep.user-id"], root: folder.path)
    let answers = ConformanceAnswers(path: nil)
    #expect(try implementation.vectors(suite: "leeep.fid", recordingTo: answers).map(\.vectorID) == ["y"])
    // Changed after the first load: the implementation and its copies keep what they read, so
    // every suite of one run comes from the same files (and the answers header's digest too).
    try folder.write(
      "b.json", vectorFile(suite: "leeep.user-id", #"{"id": "w", "input": "v", "expect": {"result": "accept"}}"#))
    let copy = implementation
    #expect(try copy.vectors(suite: "leeep.user-id", recordingTo: answers).map(\.vectorID) == ["u"])
    // Another value reads the root itself, as ConformanceVectors.load does.
    let other = ConformanceImplementation(name: "Port", suites: ["leeep.user-id"], root: folder.path)
    #expect(try other.vectors(suite: "leeep.user-id", recordingTo: answers).map(\.vectorID) == ["w"])
    #expect(try ConformanceVectors.load(suite: "leeep.user-id", root: folder.path).map(\.vectorID) == ["w"])
  }

  @Test func anUnknownSuiteIsRefused() {
    #expect(throws: VectorLoadError.self) { try ConformanceVectors.load(suite: "leeep.fidd") }
    do {
      _ = try ConformanceVectors.load(suite: "leeep.fidd")
    } catch {
      #expect(
        error.description == "unknown suite \"leeep.fidd\"; the suites are \(Contract.suites.joined(separator: ", "))")
    }
  }

  @Test func aMissingRootAnEmptySuiteAndADuplicateIdAreErrorsNamingTheFolderOrFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(loadError("leeep.fid", folder.path + "/none") == folder.path + "/none: no such file or folder")
    try folder.write(
      "a.json", vectorFile(suite: "leeep.user-id", #"{"id": "y", "input": "v", "expect": {"result": "accept"}}"#))
    #expect(loadError("leeep.fid", folder.path) == folder.path + ": no vectors of suite leeep.fid")
    try folder.write(
      "b.json", vectorFile(suite: "leeep.user-id", #"{"id": "y", "input": "w", "expect": {"result": "accept"}}"#))
    #expect(
      loadError("leeep.user-id", folder.path)
        == folder.path + "/b.json: id \"y\" of suite leeep.user-id is already used by " + folder.path + "/a.json")
  }

  @Test func aFileOfTheSuiteOrOfAnUnknownSuiteThatFailsToLoadIsAnErrorAndOtherSuitesFilesAreNot() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("ok.json", vectorFile(#"{"id": "y", "input": "v", "expect": {"result": "accept"}}"#))
    try folder.write(
      "other.json", vectorFile(suite: "leeep.user-id", #"{"id": "bad id", "input": 1, "expect": {"result": "accept"}}"#)
    )
    #expect(try ConformanceVectors.load(suite: "leeep.fid", root: folder.path).map(\.vectorID) == ["y"])
    try folder.write("p.json", vectorFile(#"{"id": "bad id", "input": 1, "expect": {"result": "accept"}}"#))
    #expect(loadError("leeep.fid", folder.path)?.hasPrefix(folder.path + "/p.json: tests[0].id: ") == true)
    let unreadable = try TemporaryFolder()
    defer { unreadable.remove() }
    try unreadable.write("ok.json", vectorFile(#"{"id": "y", "input": "v", "expect": {"result": "accept"}}"#))
    try unreadable.write("q.json", #"{"format": "conformance-vectors/1", "suite": "#)
    #expect(loadError("leeep.fid", unreadable.path)?.hasPrefix(unreadable.path + "/q.json: invalid JSON: ") == true)
  }

  private func loadError(_ suite: String, _ root: String) -> String? {
    do {
      _ = try ConformanceVectors.load(suite: suite, root: root)
      return nil
    } catch {
      return error.description
    }
  }
}
