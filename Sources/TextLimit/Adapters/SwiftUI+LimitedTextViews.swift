#if canImport(SwiftUI) && ((canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst)))
  public import SwiftUI

  #if canImport(UIKit)
    public import UIKit

    /// The single-line text control `LimitedTextField` wraps: `UITextField` here.
    public typealias LimitedPlatformTextField = UITextField
    /// The multi-line text view `LimitedTextEditor` wraps: `UITextView` here.
    public typealias LimitedPlatformTextView = UITextView
    typealias _PlatformView = UIView
    typealias _PlatformViewRepresentable = UIViewRepresentable
    /// What `LimitedTextEditor` lays out: the text view, which scrolls by itself.
    typealias _EditorContent = UITextView
  #else
    public import AppKit

    /// The single-line text control `LimitedTextField` wraps: `NSTextField` here.
    public typealias LimitedPlatformTextField = NSTextField
    /// The multi-line text view `LimitedTextEditor` wraps: `NSTextView` here.
    public typealias LimitedPlatformTextView = NSTextView
    typealias _PlatformView = NSView
    typealias _PlatformViewRepresentable = NSViewRepresentable
    /// What `LimitedTextEditor` lays out: the scroll view around the text view.
    typealias _EditorContent = NSScrollView
  #endif

  /// A SwiftUI text field that input methods can use: it wraps the platform's own field
  /// (`UITextField`, `NSTextField`) through `TextLimitDelegate`, so the composition (marked text)
  /// of pinyin, kana or Hangul is seen and never cut, and shows the live counter under it.
  ///
  /// ```swift
  /// LimitedTextField("Nickname", text: $nickname, limit: TextLimit(maxLength: 20)) { field in
  ///   field.font = .preferredFont(forTextStyle: .body)
  /// }
  /// ```
  /// The program may write the binding at any time: what it writes is text the program set
  /// (rule 8). A changed `limit` applies from the next update.
  @MainActor
  public struct LimitedTextField: View {
    private let title: String
    @Binding private var text: String
    private let limit: TextLimit
    private let showsCounter: Bool
    private let onLimitReached: ((LimitEvent) -> Void)?
    private let configure: (LimitedPlatformTextField) -> Void
    @State private var counter: _CounterState

    /// A limited field.
    /// - Parameters:
    ///   - title: The placeholder.
    ///   - text: The text, read and written as the user edits.
    ///   - limit: The limit.
    ///   - showsCounter: Whether `count/max` shows under the field.
    ///   - onLimitReached: Called for every change the limit prevented or trimmed.
    ///   - configure: Sets up the wrapped field (keyboard, font, content type, …) once.
    public init(
      _ title: String, text: Binding<String>, limit: TextLimit, showsCounter: Bool = true,
      onLimitReached: ((LimitEvent) -> Void)? = nil,
      configure: @escaping (LimitedPlatformTextField) -> Void = { _ in }
    ) {
      self.title = title
      _text = text
      self.limit = limit
      self.showsCounter = showsCounter
      self.onLimitReached = onLimitReached
      self.configure = configure
      _counter = State(initialValue: _CounterState(limit, text.wrappedValue))
    }

    /// The field and, when asked for, its counter.
    public var body: some View {
      let title = self.title
      let configure = self.configure
      VStack(alignment: .trailing, spacing: 4) {
        _LimitedTextRepresentable<LimitedPlatformTextField, LimitedPlatformTextField>(
          text: $text, counter: $counter, limit: limit, onLimitReached: onLimitReached,
          make: {
            let field = LimitedPlatformTextField()
            #if canImport(UIKit)
              field.placeholder = title
              field.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
            #else
              field.placeholderString = title
            #endif
            configure(field)
            return (field, field)
          },
          attach: { delegate, field in delegate.attach(to: field) },
          show: { field, text in
            #if canImport(UIKit)
              field.text = text
            #else
              field.stringValue = text
            #endif
          })
        if showsCounter { counter.view }
      }
    }
  }

  /// A SwiftUI multi-line editor that input methods can use: it wraps the platform's own text
  /// view (`UITextView`, `NSTextView` in a scroll view) through `TextLimitDelegate`, so the
  /// composition is seen and never cut, and shows the live counter under it.
  ///
  /// ```swift
  /// LimitedTextEditor(text: $bio, limit: TextLimit(maxLength: 160))
  /// ```
  @MainActor
  public struct LimitedTextEditor: View {
    @Binding private var text: String
    private let limit: TextLimit
    private let showsCounter: Bool
    private let onLimitReached: ((LimitEvent) -> Void)?
    private let configure: (LimitedPlatformTextView) -> Void
    @State private var counter: _CounterState

    /// A limited editor.
    /// - Parameters:
    ///   - text: The text, read and written as the user edits.
    ///   - limit: The limit.
    ///   - showsCounter: Whether `count/max` shows under the editor.
    ///   - onLimitReached: Called for every change the limit prevented or trimmed.
    ///   - configure: Sets up the wrapped view (font, insets, …) once.
    public init(
      text: Binding<String>, limit: TextLimit, showsCounter: Bool = true,
      onLimitReached: ((LimitEvent) -> Void)? = nil,
      configure: @escaping (LimitedPlatformTextView) -> Void = { _ in }
    ) {
      _text = text
      self.limit = limit
      self.showsCounter = showsCounter
      self.onLimitReached = onLimitReached
      self.configure = configure
      _counter = State(initialValue: _CounterState(limit, text.wrappedValue))
    }

    /// The editor and, when asked for, its counter.
    public var body: some View {
      let configure = self.configure
      VStack(alignment: .trailing, spacing: 4) {
        _LimitedTextRepresentable<_EditorContent, LimitedPlatformTextView>(
          text: $text, counter: $counter, limit: limit, onLimitReached: onLimitReached,
          make: {
            #if canImport(UIKit)
              let view = LimitedPlatformTextView()
              configure(view)
              return (view, view)
            #else
              let scroll = LimitedPlatformTextView.scrollableTextView()
              let view = scroll.documentView as! LimitedPlatformTextView
              view.isRichText = false
              configure(view)
              return (scroll, view)
            #endif
          },
          attach: { delegate, view in delegate.attach(to: view) },
          show: { view, text in
            #if canImport(UIKit)
              view.text = text
            #else
              view.string = text
            #endif
          })
        if showsCounter { counter.view }
      }
    }
  }

  /// Routes a wrapped view's edits to its `TextLimitDelegate` and its binding. The binding logic
  /// is `_BindingBridge`'s, tested on Linux; this only translates.
  @MainActor
  final class _LimitedTextCoordinator {
    let delegate: TextLimitDelegate
    let bridge: _BindingBridge
    var text: Binding<String>?
    var counter: Binding<_CounterState>?
    /// The wrapped text input (the view SwiftUI keeps holds it).
    weak var host: AnyObject?

    init(limit: TextLimit, text: String) {
      delegate = TextLimitDelegate(limit: limit)
      bridge = _BindingBridge(text: text)
    }

    /// After the user's edit: publishes the text and the counter.
    func userEdited(_ newText: String) {
      if let published = bridge.hostChanged(to: newText) { text?.wrappedValue = published }
      counter?.wrappedValue = _CounterState(delegate.limiter)
    }

    /// Publishes after the current SwiftUI update, during which state may not change.
    func publishAfterUpdate(text newText: String?, counter state: _CounterState) {
      Task { @MainActor [weak self] in
        guard let self else { return }
        if let newText { self.text?.wrappedValue = newText }
        if self.counter?.wrappedValue != state { self.counter?.wrappedValue = state }
      }
    }
  }

  /// The representable behind `LimitedTextField` and `LimitedTextEditor`: `Content` is the view
  /// SwiftUI lays out, `Host` the text input inside it.
  @MainActor
  struct _LimitedTextRepresentable<Content: _PlatformView, Host: TextInputHost>:
    _PlatformViewRepresentable
  {
    @Binding var text: String
    @Binding var counter: _CounterState
    let limit: TextLimit
    let onLimitReached: ((LimitEvent) -> Void)?
    let make: () -> (Content, Host)
    let attach: (TextLimitDelegate, Host) -> Void
    /// Sets the host's text as the program does.
    let show: (Host, String) -> Void

    func makeCoordinator() -> _LimitedTextCoordinator {
      _LimitedTextCoordinator(limit: limit, text: text)
    }

    #if canImport(UIKit)
      func makeUIView(context: Context) -> Content { makeContent(context.coordinator) }
      func updateUIView(_ content: Content, context: Context) { update(context.coordinator) }
    #else
      func makeNSView(context: Context) -> Content { makeContent(context.coordinator) }
      func updateNSView(_ content: Content, context: Context) { update(context.coordinator) }
    #endif

    private func makeContent(_ coordinator: _LimitedTextCoordinator) -> Content {
      let (content, host) = make()
      show(host, text)
      coordinator.host = host
      coordinator.delegate.limiter.onLimitReached = onLimitReached
      attach(coordinator.delegate, host)
      coordinator.delegate.didChangeText = { [weak coordinator] in coordinator?.userEdited($0) }
      // Under `.truncate`, attaching may have cut the text: publish it after this update.
      let shown = host.limitHostText
      coordinator.text = $text
      coordinator.counter = $counter
      coordinator.publishAfterUpdate(
        text: coordinator.bridge.hostChanged(to: shown),
        counter: _CounterState(coordinator.delegate.limiter))
      return content
    }

    private func update(_ coordinator: _LimitedTextCoordinator) {
      coordinator.text = $text
      coordinator.counter = $counter
      guard let host = coordinator.host as? Host else { return }
      if coordinator.delegate.limiter.limit != limit {
        coordinator.delegate.setLimit(limit, on: host)
      }
      coordinator.delegate.limiter.onLimitReached = onLimitReached
      let writeBack = coordinator.bridge.bindingChanged(
        to: text, limiter: coordinator.delegate.limiter, show: { show(host, $0) })
      coordinator.publishAfterUpdate(
        text: writeBack, counter: _CounterState(coordinator.delegate.limiter))
    }
  }
#endif
