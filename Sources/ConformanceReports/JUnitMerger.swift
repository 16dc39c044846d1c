import CLibXML2
import ConformanceJSON

/// Merges JUnit reports of shards (`conformance run --shard K/N --junit FILE`) into one report,
/// as `conformance merge OUT IN...` does.
///
/// - Every input is read with ``SafeXMLReader`` (no network, no DTD, no entities) and must be a
///   JUnit report: its root is `<testsuites>` holding `<testsuite>` elements, or a single
///   `<testsuite>`; a testsuite holds `<properties>`, `<testcase>`, `<system-out>` and
///   `<system-err>`; a testcase holds `<failure>`, `<error>`, `<skipped>`, `<system-out>` and
///   `<system-err>`; testsuites and testcases have a `name`. Anything else is refused with the
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
public enum JUnitMerger {
  /// Why reports could not be merged. Nothing was written.
  public enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    case noInputs
    case unreadable(path: String, reason: String)
    case malformed(path: String, line: Int, message: String)
    case documentType(path: String, line: Int)
    case tooLarge(path: String, line: Int, message: String)
    case notJUnit(path: String, line: Int, reason: String)
    case overlap(path: String, line: Int, testsuite: String, testcase: String, firstPath: String)
    case write(JUnitWriteError)

    public var description: String {
      switch self {
      case .noInputs:
        return "no JUnit reports to merge"
      case .unreadable(let path, let reason):
        return "\(path): cannot read: \(reason)"
      case .malformed(let path, let line, let message):
        return "\(path):\(line): not well-formed XML: \(message)"
      case .tooLarge(let path, let line, let message):
        return "\(path):\(line): a text node or attribute value is larger than the 10,000,000 bytes libxml2 "
          + "reads without its huge option (\(message)); readers such as lxml and junitparser refuse it too. "
          + "Reports from `conformance run` cap every value far below that"
      case .documentType(let path, let line):
        return "\(path):\(line): refused: a document type declaration (<!DOCTYPE>) has no place in a JUnit "
          + "report, and its entities could read other files or expand without bound"
      case .notJUnit(let path, let line, let reason):
        return "\(path):\(line): not a JUnit report: \(reason)"
      case .overlap(let path, let line, let testsuite, let testcase, let firstPath):
        return "\(path):\(line): testcase \(quoted(testcase)) of testsuite \(quoted(testsuite)) is also in "
          + "\(firstPath): the shards overlap"
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
    var documents: [ParsedXMLDocument] = []
    var roots: [InputRoot] = []
    var groups: [[UInt8]: Group] = [:]
    for path in inputs {
      let document: ParsedXMLDocument
      do {
        document = try SafeXMLReader.read(path: path)
      } catch {
        switch error {
        case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
        case .malformed(let line, let message): throw .malformed(path: path, line: line, message: message)
        case .documentType(let line): throw .documentType(path: path, line: line)
        case .tooLarge(let line, let message): throw .tooLarge(path: path, line: line, message: message)
        }
      }
      documents.append(document)
      let root = try readRoot(document)
      roots.append(root)
      for suite in root.suites {
        var group = groups[suite.key] ?? Group(first: suite)
        try group.add(suite)
        groups[suite.key] = group
      }
    }

    let ordered = groups.values.sorted { a, b in
      if !a.first.name.utf8.elementsEqual(b.first.name.utf8) { return utf8Precedes(a.first.name, b.first.name) }
      return utf8Precedes(a.first.file ?? "", b.first.file ?? "")
    }
    let file = JUnitReportFile(destination: destination)
    var totals = JUnitCounts()
    do throws(JUnitWriteError) {
      try file.open()
      for group in ordered {
        let rendered: (fragment: XMLFragment, counts: JUnitCounts)
        do {
          rendered = try group.render()
        } catch {
          throw JUnitWriteError(path: destination, reason: error.description)
        }
        try file.append(rendered.fragment)
        totals = totals + rendered.counts
      }
      let timestamps = roots.compactMap(\.timestamp).filter(isCanonicalTimestamp)
      try file.finish(
        JUnitRootAttributes(
          name: name ?? roots.lazy.compactMap(\.name).first ?? "conformance", counts: totals,
          nanoseconds: roots.reduce(0) { $0 + $1.nanoseconds },
          timestamp: timestamps.min(by: utf8Precedes) ?? roots.compactMap(\.timestamp).first,
          hostname: roots.compactMap(\.hostname).first))
    } catch {
      file.discard()
      throw .write(error)
    }
    withExtendedLifetime(documents) {}
    return totals
  }

  // MARK: - Reading

  private struct InputRoot {
    var name: String?
    var timestamp: String?
    var hostname: String?
    var nanoseconds: UInt64
    var suites: [InputSuite]
  }

  private struct InputSuite {
    var node: xmlNodePtr
    var path: String
    var name: String
    var file: String?
    var nanoseconds: UInt64
    var cases: [InputCase]
    /// `name`, a NUL, `file`: bytes, never a `String` key (canonically equivalent names are
    /// different testsuites).
    var key: [UInt8] { Array(name.utf8) + [0] + Array((file ?? "").utf8) }
  }

  private struct InputCase {
    var node: xmlNodePtr
    var path: String
    var name: String
    var classname: String
    /// The message of an `<error type="load-error">`, when that is what the testcase holds.
    var loadError: String?
    var key: [UInt8] { Array(name.utf8) + [0] + Array(classname.utf8) }
  }

  private static func readRoot(_ document: ParsedXMLDocument) throws(MergeError) -> InputRoot {
    let path = document.path
    guard let root = document.root else {
      throw .notJUnit(path: path, line: 1, reason: "the document has no root element")
    }
    switch root.elementName {
    case "testsuites" where root.pointee.ns == nil:
      var suites: [InputSuite] = []
      for child in root.childElements {
        guard child.elementName == "testsuite", child.pointee.ns == nil else {
          throw .notJUnit(
            path: path, line: child.line, reason: "unexpected element <\(child.qualifiedName)> in <testsuites>")
        }
        suites.append(try readSuite(child, path: path))
      }
      let nanoseconds = try root.attribute("time").map { (text) throws(MergeError) in
        try seconds(text, node: root, path: path)
      }
      return InputRoot(
        name: root.attribute("name"), timestamp: root.attribute("timestamp"), hostname: root.attribute("hostname"),
        nanoseconds: nanoseconds ?? suites.reduce(0) { $0 + $1.nanoseconds }, suites: suites)
    case "testsuite" where root.pointee.ns == nil:
      let suite = try readSuite(root, path: path)
      return InputRoot(
        name: nil, timestamp: root.attribute("timestamp"), hostname: root.attribute("hostname"),
        nanoseconds: suite.nanoseconds, suites: [suite])
    default:
      throw .notJUnit(
        path: path, line: root.line,
        reason: "the root element is <\(root.qualifiedName)>, expected <testsuites> or <testsuite>")
    }
  }

  private static func readSuite(_ node: xmlNodePtr, path: String) throws(MergeError) -> InputSuite {
    guard let name = node.attribute("name") else {
      throw .notJUnit(path: path, line: node.line, reason: "<testsuite> has no name attribute")
    }
    var cases: [InputCase] = []
    for child in node.childElements {
      let unexpected = MergeError.notJUnit(
        path: path, line: child.line, reason: "unexpected element <\(child.qualifiedName)> in <testsuite>")
      guard child.pointee.ns == nil else { throw unexpected }
      switch child.elementName {
      case "testcase":
        cases.append(try readCase(child, path: path))
      case "properties", "system-out", "system-err":
        break
      case "testsuite":
        throw .notJUnit(path: path, line: child.line, reason: "nested <testsuite> elements are not supported")
      default:
        throw unexpected
      }
    }
    let nanoseconds = try node.attribute("time").map { (text) throws(MergeError) in
      try seconds(text, node: node, path: path)
    }
    return InputSuite(
      node: node, path: path, name: name, file: node.attribute("file"), nanoseconds: nanoseconds ?? 0, cases: cases)
  }

  private static func readCase(_ node: xmlNodePtr, path: String) throws(MergeError) -> InputCase {
    guard let name = node.attribute("name") else {
      throw .notJUnit(path: path, line: node.line, reason: "<testcase> has no name attribute")
    }
    var loadError: String?
    for child in node.childElements {
      guard child.pointee.ns == nil, outcomeElements.contains(child.elementName) else {
        throw .notJUnit(
          path: path, line: child.line, reason: "unexpected element <\(child.qualifiedName)> in <testcase>")
      }
      if child.elementName == "error" && child.attribute("type") == "load-error" {
        loadError = child.attribute("message") ?? ""
      }
    }
    return InputCase(
      node: node, path: path, name: name, classname: node.attribute("classname") ?? "", loadError: loadError)
  }

  private static let outcomeElements = ["failure", "error", "skipped", "system-out", "system-err"]

  private static func seconds(_ text: String, node: xmlNodePtr, path: String) throws(MergeError) -> UInt64 {
    guard let value = JUnitFormat.nanoseconds(seconds: text) else {
      throw .notJUnit(
        path: path, line: node.line,
        reason: "time \(quoted(text)) of <\(node.elementName)> is not a plain decimal number of seconds")
    }
    return value
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
    var members: [InputSuite] = []
    var cases: [InputCase] = []
    var casesByKey: [[UInt8]: InputCase] = [:]

    init(first: InputSuite) {
      self.first = first
    }

    mutating func add(_ suite: InputSuite) throws(MergeError) {
      members.append(suite)
      for testcase in suite.cases {
        if let earlier = casesByKey[testcase.key] {
          if let message = testcase.loadError, let other = earlier.loadError, message.utf8.elementsEqual(other.utf8) {
            continue
          }
          throw .overlap(
            path: testcase.path, line: testcase.node.line, testsuite: suite.name, testcase: testcase.name,
            firstPath: earlier.path)
        }
        casesByKey[testcase.key] = testcase
        cases.append(testcase)
      }
    }

    func render() throws(XMLWriterError) -> (fragment: XMLFragment, counts: JUnitCounts) {
      let sorted = cases.sorted { a, b in
        if !a.name.utf8.elementsEqual(b.name.utf8) { return utf8Precedes(a.name, b.name) }
        return utf8Precedes(a.classname, b.classname)
      }
      var counts = JUnitCounts()
      for testcase in sorted {
        counts.tests += 1
        let outcomes = testcase.node.childElements.map(\.elementName)
        if outcomes.contains("error") {
          counts.errors += 1
        } else if outcomes.contains("failure") {
          counts.failures += 1
        } else if outcomes.contains("skipped") {
          counts.skipped += 1
        }
      }
      let writer = try XMLWriter.fragment()
      try writer.startElement("testsuite")
      try writer.attribute("name", first.name)
      try counts.write(to: writer)
      try writer.attribute("time", JUnitFormat.seconds(nanoseconds: members.reduce(0) { $0 + $1.nanoseconds }))
      let fixed = ["name", "tests", "failures", "errors", "skipped", "time"]
      let attributes = first.node.attributes
      // The remaining attributes of the first testsuite: the writer's usual ones in its order,
      // then any others in document order.
      let usual = ["timestamp", "hostname", "file"]
      for name in usual {
        if let attribute = attributes.first(where: { $0.prefix == nil && $0.name == name }) {
          try writer.attribute(name, attribute.value)
        }
      }
      for attribute in attributes
      where attribute.prefix != nil || !(fixed + usual).contains(attribute.name) {
        try writer.attribute(
          attribute.name, attribute.value, prefix: attribute.prefix, namespaceURI: attribute.namespaceURI)
      }
      if let properties = ([first] + members).lazy.compactMap({ suite in
        suite.node.childElements.first { $0.elementName == "properties" }
      }).first {
        try ShardStamp.writeMergedProperties(properties, to: writer)
      }
      for testcase in sorted { try copyElement(testcase.node, to: writer) }
      for stream in ["system-out", "system-err"] {
        let text = members.flatMap { $0.node.childElements.filter { $0.elementName == stream } }
          .map(\.textContent).joined()
        if !text.isEmpty {
          try writer.startElement(stream)
          try writer.text(text)
          try writer.endElement()
        }
      }
      try writer.endElement()
      return (try writer.finishFragment(), counts)
    }
  }

  /// Writes a parsed element again through the writer: name, attributes in document order,
  /// child elements, and text. Whitespace-only text between child elements is indentation and
  /// is left to the writer; any other text is kept exactly.
  private static func copyElement(_ node: xmlNodePtr, to writer: XMLWriter) throws(XMLWriterError) {
    let namespace = node.pointee.ns
    try writer.startElement(
      node.elementName, prefix: namespace.flatMap { borrowedXMLString($0.pointee.prefix) },
      namespaceURI: namespace.flatMap { borrowedXMLString($0.pointee.href) })
    for attribute in node.attributes {
      try writer.attribute(
        attribute.name, attribute.value, prefix: attribute.prefix, namespaceURI: attribute.namespaceURI)
    }
    let children = node.childNodes
    let hasElements = children.contains(where: \.isElement)
    for child in children {
      if child.isElement {
        try copyElement(child, to: writer)
      } else if child.isText {
        let text = child.textContent
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
