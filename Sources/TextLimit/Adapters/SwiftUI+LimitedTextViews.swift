#if canImport(SwiftUI) && ((canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst)))
  public import SwiftUI

  #if canImport(UIKit)
    public import UIKit

    /// The single-line text control `LimitedTextField` wraps: `UITextField` here.
    public typealias LimitedPlatformTextField = UITextField
    /// The multi-line text view `LimitedTextEditor` (and a vertical `LimitedTextField`) wraps:
    /// `UITextView` here.
    public typealias LimitedPlatformTextView = UITextView
    typealias _PlatformView = UIView
    typealias _PlatformFont = UIFont
    typealias _PlatformViewRepresentable = UIViewRepresentable
  #else
    public import AppKit

    /// The single-line text control `LimitedTextField` wraps: `NSTextField` here.
    public typealias LimitedPlatformTextField = NSTextField
    /// The multi-line text view `LimitedTextEditor` (and a vertical `LimitedTextField`) wraps:
    /// `NSTextView` here.
    public typealias LimitedPlatformTextView = NSTextView
    typealias _PlatformView = NSView
    typealias _PlatformFont = NSFont
    typealias _PlatformViewRepresentable = NSViewRepresentable
  #endif

  /// A SwiftUI text field that input methods can use, in place of `TextField`: it wraps the
  /// platform's own field (`UITextField`, `NSTextField`; a text view that grows with its text for
  /// `axis: .vertical`) through `TextLimitDelegate`, so the composition (marked text) of pinyin,
  /// kana or Hangul is seen and never cut, and shows the live counter under it.
  ///
  /// ```swift
  /// LimitedTextField("Nickname", text: $nickname, limit: TextLimit(maxLength: 20))
  ///   .font(.body)
  ///   .disabled(isSaving)
  /// ```
  /// Like `TextField`, it takes a localized title (shown while the field is empty, unless a
  /// `prompt` is given) and reads the environment on every update: `.font` (the text styles:
  /// `.body`, `.title`, …), `.disabled`, `.multilineTextAlignment` and
  /// `.autocorrectionDisabled`. The program may write the binding at any time: what it writes is
  /// text the program set (rule 8). While an input method composes, the binding keeps the text
  /// from before the composition and receives the committed text at the commit (so it never
  /// holds marked text); the counter follows the field. Limit events are delivered after the
  /// view update that caused them.
  @MainActor
  public struct LimitedTextField: View {
    private let title: Text
    private let prompt: Text?
    @Binding private var text: String
    private let limit: TextLimit
    private let axis: Axis
    private let showsCounter: Bool
    private let onLimitReached: ((LimitEvent) -> Void)?
    private let onSubmit: (() -> Void)?
    private let isFocused: Binding<Bool>?
    private let configure: (LimitedPlatformTextField) -> Void
    private let configureTextView: (LimitedPlatformTextView) -> Void
    @State private var display: _LimitedTextModel.Display

    /// A limited field with a localized title.
    /// - Parameters:
    ///   - titleKey: The field's title, shown while it is empty unless `prompt` is given, and its
    ///     accessibility label.
    ///   - text: The text, read and written as the user edits.
    ///   - limit: The limit.
    ///   - prompt: What the empty field shows instead of the title.
    ///   - axis: `.vertical` to let the text wrap and the field grow, as
    ///     `TextField(_:text:axis:)` does (a text view is wrapped then).
    ///   - showsCounter: Whether the counter shows under the field.
    ///   - isFocused: Whether the field is being edited: set it to focus or unfocus the field.
    ///   - onSubmit: Called when the user presses Return in a single-line field.
    ///   - onLimitReached: Called for every change the limit prevented or trimmed.
    ///   - configure: Sets up the wrapped field (keyboard, content type, …) on every update.
    ///   - configureTextView: The same for the text view of `axis: .vertical`.
    public init(
      _ titleKey: LocalizedStringKey, text: Binding<String>, limit: TextLimit,
      prompt: Text? = nil, axis: Axis = .horizontal, showsCounter: Bool = true,
      isFocused: Binding<Bool>? = nil, onSubmit: (() -> Void)? = nil,
      onLimitReached: ((LimitEvent) -> Void)? = nil,
      configure: @escaping (LimitedPlatformTextField) -> Void = { _ in },
      configureTextView: @escaping (LimitedPlatformTextView) -> Void = { _ in }
    ) {
      self.init(
        title: Text(titleKey), text: text, limit: limit, prompt: prompt, axis: axis,
        showsCounter: showsCounter, isFocused: isFocused, onSubmit: onSubmit,
        onLimitReached: onLimitReached, configure: configure, configureTextView: configureTextView)
    }

    /// A limited field with a title shown as it is (not looked up for localization).
    /// - Parameters: As `init(_:text:limit:prompt:axis:showsCounter:isFocused:onSubmit:
    ///   onLimitReached:configure:configureTextView:)`.
    @_disfavoredOverload
    public init<Title: StringProtocol>(
      _ title: Title, text: Binding<String>, limit: TextLimit, prompt: Text? = nil,
      axis: Axis = .horizontal, showsCounter: Bool = true, isFocused: Binding<Bool>? = nil,
      onSubmit: (() -> Void)? = nil, onLimitReached: ((LimitEvent) -> Void)? = nil,
      configure: @escaping (LimitedPlatformTextField) -> Void = { _ in },
      configureTextView: @escaping (LimitedPlatformTextView) -> Void = { _ in }
    ) {
      self.init(
        title: Text(title), text: text, limit: limit, prompt: prompt, axis: axis,
        showsCounter: showsCounter, isFocused: isFocused, onSubmit: onSubmit,
        onLimitReached: onLimitReached, configure: configure, configureTextView: configureTextView)
    }

    private init(
      title: Text, text: Binding<String>, limit: TextLimit, prompt: Text?, axis: Axis,
      showsCounter: Bool, isFocused: Binding<Bool>?, onSubmit: (() -> Void)?,
      onLimitReached: ((LimitEvent) -> Void)?,
      configure: @escaping (LimitedPlatformTextField) -> Void,
      configureTextView: @escaping (LimitedPlatformTextView) -> Void
    ) {
      self.title = title
      _text = text
      self.limit = limit
      self.prompt = prompt
      self.axis = axis
      self.showsCounter = showsCounter
      self.isFocused = isFocused
      self.onSubmit = onSubmit
      self.onLimitReached = onLimitReached
      self.configure = configure
      self.configureTextView = configureTextView
      _display = State(initialValue: _LimitedTextModel.Display(limit, text: text.wrappedValue))
    }

    /// The field, its placeholder while it shows no text, and, when asked for, its counter.
    public var body: some View {
      VStack(alignment: .trailing, spacing: 4) {
        Group {
          if axis == .vertical {
            _LimitedTextRepresentable<LimitedPlatformTextView>(
              options: options, make: { _LimitedTextFactory.textView(grows: true) },
              configure: configureTextView, grows: true)
          } else {
            _LimitedTextRepresentable<LimitedPlatformTextField>(
              options: options, make: _LimitedTextFactory.field, configure: configure,
              grows: false)
          }
        }
        .overlay(alignment: .topLeading) {
          if display.showsPlaceholder(over: text) {
            (prompt ?? title).foregroundStyle(.tertiary).allowsHitTesting(false)
              .accessibilityHidden(true)
              .padding(axis == .vertical ? _PlaceholderInsets.textView : _PlaceholderInsets.field)
          }
        }
        .accessibilityLabel(title)
        if showsCounter { _CounterView(counter: display.counter, state: display.state) }
      }
    }

    private var options: _LimitedTextOptions {
      _LimitedTextOptions(
        text: $text, display: $display, limit: limit, isFocused: isFocused, onSubmit: onSubmit,
        onLimitReached: onLimitReached)
    }
  }

  /// A SwiftUI multi-line editor that input methods can use, in place of `TextEditor`: it wraps
  /// the platform's own text view (`UITextView`, `NSTextView` in a scroll view) through
  /// `TextLimitDelegate`, so the composition is seen and never cut, and shows the live counter
  /// under it.
  ///
  /// ```swift
  /// LimitedTextEditor(text: $bio, limit: TextLimit(maxLength: 160), prompt: Text("About you"))
  /// ```
  /// It reads the environment as `LimitedTextField` does, and its binding behaves the same way.
  @MainActor
  public struct LimitedTextEditor: View {
    @Binding private var text: String
    private let limit: TextLimit
    private let prompt: Text?
    private let showsCounter: Bool
    private let isFocused: Binding<Bool>?
    private let onLimitReached: ((LimitEvent) -> Void)?
    private let configure: (LimitedPlatformTextView) -> Void
    @State private var display: _LimitedTextModel.Display

    /// A limited editor.
    /// - Parameters:
    ///   - text: The text, read and written as the user edits.
    ///   - limit: The limit.
    ///   - prompt: What the empty editor shows.
    ///   - showsCounter: Whether the counter shows under the editor.
    ///   - isFocused: Whether the editor is being edited: set it to focus or unfocus it.
    ///   - onLimitReached: Called for every change the limit prevented or trimmed.
    ///   - configure: Sets up the wrapped view (insets, data detectors, …) on every update.
    public init(
      text: Binding<String>, limit: TextLimit, prompt: Text? = nil, showsCounter: Bool = true,
      isFocused: Binding<Bool>? = nil, onLimitReached: ((LimitEvent) -> Void)? = nil,
      configure: @escaping (LimitedPlatformTextView) -> Void = { _ in }
    ) {
      _text = text
      self.limit = limit
      self.prompt = prompt
      self.showsCounter = showsCounter
      self.isFocused = isFocused
      self.onLimitReached = onLimitReached
      self.configure = configure
      _display = State(initialValue: _LimitedTextModel.Display(limit, text: text.wrappedValue))
    }

    /// The editor, its prompt while it shows no text, and, when asked for, its counter.
    public var body: some View {
      VStack(alignment: .trailing, spacing: 4) {
        _LimitedTextRepresentable<LimitedPlatformTextView>(
          options: _LimitedTextOptions(
            text: $text, display: $display, limit: limit, isFocused: isFocused, onSubmit: nil,
            onLimitReached: onLimitReached),
          make: { _LimitedTextFactory.textView(grows: false) }, configure: configure,
          grows: false
        )
        .overlay(alignment: .topLeading) {
          if let prompt, display.showsPlaceholder(over: text) {
            prompt.foregroundStyle(.tertiary).allowsHitTesting(false).accessibilityHidden(true)
              .padding(_PlaceholderInsets.textView)
          }
        }
        if showsCounter { _CounterView(counter: display.counter, state: display.state) }
      }
    }
  }

  /// Where the platform views draw their first line, for the placeholder drawn over them.
  enum _PlaceholderInsets {
    #if canImport(UIKit)
      static let field = EdgeInsets()
      static let textView = EdgeInsets(top: 8, leading: 5, bottom: 0, trailing: 0)
    #else
      static let field = EdgeInsets(top: 1, leading: 2, bottom: 0, trailing: 0)
      static let textView = EdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 0)
    #endif
  }

  /// What the SwiftUI views hand their representable.
  @MainActor
  struct _LimitedTextOptions {
    var text: Binding<String>
    var display: Binding<_LimitedTextModel.Display>
    var limit: TextLimit
    var isFocused: Binding<Bool>?
    var onSubmit: (() -> Void)?
    var onLimitReached: ((LimitEvent) -> Void)?
  }

  /// Routes a wrapped view's edits to its `TextLimitDelegate` and its binding. What is written
  /// when is `_LimitedTextModel`'s (the binding through `_BindingBridge`), and the delegate's
  /// decisions `_TextLimitDelegateCore`'s, tested on Linux; this only translates. It is also the
  /// delegate's forwarding delegate, for the editing events: the start and end of editing (the
  /// focus binding) and Return (the submit action).
  @MainActor
  final class _LimitedTextCoordinator: NSObject {
    let delegate: TextLimitDelegate
    let model: _LimitedTextModel
    var options: _LimitedTextOptions
    /// The wrapped text input (the view SwiftUI keeps holds it).
    weak var host: (any TextInputHost & _PlatformView)?

    init(options: _LimitedTextOptions) {
      self.options = options
      delegate = TextLimitDelegate(limit: options.limit)
      model = _LimitedTextModel(text: options.text.wrappedValue)
      super.init()
      delegate.forwardingDelegate = self
      delegate.didChangeText = { [weak self] in self?.hostChanged($0) }
      model.writeText = { [weak self] text in
        _assumeMainActor { self?.options.text.wrappedValue = text }
      }
      model.writeDisplay = { [weak self] display in
        _assumeMainActor {
          guard let self, self.options.display.wrappedValue != display else { return }
          self.options.display.wrappedValue = display
        }
      }
      model.afterUpdate = { action in
        nonisolated(unsafe) let action = action
        Task { @MainActor in action() }
      }
      updateEventHandler()
    }

    /// Limit events go to the view's handler after the current update.
    func updateEventHandler() {
      let handler = options.onLimitReached
      delegate.limiter.onLimitReached = handler.map { handler in
        { event in Task { @MainActor in handler(event) } }
      }
    }

    /// The host's text changed (the user's edit, the limiter's correction): the binding (not
    /// while a composition is in progress), the counter and the placeholder hear of it, in this
    /// turn unless SwiftUI is updating the view.
    private func hostChanged(_ text: String) {
      model.hostChanged(
        text, isComposing: host?.limitHostMarkedTextRange != nil, limiter: delegate.limiter)
    }

    /// Focuses or unfocuses the host as the binding says, after this update.
    func applyFocus() {
      guard let wanted = options.isFocused?.wrappedValue, let host else { return }
      Task { @MainActor in
        #if canImport(UIKit)
          if wanted && !host.isFirstResponder {
            host.becomeFirstResponder()
          } else if !wanted && host.isFirstResponder {
            host.resignFirstResponder()
          }
        #else
          let window = host.window
          let focused =
            window?.firstResponder === host
            || (window?.firstResponder as? NSTextView)?.delegate === host as AnyObject
          if wanted && !focused {
            window?.makeFirstResponder(host)
          } else if !wanted && focused {
            window?.makeFirstResponder(nil)
          }
        #endif
      }
    }

    private func editing(_ began: Bool) {
      guard let binding = options.isFocused, binding.wrappedValue != began else { return }
      Task { @MainActor in binding.wrappedValue = began }
    }

    #if canImport(UIKit)
      @objc func textFieldDidBeginEditing(_ textField: UITextField) { editing(true) }
      @objc func textFieldDidEndEditing(_ textField: UITextField) { editing(false) }
      @objc func textViewDidBeginEditing(_ textView: UITextView) { editing(true) }
      @objc func textViewDidEndEditing(_ textView: UITextView) { editing(false) }
      @objc func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        options.onSubmit?()
        return true
      }
    #else
      @objc func controlTextDidBeginEditing(_ notification: Notification) { editing(true) }
      @objc func controlTextDidEndEditing(_ notification: Notification) { editing(false) }
      @objc func textDidBeginEditing(_ notification: Notification) { editing(true) }
      @objc func textDidEndEditing(_ notification: Notification) { editing(false) }
      /// The field's action: Return.
      @objc func submit(_ sender: Any?) { options.onSubmit?() }
    #endif
  }

  /// The platform views the representable can wrap: how each is limited and updated (made by
  /// `_LimitedTextFactory`).
  @MainActor
  protocol _LimitedTextHost: _PlatformView, TextInputHost {
    /// The view SwiftUI lays out (the host itself, or the scroll view around it).
    associatedtype Content: _PlatformView
    /// Sets the text as the program does (no delegate call).
    func show(_ text: String)
    /// Applies the environment: font, enabled, alignment, autocorrection.
    func apply(_ environment: EnvironmentValues)
    func attach(_ delegate: TextLimitDelegate, coordinator: _LimitedTextCoordinator)
    func detach(_ delegate: TextLimitDelegate)
  }

  /// The representable behind `LimitedTextField` and `LimitedTextEditor`.
  @MainActor
  struct _LimitedTextRepresentable<Host: _LimitedTextHost>: _PlatformViewRepresentable {
    let options: _LimitedTextOptions
    /// Makes the view SwiftUI lays out and the host in it.
    let make: () -> (Host.Content, Host)
    let configure: (Host) -> Void
    /// Whether the view grows with its text (a vertical field) and so proposes its own height.
    let grows: Bool

    func makeCoordinator() -> _LimitedTextCoordinator {
      _LimitedTextCoordinator(options: options)
    }

    #if canImport(UIKit)
      func makeUIView(context: Context) -> Host.Content { makeContent(context) }
      func updateUIView(_ content: Host.Content, context: Context) { update(context) }
      static func dismantleUIView(_ content: Host.Content, coordinator: _LimitedTextCoordinator) {
        dismantle(coordinator)
      }
      @available(iOS 16, tvOS 16, visionOS 1, *)
      func sizeThatFits(
        _ proposal: ProposedViewSize, uiView: Host.Content, context: Context
      ) -> CGSize? {
        guard grows, let width = proposal.width, width.isFinite else { return nil }
        let fitting = uiView.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        return CGSize(width: width, height: fitting.height)
      }
    #else
      func makeNSView(context: Context) -> Host.Content { makeContent(context) }
      func updateNSView(_ content: Host.Content, context: Context) { update(context) }
      static func dismantleNSView(_ content: Host.Content, coordinator: _LimitedTextCoordinator) {
        dismantle(coordinator)
      }
      @available(macOS 13, *)
      func sizeThatFits(
        _ proposal: ProposedViewSize, nsView: Host.Content, context: Context
      ) -> CGSize? {
        guard grows, let width = proposal.width, width.isFinite,
          let textView = (nsView as? NSScrollView)?.documentView as? NSTextView,
          let container = textView.textContainer, let layout = textView.layoutManager
        else { return nil }
        container.containerSize = CGSize(width: width, height: .greatestFiniteMagnitude)
        layout.ensureLayout(for: container)
        let height = layout.usedRect(for: container).height + textView.textContainerInset.height * 2
        return CGSize(width: width, height: ceil(height))
      }
    #endif

    private func makeContent(_ context: Context) -> Host.Content {
      let coordinator = context.coordinator
      coordinator.options = options
      let (content, host) = make()
      coordinator.model.updating {
        host.show(options.text.wrappedValue)
        coordinator.host = host
        coordinator.delegate.core.locale = context.environment.locale
        // Under `.truncate`, attaching may cut the text: it reaches the binding after this call.
        host.attach(coordinator.delegate, coordinator: coordinator)
        host.apply(context.environment)
        configure(host)
        coordinator.applyFocus()
      }
      return content
    }

    private func update(_ context: Context) {
      let coordinator = context.coordinator
      coordinator.options = options
      coordinator.updateEventHandler()
      guard let host = coordinator.host as? Host else { return }
      coordinator.model.updating {
        host.apply(context.environment)
        configure(host)
        coordinator.delegate.core.locale = context.environment.locale
        if coordinator.delegate.limiter.limit != options.limit {
          coordinator.delegate.setLimit(options.limit, on: host)
          coordinator.updateEventHandler()
        }
        coordinator.model.bindingChanged(
          to: options.text.wrappedValue, limiter: coordinator.delegate.limiter,
          show: {
            host.show($0)
            coordinator.delegate.core.programSetText(host)  // the overflow's highlight follows
          }, isComposing: { host.limitHostMarkedTextRange != nil })
        coordinator.applyFocus()
      }
    }

    private static func dismantle(_ coordinator: _LimitedTextCoordinator) {
      guard let host = coordinator.host as? Host else { return }
      host.detach(coordinator.delegate)
    }
  }

  /// Makes the platform views, set up as the SwiftUI views want them.
  @MainActor
  enum _LimitedTextFactory {
    #if canImport(UIKit)
      static func field() -> (UITextField, UITextField) {
        let field = UITextField()
        field.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        return (field, field)
      }

      static func textView(grows: Bool) -> (UITextView, UITextView) {
        let view = UITextView()
        view.font = .preferredFont(forTextStyle: .body)
        view.backgroundColor = .clear
        if grows {
          view.isScrollEnabled = false
          view.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        }
        return (view, view)
      }
    #else
      static func field() -> (NSTextField, NSTextField) {
        let field = NSTextField()
        field.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        return (field, field)
      }

      static func textView(grows: Bool) -> (NSScrollView, NSTextView) {
        let scroll = NSTextView.scrollableTextView()
        let view = scroll.documentView as! NSTextView
        view.isRichText = false
        view.font = .preferredFont(forTextStyle: .body)
        if grows {
          scroll.hasVerticalScroller = false
          scroll.drawsBackground = false
        }
        return (scroll, view)
      }
    #endif
  }

  extension Font {
    /// The platform font for a SwiftUI text style (`.body`, `.title`, …), or nil for a font
    /// SwiftUI does not let a wrapped view read (a custom or modified one).
    var _platformFont: _PlatformFont? {
      let styles: [(Font, _PlatformFont.TextStyle)] = [
        (.largeTitle, .largeTitle), (.title, .title1), (.title2, .title2), (.title3, .title3),
        (.headline, .headline), (.subheadline, .subheadline), (.body, .body),
        (.callout, .callout), (.footnote, .footnote), (.caption, .caption1),
        (.caption2, .caption2),
      ]
      guard let style = styles.first(where: { $0.0 == self })?.1 else { return nil }
      #if canImport(UIKit)
        return UIFont.preferredFont(forTextStyle: style)
      #else
        return NSFont.preferredFont(forTextStyle: style)
      #endif
    }
  }

  extension EnvironmentValues {
    /// The text alignment `multilineTextAlignment` and the layout direction make.
    var _platformAlignment: NSTextAlignment {
      switch multilineTextAlignment {
      case .leading: .natural
      case .center: .center
      case .trailing: layoutDirection == .rightToLeft ? .left : .right
      }
    }
  }

  #if canImport(UIKit)
    extension UITextField: _LimitedTextHost {
      typealias Content = UITextField
      func show(_ text: String) { self.text = text }
      func apply(_ environment: EnvironmentValues) {
        if let font = environment.font?._platformFont { self.font = font }
        isEnabled = environment.isEnabled
        textAlignment = environment._platformAlignment
        autocorrectionType = environment.autocorrectionDisabled ? .no : .default
      }
      func attach(_ delegate: TextLimitDelegate, coordinator: _LimitedTextCoordinator) {
        delegate.attach(to: self)
      }
      func detach(_ delegate: TextLimitDelegate) { delegate.detach(from: self) }
    }

    extension UITextView: _LimitedTextHost {
      typealias Content = UITextView
      func show(_ text: String) { self.text = text }
      func apply(_ environment: EnvironmentValues) {
        if let font = environment.font?._platformFont { self.font = font }
        isEditable = environment.isEnabled
        textAlignment = environment._platformAlignment
        autocorrectionType = environment.autocorrectionDisabled ? .no : .default
      }
      func attach(_ delegate: TextLimitDelegate, coordinator: _LimitedTextCoordinator) {
        delegate.attach(to: self)
      }
      func detach(_ delegate: TextLimitDelegate) { delegate.detach(from: self) }
    }
  #else
    extension NSTextField: _LimitedTextHost {
      typealias Content = NSTextField
      func show(_ text: String) { stringValue = text }
      func apply(_ environment: EnvironmentValues) {
        if let font = environment.font?._platformFont { self.font = font }
        isEnabled = environment.isEnabled
        alignment = environment._platformAlignment
      }
      func attach(_ delegate: TextLimitDelegate, coordinator: _LimitedTextCoordinator) {
        delegate.attach(to: self)
        target = coordinator
        action = #selector(_LimitedTextCoordinator.submit(_:))
      }
      func detach(_ delegate: TextLimitDelegate) {
        delegate.detach(from: self)
        target = nil
        action = nil
      }
    }

    extension NSTextView: _LimitedTextHost {
      typealias Content = NSScrollView
      func show(_ text: String) { string = text }
      func apply(_ environment: EnvironmentValues) {
        if let font = environment.font?._platformFont { self.font = font }
        isEditable = environment.isEnabled
        alignment = environment._platformAlignment
        isAutomaticSpellingCorrectionEnabled = !environment.autocorrectionDisabled
      }
      func attach(_ delegate: TextLimitDelegate, coordinator: _LimitedTextCoordinator) {
        delegate.attach(to: self)
      }
      func detach(_ delegate: TextLimitDelegate) { delegate.detach(from: self) }
    }
  #endif
#endif
