/// A URL broken into the parts the link rules read (scheme, userinfo, host, port, path, query,
/// fragment), so each can be changed alone and the URL put back together.
package struct URLParts: Sendable {
  package var scheme: String
  package var userinfo: String?
  package var host: String
  /// The text after `:` in the authority (`""` for a bare `:`), nil without a colon.
  package var port: String?
  /// Everything from the first `/` after the authority up to `?` or `#` (may be empty).
  package var path: String
  /// The raw `&`-separated query items, nil without `?`.
  package var query: [String]?
  package var fragment: String?

  /// Splits an absolute URL `scheme://authority/path?query#fragment`; nil for anything else.
  package init?(_ text: String) {
    guard let schemeEnd = text.firstRange(of: "://") else { return nil }
    scheme = String(text[..<schemeEnd.lowerBound])
    var rest = Substring(text[schemeEnd.upperBound...])
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map(
        String.init)
      rest = rest[..<question]
    }
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    path = String(rest[authorityEnd...])
    if let at = authority.lastIndex(of: "@") {
      userinfo = String(authority[..<at])
      authority = authority[authority.index(after: at)...]
    }
    let hostEnd = authority.lastIndex(of: "]") ?? authority.startIndex
    if let colon = authority[hostEnd...].lastIndex(of: ":") {
      port = String(authority[authority.index(after: colon)...])
      authority = authority[..<colon]
    }
    host = String(authority)
  }

  package var text: String {
    var text = scheme + "://"
    if let userinfo { text += userinfo + "@" }
    text += host
    if let port { text += ":" + port }
    text += path
    if let query { text += "?" + query.joined(separator: "&") }
    if let fragment { text += "#" + fragment }
    return text
  }

  /// The path's segments (without the leading `/`).
  package var segments: [String] {
    get {
      path.isEmpty ? [] : path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }
    set { path = newValue.isEmpty ? "" : "/" + newValue.joined(separator: "/") }
  }

  /// One change to one part: the scheme's or host's case, a port (`:0`, `:65535`, `:65536`, a
  /// default port, an empty one), userinfo, a dot segment (also percent-encoded), a trailing or
  /// doubled slash, a segment's case or percent-encoding (lowercase hex), query items reordered,
  /// repeated with another value, emptied, given `?` or `#` inside a value, a fragment.
  package mutating func mutate(_ random: inout ExploreRandom) {
    switch random.below(20) {
    case 0:
      scheme = random.pick([scheme.uppercased(), scheme.capitalizedFirst, "ftp", "http", "https", "javascript", ""])
    case 1: host = random.pick([host.uppercased(), host.capitalizedFirst, host + ".", "xn--" + host, "www." + host])
    case 2:
      // A host one letter off in a way only non-ASCII tells apart (Cyrillic a, full-width dot).
      host = random.pick([
        host.replacingOccurrences(first: "a", with: "\u{430}"), host.replacingOccurrences(first: ".", with: "\u{FF0E}"),
        host.replacingOccurrences(first: ".", with: "%2E"),
      ])
    case 3:
      port = random.pick(["", "0", "80", "443", "8443", "65535", "65536", "0443", "99999", "-1", " 443", "443 "])
    case 4: userinfo = random.pick(["user", "user:pass", "", ":"])
    case 5:
      var parts = segments
      let dot = random.pick([".", "..", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "...", ".a"])
      parts.insert(dot, at: random.below(parts.count + 1))
      segments = parts
    case 6: path = path.hasSuffix("/") ? String(path.dropLast()) : path + "/"
    case 7: path = random.pick(["/" + path, path.replacingOccurrences(first: "/", with: "//"), path + "//", ""])
    case 8:
      var parts = segments
      guard !parts.isEmpty else {
        path = "/"
        return
      }
      let index = random.below(parts.count)
      parts[index] = random.pick([
        parts[index].uppercased(), parts[index].capitalizedFirst,
        percentEncoded(parts[index], lowercase: random.chance(1, in: 2)), parts[index] + "%", parts[index] + "%zz",
        parts[index] + "%c3", parts[index] + "%C3%A9", parts[index] + "+", parts[index] + "%20", parts[index] + " ",
        parts[index] + "\\", parts[index] + "\u{E9}", "",
      ])
      segments = parts
    case 9:
      var parts = segments
      guard parts.count > 0 else { return }
      parts.insert(parts[random.below(parts.count)], at: random.below(parts.count + 1))
      segments = parts
    case 10 where segments.count > 0:
      var parts = segments
      parts.remove(at: random.below(parts.count))
      segments = parts
    case 11:
      var items = query ?? []
      items.reverse()
      query = items
    case 12:
      // A key repeated: the first occurrence decides.
      var items = query ?? ["id=1"]
      let item = random.pick(items)
      let key =
        item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? item
      let other = key + "=" + random.pick(["", "2", "x", "%2e%2e", "1%26id%3D2"])
      items.insert(other, at: random.chance(1, in: 2) ? 0 : items.count)
      query = items
    case 13:
      guard var items = query, !items.isEmpty else {
        query = random.pick([[], [""], ["id"], ["id="], ["=1"]])
        return
      }
      let index = random.below(items.count)
      let key =
        items[index].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
      items[index] = random.pick([
        key, key + "=", key.uppercased() + "=1", key + "=a?b", key + "=a#b", key + "=a=b", key + "=%2e%2e", key + "=+",
        key + "=a%20b", key + " =1",
      ])
      query = items
    case 14:
      query = (query ?? []) + [random.pick(["utm_source=x", "ref=", "a=1&b=2", "", "id", "x=%zz"])]
    case 15: fragment = random.pick(["", "top", "?id=1", "a&id=2", "%2e%2e", "/blog/x"])
    case 16 where query != nil: query = nil
    case 17:
      if var items = query, items.count > 1 {
        items.swapAt(0, items.count - 1)
        query = items
      } else {
        query = (query ?? []) + ["id=1"]
      }
    case 18:
      var parts = segments
      guard !parts.isEmpty else { return }
      let index = random.below(parts.count)
      parts[index] = random.pick([
        "\u{FF11}", "\u{661}", "0" + parts[index], parts[index] + "\n", parts[index] + "%0A", "%E3%81%82",
        "%F0%9F%98%80",
      ])
      segments = parts
    default:
      if fragment == nil { fragment = "" } else { fragment = nil }
    }
  }
}

/// Percent-encodes every byte outside the unreserved set, in upper or lower case hex.
package func percentEncoded(_ text: String, lowercase: Bool = false, all: Bool = false) -> String {
  var result = ""
  for byte in text.utf8 {
    let unreserved =
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    if unreserved && !all {
      result.unicodeScalars.append(Unicode.Scalar(byte))
    } else {
      let hex = String(byte, radix: 16, uppercase: !lowercase)
      result += "%" + (hex.count == 1 ? "0" : "") + hex
    }
  }
  return result
}

extension String {
  package var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
