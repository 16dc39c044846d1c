#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  static func members(root: pid_t, token: String) -> [pid_t] {
    #if os(Linux)
      let table = processes()
      var children: [pid_t: [pid_t]] = [:]
      for (pid, parent) in table { children[parent, default: []].append(pid) }
      var found: Set<pid_t> = []
      var queue = children[root] ?? []
      while let pid = queue.popLast() {
        guard found.insert(pid).inserted else { continue }
        queue += children[pid] ?? []
      }
      let marker = Array("\(variable)=\(token)".utf8) + [0]
      let me = getpid()
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
    private static func processes() -> [(pid_t, pid_t)] {
      guard let directory = opendir("/proc") else { return [] }
      defer { closedir(directory) }
      var table: [(pid_t, pid_t)] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        guard let pid = pid_t(name),
          let stat = read("/proc/\(name)/stat", limit: 4096),
          let close = stat.lastIndex(of: UInt8(ascii: ")"))
        else { continue }
        // "PID (COMM) STATE PPID …": the name may hold spaces and parentheses, so from the last ')'.
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 2, fields[0].first != UInt8(ascii: "Z"),
          let parent = pid_t(String(decoding: fields[1], as: UTF8.self))
        else { continue }
        table.append((pid, parent))
      }
      return table
    }

    private static func environment(of pid: pid_t, contains marker: [UInt8]) -> Bool {
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
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while bytes.count < limit {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += chunk[0..<count]
      }
      return bytes
    }
  #endif
}
