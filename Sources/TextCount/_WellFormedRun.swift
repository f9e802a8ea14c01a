/// A run of well-formed UTF-8 counted in one go: where it ends (a scalar boundary) and what it
/// holds in each code-unit measure.
struct _WellFormedRun {
  var end: Int
  var scalars: Int
  /// Scalars above U+FFFF: 4 bytes in UTF-8, a surrogate pair in UTF-16.
  var supplementaryScalars: Int

  /// Nothing taken: the run ends where it starts.
  static func empty(at start: Int) -> _WellFormedRun {
    _WellFormedRun(end: start, scalars: 0, supplementaryScalars: 0)
  }
}
