import CLibXML2

/// libxml2 sets up its global tables on first use, and that first use must not race. A global
/// `let` is initialised exactly once, thread-safely, so every entry point touches this first.
let libxml2Initialized: Void = xmlInitParser()

/// A C string that libxml2 owns (a node's name, an attribute's namespace prefix).
func borrowedXMLString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
  pointer.map { String(cString: $0) }
}

/// A C string's pointer as libxml2's `xmlChar` (unsigned char) type, which has the same layout.
func xmlCharacters(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
  UnsafeRawPointer(pointer).assumingMemoryBound(to: xmlChar.self)
}
