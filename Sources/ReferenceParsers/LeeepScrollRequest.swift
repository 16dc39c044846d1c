import ConformanceJSON
import ConformanceKit

/// `leeep.scroll-request`: one LeeepTagView (a review list tag) inside the app's outer scroll
/// container, and what the app does with the tag's `onScrollRequest` (docs/suites/leeep.scroll-request.md,
/// LEEEP iOS SDK reference, LeeepTagView: onScrollRequest, "外側のスクロール計算にはこちら
/// (hostOffsetTop) を使用してください"). The trace mechanism (docs/suites/traces.md) checks the
/// shape; the steps below are the tag view's life and the requests its web content sends.
///
/// Positions are JSON numbers added and compared as exact decimals (ConformanceJSON's decimal
/// arithmetic), never as `Double`: `0.1 + 0.2` is `0.3`, and `-0` is 0.
extension LeeepScrollRequest: TraceSuite {
  /// The only reason and target the reference names today ("現在は .reviewPagination です",
  /// "現在は .reviewListTop です"); an app acts on these and ignores any other.
  static let reason = "reviewPagination"
  static let target = "reviewListTop"

  /// The widest exact sum or difference the reference writes, in digit positions (as
  /// ``LeeepTracking/maximumDigits``): a literal of a few bytes (`1e99999999`) can stand for a sum
  /// of millions of digits.
  public static let maximumDigits = LeeepTracking.maximumDigits

  /// Where the tag view sits in the outer container, and the container's heights.
  struct Layout {
    var tagTop: JSONNumber.Decimal
    var viewportHeight: JSONNumber.Decimal
    var contentHeight: JSONNumber.Decimal
  }

  public struct State {
    var handler = false
    var reloads = 0
    var layout: Layout?
    var offset = JSONNumber.Decimal.zero
  }

  public typealias Configuration = Void

  public var steps: [TraceStepDefinition<State, Void>] {
    [
      TraceStepDefinition("create", [TraceArgument("handler", .bool)]) { step, state, _ in
        // The handler given to the initializer: never a reload.
        state.handler = step.bool("handler")
        return "ok"
      },
      TraceStepDefinition("set_handler", [TraceArgument("handler", .bool)]) { step, state, _ in
        // "nil と非nilを切り替えた場合はタグが再読み込みされる": only a switch reloads; the
        // layout and the offset are kept.
        let handler = step.bool("handler")
        guard handler != state.handler else { return "ok" }
        state.handler = handler
        state.reloads += 1
        return "reloaded"
      },
      TraceStepDefinition(
        "layout",
        [
          Self.position("tag_top"), Self.position("viewport_height"), Self.position("content_height"),
        ]
      ) { step, state, _ in
        // Replaces the layout; the container's offset stays where it is, even past a new end.
        state.layout = Layout(
          tagTop: Self.decimal(step, "tag_top"), viewportHeight: Self.decimal(step, "viewport_height"),
          contentHeight: Self.decimal(step, "content_height"))
        return "ok"
      },
      TraceStepDefinition(
        "request",
        [
          TraceArgument("tagId", .string, where: { !($0.stringValue ?? "").utf8.isEmpty }),
          TraceArgument("reason", .string), TraceArgument("target", .string), Self.position("contentOffsetTop"),
          Self.position("hostOffsetTop"),
        ],
        effect: Self.request),
    ]
  }

  /// A number argument: a JSON number >= 0 (`-0` is 0; `-1e-400` is below 0).
  static func position(_ name: String) -> TraceArgument {
    TraceArgument(name, .number) { value in
      guard case .number(let number) = value else { return false }
      return !(number.decimal < .zero)
    }
  }

  static func decimal(_ step: TraceStep, _ argument: String) -> JSONNumber.Decimal {
    guard case .number(let number) = step.value(argument) else {
      preconditionFailure("step \(step.index): \(argument) passed the shape check but is not a number")
    }
    return number.decimal
  }

  /// The handler's work: checks in the contract's order, then the container scrolls to
  /// tag_top + hostOffsetTop, clamped to its content. contentOffsetTop is a position inside the
  /// web content and is never read.
  @Sendable static func request(_ step: TraceStep, _ state: inout State, _: Void) throws(ContextError) -> String {
    guard state.handler else { return "no_handler" }
    guard let layout = state.layout else { return "not_laid_out" }
    guard TextRules.identical(step.string("reason"), reason), TextRules.identical(step.string("target"), target)
    else { return "ignored" }
    // The farthest the container can scroll: content_height - viewport_height, or 0 when the
    // content fits. The wanted offset is never below 0 (both terms are >= 0), so with nothing to
    // scroll the answer is 0 without any sum.
    guard layout.viewportHeight < layout.contentHeight else {
      state.offset = .zero
      return "scrolled"
    }
    let end = try exactSum(layout.contentHeight, -layout.viewportHeight, at: step, "content_height - viewport_height")
    let wanted = try exactSum(layout.tagTop, decimal(step, "hostOffsetTop"), at: step, "tag_top + hostOffsetTop")
    state.offset = end < wanted ? end : wanted
    return "scrolled"
  }

  /// `lhs + rhs` exactly, or an error when the sum would span more than ``maximumDigits``
  /// positions: no rule of the contract rejects such numbers, so the reference gives no verdict.
  static func exactSum(
    _ lhs: JSONNumber.Decimal, _ rhs: JSONNumber.Decimal, at step: TraceStep, _ what: String
  ) throws(ContextError) -> JSONNumber.Decimal {
    guard JSONNumber.Decimal.positionsSpanned(bySumOf: [lhs, rhs]) <= maximumDigits else {
      throw ContextError(
        key: "input",
        reason:
          "step \(step.index): \(what) would span more than \(maximumDigits) digits; the reference does not compute such an offset"
      )
    }
    return lhs + rhs
  }

  public func traceRules() -> [any TraceRule] { [CreateFirst()] }

  /// The first step is `create` and no later step is; an empty trace lacks it (field `"0"`).
  struct CreateFirst: TraceRule {
    mutating func admits(_ step: TraceStep) -> Bool {
      TextRules.identical(step.name, "create") == (step.index == 0)
    }

    func admitsEnd(afterSteps count: Int) -> Bool { count > 0 }
  }

  /// The suite reads no context: one given is ignored.
  public func configuration(from context: JSONObject) throws(ContextError) {}

  public func initialState(_: Void) -> State { State() }

  public func output(of state: State, configuration: Void) -> [JSONObject.Member] {
    [
      JSONObject.Member(key: "offset", value: .number(JSONNumber(state.offset))),
      JSONObject.Member(key: "reloads", value: .number(JSONNumber(state.reloads))),
      JSONObject.Member(key: "handler", value: .bool(state.handler)),
    ]
  }
}
