/// What `LimitedTextField` and `LimitedTextEditor` write besides the platform view, kept apart
/// from SwiftUI so the Linux tests drive it in the order SwiftUI calls: the binding (through
/// `_BindingBridge`), the counter and its state, and whether the placeholder shows.
///
/// Everything is written in the turn the change happens: the user's edit reaches the binding
/// before SwiftUI next updates the view, so an update never sees the binding behind the field.
/// Only a change made while SwiftUI updates the view (which may not change state then: the
/// limiter cutting the program's text under `.truncate`, a new limit) is written after the
/// update, and until it is, the bridge does not take the binding's old value for the program's.
final class _LimitedTextModel {
  /// What the view draws around the platform view.
  struct Display: Equatable {
    /// The counter under the view.
    var counter: LimitCounter
    /// The counter's state, which its colour follows.
    var state: LimitCounter.State
    /// Whether an input method is composing in the view (its text holds marked text).
    var isComposing: Bool

    /// What a view with `limiter` shows.
    init(_ limiter: TextLimiter, isComposing: Bool) {
      counter = limiter.counter
      state = limiter.counterState
      self.isComposing = isComposing
    }

    /// What a view shows for `text` before its platform view exists.
    init(_ limit: TextLimit, text: String) {
      counter = limit.counter(for: text)
      state = counter.state(warningAt: limit.warningThreshold)
      isComposing = false
    }

    /// Whether the title or prompt shows over the view while the binding holds `text`: only
    /// while the view shows no text at all. The binding holds the view's text, except while an
    /// input method composes, when it keeps the committed text: marked text hides the
    /// placeholder the moment a composition starts, as in SwiftUI's own `TextField`. Read from
    /// the binding, the placeholder follows a program's write in the same update.
    func showsPlaceholder(over text: String) -> Bool {
      text.isEmpty && !isComposing
    }
  }

  /// Tells the user's edits from the program's writes to the binding.
  let bridge: _BindingBridge
  /// Writes the binding.
  var writeText: (String) -> Void = { _ in }
  /// Writes what the view draws around the platform view.
  var writeDisplay: (Display) -> Void = { _ in }
  /// Runs an action once the current update is over (in SwiftUI, a main-actor task).
  var afterUpdate: (@escaping () -> Void) -> Void = { $0() }
  /// Whether SwiftUI is making or updating the view now.
  private(set) var isUpdating = false
  /// The display to write after the update.
  private var pendingDisplay: Display?
  /// Whether a write after the update is scheduled.
  private var flushScheduled = false

  init(text: String) {
    bridge = _BindingBridge(text: text)
  }

  /// Runs `body` as SwiftUI's make or update of the view: what changes during it is written
  /// after it.
  func updating(_ body: () -> Void) {
    let outer = isUpdating
    isUpdating = true
    defer { isUpdating = outer }
    body()
  }

  /// The platform view's text changed: the user's edit, or the limiter's correction.
  /// - Parameters:
  ///   - text: The text the view shows, marked text included.
  ///   - isComposing: Whether the view holds marked text (then the binding is not written).
  ///   - limiter: The view's limiter.
  func hostChanged(_ text: String, isComposing: Bool, limiter: TextLimiter) {
    let before = bridge.published
    let published = bridge.hostChanged(to: text, isComposing: isComposing)
    write(published, replacing: before, Display(limiter, isComposing: isComposing))
  }

  /// SwiftUI updated the view with the binding's `value`: a write of the program's is shown in
  /// the platform view (`show`, as the program sets its text) and, when the limit cut it
  /// (`.truncate`), the cut text goes back to the binding after the update. The display is
  /// written again (the limit may have changed).
  /// - Parameters:
  ///   - value: The binding's value.
  ///   - limiter: The view's limiter.
  ///   - show: Sets the platform view's text as the program does.
  ///   - isComposing: Whether the platform view holds marked text, read after `show`.
  func bindingChanged(
    to value: String, limiter: TextLimiter, show: (String) -> Void, isComposing: () -> Bool
  ) {
    let writeBack = bridge.bindingChanged(to: value, limiter: limiter, show: show)
    write(writeBack, replacing: value, Display(limiter, isComposing: isComposing()))
  }

  /// Writes `text` (if any) to the binding, which holds `stale` until then, and `display`: at
  /// once, or after the update.
  private func write(_ text: String?, replacing stale: String, _ display: Display) {
    guard isUpdating else {
      if let text { writeText(text) }
      writeDisplay(display)
      return
    }
    if text != nil { bridge.publishDeferred(replacing: stale) }
    pendingDisplay = display
    guard !flushScheduled else { return }
    flushScheduled = true
    afterUpdate { [weak self] in self?.flush() }
  }

  /// After the update: the text published during it (unless the program wrote the binding
  /// since), and the last display.
  private func flush() {
    flushScheduled = false
    if bridge.isAwaitingPublish {
      bridge.publishLanded()
      writeText(bridge.published)
    }
    if let display = pendingDisplay {
      pendingDisplay = nil
      writeDisplay(display)
    }
  }
}
