/// A file could not be opened or read to the end.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as it was given.
  public let path: String
  /// What the system said, e.g. "No such file or directory".
  public let reason: String

  /// An error reading `path`, for `reason`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// "path: reason", as command-line tools print it.
  public var description: String { "\(path): \(reason)" }
}
