import TextCount
import TextLimit

// Prints counts that Scripts/test-cmake compares with known answers.
let text = "👨‍👩‍👧‍👦 e\u{301}"
let counts = TextUnit.allCases.map { TextCounter(unit: $0).count(text) }
let limited = TextLimit(maxLength: 2).truncated(text)
print(counts.map(String.init).joined(separator: " "), limited == "👨‍👩‍👧‍👦 " ? "ok" : "wrong")
