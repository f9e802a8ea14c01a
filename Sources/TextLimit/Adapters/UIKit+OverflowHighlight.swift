#if canImport(UIKit) && !os(watchOS)
  import Foundation
  import UIKit

  // The text beyond a soft limit painted in a `UITextView` (the range comes from
  // `_TextLimitDelegateCore.onOverflowChange`), as X's composer paints it, without touching the
  // attributes of the text: TextKit 2's rendering attributes, which draw over the text storage's
  // attributes and are not part of them (`NSTextLayoutManager.setRenderingAttributes(_:for:)`,
  // iOS 16). A view on TextKit 1 (iOS 15, or one the app switched by reading its
  // `layoutManager`) is not painted: UIKit's `NSLayoutManager` has no temporary attributes, and
  // reading `layoutManager` would switch a TextKit 2 view to TextKit 1 for good.

  extension UITextView {
    /// Clears the highlight from `clear` and paints it over `paint` (UTF-16 ranges).
    func limitPaintOverflow(clearing clear: NSRange?, painting paint: NSRange?) {
      guard #available(iOS 16, tvOS 16, *), let layout = textLayoutManager,
        let content = layout.textContentManager
      else { return }
      if let clear, let range = content.limitTextRange(clear) {
        layout.removeRenderingAttribute(.backgroundColor, for: range)
      }
      if let paint, let range = content.limitTextRange(paint) {
        layout.setRenderingAttributes([.backgroundColor: UIColor.limitOverflow], for: range)
      }
    }
  }

  @available(iOS 16, tvOS 16, *)
  extension NSTextContentManager {
    /// The text range of a UTF-16 range (the content storage's offsets are UTF-16 units), if
    /// it lies in the document.
    func limitTextRange(_ range: NSRange) -> NSTextRange? {
      guard let start = location(documentRange.location, offsetBy: range.location),
        let end = location(start, offsetBy: range.length)
      else { return nil }
      return NSTextRange(location: start, end: end)
    }
  }

  extension UIColor {
    /// A `_CounterPalette` pair, following the appearance.
    convenience init(limitPalette pair: _CounterPalette.Pair) {
      self.init { traits in
        let color = traits.userInterfaceStyle == .dark ? pair.dark : pair.light
        return UIColor(
          red: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255,
          blue: CGFloat(color.blue) / 255, alpha: 1)
      }
    }

    /// The background behind text beyond a soft limit.
    static var limitOverflow: UIColor { UIColor(limitPalette: _CounterPalette.overflowBackground) }
  }
#endif
