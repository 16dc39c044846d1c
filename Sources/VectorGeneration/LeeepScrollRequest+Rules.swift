import ConformanceJSON
import ConformanceKit

extension LeeepScrollRequest {
  /// Numbers below 0 that an argument of the suite does not take (each `invalid_step`).
  static let negatives: [(name: String, value: JSONValue, why: String)] = [
    ("minus-one", -1, "-1 is below 0"),
    ("minus-tenth", .number(JSONNumber(literal: "-0.1")!), "-0.1 is below 0"),
    ("minus-tiny", .number(JSONNumber(literal: "-1e-400")!), "-1e-400 is below 0, however small"),
    ("minus-huge", .number(JSONNumber(literal: "-1E+400")!), "-1E+400 is below 0"),
  ]

  static func position(_ name: String, _ sample: JSONValue) -> TraceArgumentShape {
    TraceArgumentShape(
      name, [.number], sample: sample,
      outside: negatives.map { ($0.name, $0.value, "\(name) \($0.why): a position or height is >= 0") })
  }

  /// The suite's steps as docs/suites/leeep.scroll-request.md lists them.
  static let stepShapes = TraceStepShapes([
    TraceStepShape("create", [TraceArgumentShape("handler", [.bool], sample: true)]),
    TraceStepShape("set_handler", [TraceArgumentShape("handler", [.bool], sample: false)]),
    TraceStepShape(
      "layout", [position("tag_top", 1200), position("viewport_height", 800), position("content_height", 5000)]),
    TraceStepShape(
      "request",
      [
        TraceArgumentShape(
          "tagId", [.string], sample: .string(tagID),
          outside: [("empty", "", "tagId is 1 or more bytes: the empty string is not a tag's ID")]),
        TraceArgumentShape("reason", [.string], sample: .string(reason)),
        TraceArgumentShape("target", [.string], sample: .string(target)),
        position("contentOffsetTop", 640), position("hostOffsetTop", 320),
      ]),
  ])

  /// Step objects a port gets wrong beyond the shapes the table gives.
  static let mistakes: [InvalidTraceItem] = [
    InvalidTraceItem(
      id: "mistake.on-scroll-request", description: "the callback's name onScrollRequest is not the step request",
      item: TraceStepShapes.step(
        "onScrollRequest",
        [
          ("tagId", .string(tagID)), ("reason", .string(reason)), ("target", .string(target)),
          ("contentOffsetTop", 640), ("hostOffsetTop", 320),
        ]), tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.request-without-content-offset",
      description: "a request that leaves out contentOffsetTop because the app does not use it lacks an argument",
      item: TraceStepShapes.step(
        "request",
        [("tagId", .string(tagID)), ("reason", .string(reason)), ("target", .string(target)), ("hostOffsetTop", 320)]),
      tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.offset-as-string", description: "hostOffsetTop as the text \"320\" is not a number",
      item: TraceStepShapes.step(
        "request",
        [
          ("tagId", .string(tagID)), ("reason", .string(reason)), ("target", .string(target)),
          ("contentOffsetTop", 640), ("hostOffsetTop", "320"),
        ]), tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.reason-in-array", description: "reason as an array holding the case name is not a string",
      item: TraceStepShapes.step(
        "request",
        [
          ("tagId", .string(tagID)), ("reason", [.string(reason)]), ("target", .string(target)),
          ("contentOffsetTop", 640), ("hostOffsetTop", 320),
        ]), tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.layout-camel-case",
      description: "layout's keys in camelCase (tagTop, viewportHeight, contentHeight) are other keys",
      item: TraceStepShapes.step("layout", [("tagTop", 1200), ("viewportHeight", 800), ("contentHeight", 5000)]),
      tags: ["integration-mistake"]),
    InvalidTraceItem(
      id: "mistake.handler-as-closure-name",
      description: "handler as the text \"onScrollRequest\" instead of true is not a boolean",
      item: TraceStepShapes.step("set_handler", [("handler", "onScrollRequest")]), tags: ["integration-mistake"]),
  ]

  /// Valid prefixes of 1 to 4 steps, so that the bad item stands at index 1 to 4.
  static let prefixes: [[Step]] = [
    [.create(handler: true)],
    [.create(handler: true), .layout(tagTop: "1200", viewport: "800", content: "5000")],
    [.create(handler: false), .setHandler(true), .layout(tagTop: "0", viewport: "800", content: "900")],
    [
      .create(handler: true), .layout(tagTop: "1200", viewport: "800", content: "5000"), .scroll(host: "320"),
      .setHandler(false),
    ],
  ]

  // MARK: shape.json

  static func shape() -> GeneratedFile {
    var file = builder(
      "the whole-array check for this suite's steps: not_an_array, and each invalid_step shape once, with its index")
    file.addNotArrays()
    // Each bad shape is tested once. A bad create stands first (a create later would break the
    // trace-level rule too); every other item follows a valid prefix whose length cycles from 1
    // to 4, so the reported index is checked without repeating the shape at two places.
    var rotation = 0
    for item in stepShapes.invalidItems() + mistakes {
      let isCreate = item.item.objectValue?["step"]?.stringValue == "create"
      if isCreate {
        let input: JSONValue = .array([item.item, Step.layout(tagTop: "0", viewport: "1", content: "2").json])
        file.add(
          id: "invalid-step.\(item.id)", description: item.description + " (the first step, field 0)",
          tags: ["invalid"] + item.tags, input: input, expect: .reject("invalid_step", field: "0"))
        continue
      }
      let prefix = prefixes[rotation % prefixes.count]
      rotation += 1
      let position = String(prefix.count)
      file.add(
        id: "invalid-step.\(item.id)", description: item.description + " (step \(position): field \(position))",
        tags: ["invalid"] + item.tags, input: .array(prefix.map(\.json) + [item.item]),
        expect: .reject("invalid_step", field: position))
    }
    file.add(
      id: "invalid-step.first-of-two-bad-items",
      description: "two bad items at 1 and 2: the first one's index is reported",
      tags: ["invalid"], input: .array([Step.create(handler: true).json, ["step": "scroll"], .null]),
      expect: .reject("invalid_step", field: "1"))
    file.add(
      id: "invalid-step.bad-item-after-twelve-steps",
      description: "the index is decimal and 0-based: the 13th item is field 12",
      tags: ["invalid"],
      input: .array(
        [Step.create(handler: true).json]
          + TraceStepShapes.repeated([Step.setHandler(false).json, Step.setHandler(true).json], count: 11) + [.null]),
      expect: .reject("invalid_step", field: "12"))
    file.add(
      id: "invalid-step.nothing-runs-before-the-check",
      description: "a bad last item rejects a trace whose earlier request would have scrolled: no step runs first",
      tags: ["invalid"],
      input: .array(
        [
          Step.create(handler: true).json, Step.layout(tagTop: "10", viewport: "1", content: "100").json,
          Step.scroll(host: "5").json,
          TraceStepShapes.step("layout", [("tag_top", -1), ("viewport_height", 1), ("content_height", 1)]),
        ]), expect: .reject("invalid_step", field: "3"))
    file.addScrollTrace(
      "valid.every-step-once", "each of the four steps once, in a trace the check accepts", tags: ["valid"],
      [
        .create(handler: false), .setHandler(true), .layout(tagTop: "100", viewport: "600", content: "2000"),
        .scroll(host: "40"),
      ],
      results: ["ok", "reloaded", "ok", "scrolled"], offset: "140", reloads: 1)
    file.add(
      id: "valid.argument-order",
      description: "the step key may come after a request's arguments, which may come in any order",
      tags: ["valid"],
      input: [
        Step.create(handler: true).json, Step.layout(tagTop: "100", viewport: "600", content: "2000").json,
        .object(
          JSONObject([
            .init(key: "hostOffsetTop", value: 40), .init(key: "contentOffsetTop", value: 900),
            .init(key: "target", value: .string(target)), .init(key: "reason", value: .string(reason)),
            .init(key: "tagId", value: .string(tagID)), .init(key: "step", value: "request"),
          ])),
      ], expect: output(["ok", "ok", "scrolled"], offset: Model.value("140"), reloads: 0, handler: true))
    file.addScrollTrace(
      "valid.context-ignored", "a context given to a trace is ignored: the suite reads none", tags: ["valid"],
      [.create(handler: true), .layout(tagTop: "100", viewport: "600", content: "2000"), .scroll(host: "40")],
      results: ["ok", "ok", "scrolled"], offset: "140", context: ["platform": "ios", "online": false])
    file.addScrollTrace(
      "valid.tag-id-any-non-empty", "tagId is any string of 1 or more bytes: a single space and non-ASCII pass",
      tags: ["valid", "unicode"],
      [
        .create(handler: true), .layout(tagTop: "0", viewport: "10", content: "100"),
        .request(tagId: " ", reason: reason, target: target, contentOffsetTop: "0", hostOffsetTop: "1"),
        .request(tagId: "レビュー一覧", reason: reason, target: target, contentOffsetTop: "0", hostOffsetTop: "2"),
      ], results: ["ok", "ok", "scrolled", "scrolled"], offset: "2")
    file.addScrollTrace(
      "valid.tag-id-other-tag",
      "a request names its own tag: a tagId other than the view's still scrolls (the contract never compares it)",
      tags: ["valid"],
      [
        .create(handler: true), .layout(tagTop: "50", viewport: "10", content: "100"),
        .request(tagId: "another-tag", reason: reason, target: target, contentOffsetTop: "0", hostOffsetTop: "5"),
      ], results: ["ok", "ok", "scrolled"], offset: "55")
    return file.file(at: "\(folder)/shape.json")
  }

  // MARK: create.json

  static func createRule() -> GeneratedFile {
    var file = builder("the trace-level rule: the first step is create, no later step is, and a trace is never empty")
    file.add(
      id: "rule.empty-trace", description: "an empty trace has no create: invalid_step with field 0",
      tags: ["invalid", "boundary"], input: [], expect: .reject("invalid_step", field: "0"))
    let others: [(String, Step)] = [
      ("set-handler", .setHandler(true)), ("layout", .layout(tagTop: "0", viewport: "1", content: "2")),
      ("request", .scroll(host: "1")),
    ]
    for (name, step) in others {
      file.add(
        id: "rule.first-step-\(name)",
        description: "a trace that starts with \(step.name) before create is invalid at 0",
        tags: ["invalid"], input: .array([step.json, Step.create(handler: true).json]),
        expect: .reject("invalid_step", field: "0"))
    }
    for (index, handler) in [(1, true), (1, false), (3, true), (6, false)] {
      var steps: [Step] = [.create(handler: true)]
      while steps.count < index { steps.append(.layout(tagTop: "0", viewport: "1", content: String(steps.count))) }
      file.add(
        id: "rule.second-create-at-\(index)-handler-\(handler)",
        description: "a second create (handler \(handler)) at step \(index) is invalid: the tag view is made once",
        tags: ["invalid"], input: .array(steps.map(\.json) + [Step.create(handler: handler).json]),
        expect: .reject("invalid_step", field: String(index)))
    }
    file.add(
      id: "rule.second-create-after-bad-item", description: "a bad item at 1 wins over a second create at 2",
      tags: ["invalid"], input: .array([Step.create(handler: true).json, 7, Step.create(handler: true).json]),
      expect: .reject("invalid_step", field: "1"))
    file.add(
      id: "rule.second-create-before-bad-item", description: "a second create at 1 wins over a bad item at 2",
      tags: ["invalid"], input: .array([Step.create(handler: true).json, Step.create(handler: true).json, 7]),
      expect: .reject("invalid_step", field: "1"))
    file.add(
      id: "rule.only-bad-create", description: "a lone create without its handler is invalid at 0, not an empty trace",
      tags: ["invalid"], input: [["step": "create"]], expect: .reject("invalid_step", field: "0"))
    file.add(
      id: "rule.recreate-instead-of-set-handler",
      description: "making the view again to change the handler is a second create, invalid at 2",
      tags: ["invalid", "integration-mistake"],
      input: .array([
        Step.create(handler: false).json, Step.layout(tagTop: "0", viewport: "1", content: "2").json,
        Step.create(handler: true).json,
      ]),
      expect: .reject("invalid_step", field: "2"))
    file.addScrollTrace(
      "create.with-handler", "create alone with a handler: ok, offset 0, no reload, handler true",
      tags: ["valid", "boundary"],
      [.create(handler: true)], results: ["ok"], offset: "0", reloads: 0)
    file.addScrollTrace(
      "create.without-handler", "create alone without a handler (setting one is optional): handler false",
      tags: ["valid", "boundary"], [.create(handler: false)], results: ["ok"], offset: "0", reloads: 0)
    return file.file(at: "\(folder)/create.json")
  }

  // MARK: handler.json

  static func handler() -> GeneratedFile {
    var file = builder(
      "set_handler: a switch between none and a handler reloads the tag; the same value again does not")
    for start in [true, false] {
      for value in [true, false] {
        let switches = start != value
        file.addScrollTrace(
          "set-handler.\(start ? "from-handler" : "from-none").to-\(value ? "handler" : "none")",
          switches
            ? "create(handler \(start)) then set_handler \(value): a switch, reloaded, 1 reload"
            : "create(handler \(start)) then set_handler \(value) again: no switch, ok, no reload",
          tags: ["valid"], [.create(handler: start), .setHandler(value)],
          results: ["ok", switches ? "reloaded" : "ok"],
          reloads: switches ? 1 : 0)
      }
    }
    file.addScrollTrace(
      "set-handler.toggle-twice", "none, handler, none: two switches, two reloads, no handler at the end",
      tags: ["valid"],
      [.create(handler: false), .setHandler(true), .setHandler(false)], results: ["ok", "reloaded", "reloaded"],
      reloads: 2)
    file.addScrollTrace(
      "set-handler.repeated-handler", "a handler set three times over a handler: never a reload", tags: ["valid"],
      [.create(handler: true), .setHandler(true), .setHandler(true), .setHandler(true)],
      results: ["ok", "ok", "ok", "ok"], reloads: 0)
    file.addScrollTrace(
      "set-handler.repeated-none", "none set twice over none: never a reload", tags: ["valid"],
      [.create(handler: false), .setHandler(false), .setHandler(false)], results: ["ok", "ok", "ok"], reloads: 0)
    file.addScrollTrace(
      "set-handler.mixed-count", "switches counted among repeats: true, true, false, false, true gives 2 reloads",
      tags: ["valid"],
      [.create(handler: true), .setHandler(true), .setHandler(false), .setHandler(false), .setHandler(true)],
      results: ["ok", "ok", "reloaded", "ok", "reloaded"], reloads: 2)
    for count in [3, 7, 20] {
      var steps: [Step] = [.create(handler: false)]
      for index in 0..<count { steps.append(.setHandler(index % 2 == 0)) }
      file.addScrollTrace(
        "set-handler.alternating-\(count)", "\(count) alternating set_handler steps from none: \(count) reloads",
        tags: ["valid"], steps, reloads: count)
    }
    file.addScrollTrace(
      "set-handler.create-is-not-a-reload", "the handler given to create is not a switch: reloads stays 0",
      tags: ["valid", "boundary"], [.create(handler: true), .layout(tagTop: "0", viewport: "1", content: "2")],
      results: ["ok", "ok"], reloads: 0)
    file.addScrollTrace(
      "set-handler.then-request", "a handler set later works like one given to create: the next request scrolls",
      tags: ["valid"],
      [
        .create(handler: false), .layout(tagTop: "300", viewport: "500", content: "3000"), .setHandler(true),
        .scroll(host: "25"),
      ],
      results: ["ok", "ok", "reloaded", "scrolled"], offset: "325", reloads: 1)
    file.addScrollTrace(
      "set-handler.removed-then-request", "after the handler is removed a request is dropped: no_handler",
      tags: ["valid"],
      [
        .create(handler: true), .layout(tagTop: "300", viewport: "500", content: "3000"), .setHandler(false),
        .scroll(host: "25"),
      ],
      results: ["ok", "ok", "reloaded", "no_handler"], offset: "0", reloads: 1)
    file.addScrollTrace(
      "set-handler.layout-between-toggles", "layouts between switches change no count: 2 reloads over 5 steps",
      tags: ["valid"],
      [
        .create(handler: true), .layout(tagTop: "1", viewport: "1", content: "1"), .setHandler(false),
        .layout(tagTop: "2", viewport: "1", content: "1"), .setHandler(true),
      ], results: ["ok", "ok", "reloaded", "ok", "reloaded"], reloads: 2)
    return file.file(at: "\(folder)/handler.json")
  }

  // MARK: request.json

  /// Reasons and targets an app does not act on, with id-safe names.
  static let unknownValues: [(name: String, value: String, why: String)] = [
    ("empty", "", "the empty string"),
    ("with-dot", ".reviewPagination", "the Swift case spelling with its dot"),
    ("upper-first", "ReviewPagination", "another case"),
    ("lower", "reviewpagination", "all lower case"),
    ("snake-case", "review_pagination", "snake_case"),
    ("trailing-space", "reviewPagination ", "a trailing space (nothing is trimmed)"),
    ("leading-space", " reviewPagination", "a leading space"),
    ("upper", "REVIEWPAGINATION", "all upper case"),
    ("full-width", "ｒｅｖｉｅｗPagination", "full-width letters"),
    ("future", "reviewSort", "a later reason the reference does not name yet"),
  ]

  static let unknownTargets: [(name: String, value: String, why: String)] = [
    ("empty", "", "the empty string"),
    ("with-dot", ".reviewListTop", "the Swift case spelling with its dot"),
    ("upper-first", "ReviewListTop", "another case"),
    ("lower", "reviewlisttop", "all lower case"),
    ("trailing-newline", "reviewListTop\n", "a trailing newline"),
    ("trailing-space", "reviewListTop ", "a trailing space"),
    ("future", "reviewListBottom", "a later target the reference does not name yet"),
    ("reason-value", "reviewPagination", "the reason's value"),
  ]

  static func request() -> GeneratedFile {
    var file = builder(
      "request: no_handler, then not_laid_out, then ignored for an unknown reason or target, else scrolled")
    let layout = Step.layout(tagTop: "1200", viewport: "800", content: "5000")
    file.addScrollTrace(
      "request.no-handler", "a request without a handler is dropped: no_handler, the offset stays 0", tags: ["valid"],
      [.create(handler: false), layout, .scroll(host: "320")], results: ["ok", "ok", "no_handler"], offset: "0")
    file.addScrollTrace(
      "request.no-handler-before-layout", "no handler and no layout: no_handler is checked first", tags: ["valid"],
      [.create(handler: false), .scroll(host: "320")], results: ["ok", "no_handler"], offset: "0")
    file.addScrollTrace(
      "request.no-handler-unknown-reason", "no handler and an unknown reason: no_handler is checked first",
      tags: ["valid"],
      [
        .create(handler: false), layout,
        .request(tagId: tagID, reason: "reviewSort", target: target, contentOffsetTop: "0", hostOffsetTop: "1"),
      ],
      results: ["ok", "ok", "no_handler"])
    file.addScrollTrace(
      "request.before-layout", "a handler but no layout yet: not_laid_out, the offset stays 0", tags: ["valid"],
      [.create(handler: true), .scroll(host: "320")], results: ["ok", "not_laid_out"], offset: "0")
    file.addScrollTrace(
      "request.before-layout-unknown-target", "no layout and an unknown target: not_laid_out is checked before ignored",
      tags: ["valid"],
      [
        .create(handler: true),
        .request(tagId: tagID, reason: reason, target: "reviewListBottom", contentOffsetTop: "0", hostOffsetTop: "1"),
      ],
      results: ["ok", "not_laid_out"])
    file.addScrollTrace(
      "request.before-then-after-layout", "not_laid_out before the layout step, scrolled after it", tags: ["valid"],
      [.create(handler: true), .scroll(host: "320"), layout, .scroll(host: "320")],
      results: ["ok", "not_laid_out", "ok", "scrolled"], offset: "1520")
    file.addScrollTrace(
      "request.known-values",
      "reason reviewPagination and target reviewListTop: the container scrolls to tag_top + hostOffsetTop",
      tags: ["valid"], [.create(handler: true), layout, .scroll(host: "320")], results: ["ok", "ok", "scrolled"],
      offset: "1520")
    // A port that acts on a value it does not know (the contract's integration mistake) would
    // scroll here; `foreign-scope` is for payloads of another website or app, not these.
    for unknown in unknownValues {
      file.addScrollTrace(
        "request.reason-\(unknown.name)", "reason as \(unknown.why) (\(unknown.value.debugDescription)) is ignored",
        tags: ["valid", "integration-mistake"] + (unknown.name == "full-width" ? ["unicode"] : []),
        [
          .create(handler: true), layout,
          .request(tagId: tagID, reason: unknown.value, target: target, contentOffsetTop: "640", hostOffsetTop: "320"),
        ], results: ["ok", "ok", "ignored"], offset: "0")
    }
    for unknown in unknownTargets {
      file.addScrollTrace(
        "request.target-\(unknown.name)", "target as \(unknown.why) (\(unknown.value.debugDescription)) is ignored",
        tags: ["valid", "integration-mistake"],
        [
          .create(handler: true), layout,
          .request(tagId: tagID, reason: reason, target: unknown.value, contentOffsetTop: "640", hostOffsetTop: "320"),
        ], results: ["ok", "ok", "ignored"], offset: "0")
    }
    file.addScrollTrace(
      "request.reason-and-target-swapped", "reason and target values swapped: both unknown, ignored", tags: ["valid"],
      [
        .create(handler: true), layout,
        .request(tagId: tagID, reason: target, target: reason, contentOffsetTop: "640", hostOffsetTop: "320"),
      ], results: ["ok", "ok", "ignored"])
    // U+00E9 precomposed vs e + U+0301: canonically equivalent, different bytes.
    file.addScrollTrace(
      "request.reason-decomposed",
      "a reason with a combining accent that Swift's == would equate to another spelling is compared byte for byte: ignored",
      tags: ["valid", "unicode"],
      [
        .create(handler: true), layout,
        .request(
          tagId: tagID, reason: "reviewPaginatio\u{0301}n", target: target, contentOffsetTop: "0", hostOffsetTop: "320"),
      ], results: ["ok", "ok", "ignored"])
    file.addScrollTrace(
      "request.ignored-then-known", "an ignored request then a known one: only the second moves the container",
      tags: ["valid"],
      [
        .create(handler: true), layout,
        .request(tagId: tagID, reason: "reviewSort", target: target, contentOffsetTop: "0", hostOffsetTop: "900"),
        .scroll(host: "10"),
      ], results: ["ok", "ok", "ignored", "scrolled"], offset: "1210")
    file.addScrollTrace(
      "request.same-offset-again", "a request to where the container already is: scrolled all the same",
      tags: ["valid"], [.create(handler: true), layout, .scroll(host: "320"), .scroll(host: "320")],
      results: ["ok", "ok", "scrolled", "scrolled"], offset: "1520")
    file.addScrollTrace(
      "request.zero-host", "hostOffsetTop 0: the container scrolls to the tag view's top edge",
      tags: ["valid", "boundary"],
      [.create(handler: true), layout, .scroll(host: "0")], results: ["ok", "ok", "scrolled"], offset: "1200")
    file.addScrollTrace(
      "request.every-result", "one trace with every request result: no_handler, not_laid_out, ignored, scrolled",
      tags: ["valid"],
      [
        .create(handler: false), .scroll(host: "1"), .setHandler(true), .scroll(host: "1"), layout,
        .request(tagId: tagID, reason: reason, target: "", contentOffsetTop: "0", hostOffsetTop: "1"),
        .scroll(host: "1"),
      ], results: ["ok", "no_handler", "reloaded", "not_laid_out", "ok", "ignored", "scrolled"], offset: "1201",
      reloads: 1)
    // The whole truth table of the request's checks: handler, layout, reason, target.
    for handler in [true, false] {
      for laidOut in [true, false] {
        for knownReason in [true, false] {
          for knownTarget in [true, false] {
            var steps: [Step] = [.create(handler: handler)]
            if laidOut { steps.append(layout) }
            steps.append(
              .request(
                tagId: tagID, reason: knownReason ? reason : "reviewSort",
                target: knownTarget ? target : "reviewListBottom", contentOffsetTop: "0", hostOffsetTop: "30"))
            let result = Model.run(steps).results.last!
            let bit = { (flag: Bool) in flag ? "1" : "0" }
            file.addScrollTrace(
              "order.handler-\(bit(handler)).layout-\(bit(laidOut)).reason-\(bit(knownReason)).target-\(bit(knownTarget))",
              "check order, \(handler ? "a handler" : "no handler"), \(laidOut ? "laid out" : "no layout"), "
                + "\(knownReason ? "the known reason" : "reason reviewSort"), "
                + "\(knownTarget ? "the known target" : "target reviewListBottom"): \(result)",
              tags: ["valid"], steps)
          }
        }
      }
    }
    return file.file(at: "\(folder)/request.json")
  }
}

extension LeeepScrollRequest.Step {
  /// The step's name, for descriptions.
  var name: String {
    switch self {
    case .create: "create"
    case .setHandler: "set_handler"
    case .layout: "layout"
    case .request: "request"
    }
  }
}
