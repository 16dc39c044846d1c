import ConformanceJSON
import ConformanceKit

extension LeeepScrollRequest {
  /// A trace that lays the tag view out once and sends one known request.
  static func oneRequest(top: String, viewport: String, content: String, host: String, contentOffset: String = "0")
    -> [Step]
  {
    [
      .create(handler: true), .layout(tagTop: top, viewport: viewport, content: content),
      .scroll(host: host, content: contentOffset),
    ]
  }

  // MARK: clamp.json

  static func clamp() -> GeneratedFile {
    var file = builder(
      "the container scrolls to tag_top + hostOffsetTop, clamped to [0, max(0, content_height - viewport_height)]")
    // (id, tag_top, viewport, content, host, offset worked out by hand, why)
    let cases: [(String, String, String, String, String, String, String)] = [
      ("inside", "1200", "800", "5000", "320", "1520", "1200 + 320 lies inside [0, 4200]: 1520"),
      ("past-end", "4000", "800", "5000", "500", "4200", "4000 + 500 is past the end 5000 - 800: clamped to 4200"),
      ("at-end", "4000", "800", "5000", "200", "4200", "4000 + 200 is exactly the end: 4200"),
      ("one-past-end", "4000", "800", "5000", "201", "4200", "one point past the end is clamped to 4200"),
      ("one-before-end", "4000", "800", "5000", "199", "4199", "one point before the end stays 4199"),
      ("tag-below-content", "6000", "800", "5000", "0", "4200", "a tag_top beyond the content's end: clamped to 4200"),
      ("content-shorter", "100", "800", "500", "50", "0", "content shorter than the viewport: nothing to scroll, 0"),
      ("content-equal", "100", "800", "800", "50", "0", "content exactly as tall as the viewport: 0"),
      ("content-one-longer", "10", "800", "801", "0", "1", "content one point taller than the viewport: at most 1"),
      ("all-zero", "0", "0", "0", "0", "0", "every number 0: the offset is 0"),
      ("viewport-zero", "10", "0", "100", "5", "15", "a zero viewport: the end is the whole content, 15 fits"),
      ("content-zero", "10", "0", "0", "5", "0", "no content at all: 0 whatever is asked"),
      ("top-edge", "0", "800", "5000", "0", "0", "a tag at the container's top and hostOffsetTop 0: 0"),
      ("empty-viewport-huge-content", "0", "0", "1E+6", "999999.5", "999999.5", "a fraction just below the end 1E+6"),
      ("half-point-room", "3", "1000000", "1000000.5", "0", "0.5", "content half a point taller: clamped to 0.5"),
    ]
    for (id, top, viewport, content, host, offset, why) in cases {
      file.addScrollTrace(
        "clamp.\(id)", why, tags: ["valid", "boundary"],
        oneRequest(top: top, viewport: viewport, content: content, host: host), results: ["ok", "ok", "scrolled"],
        offset: offset)
    }
    file.addScrollTrace(
      "clamp.no-move-still-scrolled",
      "content shorter than the viewport: the result is scrolled though the offset stays 0",
      tags: ["valid", "boundary"],
      [
        .create(handler: true), .layout(tagTop: "100", viewport: "800", content: "500"), .scroll(host: "10"),
        .scroll(host: "20"),
      ], results: ["ok", "ok", "scrolled", "scrolled"], offset: "0")
    file.addScrollTrace(
      "clamp.to-zero-after-offset", "a request on a layout with nothing to scroll brings an earlier offset back to 0",
      tags: ["valid", "boundary"],
      [
        .create(handler: true), .layout(tagTop: "100", viewport: "800", content: "5000"), .scroll(host: "10"),
        .layout(tagTop: "100", viewport: "800", content: "700"), .scroll(host: "10"),
      ], results: ["ok", "ok", "scrolled", "ok", "scrolled"], offset: "0")
    return file.file(at: "\(folder)/clamp.json")
  }

  // MARK: decimals.json

  static func decimals() -> GeneratedFile {
    var file = builder("positions are exact decimals of any size: never Double, -0 is 0, exponents are ordinary")
    let fourHundredThrees = "0." + String(repeating: "3", count: 399)
    let fourHundredSixes = "0." + String(repeating: "6", count: 399)
    let fourHundredNines = "0." + String(repeating: "9", count: 399)
    let tenToThe400PlusOne = "1" + String(repeating: "0", count: 399) + "1"
    // (id, tag_top, viewport, content, host, offset worked out by hand, why)
    let cases: [(String, String, String, String, String, String, String)] = [
      (
        "tenth-plus-fifth", "0.1", "0", "10", "0.2", "0.3",
        "0.1 + 0.2 is exactly 0.3 (Double gives 0.30000000000000004)"
      ),
      (
        "tenth-plus-fifth-below-double-end", "0.1", "0", "0.30000000000000004", "0.2", "0.3",
        "0.1 + 0.2 is 0.3, below an end of 0.30000000000000004: no clamp"
      ),
      ("end-by-subtraction", "0.2", "0.1", "0.3", "0", "0.2", "0.3 - 0.1 is exactly 0.2, the wanted 0.2 fits"),
      ("upper-exponent", "1E+2", "0", "1000", "5e-1", "100.5", "1E+2 + 5e-1 is 100.5"),
      ("two-exponents", "1e2", "0", "1000", "1E2", "200", "1e2 + 1E2 is 200"),
      ("negative-exponent", "2.5E-3", "0", "1", "0", "0.0025", "2.5E-3 is 0.0025"),
      ("past-double-odd", "9007199254740993", "0", "1e20", "0", "9007199254740993", "2^53 + 1 is kept exactly"),
      ("past-double-sum", "9007199254740992", "0", "1e20", "1", "9007199254740993", "2^53 + 1 by addition is exact"),
      (
        "long-fraction", "12345678901234567890.123456789", "0", "1e30", "0.000000001", "12345678901234567890.12345679",
        "a 29-digit sum with nine decimals is exact"
      ),
      ("ten-to-400-plus-one", "1e400", "0", "1e401", "1", tenToThe400PlusOne, "1e400 + 1 keeps all 401 digits"),
      ("ten-to-400-heights", "5e400", "1e400", "3e400", "0", "2e400", "heights of 1e400 and 3e400: the end is 2e400"),
      ("tiny-top", "1e-400", "0", "1", "0", "1e-400", "a tag_top of 1e-400 is above 0, not rounded away"),
      (
        "400-digit-fractions", fourHundredThrees, "0", "1", fourHundredSixes, fourHundredNines,
        "two 399-place fractions add to 0.999… exactly"
      ),
      ("trailing-zeros", "1.50", "0", "10", "2.50", "4", "1.50 + 2.50 is 4: trailing zeros do not matter"),
      (
        "end-past-double", "0", "10000000000000000", "10000000000000001", "5", "1",
        "10000000000000001 - 1e16 is 1 (Double makes both 1e16 and the end 0)"
      ),
      ("negative-zero-top", "-0", "0", "10", "3", "3", "a tag_top of -0 is 0, so >= 0: 3"),
      ("negative-zero-host", "7", "0", "10", "-0", "7", "a hostOffsetTop of -0 is 0: 7"),
      ("negative-zero-viewport", "1", "-0", "10", "1", "2", "a viewport_height of -0 is 0"),
      ("negative-zero-content", "1", "0", "-0", "1", "0", "a content_height of -0 is 0: nothing to scroll"),
      ("negative-zero-fraction", "-0.0", "0", "10", "-0e5", "0", "-0.0 + -0e5 is 0"),
      ("exponent-zero", "5e0", "0", "10", "0E-7", "5", "5e0 is 5 and 0E-7 is 0"),
    ]
    for (id, top, viewport, content, host, offset, why) in cases {
      file.addScrollTrace(
        "decimal.\(id)", why, tags: ["valid", "boundary"],
        oneRequest(top: top, viewport: viewport, content: content, host: host), results: ["ok", "ok", "scrolled"],
        offset: offset)
    }
    // Each number argument read in each literal form: a port that reads one argument exactly and
    // another through Double, or rejects an exponent form in one place, is caught where it does.
    let forms: [(String, String, String)] = [
      ("upper-exponent", "1E+2", "with an upper-case exponent"), ("minus-zero", "-0", "as -0"),
      ("past-double", "9007199254740993", "as 2^53 + 1"), ("tiny", "1e-400", "as 1e-400"),
      ("400-places", "0." + String(repeating: "1", count: 400), "as a fraction of 400 places"),
    ]
    let base = (top: "1000", viewport: "500", content: "1e30", host: "250", contentOffset: "40")
    for argument in ["tag_top", "viewport_height", "content_height", "hostOffsetTop", "contentOffsetTop"] {
      for (name, literal, how) in forms {
        let steps = oneRequest(
          top: argument == "tag_top" ? literal : base.top,
          viewport: argument == "viewport_height" ? literal : base.viewport,
          content: argument == "content_height" ? literal : base.content,
          host: argument == "hostOffsetTop" ? literal : base.host,
          contentOffset: argument == "contentOffsetTop" ? literal : base.contentOffset)
        let offset = Model.run(steps).model.offset.literal
        let shown = offset.utf8.count <= 40 ? offset : "\(offset.prefix(12))… exactly"
        file.addScrollTrace(
          "decimal.form.\(argument).\(name)", "\(argument) written \(how) is read exactly: offset \(shown)",
          tags: ["valid", "boundary"], steps, results: ["ok", "ok", "scrolled"])
      }
    }
    for (name, literal) in [("minus-tiny", "-1e-400"), ("minus-tenth", "-0.1")] {
      for argument in ["tag_top", "hostOffsetTop"] {
        let bad: JSONValue
        if argument == "tag_top" {
          bad = TraceStepShapes.step(
            "layout", [("tag_top", Step.number(literal)), ("viewport_height", 0), ("content_height", 10)])
        } else {
          bad = TraceStepShapes.step(
            "request",
            [
              ("tagId", .string(tagID)), ("reason", .string(reason)), ("target", .string(target)),
              ("contentOffsetTop", 0), ("hostOffsetTop", Step.number(literal)),
            ])
        }
        let steps: [JSONValue] =
          argument == "tag_top"
          ? [Step.create(handler: true).json, bad]
          : [Step.create(handler: true).json, Step.layout(tagTop: "1", viewport: "0", content: "10").json, bad]
        file.add(
          id: "decimal.\(argument)-\(name)", description: "\(argument) \(literal) is below 0, not -0: invalid_step",
          tags: ["invalid", "boundary"], input: .array(steps),
          expect: .reject("invalid_step", field: String(steps.count - 1)))
      }
    }
    return file.file(at: "\(folder)/decimals.json")
  }

  // MARK: content-offset.json

  static func contentOffset() -> GeneratedFile {
    var file = builder(
      "contentOffsetTop is a position inside the web content: any value >= 0 (a negative one is invalid_step), the container goes to tag_top + hostOffsetTop"
    )
    let values: [(String, String, String)] = [
      ("zero", "0", "contentOffsetTop 0"), ("larger", "2400", "contentOffsetTop 2400, larger than hostOffsetTop"),
      ("equal", "300", "contentOffsetTop equal to hostOffsetTop"), ("smaller", "12.5", "contentOffsetTop 12.5"),
      ("past-content", "99999", "contentOffsetTop past the whole content"),
      ("huge", "1e400", "contentOffsetTop 1e400"), ("negative-zero", "-0", "contentOffsetTop -0"),
    ]
    for (id, value, what) in values {
      file.addScrollTrace(
        "content-offset.\(id)", "\(what) is never used: 1200 + 300 gives 1500", tags: ["valid"],
        oneRequest(top: "1200", viewport: "800", content: "5000", host: "300", contentOffset: value),
        results: ["ok", "ok", "scrolled"], offset: "1500")
    }
    file.addScrollTrace(
      "content-offset.host-zero", "hostOffsetTop 0 with contentOffsetTop 700: the tag's top edge, 1200",
      tags: ["valid"],
      oneRequest(top: "1200", viewport: "800", content: "5000", host: "0", contentOffset: "700"), offset: "1200")
    file.addScrollTrace(
      "content-offset.nothing-to-scroll", "content shorter than the viewport: 0, whatever contentOffsetTop says",
      tags: ["valid"], oneRequest(top: "10", viewport: "800", content: "600", host: "0", contentOffset: "500"),
      offset: "0")
    return file.file(at: "\(folder)/content-offset.json")
  }

  // MARK: kept.json

  static func kept() -> GeneratedFile {
    var file = builder(
      "the offset is kept until the next scrolled; layouts never move it; a reload keeps layout and offset")
    let layout = Step.layout(tagTop: "1200", viewport: "800", content: "5000")
    file.addScrollTrace(
      "kept.after-ignored", "an ignored request leaves the offset where the last scroll put it", tags: ["valid"],
      [
        .create(handler: true), layout, .scroll(host: "320"),
        .request(tagId: tagID, reason: "reviewSort", target: target, contentOffsetTop: "0", hostOffsetTop: "9"),
      ], results: ["ok", "ok", "scrolled", "ignored"], offset: "1520")
    file.addScrollTrace(
      "kept.after-no-handler", "a dropped request after the handler is removed keeps the offset", tags: ["valid"],
      [.create(handler: true), layout, .scroll(host: "320"), .setHandler(false), .scroll(host: "9")],
      results: ["ok", "ok", "scrolled", "reloaded", "no_handler"], offset: "1520", reloads: 1)
    file.addScrollTrace(
      "kept.layout-does-not-move", "a new layout whose end is below the offset does not move or re-clamp it",
      tags: ["valid", "boundary"],
      [.create(handler: true), layout, .scroll(host: "320"), .layout(tagTop: "0", viewport: "800", content: "1000")],
      results: ["ok", "ok", "scrolled", "ok"], offset: "1520")
    file.addScrollTrace(
      "kept.next-request-re-clamps", "after a shorter layout the next request is clamped to the new end",
      tags: ["valid"],
      [
        .create(handler: true), layout, .scroll(host: "320"), .layout(tagTop: "0", viewport: "800", content: "1000"),
        .scroll(host: "320"),
      ], results: ["ok", "ok", "scrolled", "ok", "scrolled"], offset: "200")
    file.addScrollTrace(
      "kept.layout-replaced", "the last layout's tag_top is the one a request uses", tags: ["valid"],
      [.create(handler: true), layout, .layout(tagTop: "2000", viewport: "800", content: "5000"), .scroll(host: "10")],
      results: ["ok", "ok", "ok", "scrolled"], offset: "2010")
    file.addScrollTrace(
      "kept.reload-keeps-layout", "after two reloads a request scrolls with the layout from before them",
      tags: ["valid"],
      [.create(handler: true), layout, .setHandler(false), .setHandler(true), .scroll(host: "5")],
      results: ["ok", "ok", "reloaded", "reloaded", "scrolled"], offset: "1205", reloads: 2)
    file.addScrollTrace(
      "kept.reload-keeps-offset", "a reload after a scroll leaves the offset: 1520 with no handler at the end",
      tags: ["valid"], [.create(handler: true), layout, .scroll(host: "320"), .setHandler(false)],
      results: ["ok", "ok", "scrolled", "reloaded"], offset: "1520", reloads: 1)
    file.addScrollTrace(
      "kept.smaller-scroll-replaces", "a later, smaller scroll replaces the offset (positions are absolute, not added)",
      tags: ["valid"], [.create(handler: true), layout, .scroll(host: "900"), .scroll(host: "100")],
      results: ["ok", "ok", "scrolled", "scrolled"], offset: "1300")
    file.addScrollTrace(
      "kept.scroll-to-zero-replaces", "a scroll to 0 replaces an earlier offset", tags: ["valid"],
      [
        .create(handler: true), layout, .scroll(host: "900"), .layout(tagTop: "0", viewport: "800", content: "5000"),
        .scroll(host: "0"),
      ], results: ["ok", "ok", "scrolled", "ok", "scrolled"], offset: "0")
    file.addScrollTrace(
      "kept.not-laid-out-keeps-zero", "requests before any layout leave the starting offset 0", tags: ["valid"],
      [.create(handler: true), .scroll(host: "320"), .scroll(host: "640")],
      results: ["ok", "not_laid_out", "not_laid_out"], offset: "0")
    file.addScrollTrace(
      "kept.layout-before-handler", "a layout made while no handler is set is used once a handler is set",
      tags: ["valid"],
      [.create(handler: false), layout, .scroll(host: "1"), .setHandler(true), .scroll(host: "1")],
      results: ["ok", "ok", "no_handler", "reloaded", "scrolled"], offset: "1201", reloads: 1)
    return file.file(at: "\(folder)/kept.json")
  }

  // MARK: stories.json

  static func stories() -> GeneratedFile {
    var file = builder(
      "the integration mistakes the reference warns about, as stories: each expectation is what the rules give, the description what the mistaken port would answer"
    )
    let mistake = ["valid", "integration-mistake"]
    // Scrolling by contentOffsetTop.
    file.addScrollTrace(
      "story.content-offset.larger",
      "scrolling by contentOffsetTop would go to 2400 (or 3600): the rules give 1200 + 300",
      tags: mistake, oneRequest(top: "1200", viewport: "800", content: "5000", host: "300", contentOffset: "2400"),
      results: ["ok", "ok", "scrolled"], offset: "1500")
    file.addScrollTrace(
      "story.content-offset.would-clamp", "a contentOffsetTop of 9000 would clamp to the end 4200: the rules give 1500",
      tags: mistake, oneRequest(top: "1200", viewport: "800", content: "5000", host: "300", contentOffset: "9000"),
      offset: "1500")
    file.addScrollTrace(
      "story.content-offset.second-page",
      "two pages: each request goes to tag_top + hostOffsetTop, contentOffsetTop grows without effect",
      tags: mistake,
      [
        .create(handler: true), .layout(tagTop: "600", viewport: "800", content: "8000"),
        .scroll(host: "40", content: "1800"), .scroll(host: "40", content: "3600"),
      ], results: ["ok", "ok", "scrolled", "scrolled"], offset: "640")
    // hostOffsetTop without tag_top.
    file.addScrollTrace(
      "story.host-only.below-header",
      "hostOffsetTop alone would go to 120, the header above the tag: the rules give 1800 + 120",
      tags: mistake, oneRequest(top: "1800", viewport: "700", content: "6000", host: "120"), offset: "1920")
    file.addScrollTrace(
      "story.host-only.near-end",
      "tag_top + hostOffsetTop past the end clamps to 5300; hostOffsetTop alone would give 120",
      tags: mistake, oneRequest(top: "5250", viewport: "700", content: "6000", host: "120"), offset: "5300")
    file.addScrollTrace(
      "story.host-only.moved-tag", "the tag moved down by a new layout: the request uses the new tag_top, 2500 + 120",
      tags: mistake,
      [
        .create(handler: true), .layout(tagTop: "1800", viewport: "700", content: "6000"),
        .layout(tagTop: "2500", viewport: "700", content: "6000"), .scroll(host: "120"),
      ], results: ["ok", "ok", "ok", "scrolled"], offset: "2620")
    // Setting the handler after init, and toggling it.
    file.addScrollTrace(
      "story.late-handler.set-once", "a handler set after init instead of in the initializer costs one reload",
      tags: mistake,
      [
        .create(handler: false), .setHandler(true), .layout(tagTop: "900", viewport: "700", content: "6000"),
        .scroll(host: "60"),
      ],
      results: ["ok", "reloaded", "ok", "scrolled"], offset: "960", reloads: 1)
    file.addScrollTrace(
      "story.late-handler.toggled-per-screen",
      "a handler set after init, then cleared on disappear and set again on appear, twice: each of the 5 switches reloads the tag",
      tags: mistake,
      [
        .create(handler: false), .setHandler(true), .setHandler(false), .setHandler(true), .setHandler(false),
        .setHandler(true), .layout(tagTop: "900", viewport: "700", content: "6000"), .scroll(host: "60"),
      ], results: ["ok", "reloaded", "reloaded", "reloaded", "reloaded", "reloaded", "ok", "scrolled"], offset: "960",
      reloads: 5)
    file.addScrollTrace(
      "story.late-handler.initializer", "the recommended way: the handler in the initializer, no reload at all",
      tags: mistake,
      [.create(handler: true), .layout(tagTop: "900", viewport: "700", content: "6000"), .scroll(host: "60")],
      results: ["ok", "ok", "scrolled"], offset: "960", reloads: 0)
    file.addScrollTrace(
      "story.late-handler.reassigned", "assigning a new handler over the old one is no switch: no reload",
      tags: mistake, [.create(handler: true), .setHandler(true), .setHandler(true)], results: ["ok", "ok", "ok"],
      reloads: 0)
    // Acting on an unknown reason or target.
    file.addScrollTrace(
      "story.unknown.future-reason", "a port that scrolls on any reason would go to 1700 for reviewSort: ignored, 0",
      tags: mistake,
      [
        .create(handler: true), .layout(tagTop: "1200", viewport: "800", content: "5000"),
        .request(tagId: tagID, reason: "reviewSort", target: target, contentOffsetTop: "0", hostOffsetTop: "500"),
      ], results: ["ok", "ok", "ignored"], offset: "0")
    file.addScrollTrace(
      "story.unknown.future-target", "a port that ignores target would scroll for reviewListBottom: ignored, 0",
      tags: mistake,
      [
        .create(handler: true), .layout(tagTop: "1200", viewport: "800", content: "5000"),
        .request(tagId: tagID, reason: reason, target: "reviewListBottom", contentOffsetTop: "0", hostOffsetTop: "500"),
      ], results: ["ok", "ok", "ignored"], offset: "0")
    file.addScrollTrace(
      "story.unknown.after-known", "a known request, then an unknown one that a careless port would follow: 1300 stays",
      tags: mistake,
      [
        .create(handler: true), .layout(tagTop: "1200", viewport: "800", content: "5000"), .scroll(host: "100"),
        .request(
          tagId: tagID, reason: "reviewFilter", target: "reviewListTop", contentOffsetTop: "0", hostOffsetTop: "900"),
      ], results: ["ok", "ok", "scrolled", "ignored"], offset: "1300")
    return file.file(at: "\(folder)/stories.json")
  }

  // MARK: long.json

  static func long() -> GeneratedFile {
    var file = builder(
      "long traces (1,000 and 10,000 steps) test bookkeeping: reload counts, the last offset, exact sums")
    var toggles: [Step] = [.create(handler: false)]
    for index in 0..<999 { toggles.append(.setHandler(index % 2 == 0)) }
    file.addScrollTrace(
      "long.toggles-1000",
      "1,000 steps: create without a handler, then 999 switches: 999 reloads, a handler at the end",
      tags: ["valid"], toggles, reloads: 999)
    var requests: [Step] = [.create(handler: true), .layout(tagTop: "100", viewport: "800", content: "1500")]
    for index in 0..<998 { requests.append(.scroll(host: "\(index).5")) }
    file.addScrollTrace(
      "long.requests-1000",
      "1,000 steps: 998 requests, the last one (hostOffsetTop 997.5) past the end 700: offset 700",
      tags: ["valid"], requests, offset: "700")
    var mixed: [Step] = [.create(handler: true)]
    for index in 0..<9999 {
      switch index % 5 {
      case 0: mixed.append(.layout(tagTop: "\(index / 5).25", viewport: "800", content: "1e6"))
      case 1: mixed.append(.scroll(host: "0.1"))
      case 2: mixed.append(.setHandler(false))
      case 3: mixed.append(.scroll(host: "7"))
      default: mixed.append(.setHandler(true))
      }
    }
    // The last layout is index 9995 (tag_top 1999.25), then a request of 0.1 at 9996, the handler
    // removed at 9997 (the 3,999th switch) and a dropped request at 9998: offset 1999.35.
    file.addScrollTrace(
      "long.mixed-10000", "10,000 steps of layouts, requests and switches: offset 1999.35 exactly, 3,999 reloads",
      tags: ["valid"], mixed, offset: "1999.35", reloads: 3999)
    var ignored: [Step] = [.create(handler: true), .layout(tagTop: "0.1", viewport: "0", content: "1e9")]
    for index in 0..<9998 {
      ignored.append(
        index == 4321
          ? .scroll(host: "0.2")
          : .request(tagId: tagID, reason: reason, target: "t\(index)", contentOffsetTop: "0", hostOffsetTop: "5"))
    }
    file.addScrollTrace(
      "long.ignored-10000", "10,000 steps: one known request (0.1 + 0.2) among 9,997 unknown targets: offset 0.3",
      tags: ["valid"], ignored, offset: "0.3")
    return file.file(at: "\(folder)/long.json")
  }
}
