import ConformanceJSON
import ConformanceKit

/// `respondo.deep-link` (docs/suites/respondo.deep-link.md): `not_a_string`; `not_respondo_link` unless the text starts
/// with exactly `respondo://conversation/`; `unexpected_component` when a `/`, `?` or `#` follows
/// the id; `invalid_conversation_id` unless the id is a canonical UUID.
extension RespondoDeepLink: GeneratedSuite {
  static let source = "Respondo guide, プッシュ通知: メッセージのプッシュは常に次の形式のディープリンクを含みます： respondo://conversation/<id>"
  static let prefix = "respondo://conversation/"
  static let conversationID = RespondoUUIDShapes.base
  static let link = prefix + conversationID
  static let messageID = "e9a3c1f6-4b8d-4e0a-b5f3-1d7b2a4e9c63"

  static func files() -> [GeneratedFile] {
    [valid(), type(), prefixRules(), components(), conversationIDs()]
  }

  static func builder(_ description: String) -> VectorFileBuilder {
    VectorFileBuilder(suite: name, description: description, source: source)
  }

  static func accept(_ conversationID: String) -> GeneratedExpectation {
    .accept(output: ["conversation_id": .string(conversationID)])
  }

  static func valid() -> GeneratedFile {
    var file = builder("conversation links that are accepted")
    file.add(
      id: "valid.guide-example", description: "the deep link of the Respondo guide's example payload, verbatim",
      tags: ["valid"], input: "respondo://conversation/a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90",
      expect: accept("a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"))
    let ids: [(String, String, String, [String])] = [
      ("nil-uuid", "00000000-0000-0000-0000-000000000000", "the nil UUID is canonical", ["valid", "boundary"]),
      ("max-uuid", "ffffffff-ffff-ffff-ffff-ffffffffffff", "the all-f UUID is canonical", ["valid", "boundary"]),
      ("digits-only", "12345678-9012-3456-7890-123456789012", "a UUID of digits only", ["valid"]),
      ("letters-only", "abcdefab-cdef-abcd-efab-cdefabcdefab", "a UUID of the letters a-f only", ["valid"]),
      (
        "version-1", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "a version-1 UUID: the rule checks shape, not version",
        ["valid"]
      ),
      ("version-4", "5f0c2b9e-7d41-4c3a-8e6f-0a9b1c2d3e4f", "a version-4 UUID", ["valid"]),
      ("version-7", "0189f7e2-3c4d-7a1b-9c2d-4e5f6a7b8c9d", "a version-7 UUID", ["valid"]),
      (
        "no-version-bits", "01234567-89ab-cdef-0123-456789abcdef", "version and variant bits are not checked",
        ["valid", "boundary"]
      ),
      ("message-id", messageID, "the guide's message id is a UUID too (the link cannot tell)", ["valid"]),
    ]
    for (name, id, description, tags) in ids {
      file.add(
        id: "valid.\(name)", description: description, tags: tags, input: .string(prefix + id), expect: accept(id))
    }
    return file.file(at: "\(folder)/valid.json")
  }

  static func type() -> GeneratedFile {
    var file = builder("inputs that are not strings")
    let values: [(String, JSONValue, String, [String])] = [
      ("null", .null, "null (a push without a deep link) is not a string", ["invalid"]),
      ("number", 1, "a JSON number is not a string", ["invalid"]),
      ("boolean", true, "a JSON boolean is not a string", ["invalid"]),
      ("array", [.string(link)], "an array holding the link is not a string", ["invalid"]),
      ("empty-array", [], "an empty array is not a string", ["invalid"]),
      (
        "payload-object", ["deep_link": .string(link)], "the payload object instead of its deep_link",
        ["invalid", "integration-mistake"]
      ),
      ("empty-object", [:], "an empty object is not a string", ["invalid"]),
      ("nested-array", [[.string(link)]], "a nested array holding the link is not a string", ["invalid"]),
      (
        "url-components", ["scheme": "respondo", "host": "conversation", "path": .string("/" + conversationID)],
        "URL components as an object are not the link text", ["invalid"]
      ),
    ]
    for (name, value, description, tags) in values {
      file.add(id: "type.\(name)", description: description, tags: tags, input: value, expect: .reject("not_a_string"))
    }
    return file.file(at: "\(folder)/type.json")
  }

  static func prefixRules() -> GeneratedFile {
    var file = builder("links that do not start with exactly respondo://conversation/")
    let id = conversationID
    let links: [(String, String, String, [String])] = [
      ("empty", "", "the empty string is no link at all", ["invalid", "boundary"]),
      ("bare-id", id, "the conversation id alone is not a link", ["invalid", "integration-mistake"]),
      ("scheme-only", "respondo://", "the scheme alone", ["invalid"]),
      (
        "host-without-slash", "respondo://conversation", "conversation without the slash before the id",
        ["invalid", "boundary"]
      ),
      (
        "host-without-slash-with-id", "respondo://conversation" + id, "the id glued to conversation without a slash",
        ["invalid"]
      ),
      ("capitalised-scheme", "Respondo://conversation/" + id, "the scheme is compared case-sensitively", ["invalid"]),
      ("uppercase-scheme", "RESPONDO://conversation/" + id, "an uppercase scheme", ["invalid"]),
      ("capitalised-host", "respondo://Conversation/" + id, "the host is compared case-sensitively", ["invalid"]),
      ("uppercase-link", "RESPONDO://CONVERSATION/" + id, "the whole prefix in uppercase", ["invalid"]),
      ("plural-host", "respondo://conversations/" + id, "conversations (plural)", ["invalid"]),
      ("singular-typo", "respondo://conversaton/" + id, "a misspelt host", ["invalid"]),
      ("one-slash", "respondo:/conversation/" + id, "one slash after the scheme", ["invalid"]),
      ("no-slashes", "respondo:conversation/" + id, "no slashes after the scheme", ["invalid"]),
      ("three-slashes", "respondo:///conversation/" + id, "three slashes after the scheme", ["invalid"]),
      ("backslash", "respondo://conversation\\" + id, "a backslash is not a slash", ["invalid"]),
      ("leading-space", " " + link, "a space before the whole link is never trimmed", ["invalid"]),
      ("leading-newline", "\n" + link, "a leading newline is never trimmed", ["invalid"]),
      ("leading-bom", "\u{FEFF}" + link, "a leading U+FEFF is never dropped", ["invalid", "unicode"]),
      ("leading-zero-width-space", "\u{200B}" + link, "a leading U+200B is never dropped", ["invalid", "unicode"]),
      ("space-before-colon", "respondo ://conversation/" + id, "a space inside the scheme", ["invalid"]),
      ("universal-link", "https://respondo.example/conversation/" + id, "an https universal link", ["invalid"]),
      ("http-link", "http://conversation/" + id, "another scheme with the same path", ["invalid"]),
      ("other-sdk-scheme", "leeep://conversation/" + id, "another SDK's scheme", ["invalid", "cross-sdk"]),
      ("message-host", "respondo://message/" + id, "respondo://message/ is not a conversation link", ["invalid"]),
      ("campaign-host", "respondo://campaign/" + id, "respondo://campaign/ is not a conversation link", ["invalid"]),
      ("extra-host-segment", "respondo://app/conversation/" + id, "a segment before conversation", ["invalid"]),
      ("userinfo", "respondo://user@conversation/" + id, "userinfo before the host", ["invalid", "security"]),
      ("port", "respondo://conversation:443/" + id, "a port after the host", ["invalid"]),
      ("encoded-slash", "respondo://conversation%2F" + id, "a percent-encoded slash is not decoded", ["invalid"]),
      (
        "fully-encoded", "respondo%3A%2F%2Fconversation%2F" + id, "a percent-encoded link is not decoded",
        ["invalid", "integration-mistake"]
      ),
      ("scheme-relative", "//conversation/" + id, "a scheme-relative link", ["invalid"]),
      ("relative-path", "conversation/" + id, "a relative path", ["invalid"]),
      (
        "android-intent", "intent://conversation/" + id + "#Intent;scheme=respondo;end",
        "an Android intent: URL is not the respondo link", ["invalid", "integration-mistake"]
      ),
      (
        "fullwidth-scheme", "ｒｅｓｐｏｎｄｏ://conversation/" + id, "full-width letters in the scheme", ["invalid", "unicode"]
      ),
      ("fullwidth-colon", "respondo：//conversation/" + id, "a full-width colon (U+FF1A)", ["invalid", "unicode"]),
      (
        "fullwidth-solidus", "respondo://conversation／" + id, "a full-width solidus (U+FF0F) before the id",
        ["invalid", "unicode"]
      ),
      (
        "cyrillic-o", "resp\u{043E}ndo://conversation/" + id, "a Cyrillic о in the scheme",
        ["invalid", "unicode", "security"]
      ),
      (
        "nfd-lookalike", "respondo://conversation\u{301}/" + id, "a combining mark after conversation",
        ["invalid", "unicode"]
      ),
      (
        "cyrillic-o-host", "respondo://c\u{043E}nversation/" + id, "a Cyrillic о in the host",
        ["invalid", "unicode", "security"]
      ),
      (
        "last-letter-uppercase", "respondo://conversatioN/" + id, "only the last letter of the host in uppercase",
        ["invalid", "boundary"]
      ),
      ("scheme-suffix", "respondox://conversation/" + id, "a longer scheme", ["invalid"]),
      ("scheme-prefix", "xrespondo://conversation/" + id, "a scheme with a leading letter", ["invalid"]),
      ("host-prefix", "respondo://xconversation/" + id, "a host with a leading letter", ["invalid"]),
      ("dotted-scheme", "com.respondo://conversation/" + id, "a reverse-DNS scheme", ["invalid"]),
      ("missing-colon", "respondo//conversation/" + id, "the colon after the scheme missing", ["invalid"]),
      ("tab-inside", "respondo://conversation\t/" + id, "a tab before the slash", ["invalid"]),
      (
        "percent-encoded-host", "respondo://%63onversation/" + id,
        "a percent-encoded letter in the host is not decoded", ["invalid"]
      ),
      ("javascript-scheme", "javascript://conversation/%0Aalert(1)", "a javascript: URL", ["invalid", "security"]),
      (
        "embedded-link", "https://evil.example/?next=respondo://conversation/" + id,
        "the respondo link inside another URL does not start the text", ["invalid", "security"]
      ),
    ]
    for (name, text, description, tags) in links {
      file.add(
        id: "not_respondo_link.\(name)", description: description, tags: tags, input: .string(text),
        expect: .reject("not_respondo_link"))
    }
    return file.file(at: "\(folder)/not-respondo-link.json")
  }

  static func components() -> GeneratedFile {
    var file = builder("conversation links with something after the id (/, ?, #)")
    let suffixes: [(String, String, String, [String])] = [
      ("trailing-slash", "/", "a trailing slash is an empty further segment", ["invalid", "boundary"]),
      ("double-slash", "//", "two trailing slashes", ["invalid"]),
      ("segment", "/messages", "a further path segment", ["invalid"]),
      ("message-segment", "/messages/" + messageID, "a link to a message inside the conversation", ["invalid"]),
      ("dot-segment", "/.", "a dot segment", ["invalid"]),
      ("dot-dot-segment", "/..", "a dot-dot segment", ["invalid", "security"]),
      ("empty-query", "?", "an empty query", ["invalid", "boundary"]),
      ("query", "?message_id=" + messageID, "a query naming a message", ["invalid"]),
      ("utm-query", "?utm_source=push&utm_medium=apns", "tracking parameters", ["invalid"]),
      ("empty-fragment", "#", "an empty fragment", ["invalid", "boundary"]),
      ("fragment", "#latest", "a fragment", ["invalid"]),
      ("fragment-path", "#/messages", "a fragment with a slash", ["invalid"]),
      ("slash-then-query", "/?x=1", "a slash and a query", ["invalid"]),
      ("query-then-fragment", "?x=1#y", "a query and a fragment", ["invalid"]),
      ("question-in-fragment", "#a?b", "a fragment holding a question mark", ["invalid"]),
      ("second-uuid", "/" + messageID, "a second UUID segment", ["invalid"]),
      ("trailing-slash-newline", "/\n", "a slash followed by a newline", ["invalid"]),
      ("same-id-again", "/" + conversationID, "the id repeated as a second segment", ["invalid"]),
      ("double-slash-id", "//" + conversationID, "an empty segment and the id again", ["invalid"]),
      ("encoded-space-segment", "/%20", "a segment holding %20", ["invalid"]),
      ("query-then-segment", "?a/b", "a query holding a slash", ["invalid"]),
      ("fragment-then-query", "#?", "a fragment then a question mark", ["invalid"]),
      ("conversation-id-query", "?conversation_id=" + conversationID, "the id repeated in a query", ["invalid"]),
      ("segment-then-fragment", "/messages#latest", "a segment and a fragment", ["invalid"]),
      ("path-traversal", "/../../settings", "dot-dot segments after the id", ["invalid", "security"]),
      (
        "open-redirect-query", "?redirect=https://evil.example", "a redirect target in the query",
        ["invalid", "security"]
      ),
      ("open-redirect-fragment", "#https://evil.example", "a URL in the fragment", ["invalid", "security"]),
    ]
    for (name, suffix, description, tags) in suffixes {
      file.add(
        id: "unexpected_component.\(name)", description: description, tags: tags, input: .string(link + suffix),
        expect: .reject("unexpected_component"))
    }
    // The component check comes before the id check: what is before the delimiter is not looked at.
    let ordered: [(String, String, String, [String])] = [
      (
        "empty-id-slash", prefix + "/" + conversationID, "an empty first segment, then the id", ["invalid", "boundary"]
      ),
      (
        "empty-id-query", prefix + "?id=" + conversationID, "the id passed as a query instead of a segment",
        ["invalid", "integration-mistake"]
      ),
      ("empty-id-fragment", prefix + "#" + conversationID, "a fragment right after the prefix", ["invalid"]),
      ("prefix-slash", prefix + "/", "the prefix and one more slash", ["invalid", "boundary"]),
      (
        "uppercase-id-slash", prefix + conversationID.uppercased() + "/",
        "an uppercase id and a trailing slash: the component is reported", ["invalid"]
      ),
      ("invalid-id-query", prefix + "12345?x=1", "a non-UUID id and a query: the component is reported", ["invalid"]),
      (
        "braced-id-fragment", prefix + "{" + conversationID + "}#x",
        "a braced id and a fragment: the component is reported", ["invalid"]
      ),
      (
        "short-id-segment", prefix + "a1c4e7b2/5d38-4f6a-9e10-3b7c2d5f8a90", "a slash in place of the first dash",
        ["invalid"]
      ),
      (
        "id-with-hash-dash", prefix + "a1c4e7b2#5d38-4f6a-9e10-3b7c2d5f8a90", "a # in place of the first dash",
        ["invalid"]
      ),
      (
        "id-with-question-dash", prefix + "a1c4e7b2-5d38?4f6a-9e10-3b7c2d5f8a90", "a ? in place of the second dash",
        ["invalid"]
      ),
    ]
    for (name, text, description, tags) in ordered {
      file.add(
        id: "unexpected_component.order.\(name)", description: description, tags: tags, input: .string(text),
        expect: .reject("unexpected_component"))
    }
    return file.file(at: "\(folder)/unexpected-component.json")
  }

  static func conversationIDs() -> GeneratedFile {
    var file = builder("conversation ids that are not canonical lowercase UUIDs (nothing follows them)")
    for shape in RespondoUUIDShapes.all {
      file.add(
        id: "invalid_conversation_id.\(shape.id)", description: shape.description, tags: shape.tags,
        input: .string(prefix + shape.value), expect: .reject("invalid_conversation_id"))
    }
    let notDelimiters: [(String, String, String, [String])] = [
      ("encoded-slash", "%2Fmessages", "%2F is not decoded into a slash: it is part of the id", ["invalid"]),
      ("encoded-question", "%3Fx=1", "%3F is not decoded into a question mark: it is part of the id", ["invalid"]),
      ("semicolon", ";jsessionid=1", "a semicolon does not end the id", ["invalid"]),
      ("ampersand", "&x=1", "an ampersand does not end the id", ["invalid"]),
      ("backslash", "\\messages", "a backslash does not end the id", ["invalid"]),
      ("dot-suffix", ".json", "a file extension is part of the id", ["invalid"]),
      ("fullwidth-solidus", "／messages", "a full-width solidus (U+FF0F) does not end the id", ["invalid", "unicode"]),
      ("fullwidth-question", "？x", "a full-width question mark (U+FF1F) does not end the id", ["invalid", "unicode"]),
      ("header-injection", "\r\nX-Injected: 1", "a CR LF does not end the id", ["invalid", "security"]),
    ]
    for (name, suffix, description, tags) in notDelimiters {
      file.add(
        id: "invalid_conversation_id.not-a-delimiter.\(name)", description: description, tags: tags,
        input: .string(link + suffix), expect: .reject("invalid_conversation_id"))
    }
    return file.file(at: "\(folder)/invalid-conversation-id.json")
  }
}

/// Text that is not a canonical UUID (`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`),
/// each differing from a valid UUID in one way; none holds `/`, `?` or `#`. Shared by the deep
/// link's conversation id and the push payload's conversation_id / message_id.
enum RespondoUUIDShapes {
  struct Shape {
    var id: String
    var description: String
    var tags: [String]
    var value: String
  }

  static let base = "a1c4e7b2-5d38-4f6a-9e10-3b7c2d5f8a90"

  /// `base` with the scalar at `offset` replaced.
  static func replacing(_ offset: Int, with replacement: String) -> String {
    var scalars = Array(base.unicodeScalars).map { String($0) }
    scalars[offset] = replacement
    return scalars.joined()
  }

  /// The most telling shapes first: the payload uses a prefix of this list.
  static let payloadSubset: [Shape] = [
    Shape(
      id: "uppercase", description: "an uppercase UUID is not canonical", tags: ["invalid"], value: base.uppercased()),
    Shape(id: "braces", description: "a UUID in braces", tags: ["invalid"], value: "{" + base + "}"),
    Shape(
      id: "no-dashes", description: "32 hex digits without dashes", tags: ["invalid"],
      value: base.replacingDashes(with: "")),
    Shape(
      id: "length-35", description: "35 characters: the last hex digit dropped", tags: ["invalid", "boundary"],
      value: String(base.dropLast())),
    Shape(
      id: "length-37", description: "37 characters: one hex digit too many", tags: ["invalid", "boundary"],
      value: base + "0"),
    Shape(id: "empty", description: "the empty string", tags: ["invalid", "boundary"], value: ""),
    Shape(
      id: "trailing-newline", description: "a trailing newline never matches the end of the pattern",
      tags: ["invalid", "boundary"], value: base + "\n"),
    Shape(id: "non-hex-letter", description: "g is not a hex digit", tags: ["invalid"], value: replacing(0, with: "g")),
    Shape(
      id: "one-uppercase-letter", description: "a single uppercase hex letter (A at position 33)", tags: ["invalid"],
      value: replacing(33, with: "A")),
    Shape(id: "urn-prefix", description: "the urn:uuid: form", tags: ["invalid"], value: "urn:uuid:" + base),
    Shape(
      id: "dash-shifted", description: "the first dash one place to the right (9-3-4-4-12)", tags: ["invalid"],
      value: "a1c4e7b25-d38-4f6a-9e10-3b7c2d5f8a90"),
    Shape(
      id: "underscore-separators", description: "underscores instead of dashes", tags: ["invalid"],
      value: base.replacingDashes(with: "_")),
    Shape(
      id: "unicode-hyphen", description: "U+2010 HYPHEN instead of the first dash", tags: ["invalid", "unicode"],
      value: replacing(8, with: "\u{2010}")),
    Shape(
      id: "fullwidth-digit", description: "a full-width digit １ (U+FF11) in place of 1", tags: ["invalid", "unicode"],
      value: replacing(1, with: "\u{FF11}")),
    Shape(id: "leading-space", description: "a leading space is never trimmed", tags: ["invalid"], value: " " + base),
    Shape(id: "trailing-space", description: "a trailing space is never trimmed", tags: ["invalid"], value: base + " "),
  ]

  static let all: [Shape] = payloadSubset + positionShapes + moreShapes

  /// An uppercase letter at each letter position of `base`, and a non-hex letter at both ends
  /// of every group: an implementation that checks only part of the text misses some.
  static var positionShapes: [Shape] {
    var shapes: [Shape] = []
    for (offset, scalar) in base.unicodeScalars.enumerated() where ("a"..."f").contains(scalar) && offset != 33 {
      shapes.append(
        Shape(
          id: "uppercase-at-\(offset)", description: "one uppercase hex letter at position \(offset)",
          tags: ["invalid"],
          value: replacing(offset, with: String(scalar).uppercased())))
    }
    for offset in [7, 9, 12, 14, 17, 19, 22, 24, 35] {
      shapes.append(
        Shape(
          id: "non-hex-at-\(offset)", description: "z (not a hex digit) at position \(offset)",
          tags: ["invalid", "boundary"],
          value: replacing(offset, with: "z")))
    }
    for (index, offset) in [8, 13, 18, 23].enumerated() {
      var scalars = Array(base.unicodeScalars).map { String($0) }
      scalars.remove(at: offset)
      shapes.append(
        Shape(
          id: "dash-\(index + 1)-missing", description: "dash \(index + 1) missing (35 characters)", tags: ["invalid"],
          value: scalars.joined()))
      shapes.append(
        Shape(
          id: "dash-\(index + 1)-as-hex", description: "dash \(index + 1) replaced by a hex digit (36 characters)",
          tags: ["invalid"], value: replacing(offset, with: "0")))
      // Move the dash one place left: the group before it loses a digit, the next one gains one.
      var moved = Array(base.unicodeScalars).map { String($0) }
      moved.swapAt(offset - 1, offset)
      shapes.append(
        Shape(
          id: "dash-\(index + 1)-moved-left",
          description: "dash \(index + 1) one place to the left (still 36 characters)",
          tags: ["invalid"], value: moved.joined()))
    }
    return shapes
  }

  static let moreShapes: [Shape] = [
    Shape(id: "single-character", description: "one hex digit", tags: ["invalid", "boundary"], value: "a"),
    Shape(
      id: "first-group-only", description: "only the first group of 8 hex digits", tags: ["invalid"], value: "a1c4e7b2"),
    Shape(
      id: "four-groups", description: "the last group missing", tags: ["invalid"], value: "a1c4e7b2-5d38-4f6a-9e10"),
    Shape(
      id: "length-34", description: "34 characters: the last two hex digits dropped", tags: ["invalid", "boundary"],
      value: String(base.dropLast(2))),
    Shape(
      id: "length-38", description: "38 characters: two hex digits too many", tags: ["invalid", "boundary"],
      value: base + "00"),
    Shape(
      id: "hex-36-no-dashes", description: "36 hex digits: the right length without dashes",
      tags: ["invalid", "boundary"], value: base.replacingDashes(with: "") + "0000"),
    Shape(
      id: "extra-dash", description: "a fifth dash inside the last group", tags: ["invalid"],
      value: "a1c4e7b2-5d38-4f6a-9e10-3b7c-2d5f8a90"),
    Shape(
      id: "dashes-every-fourth", description: "36 characters and 4 dashes, at the wrong places", tags: ["invalid"],
      value: "a1c4-e7b2-5d38-4f6a-9e103b7c2d5f8a90"),
    Shape(
      id: "colon-after-nine", description: "':' (0x3A, just after '9') is not a hex digit",
      tags: ["invalid", "boundary"], value: replacing(35, with: ":")),
    Shape(
      id: "backtick-before-a", description: "'`' (0x60, just before 'a') is not a hex digit",
      tags: ["invalid", "boundary"], value: replacing(33, with: "`")),
    Shape(
      id: "g-after-f", description: "'g' (just after 'f') is not a hex digit", tags: ["invalid", "boundary"],
      value: replacing(31, with: "g")),
    Shape(
      id: "at-before-uppercase-a", description: "'@' (0x40, just before 'A') is not a hex digit",
      tags: ["invalid", "boundary"], value: replacing(2, with: "@")),
    Shape(id: "uppercase-g", description: "'G' is not a hex digit", tags: ["invalid"], value: replacing(4, with: "G")),
    Shape(
      id: "length-35-first-dropped", description: "35 characters: the first hex digit dropped",
      tags: ["invalid", "boundary"], value: String(base.dropFirst())),
    Shape(
      id: "length-37-leading-digit", description: "37 characters: a hex digit before the UUID",
      tags: ["invalid", "boundary"], value: "0" + base),
    Shape(id: "two-uuids", description: "two UUIDs glued together", tags: ["invalid"], value: base + base),
    Shape(id: "hex-prefix", description: "a 0x prefix", tags: ["invalid"], value: "0x" + base),
    Shape(id: "parentheses", description: "a UUID in parentheses", tags: ["invalid"], value: "(" + base + ")"),
    Shape(
      id: "quoted", description: "a UUID in double quotes", tags: ["invalid", "integration-mistake"],
      value: "\"" + base + "\""),
    Shape(id: "dashes-only", description: "36 dashes", tags: ["invalid"], value: String(repeating: "-", count: 36)),
    Shape(
      id: "space-separators", description: "spaces instead of dashes", tags: ["invalid"],
      value: base.replacingDashes(with: " ")),
    Shape(
      id: "non-breaking-hyphen", description: "U+2011 NON-BREAKING HYPHEN instead of a dash",
      tags: ["invalid", "unicode"], value: replacing(13, with: "\u{2011}")),
    Shape(
      id: "minus-sign", description: "U+2212 MINUS SIGN instead of a dash", tags: ["invalid", "unicode"],
      value: replacing(18, with: "\u{2212}")),
    Shape(
      id: "en-dash", description: "U+2013 EN DASH instead of a dash", tags: ["invalid", "unicode"],
      value: replacing(23, with: "\u{2013}")),
    Shape(
      id: "fullwidth-hyphen", description: "U+FF0D FULLWIDTH HYPHEN-MINUS instead of a dash",
      tags: ["invalid", "unicode"], value: replacing(8, with: "\u{FF0D}")),
    Shape(
      id: "arabic-indic-digit", description: "U+0661 ARABIC-INDIC DIGIT ONE is not an ASCII digit",
      tags: ["invalid", "unicode"], value: replacing(1, with: "\u{0661}")),
    Shape(
      id: "fullwidth-letter", description: "U+FF41 FULLWIDTH a is not a hex digit", tags: ["invalid", "unicode"],
      value: replacing(0, with: "\u{FF41}")),
    Shape(
      id: "cyrillic-a", description: "a Cyrillic а (U+0430) looks like a", tags: ["invalid", "unicode", "security"],
      value: replacing(0, with: "\u{0430}")),
    Shape(
      id: "combining-mark", description: "a combining acute accent after a hex digit", tags: ["invalid", "unicode"],
      value: replacing(0, with: "a\u{301}")),
    Shape(
      id: "zero-width-space", description: "a U+200B inside the id", tags: ["invalid", "unicode"],
      value: replacing(8, with: "\u{200B}-")),
    Shape(
      id: "trailing-bom", description: "a trailing U+FEFF is never dropped", tags: ["invalid", "unicode"],
      value: base + "\u{FEFF}"),
    Shape(
      id: "trailing-carriage-return", description: "a trailing carriage return", tags: ["invalid", "boundary"],
      value: base + "\r"),
    Shape(id: "trailing-tab", description: "a trailing tab", tags: ["invalid"], value: base + "\t"),
    Shape(id: "trailing-nul", description: "a trailing U+0000", tags: ["invalid", "security"], value: base + "\u{0}"),
    Shape(
      id: "percent-encoded-dash", description: "%2D is not decoded into a dash", tags: ["invalid"],
      value: "a1c4e7b2%2D5d38-4f6a-9e10-3b7c2d5f8a90"),
    Shape(
      id: "percent-encoded-letter", description: "%61 is not decoded into a", tags: ["invalid"],
      value: "%61" + String(base.dropFirst())),
    Shape(id: "numeric-id", description: "a numeric conversation ID", tags: ["invalid"], value: "1234567890"),
    Shape(id: "opaque-id", description: "an opaque id is not a UUID", tags: ["invalid"], value: "conv_01HV3K8Z"),
    Shape(
      id: "base64", description: "the UUID's 16 bytes in base64", tags: ["invalid"], value: "ocTnsl04T2qeEDt8LV+KkA=="),
  ]
}

extension String {
  fileprivate func replacingDashes(with replacement: String) -> String {
    unicodeScalars.map { $0 == "-" ? replacement : String($0) }.joined()
  }
}
