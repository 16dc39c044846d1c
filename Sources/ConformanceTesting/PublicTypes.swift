import ConformanceJSON
import ConformanceKit

// The few types of the modules below that a test of ConformanceTesting needs, by name: `import
// ConformanceTesting` brings these and this module's own declarations into scope, and nothing
// else of the harness (its runner, loader, hashes and scanners stay `package`). docs/swift-api.md
// lists the whole public API.

/// A JSON value as the vectors hold it (RFC 8259, keys unique, numbers kept as written): a
/// vector's input and an accepted output.
public typealias JSONValue = ConformanceJSON.JSONValue

/// A JSON object: members in document order, keys compared byte for byte.
public typealias JSONObject = ConformanceJSON.JSONObject

/// A JSON number as written, compared by value.
public typealias JSONNumber = ConformanceJSON.JSONNumber

/// What your implementation answered for a vector: `.accept(output:)` or
/// `.reject(error:field:)`.
public typealias Outcome = ConformanceKit.Outcome

/// What a vector expects (`accept` with an optional output, or `reject` with an optional error
/// code and field). Named apart from Swift Testing's `Expectation`, which a test file that
/// imports both modules keeps unqualified.
public typealias ConformanceExpectation = ConformanceKit.Expectation
