#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  import Foundation
  #if canImport(UIKit)
    import UIKit
    /// The colour type of the platform the adapters build for.
    typealias _PlatformColor = UIColor
  #else
    import AppKit
    /// The colour type of the platform the adapters build for.
    typealias _PlatformColor = NSColor
  #endif

  // The text beyond a soft limit painted in a text view, as X's composer paints it, without
  // touching the attributes of the text: TextKit 2's rendering attributes, which draw over the
  // text storage's attributes and are not part of them (`NSTextLayoutManager`, iOS 16, macOS
  // 12). NSTextLayoutManager.h: "Rendering attributes are invalidated upon re-layout of the
  // text layout fragment that they belong to", so the painter also fills them in again from
  // the layout manager's `renderingAttributesValidator`, chained to the one the app set.

  /// Paints one TextKit 2 view's overflow (`_TextLimitDelegateCore.overflowPainter`).
  @available(iOS 16, tvOS 16, macOS 12, *)
  final class _RenderingAttributesPainter: _OverflowPainting {
    private weak var layout: NSTextLayoutManager?
    /// The validator the layout manager had, called first.
    private let previousValidator: ((NSTextLayoutManager, NSTextLayoutFragment) -> Void)?
    /// The range painted now (UTF-16), shared with the validator.
    private let painted = _PaintedRange()
    private let color: _PlatformColor

    /// Paints in `layout` with `color`, and takes over its validator, chaining the one it had.
    init(layout: NSTextLayoutManager, color: _PlatformColor) {
      self.layout = layout
      self.color = color
      previousValidator = layout.renderingAttributesValidator
      let previous = previousValidator
      let painted = painted
      layout.renderingAttributesValidator = { layout, fragment in
        previous?(layout, fragment)
        guard let range = painted.range,
          let overflow = layout.textContentManager?.limitTextRange(range),
          let part = fragment.rangeInElement.intersection(overflow)
        else { return }
        layout.setRenderingAttributes([.backgroundColor: color], for: part)
      }
    }

    func paint(clearing clear: NSRange?, painting paint: NSRange?) {
      painted.range = paint
      guard let layout, let content = layout.textContentManager else { return }
      if let clear, let range = content.limitTextRange(clear) {
        layout.removeRenderingAttribute(.backgroundColor, for: range)
      }
      if let paint, let range = content.limitTextRange(paint) {
        layout.setRenderingAttributes([.backgroundColor: color], for: range)
      }
    }

    func stop() {
      layout?.renderingAttributesValidator = previousValidator
    }
  }

  /// The range a painter paints, which its validator reads.
  final class _PaintedRange {
    var range: NSRange?
  }

  @available(iOS 16, tvOS 16, macOS 12, *)
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

  extension _PlatformColor {
    /// A `_CounterPalette` pair, following the appearance.
    convenience init(limitPalette pair: _CounterPalette.Pair) {
      #if canImport(UIKit)
        self.init { traits in
          _PlatformColor(limitPalette: traits.userInterfaceStyle == .dark ? pair.dark : pair.light)
        }
      #else
        self.init(name: nil) { appearance in
          let dark = appearance.bestMatch(from: [.darkAqua, .aqua]) == .darkAqua
          return _PlatformColor(limitPalette: dark ? pair.dark : pair.light)
        }
      #endif
    }

    /// A `_CounterPalette` colour (sRGB).
    convenience init(limitPalette color: _CounterPalette.Color) {
      let (red, green, blue) = (
        CGFloat(color.red) / 255, CGFloat(color.green) / 255, CGFloat(color.blue) / 255
      )
      #if canImport(UIKit)
        self.init(red: red, green: green, blue: blue, alpha: 1)
      #else
        self.init(srgbRed: red, green: green, blue: blue, alpha: 1)
      #endif
    }

    /// The background behind text beyond a soft limit.
    static var limitOverflow: _PlatformColor {
      _PlatformColor(limitPalette: _CounterPalette.overflowBackground)
    }
  }
#endif
