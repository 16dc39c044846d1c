import ConformanceJSON
import ConformanceKit

/// `leeep.push.payload`, the precedence matrix: for every pair of faults (a, b) where a's check
/// comes before b's in docs/suites/leeep.push.payload.md's order, one vector breaks both and expects a's error and field.
///
/// Each fault is a mutation of a valid sample labelled with its position in the order and the
/// rejection it causes alone. The expectation of a pair is the label of the earlier fault, so it
/// follows from the order rule, never from running a parser. A pair is left out only when the two
/// faults cannot coexist: they write the same key, need different targets, or the later fault
/// would undo what the earlier one relies on. When the earlier fault rewrites a key the later one
/// relies on (target_type missing or `"Blog"` while blog_slug is wrong), the pair is kept: the
/// later fault is what a parser that misread the earlier key would report.
extension LeeepPushPayload {
  /// One way to break one check.
  struct Fault: Sendable {
    /// Which target the fault needs; `any` works on a coordinate.
    enum TargetNeed: Sendable, Equatable {
      case any, blog, coordinate
    }

    /// One concrete mutation; a fault may offer several, on different keys, so that it can pair
    /// with a fault that needs one of them.
    struct Instance: Sendable {
      /// The keys the mutation writes; two faults pair only when these are disjoint.
      let writes: [String]
      /// Keys whose valid value the fault relies on (blog_slug faults rely on target_type).
      var reads: [String] = []
      /// What the mutation does, for descriptions.
      let what: String
      /// The field the fault's rejection names.
      let field: String?
      let apply: @Sendable (JSONObject) -> JSONObject
    }

    /// Stable id fragment, `<check>-<what>` (e.g. `5a-missing-website_id`).
    let id: String
    /// The position of the check in docs/suites/leeep.push.payload.md's order (sub-checks in their listed order).
    let rank: Int
    /// The check, as docs/suites/leeep.push.payload.md numbers it.
    let check: String
    let error: String
    let target: TargetNeed
    let instances: [Instance]
  }

  static func fault(
    _ id: String, rank: Int, check: String, error: String, target: Fault.TargetNeed = .any,
    _ instances: Fault.Instance...
  ) -> Fault {
    Fault(id: id, rank: rank, check: check, error: error, target: target, instances: instances)
  }

  static func setting(_ key: String, _ value: JSONValue, _ what: String, field: String? = nil) -> Fault.Instance {
    Fault.Instance(writes: [key], what: what, field: field ?? key) { $0.with(key, value) }
  }

  /// Every fault of checks 2 to 9, in docs/suites/leeep.push.payload.md's order. Check 1 cannot be a mutation of a map;
  /// it is paired by encoding the other fault's map (see ``precedenceFiles()``).
  static let faults: [Fault] = {
    var faults: [Fault] = []
    // 2. non_string_value, on ugc_id, or on notification_id when the other fault needs ugc_id.
    let nonStrings: [(String, JSONValue)] = [
      ("number", 90001), ("boolean", true), ("null", .null), ("object", ["id": "90001"]), ("array", ["90001"]),
    ]
    for (name, value) in nonStrings {
      faults.append(
        fault(
          "2-\(name)", rank: 20, check: "2", error: "non_string_value",
          setting("ugc_id", value, "ugc_id is a JSON \(value.typeName)"),
          setting("notification_id", value, "notification_id is a JSON \(value.typeName)")))
    }
    faults.append(
      fault(
        "2-unknown-key-object", rank: 20, check: "2", error: "non_string_value",
        setting("aps", ["alert": "新着コーデ"], "an unknown key aps holds an object")))
    // 3. missing_key schema_version, then unsupported_schema.
    faults.append(
      fault(
        "3-missing-schema_version", rank: 30, check: "3", error: "missing_key",
        Fault.Instance(writes: ["schema_version"], what: "schema_version is missing", field: "schema_version") {
          $0.without("schema_version")
        }))
    faults.append(
      fault(
        "3-legacy-schema-1", rank: 31, check: "3", error: "unsupported_schema",
        setting("schema_version", "1", "schema_version is the legacy \"1\"")))
    faults.append(
      fault(
        "3-full-width-schema-2", rank: 31, check: "3", error: "unsupported_schema",
        setting("schema_version", "２", "schema_version is a full-width \"２\"")))
    // 4. unknown_key.
    faults.append(
      fault(
        "4-gcm-message_id", rank: 40, check: "4", error: "unknown_key",
        setting("gcm.message_id", "1717200000000001", "FCM's gcm.message_id is present")))
    faults.append(
      fault(
        "4-camel-websiteId", rank: 40, check: "4", error: "unknown_key",
        setting("websiteId", "1024", "a camelCase websiteId is present")))
    // 5. missing_key, in order.
    for (index, key) in requiredKeys.enumerated() {
      let letter = ["a", "b", "c", "d", "e", "f", "g"][index]
      faults.append(
        fault(
          "5\(letter)-missing-\(key)", rank: 50 + index, check: "5", error: "missing_key",
          Fault.Instance(writes: [key], what: "\(key) is missing", field: key) { $0.without(key) }))
    }
    // 6. invalid_value target_type.
    faults.append(
      fault(
        "6-target_type-news", rank: 60, check: "6", error: "invalid_value",
        setting("target_type", "news", "target_type is \"news\"")))
    faults.append(
      fault(
        "6-target_type-Blog", rank: 60, check: "6", error: "invalid_value",
        setting("target_type", "Blog", "target_type is \"Blog\"")))
    // 7. blog_slug present exactly for blogs; both rely on target_type.
    faults.append(
      fault(
        "7-blog-without-slug", rank: 70, check: "7", error: "missing_key", target: .blog,
        Fault.Instance(
          writes: ["blog_slug"], reads: ["target_type"], what: "a blog has no blog_slug", field: "blog_slug"
        ) {
          $0.without("blog_slug")
        }))
    faults.append(
      fault(
        "7-coordinate-with-slug", rank: 71, check: "7", error: "unknown_key", target: .coordinate,
        Fault.Instance(
          writes: ["blog_slug"], reads: ["target_type"], what: "a coordinate has a blog_slug", field: "blog_slug"
        ) {
          $0.with("blog_slug", "summer-coordinate-2024")
        }))
    // 8. invalid_value, in order.
    let invalidValues: [(String, String, String, String)] = [
      ("8a-website_id-leading-zero", "website_id", "01024", "website_id has a leading zero"),
      ("8a-website_id-full-width", "website_id", "１０２４", "website_id is in full-width digits"),
      ("8b-app_id-zero", "app_id", "0", "app_id is \"0\""),
      ("8c-notification_id-hyphen-first", "notification_id", "-ntf-1", "notification_id starts with '-'"),
      ("8d-delivery_id-slash", "delivery_id", "dlv/88/1", "delivery_id holds '/'"),
      ("8e-source_content_id-trailing-space", "source_content_id", "5001 ", "source_content_id has a trailing space"),
      ("8f-ugc_id-20-digits", "ugc_id", "12345678901234567890", "ugc_id has 20 digits"),
    ]
    let rankOfKey = [
      "website_id": 80, "app_id": 81, "notification_id": 82, "delivery_id": 83, "source_content_id": 84, "ugc_id": 85,
    ]
    for (id, key, value, what) in invalidValues {
      faults.append(
        fault(id, rank: rankOfKey[key]!, check: "8", error: "invalid_value", setting(key, .string(value), what)))
    }
    faults.append(
      fault(
        "8g-blog_slug-empty", rank: 86, check: "8", error: "invalid_value", target: .blog,
        Fault.Instance(
          writes: ["blog_slug"], reads: ["target_type"], what: "a blog's blog_slug is empty", field: "blog_slug"
        ) {
          $0.with("blog_slug", "")
        }))
    faults.append(
      fault(
        "8g-blog_slug-256-scalars", rank: 86, check: "8", error: "invalid_value", target: .blog,
        Fault.Instance(
          writes: ["blog_slug"], reads: ["target_type"], what: "a blog's blog_slug has 256 scalars", field: "blog_slug"
        ) {
          $0.with("blog_slug", .string(String(repeating: "\u{3042}", count: 256)))
        }))
    // 9. foreign_scope: website first, then app.
    faults.append(
      fault(
        "9-foreign-website", rank: 90, check: "9", error: "foreign_scope",
        setting("website_id", "2048", "website_id is another website's")))
    faults.append(
      fault(
        "9-foreign-app", rank: 91, check: "9", error: "foreign_scope",
        setting("app_id", "89", "app_id is another app's")))
    return faults
  }()

  /// A map breaking both faults, with the instances used; `nil` when they cannot coexist.
  static func combine(_ first: Fault, _ second: Fault) -> (JSONObject, Fault.Instance, Fault.Instance)? {
    let needs = [first.target, second.target].filter { $0 != .any }
    if needs.contains(.blog) && needs.contains(.coordinate) { return nil }
    let base = needs.contains(.blog) ? PushSample.blog : PushSample.coordinate
    func overlap(_ x: [String], _ y: [String]) -> Bool {
      x.contains { key in y.contains { $0.utf8.elementsEqual(key.utf8) } }
    }
    for a in first.instances {
      for b in second.instances where !overlap(a.writes, b.writes) && !overlap(a.reads, b.writes) {
        return (b.apply(a.apply(base.data)), a, b)
      }
    }
    return nil
  }

  /// The faulty map of one fault alone (first instance).
  static func alone(_ fault: Fault) -> (JSONObject, Fault.Instance) {
    let base = fault.target == .blog ? PushSample.blog : PushSample.coordinate
    let instance = fault.instances[0]
    return (instance.apply(base.data), instance)
  }

  static func precedenceFiles() -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    // Each fault alone gives its own label: the matrix's building blocks are checked too.
    var alones = builder("precedence: each fault of the matrix alone, with the rejection it is labelled with")
    for fault in faults {
      let (map, instance) = alone(fault)
      alones.add(
        id: "precedence.alone.\(fault.id)", description: "\(instance.what) alone: check \(fault.check), \(fault.error)",
        tags: ["invalid"] + (fault.check == "9" ? ["foreign-scope"] : [])
          + (fault.id.contains("legacy") ? ["legacy-schema"] : []),
        input: .object(map), expect: reject(fault.error, instance.field))
    }
    files.append(alones.file(at: "\(folder)/precedence/faults-alone.json"))
    // Check 1 against every later fault: the other fault's map, JSON-encoded or wrapped in an array.
    var checkOne = builder("precedence: check 1 (not_an_object) before every other check")
    for fault in faults {
      let (map, instance) = alone(fault)
      checkOne.add(
        id: "precedence.1-json-string.over.\(fault.id)",
        description: "a JSON-encoded map (check 1) where \(instance.what) (check \(fault.check)): not_an_object",
        tags: ["invalid", "integration-mistake"], input: .string(JSONSerializer.compact.string(from: .object(map))),
        expect: reject("not_an_object", nil))
      checkOne.add(
        id: "precedence.1-array.over.\(fault.id)",
        description: "an array holding a map (check 1) where \(instance.what) (check \(fault.check)): not_an_object",
        tags: ["invalid"], input: [.object(map)], expect: reject("not_an_object", nil))
    }
    files.append(checkOne.file(at: "\(folder)/precedence/check-1.json"))

    // Every later pair, grouped by the earlier fault's check.
    for check in ["2", "3", "4", "5", "6", "7", "8", "9"] {
      var file = builder("precedence: check \(check) of docs/suites/leeep.push.payload.md before every later check")
      for first in faults where first.check == check {
        for second in faults where second.rank > first.rank {
          guard let (map, a, b) = combine(first, second) else { continue }
          file.add(
            id: "precedence.\(first.id).over.\(second.id)",
            description:
              "\(a.what) (check \(first.check), \(first.error)) and \(b.what) (check \(second.check), \(second.error)): check \(first.check) comes first",
            tags: ["invalid"] + (first.check == "9" || second.check == "9" ? ["foreign-scope"] : [])
              + (first.id.contains("legacy") ? ["legacy-schema"] : []),
            input: .object(map), expect: reject(first.error, a.field))
        }
      }
      if !file.isEmpty { files.append(file.file(at: "\(folder)/precedence/check-\(check).json")) }
    }
    return files
  }
}
