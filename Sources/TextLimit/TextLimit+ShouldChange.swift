internal import TextCount

#if !hasFeature(Embedded)
  public import Foundation
#endif

extension TextLimit {
  /// Decides an edit before it happens: UIKit's `shouldChangeCharactersIn` /
  /// `shouldChangeTextIn`.
  ///
  /// - A pure deletion is always accepted, even over the limit (rule 4). Under a `.soft`
  ///   `enforcement`, every edit is.
  /// - An insertion that fits is accepted. One that does not keeps the longest prefix of the
  ///   replacement that fits, never splitting a grapheme cluster, and never losing text after the
  ///   caret; the caret goes after the kept part (rules 3, 5, 6). If nothing fits, it is rejected.
  /// - With `.truncateAfterCompositionEnds`, edits inside `markedTextRange` are accepted even over
  ///   the limit; `textDidChange` trims the committed text (rule 7).
  /// - A range outside the text or inside a surrogate pair is repaired, and the repaired edit is
  ///   returned as `.replace`, so the host never applies an invalid range (rule 9).
  ///
  /// ```swift
  /// let limit = TextLimit(maxLength: 5)
  /// limit.shouldChangeText("abcd", in: NSRange(location: 2, length: 0), replacementText: "XYZ")
  /// // .replace(text: "abXcd", selectedRange: {3, 0})
  /// ```
  /// - Parameters:
  ///   - text: The text before the edit.
  ///   - range: The UTF-16 range the edit replaces.
  ///   - replacementText: What the user typed, pasted or the input method produced.
  ///   - markedTextRange: The marked (composing) text's UTF-16 range before the edit, if any.
  /// - Complexity: O(n × rules) to count, plus O(n × rules × log k) when an insertion of k
  ///   clusters must be shortened. `TextLimiter` does the same in time proportional to the edit.
  public func shouldChangeText(
    _ text: String, in range: NSRange, replacementText: String, markedTextRange: NSRange? = nil
  ) -> TextEditDecision {
    _evaluateEdit(
      in: _StringDocument(text: text), range: range, replacementText: replacementText,
      markedTextRange: markedTextRange
    ).decision
  }

  /// What an edit comes to, for both hooks and for `TextLimiter`.
  struct _EditOutcome {
    var decision: TextEditDecision
    /// The repaired range the edit replaces, in UTF-16 offsets of the old text.
    var range: Range<Int>
    /// What of the replacement is kept (nil: the edit is rejected).
    var kept: Substring?
    /// Set when the limit prevented, shortened or filtered the edit (rule 10).
    var event: LimitEvent?
  }

  func _evaluateEdit(
    in document: some _LimitedDocument, range: NSRange, replacementText: String,
    markedTextRange: NSRange?, reportsEvents: Bool = true
  ) -> _EditOutcome {
    let (range, wasRepaired) = document.repairedRange(range)
    var replacement = replacementText
    var reason: LimitEvent.Reason? = nil
    if !allowsEmoji {
      let filtered = _EmojiFilter.removingEmoji(from: replacementText)
      if filtered != replacementText {
        replacement = filtered
        reason = .emojiRemoved
      }
    }
    func event(keeping kept: Substring?, _ reason: LimitEvent.Reason?) -> LimitEvent? {
      guard let reason, reportsEvents else { return nil }
      return LimitEvent(
        before: document, range: range, attempted: replacementText, kept: kept.map(String.init),
        reason: reason)
    }
    /// Accept the edit as given, or tell the host to apply the repaired/shortened one.
    func applying(_ kept: Substring) -> _EditOutcome {
      let unchanged = !wasRepaired && kept.utf8.count == replacementText.utf8.count
      let decision: TextEditDecision
      if unchanged {
        decision = .accept
      } else {
        let text = document.text(replacing: range, with: kept)
        let caret = text._caretOnBoundary(atUTF16Offset: range.lowerBound + kept.utf16.count)
        decision = .replace(text: text, selectedRange: caret)
      }
      return _EditOutcome(
        decision: decision, range: range, kept: kept, event: event(keeping: kept, reason))
    }

    let isInsideComposition =
      composition == .truncateAfterCompositionEnds
      && markedTextRange.map { marked in
        marked.location <= range.lowerBound
          && range.upperBound <= marked.location + max(marked.length, 0)
      } == true
    if replacement.isEmpty && !replacementText.isEmpty {  // only emoji, and none allowed
      return _EditOutcome(
        decision: .reject, range: range, kept: nil, event: event(keeping: nil, reason))
    }
    // Rule 4: deleting is always allowed; rule 7: so is composing; a soft limit refuses nothing.
    if replacement.isEmpty || isInsideComposition || enforcement == .soft
      || document.fits(self, replacing: range, with: replacement[...])
    {
      return applying(replacement[...])
    }
    let kept = _longestFittingPrefix(of: replacement, in: document, replacing: range)
    guard let kept, !kept.isEmpty else {
      return _EditOutcome(
        decision: .reject, range: range, kept: nil,
        event: event(keeping: nil, .insertionRejected))
    }
    reason = .insertionTruncated
    return applying(kept)
  }

  /// The range an edit from iOS 26's multi-range hook replaces: `range`, or the marked text when
  /// `range` is empty and sits just after non-empty marked text. iOS 26 reports an input
  /// method's commit so (`[{2, 0}]` with "王" after the marked "ㄨㄤ", where iOS 18 sent
  /// `{0, 2}` to the one-range hook), and the field replaces the marked text: counted as an
  /// insertion after it, the commit would count the marked text twice.
  static func _committedRange(_ range: NSRange, markedTextRange: NSRange?) -> NSRange {
    guard let marked = markedTextRange, marked.length > 0, range.length == 0,
      marked.location != NSNotFound, range.location == marked.location + marked.length
    else { return range }
    return marked
  }

  /// The longest prefix of `replacement` that ends on a grapheme boundary (as segmented after the
  /// text before `range`) and with which the document fits; the empty prefix when only it fits;
  /// nil when not even the empty one does.
  ///
  /// Lengths need not grow with the prefix: the text after `range` may join the prefix's last
  /// cluster (a trailing ZWJ before an emoji, a lone regional indicator before another), which
  /// can lower a count in any unit but UTF-8, UTF-16 and scalars. So every cut is measured, in
  /// one pass: the length with the first cluster comes from the document; each further cluster
  /// adds its own length, and the junction term (how much the text after `range` changes when
  /// that cluster precedes it instead of the one before) is counted on the cluster and the head
  /// of that text up to its first certain boundary, never on the whole text.
  /// - Complexity: O(k + c × h) counting for a replacement of k UTF-8 bytes in c clusters and a
  ///   head of h bytes (usually a scalar or two), plus two document queries.
  func _longestFittingPrefix(
    of replacement: String, in document: some _LimitedDocument, replacing range: Range<Int>
  ) -> Substring? {
    // Units that do not add up cluster by cluster: post lengths, words, stringz, SMS segments.
    if rules.contains(where: { $0.unit.isPost || $0.unit.isCountedInOrder }) {
      return _longestFittingPostPrefix(of: replacement, in: document, replacing: range)
    }
    let last = document.lastCharacter(before: range.lowerBound)
    let context = last.map(String.init) ?? ""
    let cuts = Self._clusterEnds(of: replacement, after: last)
    let utf8 = replacement.utf8
    func piece(_ from: Int, _ to: Int) -> Substring {
      let start = utf8.index(utf8.startIndex, offsetBy: from)
      return Substring(utf8[start..<utf8.index(start, offsetBy: to - from)])
    }
    var best: Int? = nil
    if cuts.count > 1 {
      let head = String(document.headBeforeCertainBoundary(from: range.upperBound))
      let headLengths = lengths(of: head)
      /// How much longer `cluster + head` is than the two apart (`cluster` starts a cluster).
      func junction(_ cluster: String) -> [Int] {
        let apart = lengths(of: cluster)
        return zip(lengths(of: cluster + head), zip(apart, headLengths)).map { $0 - $1.0 - $1.1 }
      }
      // With the first cluster (which may complete the context's cluster), measured whole.
      var total = document.lengths(self, replacing: range, with: piece(0, cuts[1]))
      if allows(total) { best = 1 }
      var previousJunction = cuts.count > 2 ? junction(context + piece(0, cuts[1])) : []
      for index in 2..<max(cuts.count, 2) {
        let cluster = String(piece(cuts[index - 1], cuts[index]))
        let clusterJunction = junction(cluster)
        let clusterLengths = lengths(of: cluster)
        for rule in total.indices {
          total[rule] += clusterLengths[rule] + clusterJunction[rule] - previousJunction[rule]
        }
        if allows(total) { best = index }
        previousJunction = clusterJunction
      }
    }
    if let best { return Substring(utf8.prefix(cuts[best])) }
    return document.fits(self, replacing: range, with: "") ? "" : nil
  }

  /// `_longestFittingPrefix` under a post length, which does not add up cluster by cluster (a
  /// URL counts 23 once it is whole, and it is kept whole or not at all), and under the other
  /// units that do not (words, stringz, SMS segments): the cuts that fall inside no URL, mention
  /// or word of the text the whole replacement makes are searched by halves,
  /// each measured on the document, then the one found is stepped back from until it fits (a
  /// prefix may read differently from the whole: `https://t.co` cut from a link whose slug is too
  /// long).
  /// - Complexity: O((n + w) log c) for a text of n bytes, c clusters in the replacement and a
  ///   document window of w.
  func _longestFittingPostPrefix(
    of replacement: String, in document: some _LimitedDocument, replacing range: Range<Int>
  ) -> Substring? {
    let last = document.lastCharacter(before: range.lowerBound)
    let cuts: [Int] = Self._clusterEnds(of: replacement, after: last)
    var whole = document.text(replacing: range, with: replacement[...])
    let start = whole.utf8.distance(
      from: whole.startIndex, to: String.Index(utf16Offset: range.lowerBound, in: whole))
    let keptWhole = whole.withUTF8 { utf8 in
      rules.flatMap { rule -> [Range<Int>] in
        guard case .post(let length) = rule.unit else { return [] }
        return _PostCount.keptWhole(UnsafeRawBufferPointer(utf8), length: length)
      }
    }
    let candidates: [Int] = cuts.filter { cut in
      let offset = start + cut
      return !keptWhole.contains { $0.lowerBound < offset && offset < $0.upperBound }
    }
    func prefix(_ index: Int) -> Substring {
      Substring(replacement.utf8.prefix(candidates[index]))
    }
    // A word limit never cuts inside a word of the text it makes: the kept part ends where one
    // of that text's words does not go on.
    let limitsWords = rules.contains { $0.unit == .words }
    func endsInsideAWord(_ index: Int) -> Bool {
      guard limitsWords, index > 0 && candidates[index] < replacement.utf8.count else {
        return false
      }
      var text = document.text(replacing: range, with: prefix(index))
      let end = start + candidates[index]
      return text.withUTF8 { utf8 in
        TextCounter.wordRanges(utf8: UnsafeRawBufferPointer(utf8)).contains {
          $0.lowerBound < end && end < $0.upperBound
        }
      }
    }
    func fits(_ index: Int) -> Bool {
      document.fits(self, replacing: range, with: prefix(index)) && !endsInsideAWord(index)
    }
    var (low, high) = (0, candidates.count - 1)  // candidates[0] is 0: keep nothing
    guard fits(0) else { return nil }
    while low < high {
      let middle = (low + high + 1) / 2
      if fits(middle) { low = middle } else { high = middle - 1 }
    }
    while low > 0 && !fits(low) { low -= 1 }
    return prefix(low)
  }

  /// UTF-8 offsets in `replacement` where a grapheme cluster ends once it follows `context`
  /// (the cluster before the insertion point), starting with 0 (keep nothing). A leading mark
  /// that joins the context's cluster is not a cluster of its own: no cut falls inside it.
  static func _clusterEnds(of replacement: String, after context: Character?) -> [Int] {
    let context = context.map(String.init) ?? ""
    let contextLength = context.utf8.count
    var cuts = [0]
    var offset = 0
    for character in context + replacement {
      offset += character.utf8.count
      if offset > contextLength { cuts.append(offset - contextLength) }
    }
    return cuts
  }
}
