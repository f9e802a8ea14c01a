#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit

  /// A delegate that enforces a `TextLimit` on a `UITextField` or `UITextView` and forwards every
  /// call to the delegate you already had, so it can be dropped into an existing screen.
  ///
  /// ```swift
  /// let limit = TextLimitDelegate(limit: TextLimit(maxLength: 20), forwardingTo: self)
  /// limit.attach(to: nicknameField)              // the field keeps it alive
  /// limit.limiter.onLimitReached = { _ in UIImpactFeedbackGenerator().impactOccurred() }
  /// ```
  /// The decisions live in `TextLimiter` and `_TextLimitDelegateCore`; this class only routes
  /// UIKit's calls to them. Both will-change hooks are implemented, the one-range one and iOS
  /// 26's multi-range one (UIKit calls the latter alone when a delegate has it), so no edit
  /// reaches the field without the limiter deciding. The field's text is the truth: set it as
  /// usual (`field.text = …`), and the limiter picks it up before the next edit.
  ///
  /// If the app later replaces the view's delegate, the limit still holds after each edit (the
  /// field's `.editingChanged` action, `UITextView.textDidChangeNotification`): what is lost is
  /// the decision before the edit, so an over-long paste appears, then is trimmed.
  @MainActor
  public final class TextLimitDelegate: NSObject, UITextFieldDelegate, UITextViewDelegate {
    let core: _TextLimitDelegateCore
    /// Read by the Objective-C runtime from any thread, so not main-actor state.
    private nonisolated let forwarding = _WeakReference()
    /// The views this delegate was attached to (held weakly).
    private var views: [_WeakReference] = []

    /// The engine; replaced by `setLimit(_:on:)`.
    public var limiter: TextLimiter { core.limiter }

    /// Called after every change that reached the view (the user's, and the limiter's own
    /// corrections, which UIKit does not promise to report), with the text, once per change.
    public var didChangeText: ((String) -> Void)? {
      get { core.onTextChange }
      set { core.onTextChange = newValue }
    }

    /// Told what VoiceOver should hear, in answer to the user's edits only: "Limit reached" when
    /// an edit reaches the limit or is refused there (once until the text is below it again),
    /// and the count when the user pauses typing past the limit's `warningThreshold`.
    /// `UIAccessibility` announcements, queued behind the speech of the keystroke, by default;
    /// nil to stay silent.
    public var announcer: (any LimitAnnouncer)? {
      get { core.announcer }
      set { core.announcer = newValue }
    }

    /// How long the user must stop typing before VoiceOver hears the count, in seconds (1 by
    /// default, as GOV.UK's character count waits).
    public var announcementPause: Double {
      get { core.announcementPause }
      set { core.announcementPause = newValue }
    }

    /// The delegate that had the view before; it is asked first and told everything. Setting
    /// it makes the attached views ask their delegate again which methods it implements.
    public var forwardingDelegate: AnyObject? {
      get { forwarding.object }
      set {
        forwarding.object = newValue
        if let newValue { _ReleaseWatcher.watch(newValue, for: self) }
        refreshDelegateCaches()
      }
    }

    /// A delegate enforcing `limit`, forwarding to `delegate`.
    /// - Parameters:
    ///   - limit: The limit to enforce.
    ///   - delegate: The delegate the field had; it keeps receiving every call.
    public init(limit: TextLimit, forwardingTo delegate: AnyObject? = nil) {
      core = _TextLimitDelegateCore(limit: limit, clock: _MainQueueAnnouncementClock())
      super.init()
      core.announcer = _UIKitAnnouncer()
      forwarding.object = delegate
      if let delegate { _ReleaseWatcher.watch(delegate, for: self) }
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
      keep(on: field)
      core.attach(field)
    }

    /// Becomes `view`'s delegate, keeping the old one as `forwardingDelegate`, watches its
    /// change notification, and takes its text.
    public func attach(to view: UITextView) {
      if forwardingDelegate == nil, let current = view.delegate, current !== self {
        forwardingDelegate = current
      }
      view.delegate = self
      NotificationCenter.default.addObserver(
        self, selector: #selector(textViewTextDidChange(_:)),
        name: UITextView.textDidChangeNotification, object: view)
      keep(on: view)
      // TextKit 2's rendering attributes (iOS 16); a view on TextKit 1 is not painted: UIKit's
      // layout manager has no temporary attributes, and reading `layoutManager` would switch a
      // TextKit 2 view to TextKit 1 for good.
      if #available(iOS 16, tvOS 16, *), let layout = view.textLayoutManager {
        core.overflowPainter = _RenderingAttributesPainter(layout: layout, color: .limitOverflow)
      }
      core.attach(view)
    }

    /// Stops limiting `field`: the old delegate comes back if this one is still the field's.
    public func detach(from field: UITextField) {
      field.removeTarget(self, action: #selector(textFieldDidChange(_:)), for: .editingChanged)
      if field.delegate === self { field.delegate = forwardingDelegate as? UITextFieldDelegate }
      release(from: field)
    }

    /// Stops limiting `view`: the old delegate comes back if this one is still the view's.
    public func detach(from view: UITextView) {
      NotificationCenter.default.removeObserver(
        self, name: UITextView.textDidChangeNotification, object: view)
      if view.delegate === self { view.delegate = forwardingDelegate as? UITextViewDelegate }
      core.stopPaintingOverflow()
      release(from: view)
    }

    /// Enforces a new limit on `host` from now on (`TextLimiter.replacingLimit(with:on:)`).
    public func setLimit(_ limit: TextLimit, on host: some TextInputHost) {
      core.setLimit(limit, on: host)
    }

    /// The view holds this delegate (its `delegate` property is weak), so that
    /// `TextLimitDelegate(limit:).attach(to:)` alone keeps the limit.
    private func keep(on view: UIView) {
      views.removeAll { $0.object == nil || $0.object === view }
      views.append(_WeakReference(view))
      objc_setAssociatedObject(
        view, &textLimitDelegateKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    private func release(from view: UIView) {
      views.removeAll { $0.object == nil || $0.object === view }
      if objc_getAssociatedObject(view, &textLimitDelegateKey) as AnyObject? === self {
        objc_setAssociatedObject(
          view, &textLimitDelegateKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }

    /// Makes each view this delegate still serves ask it again which methods it implements
    /// (a scroll view asks only when a different delegate is set: nil, then this one).
    func refreshDelegateCaches() {
      for case let view? in views.map(\.object) {
        if let field = view as? UITextField, field.delegate === self {
          field.delegate = nil
          field.delegate = self
        } else if let textView = view as? UITextView, textView.delegate === self {
          textView.delegate = nil
          textView.delegate = self
        }
      }
    }

    // MARK: Forwarding

    /// The limiter's hooks; for the forwarded methods (`_DelegateSelectors.uiKitForwarded`),
    /// whether the forwarding delegate implements them; for anything else, whether this class
    /// or the forwarding delegate does.
    public nonisolated override func responds(to selector: Selector!) -> Bool {
      let target = forwarding.object
      return _DelegateSelectors.responds(
        NSStringFromSelector(selector), forwarded: _DelegateSelectors.uiKitForwarded,
        implemented: { _ in super.responds(to: selector) },
        target: { _ in target?.responds(to: selector) })
    }

    /// The forwarding delegate, for the calls this class does not implement.
    public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
      let target = forwarding.object
      return target?.responds(to: selector) == true ? target : nil
    }

    /// The forwarding delegate's methods, whatever protocols it declares: each call below checks
    /// that it implements the method first (an optional method).
    var app: (any _UIKitDelegateHooks)? {
      forwardingDelegate.map { unsafeBitCast($0, to: (any _UIKitDelegateHooks).self) }
    }

    /// The union of `ranges`: what UIKit gives a delegate without the multi-range hook.
    private static func union(_ ranges: [NSRange]) -> NSRange {
      let lower = ranges.map(\.location).min() ?? 0
      let upper = ranges.map { $0.location + $0.length }.max() ?? lower
      return NSRange(location: lower, length: upper - lower)
    }

    // MARK: UITextFieldDelegate

    /// The limiter decides, then the forwarding delegate is asked about the edit applied.
    @objc(textField:shouldChangeCharactersInRange:replacementString:)
    public func textField(
      _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
      replacementString string: String
    ) -> Bool {
      core.shouldChange(textField, in: [range], replacement: .one(string), hook: .oneRange) {
        [unowned self] ranges, strings in self.askApp(textField, ranges, strings.joined())
      }
    }

    /// iOS 26's multi-range hook: the limiter decides for whichever range UIKit puts the string
    /// in, then the forwarding delegate is asked about the edit applied.
    @objc(textField:shouldChangeCharactersInRanges:replacementString:)
    public func textField(
      _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue],
      replacementString string: String
    ) -> Bool {
      let ranges = ranges.map(\.rangeValue)
      return core.shouldChange(
        textField, in: ranges, replacement: .one(string), hook: .multiRange
      ) { [unowned self] ranges, strings in self.askApp(textField, ranges, strings.joined()) }
    }

    private func askApp(_ field: UITextField, _ ranges: [NSRange], _ string: String) -> Bool? {
      guard let app else { return nil }
      switch _DelegateSelectors.appHook(
        implementsMultiRange: app.responds(
          to: #selector(
            _UIKitDelegateHooks.textField(_:shouldChangeCharactersInRanges:replacementString:))),
        implementsOneRange: app.responds(
          to: #selector(
            _UIKitDelegateHooks.textField(_:shouldChangeCharactersIn:replacementString:))))
      {
      case .multiRange:
        return app.textField?(
          field, shouldChangeCharactersInRanges: ranges.map { NSValue(range: $0) },
          replacementString: string)
      case .oneRange:
        return app.textField?(
          field, shouldChangeCharactersIn: Self.union(ranges), replacementString: string)
      case .none:
        return nil
      }
    }

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    @objc(textFieldDidBeginEditing:)
    public func textFieldDidBeginEditing(_ textField: UITextField) {
      core.didBeginEditing(textField)
      app?.textFieldDidBeginEditing?(textField)
    }

    /// Editing ended: a count waiting for the user's pause is not spoken; then tells the
    /// forwarding delegate.
    @objc(textFieldDidEndEditing:)
    public func textFieldDidEndEditing(_ textField: UITextField) {
      core.didEndEditing()
      app?.textFieldDidEndEditing?(textField)
    }

    /// Editing ended (UIKit calls this in place of `textFieldDidEndEditing(_:)`): as that one,
    /// with the reason for a forwarding delegate that takes it.
    @objc(textFieldDidEndEditing:reason:)
    public func textFieldDidEndEditing(
      _ textField: UITextField, reason: UITextField.DidEndEditingReason
    ) {
      core.didEndEditing()
      if app?.responds(to: #selector(_UIKitDelegateHooks.textFieldDidEndEditing(_:reason:)))
        == true
      {
        app?.textFieldDidEndEditing?(textField, reason: reason)
      } else {
        app?.textFieldDidEndEditing?(textField)
      }
    }

    /// The field's `.editingChanged` action (whoever the delegate is): corrects an edit that
    /// went over the limit, reports the text.
    @objc public func textFieldDidChange(_ textField: UITextField) {
      core.didChange(textField)
    }

    // MARK: UITextViewDelegate

    /// The limiter decides, then the forwarding delegate is asked about the edit applied.
    @objc(textView:shouldChangeTextInRange:replacementText:)
    public func textView(
      _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
    ) -> Bool {
      core.shouldChange(textView, in: [range], replacement: .one(text), hook: .oneRange) {
        [unowned self] ranges, strings in self.askApp(textView, ranges, strings.joined())
      }
    }

    /// iOS 26's multi-range hook: the limiter decides, then the forwarding delegate is asked
    /// about the edit applied.
    @objc(textView:shouldChangeTextInRanges:replacementText:)
    public func textView(
      _ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue],
      replacementText text: String
    ) -> Bool {
      let ranges = ranges.map(\.rangeValue)
      return core.shouldChange(
        textView, in: ranges, replacement: .one(text), hook: .multiRange
      ) { [unowned self] ranges, strings in self.askApp(textView, ranges, strings.joined()) }
    }

    private func askApp(_ view: UITextView, _ ranges: [NSRange], _ text: String) -> Bool? {
      guard let app else { return nil }
      switch _DelegateSelectors.appHook(
        implementsMultiRange: app.responds(
          to: #selector(_UIKitDelegateHooks.textView(_:shouldChangeTextInRanges:replacementText:))),
        implementsOneRange: app.responds(
          to: #selector(_UIKitDelegateHooks.textView(_:shouldChangeTextIn:replacementText:))))
      {
      case .multiRange:
        return app.textView?(
          view, shouldChangeTextInRanges: ranges.map { NSValue(range: $0) },
          replacementText: text)
      case .oneRange:
        return app.textView?(view, shouldChangeTextIn: Self.union(ranges), replacementText: text)
      case .none:
        return nil
      }
    }

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    @objc(textViewDidBeginEditing:)
    public func textViewDidBeginEditing(_ textView: UITextView) {
      core.didBeginEditing(textView)
      app?.textViewDidBeginEditing?(textView)
    }

    /// Editing ended: a count waiting for the user's pause is not spoken; then tells the
    /// forwarding delegate.
    @objc(textViewDidEndEditing:)
    public func textViewDidEndEditing(_ textView: UITextView) {
      core.didEndEditing()
      app?.textViewDidEndEditing?(textView)
    }

    /// Corrects an edit that went over the limit, reports the text, then tells the forwarding
    /// delegate.
    @objc(textViewDidChange:)
    public func textViewDidChange(_ textView: UITextView) {
      core.didChange(textView)
      app?.textViewDidChange?(textView)
    }

    /// The view's change notification: when the app replaced the view's delegate, the only
    /// call left to the limiter.
    @objc func textViewTextDidChange(_ notification: Notification) {
      guard let view = notification.object as? UITextView, view.delegate !== self else { return }
      core.didChange(view)
    }
  }

  /// VoiceOver announcements through UIKit, queued behind what VoiceOver is saying (the echo of
  /// the keystroke that reached the limit) rather than interrupting it
  /// (`accessibilitySpeechQueueAnnouncement`, UIAccessibilityConstants.h).
  final class _UIKitAnnouncer: LimitAnnouncer {
    func announce(_ message: String) {
      _assumeMainActor {
        UIAccessibility.post(notification: .announcement, argument: Self.queued(message))
      }
    }

    /// `message`, to be spoken once the current speech ends: a low announcement priority
    /// ("queued and spoken when other speech utterances have completed", iOS 17), or the queue
    /// attribute it replaces before iOS 17.
    private static func queued(_ message: String) -> NSAttributedString {
      #if os(visionOS)
        return NSAttributedString(
          string: message,
          attributes: [.accessibilitySpeechAnnouncementPriority: UIAccessibilityPriority.low])
      #else
        if #available(iOS 17, tvOS 17, *) {
          return NSAttributedString(
            string: message,
            attributes: [.accessibilitySpeechAnnouncementPriority: UIAccessibilityPriority.low])
        }
        return NSAttributedString(
          string: message, attributes: [.accessibilitySpeechQueueAnnouncement: true])
      #endif
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
    /// The field keeps the delegate alive. Set `delegate` before `textLimit` to have yours
    /// asked and told everything; one set after keeps the limit only after each edit.
    public var textLimit: TextLimit? {
      get { textLimitDelegate?.limiter.limit }
      set {
        if let newValue {
          if let current = textLimitDelegate {
            current.setLimit(newValue, on: self)
          } else {
            TextLimitDelegate(limit: newValue).attach(to: self)
          }
        } else {
          textLimitDelegate?.detach(from: self)
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
          } else {
            TextLimitDelegate(limit: newValue).attach(to: self)
          }
        } else {
          textLimitDelegate?.detach(from: self)
        }
      }
    }

    /// The delegate installed by `textLimit`, for `onLimitReached` and the counter.
    public var textLimitDelegate: TextLimitDelegate? {
      objc_getAssociatedObject(self, &textLimitDelegateKey) as? TextLimitDelegate
    }
  }
#endif
