import ConformanceLowLevel
import ConformanceXML

/// A JUnit report that could not be written; the destination was left as it was.
public struct JUnitWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The report's destination.
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `cannot write JUnit report Reports/junit.xml: cannot create folder Reports: …`.
  public var description: String { "cannot write JUnit report \(path): \(reason)" }
}

/// The root element's attributes, which only the end of a run knows.
struct JUnitRootAttributes {
  var name: String
  var counts: JUnitCounts
  /// Written as `time`.
  var nanoseconds: UInt64
  var timestamp: String?
  var hostname: String?
  /// The Jenkins xunit (junit-10 schema) flavour: no `skipped`, `timestamp`, `hostname` here.
  var strict = false
}

/// How many testcases a testsuite (or the whole report) holds, by outcome. Each testcase counts
/// once in `tests` and at most once in one of the others.
public struct JUnitCounts: Sendable, Equatable {
  public var tests = 0
  public var failures = 0
  public var errors = 0
  public var skipped = 0

  /// Testcases that neither failed, errored nor were skipped.
  public var passed: Int { tests - failures - errors - skipped }

  static func + (lhs: JUnitCounts, rhs: JUnitCounts) -> JUnitCounts {
    JUnitCounts(
      tests: lhs.tests + rhs.tests, failures: lhs.failures + rhs.failures, errors: lhs.errors + rhs.errors,
      skipped: lhs.skipped + rhs.skipped)
  }

  func write(to writer: XMLWriter, skipped writesSkipped: Bool = true) throws(XMLWriterError) {
    try writer.attribute("tests", String(tests))
    try writer.attribute("failures", String(failures))
    try writer.attribute("errors", String(errors))
    if writesSkipped { try writer.attribute("skipped", String(skipped)) }
  }
}

/// Puts a report on disk with bounded memory and without ever leaving a half-written file.
///
/// The root `<testsuites>` carries counts that are only known at the end, so each `<testsuite>`
/// is rendered on its own as soon as it is known and kept as the report's body: in memory up to
/// ``memoryLimit`` bytes, and beyond that in a hidden body file in the destination's folder,
/// which then receives everything that follows. ``finish(_:)`` writes the document to a hidden
/// file in that folder (declaration, root start tag with the counts, the body spliced in, end)
/// and renames it over the destination: a reader sees the old report or the new one, never a
/// mix. Hidden files are removed on every failure, on ``discard()``, and when the object goes
/// away unfinished.
///
/// Keeping a small body in memory spares writing it to disk, reading it back and writing it
/// again (about a tenth of a 10,000-vector run); the limit keeps a run of millions of vectors
/// within a fixed amount of memory.
final class JUnitReportFile {
  let destination: String
  /// Body bytes kept in memory before the body moves to a hidden file. The fragments hold
  /// them in libxml2's buffers, which grow by doubling: up to twice this in memory.
  let memoryLimit: Int
  /// Where the hidden files go: the folder of the file the destination leads to (its symbolic
  /// links followed), or the temporary folder when it is a device or FIFO written through.
  private var folder: String
  private var base: String
  /// A character device or FIFO that the document is written to directly (``FileSystem/ReportTarget``).
  private var writeThrough: String?
  /// The file the document replaces, once the destination's links are followed.
  private var target: String
  private var opened = false
  /// The body while it is in memory: the rendered fragments as they came (no copy), and how
  /// many bytes they hold.
  private var memory: [XMLFragment] = []
  private var memoryCount = 0
  private var body: (path: String, descriptor: Int32)?
  private var final: (path: String, descriptor: Int32)?

  static let defaultMemoryLimit = 16 * 1024 * 1024

  init(destination: String, memoryLimit: Int = JUnitReportFile.defaultMemoryLimit) {
    self.destination = destination
    self.memoryLimit = memoryLimit
    self.folder = FileSystem.folder(of: destination)
    self.base = FileSystem.lastComponent(of: destination)
    self.target = destination
  }

  deinit { discard() }

  private func failure(_ reason: String) -> JUnitWriteError {
    JUnitWriteError(path: destination, reason: reason)
  }

  /// Checks the destination and creates its folder when missing, so that a destination that
  /// cannot work fails before the run rather than after it.
  func open() throws(JUnitWriteError) {
    discard()
    guard !base.isEmpty, base != ".", base != ".." else {
      throw failure("the destination must name a file")
    }
    do {
      switch try FileSystem.reportTarget(destination) {
      case .file(let file):
        target = file
        writeThrough = nil
        folder = FileSystem.folder(of: file)
        base = FileSystem.lastComponent(of: file)
      case .writeThrough(let device):
        target = device
        writeThrough = device
        folder = FileSystem.temporaryFolder()
        base = "conformance-" + FileSystem.lastComponent(of: device)
      }
      try FileSystem.createFolders(folder)
    } catch {
      throw failure(error.reason)
    }
    FileSystem.removeLeftovers(in: folder, base: base)
    opened = true
  }

  /// Appends one rendered `<testsuite>` to the body.
  func append(_ fragment: XMLFragment) throws(JUnitWriteError) {
    if !opened { try open() }
    if body == nil {
      if memoryCount + fragment.count <= memoryLimit {
        memory.append(fragment)
        memoryCount += fragment.count
        return
      }
      try moveBodyToFile()
    }
    try appendToBodyFile(fragment)
  }

  /// Creates the hidden body file and moves the body held in memory there.
  private func moveBodyToFile() throws(JUnitWriteError) {
    do {
      body = try FileSystem.createTemporaryFile(in: folder, base: base, role: "body")
    } catch {
      discard()
      throw failure(error.reason)
    }
    for fragment in memory { try appendToBodyFile(fragment) }
    memory = []
    memoryCount = 0
  }

  private func appendToBodyFile(_ fragment: XMLFragment) throws(JUnitWriteError) {
    guard let body else { return }
    do {
      try fragment.write(to: body.descriptor)
    } catch {
      discard()
      throw failure("cannot write \(body.path): \(error)")
    }
  }

  /// Writes the whole document and renames it over the destination.
  func finish(_ root: JUnitRootAttributes) throws(JUnitWriteError) {
    let staged = try stage(root)
    guard let temporary = staged.temporary else { return }
    defer { staged.unlock() }
    do {
      try FileSystem.replace(staged.file, with: temporary)
    } catch {
      try? removeFile(temporary)
      throw failure("cannot replace it: \(error.reason)")
    }
  }

  /// Writes the whole document to its hidden file, not yet in place: the caller renames it
  /// (``ReportFileWriter/commit(_:)``, alone or with the run's other reports in a
  /// ``ReportSet``). A device or FIFO destination is written through at once.
  func stage(_ root: JUnitRootAttributes) throws(JUnitWriteError) -> StagedReport {
    if !opened { try open() }
    let staged: StagedReport
    do {
      staged = try writeFinalDocument(root)
    } catch {
      discard()
      throw error
    }
    final = nil  // the staged report owns the hidden file now
    discard()
    return staged
  }

  private func writeFinalDocument(_ root: JUnitRootAttributes) throws(JUnitWriteError) -> StagedReport {
    if let device = writeThrough {
      let descriptor: Int32
      do {
        descriptor = try FileSystem.openForWritingThrough(device)
      } catch {
        throw failure("cannot open it for writing: \(error.reason)")
      }
      do {
        try writeDocument(root, into: descriptor)
      } catch {
        try? closeFile(descriptor)
        throw failure("cannot write it: \(error)")
      }
      do {
        try closeFile(descriptor)
      } catch {
        throw failure("cannot write it: \(error)")
      }
      return StagedReport(destination: destination, file: device, temporary: nil)
    }
    let created: (path: String, descriptor: Int32)
    do {
      created = try FileSystem.createTemporaryFile(in: folder, base: base, role: "new")
    } catch {
      throw failure(error.reason)
    }
    final = created
    // mkstemps creates 0600; a report is for everyone to read, like the one it replaces.
    setPermissions(of: created.descriptor, to: FileSystem.permissions(ofFile: target) ?? 0o644)
    do {
      try writeDocument(root, into: created.descriptor)
    } catch let error as XMLWriterError {
      throw failure("cannot write \(created.path): \(error.description)")
    } catch let error as SystemCallError {
      throw failure("cannot read \(body?.path ?? "the report body"): \(error)")
    } catch {
      throw failure("\(error)")
    }
    // No fsync: the rename keeps readers and interrupted runs from ever seeing half a report,
    // which is what a CI report needs; surviving a power cut is not, and the flush cost about
    // 8% of a 10,000-vector run (docs/decisions.md). Write errors still surface on write/close.
    // The lock stays with a second descriptor of the same open file until the rename.
    let lock = duplicateDescriptor(created.descriptor)
    let closed = Result { () throws(SystemCallError) in try closeFile(created.descriptor) }
    final = (created.path, -1)
    if case .failure(let error) = closed {
      if let lock { try? closeFile(lock) }
      throw failure("cannot write \(created.path): \(error)")
    }
    var staged = StagedReport(destination: destination, file: target, temporary: created.path)
    staged.lock = lock ?? -1
    return staged
  }

  /// The document itself; the writer is released (and its buffer closed) before returning.
  private func writeDocument(_ root: JUnitRootAttributes, into descriptor: Int32) throws {
    let writer = try XMLWriter.document(descriptor: descriptor)
    try writer.startDocument()
    try writer.startElement("testsuites")
    try writer.attribute("name", root.name)
    try root.counts.write(to: writer, skipped: !root.strict)
    try writer.attribute("time", JUnitFormat.seconds(nanoseconds: root.nanoseconds))
    if !root.strict, let timestamp = root.timestamp { try writer.attribute("timestamp", timestamp) }
    if !root.strict, let hostname = root.hostname { try writer.attribute("hostname", hostname) }
    // A line break as character data: whitespace between elements, so that the first spliced
    // `<testsuite>` starts on its own line.
    try writer.text("\n")
    if let body {
      try seekToStart(body.descriptor)
      try writer.spliceIntoFile(fromFile: body.descriptor)
    } else {
      try writer.spliceIntoFile(memory)
    }
    try writer.endElement()
    try writer.endDocument()
    try writer.flush()
  }

  /// Removes the hidden files; the destination is never touched.
  func discard() {
    for file in [body, final].compactMap({ $0 }) {
      if file.descriptor >= 0 { try? closeFile(file.descriptor) }
      try? removeFile(file.path)
    }
    body = nil
    final = nil
    memory = []
    memoryCount = 0
    opened = false
  }
}
