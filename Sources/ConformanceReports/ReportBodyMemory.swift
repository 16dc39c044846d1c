#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A report body held in memory: one anonymous mapping of its largest size, reserved up front
/// and filled in order, whose pages the kernel may back with 2 MiB pages (`madvise` with
/// `MADV_HUGEPAGE`, where the kernel has transparent huge pages).
///
/// The JUnit body of a 100,000-vector run is 14 MB, kept until the run ends: held as the
/// rendered fragments, it took 3,400 page faults of fresh 4 KB pages, about 3 µs each on a
/// virtual machine; a 2 MiB page is one fault. Only what is written is ever touched, so a small
/// body costs no more than its own pages.
final class ReportBodyMemory {
  private static let hugePage = 2 * 1024 * 1024

  private let mapping: UnsafeMutableRawPointer
  private let mappingSize: Int
  private let start: UnsafeMutableRawPointer
  let capacity: Int
  private(set) var count = 0

  /// `nil` when the mapping cannot be made (the caller keeps the body another way).
  init?(capacity: Int) {
    let size = capacity + ReportBodyMemory.hugePage
    guard capacity > 0,
      let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
      Int(bitPattern: mapped) != -1
    else { return nil }
    mapping = mapped
    mappingSize = size
    // Huge pages start at multiples of their size.
    let aligned = (Int(bitPattern: mapped) + ReportBodyMemory.hugePage - 1) & ~(ReportBodyMemory.hugePage - 1)
    start = UnsafeMutableRawPointer(bitPattern: aligned)!
    self.capacity = capacity
    #if os(Linux)
      // Advice only: without transparent huge pages the body takes 4 KB pages as before.
      _ = madvise(start, capacity, MADV_HUGEPAGE)
    #endif
  }

  deinit {
    munmap(mapping, mappingSize)
  }

  /// Appends `bytes`; `false` (nothing appended) when they do not fit.
  func append(_ bytes: [UInt8]) -> Bool {
    guard bytes.count <= capacity - count else { return false }
    bytes.withUnsafeBytes { raw in
      if let source = raw.baseAddress { (start + count).copyMemory(from: source, byteCount: raw.count) }
    }
    count += bytes.count
    return true
  }

  /// What was appended, valid while the memory lives.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }
}
