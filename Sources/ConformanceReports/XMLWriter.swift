import CLibXML2

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

  init(_ text: String) {
    self.text = visibleXMLText(text)
  }
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
  /// The memory buffer a fragment writer fills, or `nil` when writing to a file.
  private let buffer: xmlBufferPtr?

  private init(writer: xmlTextWriterPtr, buffer: xmlBufferPtr?) {
    self.writer = writer
    self.buffer = buffer
  }

  /// A writer into memory, for one element rendered on its own (a `<testsuite>`).
  /// Wraps `xmlBufferCreate` and `xmlNewTextWriterMemory` (no compression).
  static func fragment() throws(XMLWriterError) -> XMLWriter {
    _ = libxml2Initialized
    guard let buffer = xmlBufferCreate() else { throw XMLWriterError(call: "xmlBufferCreate") }
    guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
      xmlBufferFree(buffer)
      throw XMLWriterError(call: "xmlNewTextWriterMemory")
    }
    let result = XMLWriter(writer: writer, buffer: buffer)
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
    let result = XMLWriter(writer: writer, buffer: nil)
    try result.indent()
    return result
  }

  deinit {
    // `xmlFreeTextWriter` flushes and closes the output buffer; the memory buffer is ours.
    xmlFreeTextWriter(writer)
    if let buffer { xmlBufferFree(buffer) }
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
  func attribute(_ name: String, _ value: VisibleXMLText) throws(XMLWriterError) {
    let status = name.withCString { namePointer in
      value.text.withCString { valuePointer in
        xmlTextWriterWriteAttribute(writer, xmlCharacters(namePointer), xmlCharacters(valuePointer))
      }
    }
    try check(status, "xmlTextWriterWriteAttribute")
  }

  /// Character data; the writer escapes `&`, `<`, `>` (so `]]>` cannot end anything) and CR.
  /// Wraps `xmlTextWriterWriteString`.
  func text(_ value: String) throws(XMLWriterError) {
    try check(xmlTextWriterWriteString(writer, visibleXMLText(value)), "xmlTextWriterWriteString")
  }

  /// Splices bytes of fragments another ``XMLWriter`` produced, unchanged, into this document.
  /// Nothing else is ever written raw. Wraps `xmlTextWriterWriteRawLen` (the raw call also
  /// closes a pending start tag first). The caller cuts chunks on UTF-8 boundaries.
  func splice(fragmentBytes: UnsafeBufferPointer<UInt8>) throws(XMLWriterError) {
    guard let base = fragmentBytes.baseAddress, !fragmentBytes.isEmpty else { return }
    try check(
      xmlTextWriterWriteRawLen(writer, base, Int32(fragmentBytes.count)), "xmlTextWriterWriteRawLen")
  }

  /// Pushes what the writer holds to its output; reports an output error (a full disk) that
  /// earlier calls may have hidden in libxml2's buffer. Wraps `xmlTextWriterFlush`.
  func flush() throws(XMLWriterError) {
    try check(xmlTextWriterFlush(writer), "xmlTextWriterFlush")
  }

  /// The bytes a fragment writer produced. Wraps `xmlTextWriterFlush`, then reads the memory
  /// buffer with `xmlBufferContent` and `xmlBufferLength`.
  func finishFragment() throws(XMLWriterError) -> XMLFragment {
    guard let buffer else { throw XMLWriterError(call: "finishFragment on a document writer") }
    try flush()
    let length = Int(xmlBufferLength(buffer))
    guard length > 0, let content = xmlBufferContent(buffer) else { return XMLFragment(bytes: []) }
    return XMLFragment(bytes: Array(UnsafeBufferPointer(start: content, count: length)))
  }

  private func check(_ status: Int32, _ call: String) throws(XMLWriterError) {
    if status < 0 { throw XMLWriterError(call: call) }
  }
}
