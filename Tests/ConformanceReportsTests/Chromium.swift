import ConformanceTestSupport
import Foundation

/// Headless Chromium for tests that check what a browser makes of the HTML report.
///
/// CI installs Debian's `chromium` package (`.ci/run`); set `CHROMIUM` to use another binary.
struct Chromium {
  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "Chromium is not installed, so the HTML report cannot be checked in a browser. Install it with "
        + "`apt-get update && apt-get install -y chromium` (CI installs it), or set CHROMIUM to a Chromium or "
        + "Chrome binary."
    }
  }

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  let executable: String

  /// The binary from `CHROMIUM`, or the first of the usual names on `PATH`.
  static func find() throws -> Chromium {
    let environment = ProcessInfo.processInfo.environment
    if let given = environment["CHROMIUM"], !given.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: given) else {
        throw Failed(description: "CHROMIUM=\(given) is not an executable file")
      }
      return Chromium(executable: given)
    }
    let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return Chromium(executable: "\(folder)/\(name)")
      }
    }
    throw Missing()
  }

  /// The DOM after the page's scripts ran (`--dump-dom`).
  func dumpDOM(_ url: String) throws -> String {
    try run(["--dump-dom", url])
  }

  /// A PNG of the page at `width`×`height` CSS pixels.
  func screenshot(_ url: String, to path: String, width: Int = 1280, height: Int = 1000) throws {
    _ = try run(["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(path)", url])
  }

  private func run(_ arguments: [String]) throws -> String {
    // A profile of its own per run: tests run in parallel, and two browsers must not share one.
    let scratch = try TemporaryFolder("chromium")
    defer { scratch.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=\(scratch.path)/profile",
      ] + arguments
    // Output goes to files, not pipes, so a large DOM can never fill a pipe and stall the browser.
    let outputPath = scratch.path + "/stdout"
    let errorPath = scratch.path + "/stderr"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning {
      if Date() > deadline {
        process.terminate()
        process.waitUntilExit()
        throw Failed(description: "\(executable) did not finish within 120 s")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let output = try String(contentsOfFile: outputPath, encoding: .utf8)
    guard process.terminationStatus == 0 else {
      let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw Failed(description: "\(executable) exited with \(process.terminationStatus): \(errors.suffix(2000))")
    }
    return output
  }
}

/// Elements of a serialized DOM (what `--dump-dom` prints): enough of an HTML tokenizer to
/// read tags with quoted attributes and the text that follows them.
struct DumpedDOM {
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The text up to the next tag, with character references decoded.
    var text: String
  }

  let elements: [Element]

  init(_ html: String) {
    var elements: [Element] = []
    let scalars = Array(html.unicodeScalars)
    var index = 0
    func skipSpace() {
      while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }
    func readName() -> String {
      var name = String.UnicodeScalarView()
      while index < scalars.count, !scalars[index].properties.isWhitespace,
        !["=", ">", "/"].contains(scalars[index])
      {
        name.append(scalars[index])
        index += 1
      }
      return String(name).lowercased()
    }
    while index < scalars.count {
      guard scalars[index] == "<" else {
        index += 1
        continue
      }
      index += 1
      if index < scalars.count, scalars[index] == "/" || scalars[index] == "!" {
        while index < scalars.count, scalars[index] != ">" { index += 1 }
        continue
      }
      let name = readName()
      var attributes: [String: String] = [:]
      while index < scalars.count {
        skipSpace()
        if index >= scalars.count || scalars[index] == ">" { break }
        if scalars[index] == "/" {
          index += 1
          continue
        }
        let attribute = readName()
        skipSpace()
        var value = ""
        if index < scalars.count, scalars[index] == "=" {
          index += 1
          skipSpace()
          let quote = scalars[index]
          var raw = String.UnicodeScalarView()
          if quote == "\"" || quote == "'" {
            index += 1
            while index < scalars.count, scalars[index] != quote {
              raw.append(scalars[index])
              index += 1
            }
            index += 1
          } else {
            while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
              raw.append(scalars[index])
              index += 1
            }
          }
          value = DumpedDOM.decode(String(raw))
        }
        attributes[attribute] = value
      }
      index += 1
      var text = String.UnicodeScalarView()
      // Script and style content is raw text up to its end tag.
      let rawText = name == "script" || name == "style"
      while index < scalars.count {
        if scalars[index] == "<" {
          if !rawText { break }
          let ahead = String(String.UnicodeScalarView(scalars[index..<min(index + 9, scalars.count)])).lowercased()
          if ahead == "</\(name)>" || ahead.hasPrefix("</\(name)") { break }
        }
        text.append(scalars[index])
        index += 1
      }
      elements.append(
        Element(name: name, attributes: attributes, text: rawText ? String(text) : DumpedDOM.decode(String(text))))
    }
    self.elements = elements
  }

  func all(_ name: String, where predicate: (Element) -> Bool = { _ in true }) -> [Element] {
    elements.filter { $0.name == name && predicate($0) }
  }

  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var output = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      output += rest[..<amp]
      rest = rest[amp...]
      let references = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&nbsp;": "\u{A0}"]
      if let (reference, character) = references.first(where: { rest.hasPrefix($0.key) }) {
        output += character
        rest = rest.dropFirst(reference.count)
      } else {
        output += "&"
        rest = rest.dropFirst()
      }
    }
    return output + rest
  }
}
