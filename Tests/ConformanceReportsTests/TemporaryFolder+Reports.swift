import ConformanceTestSupport

extension TemporaryFolder {
  /// `path/relative`, for files the code under test is to create.
  func url(_ relative: String) -> String { path + "/" + relative }
}
