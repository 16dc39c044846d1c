import ConformanceLowLevel

/// The processes an adapter started, found through Linux's `/proc`, so that those which left the
/// adapter's process group (`setsid`, a daemon's double fork) are ended with it.
///
/// Two ways in, because either alone misses some: every adapter is started with an environment
/// variable naming its instance (``variable``), which its descendants inherit, and the parent
/// links (`/proc/PID/stat`) lead from the adapter to descendants that cleared their environment
/// while their parent lives. The harness is a child subreaper (`conformance_become_child_subreaper`),
/// so a descendant whose parent already exited is the harness's child and can be reaped once
/// ended. Elsewhere (no `/proc`) nothing is found: the process group is all that is ended.
enum ProcessTree {
  /// The environment variable that marks an adapter instance and everything it starts.
  static let variable = "CONFORMANCE_ADAPTER_INSTANCE"

  /// A fresh instance token (64 random bits in hex).
  static func newToken() -> String {
    String(UInt64.random(in: .min ... .max), radix: 16)
  }

  /// Every live process that descends from `root` or carries `token` in its environment, `root`
  /// itself left out.
  static func members(root: Int32, token: String) -> [Int32] {
    #if os(Linux)
      let table = processes()
      var children: [Int32: [Int32]] = [:]
      for (pid, parent) in table { children[parent, default: []].append(pid) }
      var found: Set<Int32> = []
      var queue = children[root] ?? []
      while let pid = queue.popLast() {
        guard found.insert(pid).inserted else { continue }
        queue += children[pid] ?? []
      }
      let marker = Array("\(variable)=\(token)".utf8) + [0]
      let me = processID()
      for (pid, _) in table where pid != root && pid != me && !found.contains(pid) {
        if environment(of: pid, contains: marker) { found.insert(pid) }
      }
      return Array(found)
    #else
      return []
    #endif
  }

  #if os(Linux)
    /// (pid, parent pid) of every process `/proc` shows.
    private static func processes() -> [(Int32, Int32)] {
      guard let entries = try? folderEntries("/proc") else { return [] }
      var table: [(Int32, Int32)] = []
      for entry in entries {
        let name = String(decoding: entry.name, as: UTF8.self)
        guard let pid = Int32(name),
          let stat = read("/proc/\(name)/stat", limit: 4096),
          let close = stat.lastIndex(of: UInt8(ascii: ")"))
        else { continue }
        // "PID (COMM) STATE PPID …": the name may hold spaces and parentheses, so from the last ')'.
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 2, fields[0].first != UInt8(ascii: "Z"),
          let parent = Int32(String(decoding: fields[1], as: UTF8.self))
        else { continue }
        table.append((pid, parent))
      }
      return table
    }

    private static func environment(of pid: Int32, contains marker: [UInt8]) -> Bool {
      guard let bytes = read("/proc/\(pid)/environ", limit: 1 << 20) else { return false }
      // Each entry ends in a NUL: the marker must start an entry.
      var start = 0
      while start + marker.count <= bytes.count {
        if bytes[start..<(start + marker.count)].elementsEqual(marker) { return true }
        guard let end = bytes[start...].firstIndex(of: 0) else { return false }
        start = end + 1
      }
      return false
    }

    private static func read(_ path: String, limit: Int) -> [UInt8]? {
      guard let descriptor = try? openForReading(path) else { return nil }
      defer { closeDescriptor(descriptor) }
      var bytes: [UInt8] = []
      while bytes.count < limit {
        guard let chunk = try? readBytes(descriptor, upTo: 4096), !chunk.isEmpty else { break }
        bytes += chunk
      }
      return bytes
    }
  #endif
}
