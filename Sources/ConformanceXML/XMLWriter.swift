import CLibXML2
import ConformanceLowLevel

/// An error libxml2's writer reported; libxml2 says only that a call failed (`-1`), so the
/// error names the call.
package struct XMLWriterError: Error, Sendable, CustomStringConvertible {
  package var call: String

  package init(call: String) {
    self.call = call
  }

  package var description: String { "libxml2 \(call) failed" }
}

/// Bytes of a well-formed element that an ``XMLWriter`` produced (see
/// ``XMLWriter/finishFragment()``): the only bytes ever written raw into another document.
///
/// It keeps the finished writer's own output buffer rather than a copy: a fragment is made on a
/// worker thread and written once, whole, on another, and copying every `<testsuite>` out of
/// libxml2's buffer moved each report's bytes once more (into memory touched for the first
/// time). `@unchecked Sendable`: the writer is finished, so nothing changes the buffer; it is
/// only read (``bytes``, ``write(to:)``, a splice) and freed once, when the fragment goes.
package final class XMLFragment: @unchecked Sendable {
  /// The finished writer that owns the buffer, `nil` for an empty fragment.
  private let owner: XMLWriter?
  /// Where the bytes start in the owner's buffer (the writer's splice reads it too).
  fileprivate let start: UnsafePointer<UInt8>?
  /// How many bytes the fragment holds.
  package let count: Int

  fileprivate init(owner: XMLWriter?, start: UnsafePointer<UInt8>?, count: Int) {
    self.owner = owner
    self.start = start
    self.count = count
  }

  /// An empty fragment.
  package static var empty: XMLFragment { XMLFragment(owner: nil, start: nil, count: 0) }

  /// A copy of the bytes.
  package var bytes: [UInt8] {
    withExtendedLifetime(owner) { Array(UnsafeRawBufferPointer(start: start, count: count)) }
  }

  /// Writes the bytes to `descriptor` (``writeAll(_:pieces:)``).
  package func write(to descriptor: Int32) throws(SystemCallError) {
    try withExtendedLifetime(owner) { () throws(SystemCallError) in
      try writeAll(descriptor, pieces: [UnsafeRawBufferPointer(start: start, count: count)])
    }
  }
}

/// Text already passed through ``visibleXMLText(_:)``, so that a value written many times is
/// checked once.
package struct VisibleXMLText: Sendable {
  package let text: String
  /// Whether libxml2 would write the text unchanged in an attribute value (see
  /// ``isVerbatimInAttribute(_:)``).
  let isVerbatimInAttribute: Bool

  package init(_ text: String) {
    // Verbatim text is printable ASCII, so already visible: one scan for the common case.
    if ConformanceXML.isVerbatimInAttribute(text) {
      self.text = text
      self.isVerbatimInAttribute = true
    } else {
      self.text = visibleXMLText(text)
      self.isVerbatimInAttribute = ConformanceXML.isVerbatimInAttribute(self.text)
    }
  }
}

/// Whether an attribute value is printable ASCII without `<`, `>`, `&` or `"`: the bytes
/// libxml2's attribute escaping (`xmlBufAttrSerializeTxtContent`) leaves as they are. It
/// rewrites those four, TAB, LF and CR, and every non-ASCII scalar (as a character reference).
func isVerbatimInAttribute(_ text: String) -> Bool {
  // Over the string's own UTF-8, eight bytes at a time (every testcase's id and time are checked).
  ByteView.withUTF8(of: text) { $0.isVerbatimInXMLAttribute() }
}

/// The one place that produces XML: a thin owner of a libxml2 `xmlTextWriter`.
///
/// No XML is ever built by hand. Every element, attribute and text goes through the writer,
/// which escapes `&`, `<`, `>`, quotes and line breaks itself; every string passes through
/// ``visibleXMLText(_:)`` first, because libxml2 would write the characters XML 1.0 forbids
/// as they are. Each method names the C function it wraps.
///
/// Not `Sendable`: one writer belongs to one thread, like the C object it owns.
package final class XMLWriter {
  private let writer: xmlTextWriterPtr
  /// The in-memory output a fragment writer fills (owned by `writer`), or `nil` when writing
  /// to a file.
  private let memoryOutput: xmlOutputBufferPtr?
  /// The file a document writer writes, or `nil` for a fragment writer.
  private let descriptor: Int32?

  private init(writer: xmlTextWriterPtr, memoryOutput: xmlOutputBufferPtr?, descriptor: Int32? = nil) {
    self.writer = writer
    self.memoryOutput = memoryOutput
    self.descriptor = descriptor
  }

  /// A writer into memory, for one element rendered on its own (a `<testsuite>`), whose bytes
  /// ``finishFragment()`` gives.
  /// Wraps `xmlAllocOutputBuffer` and `xmlNewTextWriter`, which takes the output over.
  ///
  /// Not `xmlNewTextWriterMemory`: its output copies everything once more into an `xmlBuffer`
  /// through a write callback, 4 KB at a time, and asks for the buffer's size after every
  /// piece written; an output without a callback just grows.
  package static func fragment() throws(XMLWriterError) -> XMLWriter {
    _ = libxml2Initialized
    guard let output = xmlAllocOutputBuffer(nil) else { throw XMLWriterError(call: "xmlAllocOutputBuffer") }
    guard let writer = xmlNewTextWriter(output) else {
      xmlOutputBufferClose(output)
      throw XMLWriterError(call: "xmlNewTextWriter")
    }
    let result = XMLWriter(writer: writer, memoryOutput: output)
    try result.indent()
    return result
  }

  /// A writer into an open file descriptor, which stays open (the caller syncs and closes it).
  /// Wraps `xmlOutputBufferCreateFd` (it installs no close callback, so the descriptor stays
  /// ours) and `xmlNewTextWriter`, which takes the output buffer over.
  package static func document(descriptor: Int32) throws(XMLWriterError) -> XMLWriter {
    _ = libxml2Initialized
    guard let output = xmlOutputBufferCreateFd(descriptor, nil) else {
      throw XMLWriterError(call: "xmlOutputBufferCreateFd")
    }
    guard let writer = xmlNewTextWriter(output) else {
      xmlOutputBufferClose(output)
      throw XMLWriterError(call: "xmlNewTextWriter")
    }
    let result = XMLWriter(writer: writer, memoryOutput: nil, descriptor: descriptor)
    try result.indent()
    return result
  }

  deinit {
    // `xmlFreeTextWriter` flushes and closes (frees) the output, in memory or on a file.
    xmlFreeTextWriter(writer)
  }

  /// Two-space indentation so people can read the report. Wraps `xmlTextWriterSetIndent` and
  /// `xmlTextWriterSetIndentString` (the default indent is one space).
  private func indent() throws(XMLWriterError) {
    try check(xmlTextWriterSetIndent(writer, 1), "xmlTextWriterSetIndent")
    try check(xmlTextWriterSetIndentString(writer, "  "), "xmlTextWriterSetIndentString")
  }

  /// `<?xml version="1.0" encoding="UTF-8"?>`. Wraps `xmlTextWriterStartDocument`.
  package func startDocument() throws(XMLWriterError) {
    try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
  }

  /// Closes every open element and ends the document. Wraps `xmlTextWriterEndDocument`.
  package func endDocument() throws(XMLWriterError) {
    try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
  }

  /// Opens an element. Wraps `xmlTextWriterStartElement`; with a namespace it wraps
  /// `xmlTextWriterStartElementNS`, which also declares the namespace where needed.
  package func startElement(_ name: String, prefix: String? = nil, namespaceURI: String? = nil)
    throws(XMLWriterError)
  {
    if prefix != nil || namespaceURI != nil {
      try check(
        xmlTextWriterStartElementNS(writer, prefix, name, namespaceURI.map(visibleXMLText)),
        "xmlTextWriterStartElementNS")
    } else {
      let status = name.withCString { xmlTextWriterStartElement(writer, xmlCharacters($0)) }
      try check(status, "xmlTextWriterStartElement")
    }
  }

  /// Closes the innermost open element (as `/>` when it is empty). Wraps
  /// `xmlTextWriterEndElement`.
  package func endElement() throws(XMLWriterError) {
    try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
  }

  /// An attribute of the element just opened; the writer escapes `&`, `<`, `>`, `"` and turns
  /// TAB, LF and CR into character references so they survive attribute normalisation.
  /// Wraps `xmlTextWriterWriteAttribute`, or `xmlTextWriterWriteAttributeNS` with a namespace.
  package func attribute(_ name: String, _ value: String, prefix: String? = nil, namespaceURI: String? = nil)
    throws(XMLWriterError)
  {
    if prefix != nil || namespaceURI != nil {
      try check(
        xmlTextWriterWriteAttributeNS(
          writer, prefix, name, namespaceURI.map(visibleXMLText), visibleXMLText(value)),
        "xmlTextWriterWriteAttributeNS")
    } else {
      try attribute(name, VisibleXMLText(value))
    }
  }

  /// An attribute whose value was made visible once (``VisibleXMLText``) and is written many
  /// times, like a file's path on each of its testcases. Wraps `xmlTextWriterWriteAttribute`,
  /// handing it the strings' own UTF-8 (`withCString`) rather than a C copy made per call.
  ///
  /// A value that escaping would leave unchanged (ids, times, most paths) skips the escaping:
  /// it goes through `xmlTextWriterStartAttribute`, `xmlTextWriterWriteRawLen` and
  /// `xmlTextWriterEndAttribute`, which is what `xmlTextWriterWriteAttribute` does after
  /// escaping the value into a temporary buffer; that buffer and the byte-by-byte escape were
  /// about a quarter of the time spent writing a passing testcase. The bytes written are the same.
  package func attribute(_ name: String, _ value: VisibleXMLText) throws(XMLWriterError) {
    guard value.isVerbatimInAttribute else {
      let status = name.withCString { namePointer in
        value.text.withCString { valuePointer in
          xmlTextWriterWriteAttribute(writer, xmlCharacters(namePointer), xmlCharacters(valuePointer))
        }
      }
      return try check(status, "xmlTextWriterWriteAttribute")
    }
    let started = name.withCString { xmlTextWriterStartAttribute(writer, xmlCharacters($0)) }
    try check(started, "xmlTextWriterStartAttribute")
    // The string's own bytes, not a copy's (`var copy = text; copy.withUTF8` retained and
    // released its storage on every attribute).
    let written = ByteView.withUTF8(of: value.text) { view in
      view.withContiguousStorageIfAvailable { bytes -> Int32 in
        // libxml2 refuses a null pointer even for no bytes; an empty value needs no call.
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        return xmlTextWriterWriteRawLen(writer, base, Int32(bytes.count))
      } ?? 0
    }
    try check(written, "xmlTextWriterWriteRawLen")
    try check(xmlTextWriterEndAttribute(writer), "xmlTextWriterEndAttribute")
  }

  /// Character data; the writer escapes `&`, `<`, `>` (so `]]>` cannot end anything) and CR.
  /// Wraps `xmlTextWriterWriteString`.
  package func text(_ value: String) throws(XMLWriterError) {
    try check(xmlTextWriterWriteString(writer, visibleXMLText(value)), "xmlTextWriterWriteString")
  }

  /// Splices whole fragments other ``XMLWriter``s produced into a document writer's file, many
  /// to a `writev` (``writeAll(_:pieces:)``): flushes what the writer holds first
  /// (`xmlTextWriterFlush`), so the bytes land right after it, rather than copying them through
  /// libxml2's buffer in 16 KB pieces (`xmlTextWriterWriteRawLen`). Nothing else is ever written
  /// raw. Call it where no start tag is pending; the writer carries on after the spliced bytes.
  /// Throws ``XMLWriterError``, or the write's ``SystemCallError``.
  ///
  /// One `write` a fragment was a visible part of a large run's end: on ext4 each call takes
  /// the file's lock and updates its times again.
  package func spliceIntoFile(_ fragments: [XMLFragment]) throws {
    guard let descriptor else { throw XMLWriterError(call: "spliceIntoFile on a fragment writer") }
    try flush()
    try withExtendedLifetime(fragments) { () throws(SystemCallError) in
      try writeAll(
        descriptor, pieces: fragments.map { UnsafeRawBufferPointer(start: $0.start, count: $0.count) })
    }
  }

  /// Splices a file of whole fragments other ``XMLWriter``s produced (from its current offset to
  /// its end) into a document writer's file, after flushing what the writer holds
  /// (`xmlTextWriterFlush`): copied inside the kernel where it can be (``copyRest(of:to:)``).
  /// Throws ``XMLWriterError``, or the copy's ``SystemCallError``.
  package func spliceIntoFile(fromFile input: Int32) throws {
    guard let descriptor else { throw XMLWriterError(call: "spliceIntoFile on a fragment writer") }
    try flush()
    try copyRest(of: input, to: descriptor)
  }

  /// Pushes what the writer holds to its output; reports an output error (a full disk) that
  /// earlier calls may have hidden in libxml2's buffer. Wraps `xmlTextWriterFlush`.
  package func flush() throws(XMLWriterError) {
    try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
  }

  /// The bytes a fragment writer produced, in the writer's own buffer: write nothing more with
  /// this writer. Wraps `xmlTextWriterFlush`, then reads the output with
  /// `xmlOutputBufferGetContent` and `xmlOutputBufferGetSize`.
  package func finishFragment() throws(XMLWriterError) -> XMLFragment {
    guard let memoryOutput else { throw XMLWriterError(call: "finishFragment on a document writer") }
    try flush()
    let length = Int(xmlOutputBufferGetSize(memoryOutput))
    guard length > 0, let content = xmlOutputBufferGetContent(memoryOutput) else { return .empty }
    // The fragment keeps this writer (and so its buffer) alive; nothing writes to it again.
    return XMLFragment(owner: self, start: content, count: length)
  }

  private func check(_ status: Int32, _ call: String) throws(XMLWriterError) {
    if status < 0 { throw XMLWriterError(call: call) }
  }
}
