/// The Objective-C selectors `TextLimitDelegate` answers and forwards, by name, and the rules
/// for answering `responds(to:)` and for asking the app's own delegate, kept here so the Linux
/// tests check them against a simulated view that caches its delegate's answers as
/// `UIScrollView` does.
///
/// A scroll view (`UITextView` is one) asks its delegate which methods it implements when the
/// delegate is set, and calls the ones it answered yes to from then on. A forwarding delegate
/// that answers yes for its target's methods, then loses the target (the app's delegate is
/// released), would get those calls with nowhere to send them: "unrecognized selector". So:
/// - the limiter's hooks are always answered yes (they must reach the limiter, whatever the
///   app's delegate implements: an app delegate that implements iOS 26's multi-range hook would
///   otherwise take the edit past the limiter);
/// - the methods of `forwarded` are implemented by `TextLimitDelegate` itself, each forwarding
///   to the target if it is still there and answering UIKit's default otherwise, and are
///   answered yes only when the target implements them (so UIKit's behaviour is the target's);
/// - anything else is answered as the target answers and forwarded by the Objective-C runtime;
///   when the target changes or is released, the adapter sets the view's delegate to nil and
///   back, which makes the view ask again.
enum _DelegateSelectors {
  /// UIKit's will-change and did-change hooks the limiter decides on (`UITextFieldDelegate`,
  /// `UITextViewDelegate`, iOS 26's multi-range ones included), and editing's start and end.
  static let uiKitLimiterHooks: Set<String> = [
    "textField:shouldChangeCharactersInRange:replacementString:",
    "textField:shouldChangeCharactersInRanges:replacementString:",
    "textFieldDidBeginEditing:",
    "textFieldDidEndEditing:",
    "textFieldDidEndEditing:reason:",
    "textView:shouldChangeTextInRange:replacementText:",
    "textView:shouldChangeTextInRanges:replacementText:",
    "textViewDidBeginEditing:",
    "textViewDidChange:",
    "textViewDidEndEditing:",
  ]

  /// AppKit's (`NSTextViewDelegate`, `NSControlTextEditingDelegate`), editing's end included.
  static let appKitLimiterHooks: Set<String> = [
    "textView:shouldChangeTextInRange:replacementString:",
    "textView:shouldChangeTextInRanges:replacementStrings:",
    "textDidBeginEditing:",
    "textDidChange:",
    "textDidEndEditing:",
    "controlTextDidBeginEditing:",
    "controlTextDidChange:",
    "controlTextDidEndEditing:",
  ]

  /// The optional methods `TextLimitDelegate` implements on UIKit only to forward them: every
  /// `UIScrollViewDelegate` method (a scroll view caches them), and every other optional method
  /// of `UITextViewDelegate` and `UITextFieldDelegate` in the iOS 18.6 SDK.
  /// `Scripts/check-delegate-selectors`, run with the Apple type-check, reads the protocols'
  /// optional methods from an SDK's headers and fails when one is neither here nor in
  /// `uiKitLimiterHooks`.
  static let uiKitForwarded: Set<String> = [
    // UIScrollViewDelegate
    "scrollViewDidScroll:", "scrollViewDidZoom:", "scrollViewWillBeginDragging:",
    "scrollViewWillEndDragging:withVelocity:targetContentOffset:",
    "scrollViewDidEndDragging:willDecelerate:", "scrollViewWillBeginDecelerating:",
    "scrollViewDidEndDecelerating:", "scrollViewDidEndScrollingAnimation:",
    "viewForZoomingInScrollView:", "scrollViewWillBeginZooming:withView:",
    "scrollViewDidEndZooming:withView:atScale:", "scrollViewShouldScrollToTop:",
    "scrollViewDidScrollToTop:", "scrollViewDidChangeAdjustedContentInset:",
    // UITextViewDelegate
    "textViewShouldBeginEditing:", "textViewShouldEndEditing:", "textViewDidChangeSelection:",
    "textView:editMenuForTextInRange:suggestedActions:",
    "textView:willPresentEditMenuWithAnimator:", "textView:willDismissEditMenuWithAnimator:",
    "textView:primaryActionForTextItem:defaultAction:",
    "textView:menuConfigurationForTextItem:defaultMenu:",
    "textView:textItemMenuWillDisplayForTextItem:animator:",
    "textView:textItemMenuWillEndForTextItem:animator:",
    "textViewWritingToolsWillBegin:", "textViewWritingToolsDidEnd:",
    "textView:writingToolsIgnoredRangesInEnclosingRange:",
    "textView:shouldInteractWithURL:inRange:interaction:",
    "textView:shouldInteractWithTextAttachment:inRange:interaction:",
    "textView:shouldInteractWithURL:inRange:", "textView:shouldInteractWithTextAttachment:inRange:",
    "textView:willBeginFormattingWithViewController:",
    "textView:didBeginFormattingWithViewController:",
    "textView:willEndFormattingWithViewController:",
    "textView:didEndFormattingWithViewController:", "textView:insertInputSuggestion:",
    // UITextFieldDelegate
    "textFieldShouldBeginEditing:", "textFieldShouldEndEditing:", "textFieldDidChangeSelection:",
    "textFieldShouldClear:",
    "textFieldShouldReturn:", "textField:editMenuForCharactersInRange:suggestedActions:",
    "textField:willPresentEditMenuWithAnimator:", "textField:willDismissEditMenuWithAnimator:",
    "textField:insertInputSuggestion:",
  ]

  /// Whether `TextLimitDelegate` answers yes to `selector`: a forwarded-only method, when the
  /// target implements it; anything else, when the class implements it (the limiter's hooks
  /// among them, always) or the target does.
  /// - Parameters:
  ///   - forwarded: The methods implemented only to forward (`uiKitForwarded`).
  ///   - implemented: Whether the class itself implements a selector.
  ///   - target: Whether the target implements it; nil when there is no target (or it is gone).
  static func responds(
    _ selector: String, forwarded: Set<String>, implemented: (String) -> Bool,
    target: (String) -> Bool?
  ) -> Bool {
    if forwarded.contains(selector) { return target(selector) == true }
    return implemented(selector) || target(selector) == true
  }

  /// Which of the app's will-change hooks to ask about an edit of `rangeCount` ranges: the
  /// multi-range one if it has it; else the one-range one, with one range or, for several,
  /// their union (as UIKit does for a delegate without the multi-range hook); else none.
  enum AppHook: Equatable {
    case multiRange
    case oneRange
    case none
  }

  static func appHook(implementsMultiRange: Bool, implementsOneRange: Bool) -> AppHook {
    implementsMultiRange ? .multiRange : implementsOneRange ? .oneRange : .none
  }
}
