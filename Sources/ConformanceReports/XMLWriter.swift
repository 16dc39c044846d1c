import CLibXML2
import ConformanceJSON
import ConformanceLowLevel

/// An error libxml2's writer reported; libxml2 says only that a call failed (`-1`), so the
/// error names the call.
struct XMLWriterError: Error, CustomStringConvertible {
  var call: String
  var description: String { "libxml2 \(call) failed" }
}

/// Bytes of a well-formed element that an ``XMLWriter`` produced (see
/// ``XMLWriter/finishFragment()``): the only bytes ever written raw into another document.
struct XMLFragment {
  var bytes: [UInt8]
}

/// Text already passed through ``visibleXMLText(_:)``, so that a value written many times is
/// checked once.
struct VisibleXMLText {
  let text: String
  /// Whether libxml2 would write the text unchanged in an attribute value (see
  /// ``isVerbatimInAttribute(_:)``).
  let isVerbatimInAttribute: Bool

  init(_ text: String) {
    // Verbatim text is printable ASCII, so already visible: one scan for the common case.
    if ConformanceReports.isVerbatimInAttribute(text) {
      self.text = text
      self.isVerbatimInAttribute = true
    } else {
      self.text = visibleXMLText(text)
      self.isVerbatimInAttribute = ConformanceReports.isVerbatimInAttribute(self.text)
    }
  }
}

/// Whether an attribute value is printable ASCII without `<`, `>`, `&` or `"`: the bytes
/// libxml2's attribute escaping (`xmlBufAttrSerializeTxtContent`) leaves as they are. It
/// rewrites those four, TAB, LF and CR, and every non-ASCII scalar (as a character reference).
func isVerbatimInAttribute(_ text: String) -> Bool {
  text.utf8.withContiguousStorageIfAvailable(isVerbatimInAttribute) ?? false
}

/// ``isVerbatimInAttribute(_:)`` of UTF-8 bytes.
func isVerbatimInAttribute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  // Eight bytes at a time while they are plain (every passing testcase's id is checked), then
  // byte by byte (``ByteWord``'s tests are exact about whether some byte of a word matches).
  var offset = 0
  while offset + 8 <= bytes.count {
    let word = ByteWord.load(base, at: offset)
    // Not ASCII, below U+0020, U+007F, or one of `<`, `>`, `&`, `"`.
    let escaped =
      ByteWord.nonASCII(word) | ByteWord.below(0x20, in: word) | ByteWord.equal(to: 0x7F, in: word)
      | ByteWord.equal(to: UInt8(ascii: "<"), in: word) | ByteWord.equal(to: UInt8(ascii: ">"), in: word)
      | ByteWord.equal(to: UInt8(ascii: "&"), in: word) | ByteWord.equal(to: UInt8(ascii: "\""), in: word)
    if escaped != 0 { return false }
    offset += 8
  }
  for byte in UnsafeBufferPointer(rebasing: bytes[offset...]) {
    switch byte {
    case 0x20...0x7E
    where byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&")
      && byte != UInt8(ascii: "\""):
      continue
    default:
      return false
    }
  }
  return true
}

/// A C string's pointer as libxml2's `xmlChar` (unsigned char) type, which has the same layout.
private func xmlCharacters(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
  UnsafeRawPointer(pointer).assumingMemoryBound(to: xmlChar.self)
}

/// The one place that produces XML: a thin owner of a libxml2 `xmlTextWriter`.
///
/// No XML is ever built by hand. Every element, attribute and text goes through the writer,
/// which escapes `&`, `<`, `>`, quotes and line breaks itself; every string passes through
/// ``visibleXMLText(_:)`` first, because libxml2 would write the characters XML 1.0 forbids
/// as they are. Each method names the C function it wraps.
///
/// Not `Sendable`: one writer belongs to one thread, like the C object it owns.
final class XMLWriter {
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

  /// A writer into memory, for one element rendered on its own (a `<testsuite>`).
  /// Wraps `xmlAllocOutputBuffer` and `xmlNewTextWriter`, which takes the output over.
  ///
  /// Not `xmlNewTextWriterMemory`: its output copies everything once more into an `xmlBuffer`
  /// through a write callback, 4 KB at a time, and asks for the buffer's size after every
  /// piece written; an output without a callback just grows.
  static func fragment() throws(XMLWriterError) -> XMLWriter {
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
  static func document(descriptor: Int32) throws(XMLWriterError) -> XMLWriter {
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
  func startDocument() throws(XMLWriterError) {
    try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "xmlTextWriterStartDocument")
  }

  /// Closes every open element and ends the document. Wraps `xmlTextWriterEndDocument`.
  func endDocument() throws(XMLWriterError) {
    try check(xmlTextWriterEndDocument(writer), "xmlTextWriterEndDocument")
  }

  /// Opens an element. Wraps `xmlTextWriterStartElement`; with a namespace it wraps
  /// `xmlTextWriterStartElementNS`, which also declares the namespace where needed.
  func startElement(_ name: String, prefix: String? = nil, namespaceURI: String? = nil)
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
  func endElement() throws(XMLWriterError) {
    try check(xmlTextWriterEndElement(writer), "xmlTextWriterEndElement")
  }

  /// An attribute of the element just opened; the writer escapes `&`, `<`, `>`, `"` and turns
  /// TAB, LF and CR into character references so they survive attribute normalisation.
  /// Wraps `xmlTextWriterWriteAttribute`, or `xmlTextWriterWriteAttributeNS` with a namespace.
  func attribute(_ name: String, _ value: String, prefix: String? = nil, namespaceURI: String? = nil)
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
  func attribute(_ name: String, _ value: VisibleXMLText) throws(XMLWriterError) {
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
    var text = value.text
    let written = text.withUTF8 { bytes -> Int32 in
      // libxml2 refuses a null pointer even for no bytes; an empty value needs no call.
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
      return xmlTextWriterWriteRawLen(writer, base, Int32(bytes.count))
    }
    try check(written, "xmlTextWriterWriteRawLen")
    try check(xmlTextWriterEndAttribute(writer), "xmlTextWriterEndAttribute")
  }

  /// Character data; the writer escapes `&`, `<`, `>` (so `]]>` cannot end anything) and CR.
  /// Wraps `xmlTextWriterWriteString`.
  func text(_ value: String) throws(XMLWriterError) {
    try check(xmlTextWriterWriteString(writer, visibleXMLText(value)), "xmlTextWriterWriteString")
  }

  /// Splices bytes of fragments another ``XMLWriter`` produced, unchanged, into this document,
  /// or testcases put together from markup an ``XMLWriter`` produced
  /// (``PassingTestCaseMarkup``). Nothing else is ever written raw. Wraps `xmlTextWriterWriteRawLen` (the raw call also
  /// closes a pending start tag first). The caller cuts chunks on UTF-8 boundaries.
  func splice(fragmentBytes: UnsafeBufferPointer<UInt8>) throws(XMLWriterError) {
    guard let base = fragmentBytes.baseAddress, !fragmentBytes.isEmpty else { return }
    try check(
      xmlTextWriterWriteRawLen(writer, base, Int32(fragmentBytes.count)), "xmlTextWriterWriteRawLen")
  }

  /// Splices whole fragments other ``XMLWriter``s produced, back to back in `bytes`, into a
  /// document writer's file with `write`s of their own: flushes what the writer holds first (`xmlTextWriterFlush`), so
  /// the bytes land right after it. ``splice(fragmentBytes:)`` would copy them through
  /// libxml2's buffer and write them in 16 KB pieces. Call it where `splice` may be called
  /// (no start tag pending); the writer carries on after the spliced bytes.
  func spliceIntoFile(_ bytes: UnsafeRawBufferPointer) throws {
    guard let descriptor else { throw XMLWriterError(call: "spliceIntoFile on a fragment writer") }
    try flush()
    if bytes.count > 0 { try FileSystem.writeAll(descriptor, bytes) }
  }

  /// Splices a file of whole fragments other ``XMLWriter``s produced (from its current offset to
  /// its end) into a document writer's file, after flushing what the writer holds
  /// (`xmlTextWriterFlush`): copied inside the kernel where it can be, never through libxml2's
  /// buffer in 16 KB pieces as ``splice(fragmentBytes:)`` would.
  func spliceIntoFile(fromFile input: Int32) throws {
    guard let descriptor else { throw XMLWriterError(call: "spliceIntoFile on a fragment writer") }
    try flush()
    try FileSystem.copyRest(of: input, to: descriptor)
  }

  /// Pushes what the writer holds to its output; reports an output error (a full disk) that
  /// earlier calls may have hidden in libxml2's buffer. Wraps `xmlTextWriterFlush`.
  func flush() throws(XMLWriterError) {
    try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
  }

  /// The bytes a fragment writer produced. Wraps `xmlTextWriterFlush`, then reads the output
  /// with `xmlOutputBufferGetContent` and `xmlOutputBufferGetSize`.
  func finishFragment() throws(XMLWriterError) -> XMLFragment {
    guard let memoryOutput else { throw XMLWriterError(call: "finishFragment on a document writer") }
    try flush()
    let length = Int(xmlOutputBufferGetSize(memoryOutput))
    guard length > 0, let content = xmlOutputBufferGetContent(memoryOutput) else { return XMLFragment(bytes: []) }
    return XMLFragment(bytes: Array(UnsafeBufferPointer(start: content, count: length)))
  }

  private func check(_ status: Int32, _ call: String) throws(XMLWriterError) {
    if status < 0 { throw XMLWriterError(call: call) }
  }
}
