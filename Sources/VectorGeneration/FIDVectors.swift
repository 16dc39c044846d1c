import ConformanceJSON

/// `leeep.fid` (SPEC 3.2): `not_a_string`, then `invalid_fid` unless `^[cdef][A-Za-z0-9_-]{21}$`.
enum FIDVectors {
  static let source = "seeds/000 LEEEP iOS SDK, Push: value は [cdef][A-Za-z0-9_-]{21}"
  /// A valid FID: `c` and 21 characters using every class the rule allows.
  static let base = "cAbCdEfGhIjKlMnOpQr_-0"

  static func files() -> [GeneratedFile] {
    [valid(), invalid()]
  }

  static func valid() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: "leeep.fid", description: "Firebase Installation IDs that match the FID rule",
      source: source)
    for first in ["c", "d", "e", "f"] {
      let fid = first + String(base.dropFirst())
      file.add(
        id: "valid.first-\(first)", description: "an FID may start with \(first)",
        tags: ["valid"], input: .string(fid), expect: .accept(output: .string(fid)))
    }
    file.add(
      id: "valid.all-underscore-tail", description: "the 21 tail characters may all be '_'",
      tags: ["valid", "boundary"], input: .string("d" + String(repeating: "_", count: 21)),
      expect: .accept(output: .string("d" + String(repeating: "_", count: 21))))
    file.add(
      id: "valid.all-dash-tail", description: "the 21 tail characters may all be '-'",
      tags: ["valid", "boundary"], input: .string("e" + String(repeating: "-", count: 21)),
      expect: .accept(output: .string("e" + String(repeating: "-", count: 21))))
    return file.file(at: "leeep/fid/valid.json")
  }

  static func invalid() -> GeneratedFile {
    var file = VectorFileBuilder(
      suite: "leeep.fid", description: "values that are not Firebase Installation IDs",
      source: source)
    let nonStrings: [(String, JSONValue)] = [
      ("null", .null), ("number", 12345), ("boolean", true), ("array", [.string(base)]),
      ("object", ["fid": .string(base)]),
    ]
    for (name, value) in nonStrings {
      file.add(
        id: "type.\(name)", description: "a JSON \(name) is not a string",
        tags: ["invalid"], input: value, expect: .reject("not_a_string"))
    }
    file.add(
      id: "length.21", description: "21 characters is one short of 22",
      tags: ["invalid", "boundary"], input: .string(String(base.dropLast())),
      expect: .reject("invalid_fid"))
    file.add(
      id: "length.23", description: "23 characters is one over 22",
      tags: ["invalid", "boundary"], input: .string(base + "A"), expect: .reject("invalid_fid"))
    file.add(
      id: "length.0", description: "the empty string", tags: ["invalid", "boundary"],
      input: "", expect: .reject("invalid_fid"))
    for first in ["a", "b", "g", "C", "0", "_", "-"] {
      file.add(
        id: "first.\(first == "_" ? "underscore" : first == "-" ? "dash" : first)",
        description: "the first character must be one of c d e f, not \(first)",
        tags: ["invalid"], input: .string(first + String(base.dropFirst())),
        expect: .reject("invalid_fid"))
    }
    file.add(
      id: "trailing-newline", description: "a trailing newline never matches the end of the pattern",
      tags: ["invalid", "boundary"], input: .string(base + "\n"), expect: .reject("invalid_fid"))
    file.add(
      id: "fcm-registration-token",
      description: "an FCM registration token (FID:APA91b…) is not an FID",
      tags: ["invalid", "integration-mistake"],
      input: .string(
        "\(base):APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjC9KtT8OvPVGJ-hQMRKRrZuJAEcl7B338qju59zJMjw2DELjzEvxwYv7hH5Ynpc1ODQ0aT4U4OFEeco8ohsN5PjL1iC2dNtk2BAokeMCg2ZXKqpc8FXKmhX94kIxQ"
      ),
      expect: .reject("invalid_fid"))
    file.add(
      id: "apns-device-token", description: "a 64-character APNs device token is not an FID",
      tags: ["invalid", "integration-mistake"],
      input: .string(String(repeating: "0123456789abcdef", count: 4)), expect: .reject("invalid_fid"))
    return file.file(at: "leeep/fid/invalid.json")
  }
}
