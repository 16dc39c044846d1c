import CLibXML2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A parsed XML document, freed with its owner.
final class ParsedXMLDocument {
  let pointer: xmlDocPtr
  let path: String

  init(pointer: xmlDocPtr, path: String) {
    self.pointer = pointer
    self.path = path
  }

  deinit { xmlFreeDoc(pointer) }

  var root: xmlNodePtr? { xmlDocGetRootElement(pointer) }
}

/// Why a file could not be read as XML.
enum XMLReadFailure: Error, Equatable {
  case unreadable(reason: String)
  case malformed(line: Int, message: String)
  case documentType(line: Int)
  /// Past one of libxml2's default size limits (10,000,000 bytes in one text node or attribute
  /// value), which this reader, like lxml and junitparser, does not lift: the document may well
  /// be well-formed.
  case tooLarge(line: Int, message: String)
}

/// Reads untrusted XML (shard reports) with libxml2, safely.
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
///   inflated.
enum SafeXMLReader {
  static let chunkSize = 64 * 1024

  static let options =
    Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOERROR.rawValue)
    | Int32(XML_PARSE_NOWARNING.rawValue) | Int32(XML_PARSE_BIG_LINES.rawValue)

  /// What the C callbacks learn during a parse; reached through the context's `_private`.
  private final class ParseState {
    var limitReached = false
    var documentTypeLine: Int?
    var firstError: (line: Int, message: String)?
  }

  /// `enough`: asked after each chunk with the document built so far; when it says yes, reading
  /// stops there and the partial document is returned (for a look at a report's first lines).
  static func read(path: String, enough: ((xmlDocPtr) -> Bool)? = nil) throws(XMLReadFailure) -> ParsedXMLDocument {
    _ = libxml2Initialized
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(reason: FileSystem.errnoText()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .unreadable(reason: FileSystem.errnoText()) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(reason: "not a regular file") }

    guard let context = xmlCreatePushParserCtxt(nil, nil, nil, 0, path) else {
      throw .unreadable(reason: "libxml2 could not create a parser")
    }
    let state = ParseState()
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
    // Handlers are installed after the options, which rewrite some of them.
    context.pointee._private = retained.toOpaque()
    context.pointee.sax.pointee.internalSubset = { userData, _, _, _ in
      guard let userData else { return }
      let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
      let state = Unmanaged<ParseState>.fromOpaque(context.pointee._private).takeUnretainedValue()
      state.documentTypeLine = Int(xmlSAX2GetLineNumber(userData))
      xmlStopParser(context)
    }
    context.pointee.sax.pointee.serror = { userData, error in
      guard let userData, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
      let state = Unmanaged<ParseState>.fromOpaque(context.pointee._private).takeUnretainedValue()
      guard state.firstError == nil else { return }
      var message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
      while message.utf8.last == UInt8(ascii: "\n") { message.removeLast() }
      // libxml2 2.9 words its size limits as "huge text node" or "Huge input lookup".
      state.limitReached = message.lowercased().contains("huge")
      state.firstError = (Int(error.pointee.line), message)
    }

    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { buffer.deallocate() }
    var total = 0
    while state.documentTypeLine == nil && state.firstError == nil {
      let count: Int
      do {
        count = try FileSystem.readSome(descriptor, into: buffer)
      } catch {
        throw .unreadable(reason: error.reason)
      }
      if count == 0 {
        // The push parser words an empty input as "Extra content at the end of the document";
        // say what the pull parser says instead.
        if total == 0 { throw .malformed(line: 1, message: "Document is empty") }
        _ = xmlParseChunk(context, nil, 0, 1)
        break
      }
      total += count
      _ = xmlParseChunk(
        context, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(count), 0)
      if let enough, state.documentTypeLine == nil, state.firstError == nil, let document = context.pointee.myDoc,
        enough(document)
      {
        context.pointee.myDoc = nil
        return ParsedXMLDocument(pointer: document, path: path)
      }
    }
    if let line = state.documentTypeLine { throw .documentType(line: line) }
    if let error = state.firstError, state.limitReached {
      throw .tooLarge(line: error.line, message: error.message)
    }
    if let error = state.firstError { throw .malformed(line: error.line, message: error.message) }
    guard context.pointee.wellFormed != 0, let document = context.pointee.myDoc else {
      throw .malformed(line: Int(xmlSAX2GetLineNumber(context)), message: "not well-formed")
    }
    context.pointee.myDoc = nil
    return ParsedXMLDocument(pointer: document, path: path)
  }
}

/// Read-only views of libxml2 tree nodes.
extension UnsafeMutablePointer where Pointee == xmlNode {
  var isElement: Bool { pointee.type == XML_ELEMENT_NODE }

  var elementName: String { borrowedXMLString(pointee.name) ?? "" }

  /// The name as written, with its namespace prefix (`x:testsuites`), for messages.
  var qualifiedName: String {
    guard let prefix = pointee.ns.flatMap({ borrowedXMLString($0.pointee.prefix) }) else { return elementName }
    return prefix + ":" + elementName
  }

  var line: Int { Int(xmlGetLineNo(self)) }

  /// The child nodes, in document order.
  var childNodes: [xmlNodePtr] {
    var result: [xmlNodePtr] = []
    var child = pointee.children
    while let node = child {
      result.append(node)
      child = node.pointee.next
    }
    return result
  }

  var childElements: [xmlNodePtr] { childNodes.filter(\.isElement) }

  /// The value of an attribute without a namespace.
  func attribute(_ name: String) -> String? {
    takeXMLString(xmlGetNoNsProp(self, name))
  }

  /// Every attribute, in document order: namespace prefix and URI (when it has one), name,
  /// value.
  var attributes: [(prefix: String?, namespaceURI: String?, name: String, value: String)] {
    var result: [(String?, String?, String, String)] = []
    var attribute = pointee.properties
    while let current = attribute {
      let name = borrowedXMLString(current.pointee.name) ?? ""
      let value = takeXMLString(xmlNodeListGetString(pointee.doc, current.pointee.children, 1)) ?? ""
      let namespace = current.pointee.ns
      result.append(
        (
          namespace.flatMap { borrowedXMLString($0.pointee.prefix) },
          namespace.flatMap { borrowedXMLString($0.pointee.href) }, name, value
        ))
      attribute = current.pointee.next
    }
    return result
  }

  /// All text inside, as XPath's string value.
  var textContent: String { takeXMLString(xmlNodeGetContent(self)) ?? "" }

  /// Text or CDATA.
  var isText: Bool { pointee.type == XML_TEXT_NODE || pointee.type == XML_CDATA_SECTION_NODE }
}
