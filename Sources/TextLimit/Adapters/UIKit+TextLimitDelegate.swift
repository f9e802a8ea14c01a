#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit

  /// A delegate that enforces a `TextLimit` on a `UITextField` or `UITextView` and forwards every
  /// call to the delegate you already had, so it can be dropped into an existing screen.
  ///
  /// ```swift
  /// let limit = TextLimitDelegate(limit: TextLimit(maxLength: 20), forwardingTo: self)
  /// limit.attach(to: nicknameField)              // keep `limit` alive (a property)
  /// limit.limiter.onLimitReached = { _ in UIImpactFeedbackGenerator().impactOccurred() }
  /// ```
  /// The decisions live in `TextLimiter`; this class only routes UIKit's calls to it. The field's
  /// text is the truth: set it as usual (`field.text = …`), and the limiter picks it up before
  /// the next edit (call `limiter.setText(_:)` first to have `.truncate` applied at once).
  @MainActor
  public final class TextLimitDelegate: NSObject, UITextFieldDelegate, UITextViewDelegate {
    /// The engine; replaced by `setLimit(_:on:)`.
    public private(set) var limiter: TextLimiter
    /// Called after every change the user made (and the limiter corrected), with the text.
    public var didChangeText: ((String) -> Void)?
    /// Read by the Objective-C runtime from any thread, so not main-actor state.
    private nonisolated let forwarding = _WeakReference()

    /// The delegate that had the field before; it is asked first and told everything.
    public var forwardingDelegate: AnyObject? {
      get { forwarding.object }
      set { forwarding.object = newValue }
    }

    /// A delegate enforcing `limit`, forwarding to `delegate`.
    /// - Parameters:
    ///   - limit: The limit to enforce.
    ///   - delegate: The delegate the field had; it keeps receiving every call.
    public init(limit: TextLimit, forwardingTo delegate: AnyObject? = nil) {
      limiter = TextLimiter(limit: limit)
      super.init()
      forwardingDelegate = delegate
    }

    /// Becomes `field`'s delegate (keeping the old one as `forwardingDelegate`), watches its
    /// edits, including those that bypass the delegate (autocorrect, dictation), and takes its
    /// text (under `.truncate`, over-limit text is cut at once).
    public func attach(to field: UITextField) {
      if forwardingDelegate == nil, let current = field.delegate, current !== self {
        forwardingDelegate = current
      }
      field.delegate = self
      field.addTarget(self, action: #selector(textFieldDidChange(_:)), for: .editingChanged)
      limiter.attach(to: field)
    }

    /// Becomes `view`'s delegate, keeping the old one as `forwardingDelegate`, and takes its text.
    public func attach(to view: UITextView) {
      if forwardingDelegate == nil, let current = view.delegate, current !== self {
        forwardingDelegate = current
      }
      view.delegate = self
      limiter.attach(to: view)
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

    // MARK: UITextFieldDelegate

    /// Asks the forwarding delegate, then the limiter.
    public func textField(
      _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
      replacementString string: String
    ) -> Bool {
      if let other = forwardingDelegate as? UITextFieldDelegate,
        other.textField?(textField, shouldChangeCharactersIn: range, replacementString: string)
          == false
      {
        return false
      }
      return limiter.shouldChange(textField, in: range, replacementText: string)
    }

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    public func textFieldDidBeginEditing(_ textField: UITextField) {
      limiter.synchronize(with: textField)
      (forwardingDelegate as? UITextFieldDelegate)?.textFieldDidBeginEditing?(textField)
    }

    /// The field's `.editingChanged` action: corrects an edit that went over the limit.
    @objc public func textFieldDidChange(_ textField: UITextField) {
      limiter.didChange(textField)
      didChangeText?(textField.limitHostText)
    }

    // MARK: UITextViewDelegate

    /// Asks the forwarding delegate, then the limiter.
    public func textView(
      _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
    ) -> Bool {
      if let other = forwardingDelegate as? UITextViewDelegate,
        other.textView?(textView, shouldChangeTextIn: range, replacementText: text) == false
      {
        return false
      }
      return limiter.shouldChange(textView, in: range, replacementText: text)
    }

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    public func textViewDidBeginEditing(_ textView: UITextView) {
      limiter.synchronize(with: textView)
      (forwardingDelegate as? UITextViewDelegate)?.textViewDidBeginEditing?(textView)
    }

    /// Corrects an edit that went over the limit, then tells the forwarding delegate.
    public func textViewDidChange(_ textView: UITextView) {
      limiter.didChange(textView)
      didChangeText?(textView.limitHostText)
      (forwardingDelegate as? UITextViewDelegate)?.textViewDidChange?(textView)
    }
  }

  /// The key of the delegate `textLimit` installs (its address is what counts).
  private nonisolated(unsafe) var textLimitDelegateKey: UInt8 = 0

  extension UITextField {
    /// The `maxLength` the blog snippets wanted, backed by the engine: set a limit and the field
    /// enforces it (IME, paste, emoji, caret and all). Set nil to remove it.
    ///
    /// ```swift
    /// nicknameField.textLimit = TextLimit(maxLength: 20)
    /// ```
    public var textLimit: TextLimit? {
      get { textLimitDelegate?.limiter.limit }
      set {
        if let newValue {
          if let current = textLimitDelegate {
            current.setLimit(newValue, on: self)
            return
          }
          let delegate = TextLimitDelegate(limit: newValue)
          delegate.attach(to: self)
          objc_setAssociatedObject(
            self, &textLimitDelegateKey, delegate, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        } else if let current = textLimitDelegate {
          delegate = current.forwardingDelegate as? UITextFieldDelegate
          removeTarget(current, action: nil, for: .editingChanged)
          objc_setAssociatedObject(
            self, &textLimitDelegateKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
      }
    }

    /// The delegate installed by `textLimit`, for `onLimitReached` and the counter.
    public var textLimitDelegate: TextLimitDelegate? {
      objc_getAssociatedObject(self, &textLimitDelegateKey) as? TextLimitDelegate
    }
  }

  extension UITextView {
    /// As `UITextField.textLimit`, for text views.
    public var textLimit: TextLimit? {
      get { textLimitDelegate?.limiter.limit }
      set {
        if let newValue {
          if let current = textLimitDelegate {
            current.setLimit(newValue, on: self)
            return
          }
          let delegate = TextLimitDelegate(limit: newValue)
          delegate.attach(to: self)
          objc_setAssociatedObject(
            self, &textLimitDelegateKey, delegate, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        } else if let current = textLimitDelegate {
          delegate = current.forwardingDelegate as? UITextViewDelegate
          objc_setAssociatedObject(
            self, &textLimitDelegateKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
      }
    }

    /// The delegate installed by `textLimit`, for `onLimitReached` and the counter.
    public var textLimitDelegate: TextLimitDelegate? {
      objc_getAssociatedObject(self, &textLimitDelegateKey) as? TextLimitDelegate
    }
  }
#endif
