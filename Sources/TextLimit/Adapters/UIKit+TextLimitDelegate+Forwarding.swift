#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit

  // The optional delegate methods `TextLimitDelegate` implements only to forward them
  // (`_DelegateSelectors.uiKitForwarded`): every method of `UIScrollViewDelegate`,
  // `UITextViewDelegate` and `UITextFieldDelegate` in the iOS SDK that is not one of the
  // limiter's hooks (`Scripts/check-delegate-selectors` compares the list with the SDK's
  // headers). Each is answered yes only when the forwarding delegate implements it, and
  // implemented here so that a view that cached the answer never sends it to nothing once that
  // delegate is gone: it then answers UIKit's default.
  extension TextLimitDelegate {

    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidScroll:) public func scrollViewDidScroll(_ scrollView: UIScrollView) {
      app?.scrollViewDidScroll?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidZoom:) public func scrollViewDidZoom(_ scrollView: UIScrollView) {
      app?.scrollViewDidZoom?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewWillBeginDragging:)
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
      app?.scrollViewWillBeginDragging?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewWillEndDragging:withVelocity:targetContentOffset:)
    public func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
      targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      app?.scrollViewWillEndDragging?(
        scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidEndDragging:willDecelerate:)
    public func scrollViewDidEndDragging(
      _ scrollView: UIScrollView, willDecelerate decelerate: Bool
    ) {
      app?.scrollViewDidEndDragging?(scrollView, willDecelerate: decelerate)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewWillBeginDecelerating:)
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
      app?.scrollViewWillBeginDecelerating?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidEndDecelerating:)
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
      app?.scrollViewDidEndDecelerating?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidEndScrollingAnimation:)
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
      app?.scrollViewDidEndScrollingAnimation?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(viewForZoomingInScrollView:)
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? {
      app?.viewForZooming?(in: scrollView) ?? nil
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewWillBeginZooming:withView:)
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
      app?.scrollViewWillBeginZooming?(scrollView, with: view)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidEndZooming:withView:atScale:)
    public func scrollViewDidEndZooming(
      _ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat
    ) {
      app?.scrollViewDidEndZooming?(scrollView, with: view, atScale: scale)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewShouldScrollToTop:)
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
      app?.scrollViewShouldScrollToTop?(scrollView) ?? true
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidScrollToTop:)
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {
      app?.scrollViewDidScrollToTop?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(scrollViewDidChangeAdjustedContentInset:)
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
      app?.scrollViewDidChangeAdjustedContentInset?(scrollView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textViewShouldBeginEditing:)
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
      app?.textViewShouldBeginEditing?(textView) ?? true
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textViewShouldEndEditing:)
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
      app?.textViewShouldEndEditing?(textView) ?? true
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textViewDidChangeSelection:)
    public func textViewDidChangeSelection(_ textView: UITextView) {
      app?.textViewDidChangeSelection?(textView)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textFieldShouldBeginEditing:)
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
      app?.textFieldShouldBeginEditing?(textField) ?? true
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textFieldShouldEndEditing:)
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
      app?.textFieldShouldEndEditing?(textField) ?? true
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textFieldDidChangeSelection:)
    public func textFieldDidChangeSelection(_ textField: UITextField) {
      app?.textFieldDidChangeSelection?(textField)
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textFieldShouldClear:)
    public func textFieldShouldClear(_ textField: UITextField) -> Bool {
      app?.textFieldShouldClear?(textField) ?? true
    }
    /// Forwarded to the forwarding delegate (UIKit's default without one).
    @objc(textFieldShouldReturn:)
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
      app?.textFieldShouldReturn?(textField) ?? true
    }

    // UITextViewDelegate: the edit menu (iOS 16), text items (iOS 17), Writing Tools (iOS 18),
    // links and attachments (deprecated, still called where the new ones are not implemented),
    // the formatting panel (iOS 18) and input suggestions (iOS 18.4).

    /// `textView:editMenuForTextInRange:suggestedActions:`: forwarded (nil, the system's menu,
    /// without a forwarding delegate).
    @available(iOS 16, tvOS 16, *)
    @objc(textView:editMenuForTextInRange:suggestedActions:)
    public func textView(
      _ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]
    ) -> UIMenu? {
      app?.textView?(textView, editMenuForTextIn: range, suggestedActions: suggestedActions) ?? nil
    }
    #if !os(tvOS)
      /// `textView:willPresentEditMenuWithAnimator:`: forwarded (nothing without one).
      @available(iOS 16, *)
      @objc(textView:willPresentEditMenuWithAnimator:)
      public func textView(
        _ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
      ) {
        app?.textView?(textView, willPresentEditMenuWith: animator)
      }
      /// `textView:willDismissEditMenuWithAnimator:`: forwarded (nothing without one).
      @available(iOS 16, *)
      @objc(textView:willDismissEditMenuWithAnimator:)
      public func textView(
        _ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
      ) {
        app?.textView?(textView, willDismissEditMenuWith: animator)
      }
      /// `textView:primaryActionForTextItem:defaultAction:`: forwarded (the default action
      /// without one).
      @available(iOS 17, *)
      @objc(textView:primaryActionForTextItem:defaultAction:)
      public func textView(
        _ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction
      ) -> UIAction? {
        guard let app else { return defaultAction }
        return app.textView?(textView, primaryActionFor: textItem, defaultAction: defaultAction)
          ?? nil
      }
      /// `textView:menuConfigurationForTextItem:defaultMenu:`: forwarded (the default menu
      /// without one).
      @available(iOS 17, *)
      @objc(textView:menuConfigurationForTextItem:defaultMenu:)
      public func textView(
        _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
      ) -> UITextItem.MenuConfiguration? {
        guard let app else { return UITextItem.MenuConfiguration(menu: defaultMenu) }
        return app.textView?(textView, menuConfigurationFor: textItem, defaultMenu: defaultMenu)
          ?? nil
      }
      /// `textView:textItemMenuWillDisplayForTextItem:animator:`: forwarded (nothing without one).
      @available(iOS 17, *)
      @objc(textView:textItemMenuWillDisplayForTextItem:animator:)
      public func textView(
        _ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem,
        animator: any UIContextMenuInteractionAnimating
      ) {
        app?.textView?(textView, textItemMenuWillDisplayFor: textItem, animator: animator)
      }
      /// `textView:textItemMenuWillEndForTextItem:animator:`: forwarded (nothing without one).
      @available(iOS 17, *)
      @objc(textView:textItemMenuWillEndForTextItem:animator:)
      public func textView(
        _ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem,
        animator: any UIContextMenuInteractionAnimating
      ) {
        app?.textView?(textView, textItemMenuWillEndFor: textItem, animator: animator)
      }
      /// `textViewWritingToolsWillBegin:`: forwarded (nothing without one).
      @available(iOS 18, visionOS 2.4, *)
      @objc(textViewWritingToolsWillBegin:)
      public func textViewWritingToolsWillBegin(_ textView: UITextView) {
        app?.textViewWritingToolsWillBegin?(textView)
      }
      /// `textViewWritingToolsDidEnd:`: forwarded (nothing without one).
      @available(iOS 18, visionOS 2.4, *)
      @objc(textViewWritingToolsDidEnd:)
      public func textViewWritingToolsDidEnd(_ textView: UITextView) {
        app?.textViewWritingToolsDidEnd?(textView)
      }
      /// `textView:writingToolsIgnoredRangesInEnclosingRange:`: forwarded (no range ignored
      /// without one).
      @available(iOS 18, visionOS 2.4, *)
      @objc(textView:writingToolsIgnoredRangesInEnclosingRange:)
      public func textView(
        _ textView: UITextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange
      ) -> [NSValue] {
        app?.textView?(textView, writingToolsIgnoredRangesInEnclosingRange: enclosingRange) ?? []
      }
    #endif
    /// `textView:shouldInteractWithURL:inRange:interaction:` (deprecated in iOS 17): forwarded
    /// (yes without one).
    @available(iOS, introduced: 10, deprecated: 17)
    @objc(textView:shouldInteractWithURL:inRange:interaction:)
    public func textView(
      _ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange,
      interaction: UITextItemInteraction
    ) -> Bool {
      app?.textView?(
        textView, shouldInteractWith: url, in: characterRange, interaction: interaction)
        ?? true
    }
    /// `textView:shouldInteractWithTextAttachment:inRange:interaction:` (deprecated in iOS 17):
    /// forwarded (yes without one).
    @available(iOS, introduced: 10, deprecated: 17)
    @objc(textView:shouldInteractWithTextAttachment:inRange:interaction:)
    public func textView(
      _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment,
      in characterRange: NSRange, interaction: UITextItemInteraction
    ) -> Bool {
      app?.textView?(
        textView, shouldInteractWith: textAttachment, in: characterRange, interaction: interaction)
        ?? true
    }
    #if !os(visionOS)
      /// `textView:shouldInteractWithURL:inRange:` (deprecated in iOS 10): forwarded (yes
      /// without one).
      @available(iOS, introduced: 7, deprecated: 10)
      @objc(textView:shouldInteractWithURL:inRange:)
      public func textView(
        _ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange
      ) -> Bool {
        app?.textView?(textView, shouldInteractWith: url, in: characterRange) ?? true
      }
      /// `textView:shouldInteractWithTextAttachment:inRange:` (deprecated in iOS 10): forwarded
      /// (yes without one).
      @available(iOS, introduced: 7, deprecated: 10)
      @objc(textView:shouldInteractWithTextAttachment:inRange:)
      public func textView(
        _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment,
        in characterRange: NSRange
      ) -> Bool {
        app?.textView?(textView, shouldInteractWith: textAttachment, in: characterRange) ?? true
      }
    #endif
    #if os(iOS) && !targetEnvironment(macCatalyst)
      /// `textView:willBeginFormattingWithViewController:`: forwarded (nothing without one).
      @available(iOS 18, *)
      @objc(textView:willBeginFormattingWithViewController:)
      public func textView(
        _ textView: UITextView,
        willBeginFormattingWith viewController: UITextFormattingViewController
      ) {
        app?.textView?(textView, willBeginFormattingWith: viewController)
      }
      /// `textView:didBeginFormattingWithViewController:`: forwarded (nothing without one).
      @available(iOS 18, *)
      @objc(textView:didBeginFormattingWithViewController:)
      public func textView(
        _ textView: UITextView,
        didBeginFormattingWith viewController: UITextFormattingViewController
      ) {
        app?.textView?(textView, didBeginFormattingWith: viewController)
      }
      /// `textView:willEndFormattingWithViewController:`: forwarded (nothing without one).
      @available(iOS 18, *)
      @objc(textView:willEndFormattingWithViewController:)
      public func textView(
        _ textView: UITextView, willEndFormattingWith viewController: UITextFormattingViewController
      ) {
        app?.textView?(textView, willEndFormattingWith: viewController)
      }
      /// `textView:didEndFormattingWithViewController:`: forwarded (nothing without one).
      @available(iOS 18, *)
      @objc(textView:didEndFormattingWithViewController:)
      public func textView(
        _ textView: UITextView, didEndFormattingWith viewController: UITextFormattingViewController
      ) {
        app?.textView?(textView, didEndFormattingWith: viewController)
      }
      /// `textView:insertInputSuggestion:`: forwarded (nothing without one).
      @available(iOS 18.4, *)
      @objc(textView:insertInputSuggestion:)
      public func textView(_ textView: UITextView, insertInputSuggestion: UIInputSuggestion) {
        app?.textView?(textView, insertInputSuggestion: insertInputSuggestion)
      }
    #endif

    // UITextFieldDelegate: the edit menu (iOS 16) and input suggestions (iOS 18.4).

    /// `textField:editMenuForCharactersInRange:suggestedActions:`: forwarded (nil, the system's
    /// menu, without one).
    @available(iOS 16, tvOS 16, *)
    @objc(textField:editMenuForCharactersInRange:suggestedActions:)
    public func textField(
      _ textField: UITextField, editMenuForCharactersIn range: NSRange,
      suggestedActions: [UIMenuElement]
    ) -> UIMenu? {
      app?.textField?(textField, editMenuForCharactersIn: range, suggestedActions: suggestedActions)
        ?? nil
    }
    #if !os(tvOS)
      /// `textField:willPresentEditMenuWithAnimator:`: forwarded (nothing without one).
      @available(iOS 16, *)
      @objc(textField:willPresentEditMenuWithAnimator:)
      public func textField(
        _ textField: UITextField,
        willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
      ) {
        app?.textField?(textField, willPresentEditMenuWith: animator)
      }
      /// `textField:willDismissEditMenuWithAnimator:`: forwarded (nothing without one).
      @available(iOS 16, *)
      @objc(textField:willDismissEditMenuWithAnimator:)
      public func textField(
        _ textField: UITextField,
        willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
      ) {
        app?.textField?(textField, willDismissEditMenuWith: animator)
      }
    #endif
    #if os(iOS) && !targetEnvironment(macCatalyst)
      /// `textField:insertInputSuggestion:`: forwarded (nothing without one).
      @available(iOS 18.4, *)
      @objc(textField:insertInputSuggestion:)
      public func textField(_ textField: UITextField, insertInputSuggestion: UIInputSuggestion) {
        app?.textField?(textField, insertInputSuggestion: insertInputSuggestion)
      }
    #endif
  }

  /// The app delegate's methods `TextLimitDelegate` calls, whatever protocols the delegate
  /// declares (and iOS 26's multi-range hooks, which the SDKs here predate): each is optional,
  /// so a call is made only if the delegate implements it.
  @MainActor @objc protocol _UIKitDelegateHooks: NSObjectProtocol {
    @objc(textField:shouldChangeCharactersInRange:replacementString:)
    optional func textField(
      _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
      replacementString string: String
    ) -> Bool
    @objc(textField:shouldChangeCharactersInRanges:replacementString:)
    optional func textField(
      _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue],
      replacementString string: String
    ) -> Bool
    @objc(textView:shouldChangeTextInRange:replacementText:)
    optional func textView(
      _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
    )
      -> Bool
    @objc(textView:shouldChangeTextInRanges:replacementText:)
    optional func textView(
      _ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue],
      replacementText text: String
    ) -> Bool
    @objc optional func textFieldDidBeginEditing(_ textField: UITextField)
    @objc optional func textViewDidBeginEditing(_ textView: UITextView)
    @objc optional func textViewDidChange(_ textView: UITextView)
    @objc optional func scrollViewDidScroll(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidZoom(_ scrollView: UIScrollView)
    @objc optional func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    @objc optional func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
      targetContentOffset: UnsafeMutablePointer<CGPoint>)
    @objc optional func scrollViewDidEndDragging(
      _ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    @objc optional func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    @objc(viewForZoomingInScrollView:)
    optional func viewForZooming(in scrollView: UIScrollView) -> UIView?
    @objc(scrollViewWillBeginZooming:withView:)
    optional func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    @objc(scrollViewDidEndZooming:withView:atScale:)
    optional func scrollViewDidEndZooming(
      _ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    @objc optional func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    @objc optional func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    @objc optional func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    @objc optional func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    @objc optional func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    @objc optional func textViewDidEndEditing(_ textView: UITextView)
    @objc optional func textViewDidChangeSelection(_ textView: UITextView)
    @objc optional func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    @objc optional func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    @objc optional func textFieldDidEndEditing(_ textField: UITextField)
    @objc(textFieldDidEndEditing:reason:)
    optional func textFieldDidEndEditing(
      _ textField: UITextField, reason: UITextField.DidEndEditingReason)
    @objc optional func textFieldDidChangeSelection(_ textField: UITextField)
    @objc optional func textFieldShouldClear(_ textField: UITextField) -> Bool
    @objc optional func textFieldShouldReturn(_ textField: UITextField) -> Bool
    @available(iOS 16, tvOS 16, *)
    @objc(textView:editMenuForTextInRange:suggestedActions:)
    optional func textView(
      _ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]
    ) -> UIMenu?
    #if !os(tvOS)
      @available(iOS 16, *)
      @objc(textView:willPresentEditMenuWithAnimator:)
      optional func textView(
        _ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
      )
      @available(iOS 16, *)
      @objc(textView:willDismissEditMenuWithAnimator:)
      optional func textView(
        _ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
      )
      @available(iOS 17, *)
      @objc(textView:primaryActionForTextItem:defaultAction:)
      optional func textView(
        _ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction
      ) -> UIAction?
      @available(iOS 17, *)
      @objc(textView:menuConfigurationForTextItem:defaultMenu:)
      optional func textView(
        _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
      ) -> UITextItem.MenuConfiguration?
      @available(iOS 17, *)
      @objc(textView:textItemMenuWillDisplayForTextItem:animator:)
      optional func textView(
        _ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem,
        animator: any UIContextMenuInteractionAnimating)
      @available(iOS 17, *)
      @objc(textView:textItemMenuWillEndForTextItem:animator:)
      optional func textView(
        _ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem,
        animator: any UIContextMenuInteractionAnimating)
      @available(iOS 18, visionOS 2.4, *)
      @objc optional func textViewWritingToolsWillBegin(_ textView: UITextView)
      @available(iOS 18, visionOS 2.4, *)
      @objc optional func textViewWritingToolsDidEnd(_ textView: UITextView)
      @available(iOS 18, visionOS 2.4, *)
      @objc(textView:writingToolsIgnoredRangesInEnclosingRange:)
      optional func textView(
        _ textView: UITextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange
      ) -> [NSValue]
    #endif
    @objc(textView:shouldInteractWithURL:inRange:interaction:)
    optional func textView(
      _ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange,
      interaction: UITextItemInteraction
    ) -> Bool
    @objc(textView:shouldInteractWithTextAttachment:inRange:interaction:)
    optional func textView(
      _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment,
      in characterRange: NSRange, interaction: UITextItemInteraction
    ) -> Bool
    @objc(textView:shouldInteractWithURL:inRange:)
    optional func textView(
      _ textView: UITextView, shouldInteractWith url: URL, in characterRange: NSRange
    ) -> Bool
    @objc(textView:shouldInteractWithTextAttachment:inRange:)
    optional func textView(
      _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment,
      in characterRange: NSRange
    ) -> Bool
    #if os(iOS) && !targetEnvironment(macCatalyst)
      @available(iOS 18, *)
      @objc(textView:willBeginFormattingWithViewController:)
      optional func textView(
        _ textView: UITextView,
        willBeginFormattingWith viewController: UITextFormattingViewController)
      @available(iOS 18, *)
      @objc(textView:didBeginFormattingWithViewController:)
      optional func textView(
        _ textView: UITextView,
        didBeginFormattingWith viewController: UITextFormattingViewController)
      @available(iOS 18, *)
      @objc(textView:willEndFormattingWithViewController:)
      optional func textView(
        _ textView: UITextView, willEndFormattingWith viewController: UITextFormattingViewController
      )
      @available(iOS 18, *)
      @objc(textView:didEndFormattingWithViewController:)
      optional func textView(
        _ textView: UITextView, didEndFormattingWith viewController: UITextFormattingViewController)
      @available(iOS 18.4, *)
      @objc(textView:insertInputSuggestion:)
      optional func textView(_ textView: UITextView, insertInputSuggestion: UIInputSuggestion)
    #endif
    @available(iOS 16, tvOS 16, *)
    @objc(textField:editMenuForCharactersInRange:suggestedActions:)
    optional func textField(
      _ textField: UITextField, editMenuForCharactersIn range: NSRange,
      suggestedActions: [UIMenuElement]
    ) -> UIMenu?
    #if !os(tvOS)
      @available(iOS 16, *)
      @objc(textField:willPresentEditMenuWithAnimator:)
      optional func textField(
        _ textField: UITextField,
        willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating)
      @available(iOS 16, *)
      @objc(textField:willDismissEditMenuWithAnimator:)
      optional func textField(
        _ textField: UITextField,
        willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating)
    #endif
    #if os(iOS) && !targetEnvironment(macCatalyst)
      @available(iOS 18.4, *)
      @objc(textField:insertInputSuggestion:)
      optional func textField(_ textField: UITextField, insertInputSuggestion: UIInputSuggestion)
    #endif
  }
#endif
