import ConformanceJSON

/// `leeep.user-id` (SPEC 3.4): `not_a_string`, `empty`, `too_long` (over 255 UTF-8 bytes),
/// `whitespace_only`; otherwise the string unchanged.
enum UserIDVectors {
  static let source = "seeds/000 LEEEP iOS SDK, Push: userId はUTF-8で1〜255バイト、空白だけの値は不可"

  static func files() -> [GeneratedFile] {
    var file = VectorFileBuilder(
      suite: "leeep.user-id", description: "external member IDs: type, byte length, white space",
      source: source)
    func accept(_ id: String, _ description: String, _ tags: [String], _ value: String) {
      file.add(
        id: id, description: description, tags: tags, input: .string(value), expect: .accept(output: .string(value)))
    }
    func reject(_ id: String, _ description: String, _ tags: [String], _ value: JSONValue, _ error: String) {
      file.add(id: id, description: description, tags: tags, input: value, expect: .reject(error))
    }
    accept("valid.ascii", "a plain ASCII member ID is accepted unchanged", ["valid"], "member-0001")
    reject("type.null", "null (logout) is not a member ID string", ["invalid"], .null, "not_a_string")
    reject("type.number", "a JSON number is not a string", ["invalid"], 1001, "not_a_string")
    reject("empty", "the empty string is under 1 byte", ["invalid", "boundary"], "", "empty")
    accept(
      "length.255-ascii", "255 one-byte characters is the longest ID", ["valid", "boundary"],
      String(repeating: "a", count: 255))
    reject(
      "length.256-ascii", "256 one-byte characters is over 255 bytes", ["invalid", "boundary"],
      .string(String(repeating: "a", count: 256)), "too_long")
    reject("whitespace.space", "a single space is whitespace only", ["invalid"], " ", "whitespace_only")
    accept("zero-width-space", "U+200B is not White_Space, so it is a valid ID", ["valid", "unicode"], "\u{200B}")
    accept("padded-kept", "surrounding spaces are kept, never trimmed", ["valid"], " member ")
    return [file.file(at: "leeep/user-id/user-id.json")]
  }
}
