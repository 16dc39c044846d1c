import ConformanceKit
import ConformanceTestSupport
import Foundation
import Testing

/// The walk of a vectors root and the reading of its files, on real file-system objects.
@Suite struct VectorLoaderTests {
  func problems(_ root: String, loader: VectorLoader = VectorLoader()) throws -> [String: String] {
    var found: [String: String] = [:]
    for location in try loader.discover(root: root) {
      if case .failure(let failure) = loader.read(location) { found[location.path] = failure.reason }
    }
    return found
  }

  @Test func aSecondPathToAFolderIsNamedAndNotFollowed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = folder.path + "/v"
    try folder.write("v/a/x.json", "{}")
    #expect(symlink("a", root + "/b") == 0)
    #expect(symlink("..", root + "/a/up") == 0)
    let locations = try VectorLoader().discover(root: root)
    #expect(locations.map(\.path) == ["a/up", "a/x.json", "b"])
    #expect(
      try problems(root) == [
        "a/up": "symbolic link loop: leads back to folder \(root), which holds it; not followed",
        "b": "leads to folder \(root)/a, which is searched already; not followed",
      ])
  }

  @Test func onlyRegularFilesWithinTheLimitAreRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = folder.path + "/v"
    try folder.write("v/small.json", "{}")
    try folder.write("v/big.json", String(repeating: " ", count: 100) + "{}")
    #expect(symlink("/dev/urandom", root + "/random.json") == 0)
    #expect(mkfifo(root + "/fifo.json", 0o600) == 0)
    try folder.write("v/notes.txt", "not a vector file")
    #expect(mkfifo(root + "/fifo.txt", 0o600) == 0)
    let loader = VectorLoader(maxFileSize: 64)
    #expect(
      try problems(root, loader: loader) == [
        "big.json": "larger than the 64-byte limit (--max-file-size): not read",
        "random.json": "a character device, not a regular file: not read",
        "fifo.json": "a FIFO, not a regular file: not read",
      ])
    #expect(try loader.read(VectorFileLocation(root: root, path: "small.json")).get() == Array("{}".utf8))
  }

  @Test func anExpectationsFileIsReadLikeAVectorFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("list.json", #"{"format": "conformance-expectations/1", "entries": []}"#)
    #expect(throws: (any Error).self) { try ExpectedFailures.load(file: file, maxFileSize: 10) }
    do {
      _ = try ExpectedFailures.load(file: file, maxFileSize: 10)
    } catch {
      #expect(error.description == "\(file): larger than the 10-byte limit (--max-file-size): not read")
    }
    #expect(try ExpectedFailures.load(file: file).entries.isEmpty)
  }
}
