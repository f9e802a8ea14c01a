import Foundation

/// Paints the text beyond a soft limit in a view (`_TextLimitDelegateCore.overflowPainter`):
/// TextKit's rendering attributes in the adapters, a recording in the tests.
protocol _OverflowPainting: AnyObject {
  /// Clears the highlight from `clear` (UTF-16, where the old or the new overflow starts to the
  /// end of the text), then paints it over `paint`, the text beyond the limit; nil for none.
  func paint(clearing clear: NSRange?, painting paint: NSRange?)
  /// The view is no longer limited: anything installed in it is removed.
  func stop()
}
