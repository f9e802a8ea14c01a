// The only file that imports the C kernels. Everything else sees Swift types.
internal import CTextCountKernels

#if canImport(Glibc)
  import Glibc  // getenv
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fast path's SIMD kernels (AVX2 on x86-64, chosen at run time; NEON on 64-bit ARM), 64
/// bytes per step: runs of well-formed UTF-8 counted in code units; runs of standalone scalars
/// counted in grapheme clusters; and the rest of well-formed text through the grapheme
/// automaton, each scalar found from a mask and every scalar of a block decoded at once. Where
/// the CPU has neither instruction set they take nothing, and the scalar loops count everything.
enum _VectorKernels {
  /// Whether the kernels run on this CPU; `TEXTCOUNT_DISABLE_SIMD=1` in the environment turns
  /// them off (to test or measure the scalar loops alone).
  static let isAvailable =
    textcount_kernels_available() != 0 && getenv("TEXTCOUNT_DISABLE_SIMD") == nil

  /// The instruction set the kernels run with here: `"avx2"`, `"neon"`, or `"none"` (also when
  /// `TEXTCOUNT_DISABLE_SIMD` turned them off).
  static var instructionSet: String {
    isAvailable ? String(cString: textcount_kernels_name()) : "none"
  }

  /// The longest well-formed run from `start` (where a scalar starts) that the kernel takes in
  /// 64-byte blocks; it stops before a block with ill-formed or unfinished UTF-8, and leaves
  /// fewer than 64 bytes at the end to the caller.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func wellFormedRun(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> _WellFormedRun
  {
    let run = textcount_count_well_formed(bytes, start, end)
    return _WellFormedRun(
      end: run.end, scalars: run.scalars, supplementaryScalars: run.supplementary)
  }

  /// The clusters of the longest run of well-formed standalone scalars from `start` that the
  /// kernel takes; the scalar before `start` must be standalone and not a CR.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func standaloneClusters(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int)
    -> (end: Int, clusters: Int)
  {
    let run = textcount_count_standalone_clusters(bytes, start, end, standaloneMap)
    return (run.end, run.clusters)
  }

  /// The clusters of the longest well-formed run from `start` that the automaton kernel takes,
  /// from automaton state `state`, and the state after it. It stops before ill-formed bytes,
  /// where the text turns standalone (the cluster kernel's turn), and 67 bytes or fewer before
  /// `end`.
  /// - Complexity: O(`end - start`).
  @inline(__always)
  static func clustersByAutomaton(
    _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, state: UInt16
  ) -> (end: Int, clusters: Int, state: UInt16) {
    let run = textcount_count_clusters_by_automaton(bytes, start, end, state, automatonMap)
    return (run.end, run.clusters, run.state)
  }

  /// The utf8proc backend's class table and automaton in the kernel's layout (the tables
  /// themselves, not copies), built once and never written again.
  nonisolated(unsafe) private static let automatonMap: UnsafePointer<textcount_cluster_automaton> =
    {
      let map = UnsafeMutablePointer<textcount_cluster_automaton>.allocate(capacity: 1)
      let table = _GraphemeClassTable.generated.table
      let automaton = _GraphemeBreakAutomaton.shared
      let standaloneEnds = UnsafeRawPointer(automaton.standaloneEnds)
      map.initialize(
        to: textcount_cluster_automaton(
          classBlocks: table.blockOffsets, classes: table.values,
          nextStates: automaton.nextStates, breaks: automaton.breaks,
          standaloneEnds: standaloneEnds.assumingMemoryBound(to: UInt8.self)))
      return UnsafePointer(map)
    }()

  /// `_StandaloneScalars.generated` in the kernel's layout, built once and never freed or written
  /// again (which is what makes sharing it across threads safe).
  nonisolated(unsafe) private static let standaloneMap: UnsafePointer<textcount_standalone_map> =
    {
      let scalars = _StandaloneScalars.generated
      let map = UnsafeMutablePointer<textcount_standalone_map>.allocate(capacity: 1)
      map.initialize(to: textcount_standalone_map())
      map.pointee.bitmap = _immortalCopy(scalars.bitmap)
      withUnsafeMutableBytes(of: &map.pointee.leadByLowNibble) {
        $0.copyBytes(from: scalars.leadByLowNibble)
      }
      withUnsafeMutableBytes(of: &map.pointee.leadByHighNibble) {
        $0.copyBytes(from: scalars.leadByHighNibble)
      }
      return UnsafePointer(map)
    }()
}
