import CLibXML2
import ConformanceLowLevel

/// A document that did not parse, with libxml2's first error.
public struct XMLReadBackError: Error, CustomStringConvertible {
  public var line: Int
  public var message: String
  public var description: String { "line \(line): \(message)" }
}

/// Reads an XML document back for tests: strict well-formedness (the first libxml2 error
/// fails the read), XPath queries, and XSD validation.
///
/// Parsed with `XML_PARSE_NONET` only (plus silenced printing), no recovery, no entity
/// substitution. Not `Sendable`: use it within one test.
public final class XMLReadBack {
  private let document: xmlDocPtr

  /// Collects the first error libxml2 reports during one operation.
  private final class ErrorLog {
    var messages: [(line: Int, message: String)] = []
  }

  private static let recordError: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let log = Unmanaged<ErrorLog>.fromOpaque(userData).takeUnretainedValue()
    var message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
    while message.utf8.last == UInt8(ascii: "\n") { message.removeLast() }
    log.messages.append((Int(error.pointee.line), message))
  }

  /// Parses the file at `path`.
  public convenience init(path: String) throws(XMLReadBackError) {
    guard let bytes = readAllBytes(path) else {
      throw XMLReadBackError(line: 0, message: "cannot read \(path)")
    }
    try self.init(bytes: bytes, url: path)
  }

  /// Parses `bytes`.
  public init(bytes: [UInt8], url: String = "memory.xml") throws(XMLReadBackError) {
    _ = libxml2Initialized
    guard let context = xmlNewParserCtxt() else {
      throw XMLReadBackError(line: 0, message: "libxml2 could not create a parser")
    }
    defer { xmlFreeParserCtxt(context) }
    let log = ErrorLog()
    let retained = Unmanaged.passRetained(log)
    defer { retained.release() }
    // The structured handler receives the context's userData, which is the context itself; so
    // the log travels in `_private` and a trampoline hands it on.
    context.pointee._private = retained.toOpaque()
    context.pointee.sax.pointee.serror = { userData, error in
      guard let userData else { return }
      let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
      XMLReadBack.recordError(context.pointee._private, error)
    }
    let options =
      Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOERROR.rawValue) | Int32(XML_PARSE_NOWARNING.rawValue)
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), url, nil, options)
      }
    }
    if let first = log.messages.first {
      if let parsed { xmlFreeDoc(parsed) }
      throw XMLReadBackError(line: first.line, message: first.message)
    }
    guard let parsed, context.pointee.wellFormed != 0 else {
      throw XMLReadBackError(line: 0, message: "not well-formed")
    }
    document = parsed
  }

  deinit { xmlFreeDoc(document) }

  /// The string value of every node `xpath` selects (an attribute's value, an element's text),
  /// in document order. An expression that is not a node set gives its string value alone.
  public func strings(_ xpath: String) -> [String] {
    withXPath(xpath) { result in
      guard let result else { return [] }
      guard result.pointee.type == XPATH_NODESET else {
        return [takeString(xmlXPathCastToString(result)) ?? ""]
      }
      guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
      return (0..<Int(set.pointee.nodeNr)).map { index in
        takeString(xmlNodeGetContent(set.pointee.nodeTab[index])) ?? ""
      }
    }
  }

  /// The string value of the first node `xpath` selects, or of the expression; `nil` when it
  /// selects nothing.
  public func string(_ xpath: String) -> String? { strings(xpath).first }

  /// How many nodes `xpath` selects.
  public func count(_ xpath: String) -> Int {
    withXPath(xpath) { result in
      guard let result, result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval else { return 0 }
      return Int(set.pointee.nodeNr)
    }
  }

  /// Validates the document against the XSD at `schemaPath`: every validation error as
  /// `line N: message`, or a schema error; empty when the document is valid.
  public func validationErrors(schemaPath: String) -> [String] {
    guard let parserContext = xmlSchemaNewParserCtxt(schemaPath) else { return ["cannot read schema \(schemaPath)"] }
    let schemaLog = ErrorLog()
    let schemaRetained = Unmanaged.passRetained(schemaLog)
    defer { schemaRetained.release() }
    xmlSchemaSetParserStructuredErrors(parserContext, XMLReadBack.recordError, schemaRetained.toOpaque())
    let schema = xmlSchemaParse(parserContext)
    xmlSchemaFreeParserCtxt(parserContext)
    guard let schema else {
      return ["schema \(schemaPath) is invalid"] + schemaLog.messages.map { "line \($0.line): \($0.message)" }
    }
    defer { xmlSchemaFree(schema) }
    guard let validation = xmlSchemaNewValidCtxt(schema) else { return ["cannot create a validation context"] }
    defer { xmlSchemaFreeValidCtxt(validation) }
    let log = ErrorLog()
    let retained = Unmanaged.passRetained(log)
    defer { retained.release() }
    xmlSchemaSetValidStructuredErrors(validation, XMLReadBack.recordError, retained.toOpaque())
    let status = xmlSchemaValidateDoc(validation, document)
    let messages = log.messages.map { "line \($0.line): \($0.message)" }
    if status != 0 && messages.isEmpty { return ["invalid (status \(status))"] }
    return messages
  }

  private func withXPath<Result>(_ xpath: String, _ body: (xmlXPathObjectPtr?) -> Result) -> Result {
    guard let context = xmlXPathNewContext(document) else { return body(nil) }
    defer { xmlXPathFreeContext(context) }
    let result = xmlXPathEvalExpression(xpath, context)
    defer { if let result { xmlXPathFreeObject(result) } }
    return body(result)
  }
}

private func takeString(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
  guard let pointer else { return nil }
  defer { conformance_xmlFree(pointer) }
  return String(cString: pointer)
}

/// The bytes of a file, or `nil` when it cannot be read.
public func readAllBytes(_ path: String) -> [UInt8]? {
  guard let descriptor = try? openForReading(path) else { return nil }
  defer { closeDescriptor(descriptor) }
  var bytes: [UInt8] = []
  while true {
    guard let chunk = try? readBytes(descriptor, upTo: 65536) else { return nil }
    if chunk.isEmpty { return bytes }
    bytes += chunk
  }
}
