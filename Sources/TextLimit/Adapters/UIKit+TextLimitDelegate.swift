#if canImport(UIKit) && !os(watchOS)
  public import UIKit

  /// A delegate that enforces a `TextLimit` on a `UITextField` or `UITextView` and forwards every
  /// call to the delegate you already had, so it can be dropped into an existing screen.
  ///
  /// ```swift
  /// let limit = TextLimitDelegate(limit: TextLimit(maxLength: 20), forwardingTo: self)
  /// limit.attach(to: nicknameField)              // keep `limit` alive (a property)
  /// limit.limiter.onLimitReached = { _ in UIImpactFeedbackGenerator().impactOccurred() }
  /// ```
  /// The logic lives in `TextLimiter`; this class only routes UIKit's calls to it.
  @MainActor
  public final class TextLimitDelegate: NSObject, UITextFieldDelegate, UITextViewDelegate {
    public let limiter: TextLimiter
    /// The delegate that had the field before; it is asked first and told everything.
    public weak var forwardingDelegate: AnyObject?

    public init(limit: TextLimit, forwardingTo delegate: AnyObject? = nil) {
      limiter = TextLimiter(limit: limit)
      forwardingDelegate = delegate
    }

    /// Becomes `field`'s delegate (keeping the old one as `forwardingDelegate`) and watches its
    /// edits, including those that bypass the delegate (autocorrect, dictation).
    public func attach(to field: UITextField) {
      if forwardingDelegate == nil, let current = field.delegate, current !== self {
        forwardingDelegate = current
      }
      field.delegate = self
      field.addTarget(self, action: #selector(textFieldDidChange(_:)), for: .editingChanged)
      limiter.setText(field.text ?? "")
    }

    /// Becomes `view`'s delegate, keeping the old one as `forwardingDelegate`.
    public func attach(to view: UITextView) {
      if forwardingDelegate == nil, let current = view.delegate, current !== self {
        forwardingDelegate = current
      }
      view.delegate = self
      limiter.setText(view.text ?? "")
    }

    public override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (forwardingDelegate?.responds(to: selector) ?? false)
    }

    public override func forwardingTarget(for selector: Selector!) -> Any? {
      forwardingDelegate?.responds(to: selector) == true ? forwardingDelegate : nil
    }

    // MARK: UITextFieldDelegate

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

    @objc public func textFieldDidChange(_ textField: UITextField) {
      limiter.didChange(textField)
    }

    // MARK: UITextViewDelegate

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

    public func textViewDidChange(_ textView: UITextView) {
      limiter.didChange(textView)
      (forwardingDelegate as? UITextViewDelegate)?.textViewDidChange?(textView)
    }
  }

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
          let delegate = TextLimitDelegate(
            limit: newValue, forwardingTo: textLimitDelegate?.forwardingDelegate)
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
          let delegate = TextLimitDelegate(
            limit: newValue, forwardingTo: textLimitDelegate?.forwardingDelegate)
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

    public var textLimitDelegate: TextLimitDelegate? {
      objc_getAssociatedObject(self, &textLimitDelegateKey) as? TextLimitDelegate
    }
  }
#endif
