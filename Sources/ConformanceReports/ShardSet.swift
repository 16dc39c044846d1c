import ConformanceJSON
import ConformanceKit
import ConformanceXML

/// What a shard's report says about the run it is part of: shard K of N, the corpus it loaded
/// and the filters it ran with. `conformance run --shard K/N` writes it into every file's
/// `<testsuite>` `<properties>` (`shard`, `corpus-digest`, `selection-digest`) and into the JSON
/// report (`selection.shard`, `corpus.digest`, `selection.digest`), so that `conformance merge`
/// can refuse a set of shards with one missing, one repeated, or shards of different runs.
public struct ShardStamp: Sendable, Equatable {
  public var shard: Shard
  /// ``CorpusDigest`` of every vector file under the roots (the same for every shard).
  public var corpusDigest: String
  /// ``ShardStamp/selectionDigest(_:)`` of the filters (the shard left out).
  public var selectionDigest: String
  /// The names of the implementations the run checked, in command-line order (`reference`, or
  /// each adapter's hello name); empty in a report written before the set was recorded.
  public var implementations: [String]

  public init(shard: Shard, corpusDigest: String, selectionDigest: String, implementations: [String] = []) {
    self.shard = shard
    self.corpusDigest = corpusDigest
    self.selectionDigest = selectionDigest
    self.implementations = implementations
  }

  public enum PropertyName {
    public static let shard = "shard"
    public static let corpusDigest = "corpus-digest"
    public static let selectionDigest = "selection-digest"
    public static let implementationSet = "implementation-set"
  }

  /// The `<property>` elements of a shard report's testsuites; the implementation set is a
  /// compact JSON array of the names (a list no name can break).
  public var junitProperties: [JUnitProperty] {
    [
      JUnitProperty(name: PropertyName.shard, value: shard.description),
      JUnitProperty(name: PropertyName.corpusDigest, value: corpusDigest),
      JUnitProperty(name: PropertyName.selectionDigest, value: selectionDigest),
      JUnitProperty(name: PropertyName.implementationSet, value: Self.setText(implementations)),
    ]
  }

  /// `["alpha","delta"]`: how a set of implementations is written and named in messages.
  public static func setText(_ names: [String]) -> String {
    JSONSerializer.compact.string(from: .array(names.map(JSONValue.string)))
  }

  /// SHA-256 (hex) of ``Selection/canonicalFilters``.
  public static func selectionDigest(_ selection: Selection) -> String {
    var hash = SHA256()
    hash.update(Array(selection.canonicalFilters.utf8))
    return SHA256.hex(hash.finalize())
  }

  /// The stamp of a run with `--shard`, over the corpus with `corpusDigest` (the JSON report's);
  /// `nil` without a shard.
  public static func forRun(selection: Selection, corpusDigest: CorpusDigest, implementations: [String] = [])
    -> ShardStamp?
  {
    guard let shard = selection.shard else { return nil }
    return ShardStamp(
      shard: shard, corpusDigest: corpusDigest.hexValue, selectionDigest: selectionDigest(selection),
      implementations: implementations)
  }

  /// The stamp in a JUnit report's first `<testsuite>`, read from the file's first elements
  /// only (the stream stops once that testsuite's properties are read); `nil` when the report
  /// has none (an unsharded run, another tool's report). Throws when the file cannot be read or
  /// parsed that far (the merge words that error).
  public static func read(junit path: String) throws -> ShardStamp? {
    let reader = FirstSuiteProperties()
    do throws(XMLReadFailure) {
      try SafeXMLReader.stream(path: path, to: reader)
    } catch {
      guard case .refused(let refusal) = error, refusal is FirstSuiteProperties.Done else { throw error }
    }
    return stamp(reader.values)
  }

  /// The stamp of a JSON report (`conformance-report/1`); `nil` when its selection has no shard.
  public static func read(json report: JSONValue) -> ShardStamp? {
    guard let top = report.objectValue, let selection = top["selection"]?.objectValue,
      let shardText = selection["shard"]?.stringValue, let shard = Shard(parsing: shardText),
      let corpus = top["corpus"]?.objectValue?["digest"]?.objectValue?["value"]?.stringValue
    else { return nil }
    // A run of several implementations lists them; a run of one names it.
    let names =
      top["implementations"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
      ?? top["implementation"]?.stringValue.map { [$0] } ?? []
    return ShardStamp(
      shard: shard, corpusDigest: corpus, selectionDigest: selectionDigest(Selection(json: selection)),
      implementations: names)
  }

  private static func stamp(_ values: [String: String]) -> ShardStamp? {
    guard let text = values[PropertyName.shard], let shard = Shard(parsing: text) else { return nil }
    var names: [String] = []
    if let set = values[PropertyName.implementationSet],
      case .array(let items)? = try? JSONParser().parse(Array(set.utf8))
    {
      names = items.map { $0.stringValue ?? JSONSerializer.compact.string(from: $0) }
    }
    return ShardStamp(
      shard: shard, corpusDigest: values[PropertyName.corpusDigest] ?? "",
      selectionDigest: values[PropertyName.selectionDigest] ?? "", implementations: names)
  }

  /// Keeps the `<property>` values of the first `<testsuite>`'s `<properties>` (the first value
  /// of a repeated name), and stops the stream with ``Done`` as soon as anything else follows.
  private final class FirstSuiteProperties: XMLStreamHandler {
    struct Done: Error {}
    var values: [String: String] = [:]
    private var depth = 0
    /// The depth of the first testsuite, once it started.
    private var suiteDepth: Int?
    private var inProperties = false

    func startElement(
      name: String, prefix: String?, namespaceURI: String?, attributes: [XMLAttribute], line: Int
    ) throws {
      depth += 1
      guard let suiteDepth else {
        if name == "testsuite" && prefix == nil { suiteDepth = depth }
        return
      }
      if depth == suiteDepth + 1 {
        guard name == "properties" && prefix == nil else { throw Done() }
        inProperties = true
      } else if inProperties && depth == suiteDepth + 2 && name == "property" && prefix == nil {
        func value(_ key: String) -> String? {
          attributes.first { $0.prefix == nil && $0.name == key }?.value
        }
        if let name = value("name"), values[name] == nil { values[name] = value("value") }
      }
    }

    func endElement() throws {
      defer { depth -= 1 }
      guard let suiteDepth else { return }
      if depth == suiteDepth + 1 && inProperties { throw Done() }
      if depth == suiteDepth { throw Done() }
    }

    func text(_ text: String) {}
  }
}

extension Selection {
  /// The selection a JSON report's `selection` object describes (suites, tags, ids, excludeTags,
  /// excludeIds, shard).
  public init(json object: JSONObject) {
    func strings(_ key: String) -> [String] { object[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    self.init(
      suites: strings("suites"), tags: strings("tags"), idPatterns: strings("ids").map(IDPattern.init),
      excludedTags: strings("excludeTags"), excludedIDPatterns: strings("excludeIds").map(IDPattern.init),
      shard: object["shard"]?.stringValue.flatMap(Shard.init(parsing:)))
  }
}

/// Why a set of reports is not one whole sharded run. Nothing was written.
public enum ShardSetError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Some inputs are shard reports and some are not.
  case mixed(stamped: [String], unstamped: [String])
  /// Inputs split the run into different numbers of shards.
  case differentCounts([String])
  /// Inputs ran over different corpora (or different filters).
  case differentRuns(what: String, first: String, other: String)
  /// Inputs checked different sets of implementations.
  case differentImplementations(first: String, firstSet: [String], other: String, otherSet: [String])
  /// The same shard given more than once.
  case repeated(shard: String, paths: [String])
  /// Shards of the run that no input holds.
  case missing(shards: [Int], count: Int, given: [String])

  public var description: String {
    switch self {
    case .mixed(let stamped, let unstamped):
      return "cannot merge shard reports with other reports: \(list(unstamped)) "
        + "\(unstamped.count == 1 ? "is" : "are") not from `conformance run --shard K/N`, \(list(stamped)) "
        + "\(stamped.count == 1 ? "is" : "are")"
    case .differentCounts(let items):
      return "the reports are shards of different splits: \(items.joined(separator: ", "))"
    case .differentRuns(let what, let first, let other):
      return "\(other) ran with a different \(what) than \(first): they are shards of different runs"
    case .differentImplementations(let first, let firstSet, let other, let otherSet):
      return "\(other) checked the implementations \(ShardStamp.setText(otherSet)), \(first) checked "
        + "\(ShardStamp.setText(firstSet)): they are shards of different runs"
    case .repeated(let shard, let paths):
      return "shard \(shard) is given \(paths.count) times: \(list(paths))"
    case .missing(let shards, let count, let given):
      let names = shards.map(String.init).joined(separator: ", ")
      return "incomplete set of shards: shard\(shards.count == 1 ? "" : "s") \(names) of \(count) "
        + "\(shards.count == 1 ? "is" : "are") missing (given: \(given.joined(separator: ", ")))"
    }
  }

  private func list(_ paths: [String]) -> String { paths.joined(separator: ", ") }
}

/// Checks that reports are one whole sharded run: every input a shard report or none; the same
/// N, corpus and filters; each shard 1…N exactly once. Reports that are not shard reports (an
/// unsharded run, another tool's) pass as they are: there is nothing to check them against.
public enum ShardSet {
  public static func check(_ inputs: [(path: String, stamp: ShardStamp?)]) throws(ShardSetError) {
    let stamped = inputs.filter { $0.stamp != nil }
    guard !stamped.isEmpty else { return }
    guard stamped.count == inputs.count else {
      throw .mixed(stamped: stamped.map(\.path), unstamped: inputs.filter { $0.stamp == nil }.map(\.path))
    }
    let first = (path: stamped[0].path, stamp: stamped[0].stamp!)
    let count = first.stamp.shard.count
    if stamped.contains(where: { $0.stamp!.shard.count != count }) {
      throw .differentCounts(stamped.map { "\($0.path) is shard \($0.stamp!.shard)" })
    }
    for input in stamped.dropFirst() {
      if input.stamp!.corpusDigest != first.stamp.corpusDigest {
        throw .differentRuns(what: "corpus (vector files)", first: first.path, other: input.path)
      }
      if input.stamp!.selectionDigest != first.stamp.selectionDigest {
        throw .differentRuns(what: "selection (--suite, --tag, --id, excludes)", first: first.path, other: input.path)
      }
      if input.stamp!.implementations != first.stamp.implementations {
        throw .differentImplementations(
          first: first.path, firstSet: first.stamp.implementations, other: input.path,
          otherSet: input.stamp!.implementations)
      }
    }
    var byIndex: [Int: [String]] = [:]
    for input in stamped { byIndex[input.stamp!.shard.index, default: []].append(input.path) }
    for index in 1...count {
      if let paths = byIndex[index], paths.count > 1 { throw .repeated(shard: "\(index)/\(count)", paths: paths) }
    }
    let missing = (1...count).filter { byIndex[$0] == nil }
    if !missing.isEmpty {
      throw .missing(
        shards: missing, count: count, given: stamped.map { "\($0.stamp!.shard) \($0.path)" })
    }
  }
}
