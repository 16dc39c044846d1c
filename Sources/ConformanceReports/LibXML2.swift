import CLibXML2

/// libxml2 sets up its global tables on first use, and that first use must not race. A global
/// `let` is initialised exactly once, thread-safely, so every entry point touches this first.
let libxml2Initialized: Void = xmlInitParser()

/// A C string from libxml2 that libxml2 allocated, copied into Swift and released.
func takeXMLString(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
  guard let pointer else { return nil }
  defer { conformance_xmlFree(pointer) }
  return String(cString: pointer)
}

/// A C string that libxml2 owns (a node's name, an attribute's namespace prefix).
func borrowedXMLString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
  pointer.map { String(cString: $0) }
}
