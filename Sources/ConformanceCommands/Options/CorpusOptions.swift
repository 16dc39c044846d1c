import ConformanceKit

/// `--vectors PATH...` and `--max-file-size BYTES`: where the vector files are, and how large
/// one may be. Shared by `run`, `judge`, `pack`, `list`, `show`, `smoke`, `lint`, `manifest`
/// and `diff-vectors` (each declares the options it takes, with its own help).
struct CorpusOptions: Equatable {
  /// The `--vectors` values as given, in order.
  var given: [String] = []
  /// `--max-file-size`, in bytes; `nil` for the loader's default.
  var maxFileSize: Int? = nil

  static let defaultRoot = "Vectors"

  /// The roots searched: the given ones, or `Vectors`.
  var roots: [String] { given.isEmpty ? [Self.defaultRoot] : given }

  /// A loader honouring `--max-file-size`.
  var loader: VectorLoader {
    var loader = VectorLoader()
    if let maxFileSize { loader.maxFileSize = maxFileSize }
    return loader
  }

  init(given: [String] = [], maxFileSize: Int? = nil) {
    self.given = given
    self.maxFileSize = maxFileSize
  }

  init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
    given = arguments.all(ArgumentSpec.Option.vectors.name)
    maxFileSize = try Self.maxFileSize(arguments, command: command)
  }

  /// `--max-file-size BYTES` (K, M, G suffixes), or `nil` when it is not given.
  static func maxFileSize(_ arguments: ParsedArguments, command: String) throws(UsageError) -> Int? {
    guard let text = arguments.value(ArgumentSpec.Option.maxFileSize.name) else { return nil }
    guard let limit = byteCount(text) else {
      throw UsageError(
        "--max-file-size needs a whole number of bytes (K, M, G suffixes), got '\(text)'", command: command)
    }
    return limit
  }

  /// `1048576`, `1024K`, `64M`, `1G` (powers of 1024) as a number of bytes.
  static func byteCount(_ text: String) -> Int? {
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3][String(last).uppercased()] {
      unit = 1 << (10 * power)
      digits = digits.dropLast()
    }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits) else {
      return nil
    }
    let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
    return overflow || bytes == 0 ? nil : bytes
  }
}

extension ArgumentSpec.Option {
  /// `--max-file-size BYTES`, as `run`, `pack` and `judge` declare it.
  static let maxFileSize = ArgumentSpec.Option(
    name: "max-file-size", valueName: "BYTES",
    help: "Refuse vector and expectations files larger than this (K, M, G suffixes; default: 64M).",
    repeatable: false)
}

extension ArgumentSpec.Option {
  /// `--vectors PATH`, as `run`, `judge` and `pack` declare it.
  static let vectorRoots = ArgumentSpec.Option(
    name: "vectors", valueName: "PATH",
    help: "A vectors root to search for *.json files, or one vector file (default: Vectors).",
    repeatable: true)
}
