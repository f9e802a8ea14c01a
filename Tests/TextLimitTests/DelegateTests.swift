import Foundation
import TestSupport
import Testing
import TextCount

@testable import TextLimit

/// What the adapters' delegate does between the platform, the app's own delegate and the
/// limiter (`_TextLimitDelegateCore`, `_DelegateSelectors`), on the simulated fields: the
/// scenarios apps meet today.
@Suite struct DelegateTests {
  typealias Kind = SimulatedTextField.Kind
  static let asking: [Kind] = Kind.allCases.filter(\.asksBeforeEditing)

  /// An app delegate that implements only iOS 26's multi-range hook (as an app updated for
  /// iOS 26 may): the limiter's delegate implements that hook too, so the platform calls it
  /// and the limiter decides; the app is asked first, with the edit's ranges.
  @Test(arguments: [Kind.uiKitMultiRange, .appKitTextViewMultiRange])
  func anAppDelegateWithOnlyTheMultiRangeHookCannotBypassTheLimit(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    let app = SimulatedAppDelegate(oneRange: false, multiRange: true)
    field.appDelegate = app
    field.insert("cdefgh")
    #expect(field.text == "abcde")
    #expect(app.willChangeCalls == [[NSRange(location: 2, length: 0)]])
    field.replace(
      ranges: [NSRange(location: 0, length: 1), NSRange(location: 3, length: 1)],
      with: kind == .uiKitMultiRange ? ["WXYZ"] : ["WX", "YZ"])
    #expect(field.text.count <= 5, "\(field.text)")
    #expect(field.limiter.text == field.text)
  }

  /// An app delegate with only the one-range hook, on a field whose edits come through the
  /// multi-range hook: it is asked about the ranges' union (as UIKit asks such a delegate).
  @Test func anAppDelegateWithOnlyTheOneRangeHookIsAskedAboutTheUnion() {
    let field = SimulatedTextField(
      limit: TextLimit(maxLength: 10), text: "abcdef", kind: .uiKitMultiRange)
    let app = SimulatedAppDelegate(oneRange: true, multiRange: false)
    field.appDelegate = app
    field.replace(
      ranges: [NSRange(location: 1, length: 1), NSRange(location: 4, length: 1)], with: ["X"])
    #expect(app.willChangeCalls == [[NSRange(location: 1, length: 4)]])
    #expect(field.text == "aXcdf" || field.text == "acdXf")
  }

  /// The app's refusal stands, and the limiter is not asked.
  @Test(arguments: asking)
  func theAppsRefusalStands(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 10), text: "ab", kind: kind)
    let app = SimulatedAppDelegate(
      oneRange: true, multiRange: kind.usesMultiRangeHook,
      willChange: { _, _, strings in
        !strings.joined().contains("x")
      })
    field.appDelegate = app
    field.insert("x")
    #expect(field.text == "ab")
    field.insert("y")
    #expect(field.text == "aby")
  }

  /// The limiter's own correction, which the platform may send back through the delegate, is
  /// not the app's to veto: an app delegate that refuses everything after a while does not stop
  /// a shortened paste from being applied.
  @Test(arguments: asking)
  func theAppCannotVetoTheLimitersCorrection(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    var calls = 0
    let app = SimulatedAppDelegate(oneRange: true, multiRange: kind.usesMultiRangeHook) { _, _, _ in
      calls += 1
      return calls == 1  // yes to the user's paste, no to anything after
    }
    field.appDelegate = app
    field.insert("cdefgh")
    #expect(field.text == "abcde")
    #expect(calls == 1, "the app was asked about the user's edit only")
  }

  /// The app's delegate is asked about the edit that will be applied: when the limiter shortens
  /// a paste, about the shortened paste, so an app that computes the new text in its will-change
  /// hook (as `UITextFieldDelegate`, with no did-change, makes apps do) holds the text the field
  /// shows.
  @Test(arguments: asking)
  func theAppIsAskedAboutTheShortenedEdit(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    var model = field.text
    let app = SimulatedAppDelegate(oneRange: true, multiRange: kind.usesMultiRangeHook) {
      field, ranges, strings in
      model = field.text.replacingUTF16(ranges[0], with: strings.joined())
      return true
    }
    field.appDelegate = app
    field.insert("cdefgh")
    #expect(field.text == "abcde")
    #expect(model == "abcde", "the app computed the text the field shows")
    #expect(app.willChangeCalls.count == 1)
  }

  /// An edit the limit refuses outright is still offered to the app, which may act on it (a
  /// Return that sends a message at the limit), though its answer cannot apply it.
  @Test(arguments: asking)
  func aReturnRefusedAtTheLimitStillReachesTheApp(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "abcde", kind: kind)
    var sent: [String] = []
    let app = SimulatedAppDelegate(oneRange: true, multiRange: kind.usesMultiRangeHook) {
      field, _, strings in
      guard strings.joined() == "\n" else { return true }
      sent.append(field.text)
      return false
    }
    field.appDelegate = app
    field.insert("\n")
    #expect(sent == ["abcde"], "the app saw the Return")
    #expect(field.text == "abcde")
    field.insert("f")
    #expect(field.text == "abcde", "and the limit refuses what the app would allow")
  }

  /// The app refuses the shortened edit: its refusal stands, and nothing changes.
  @Test(arguments: asking)
  func theAppsRefusalOfTheShortenedEditStands(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    let app = SimulatedAppDelegate(oneRange: true, multiRange: kind.usesMultiRangeHook) {
      _, _, strings in strings.joined() != "cde"
    }
    field.appDelegate = app
    field.insert("cdefgh")
    #expect(field.text == "ab")
    #expect(field.limiter.text == "ab")
    field.insert("cd")
    #expect(field.text == "abcd", "an edit the app allows goes through")
  }

  /// A formatting delegate (`text = …; return false`) made the user's edit itself: it is
  /// limited after the fact, and reported.
  @Test(arguments: asking)
  func aFormattingDelegateIsLimitedToo(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 6), text: "", kind: kind)
    let app = SimulatedAppDelegate(oneRange: true, multiRange: kind.usesMultiRangeHook) {
      field, ranges, strings in
      // Upper-cases what is typed and sets the text itself.
      let range = ranges[0]
      field.setTextFromDelegate(field.text.replacingUTF16(range, with: strings[0].uppercased()))
      return false
    }
    field.appDelegate = app
    field.insert("abcdefghij")
    #expect(field.text == "ABCDEF")
    #expect(field.limiter.text == "ABCDEF")
    #expect(field.reported.last == "ABCDEF")
  }

  /// The app replaces the field's delegate after the limit was set: the limiter no longer
  /// decides before an edit, but the change notification still reaches it, so the text is
  /// trimmed after the fact and the limit still holds.
  @Test(arguments: Kind.allCases)
  func aDelegateReplacedAfterTheLimitStillLeavesTheLimitHolding(_ kind: Kind) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    let app = SimulatedAppDelegate()
    field.appReplacesDelegate(with: app)
    field.insert("cdefgh")
    #expect(field.text == "abcde")
    #expect(field.limiter.text == field.text)
    #expect(app.didChangeCalls >= 1)
    #expect(field.reported.last == "abcde")
  }

  /// The limiter applies a shortened paste itself; the platform may or may not call the
  /// delegate back for it (`replace(_:withText:)`, where Apple promises nothing): either way
  /// the change is reported once, so a binding and a counter get it.
  @Test(arguments: asking, [true, false])
  func aShortenedPasteIsReportedOnceWhetherOrNotThePlatformCallsBack(
    _ kind: Kind, _ callsBack: Bool
  ) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab", kind: kind)
    field.callsDelegateOnReplace = callsBack
    let reportedBefore = field.reported.count
    field.insert("cdefgh")
    #expect(field.text == "abcde")
    #expect(Array(field.reported.dropFirst(reportedBefore)) == ["abcde"])
  }

  /// A shortened paste reaches a SwiftUI binding through the bridge, whether or not the
  /// platform calls the delegate back.
  @Test(arguments: [true, false])
  func aShortenedPasteReachesTheBinding(_ callsBack: Bool) {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "ab")
    field.callsDelegateOnReplace = callsBack
    let bridge = _BindingBridge(text: "ab")
    var binding = "ab"
    field.core.onTextChange = { text in
      if let published = bridge.hostChanged(to: text) { binding = published }
    }
    field.insert("cdefgh")
    #expect(binding == "abcde")
  }

  /// Every selector the limiter's delegate answers for, its own hooks and the forwarded ones,
  /// is implemented, with that selector, in the adapter's source (the Objective-C runtime would
  /// otherwise send the call to nothing).
  @Test(arguments: [
    (
      ["UIKit+TextLimitDelegate.swift", "UIKit+TextLimitDelegate+Forwarding.swift"],
      _DelegateSelectors.uiKitLimiterHooks.union(
        _DelegateSelectors.uiKitForwarded)
    ),
    (["AppKit+TextLimitDelegate.swift"], _DelegateSelectors.appKitLimiterHooks),
  ])
  func everyAnsweredSelectorIsImplementedInTheAdapter(files: [String], selectors: Set<String>)
    throws
  {
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    var declared: Set<String> = []
    for file in files {
      let path = components.joined(separator: "/") + "/Sources/TextLimit/Adapters/" + file
      let source = try String(contentsOfFile: path, encoding: .utf8)
      // The class's own methods: everything before the private protocol of the app's hooks.
      let classPart = source.components(separatedBy: "@objc protocol")[0]
      declared.formUnion(
        classPart.components(separatedBy: "@objc(").dropFirst().map {
          String($0.prefix { $0 != ")" })
        })
    }
    #expect(selectors.subtracting(declared).isEmpty, "\(selectors.subtracting(declared).sorted())")
  }

  /// A view that asks its delegate, when it is set, which methods it implements, and sends the
  /// ones it answered yes for from then on, as `UIScrollView` does (PSPDFTextView,
  /// RATreeView, RxSwift's DelegateProxy met this: "unrecognized selector" once the forwarding
  /// target was gone).
  final class CachingView {
    weak var target: SimulatedAppDelegate?
    private(set) var cached: [String: Bool] = [:]
    static let selectors =
      _DelegateSelectors.uiKitLimiterHooks.union(_DelegateSelectors.uiKitForwarded)
      .union(DelegateTests.newerAppMethods)

    /// The limiter's delegate's answer.
    func responds(_ selector: String) -> Bool {
      _DelegateSelectors.responds(
        selector, forwarded: _DelegateSelectors.uiKitForwarded,
        implemented: {
          _DelegateSelectors.uiKitLimiterHooks.union(_DelegateSelectors.uiKitForwarded).contains($0)
        },
        target: { [target] in target?.responds(to: $0) })
    }

    /// The delegate is set: the view asks about every method it knows (and `also`).
    func delegateWasSet(also others: Set<String> = []) {
      cached = Dictionary(
        uniqueKeysWithValues: Self.selectors.union(others).map { ($0, responds($0)) })
    }

    /// The view sends every method it cached a yes for; returns those that reach nothing.
    func sendCachedMethods() -> [String] {
      cached.filter(\.value).keys.filter { selector in
        let implemented = _DelegateSelectors.uiKitLimiterHooks.union(
          _DelegateSelectors.uiKitForwarded
        ).contains(selector)
        return !implemented && target?.responds(to: selector) != true
      }.sorted()
    }
  }

  /// Optional methods of `UITextViewDelegate` and `UITextFieldDelegate` from iOS 16 to 18.4
  /// (Apple's documentation of the two protocols), which an app's delegate may implement.
  static let newerAppMethods: Set<String> = [
    "textView:editMenuForTextInRange:suggestedActions:",
    "textView:willPresentEditMenuWithAnimator:", "textView:willDismissEditMenuWithAnimator:",
    "textView:primaryActionForTextItem:defaultAction:",
    "textView:menuConfigurationForTextItem:defaultMenu:",
    "textView:textItemMenuWillDisplayForTextItem:animator:",
    "textViewWritingToolsWillBegin:", "textViewWritingToolsDidEnd:",
    "textView:writingToolsIgnoredRangesInEnclosingRange:",
    "textView:shouldInteractWithURL:inRange:interaction:",
    "textView:willBeginFormattingWithViewController:",
    "textView:didEndFormattingWithViewController:", "textView:insertInputSuggestion:",
    "textField:editMenuForCharactersInRange:suggestedActions:",
    "textField:willPresentEditMenuWithAnimator:", "textField:insertInputSuggestion:",
  ]

  /// The app's delegate is released while its view lives. Every optional method of UIKit's
  /// text and scroll-view delegate protocols (the edit menu, text items, Writing Tools, the
  /// formatting panel, input suggestions among them) still reaches an implementation, which
  /// answers UIKit's default, without the view asking again; a method the limiter's delegate
  /// did not know would reach nothing until the view asks again, which the adapter makes it do
  /// when the target is released (`_ReleaseWatcher`).
  @Test func anAppDelegateReleasedWhileItsViewLivesCrashesNothing() {
    let view = CachingView()
    let appMethods = Self.newerAppMethods.union([
      "scrollViewDidScroll:", "scrollViewDidEndDecelerating:", "textViewDidChangeSelection:",
      "viewForZoomingInScrollView:",
    ])
    var app: SimulatedAppDelegate? = SimulatedAppDelegate(otherMethods: appMethods)
    view.target = app
    view.delegateWasSet()
    #expect(view.cached["scrollViewDidScroll:"] == true, "answered as the app answers")
    #expect(view.cached["scrollViewDidZoom:"] == false, "not implemented by the app: no")
    #expect(view.cached["textView:shouldChangeTextInRanges:replacementText:"] == true)
    #expect(appMethods.allSatisfy { view.cached[$0] == true })
    #expect(view.sendCachedMethods().isEmpty, "all reach something while the app lives")
    app = nil
    #expect(view.target == nil)
    #expect(view.sendCachedMethods().isEmpty, "and after it is gone, without asking again")
    _ = app
  }

  /// A method the limiter's delegate does not know (one UIKit adds after the SDKs here) reaches
  /// nothing once the app's delegate is gone, until the view asks again, which the adapter makes
  /// it do when the delegate is released (`_ReleaseWatcher`, `refreshDelegateCaches`).
  @Test func aMethodTheLimiterDoesNotKnowIsAskedForAgainAfterARelease() {
    let view = CachingView()
    let future = "textView:methodOfALaterSDK:"
    var app: SimulatedAppDelegate? = SimulatedAppDelegate(otherMethods: [future])
    view.target = app
    view.delegateWasSet(also: [future])
    #expect(view.cached[future] == true, "answered as the app answers, forwarded by the runtime")
    app = nil
    #expect(view.sendCachedMethods() == [future], "without asking again it reaches nothing")
    view.delegateWasSet(also: [future])  // what the release watcher makes the view do
    #expect(view.sendCachedMethods().isEmpty)
    _ = app
  }

  /// VoiceOver hears the limit being reached once, when the text reaches it or an edit is
  /// refused there, and again only after the text went below it; in the user's language.
  @Test(arguments: Kind.allCases)
  func reachingTheLimitIsAnnouncedOnce(_ kind: Kind) {
    final class Recorder: LimitAnnouncer {
      var messages: [String] = []
      func announce(_ message: String) { messages.append(message) }
    }
    let field = SimulatedTextField(limit: TextLimit(maxLength: 3), text: "", kind: kind)
    let recorder = Recorder()
    field.core.announcer = recorder
    field.core.locale = Locale(identifier: "de_DE")
    field.insert("ab")
    #expect(recorder.messages.isEmpty)
    field.insert("c")
    #expect(recorder.messages == ["Limit erreicht"], "reaching it")
    field.insert("d")
    field.insert("e")
    #expect(recorder.messages.count == 1, "refusals at the limit: said once")
    field.deleteBackward()
    field.insert("f")
    #expect(recorder.messages.count == 2, "below it, then at it again")
  }
}
