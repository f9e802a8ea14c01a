import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts a file with `pread`, in 1 MiB pieces: a regular file of several MiB is cut at safe
/// points (`_SafeSplit`) and its parts are counted on several threads; anything else (a pipe, a
/// small file) is read in order. Memory stays O(threads × 1 MiB) whatever the file's size, and
/// nothing is mapped, so a file that shrinks while it is read is an error, never a SIGBUS.
enum _FileCount {
  static let pieceSize = 1 << 20

  /// The file's length for each of `counters` (one unit each), reading the file once; the first
  /// counter's backend, normalization and concurrency decide how it is read.
  static func count(
    path: String, with counters: [TextCounter],
    progress: ((_ bytesRead: Int, _ totalBytes: Int) -> Void)?
  ) throws(FileReadError) -> (counts: [Int], firstInvalidOffset: Int?) {
    precondition(!counters.isEmpty, "TextCounter.countFile: no counter")
    // A post length is counted in order (`_PostStream`): its parts are cut where the text allows;
    // SMS segments over the whole text in order.
    let concurrency =
      counters.contains { $0.unit.isPost || $0.unit.isCountedInOrder }
      ? 1 : counters.map(\.concurrency).min()!
    return try withOpenFile(path) { descriptor, size, isRegular throws(FileReadError) in
      try _ParallelCount.withThreads(byteCount: isRegular ? size : 0, concurrency: concurrency) {
        parts throws(FileReadError) in
        try count(
          descriptor, path: path, size: size, isRegular: isRegular, parts: parts,
          counters: counters, progress: progress)
      }
    }
  }

  /// `count(path:with:progress:)` on an open file, on `parts` threads.
  private static func count(
    _ descriptor: Int32, path: String, size: Int, isRegular: Bool, parts: Int,
    counters: [TextCounter], progress: ((_ bytesRead: Int, _ totalBytes: Int) -> Void)?
  ) throws(FileReadError) -> (counts: [Int], firstInvalidOffset: Int?) {
    if !isRegular || parts == 1 {
      var scanners = counters.map(Self.scanner)
      try readSequentially(
        descriptor, path: path, total: isRegular ? size : 0, progress: progress
      ) { piece in
        for index in scanners.indices { scanners[index].scan(piece) }
      }
      let counts = scanners.indices.map { scanners[$0].finish() }
      return (counts, scanners[0].firstInvalidOffset)
    }
    let cuts = try safeCuts(descriptor, path: path, size: size, parts: parts)
    return try countParts(
      descriptor, path: path, cuts: cuts, counters: counters, progress: progress)
  }

  /// A scanner counting as `counter` does.
  private static func scanner(_ counter: TextCounter) -> _AnyUTF8Scanner {
    _AnyUTF8Scanner(
      unit: counter.unit, backend: counter.backend, normalization: counter.normalization)
  }

  /// Opens `path` for reading and hands `body` the descriptor, the size, and whether it is a
  /// regular file (its size is known); closes it after.
  /// - Throws: `FileReadError` if it cannot be opened, is a directory, or `body` throws.
  static func withOpenFile<Result>(
    _ path: String, _ body: (Int32, Int, Bool) throws(FileReadError) -> Result
  ) throws(FileReadError) -> Result {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileReadError(path: path, reason: systemError()) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileReadError(path: path, reason: systemError())
    }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR {
      throw FileReadError(path: path, reason: String(cString: strerror(EISDIR)))
    }
    return try body(descriptor, Int(status.st_size), kind == S_IFREG)
  }

  /// Reads to the end of the file (or pipe) in pieces. A regular file (`total` > 0) that ends
  /// before `total` bytes shrank while it was read: an error, as on the parallel path.
  static func readSequentially(
    _ descriptor: Int32, path: String, total: Int,
    progress: ((Int, Int) -> Void)?, _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(FileReadError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 64)
    defer { buffer.deallocate() }
    var done = 0
    while true {
      let got = read(descriptor, buffer.baseAddress, pieceSize)
      if got < 0 {
        if errno == EINTR { continue }
        throw FileReadError(path: path, reason: systemError())
      }
      if got == 0 {
        guard done >= total else {
          throw FileReadError(path: path, reason: "the file shrank while it was being read")
        }
        return
      }
      body(UnsafeRawBufferPointer(rebasing: buffer[..<got]))
      done += got
      progress?(done, total)
    }
  }

  /// Reads exactly `count` bytes at `offset`, or throws if the file ended early (it shrank).
  private static func readFully(
    _ descriptor: Int32, path: String, into buffer: UnsafeMutableRawBufferPointer, count: Int,
    at offset: Int
  ) throws(FileReadError) {
    var done = 0
    while done < count {
      let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
      if got < 0 {
        if errno == EINTR { continue }
        throw FileReadError(path: path, reason: systemError())
      }
      if got == 0 {
        throw FileReadError(path: path, reason: "the file shrank while it was being read")
      }
      done += got
    }
  }

  /// Safe cuts near `size / parts` intervals, found by reading a small window around each.
  private static func safeCuts(_ descriptor: Int32, path: String, size: Int, parts: Int)
    throws(FileReadError) -> [Int]
  {
    let window = 1 << 16
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: window + 4, alignment: 16)
    defer { buffer.deallocate() }
    var cuts = [0]
    for part in 1..<parts {
      let nominal = size / parts * part
      let start = nominal - 4
      let length = min(window + 4, size - start)
      try readFully(descriptor, path: path, into: buffer, count: length, at: start)
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<length])
      if let cut = _SafeSplit.find(in: bytes, from: 4, before: length), start + cut > cuts.last! {
        cuts.append(start + cut)
      }
    }
    cuts.append(size)
    return cuts
  }

  /// Counts each part on its own thread, in every counter's unit; the calling thread takes the
  /// first part and reports progress for all of them.
  private static func countParts(
    _ descriptor: Int32, path: String, cuts: [Int], counters: [TextCounter],
    progress: ((Int, Int) -> Void)?
  ) throws(FileReadError) -> (counts: [Int], firstInvalidOffset: Int?) {
    let partCount = cuts.count - 1
    let shared = _PartResults(parts: partCount, units: counters.count)
    let total = cuts.last!
    /// Counts part `part`; returns an error message instead of throwing across threads.
    @Sendable func countPart(_ part: Int, _ report: ((Int) -> Void)?) {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 64)
      defer { buffer.deallocate() }
      var scanners = counters.map(Self.scanner)
      var offset = cuts[part]
      do {
        while offset < cuts[part + 1] {
          let length = min(pieceSize, cuts[part + 1] - offset)
          try readFully(descriptor, path: path, into: buffer, count: length, at: offset)
          let piece = UnsafeRawBufferPointer(rebasing: buffer[..<length])
          for index in scanners.indices { scanners[index].scan(piece) }
          offset += length
          let done = shared.bytesRead.fetchAdd(length) + length
          report?(done)
        }
        let counts = scanners.indices.map { scanners[$0].finish() }
        shared.store(
          part: part, counts: counts,
          firstInvalid: scanners[0].firstInvalidOffset.map { $0 + cuts[part] })
      } catch {
        shared.fail(error.reason)
      }
    }
    let group = DispatchGroup()
    for part in 1..<partCount {
      DispatchQueue.global().async(group: group) { countPart(part, nil) }
    }
    let reportDone = { (done: Int) in progress?(done, total) }
    withoutActuallyEscaping(reportDone) { report in
      nonisolated(unsafe) let report = report
      countPart(0, progress == nil ? nil : { report($0) })
    }
    group.wait()
    progress?(total, total)
    if let reason = shared.failure { throw FileReadError(path: path, reason: reason) }
    return shared.result()
  }

  private static func systemError() -> String { String(cString: strerror(errno)) }
}

/// What the threads of `_FileCount` hand back: each writes its own slot, under a lock.
final class _PartResults: Sendable {
  let bytesRead = _Locked(0)
  private let state: _Locked<(counts: [[Int]], invalid: [Int?], failure: String?)>

  init(parts: Int, units: Int) {
    state = _Locked(
      (
        Array(repeating: Array(repeating: 0, count: units), count: parts),
        Array(repeating: nil, count: parts), nil
      ))
  }

  func store(part: Int, counts: [Int], firstInvalid: Int?) {
    state.withLock {
      $0.counts[part] = counts
      $0.invalid[part] = firstInvalid
    }
  }

  func fail(_ reason: String) { state.withLock { $0.failure = $0.failure ?? reason } }

  var failure: String? { state.withLock { $0.failure } }

  /// Per unit, the sum over the parts; the first invalid offset of any part.
  func result() -> (counts: [Int], firstInvalidOffset: Int?) {
    state.withLock { state in
      let sums = state.counts[0].indices.map { unit in state.counts.reduce(0) { $0 + $1[unit] } }
      return (sums, state.invalid.compactMap { $0 }.min())
    }
  }
}
