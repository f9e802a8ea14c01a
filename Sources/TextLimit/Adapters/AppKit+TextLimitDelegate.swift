#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import Foundation

  /// A delegate that enforces a `TextLimit` on an `NSTextView` or an `NSTextField` and forwards
  /// every call to the delegate you already had: the macOS counterpart of the UIKit adapter.
  ///
  /// ```swift
  /// let limit = TextLimitDelegate(limit: TextLimit(maxLength: 20), forwardingTo: self)
  /// limit.attach(to: nicknameField)              // keep `limit` alive (a property)
  /// ```
  /// An `NSTextView` is asked before each edit (`textView(_:shouldChangeTextIn:
  /// replacementString:)`) and told after it (`textDidChange(_:)`), as UIKit's views are. An
  /// `NSTextField`'s field editor asks its cell, not the field's delegate, before an edit, so
  /// the field is corrected after each edit (`controlTextDidChange(_:)`): the same limits and
  /// the same composition rules, applied after the fact. The decisions live in `TextLimiter`.
  @MainActor
  public final class TextLimitDelegate: NSObject, NSTextViewDelegate, NSTextFieldDelegate {
    /// The engine; replaced by `setLimit(_:on:)`.
    public private(set) var limiter: TextLimiter
    /// Called after every change the user made (and the limiter corrected), with the text.
    public var didChangeText: ((String) -> Void)?
    /// Read by the Objective-C runtime from any thread, so not main-actor state.
    private nonisolated let forwarding = _WeakReference()

    /// The delegate that had the view before; it is asked first and told everything.
    public var forwardingDelegate: AnyObject? {
      get { forwarding.object }
      set { forwarding.object = newValue }
    }

    /// A delegate enforcing `limit`, forwarding to `delegate`.
    /// - Parameters:
    ///   - limit: The limit to enforce.
    ///   - delegate: The delegate the view had; it keeps receiving every call.
    public init(limit: TextLimit, forwardingTo delegate: AnyObject? = nil) {
      limiter = TextLimiter(limit: limit)
      super.init()
      forwardingDelegate = delegate
    }

    /// Becomes `view`'s delegate (keeping the old one as `forwardingDelegate`) and takes its
    /// text (under `.truncate`, over-limit text is cut at once).
    public func attach(to view: NSTextView) {
      if forwardingDelegate == nil, let current = view.delegate, current !== self {
        forwardingDelegate = current
      }
      view.delegate = self
      limiter.attach(to: view)
    }

    /// Becomes `field`'s delegate (keeping the old one as `forwardingDelegate`) and takes its
    /// text.
    public func attach(to field: NSTextField) {
      if forwardingDelegate == nil, let current = field.delegate, current !== self {
        forwardingDelegate = current
      }
      field.delegate = self
      limiter.attach(to: field)
    }

    /// Enforces a new limit on `host` from now on (`TextLimiter.replacingLimit(with:on:)`).
    public func setLimit(_ limit: TextLimit, on host: some TextInputHost) {
      limiter = limiter.replacingLimit(with: limit, on: host)
    }

    /// Whether this delegate or the forwarding delegate answers `selector`.
    public nonisolated override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (forwarding.object?.responds(to: selector) ?? false)
    }

    /// The forwarding delegate, for the calls this class does not implement.
    public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
      let target = forwarding.object
      return target?.responds(to: selector) == true ? target : nil
    }

    // MARK: NSTextViewDelegate

    /// Asks the forwarding delegate, then the limiter (a change of attributes only, with no
    /// replacement string, is let through).
    public func textView(
      _ textView: NSTextView, shouldChangeTextIn affectedCharRange: NSRange,
      replacementString: String?
    ) -> Bool {
      if let other = forwardingDelegate as? NSTextViewDelegate,
        other.textView?(
          textView, shouldChangeTextIn: affectedCharRange, replacementString: replacementString)
          == false
      {
        return false
      }
      guard let replacementString else { return true }
      return limiter.shouldChange(
        textView, in: affectedCharRange, replacementText: replacementString)
    }

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    public func textDidBeginEditing(_ notification: Notification) {
      if let view = notification.object as? NSTextView { limiter.synchronize(with: view) }
      (forwardingDelegate as? NSTextViewDelegate)?.textDidBeginEditing?(notification)
    }

    /// Corrects an edit that went over the limit, then tells the forwarding delegate.
    public func textDidChange(_ notification: Notification) {
      if let view = notification.object as? NSTextView {
        limiter.didChange(view)
        didChangeText?(view.limitHostText)
      }
      (forwardingDelegate as? NSTextViewDelegate)?.textDidChange?(notification)
    }

    // MARK: NSTextFieldDelegate

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    public func controlTextDidBeginEditing(_ notification: Notification) {
      if let field = notification.object as? NSTextField { limiter.synchronize(with: field) }
      (forwardingDelegate as? NSTextFieldDelegate)?.controlTextDidBeginEditing?(notification)
    }

    /// Corrects an edit that went over the limit, then tells the forwarding delegate.
    public func controlTextDidChange(_ notification: Notification) {
      if let field = notification.object as? NSTextField {
        limiter.didChange(field)
        didChangeText?(field.limitHostText)
      }
      (forwardingDelegate as? NSTextFieldDelegate)?.controlTextDidChange?(notification)
    }
  }
#endif
