#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Foundation

  // An `NSTextView` on TextKit 1 paints its overflow with the layout manager's temporary
  // attributes, which draw without changing the text storage (NSLayoutManager.h). It is used
  // only where the view is already on TextKit 1 (`textLayoutManager` is nil): reading
  // `layoutManager` would switch a TextKit 2 view to TextKit 1 for good.

  /// Paints an `NSTextView`'s overflow with TextKit 1's temporary attributes.
  final class _TemporaryAttributesPainter: _OverflowPainting {
    private weak var layout: NSLayoutManager?

    init(layout: NSLayoutManager) { self.layout = layout }

    func paint(clearing clear: NSRange?, painting paint: NSRange?) {
      if let clear { layout?.removeTemporaryAttribute(.backgroundColor, forCharacterRange: clear) }
      if let paint {
        layout?.addTemporaryAttribute(
          .backgroundColor, value: NSColor.limitOverflow, forCharacterRange: paint)
      }
    }

    func stop() {}
  }

  extension NSTextView {
    /// What paints this view's overflow: TextKit 2's rendering attributes, or TextKit 1's
    /// temporary attributes where the view is already on TextKit 1.
    func limitOverflowPainter() -> any _OverflowPainting {
      if let layout = textLayoutManager {
        return _RenderingAttributesPainter(layout: layout, color: .limitOverflow)
      }
      return _TemporaryAttributesPainter(layout: layoutManager!)
    }
  }
#endif
