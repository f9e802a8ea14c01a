extension TextCounter {
  /// The version of this package (TextCount, TextLimit, the `textlimit` tool, the C API and the
  /// Python package all carry it), e.g. `"0.3.0"`.
  public static let packageVersion = "0.3.0"

  /// What counts in this build, as `textlimit --version` and the C API report it: the default
  /// backend, with the libutf8proc its widths and NFKC come from if one is linked
  /// (`"automaton, utf8proc 2.8.0"`, else `"automaton"`).
  public static var backendDescription: String {
    utf8procVersion.map { "automaton, utf8proc \($0)" } ?? "automaton"
  }

  /// The SIMD instruction set the fast path's kernels use on this CPU, as `textlimit --version`
  /// reports it: `"avx512"` (x86-64 CPUs with AVX-512 F, BW and VBMI, except on Apple's systems,
  /// unless `TEXTCOUNT_DISABLE_AVX512=1` is in the environment), `"avx2"` (other x86-64 CPUs that
  /// have it), `"neon"` (64-bit ARM), or `"none"` (the scalar loops count everything: other CPUs,
  /// or `TEXTCOUNT_DISABLE_SIMD=1` in the environment). Counts are the same whichever it is.
  public static var vectorKernelsDescription: String { _VectorKernels.instructionSet }
}

extension TextCounter {
  /// Where the grapheme-cluster classes of the default backend come from, as
  /// `textlimit --version` reports it: the classes generated from the Unicode files of the
  /// version Swift's `String` implements, and whether the linked libutf8proc's own data (with
  /// the corrections generated against 2.8.0) agrees with them. A libutf8proc that differs (a
  /// newer Unicode version) is named; its classes are never used, so counts do not change.
  ///
  /// The first call with libutf8proc linked compares every code point: a few milliseconds.
  public static var graphemeClassesDescription: String {
    let generated = "Unicode \(_GraphemeClassTable.generatedUnicodeVersion) (generated)"
    #if TEXTCOUNT_UTF8PROC
      let differences = _GraphemeClassTable.utf8procDifferences
      guard differences.count > 0 else {
        return "\(generated); libutf8proc \(_UTF8Proc.version) agrees"
      }
      let first = differences.first.map { "U+" + String($0, radix: 16, uppercase: true) }
      return "\(generated); libutf8proc \(_UTF8Proc.version) differs at \(differences.count) "
        + "code points (\(first.joined(separator: ", "))...): the generated classes are used"
    #else
      return "\(generated); no libutf8proc linked"
    #endif
  }
}
