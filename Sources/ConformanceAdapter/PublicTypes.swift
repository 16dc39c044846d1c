import ConformanceJSON
import ConformanceKit

// The types an adapter's `evaluate` function takes and returns, by name: `import
// ConformanceAdapter` brings these and ``runAdapter(name:version:suites:evaluate:)`` into scope,
// and nothing else of the harness (docs/swift-api.md).

/// A JSON value as the vectors hold it: a request's input.
public typealias JSONValue = ConformanceJSON.JSONValue

/// A JSON object: a request's context.
public typealias JSONObject = ConformanceJSON.JSONObject

/// A JSON number as written, compared by value.
public typealias JSONNumber = ConformanceJSON.JSONNumber

/// What your implementation answered: `.accept(output:)` or `.reject(error:field:)`.
public typealias Outcome = ConformanceKit.Outcome
