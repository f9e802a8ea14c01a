import Foundation
import Testing
import TextCount
import TextLimit

/// Input-method sessions on the simulated field: nothing is cut while composing, the committed
/// text is trimmed from its end, the rest of the text is kept.
@Suite struct InputMethodTests {
  @Test func chinesePinyinCommittedAtTheLimit() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 5), text: "abcd")
    for marked in ["n", "ni", "nih", "niha", "nihao"] {
      field.setMarkedText(marked)
      #expect(field.text == "abcd" + marked, "the composition is never cut")
    }
    field.commit("你好")
    #expect(field.text == "abcd你")
    #expect(field.caret == 5)
    #expect(field.events.map(\.reason) == [.compositionTruncated])
    #expect(field.limiter.text == field.text)
  }

  @Test func japaneseKanaToKanjiConversion() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 4), text: "東京")
    for marked in ["k", "か", "かn", "かん", "かんj", "かんじ"] {
      field.setMarkedText(marked)
    }
    #expect(field.text == "東京かんじ")
    field.setMarkedText("漢字")  // conversion replaces the marked kana
    field.commit("漢字")
    #expect(field.text == "東京漢字")
    #expect(field.events.isEmpty)
  }

  @Test func committingInTheMiddleKeepsTheTextAfterTheCaret() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 6), text: "abcdef")
    field.select(NSRange(location: 3, length: 0))
    field.deleteBackward()  // "abdef": room for one
    #expect(field.text == "abdef")
    for marked in ["s", "sh", "shi", "shij", "shije"] { field.setMarkedText(marked) }
    field.commit("世界")
    #expect(field.text == "ab世def")
    #expect(field.caret == 3)
  }

  @Test func startingACompositionAtTheLimitIsRejected() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 3), text: "abc")
    field.setMarkedText("n")
    #expect(field.text == "abc")
    #expect(field.limitHostMarkedTextRange == nil)
    #expect(field.events.map(\.reason) == [.insertionRejected])
  }

  @Test func enforcedCompositionCountsMarkedText() {
    var limit = TextLimit(maxLength: 4)
    limit.composition = .enforced
    let field = SimulatedTextField(limit: limit, text: "ab")
    field.setMarkedText("c")
    field.setMarkedText("cd")
    field.setMarkedText("cde")  // over: keeps what fits
    #expect(field.text == "abcd")
  }

  @Test func koreanHangulSyllablesBuildUp() {
    let field = SimulatedTextField(limit: TextLimit(maxLength: 2), text: "한")
    for marked in ["ㄱ", "그", "글"] { field.setMarkedText(marked) }
    field.commit("글")
    #expect(field.text == "한글")
    field.setMarkedText("ㅇ")  // at the limit: a new composition cannot start
    #expect(field.text == "한글")
  }
}
