import ConformanceJSON
import ConformanceKit

/// `leeep.scroll-request` (docs/suites/leeep.scroll-request.md): a review list LeeepTagView inside
/// the app's outer scroll container, driven by a trace (create, set_handler, layout, request) with
/// each step's result and the container's final offset, the reload count and whether a handler is
/// set.
///
/// Expectations come from ``Model``, the generator's own restatement of the rules (written from
/// the suite's page, never from the reference parser), and where the outcome is the point (the
/// clamps, the decimals, the stories) also from results and an offset stated in the vector itself,
/// worked out by hand; the generator traps unless both agree. Numbers are exact decimals
/// (ConformanceJSON's `JSONNumber.Decimal`), never `Double`.
///
/// Why each file exists:
/// - `shape.json`: the trace mechanism's check for this suite's step table, each bad shape once,
///   at an index that varies (1 to 4) so the reported index is checked too;
/// - `create.json`: the trace-level rule (create first, never again, an empty trace);
/// - `handler.json`: toggles and what they count;
/// - `request.json`: the request's checks in order and the values an app ignores;
/// - `clamp.json`, `decimals.json`: where the container can go and exact arithmetic;
/// - `content-offset.json`, `kept.json`: the field never used, and what survives steps and reloads;
/// - `stories.json`: the reference's four integration mistakes as whole stories;
/// - `long.json`: bookkeeping over 1,000 and 10,000 steps.
extension LeeepScrollRequest: GeneratedSuite {
  static let source =
    "LEEEP iOS SDK reference, LeeepTagView: onScrollRequest (tagId, reason, target, contentOffsetTop, hostOffsetTop); 外側のスクロール計算にはこちらを使用してください; nil と非nilを切り替えた場合はタグが再読み込みされる"

  static let reason = "reviewPagination"
  static let target = "reviewListTop"
  static let tagID = "T-2001"

  static func files() -> [GeneratedFile] {
    [
      shape(), createRule(), handler(), request(), clamp(), decimals(), contentOffset(), kept(), stories(), long(),
    ]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source)
  }

  // MARK: - Steps

  /// One step of a trace. Numbers are kept as literals so that a vector can spell `1E+2` or `-0`.
  enum Step {
    case create(handler: Bool)
    case setHandler(Bool)
    case layout(tagTop: String, viewport: String, content: String)
    case request(tagId: String, reason: String, target: String, contentOffsetTop: String, hostOffsetTop: String)

    /// A request the app acts on: the known reason and target.
    static func scroll(host: String, content: String = "0") -> Step {
      .request(tagId: tagID, reason: reason, target: target, contentOffsetTop: content, hostOffsetTop: host)
    }

    static func number(_ literal: String) -> JSONValue {
      guard let number = JSONNumber(literal: literal) else { preconditionFailure("not a JSON number: \(literal)") }
      return .number(number)
    }

    var json: JSONValue {
      switch self {
      case .create(let handler): TraceStepShapes.step("create", [("handler", .bool(handler))])
      case .setHandler(let handler): TraceStepShapes.step("set_handler", [("handler", .bool(handler))])
      case .layout(let top, let viewport, let content):
        TraceStepShapes.step(
          "layout",
          [
            ("tag_top", Self.number(top)), ("viewport_height", Self.number(viewport)),
            ("content_height", Self.number(content)),
          ])
      case .request(let tag, let reason, let target, let content, let host):
        TraceStepShapes.step(
          "request",
          [
            ("tagId", .string(tag)), ("reason", .string(reason)), ("target", .string(target)),
            ("contentOffsetTop", Self.number(content)), ("hostOffsetTop", Self.number(host)),
          ])
      }
    }
  }

  // MARK: - The generator's model of the rules

  /// docs/suites/leeep.scroll-request.md restated: a handler flag, a reload count, the last
  /// layout and the container's offset.
  struct Model {
    var handler = false
    var reloads = 0
    var layout: (top: JSONNumber.Decimal, viewport: JSONNumber.Decimal, content: JSONNumber.Decimal)?
    var offset = JSONNumber.Decimal.zero

    static func value(_ literal: String) -> JSONNumber.Decimal {
      guard let number = JSONNumber(literal: literal) else { preconditionFailure("not a JSON number: \(literal)") }
      return number.decimal
    }

    mutating func run(_ step: Step) -> String {
      switch step {
      case .create(let wanted):
        handler = wanted
        return "ok"
      case .setHandler(let wanted):
        if wanted == handler { return "ok" }
        handler = wanted
        reloads += 1
        return "reloaded"
      case .layout(let top, let viewport, let content):
        layout = (Self.value(top), Self.value(viewport), Self.value(content))
        return "ok"
      case .request(_, let why, let whereTo, _, let host):
        if !handler { return "no_handler" }
        guard let layout else { return "not_laid_out" }
        // Byte for byte: Swift's == on String would equate canonically equivalent spellings.
        if Array(why.utf8) != Array(LeeepScrollRequest.reason.utf8)
          || Array(whereTo.utf8) != Array(LeeepScrollRequest.target.utf8)
        {
          return "ignored"
        }
        let wanted = layout.top + Self.value(host)
        var farthest = layout.content - layout.viewport
        if farthest < .zero { farthest = .zero }
        offset = wanted < .zero ? .zero : (farthest < wanted ? farthest : wanted)
        return "scrolled"
      }
    }

    static func run(_ steps: [Step]) -> (results: [String], model: Model) {
      var model = Model()
      let results = steps.map { model.run($0) }
      return (results, model)
    }
  }

  /// The accepted output.
  static func output(_ results: [String], offset: JSONNumber.Decimal, reloads: Int, handler: Bool)
    -> GeneratedExpectation
  {
    .accept(output: [
      "results": .array(results.map { .string($0) }), "offset": .number(JSONNumber(offset)),
      "reloads": .number(JSONNumber(reloads)), "handler": .bool(handler),
    ])
  }
}

extension VectorFileBuilder {
  /// Adds a trace of valid steps with the model's expectation. `results`, `offset` (a literal,
  /// compared by value) and `reloads`, when stated, must agree with the model: the generator traps
  /// otherwise.
  mutating func addScrollTrace(
    _ id: String, _ description: String, tags: [String], _ steps: [LeeepScrollRequest.Step],
    results: [String]? = nil, offset: String? = nil, reloads: Int? = nil, context: JSONObject? = nil
  ) {
    let (modelResults, model) = LeeepScrollRequest.Model.run(steps)
    if let results {
      precondition(results == modelResults, "\(id): stated results \(results), model \(modelResults)")
    }
    if let offset {
      let stated = LeeepScrollRequest.Model.value(offset)
      precondition(stated == model.offset, "\(id): stated offset \(offset), model \(model.offset.literal)")
    }
    if let reloads {
      precondition(reloads == model.reloads, "\(id): stated reloads \(reloads), model \(model.reloads)")
    }
    add(
      id: id, description: description, tags: tags, input: .array(steps.map(\.json)), context: context,
      expect: LeeepScrollRequest.output(
        modelResults, offset: model.offset, reloads: model.reloads, handler: model.handler))
  }
}
