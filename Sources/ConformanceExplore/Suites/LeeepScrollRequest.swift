import ConformanceJSON

/// `leeep.scroll-request`: a trace of one tag view's scroll requests. Targets: `create` first and
/// only first, handler toggles counted as reloads (none over none, a handler over a handler are
/// not), `no_handler` before `not_laid_out` before `ignored`, reason and target compared byte for
/// byte (case, white space, empty), the offset `tag_top + hostOffsetTop` (never
/// contentOffsetTop) clamped to `[0, max(0, content_height - viewport_height)]` in exact
/// decimals (`0.1 + 0.2`, 2^53 + 1, hundreds of digits, `-0`, `-1e-400` below zero is an
/// invalid step), content shorter than the viewport, the offset kept until the next `scrolled`
/// and across reloads; long traces.
struct LeeepScrollRequestExplorer: SuiteExplorer {
  let suite = "leeep.scroll-request"
  static let numbers = [
    "0", "-0", "0.0", "1", "0.1", "0.2", "0.3", "100", "100.5", "1e2", "1E+2", "812", "2400", "9007199254740993",
    "9007199254740992", "1e-400", "12345678901234567890.123456789", "1" + String(repeating: "0", count: 300), "-1e-400",
    "-1", "5e-324", "1.7976931348623157e308", "1e30",
  ]
  static let mutator = Mutator(
    Vocabulary(
      keys: [
        "step", "handler", "tag_top", "viewport_height", "content_height", "tagId", "reason", "target",
        "contentOffsetTop", "hostOffsetTop",
      ],
      strings: ["reviewPagination", "reviewListTop", "create", "request", "layout"], numbers: ["0", "1", "100"],
      hugeExponents: false))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    var steps: [JSONValue]
    if random.chance(1, in: 5), let sample = ExploreMix.sample(samples, &random), let items = sample.input.arrayValue {
      steps = items
    } else {
      steps = [TraceMutations.step("create", [("handler", .bool(random.chance(3, in: 4)))])]
      for _ in 0..<random.below(8) { steps.append(Self.step(&random)) }
    }
    for _ in 0..<ExploreMix.mutationCount(&random) {
      if random.chance(1, in: 6) {
        steps = Self.mutator.mutate(.array(steps), &random).arrayValue ?? steps
      } else {
        steps = TraceMutations.mutate(steps, insert: { Self.step(&$0) }, &random)
      }
    }
    // Now and then not an array at all (`not_an_array`, checked before any step).
    let input = random.chance(1, in: 40) ? Self.mutator.retype(.array(steps), &random) : .array(steps)
    return ExploreCase(suite: suite, input: input, context: JSONObject())
  }

  static func number(_ random: inout ExploreRandom) -> JSONValue {
    random.chance(1, in: 3) ? .number(JSONNumber(random.below(3000))) : NumberForms.number(random.pick(numbers))
  }

  static func step(_ random: inout ExploreRandom) -> JSONValue {
    switch random.below(10) {
    case 0:
      return TraceMutations.step(
        random.chance(1, in: 8) ? "create" : "set_handler", [("handler", .bool(random.chance(1, in: 2)))])
    case 1, 2:
      return TraceMutations.step(
        "layout",
        [("tag_top", number(&random)), ("viewport_height", number(&random)), ("content_height", number(&random))])
    case 9:
      return random.pick([
        TraceMutations.step("layout", [("tag_top", "1"), ("viewport_height", 1), ("content_height", 1)]),
        TraceMutations.step("set_handler"), TraceMutations.step("Request"), "create",
        TraceMutations.step("set_handler", [("handler", .null)]),
      ])
    default:
      let reason =
        random.chance(4, in: 5)
        ? "reviewPagination"
        : random.pick(["ReviewPagination", "reviewPagination ", "", "pagination", "reviewpagination"])
      let target =
        random.chance(4, in: 5) ? "reviewListTop" : random.pick(["reviewlisttop", "reviewListTop\n", "", "top"])
      let tagID: JSONValue = random.chance(9, in: 10) ? .string(random.pick(["review", "t", "\u{3042}", " "])) : ""
      return TraceMutations.step(
        "request",
        [
          ("tagId", tagID), ("reason", .string(reason)), ("target", .string(target)),
          ("contentOffsetTop", number(&random)), ("hostOffsetTop", number(&random)),
        ])
    }
  }
}
