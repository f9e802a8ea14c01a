extension TextCounter {
  /// The version of this package (TextCount, TextLimit, the `textlimit` tool, the C API and the
  /// Python package all carry it), e.g. `"0.3.0"`.
  public static let packageVersion = "0.3.0"

  /// What counts in this build, as `textlimit --version` and the C API report it: the backend
  /// a counter takes by default, with libutf8proc's version (`"utf8proc 2.8.0"`) or `"swift"`.
  public static var backendDescription: String {
    switch bestBackend {
    case .utf8proc: "utf8proc \(utf8procVersion ?? "")"
    default: "swift"
    }
  }
}
