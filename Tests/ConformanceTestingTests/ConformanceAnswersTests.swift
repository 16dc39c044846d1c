import ConformanceJSON
import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

@testable import ConformanceTesting

/// A root with one leeep.tracking file (numbers a double would not keep, a key with `/` and `~`,
/// contexts to merge) and one leeep.fid file, which runs first (files by path).
private func numbersRoot() throws -> TemporaryFolder {
  let folder = try TemporaryFolder()
  try folder.write(
    "leeep/tracking/n.json",
    #"{"format": "conformance-vectors/1", "suite": "leeep.tracking", "description": "d", "context": {"k": 1, "m": 2}, "#
      + #""tests": [{"id": "big", "description": "huge", "tags": ["valid"], "input": {"a/b~c": 12345678901234567, "d": [1.10, 0, -7]}, "#
      + #""context": {"m": 1E+2}, "expect": {"result": "accept", "output": {"offset": 0.5}}}]}"#)
  try folder.write(
    "leeep/fid/f.json",
    #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"id": "x", "input": "é\u0301", "expect": {"result": "reject", "error": "invalid_fid"}}]}"#
  )
  return folder
}

@Suite struct ConformancePackDigestTests {
  @Test func theDigestIsTheSHA256OfTheTestsArrayAsThePackFormatWritesIt() throws {
    let folder = try numbersRoot()
    defer { folder.remove() }
    // Written out from FORMATS' rules: run order (files by path: fid before tracking), the
    // merged context (test keys over file keys), `description` "" when absent, `numbers` for
    // literals that are not plain integers of up to 15 digits, pointers escaped (`~0`, `~1`),
    // and the serializer's escapes (a combining mark as \u0301).
    // One test per line, as `conformance pack` writes the array.
    let expectedArray =
      "[\n" + #"{"suite": "leeep.fid", "id": "x", "file": "leeep/fid/f.json", "description": "", "tags": [], "#
      + #""input": "é\u0301", "context": {}, "expect": {"result": "reject", "error": "invalid_fid"}}"# + ",\n"
      + #"{"suite": "leeep.tracking", "id": "big", "file": "leeep/tracking/n.json", "description": "huge", "#
      + #""tags": ["valid"], "input": {"a/b~c": 12345678901234567, "d": [1.10, 0, -7]}, "context": {"k": 1, "m": 1E+2}, "#
      + #""expect": {"result": "accept", "output": {"offset": 0.5}}, "numbers": {"/input/a~1b~0c": "12345678901234567", "#
      + #""/input/d/0": "1.10", "/context/m": "1E+2", "/expect/output/offset": "0.5"}}"# + "\n]"
    var hash = SHA256()
    hash.update(Array(expectedArray.utf8))
    let digest = try ConformancePackDigest.digest(suites: ["leeep.tracking", "leeep.fid"], root: folder.path)
    #expect(digest == SHA256.hex(hash.finalize()))
  }

  @Test func theDigestFromTheFilesAnImplementationLoadedIsThePacksDigest() throws {
    let folder = try numbersRoot()
    defer { folder.remove() }
    // A file of another suite using an id of an earlier file of its suite, which the pack leaves
    // out, and a file that does not load.
    try folder.write(
      "leeep/tracking/o.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.tracking", "description": "d", "tests": [{"id": "big", "input": 1, "expect": {"result": "accept"}}, {"id": "other", "input": 2, "expect": {"result": "accept"}}]}"#
    )
    try folder.write("leeep/tracking/p.json", #"{"format": "conformance-vectors/1", "suite": "#)
    for suites in [["leeep.fid"], ["leeep.tracking", "leeep.fid"], ["leeep.user-id"]] {
      let loaded = try ConformanceImplementation(name: "Port", suites: suites, root: folder.path).loadedRoot()
      #expect(
        try loaded.packDigest(suites: suites, root: folder.path)
          == ConformancePackDigest.digest(suites: suites, root: folder.path))
    }
    let shipped = try ConformanceImplementation(name: "Port", suites: Contract.suites).loadedRoot()
    for suites in [Contract.suites, ["leeep.scroll-request", "leeep.tracking"]] {
      #expect(
        try shipped.packDigest(suites: suites, root: ConformanceVectors.shippedRoot)
          == ConformancePackDigest.digest(suites: suites, root: ConformanceVectors.shippedRoot))
    }
  }
}

@Suite struct ConformanceAnswersTests {
  @Test func headerOneLinePerAnswerAndTheTrailer() throws {
    let folder = try numbersRoot()
    defer { folder.remove() }
    let answers = ConformanceAnswers(path: folder.path + "/answers.jsonl")
    let implementation = ConformanceImplementation(
      name: "Port", version: "1.2", suites: ["leeep.fid", "leeep.tracking"], root: folder.path)
    try answers.start(implementation)
    try answers.start(implementation)  // the same implementation again (another test target): one header
    var vector = try ConformanceVectors.load(suite: "leeep.fid", root: folder.path)[0]
    vector.loadedForAnswers = true
    #expect(answers.record(vector, answer: .reject(error: "invalid_fid", field: "fid")) == nil)
    // The same answer again (another test library in the same run) is recorded once.
    #expect(answers.record(vector, answer: .reject(error: "invalid_fid", field: "fid")) == nil)
    #expect(answers.record(vector, thrown: VectorLoadError(description: "boom")) == nil)
    #expect(answers.record(vector, skipped: "shape only") == nil)
    answers.finish()
    answers.finish()
    let digest = try ConformancePackDigest.digest(suites: ["leeep.fid", "leeep.tracking"], root: folder.path)
    #expect(
      try folder.read("answers.jsonl") == """
        {"format": "conformance-answers/1", "implementation": "Port", "version": "1.2", "pack": "\(digest)", "suites": ["leeep.fid", "leeep.tracking"]}
        {"suite": "leeep.fid", "id": "x", "answer": {"result": "reject", "error": "invalid_fid", "field": "fid"}}
        {"suite": "leeep.fid", "id": "x", "answer": {"error": "could not evaluate the input: boom"}}
        {"suite": "leeep.fid", "id": "x", "answer": {"skip": "shape only"}}
        {"end": true, "count": 3}

        """)
    #expect(
      answers.record(vector, answer: .accept(output: "x"))
        == "\(folder.path)/answers.jsonl: the answers were already finished; x not recorded")
  }

  @Test func anotherImplementationOrAVectorLoadedWithoutOneIsRefused() throws {
    let folder = try numbersRoot()
    defer { folder.remove() }
    let path = folder.path + "/answers.jsonl"
    let answers = ConformanceAnswers(path: path)
    try answers.start(ConformanceImplementation(name: "Port", suites: ["leeep.fid"], root: folder.path))
    #expect {
      try answers.start(ConformanceImplementation(name: "Other", suites: ["leeep.fid"], root: folder.path))
    } throws: { error in
      "\(error)".hasPrefix("\(path): answers are already recorded under another header (")
    }
    let vector = try ConformanceVectors.load(suite: "leeep.fid", root: folder.path)[0]
    #expect(
      answers.record(vector, answer: .reject(error: "invalid_fid", field: nil))
        == "CONFORMANCE_ANSWERS is set but leeep.fid x was loaded with ConformanceVectors.load, which names no "
        + "implementation: load it with ConformanceImplementation(name:suites:).vectors(suite:) to record its answer")
  }

  @Test func theSameImplementationAgainDoesNotComputeTheDigestAgain() throws {
    let folder = try numbersRoot()
    defer { folder.remove() }
    let path = folder.path + "/answers.jsonl"
    let answers = ConformanceAnswers(path: path)
    try answers.start(ConformanceImplementation(name: "Port", suites: ["leeep.fid"], root: folder.path))
    let header = try folder.read("answers.jsonl")
    // The same name, version, suites and root (a value declared again) is the same header, even
    // though the files changed since: the digest is made once per run.
    try folder.write(
      "leeep/fid/g.json",
      #"{"format": "conformance-vectors/1", "suite": "leeep.fid", "description": "d", "tests": [{"id": "y", "input": "a", "expect": {"result": "reject"}}]}"#
    )
    try answers.start(ConformanceImplementation(name: "Port", suites: ["leeep.fid"], root: folder.path))
    #expect(try folder.read("answers.jsonl") == header)
    // Another root is another header, refused, though its name and suites are the same.
    #expect {
      try answers.start(ConformanceImplementation(name: "Port", suites: ["leeep.fid"], root: folder.path + "/leeep"))
    } throws: { error in
      "\(error)".hasPrefix("\(path): answers are already recorded under another header (")
    }
  }

  @Test func anAnswersFileThatCannotBeCreatedIsAnErrorNamingIt() throws {
    let answers = ConformanceAnswers(path: "/nonexistent-folder/answers.jsonl")
    #expect {
      try answers.start(ConformanceImplementation(name: "Port", suites: ["leeep.fid"]))
    } throws: { error in
      "\(error)"
        == "/nonexistent-folder/answers.jsonl: cannot record answers (CONFORMANCE_ANSWERS): No such file or directory"
    }
  }

  @Test func aSuiteOutsideTheImplementationsIsRefused() {
    #expect {
      try ConformanceImplementation(name: "Port", suites: ["leeep.fid"]).vectors(suite: "leeep.user-id")
    } throws: { error in
      "\(error)"
        == "suite leeep.user-id is not one of Port's suites (leeep.fid): add it to ConformanceImplementation's "
        + "suites, which the answers file's header lists"
    }
  }

  @Test func vectorsAreIdentifiedBySuiteAndIDAndEncodeAsThePackWritesThem() throws {
    let folder = try numbersRoot()
    defer { folder.remove() }
    let vector = try ConformanceVectors.load(suite: "leeep.tracking", root: folder.path)[0]
    #expect(vector.id == ConformanceVector.ID(suite: "leeep.tracking", id: "big"))
    #expect(vector.id.description == "leeep.tracking big")
    #expect(vector.path == "leeep/tracking/n.json")
    // Swift Testing identifies the test case by the suite and id alone.
    struct TestArgument: Encodable {
      var vector: ConformanceVector
      func encode(to encoder: any Encoder) throws { try vector.encodeTestArgument(to: encoder) }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(TestArgument(vector: vector)), as: UTF8.self)
        == #"{"id":"big","suite":"leeep.tracking"}"#)
  }
}
