#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Foundation

  // The text beyond a soft limit painted in an `NSTextView` (the range comes from
  // `_TextLimitDelegateCore.onOverflowChange`), without touching the attributes of the text:
  // TextKit 2's rendering attributes (`NSTextLayoutManager.setRenderingAttributes(_:for:)`,
  // macOS 12), or TextKit 1's temporary attributes where the view already uses TextKit 1
  // (`textLayoutManager` is nil): reading `layoutManager` would switch a TextKit 2 view to
  // TextKit 1.

  extension NSTextView {
    /// Clears the highlight from `clear` and paints it over `paint` (UTF-16 ranges).
    func limitPaintOverflow(clearing clear: NSRange?, painting paint: NSRange?) {
      if let layout = textLayoutManager {
        guard let content = layout.textContentManager else { return }
        if let clear, let range = content.limitTextRange(clear) {
          layout.removeRenderingAttribute(.backgroundColor, for: range)
        }
        if let paint, let range = content.limitTextRange(paint) {
          layout.setRenderingAttributes([.backgroundColor: NSColor.limitOverflow], for: range)
        }
      } else if let layout = layoutManager {
        if let clear { layout.removeTemporaryAttribute(.backgroundColor, forCharacterRange: clear) }
        if let paint {
          layout.addTemporaryAttribute(
            .backgroundColor, value: NSColor.limitOverflow, forCharacterRange: paint)
        }
      }
    }
  }

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

  extension NSColor {
    /// A `_CounterPalette` pair, following the appearance.
    convenience init(limitPalette pair: _CounterPalette.Pair) {
      self.init(name: nil) { appearance in
        let dark = appearance.bestMatch(from: [.darkAqua, .aqua]) == .darkAqua
        let color = dark ? pair.dark : pair.light
        return NSColor(
          srgbRed: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255,
          blue: CGFloat(color.blue) / 255, alpha: 1)
      }
    }

    /// The background behind text beyond a soft limit.
    static var limitOverflow: NSColor { NSColor(limitPalette: _CounterPalette.overflowBackground) }
  }
#endif
