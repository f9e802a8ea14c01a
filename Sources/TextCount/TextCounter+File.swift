extension TextCounter {
  /// The length of the text in the file at `path`, read as UTF-8 (repaired as
  /// `String(decoding:)` would), without loading the file into memory.
  /// - Throws: `FileReadError` if the file cannot be opened or read to its end.
  /// - Complexity: O(file size) time and O(1) memory: the file is read in 1 MiB pieces, on
  ///   `concurrency` threads when it is a regular file of several MiB.
  public func countFile(atPath path: String) throws -> Int {
    try countFile(atPath: path, progress: nil)
  }

  /// `countFile(atPath:)`, telling `progress` how far it got after each piece.
  /// - Parameters:
  ///   - path: The file to count.
  ///   - progress: Called with the bytes read so far and the file's size (0 when the size is
  ///     unknown, e.g. a pipe).
  public func countFile(
    atPath path: String, progress: ((_ bytesRead: Int, _ totalBytes: Int) -> Void)?
  ) throws(FileReadError) -> Int {
    try _FileCount.count(path: path, with: [self], progress: progress).counts[0]
  }

  /// The length of the text in the file at `path` for each of `counters` (one per unit),
  /// reading the file once: `count --unit all` reads a file one time, not seven.
  /// - Parameters:
  ///   - path: The file to count.
  ///   - counters: The counters; the file is read on the fewest threads any of them allows.
  ///   - progress: Called with the bytes read so far and the file's size.
  /// - Returns: One length per counter, in order, and the offset of the first ill-formed byte,
  ///   if any (the lengths then count it as `String(decoding:)` repairs it).
  /// - Throws: `FileReadError` if the file cannot be opened or read to its end.
  /// - Complexity: O(file size × counters) time, O(counters) memory beyond 1 MiB per thread.
  public static func countFile(
    atPath path: String, with counters: [TextCounter],
    progress: ((_ bytesRead: Int, _ totalBytes: Int) -> Void)? = nil
  ) throws(FileReadError) -> (counts: [Int], firstInvalidByteOffset: Int?) {
    let (counts, invalid) = try _FileCount.count(path: path, with: counters, progress: progress)
    return (counts, invalid)
  }

  /// The length of the text in the file at `path`, if it is well-formed UTF-8.
  /// - Throws: `FileReadError` if the file cannot be read; `InvalidUTF8Error` (with the offset of
  ///   the first ill-formed byte) if it is not UTF-8.
  /// - Complexity: O(file size) time, O(1) memory, on `concurrency` threads.
  public func validatedCountFile(atPath path: String) throws -> Int {
    let (counts, invalid) = try _FileCount.count(path: path, with: [self], progress: nil)
    if let invalid { throw InvalidUTF8Error(byteOffset: invalid) }
    return counts[0]
  }

  /// Reads the file at `path` in 1 MiB pieces and hands each to `body`.
  /// - Throws: `FileReadError` naming the path and the system's reason.
  public static func forEachChunk(
    ofFileAtPath path: String, progress: ((_ bytesRead: Int, _ totalBytes: Int) -> Void)? = nil,
    _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(FileReadError) {
    try _FileCount.withOpenFile(path) { descriptor, size, isRegular throws(FileReadError) in
      try _FileCount.readSequentially(
        descriptor, path: path, total: isRegular ? size : 0, progress: progress, body)
    }
  }
}
