import ConformanceXML

// The test-only XML reader lives with the libxml2 wrapper (ConformanceXML), the one place besides
// ConformanceLowLevel with C pointers; the test targets keep reaching it by these names.
public typealias XMLReadBack = ConformanceXML.XMLReadBack
public typealias XMLReadBackError = ConformanceXML.XMLReadBackError

/// The bytes of a file, or `nil` when it cannot be read.
public func readAllBytes(_ path: String) -> [UInt8]? { ConformanceXML.readAllBytes(path) }
