import ConformanceJSON
import ConformanceKit
import ConformanceLowLevel
import Dispatch
import Synchronization

/// `--allure-results DIR`: the run as an Allure 2 results folder (``AllureResult``,
/// ``AllureRunFiles``), written as safely as the other reports:
///
/// - everything goes into a hidden folder beside DIR (`.DIR.allure-XXXXXX.tmp`), which takes
///   DIR's place at the end of the run in one atomic step (swapped with the old DIR, which is
///   then removed), so a reader sees the old results or the new ones, never a mix, and a run
///   that fails or is abandoned leaves DIR as it was;
/// - DIR may hold only this command's results of an earlier run (marked by its
///   ``markerName`` file) and Allure's `history` folder, which is carried over (Allure's
///   documented way to keep trends is to copy the last report's `history` into the results);
///   a folder holding anything else is refused before the run, naming one such file, so the
///   results of another tool are never deleted.
///
/// Results are rendered on the runner's worker threads (``preparer``) and written in batches
/// by a thread of its own (``FolderWriter``): the cost is many small files (one result per
/// test and its attachments, equal ones written once).
public final class AllureResultsWriter: PreparingRunObserver {
  /// The folder as given.
  public let folder: String
  let info: RunReportInfo
  /// The process's environment, for `executor.json`.
  var environment: [String: String]
  private var target: String
  private var staging: String?
  private var pending: [AllureFile] = []
  private var written = 0
  /// The staging folder's descriptor, `flock`ed while this run may write in it.
  private var stagingLock: Int32 = -1
  /// Creates the staged files, on a thread of its own.
  private var fileWriter: FolderWriter?
  /// The attachments already written or pending, by content.
  private var attachments: Set<ContentKey> = []
  /// When set, an error is recorded there instead of thrown: the writer stops, DIR loses the
  /// earlier run's results (``removeEarlierResults(in:)``), and the run and its other reports
  /// go on (docs/reports.md).
  public var reportSet: ReportSet?
  private var failed = false
  /// Whether the results took DIR's place.
  public private(set) var committed = false

  /// The file that marks a folder as this command's results.
  public static let markerName = ".conformance-allure-results"
  static let batchSize = 2048

  public init(folder: String, info: RunReportInfo) {
    self.folder = folder
    self.info = info
    self.target = folder
    self.environment = AllureRunFiles.processEnvironment()
  }

  deinit { discard() }

  /// `Allure results: DIR` for the console, once the results are in place.
  public var writtenLine: String? { committed ? "Allure results: \(folder)" : nil }

  /// Runs `work`; with a ``reportSet``, an error is recorded there instead of thrown, the
  /// staged folder is removed and the writer stops.
  private func recording(_ work: () throws(ReportWriteError) -> Void) throws(ReportWriteError) {
    guard !failed else { return }
    do {
      try work()
    } catch {
      guard let reportSet else { throw error }
      discard()
      failed = true
      Self.removeEarlierResults(in: target)
      reportSet.record(error)
    }
  }

  /// Checks, before the run, that `folder` can take the results: it is missing, or a folder
  /// (a symbolic link to one is followed) holding only an earlier run's results; its parent
  /// exists or can be created and is writable.
  public static func checkDestination(_ folder: String) throws(ReportDestinationError) {
    func failure(_ reason: String) -> ReportDestinationError {
      ReportDestinationError(option: "--allure-results", path: folder, reason: reason)
    }
    do {
      _ = try resolvedTarget(folder)
    } catch {
      throw failure(error.reason)
    }
  }

  /// The folder to replace (symbolic links followed), checked as ``checkDestination(_:)`` says.
  static func resolvedTarget(_ folder: String) throws(FileSystem.Failure) -> String {
    guard !folder.isEmpty else { throw FileSystem.Failure(reason: "an empty path") }
    var path = folder
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    if (try? fileInfo(atPath: path, followingLinks: false))?.kind == .symbolicLink {
      do {
        path = try resolvedPath(path)
      } catch {
        throw FileSystem.Failure(reason: "a symbolic link that leads nowhere: \(error)")
      }
    }
    do {
      guard try fileInfo(atPath: path).kind == .folder else {
        throw FileSystem.Failure(reason: "not a folder; Allure results are a folder of files")
      }
      if let foreign = try foreignEntry(in: path) {
        throw FileSystem.Failure(
          reason:
            "holds \(quote(foreign)), which conformance did not write; the folder is replaced as a whole, so give an empty or new folder, or one holding only an earlier run's --allure-results"
        )
      }
    } catch let error as SystemCallError {
      if !error.isNoSuchEntry { throw FileSystem.Failure(error) }
    } catch let error as FileSystem.Failure {
      throw error
    } catch {
      throw FileSystem.Failure(reason: "\(error)")
    }
    let parent = FileSystem.folder(of: path)
    try FileSystem.createFolders(parent)
    if let problem = writeAccessProblem(parent) {
      throw FileSystem.Failure(reason: "cannot write in \(parent): \(problem)")
    }
    return path
  }

  /// The first entry (in byte order) of an existing folder that is not this command's: any
  /// entry of a folder without the marker (Allure's `history` aside), and anything but result,
  /// attachment and run files in one with it.
  /// One pass over the names as listed, keeping the least: a folder of earlier results holds
  /// some 19,000 names, and this check runs before the run and again at its end.
  static func foreignEntry(in path: String) throws(FileSystem.Failure) -> String? {
    let names: [[UInt8]]
    do {
      names = try folderEntryNames(path)
    } catch {
      throw FileSystem.Failure(reason: "cannot read the folder: \(error)")
    }
    let marked = names.contains(markerBytes)
    var first: [UInt8]? = nil
    for name in names where !(marked && isOwnName(name)) {
      if let first, !name.lexicographicallyPrecedes(first) { continue }
      if name == historyBytes && FileSystem.isFolder(path + "/history") { continue }
      first = name
    }
    return first.map { String(decoding: $0, as: UTF8.self) }
  }

  private static let markerBytes = Array(markerName.utf8)
  private static let historyBytes = Array("history".utf8)

  /// The names in a folder, `.` and `..` aside, in byte order.
  static func entryNames(in path: String) throws(FileSystem.Failure) -> [[UInt8]] {
    do {
      return try folderEntryNames(path).sorted { $0.lexicographicallyPrecedes($1) }
    } catch {
      throw FileSystem.Failure(reason: "cannot read the folder: \(error)")
    }
  }

  /// After this run's results could not take DIR's place: the earlier run's results leave it
  /// (its marker and Allure's `history` stay), so that Allure never shows an earlier, perhaps
  /// green, run as the latest one. Removing frees space, so it works on a full disk too. A
  /// folder holding anything conformance did not write is left alone.
  static func removeEarlierResults(in path: String) {
    guard FileSystem.isFolder(path), (try? foreignEntry(in: path)) == .some(nil),
      let names = try? entryNames(in: path)
    else { return }
    for name in names where name != markerBytes && isOwnName(name) {
      try? removeFile(path + "/" + String(decoding: name, as: UTF8.self))
    }
  }

  /// A name this command writes in a results folder.
  static func isOwnName(_ name: String) -> Bool { isOwnName(Array(name.utf8)) }

  /// ``isOwnName(_:)`` of a name's bytes as the folder lists them, without decoding them.
  static func isOwnName(_ bytes: [UInt8]) -> Bool {
    if runFileNames.contains(bytes) { return true }
    guard bytes.count > 37, bytes[36] == UInt8(ascii: "-") else { return false }
    for index in 0..<36 {
      let byte = bytes[index]
      let isDash = index == 8 || index == 13 || index == 18 || index == 23
      let fits = isDash ? byte == UInt8(ascii: "-") : (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
      if !fits { return false }
    }
    let rest = bytes[37...]
    return uuidFileSuffixes.contains { rest.elementsEqual($0) }
  }

  private static let runFileNames = [markerName, "environment.properties", "executor.json", "categories.json"].map {
    Array($0.utf8)
  }
  private static let uuidFileSuffixes = ["result.json", "attachment.json", "attachment.txt"].map { Array($0.utf8) }

  public func runStarted(fileCount: Int) throws(ReportWriteError) {
    failed = false
    committed = false
    try recording { () throws(ReportWriteError) in try startRun() }
  }

  private func startRun() throws(ReportWriteError) {
    discard()
    do {
      target = try Self.resolvedTarget(folder)
    } catch {
      throw ReportWriteError(path: folder, reason: error.reason)
    }
    let parent = FileSystem.folder(of: target)
    Self.removeStaleStaging(in: parent, of: FileSystem.lastComponent(of: target))
    let made: String
    do {
      // mkdtemp wants the Xs last: the suffix is added by a rename below.
      made = try createUniqueFolder(prefix: "\(parent)/.\(FileSystem.lastComponent(of: target)).allure-")
    } catch {
      throw ReportWriteError(path: folder, reason: "cannot create a folder in \(parent): \(error)")
    }
    // Locked before it gets the name a sweep looks for (``removeStaleStaging(in:of:)``), and
    // held until the run ends, so that another run's sweep never takes it for a stale one.
    let lock = try? openFile(made, [.readOnly, .folder])
    if let lock { try? lockFile(lock) }
    let hidden = made + ".tmp"
    do {
      try renamePath(made, to: hidden)
    } catch {
      if let lock { try? closeFile(lock) }
      removeFolder(made)
      throw ReportWriteError(path: folder, reason: "cannot create a folder in \(parent): \(error)")
    }
    setPermissions(hidden, to: 0o755)
    stagingLock = lock ?? -1
    staging = hidden
    written = 0
    attachments = []
  }

  public var preparer: @Sendable (FileReport) -> any Sendable {
    let implementation = info.implementation
    return { report in
      AllureResult.files(for: report, implementation: implementation, now: AllureResult.nowMilliseconds())
    }
  }

  public func fileFinished(_ report: FileReport) throws(ReportWriteError) {
    try add(AllureResult.files(for: report, implementation: info.implementation, now: AllureResult.nowMilliseconds()))
  }

  public func fileFinished(_ report: FileReport, prepared: any Sendable) throws(ReportWriteError) {
    guard let files = prepared as? [AllureFile] else { return try fileFinished(report) }
    try add(files)
  }

  private func add(_ files: [AllureFile]) throws(ReportWriteError) {
    try recording { () throws(ReportWriteError) in try addFiles(files) }
  }

  private func addFiles(_ files: [AllureFile]) throws(ReportWriteError) {
    guard !failed else { return }
    for file in files {
      if let key = file.content, !attachments.insert(key).inserted { continue }
      pending.append(file)
    }
    if pending.count >= Self.batchSize { try flush() }
  }

  /// Hands the pending files to the writer thread.
  private func flush() throws(ReportWriteError) {
    guard let staging, !pending.isEmpty else { return }
    if fileWriter == nil { fileWriter = FolderWriter(folder: staging) }
    if let failure = fileWriter?.failure {
      discard()
      throw ReportWriteError(path: folder, reason: failure)
    }
    fileWriter?.write(pending)
    written += pending.count
    pending = []
  }

  public func runFinished(_ summary: RunSummary) throws(ReportWriteError) {
    try recording { () throws(ReportWriteError) in try finishRun(summary) }
  }

  private func finishRun(_ summary: RunSummary) throws(ReportWriteError) {
    let now = AllureResult.nowMilliseconds()
    var files: [AllureFile] = []
    if !summary.staleExpectations.isEmpty && (info.selection.shard?.index ?? 1) == 1 {
      for stale in summary.staleExpectations {
        files += AllureResult.runProblem(
          name: stale.entry.place, suite: stale.entry.suite, status: "failed", kind: "stale expectation",
          message: stale.message, implementation: info.implementation, now: now)
      }
    }
    let prefix = info.selection.shard.map { "shard-\($0.index)." } ?? ""
    for (index, problem) in summary.implementationProblems.enumerated() {
      files += AllureResult.runProblem(
        name: "\(prefix)end.\(index + 1)", suite: "adapter", status: "failed", kind: "adapter problem",
        message: problem, implementation: info.implementation, now: now)
    }
    if let interruption = summary.interruption {
      files += AllureResult.runProblem(
        name: "interrupted", suite: "conformance.run", status: "broken", kind: "interrupted",
        message: interruption.message, implementation: info.implementation, now: now)
    }
    files.append(AllureRunFiles.environment(info, corpusDigest: info.corpusDigest?.hexValue))
    if let executor = AllureRunFiles.executor(environment: environment) { files.append(executor) }
    files.append(AllureRunFiles.categories)
    var marker: JSONObject = ["format": "conformance-allure-results/1"]
    if let runID = info.runID { marker["runId"] = .string(runID) }
    files.append(
      AllureFile(
        name: Self.markerName, bytes: Array((JSONSerializer.compact.string(from: .object(marker)) + "\n").utf8)))
    pending += files
    try flush()
    if let failure = fileWriter?.finish() {
      discard()
      throw ReportWriteError(path: folder, reason: failure)
    }
    fileWriter = nil
    try commit()
    committed = true
  }

  /// Puts the staged folder in DIR's place: Allure's `history` moves over from the old results,
  /// then the two folders are swapped (`renameat2(RENAME_EXCHANGE)`) and the old one removed;
  /// a plain rename when there is no old folder (or no swap on this system).
  private func commit() throws(ReportWriteError) {
    guard let staging else { return }
    if (try? fileInfo(atPath: target, followingLinks: false))?.kind == .folder {
      // Checked again: files may have arrived while the run ran.
      do throws(FileSystem.Failure) {
        if let foreign = try Self.foreignEntry(in: target) {
          throw FileSystem.Failure(reason: "it now holds \(quote(foreign)), which conformance did not write")
        }
      } catch {
        discard()
        throw ReportWriteError(path: folder, reason: error.reason)
      }
      if FileSystem.isFolder(target + "/history") { try? renamePath(target + "/history", to: staging + "/history") }
      if (try? exchangePaths(staging, target)) != nil {
        self.staging = nil
        unlockStaging()
        Self.removeTree(staging)
        return
      }
      // No swap here: move the old folder aside, then the new one in.
      let aside = staging + ".old"
      do {
        try renamePath(target, to: aside)
      } catch {
        discard()
        throw ReportWriteError(path: folder, reason: "cannot replace the folder: \(error)")
      }
      do {
        try renamePath(staging, to: target)
      } catch {
        try? renamePath(aside, to: target)
        discard()
        throw ReportWriteError(path: folder, reason: "cannot replace the folder: \(error)")
      }
      self.staging = nil
      unlockStaging()
      Self.removeTree(aside)
      return
    }
    do {
      try renamePath(staging, to: target)
    } catch {
      discard()
      throw ReportWriteError(path: folder, reason: "cannot rename \(staging): \(error)")
    }
    self.staging = nil
    unlockStaging()
  }

  /// Removes the staged folder; DIR is left as it was.
  public func discard() {
    _ = fileWriter?.finish()
    fileWriter = nil
    pending = []
    attachments = []
    defer { unlockStaging() }
    guard let staging else { return }
    self.staging = nil
    Self.removeTree(staging)
  }

  private func unlockStaging() {
    if stagingLock >= 0 { try? closeFile(stagingLock) }
    stagingLock = -1
  }

  /// Removes what runs killed before their end (SIGKILL, a power cut) left beside DIR: folders
  /// named exactly `.DIR.allure-XXXXXX.tmp` (six letters or digits, as `mkdtemp` makes them)
  /// that hold nothing but regular files with this command's names (``isOwnName(_:)``) and
  /// that no live run holds (each run keeps an `flock` on its own). Anything else — a symbolic
  /// link, a folder holding another name, a subfolder (Allure's `history`, moved in just
  /// before the swap), one another run is writing — is left alone. Best effort: a folder that
  /// cannot be read or removed stays, and the run goes on.
  static func removeStaleStaging(in parent: String, of name: String) {
    let prefix = Array(".\(name).allure-".utf8)
    let suffix = Array(".tmp".utf8)
    guard let names = try? folderEntryNames(parent) else { return }
    var candidates: [String] = []
    for entryName in names {
      guard entryName.count == prefix.count + 6 + suffix.count, entryName.starts(with: prefix),
        entryName.suffix(suffix.count).elementsEqual(suffix),
        entryName[prefix.count..<prefix.count + 6].allSatisfy(Contract.isASCIIAlphanumeric)
      else { continue }
      candidates.append(String(decoding: entryName, as: UTF8.self))
    }
    for candidate in candidates { removeIfStale(parent + "/" + candidate) }
  }

  /// Removes one candidate of ``removeStaleStaging(in:of:)`` when it is what it says.
  private static func removeIfStale(_ path: String) {
    // O_NOFOLLOW: a symbolic link by that name is not opened, let alone emptied.
    guard let folder = try? openFile(path, [.readOnly, .folder, .noFollow]) else { return }
    defer { try? closeFile(folder) }
    guard (try? lockFile(folder, waiting: false)) != nil, let entries = try? folderEntryNames(ofOpenFolder: folder)
    else { return }
    let names = entries.map { String(decoding: $0, as: UTF8.self) }
    for name in names {
      guard isOwnName(name), (try? fileInfo(named: name, inFolder: folder))?.kind == .regular else { return }
    }
    // Through the folder's descriptor: a swap of the path meanwhile cannot redirect these.
    for name in names { removeFile(named: name, inFolder: folder) }
    removeFolder(path)
  }

  /// Removes a folder and everything under it, never following a symbolic link (not even
  /// `path` itself): by name inside the open folder, files told from folders by the listing's
  /// `d_type` (an `fstatat` only where the file system gives none).
  static func removeTree(_ path: String) {
    guard let folder = try? openFile(path, [.readOnly, .folder, .noFollow]) else {
      removeFolder(path)
      return
    }
    var files: [String] = []
    var folders: [String] = []
    for entry in (try? folderEntries(ofOpenFolder: folder)) ?? [] {
      let name = String(decoding: entry.name, as: UTF8.self)
      let kind = entry.kind == .unknown ? (try? fileInfo(named: name, inFolder: folder))?.kind : entry.kind
      if kind == .folder {
        folders.append(name)
      } else {
        files.append(name)
      }
    }
    removeFiles(files, inFolder: folder)
    try? closeFile(folder)
    for name in folders { removeTree(path + "/" + name) }
    removeFolder(path)
  }

  /// Unlinks `names` in the open `folder`; many of them on one thread per processor (at most
  /// four). The folder's lock is held only for taking the name out: most of an unlink is
  /// freeing the file afterwards, which threads do side by side (19,000 files on tmpfs: 0.12 s
  /// on one thread, 0.06 s on two, on two cores).
  static func removeFiles(_ names: [String], inFolder folder: Int32) {
    let threads = names.count < 1024 ? 1 : min(onlineProcessorCount(), 4)
    guard threads > 1 else {
      for name in names { removeFile(named: name, inFolder: folder) }
      return
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in stride(from: thread, to: names.count, by: threads) {
        removeFile(named: names[index], inFolder: folder)
      }
    }
  }
}

/// Creates files in one folder on a thread of its own, a batch at a time, so that the run's
/// thread goes on with the next files' reports (JUnit, the console) while the kernel creates
/// these: by name in the open folder (`openat`), never walking the folder's path again. One
/// thread: creating a file holds the folder's lock for most of its cost (on tmpfs, two threads
/// created 19,000 files no faster than one, 0.14–0.16 s), and while the run lasts the workers
/// keep the cores busy rendering. At most
/// ``maxBatches`` batches wait, which bounds the memory held when the disk is slower than the
/// run.
final class FolderWriter: Sendable {
  static let maxBatches = 4
  let folder: String
  /// The folder, open: each file is created by its name in it (`openat`), not by its path.
  private let descriptor: Int32
  private let queue = DispatchQueue(label: "conformance.allure-results")
  private let slots = DispatchSemaphore(value: FolderWriter.maxBatches)
  private let firstFailure: Mutex<String?>

  init(folder: String) {
    self.folder = folder
    do {
      descriptor = try openFile(folder, [.readOnly, .folder, .noFollow])
      firstFailure = Mutex(nil)
    } catch {
      descriptor = -1
      firstFailure = Mutex("cannot open \(folder): \(error)")
    }
  }

  deinit {
    if descriptor >= 0 { try? closeFile(descriptor) }
  }

  /// The first file that could not be written, and why.
  var failure: String? { firstFailure.withLock { $0 } }

  /// Queues `files` for creation (`O_EXCL`: a name already there is a failure).
  func write(_ files: [AllureFile]) {
    slots.wait()
    queue.async {
      defer { self.slots.signal() }
      guard self.failure == nil else { return }
      for file in files {
        if let failure = self.create(file) {
          self.firstFailure.withLock { if $0 == nil { $0 = failure } }
          return
        }
      }
    }
  }

  /// Waits until every queued file is written; the first failure.
  func finish() -> String? {
    queue.sync {}
    return failure
  }

  private func create(_ file: AllureFile) -> String? {
    let created: Int32
    do {
      created = try createFile(named: file.name, inFolder: descriptor, permissions: 0o644)
    } catch {
      return "cannot create \(folder)/\(file.name): \(error)"
    }
    var failure: String? = nil
    do {
      try writeAll(created, file.bytes)
    } catch {
      failure = "cannot write \(folder)/\(file.name): \(error)"
    }
    do {
      try closeFile(created)
    } catch {
      if failure == nil { failure = "cannot close \(folder)/\(file.name): \(error)" }
    }
    return failure
  }
}

/// A name quoted as a JSON string, control characters visible.
private func quote(_ text: String) -> String { JSONSerializer.compact.string(from: .string(text)) }
