import CLibXML2
import ConformanceLowLevel

/// Why a file could not be read as XML.
package enum XMLReadFailure: Error, Equatable {
  case unreadable(reason: String)
  case malformed(line: Int, message: String)
  case documentType(line: Int)
  /// Beyond a limit (libxml2's own, without `XML_PARSE_HUGE`, or ``SafeXMLReader``'s): the
  /// document may be well-formed, it is too large to read safely.
  case tooLarge(line: Int, message: String)
  /// The handler refused what it was given (``XMLStreamHandler``).
  case refused(any Error)

  package static func == (lhs: XMLReadFailure, rhs: XMLReadFailure) -> Bool {
    switch (lhs, rhs) {
    case (.unreadable(let a), .unreadable(let b)): return a == b
    case (.malformed(let a, let b), .malformed(let c, let d)): return a == c && b == d
    case (.documentType(let a), .documentType(let b)): return a == b
    case (.tooLarge(let a, let b), .tooLarge(let c, let d)): return a == c && b == d
    default: return false
    }
  }
}

/// An attribute as the parser read it: its namespace (when it has one), name and value.
package struct XMLAttribute: Equatable, Sendable {
  package var prefix: String?
  package var namespaceURI: String?
  package var name: String
  package var value: String

  package init(prefix: String?, namespaceURI: String?, name: String, value: String) {
    self.prefix = prefix
    self.namespaceURI = namespaceURI
    self.name = name
    self.value = value
  }
}

/// Receives a document's elements and text as they are read, in document order. A handler
/// that throws stops the parse; the error comes back as ``XMLReadFailure/refused(_:)``.
package protocol XMLStreamHandler: AnyObject {
  func startElement(
    name: String, prefix: String?, namespaceURI: String?, attributes: [XMLAttribute], line: Int) throws
  func endElement() throws
  /// Character data or CDATA, in pieces (one text may come in several calls, cut on
  /// character boundaries).
  func text(_ text: String)
}

/// Reads untrusted XML (shard reports) with libxml2, safely, as a stream of elements: nothing
/// is kept but what the handler keeps, so memory does not grow with the document.
///
/// - Options: `XML_PARSE_NONET` (never fetch anything), `XML_PARSE_NOERROR` and
///   `XML_PARSE_NOWARNING` (nothing printed: errors are captured and returned), and
///   `XML_PARSE_BIG_LINES` (true line numbers past 65535). Never `XML_PARSE_NOENT`,
///   `XML_PARSE_DTDLOAD` or `XML_PARSE_HUGE`, which would expand entities, load external DTDs
///   or lift libxml2's size limits.
/// - A document type declaration is refused outright: the parser is stopped by the SAX
///   `internalSubset` callback, which libxml2 calls as soon as it has read `<!DOCTYPE name`,
///   before any markup declaration in it. So no entity is ever declared, expanded (billion
///   laughs) or loaded (XXE), and an external DTD is never opened.
/// - The file is read by us in chunks into a push parser, not opened by libxml2: a path is
///   never taken for a URL, `-` never means standard input, and compressed files are not
///   inflated. Only a regular file is read (a FIFO or device is refused unopened).
/// - Time is bounded too: libxml2 (2.9) checks an element's attributes for repeats pairwise, so
///   a start tag with 200,000 attributes takes minutes. Each chunk is scanned before libxml2
///   sees it, and an element with more than ``maxAttributes`` attributes (namespace
///   declarations included) is refused as too large. libxml2's own limits (names, attribute
///   values, nesting depth) are reported as too large, never as not well-formed.
package enum SafeXMLReader {
  static let chunkSize = 64 * 1024
  /// The most attributes an element may have; a JUnit element has a handful.
  package static let maxAttributes = 1000

  static let options =
    Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOERROR.rawValue)
    | Int32(XML_PARSE_NOWARNING.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue)

  /// What the C callbacks learn during a parse; reached through the context's `_private`.
  private final class ParseState {
    let handler: any XMLStreamHandler
    var documentTypeLine: Int?
    var firstError: (line: Int, message: String, code: Int32)?
    var refusal: (any Error)?
    var tooLarge: (line: Int, message: String)?

    init(handler: any XMLStreamHandler) {
      self.handler = handler
    }

    var stopped: Bool { documentTypeLine != nil || firstError != nil || refusal != nil || tooLarge != nil }
  }

  private static func state(_ userData: UnsafeMutableRawPointer) -> ParseState {
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    return Unmanaged<ParseState>.fromOpaque(context.pointee._private).takeUnretainedValue()
  }

  /// Reads the file at `path`, handing its elements to `handler`.
  package static func stream(path: String, to handler: any XMLStreamHandler) throws(XMLReadFailure) {
    _ = libxml2Initialized
    let descriptor = try openRegularFile(path)
    defer { try? closeFile(descriptor) }
    var sax = xmlSAXHandler()
    guard let context = xmlCreatePushParserCtxt(&sax, nil, nil, 0, path) else {
      throw .unreadable(reason: "libxml2 could not create a parser")
    }
    let state = ParseState(handler: handler)
    let retained = Unmanaged.passRetained(state)
    defer {
      if let document = context.pointee.myDoc {
        context.pointee.myDoc = nil
        xmlFreeDoc(document)
      }
      xmlFreeParserCtxt(context)
      retained.release()
    }
    _ = xmlCtxtUseOptions(context, options)
    // Handlers are installed after the options, which rewrite some of them. Only these: no
    // tree is built.
    context.pointee._private = retained.toOpaque()
    install(on: context.pointee.sax)
    try feed(descriptor, to: context, until: { state.stopped })
    try throwFirstProblem(of: state, context: context)
  }

  /// Opens `path` for reading when it names a regular file, checked by name before opening (a
  /// FIFO would wait, a device would never end) and by descriptor after (the name may have
  /// changed in between).
  private static func openRegularFile(_ path: String) throws(XMLReadFailure) -> Int32 {
    let named: FileInfo
    do {
      named = try fileInfo(atPath: path)
    } catch {
      throw .unreadable(reason: error.description)
    }
    guard named.kind == .regular else { throw .unreadable(reason: "not a regular file") }
    let descriptor: Int32
    do {
      descriptor = try openFile(path, [.readOnly, .nonBlocking, .noControllingTerminal])
    } catch {
      throw .unreadable(reason: error.description)
    }
    let opened: FileInfo
    do {
      opened = try fileInfo(ofDescriptor: descriptor)
    } catch {
      try? closeFile(descriptor)
      throw .unreadable(reason: error.description)
    }
    guard opened.kind == .regular else {
      try? closeFile(descriptor)
      throw .unreadable(reason: "not a regular file")
    }
    return descriptor
  }

  /// Reads the file in chunks into the push parser (`xmlParseChunk`), each chunk's start tags
  /// counted first (``AttributeCountScanner``), until its end or until `stopped`.
  private static func feed(_ descriptor: Int32, to context: xmlParserCtxtPtr, until stopped: () -> Bool)
    throws(XMLReadFailure)
  {
    var buffer: [UInt8] = []
    var scanner = AttributeCountScanner(limit: maxAttributes)
    var total = 0
    while !stopped() {
      do {
        try readChunk(descriptor, into: &buffer, count: chunkSize)
      } catch {
        throw .unreadable(reason: error.description)
      }
      if buffer.isEmpty {
        // The push parser words an empty input as "Extra content at the end of the document";
        // say what the pull parser says instead.
        if total == 0 { throw .malformed(line: 1, message: "Document is empty") }
        _ = xmlParseChunk(context, nil, 0, 1)
        return
      }
      total += buffer.count
      if let line = scanner.scan(buffer) {
        throw .tooLarge(line: line, message: "an element has more than \(maxAttributes) attributes")
      }
      _ = buffer.withUnsafeBufferPointer { chunk in
        chunk.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), 0) }
      }
    }
  }

  /// The first thing that went wrong during the parse, if anything did.
  private static func throwFirstProblem(of state: ParseState, context: xmlParserCtxtPtr) throws(XMLReadFailure) {
    if let line = state.documentTypeLine { throw .documentType(line: line) }
    if let refusal = state.refusal { throw .refused(refusal) }
    if let tooLarge = state.tooLarge { throw .tooLarge(line: tooLarge.line, message: tooLarge.message) }
    if let error = state.firstError {
      if isLimit(code: error.code, message: error.message) {
        throw .tooLarge(line: error.line, message: "beyond libxml2's limit: \(error.message)")
      }
      throw .malformed(line: error.line, message: error.message)
    }
    guard context.pointee.wellFormed != 0 else {
      throw .malformed(line: Int(xmlSAX2GetLineNumber(context)), message: "not well-formed")
    }
  }

  /// Whether a libxml2 error is one of its size limits (names, text, attribute values, depth,
  /// lookahead) rather than a mistake in the document.
  static func isLimit(code: Int32, message: String) -> Bool {
    if code == Int32(XML_ERR_NAME_TOO_LONG.rawValue) { return true }
    for marker in ["XML_PARSE_HUGE", "too long", "Huge input lookup", "Excessive depth", "huge text"] {
      if message.contains(marker) { return true }
    }
    return false
  }

  private static func install(on sax: UnsafeMutablePointer<xmlSAXHandler>) {
    sax.pointee.internalSubset = { userData, _, _, _ in
      guard let userData else { return }
      let state = SafeXMLReader.state(userData)
      state.documentTypeLine = Int(xmlSAX2GetLineNumber(userData))
      xmlStopParser(userData.assumingMemoryBound(to: xmlParserCtxt.self))
    }
    sax.pointee.serror = { userData, error in
      guard let userData, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      let state = SafeXMLReader.state(userData)
      guard state.firstError == nil else { return }
      var message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
      while message.utf8.last == UInt8(ascii: "\n") { message.removeLast() }
      state.firstError = (Int(error.pointee.line), message, error.pointee.code)
    }
    sax.pointee.startElementNs = { userData, localName, prefix, uri, _, _, attributeCount, _, attributes in
      guard let userData else { return }
      let state = SafeXMLReader.state(userData)
      guard !state.stopped else { return }
      let line = Int(xmlSAX2GetLineNumber(userData))
      var values: [XMLAttribute] = []
      values.reserveCapacity(Int(attributeCount))
      if let attributes {
        for index in 0..<Int(attributeCount) {
          let base = attributes + 5 * index
          let start = base[3]
          let end = base[4]
          let length = start.flatMap { start in end.map { $0 - start } } ?? 0
          let value = start.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
          values.append(
            XMLAttribute(
              prefix: borrowedXMLString(base[1]), namespaceURI: borrowedXMLString(base[2]),
              name: borrowedXMLString(base[0]) ?? "", value: SafeXMLReader.decodeAmpersands(value)))
        }
      }
      do {
        try state.handler.startElement(
          name: borrowedXMLString(localName) ?? "", prefix: borrowedXMLString(prefix),
          namespaceURI: borrowedXMLString(uri), attributes: values, line: line)
      } catch {
        state.refusal = error
        xmlStopParser(userData.assumingMemoryBound(to: xmlParserCtxt.self))
      }
    }
    sax.pointee.endElementNs = { userData, _, _, _ in
      guard let userData else { return }
      let state = SafeXMLReader.state(userData)
      guard !state.stopped else { return }
      do {
        try state.handler.endElement()
      } catch {
        state.refusal = error
        xmlStopParser(userData.assumingMemoryBound(to: xmlParserCtxt.self))
      }
    }
    let text: charactersSAXFunc = { userData, characters, length in
      guard let userData, let characters, length > 0 else { return }
      let state = SafeXMLReader.state(userData)
      guard !state.stopped else { return }
      state.handler.text(String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self))
    }
    sax.pointee.characters = text
    sax.pointee.cdataBlock = text
    sax.pointee.initialized = XML_SAX2_MAGIC
  }

  /// An attribute value as libxml2's SAX2 interface hands it over without entity replacement:
  /// an `&` the document wrote (as `&amp;` or `&#38;`) arrives as the five characters `&#38;`,
  /// for a tree builder to parse again. No other `&` can be in a parsed value, so each `&#38;`
  /// is one `&`.
  static func decodeAmpersands(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
    var bytes: [UInt8] = []
    let source = Array(value.utf8)
    let reference = Array("&#38;".utf8)
    var index = 0
    while index < source.count {
      if source[index] == UInt8(ascii: "&") && source[index...].starts(with: reference) {
        bytes.append(UInt8(ascii: "&"))
        index += reference.count
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Counts the attributes of each start tag in raw XML bytes, across chunks, to find an element
/// with more than `limit` before libxml2 parses it: each `=` inside a tag and outside a quoted
/// value is one attribute (or namespace declaration). Comments, CDATA sections, processing
/// instructions and declarations are skipped. A document that is not well-formed may be
/// counted wrongly; libxml2 then refuses it anyway.
package struct AttributeCountScanner {
  let limit: Int
  private enum State {
    case text, afterLess, tag
    case quoted(UInt8)
    case markup, comment, cdata, instruction
  }
  private var state = State.text
  private var count = 0
  private var line = 1
  /// The last bytes seen, to recognise `<!--`, `-->`, `<![CDATA[`, `]]>` and `?>` across chunks.
  private var recent: [UInt8] = []

  package init(limit: Int) {
    self.limit = limit
  }

  /// The line of a start tag with too many attributes, or `nil`.
  package mutating func scan(_ bytes: [UInt8]) -> Int? {
    for byte in bytes {
      if byte == 0x0A { line += 1 }
      remember(byte)
      switch state {
      case .text:
        if byte == UInt8(ascii: "<") { state = .afterLess }
      case .afterLess:
        switch byte {
        case UInt8(ascii: "!"): state = .markup
        case UInt8(ascii: "?"): state = .instruction
        case UInt8(ascii: "/"): state = .markup  // an end tag: nothing to count
        default:
          state = .tag
          count = 0
        }
      case .tag:
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): state = .quoted(byte)
        case UInt8(ascii: "="):
          count += 1
          if count > limit { return line }
        case UInt8(ascii: ">"): state = .text
        default: break
        }
      case .quoted(let quote):
        if byte == quote { state = .tag }
      case .markup:
        if ends(with: "<!--") {
          state = .comment
        } else if ends(with: "<![CDATA[") {
          state = .cdata
        } else if byte == UInt8(ascii: ">") {
          state = .text
        }
      case .comment:
        if ends(with: "-->") { state = .text }
      case .cdata:
        if ends(with: "]]>") { state = .text }
      case .instruction:
        if ends(with: "?>") { state = .text }
      }
    }
    return nil
  }

  private mutating func remember(_ byte: UInt8) {
    if recent.count == 9 { recent.removeFirst() }
    recent.append(byte)
  }

  private func ends(with marker: String) -> Bool {
    recent.count >= marker.utf8.count && recent.suffix(marker.utf8.count).elementsEqual(marker.utf8)
  }
}
