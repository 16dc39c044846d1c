import ConformanceJSON
import ConformanceKit
import Testing

@testable import ConformanceReports

/// The result files, written member by member into one buffer, against the same result built
/// as a JSON value and serialized (how they were written before): the same bytes, the same
/// value once parsed.
@Suite struct AllureResultTests {
  /// A result as a `JSONObject`, with the members and order of Allure's model.
  static func reference(_ item: AllureResult.Item, uuid: String) -> JSONValue {
    func objects(_ rows: [[(String, String)]]) -> JSONValue {
      .array(rows.map { row in .object(JSONObject(row.map { JSONObject.Member(key: $0.0, value: .string($0.1)) })) })
    }
    var object: JSONObject = [
      "uuid": .string(uuid), "historyId": .string(item.historyID), "testCaseId": .string(item.testCaseID),
      "name": .string(item.name), "fullName": .string(item.fullName),
    ]
    if let description = item.description { object["description"] = .string(description) }
    object["status"] = .string(item.status)
    var details: JSONObject = [:]
    if let message = item.message { details["message"] = .string(TextCap.cut(message, limit: TextCap.message)) }
    if let trace = item.trace { details["trace"] = .string(trace) }
    if item.known { details["known"] = true }
    if item.flaky { details["flaky"] = true }
    if !details.members.isEmpty { object["statusDetails"] = .object(details) }
    object["stage"] = "finished"
    object["start"] = .number(JSONNumber(Int(item.start)))
    object["stop"] = .number(JSONNumber(Int(item.stop)))
    object["labels"] = objects(item.labels.map { [("name", $0.name), ("value", $0.value)] })
    if !item.links.isEmpty {
      object["links"] = objects(item.links.map { [("type", $0.type), ("url", $0.url), ("name", $0.name)] })
    }
    object["parameters"] = objects(item.parameters.map { [("name", $0.name), ("value", $0.value)] })
    object["attachments"] = objects(
      item.attachments.map { [("name", $0.label), ("source", $0.source), ("type", $0.type)] })
    return .object(object)
  }

  static let awkward = [
    "plain", "quote \" and backslash \\", "line\nbreak\ttab\r\u{8}\u{C}", "controls \u{0}\u{1}\u{1F}\u{7F}",
    "日本語のテキスト", "e\u{301} combining, \u{200B} zero width, \u{FEFF} bom", "astral 😀 \u{10FFFF} \u{E000}",
    "", "/slashes/ and <tags> & ampersands",
  ]

  static func items() -> [AllureResult.Item] {
    var items: [AllureResult.Item] = []
    for (index, text) in awkward.enumerated() {
      var item = AllureResult.Item(
        name: "id.\(index) \(text)", fullName: "impl/suite/\(text)", history: ["impl", "suite", text],
        testCase: ["suite", text], status: ["passed", "failed", "broken", "skipped"][index % 4],
        message: index % 3 == 0 ? nil : "mismatch: \(text)", trace: index % 2 == 0 ? nil : "input: \(text)\n")
      item.description = index % 2 == 0 ? "description \(text)" : nil
      item.labels = AllureResult.labels(
        implementation: "impl \(text)", suite: "leeep.fid", file: index == 3 ? nil : "leeep/fid/\(text).json",
        tags: index % 2 == 0 ? ["valid", text] : [])
      item.parameters = index % 3 == 1 ? [("locale", "\"\(text)\""), ("n", "1.50")] : []
      item.links = index == 4 ? [(type: "issue", url: "https://example.com/?q=\(text)", name: text)] : []
      item.attachments = [AllureResult.Attachment.json("expected", ["result": "accept", "output": .string(text)])]
      if index % 2 == 1 { item.attachments.append(AllureResult.Attachment.text("stderr", text)) }
      item.known = index == 5
      item.flaky = index == 6
      item.start = 1_764_000_000_000 + Int64(index)
      item.stop = item.start + 3
      items.append(item)
    }
    // A message over Allure's cut.
    var long = items[1]
    long.message = String(repeating: "m", count: TextCap.message + 10)
    items.append(long)
    return items
  }

  @Test func resultFilesAreTheSerializedModel() throws {
    for item in Self.items() {
      let uuid = AllureResult.UUIDSource().nextForTest()
      let bytes = item.resultBytes(uuid: uuid)
      let expected = Self.reference(item, uuid: uuid)
      #expect(bytes == JSONSerializer.compact.bytes(from: expected), "\(item.name)")
      #expect(try JSONParser().parse(bytes) == expected, "\(item.name)")
    }
  }

  @Test func uuidsAreVersion4AndDistinct() {
    var source = AllureResult.UUIDSource()
    var seen: Set<String> = []
    for _ in 0..<200 {
      let uuid = source.next()
      #expect(AllureResultsWriter.isOwnName(uuid + "-result.json"))
      let characters = Array(uuid)
      #expect(characters[14] == "4")
      #expect("89ab".contains(characters[19]))
      seen.insert(uuid)
    }
    #expect(seen.count == 200)
  }

  @Test func contentKeysNameAttachmentsByTheirSHA256() {
    let bytes = Array("{\n  \"result\": \"accept\"\n}\n".utf8)
    let digest = SHA256.hexDigest(bytes)
    let hex = Array(digest.prefix(32))
    let expected = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    #expect(ContentKey(bytes).uuidText == expected)
  }
}

extension AllureResult.UUIDSource {
  fileprivate func nextForTest() -> String {
    var copy = self
    return copy.next()
  }
}
