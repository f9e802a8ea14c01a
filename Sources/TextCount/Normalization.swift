/// A Unicode normalization form to apply before counting, as servers that normalize on write do.
///
/// Normalization is applied grapheme cluster by grapheme cluster (canonical composition never
/// crosses a cluster boundary: the marks and jamo it joins are part of the cluster).
public enum Normalization: Sendable, Hashable {
  /// Count the text as it is.
  case none
  /// Canonical composition (NFC): `e` + U+0301 counts as `é`.
  case nfc
  /// Compatibility composition (NFKC): `ﬁ` counts as `fi`, `①` as `1`.
  case nfkc
}
