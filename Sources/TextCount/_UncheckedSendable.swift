/// A value shared across threads whose safety the code around it ensures (a table built once
/// and never written again; a buffer whose slots each thread writes its own of): the claim made
/// in one place. (`nonisolated(unsafe)` on the same declarations is needed by the SDKs whose
/// unsafe pointers are not `Sendable`, iOS 18 and Linux, and warned about as unnecessary by the
/// macOS 14 SDK, whose pointers are.)
struct _UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}
