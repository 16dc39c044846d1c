import ConformanceJSON
import ConformanceLowLevel
import ConformanceXML

/// Merges JUnit reports of shards (`conformance run --shard K/N --junit FILE`) into one report,
/// as `conformance merge OUT IN...` does.
///
/// - Every input is read with ``SafeXMLReader`` (no network, no DTD, no entities) and must be a
///   JUnit report: its root is `<testsuites>` holding `<testsuite>` elements, or a single
///   `<testsuite>`; a testsuite holds `<properties>`, `<testcase>`, `<system-out>` and
///   `<system-err>`; a testcase holds `<failure>`, `<error>`, `<skipped>`, `<system-out>`,
///   `<system-err>` and Surefire's rerun elements (`<flakyFailure>`, …); testsuites and testcases have a `name`. Anything else is refused with the
///   file and line, before anything is written.
/// - Testsuites with the same `name` and `file` across inputs become one: attributes and
///   properties from the first input that has the testsuite, testcases of all inputs together
///   in the byte order of their names (then classnames), the way ``JUnitReportWriter`` orders
///   them, and testsuites in the byte order of their names (then files). With one vectors root
///   that is exactly the unsharded run's report, apart from times, timestamps and hosts.
/// - A testcase found in two inputs means the shards overlap (the same shard given twice, or
///   shards of different splits) and is refused, except a load error that is identical in both:
///   a file that cannot be loaded is reported by every shard that read it, and is kept once.
/// - Counts are recomputed from the testcases (`tests` each; then `errors` if it has an
///   `<error>`, else `failures` if it has a `<failure>`, else `skipped` if it has a
///   `<skipped>`); a merged testsuite's `time` is the sum of its parts; the root's `time` is the
///   sum of the inputs' root times (total time the shards ran), its `timestamp` the earliest of
///   theirs, its `hostname` and `name` the first input's.
/// - The result is written like a run's report: to a hidden file in the destination's folder,
///   then renamed over it.
/// - Inputs are streamed (``SafeXMLReader``): each testsuite is checked as it is read and kept
///   in a compact form in an anonymous temporary file (created in the destination's folder and
///   unlinked at once, so nothing can be left behind); then each merged testsuite is built from
///   its parts alone. Memory is bounded by the largest merged testsuite, not by the inputs: 8
///   shard reports of a 1,000,000-test run merge in well under 200 MB (docs/benchmarks.md).
/// - Sums are checked: times that add up beyond what 64 bits of nanoseconds hold (584 years)
///   are refused as too large, never wrapped around. An element with more than 1,000
///   attributes, and anything beyond libxml2's limits, is refused as too large.
public enum JUnitMerger {
  /// Why reports could not be merged. Nothing was written.
  public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    case noInputs
    case unreadable(path: String, reason: String)
    case malformed(path: String, line: Int, message: String)
    case documentType(path: String, line: Int)
    case notJUnit(path: String, line: Int, reason: String)
    case overlap(path: String, line: Int, testsuite: String, testcase: String, firstPath: String)
    /// Beyond a limit: libxml2's (without `XML_PARSE_HUGE`), the attributes per element, or a
    /// sum that does not fit.
    case tooLarge(path: String, line: Int, reason: String)
    case write(JUnitWriteError)

    public var description: String {
      switch self {
      case .noInputs:
        return "no JUnit reports to merge"
      case .unreadable(let path, let reason):
        return "\(path): cannot read: \(reason)"
      case .malformed(let path, let line, let message):
        return "\(path):\(line): not well-formed XML: \(message)"
      case .documentType(let path, let line):
        return "\(path):\(line): refused: a document type declaration (<!DOCTYPE>) has no place in a JUnit "
          + "report, and its entities could read other files or expand without bound"
      case .notJUnit(let path, let line, let reason):
        return "\(path):\(line): not a JUnit report: \(reason)"
      case .overlap(let path, let line, let testsuite, let testcase, let firstPath):
        return "\(path):\(line): testcase \(quoted(testcase)) of testsuite \(quoted(testsuite)) is also in "
          + "\(firstPath): the shards overlap"
      case .tooLarge(let path, let line, let reason):
        return "\(path):\(line): too large to merge: \(reason)"
      case .write(let error):
        return error.description
      }
    }
  }

  /// Merges `inputs` (at least one) into a report at `destination`, replacing it atomically.
  /// `name` is the root's name; by default the first input's. Returns the merged totals.
  @discardableResult
  public static func merge(inputs: [String], into destination: String, name: String? = nil)
    throws(MergeError) -> JUnitCounts
  {
    guard !inputs.isEmpty else { throw .noInputs }
    let store: SuiteStore
    do {
      store = try SuiteStore(folder: FileSystem.folder(of: destination))
    } catch {
      throw .write(JUnitWriteError(path: destination, reason: error.reason))
    }
    // Pass 1: every input read and checked, its testsuites stored; nothing written yet.
    var roots: [InputRoot] = []
    var groups: [[UInt8]: GroupEntry] = [:]
    for path in inputs {
      roots.append(try read(path, into: store, groups: &groups, destination: destination))
    }
    // Pass 2: each merged testsuite from its stored parts, in order.
    let ordered = groups.values.sorted { a, b in
      if !a.name.utf8.elementsEqual(b.name.utf8) { return utf8Precedes(a.name, b.name) }
      return utf8Precedes(a.file ?? "", b.file ?? "")
    }
    let file = JUnitReportFile(destination: destination)
    do {
      return try write(ordered, from: store, roots: roots, name: name, to: file)
    } catch let error as MergeError {
      file.discard()
      throw error
    } catch {
      file.discard()
      throw .write(JUnitWriteError(path: destination, reason: "\(error)"))
    }
  }

  /// Reads one input, storing each of its testsuites as soon as it is read (one is in memory
  /// at a time) and noting where under its group; returns its root.
  private static func read(
    _ path: String, into store: SuiteStore, groups: inout [[UInt8]: GroupEntry], destination: String
  ) throws(MergeError) -> InputRoot {
    var stored: [(key: [UInt8], entry: GroupEntry, place: SuiteStore.Place)] = []
    let reader = InputReader(path: path) { (suite) throws(MergeError) in
      do throws(FileSystem.Failure) {
        stored.append((suite.key, GroupEntry(name: suite.name, file: suite.file), try store.store(suite)))
      } catch {
        throw .write(JUnitWriteError(path: destination, reason: error.reason))
      }
    }
    do throws(XMLReadFailure) {
      try SafeXMLReader.stream(path: path, to: reader)
    } catch {
      switch error {
      case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
      case .malformed(let line, let message): throw .malformed(path: path, line: line, message: message)
      case .documentType(let line): throw .documentType(path: path, line: line)
      case .tooLarge(let line, let message):
        throw .tooLarge(path: path, line: line, reason: message)
      case .refused(let refusal):
        if let refusal = refusal as? MergeError { throw refusal }
        throw .unreadable(path: path, reason: "\(refusal)")
      }
    }
    guard let root = reader.root else {
      throw .notJUnit(path: path, line: 1, reason: "the document has no root element")
    }
    for (key, entry, place) in stored { groups[key, default: entry].places.append(place) }
    return root
  }

  /// Writes the merged report: each group's testsuite from its stored parts, then the root
  /// from the inputs' roots. Returns the totals.
  private static func write(
    _ ordered: [GroupEntry], from store: SuiteStore, roots: [InputRoot], name: String?, to file: JUnitReportFile
  ) throws -> JUnitCounts {
    let destination = file.destination
    do throws(JUnitWriteError) {
      try file.open()
    } catch {
      throw MergeError.write(error)
    }
    var totals = JUnitCounts()
    for entry in ordered {
      var group: Group? = nil
      for place in entry.places {
        let suite: InputSuite
        do {
          suite = try store.load(place)
        } catch {
          throw MergeError.write(JUnitWriteError(path: destination, reason: error.reason))
        }
        if group == nil { group = Group(first: suite) }
        try group!.add(suite)
      }
      let rendered: (fragment: XMLFragment, counts: JUnitCounts)
      do {
        rendered = try group!.render()
      } catch let error as MergeError {
        throw error
      } catch {
        throw MergeError.write(JUnitWriteError(path: destination, reason: "\(error)"))
      }
      do throws(JUnitWriteError) {
        try file.append(rendered.fragment)
      } catch {
        throw MergeError.write(error)
      }
      totals = totals + rendered.counts
    }
    let root = try rootAttributes(of: roots, name: name, counts: totals)
    do throws(JUnitWriteError) {
      try file.finish(root)
    } catch {
      throw MergeError.write(error)
    }
    return totals
  }

  /// The merged root: the inputs' times summed, the earliest timestamp, the first host and name.
  private static func rootAttributes(of roots: [InputRoot], name: String?, counts: JUnitCounts)
    throws(MergeError) -> JUnitRootAttributes
  {
    var rootTime: UInt64 = 0
    for root in roots {
      let (sum, overflow) = rootTime.addingReportingOverflow(root.nanoseconds)
      guard !overflow else {
        throw MergeError.tooLarge(path: root.path, line: root.line, reason: timeOverflowReason)
      }
      rootTime = sum
    }
    let timestamps = roots.compactMap(\.timestamp).filter(isCanonicalTimestamp)
    return JUnitRootAttributes(
      name: name ?? roots.lazy.compactMap(\.name).first ?? "conformance", counts: counts, nanoseconds: rootTime,
      timestamp: timestamps.min(by: utf8Precedes) ?? roots.compactMap(\.timestamp).first,
      hostname: roots.compactMap(\.hostname).first)
  }

  /// The deepest nesting of elements read, libxml2's own limit for trees.
  static let maxDepth = 256

  static let timeOverflowReason =
    "the times add up to more than 18446744073.709551615 seconds, more than a report can count"

  // MARK: - Reading

  /// A parsed element kept for copying: name, namespace, attributes and content.
  struct Element {
    enum Child {
      case element(Element)
      case text(String)
    }

    var name: String
    var prefix: String?
    var namespaceURI: String?
    var attributes: [XMLAttribute]
    var children: [Child] = []
    var line: Int

    /// The value of an attribute without a namespace.
    func attribute(_ name: String) -> String? {
      attributes.first { $0.prefix == nil && $0.namespaceURI == nil && $0.name == name }?.value
    }

    var qualifiedName: String { prefix.map { $0 + ":" + name } ?? name }

    var childElements: [Element] {
      children.compactMap {
        if case .element(let element) = $0 { return element }
        return nil
      }
    }

    /// All text inside, as XPath's string value.
    var textContent: String {
      children.map {
        switch $0 {
        case .element(let element): return element.textContent
        case .text(let text): return text
        }
      }.joined()
    }
  }

  struct InputRoot {
    var path: String
    var line: Int
    var name: String?
    var timestamp: String?
    var hostname: String?
    var nanoseconds: UInt64
  }

  struct InputSuite {
    var path: String
    var line: Int
    var name: String
    var file: String?
    var nanoseconds: UInt64
    /// Every attribute, in document order.
    var attributes: [XMLAttribute]
    var properties: Element?
    var systemOut: String
    var systemErr: String
    var cases: [InputCase]
    /// `name`, a NUL, `file`: bytes, never a `String` key (canonically equivalent names are
    /// different testsuites).
    var key: [UInt8] { Array(name.utf8) + [0] + Array((file ?? "").utf8) }
  }

  struct InputCase {
    var element: Element
    var line: Int
    var name: String
    var classname: String
    /// The message of an `<error type="load-error">`, when that is what the testcase holds.
    var loadError: String?
    /// 1 error, 2 failure, 3 skipped, 0 passed: how it counts.
    var outcome: UInt8
    var key: [UInt8] { Array(name.utf8) + [0] + Array(classname.utf8) }
  }

  /// The testsuites sharing a name and file, and where their parts are stored.
  private struct GroupEntry {
    var name: String
    var file: String?
    var places: [SuiteStore.Place] = []
  }

  /// What a testcase may hold: its outcome, its output, and Maven Surefire's elements for the
  /// tries of a rerun test (`--reruns`, ``JUnitTries``).
  private static let outcomeElements = [
    "failure", "error", "skipped", "system-out", "system-err", "flakyFailure", "flakyError", "rerunFailure",
    "rerunError",
  ]

  /// Builds each `<testsuite>` of one input from the reader's events and checks its shape, with
  /// the messages the format's refusals use. Holds one testsuite at a time.
  final class InputReader: XMLStreamHandler {
    let path: String
    var root: InputRoot?
    /// Takes each testsuite as soon as it is read.
    private let onSuite: (InputSuite) throws(MergeError) -> Void
    private var rootIsSuite = false
    private var rootTime: UInt64?
    private var suiteTimes: UInt64 = 0
    /// The open elements below the current testsuite (the testsuite first).
    private var stack: [Element] = []
    private var depth = 0

    init(path: String, onSuite: @escaping (InputSuite) throws(MergeError) -> Void) {
      self.path = path
      self.onSuite = onSuite
    }

    private func notJUnit(_ line: Int, _ reason: String) -> MergeError {
      .notJUnit(path: path, line: line, reason: reason)
    }

    func startElement(
      name: String, prefix: String?, namespaceURI: String?, attributes: [XMLAttribute], line: Int
    ) throws {
      let element = Element(
        name: name, prefix: prefix, namespaceURI: namespaceURI, attributes: attributes, line: line)
      // libxml2 2.9 limits nesting only when it builds a tree; the copy is recursive, so the
      // same limit is kept here.
      guard depth < JUnitMerger.maxDepth else {
        throw MergeError.tooLarge(
          path: path, line: line, reason: "elements nested deeper than \(JUnitMerger.maxDepth) levels")
      }
      defer { depth += 1 }
      if depth == 0 {
        guard namespaceURI == nil, name == "testsuites" || name == "testsuite" else {
          throw notJUnit(
            line, "the root element is <\(element.qualifiedName)>, expected <testsuites> or <testsuite>")
        }
        if name == "testsuites" {
          rootTime = try element.attribute("time").map { (text) throws(MergeError) in
            try seconds(text, of: element)
          }
          root = InputRoot(
            path: path, line: line, name: element.attribute("name"), timestamp: element.attribute("timestamp"),
            hostname: element.attribute("hostname"), nanoseconds: 0)
          return
        }
        rootIsSuite = true
        root = InputRoot(
          path: path, line: line, name: nil, timestamp: element.attribute("timestamp"),
          hostname: element.attribute("hostname"), nanoseconds: 0)
        stack = [element]
        return
      }
      if stack.isEmpty {
        // A child of <testsuites>.
        guard name == "testsuite", namespaceURI == nil else {
          throw notJUnit(line, "unexpected element <\(element.qualifiedName)> in <testsuites>")
        }
        stack = [element]
        return
      }
      if stack.count == 1 {
        // A child of a <testsuite>.
        guard namespaceURI == nil else {
          throw notJUnit(line, "unexpected element <\(element.qualifiedName)> in <testsuite>")
        }
        switch name {
        case "testcase", "properties", "system-out", "system-err": break
        case "testsuite": throw notJUnit(line, "nested <testsuite> elements are not supported")
        default: throw notJUnit(line, "unexpected element <\(element.qualifiedName)> in <testsuite>")
        }
      } else if stack.count == 2 && stack[1].name == "testcase" {
        guard namespaceURI == nil, outcomeElements.contains(name) else {
          throw notJUnit(line, "unexpected element <\(element.qualifiedName)> in <testcase>")
        }
      }
      stack.append(element)
    }

    func endElement() throws {
      depth -= 1
      if depth == 0 {
        if !rootIsSuite { root?.nanoseconds = rootTime ?? suiteTimes }
        if rootIsSuite, let suite = stack.first {
          let read = try readSuite(suite)
          root?.nanoseconds = read.nanoseconds
          try onSuite(read)
          stack = []
        }
        return
      }
      guard let element = stack.popLast() else { return }
      if stack.isEmpty {
        let suite = try readSuite(element)
        let (sum, overflow) = suiteTimes.addingReportingOverflow(suite.nanoseconds)
        suiteTimes = overflow ? UInt64.max : sum
        try onSuite(suite)
        return
      }
      stack[stack.count - 1].children.append(.element(element))
    }

    func text(_ text: String) {
      // Text directly in <testsuites> is whitespace between testsuites, or dropped as before.
      guard !stack.isEmpty else { return }
      if case .text(let earlier) = stack[stack.count - 1].children.last {
        stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(earlier + text)
      } else {
        stack[stack.count - 1].children.append(.text(text))
      }
    }

    private func readSuite(_ element: Element) throws(MergeError) -> InputSuite {
      guard let name = element.attribute("name") else {
        throw notJUnit(element.line, "<testsuite> has no name attribute")
      }
      var cases: [InputCase] = []
      var properties: Element?
      var systemOut = ""
      var systemErr = ""
      for child in element.childElements {
        switch child.name {
        case "testcase": cases.append(try readCase(child))
        case "properties": if properties == nil { properties = child }
        case "system-out": systemOut += child.textContent
        case "system-err": systemErr += child.textContent
        default: break
        }
      }
      let nanoseconds = try element.attribute("time").map { (text) throws(MergeError) in
        try seconds(text, of: element)
      }
      return InputSuite(
        path: path, line: element.line, name: name, file: element.attribute("file"), nanoseconds: nanoseconds ?? 0,
        attributes: element.attributes, properties: properties, systemOut: systemOut, systemErr: systemErr,
        cases: cases)
    }

    private func readCase(_ element: Element) throws(MergeError) -> InputCase {
      guard let name = element.attribute("name") else {
        throw notJUnit(element.line, "<testcase> has no name attribute")
      }
      var loadError: String?
      var outcome: UInt8 = 0
      let names = element.childElements.map(\.name)
      if names.contains("error") {
        outcome = 1
      } else if names.contains("failure") {
        outcome = 2
      } else if names.contains("skipped") {
        outcome = 3
      }
      for child in element.childElements where child.name == "error" && child.attribute("type") == "load-error" {
        loadError = child.attribute("message") ?? ""
      }
      return InputCase(
        element: element, line: element.line, name: name, classname: element.attribute("classname") ?? "",
        loadError: loadError, outcome: outcome)
    }

    private func seconds(_ text: String, of element: Element) throws(MergeError) -> UInt64 {
      guard let value = JUnitFormat.nanoseconds(seconds: text) else {
        if !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }),
          text.utf8.filter({ $0 == UInt8(ascii: ".") }).count <= 1, text.utf8.first != UInt8(ascii: "."),
          text.utf8.last != UInt8(ascii: ".")
        {
          throw .tooLarge(
            path: path, line: element.line,
            reason: "time \(quoted(text)) of <\(element.name)> is more seconds than a report can count")
        }
        throw notJUnit(
          element.line, "time \(quoted(text)) of <\(element.name)> is not a plain decimal number of seconds")
      }
      return value
    }
  }

  /// Testsuites kept between the two passes, in a compact binary form, in an anonymous file:
  /// created in the destination's folder (the disk the report goes to) and unlinked at once, so
  /// it is gone with the process whatever happens.
  final class SuiteStore {
    struct Place {
      var offset: Int
      var length: Int
    }

    private let descriptor: Int32
    private var end = 0

    init(folder: String) throws(FileSystem.Failure) {
      try FileSystem.createFolders(folder)
      let created = try FileSystem.createTemporaryFile(in: folder, base: "conformance-merge", role: "parts")
      try? removeFile(created.path)
      descriptor = created.descriptor
    }

    deinit { try? closeFile(descriptor) }

    func store(_ suite: InputSuite) throws(FileSystem.Failure) -> Place {
      var encoder = Encoder()
      encoder.suite(suite)
      let place = Place(offset: end, length: encoder.bytes.count)
      do {
        try writeAll(descriptor, encoder.bytes, at: end)
      } catch {
        throw FileSystem.Failure(reason: "cannot store a testsuite: \(error)")
      }
      end += encoder.bytes.count
      return place
    }

    func load(_ place: Place) throws(FileSystem.Failure) -> InputSuite {
      let read: [UInt8]?
      do {
        read = try readExactly(descriptor, count: place.length, at: place.offset)
      } catch {
        throw FileSystem.Failure(reason: "cannot read a stored testsuite: \(error)")
      }
      guard let bytes = read else { throw FileSystem.Failure(reason: "a stored testsuite is cut short") }
      var decoder = Decoder(bytes: bytes)
      return decoder.suite()
    }
  }

  /// Lengths and numbers as 8 bytes, strings as their length and UTF-8.
  struct Encoder {
    var bytes: [UInt8] = []

    mutating func number(_ value: Int) { number(UInt64(value)) }
    mutating func number(_ value: UInt64) {
      for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
    }
    mutating func string(_ value: String) {
      number(value.utf8.count)
      bytes.append(contentsOf: value.utf8)
    }
    mutating func optional(_ value: String?) {
      bytes.append(value == nil ? 0 : 1)
      if let value { string(value) }
    }
    mutating func attributes(_ values: [XMLAttribute]) {
      number(values.count)
      for attribute in values {
        optional(attribute.prefix)
        optional(attribute.namespaceURI)
        string(attribute.name)
        string(attribute.value)
      }
    }
    mutating func element(_ element: Element) {
      string(element.name)
      optional(element.prefix)
      optional(element.namespaceURI)
      number(element.line)
      attributes(element.attributes)
      number(element.children.count)
      for child in element.children {
        switch child {
        case .element(let inner):
          bytes.append(0)
          self.element(inner)
        case .text(let text):
          bytes.append(1)
          string(text)
        }
      }
    }
    mutating func suite(_ suite: InputSuite) {
      string(suite.path)
      number(suite.line)
      string(suite.name)
      optional(suite.file)
      number(suite.nanoseconds)
      attributes(suite.attributes)
      bytes.append(suite.properties == nil ? 0 : 1)
      if let properties = suite.properties { element(properties) }
      string(suite.systemOut)
      string(suite.systemErr)
      number(suite.cases.count)
      for testcase in suite.cases {
        element(testcase.element)
        string(testcase.name)
        string(testcase.classname)
        optional(testcase.loadError)
        bytes.append(testcase.outcome)
      }
    }
  }

  /// Reads what ``Encoder`` wrote (the store's own bytes, so trusted).
  struct Decoder {
    let bytes: [UInt8]
    var offset = 0

    mutating func byte() -> UInt8 {
      defer { offset += 1 }
      return bytes[offset]
    }
    mutating func number() -> UInt64 {
      var value: UInt64 = 0
      for shift in 0..<8 { value |= UInt64(bytes[offset + shift]) << (8 * UInt64(shift)) }
      offset += 8
      return value
    }
    mutating func count() -> Int { Int(number()) }
    mutating func string() -> String {
      let length = count()
      defer { offset += length }
      return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }
    mutating func optional() -> String? { byte() == 0 ? nil : string() }
    mutating func attributes() -> [XMLAttribute] {
      (0..<count()).map { _ in
        let prefix = optional()
        let namespaceURI = optional()
        let name = string()
        return XMLAttribute(prefix: prefix, namespaceURI: namespaceURI, name: name, value: string())
      }
    }
    mutating func element() -> Element {
      let name = string()
      let prefix = optional()
      let namespaceURI = optional()
      let line = count()
      var element = Element(
        name: name, prefix: prefix, namespaceURI: namespaceURI, attributes: attributes(), line: line)
      let children = count()
      element.children.reserveCapacity(children)
      for _ in 0..<children {
        element.children.append(byte() == 0 ? .element(self.element()) : .text(string()))
      }
      return element
    }
    mutating func suite() -> InputSuite {
      let path = string()
      let line = count()
      let name = string()
      let file = optional()
      let nanoseconds = number()
      let attributes = attributes()
      let properties = byte() == 0 ? nil : element()
      let systemOut = string()
      let systemErr = string()
      let cases = (0..<count()).map { _ in
        let element = element()
        let name = string()
        let classname = string()
        let loadError = optional()
        return InputCase(
          element: element, line: element.line, name: name, classname: classname, loadError: loadError,
          outcome: byte())
      }
      return InputSuite(
        path: path, line: line, name: name, file: file, nanoseconds: nanoseconds, attributes: attributes,
        properties: properties, systemOut: systemOut, systemErr: systemErr, cases: cases)
    }
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`, whose byte order is time order.
  private static func isCanonicalTimestamp(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 else { return false }
    for (index, byte) in bytes.enumerated() {
      switch index {
      case 4, 7: if byte != UInt8(ascii: "-") { return false }
      case 10: if byte != UInt8(ascii: "T") { return false }
      case 13, 16: if byte != UInt8(ascii: ":") { return false }
      case 19: if byte != UInt8(ascii: "Z") { return false }
      default: if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { return false }
      }
    }
    return true
  }

  // MARK: - Merging and writing

  /// The testsuites of all inputs that share a name and file.
  private struct Group {
    var first: InputSuite
    var nanoseconds: UInt64 = 0
    var systemOut = ""
    var systemErr = ""
    var properties: Element?
    var cases: [InputCase] = []
    var casesByKey: [[UInt8]: (path: String, loadError: String?)] = [:]

    init(first: InputSuite) {
      self.first = first
    }

    mutating func add(_ suite: InputSuite) throws(MergeError) {
      let (sum, overflow) = nanoseconds.addingReportingOverflow(suite.nanoseconds)
      guard !overflow else {
        throw .tooLarge(path: suite.path, line: suite.line, reason: JUnitMerger.timeOverflowReason)
      }
      nanoseconds = sum
      systemOut += suite.systemOut
      systemErr += suite.systemErr
      if properties == nil { properties = suite.properties }
      for testcase in suite.cases {
        let key = testcase.key
        if let earlier = casesByKey[key] {
          if let message = testcase.loadError, let other = earlier.loadError, message.utf8.elementsEqual(other.utf8) {
            continue
          }
          throw .overlap(
            path: suite.path, line: testcase.line, testsuite: suite.name, testcase: testcase.name,
            firstPath: earlier.path)
        }
        casesByKey[key] = (suite.path, testcase.loadError)
        cases.append(testcase)
      }
    }

    func render() throws -> (fragment: XMLFragment, counts: JUnitCounts) {
      let sorted = cases.sorted { a, b in
        if !a.name.utf8.elementsEqual(b.name.utf8) { return utf8Precedes(a.name, b.name) }
        return utf8Precedes(a.classname, b.classname)
      }
      var counts = JUnitCounts()
      for testcase in sorted {
        counts.tests += 1
        switch testcase.outcome {
        case 1: counts.errors += 1
        case 2: counts.failures += 1
        case 3: counts.skipped += 1
        default: break
        }
      }
      let writer = try XMLWriter.fragment()
      try writer.startElement("testsuite")
      try writer.attribute("name", first.name)
      try counts.write(to: writer)
      try writer.attribute("time", JUnitFormat.seconds(nanoseconds: nanoseconds))
      let fixed = ["name", "tests", "failures", "errors", "skipped", "time"]
      // The remaining attributes of the first testsuite: the writer's usual ones in its order,
      // then any others in document order.
      let usual = ["timestamp", "hostname", "file"]
      for name in usual {
        if let attribute = first.attributes.first(where: { $0.prefix == nil && $0.name == name }) {
          try writer.attribute(name, attribute.value)
        }
      }
      for attribute in first.attributes
      where attribute.prefix != nil || !(fixed + usual).contains(attribute.name) {
        try writer.attribute(
          attribute.name, attribute.value, prefix: attribute.prefix, namespaceURI: attribute.namespaceURI)
      }
      // Every property but `shard`, which would claim that the merged report is one shard (the
      // corpus and selection digests stay, true of the merged report too).
      if var properties {
        properties.children.removeAll { child in
          guard case .element(let property) = child else { return false }
          return property.name == "property" && property.attribute("name") == ShardStamp.PropertyName.shard
        }
        try copyElement(properties, to: writer)
      }
      for testcase in sorted { try copyElement(testcase.element, to: writer) }
      for (stream, text) in [("system-out", systemOut), ("system-err", systemErr)] where !text.isEmpty {
        try writer.startElement(stream)
        try writer.text(text)
        try writer.endElement()
      }
      try writer.endElement()
      return (try writer.finishFragment(), counts)
    }
  }

  /// Writes a parsed element again through the writer: name, attributes in document order,
  /// child elements, and text. Whitespace-only text between child elements is indentation and
  /// is left to the writer; any other text is kept exactly.
  private static func copyElement(_ element: Element, to writer: XMLWriter) throws(XMLWriterError) {
    try writer.startElement(element.name, prefix: element.prefix, namespaceURI: element.namespaceURI)
    for attribute in element.attributes {
      try writer.attribute(
        attribute.name, attribute.value, prefix: attribute.prefix, namespaceURI: attribute.namespaceURI)
    }
    let hasElements = element.children.contains {
      if case .element = $0 { return true }
      return false
    }
    for child in element.children {
      switch child {
      case .element(let inner):
        try copyElement(inner, to: writer)
      case .text(let text):
        if hasElements && text.utf8.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { continue }
        try writer.text(text)
      }
    }
    try writer.endElement()
  }
}

private func quoted(_ text: String) -> String {
  JSONSerializer.compact.string(from: .string(text))
}
