/// A file could not be opened or read to the end.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as it was given.
  public let path: String
  /// What the system said, e.g. "No such file or directory".
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
