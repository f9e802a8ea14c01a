#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import Foundation

  /// A delegate that enforces a `TextLimit` on an `NSTextView` or an `NSTextField` and forwards
  /// every call to the delegate you already had: the macOS counterpart of the UIKit adapter.
  ///
  /// ```swift
  /// TextLimitDelegate(limit: TextLimit(maxLength: 20)).attach(to: nameField)  // the field keeps it
  /// nameField.textLimit = TextLimit(maxLength: 20)                            // the same
  /// ```
  /// An `NSTextView` is asked before each edit (`textView(_:shouldChangeTextIn:
  /// replacementString:)`, or the multi-range `textView(_:shouldChangeTextInRanges:
  /// replacementStrings:)`, which AppKit calls alone when a delegate has it) and told after it,
  /// as UIKit's views are. An `NSTextField`'s field editor asks its cell, not the field's
  /// delegate, before an edit, so the field gets a formatter (wrapping the one it had) whose
  /// `isPartialStringValid` measures the text the edit would make before the field shows it:
  /// the same limits and the same composition rules. The view keeps this delegate alive; the
  /// decisions live in `TextLimiter` and `_TextLimitDelegateCore`.
  @MainActor
  public final class TextLimitDelegate: NSObject, NSTextViewDelegate, NSTextFieldDelegate {
    let core: _TextLimitDelegateCore
    /// Read by the Objective-C runtime from any thread, so not main-actor state.
    private nonisolated let forwarding = _WeakReference()
    /// The views this delegate was attached to (held weakly).
    private var views: [_WeakReference] = []

    /// The engine; replaced by `setLimit(_:on:)`.
    public var limiter: TextLimiter { core.limiter }

    /// Called after every change that reached the view (the user's, and the limiter's own
    /// corrections), with the text, once per change.
    public var didChangeText: ((String) -> Void)? {
      get { core.onTextChange }
      set { core.onTextChange = newValue }
    }

    /// Told what VoiceOver should hear, in answer to the user's edits only: "Limit reached" when
    /// an edit reaches the limit or is refused there (once until the text is below it again),
    /// and the count when the user pauses typing past the limit's `warningThreshold`.
    /// `NSAccessibility` announcement requests by default; nil to stay silent.
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

    /// The delegate that had the view before; it is asked first and told everything.
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
    ///   - delegate: The delegate the view had; it keeps receiving every call.
    public init(limit: TextLimit, forwardingTo delegate: AnyObject? = nil) {
      core = _TextLimitDelegateCore(limit: limit, clock: _MainQueueAnnouncementClock())
      super.init()
      core.announcer = _AppKitAnnouncer()
      forwarding.object = delegate
      if let delegate { _ReleaseWatcher.watch(delegate, for: self) }
    }

    /// Becomes `view`'s delegate (keeping the old one as `forwardingDelegate`), is kept alive by
    /// the view, watches its change notification, and takes its text (under `.truncate`,
    /// over-limit text is cut at once).
    public func attach(to view: NSTextView) {
      if forwardingDelegate == nil, let current = view.delegate, current !== self {
        forwardingDelegate = current
      }
      view.delegate = self
      NotificationCenter.default.addObserver(
        self, selector: #selector(textViewTextDidChange(_:)), name: NSText.didChangeNotification,
        object: view)
      keep(on: view)
      core.overflowPainter = view.limitOverflowPainter()
      core.attach(view)
    }

    /// Becomes `field`'s delegate (keeping the old one as `forwardingDelegate`), is kept alive
    /// by the field, gives it a formatter that limits each edit before it shows (wrapping the
    /// formatter it had), and takes its text.
    public func attach(to field: NSTextField) {
      if forwardingDelegate == nil, let current = field.delegate, current !== self {
        forwardingDelegate = current
      }
      field.delegate = self
      if !(field.formatter is _TextLimitFormatter) {
        field.formatter = _TextLimitFormatter(
          delegate: self, field: field, wrapping: field.formatter)
      }
      keep(on: field)
      core.attach(field)
    }

    /// Stops limiting `view`: the old delegate comes back if this one is still the view's.
    public func detach(from view: NSTextView) {
      NotificationCenter.default.removeObserver(
        self, name: NSText.didChangeNotification, object: view)
      if view.delegate === self { view.delegate = forwardingDelegate as? NSTextViewDelegate }
      core.stopPaintingOverflow()
      release(from: view)
    }

    /// Stops limiting `field`: its formatter and, if this one is still its delegate, its old
    /// delegate come back.
    public func detach(from field: NSTextField) {
      if let formatter = field.formatter as? _TextLimitFormatter {
        field.formatter = formatter.wrapped
      }
      if field.delegate === self { field.delegate = forwardingDelegate as? NSTextFieldDelegate }
      release(from: field)
    }

    /// Enforces a new limit on `host` from now on (`TextLimiter.replacingLimit(with:on:)`).
    public func setLimit(_ limit: TextLimit, on host: some TextInputHost) {
      core.setLimit(limit, on: host)
    }

    /// The view holds this delegate (its `delegate` property is weak).
    private func keep(on view: NSView) {
      views.removeAll { $0.object == nil || $0.object === view }
      views.append(_WeakReference(view))
      objc_setAssociatedObject(
        view, &appKitTextLimitDelegateKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    private func release(from view: NSView) {
      views.removeAll { $0.object == nil || $0.object === view }
      if objc_getAssociatedObject(view, &appKitTextLimitDelegateKey) as AnyObject? === self {
        objc_setAssociatedObject(
          view, &appKitTextLimitDelegateKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      }
    }

    /// Makes each view this delegate still serves ask it again which methods it implements.
    func refreshDelegateCaches() {
      for case let view? in views.map(\.object) {
        if let textView = view as? NSTextView, textView.delegate === self {
          textView.delegate = nil
          textView.delegate = self
        } else if let field = view as? NSTextField, field.delegate === self {
          field.delegate = nil
          field.delegate = self
        }
      }
    }

    // MARK: Forwarding

    /// Whether this delegate (the limiter's hooks among its methods) or the forwarding delegate
    /// answers `selector`.
    public nonisolated override func responds(to selector: Selector!) -> Bool {
      let target = forwarding.object
      return _DelegateSelectors.responds(
        NSStringFromSelector(selector), forwarded: [],
        implemented: { _ in super.responds(to: selector) },
        target: { _ in target?.responds(to: selector) })
    }

    /// The forwarding delegate, for the calls this class does not implement.
    public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
      let target = forwarding.object
      return target?.responds(to: selector) == true ? target : nil
    }

    /// The forwarding delegate's methods, whatever protocols it declares.
    private var app: (any _AppKitDelegateHooks)? {
      forwardingDelegate.map { unsafeBitCast($0, to: (any _AppKitDelegateHooks).self) }
    }

    // MARK: NSTextViewDelegate

    /// The limiter decides, then the forwarding delegate is asked about the edit applied (a
    /// change of attributes only, with no replacement string, is the forwarding delegate's
    /// alone).
    @objc(textView:shouldChangeTextInRange:replacementString:)
    public func textView(
      _ textView: NSTextView, shouldChangeTextIn affectedCharRange: NSRange,
      replacementString: String?
    ) -> Bool {
      guard let replacementString else {
        return askApp(textView, [affectedCharRange], nil) ?? true
      }
      return core.shouldChange(
        textView, in: [affectedCharRange], replacement: .one(replacementString), hook: .oneRange
      ) { [unowned self] ranges, strings in self.askApp(textView, ranges, strings) }
    }

    /// The multi-range hook (a string per range): the limiter decides, then the forwarding
    /// delegate is asked about the edit applied.
    @objc(textView:shouldChangeTextInRanges:replacementStrings:)
    public func textView(
      _ textView: NSTextView, shouldChangeTextInRanges affectedRanges: [NSValue],
      replacementStrings: [String]?
    ) -> Bool {
      let ranges = affectedRanges.map(\.rangeValue)
      guard let replacementStrings, replacementStrings.count == ranges.count else {
        return askApp(textView, ranges, replacementStrings) ?? true
      }
      return core.shouldChange(
        textView, in: ranges, replacement: .each(replacementStrings), hook: .multiRange
      ) { [unowned self] ranges, strings in self.askApp(textView, ranges, strings) }
    }

    private func askApp(_ view: NSTextView, _ ranges: [NSRange], _ strings: [String]?) -> Bool? {
      guard let app else { return nil }
      switch _DelegateSelectors.appHook(
        implementsMultiRange: app.responds(
          to: #selector(
            _AppKitDelegateHooks.textView(_:shouldChangeTextInRanges:replacementStrings:))),
        implementsOneRange: app.responds(
          to: #selector(_AppKitDelegateHooks.textView(_:shouldChangeTextIn:replacementString:))))
      {
      case .multiRange:
        return app.textView?(
          view, shouldChangeTextInRanges: ranges.map { NSValue(range: $0) },
          replacementStrings: strings)
      case .oneRange where ranges.count == 1:
        return app.textView?(view, shouldChangeTextIn: ranges[0], replacementString: strings?[0])
      case .oneRange:
        // AppKit asks a delegate without the multi-range hook range by range.
        for (index, range) in ranges.enumerated()
        where app.textView?(view, shouldChangeTextIn: range, replacementString: strings?[index])
          == false
        {
          return false
        }
        return true
      case .none:
        return nil
      }
    }

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    @objc(textDidBeginEditing:)
    public func textDidBeginEditing(_ notification: Notification) {
      if let view = notification.object as? NSTextView { core.didBeginEditing(view) }
      app?.textDidBeginEditing?(notification)
    }

    /// Corrects an edit that went over the limit, reports the text, then tells the forwarding
    /// delegate.
    @objc(textDidChange:)
    public func textDidChange(_ notification: Notification) {
      if let view = notification.object as? NSTextView { core.didChange(view) }
      app?.textDidChange?(notification)
    }

    /// Editing ended: a count waiting for the user's pause is not spoken; then tells the
    /// forwarding delegate.
    @objc(textDidEndEditing:)
    public func textDidEndEditing(_ notification: Notification) {
      core.didEndEditing()
      app?.textDidEndEditing?(notification)
    }

    /// The view's change notification: when the app replaced the view's delegate, the only
    /// call left to the limiter.
    @objc func textViewTextDidChange(_ notification: Notification) {
      guard let view = notification.object as? NSTextView, view.delegate !== self else { return }
      core.didChange(view)
    }

    // MARK: NSTextFieldDelegate

    /// Picks up text the program set since the last edit, then tells the forwarding delegate.
    @objc(controlTextDidBeginEditing:)
    public func controlTextDidBeginEditing(_ notification: Notification) {
      if let field = notification.object as? NSTextField { core.didBeginEditing(field) }
      app?.controlTextDidBeginEditing?(notification)
    }

    /// Corrects what still went over the limit (a commit), reports the text, then tells the
    /// forwarding delegate.
    @objc(controlTextDidChange:)
    public func controlTextDidChange(_ notification: Notification) {
      if let field = notification.object as? NSTextField { core.didChange(field) }
      app?.controlTextDidChange?(notification)
    }

    /// Editing ended: a count waiting for the user's pause is not spoken; then tells the
    /// forwarding delegate.
    @objc(controlTextDidEndEditing:)
    public func controlTextDidEndEditing(_ notification: Notification) {
      core.didEndEditing()
      app?.controlTextDidEndEditing?(notification)
    }

    /// The formatter's check of the text an edit of `field` would make.
    func correction(
      ofProposed proposed: String, selectedRange: NSRange, original: String,
      in field: NSTextField
    ) -> TextCorrection? {
      core.correction(
        ofProposed: proposed, selectedRange: selectedRange, original: original,
        markedTextRange: (field.currentEditor() as? NSTextView)?.limitHostMarkedTextRange,
        isUndoingOrRedoing: field.limitHostIsUndoingOrRedoing)
    }
  }

  /// The key under which a view holds its `TextLimitDelegate`.
  private nonisolated(unsafe) var appKitTextLimitDelegateKey: UInt8 = 0

  /// The app delegate's methods `TextLimitDelegate` calls, whatever protocols it declares.
  @MainActor @objc protocol _AppKitDelegateHooks: NSObjectProtocol {
    @objc(textView:shouldChangeTextInRange:replacementString:)
    optional func textView(
      _ textView: NSTextView, shouldChangeTextIn affectedCharRange: NSRange,
      replacementString: String?
    ) -> Bool
    @objc(textView:shouldChangeTextInRanges:replacementStrings:)
    optional func textView(
      _ textView: NSTextView, shouldChangeTextInRanges affectedRanges: [NSValue],
      replacementStrings: [String]?
    ) -> Bool
    @objc optional func textDidBeginEditing(_ notification: Notification)
    @objc optional func textDidChange(_ notification: Notification)
    @objc optional func textDidEndEditing(_ notification: Notification)
    @objc optional func controlTextDidEndEditing(_ notification: Notification)
    @objc optional func controlTextDidBeginEditing(_ notification: Notification)
    @objc optional func controlTextDidChange(_ notification: Notification)
  }

  /// An `NSTextField`'s formatter that limits each edit before the field shows it
  /// (`isPartialStringValid`: AppKit shows the text handed back instead), after the formatter
  /// the field had, which still turns values into text: every method a formatter has is
  /// forwarded to it. Without one, the field behaves as with no formatter (`_FieldValue`):
  /// attributed values stay attributed, and with `allowsEditingTextAttributes` the attributes
  /// the user edits are kept.
  final class _TextLimitFormatter: Formatter {
    let wrapped: Formatter?
    private weak var delegate: TextLimitDelegate?
    private weak var field: NSTextField?

    init(delegate: TextLimitDelegate, field: NSTextField, wrapping wrapped: Formatter?) {
      self.delegate = delegate
      self.field = field
      self.wrapped = wrapped
      super.init()
    }

    required init?(coder: NSCoder) { nil }

    override func string(for object: Any?) -> String? {
      if let wrapped { return wrapped.string(for: object) }
      return _FieldValue.displayString(for: object)
    }

    override func attributedString(
      for object: Any, withDefaultAttributes attributes: [NSAttributedString.Key: Any]? = nil
    ) -> NSAttributedString? {
      if let wrapped {
        return wrapped.attributedString(for: object, withDefaultAttributes: attributes)
      }
      return _FieldValue.attributedString(for: object)
    }

    override func editingString(for object: Any) -> String? {
      if let wrapped { return wrapped.editingString(for: object) }
      return _FieldValue.displayString(for: object)
    }

    override func getObjectValue(
      _ object: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String,
      errorDescription error: AutoreleasingUnsafeMutablePointer<NSString?>?
    ) -> Bool {
      if let wrapped { return wrapped.getObjectValue(object, for: string, errorDescription: error) }
      let value = _assumeMainActor { () -> _ObjectValue in
        _ObjectValue(
          object: _FieldValue.objectValue(
            for: string,
            editedText: (field?.currentEditor() as? NSTextView)?.textStorage,
            allowsEditingAttributes: field?.allowsEditingTextAttributes ?? false) as AnyObject)
      }
      object?.pointee = value.object
      return true
    }

    /// An object value carried out of the main actor: made, and used, on the main thread.
    private struct _ObjectValue: @unchecked Sendable {
      let object: AnyObject
    }

    /// The whole-string check (what `Formatter`'s default selection-aware check calls): the
    /// wrapped formatter's first, then the limit, on the text it leaves.
    override func isPartialStringValid(
      _ partialString: String, newEditingString: AutoreleasingUnsafeMutablePointer<NSString?>?,
      errorDescription error: AutoreleasingUnsafeMutablePointer<NSString?>?
    ) -> Bool {
      var proposed = partialString
      if let wrapped,
        !wrapped.isPartialStringValid(
          partialString, newEditingString: newEditingString, errorDescription: error)
      {
        guard let replacement = newEditingString?.pointee else { return false }
        proposed = replacement as String
      }
      let original = _assumeMainActor { delegate?.limiter.text ?? "" }
      let correction = limited(proposed, selection: nil, original: original)
      guard proposed != partialString || correction != nil else { return true }
      newEditingString?.pointee = (correction?.text ?? proposed) as NSString
      return false
    }

    /// The selection-aware check, which `NSTextField` calls: the wrapped formatter's first
    /// (its replacement text, if it hands one back, is what is limited), then the limit.
    override func isPartialStringValid(
      _ partialString: AutoreleasingUnsafeMutablePointer<NSString>,
      proposedSelectedRange: NSRangePointer?, originalString: String,
      originalSelectedRange: NSRange,
      errorDescription error: AutoreleasingUnsafeMutablePointer<NSString?>?
    ) -> Bool {
      let given = partialString.pointee as String
      var valid = true
      if let wrapped {
        valid = wrapped.isPartialStringValid(
          partialString, proposedSelectedRange: proposedSelectedRange,
          originalString: originalString, originalSelectedRange: originalSelectedRange,
          errorDescription: error)
        // Refused with no text of its own: the field keeps the original.
        if !valid && partialString.pointee as String == given { return false }
      }
      let proposed = partialString.pointee as String
      guard
        let correction = limited(
          proposed, selection: proposedSelectedRange?.pointee, original: originalString)
      else { return valid }
      partialString.pointee = correction.text as NSString
      proposedSelectedRange?.pointee = correction.selectedRange
      return false
    }

    /// The limit on the text an edit would make (`TextLimitDelegate.correction`): the text and
    /// selection to show instead, or nil.
    private func limited(
      _ proposed: String, selection: NSRange?, original: String
    ) -> TextCorrection? {
      let selection = selection ?? NSRange(location: (proposed as NSString).length, length: 0)
      return _assumeMainActor { () -> TextCorrection? in
        guard let delegate, let field else { return nil }
        return delegate.correction(
          ofProposed: proposed, selectedRange: selection, original: original, in: field)
      }
    }
  }

  /// VoiceOver announcements through AppKit: a request posted on the application element.
  final class _AppKitAnnouncer: LimitAnnouncer {
    func announce(_ message: String) {
      _assumeMainActor {
        guard let application = NSApp else { return }
        NSAccessibility.post(
          element: application, notification: .announcementRequested,
          userInfo: [
            .announcement: message, .priority: NSAccessibilityPriorityLevel.high.rawValue,
          ])
      }
    }
  }

  extension NSTextView {
    /// A limit the view enforces (IME, paste, emoji, caret and all), through a
    /// `TextLimitDelegate` the view keeps alive. Set nil to remove it.
    ///
    /// ```swift
    /// bioView.textLimit = TextLimit(maxLength: 160)
    /// ```
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

    /// The delegate the view keeps, for `onLimitReached` and the counter.
    public var textLimitDelegate: TextLimitDelegate? {
      objc_getAssociatedObject(self, &appKitTextLimitDelegateKey) as? TextLimitDelegate
    }
  }

  extension NSTextField {
    /// As `NSTextView.textLimit`, for text fields.
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

    /// The delegate the field keeps, for `onLimitReached` and the counter.
    public var textLimitDelegate: TextLimitDelegate? {
      objc_getAssociatedObject(self, &appKitTextLimitDelegateKey) as? TextLimitDelegate
    }
  }
#endif
