/// The bytes are not well-formed UTF-8.
public struct InvalidUTF8Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// Offset of the first byte of the first ill-formed sequence (a truncated sequence at the end
  /// is reported at its first byte).
  public let byteOffset: Int

  /// An error at `byteOffset`.
  public init(byteOffset: Int) { self.byteOffset = byteOffset }

  /// "invalid UTF-8 at byte offset N".
  public var description: String { "invalid UTF-8 at byte offset \(byteOffset)" }
}
