#!/usr/bin/env python3
"""Writes Sources/TextCount/Words/_WordBreakTable.swift: UAX #29's Word_Break property of every
code point, and whether it is a letter, number or ideograph, as the Swift standard library of the
toolchain holds them (Unicode 17.0 for Swift 6.3).

  python3 Scripts/generate-word-break-table.py                 # rewrite the Swift file
  python3 Scripts/generate-word-break-table.py --check         # exit 1 if it is out of date
  python3 Scripts/generate-word-break-table.py --output PATH   # write the Swift file elsewhere

Unicode's WordBreakProperty.txt is not in this repository. The standard library implements UAX
#29's word boundaries (for Regex's default word boundaries) over its own Word_Break table, which
Swift's build generates from Unicode's files of the version the library implements; its C entry
point `_swift_stdlib_getWordBreakProperty` is internal, but a program linked with the static
standard library can call it. So this script compiles a short program with `swiftc
-static-stdlib`, runs it over every code point, and writes what it prints. The table gives ten
classes (Extend, Format, Katakana, Hebrew_Letter, ALetter, MidNumLet, MidLetter, MidNum, Numeric,
ExtendNumLet, WSegSpace) and Extended_Pictographic; the library writes the rest into its code,
and so does the generated file: CR (U+000D), LF (U+000A), Newline (U+000B, U+000C, U+0085,
U+2028, U+2029), Double_Quote (U+0022), Single_Quote (U+0027), ZWJ (U+200D), Regional_Indicator
(U+1F1E6-U+1F1FF); everything else is Other. Extended_Pictographic is checked against
Scripts/Unicode/17.0.0/emoji-data.txt. "Letter, number or ideograph" (the words TextLimit counts)
is the library's Alphabetic, General_Category N* or Ideographic.

The independent check of the result is Unicode's WordBreakTest.txt 17.0 (Tests/Fixtures), which
TextLimit's segmentation over this table passes.
"""

import os
import subprocess
import sys

from generated_file import write_or_check
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "TextCount", "Words", "_WordBreakTable.swift")
EMOJI_DATA = os.path.join(ROOT, "Scripts", "Unicode", "17.0.0", "emoji-data.txt")

# The standard library's raw values (stdlib/public/core/UnicodeWordBreak: `init(from:)`).
STDLIB_CLASSES = [
    "extend", "format", "katakana", "hebrewLetter", "aLetter", "midNumLet", "midLetter",
    "midNum", "numeric", "extendNumLet", "wSegSpace",
]
EXTENDED_PICTOGRAPHIC = 11
# The classes the library writes into its code, numbered after its table's (`_WordBreakClass`).
CR, LF, NEWLINE, DOUBLE_QUOTE, SINGLE_QUOTE, ZWJ, REGIONAL_INDICATOR = range(12, 19)

DUMPER = r'''
@_silgen_name("_swift_stdlib_getWordBreakProperty")
func getWordBreakProperty(_ scalar: UInt32) -> UInt8

var out = ""
var start: UInt32 = 0
var previous = ""
func value(_ code: UInt32) -> String {
  guard let scalar = Unicode.Scalar(code) else { return "" }
  let properties = scalar.properties
  let category = properties.generalCategory
  let wordy: Bool
  switch category {
  case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
    .decimalNumber, .letterNumber, .otherNumber:
    wordy = true
  default:
    wordy = properties.isIdeographic
  }
  return "\(getWordBreakProperty(code)) \(wordy ? 1 : 0) \(category)"
}
for code in UInt32(0)...0x10FFFF {
  let current = value(code)
  if current != previous {
    if !previous.isEmpty { out += "\(start) \(code - 1) \(previous)\n" }
    start = code
    previous = current
  }
}
if !previous.isEmpty { out += "\(start) 1114111 \(previous)\n" }
print(out, terminator: "")
'''


def dump():
    """[(first, last, stdlib class, wordy, category)] from the standard library."""
    with tempfile.TemporaryDirectory() as directory:
        source = os.path.join(directory, "dump.swift")
        binary = os.path.join(directory, "dump")
        with open(source, "w") as f:
            f.write(DUMPER)
        compile = subprocess.run(["swiftc", "-O", "-static-stdlib", source, "-o", binary],
                                 capture_output=True, text=True)
        if compile.returncode != 0:
            sys.exit(f"swiftc -static-stdlib failed:\n{compile.stderr}")
        run = subprocess.run([binary], capture_output=True, text=True, check=True)
    ranges = []
    for line in run.stdout.splitlines():
        first, last, raw, wordy, category = line.split()
        ranges.append((int(first), int(last), int(raw), wordy == "1", category))
    return ranges


def repaired(ranges):
    """The library's table, with the ranges its format cut short given back: it stores a
    range's length in 11 bits, so a range of 2,048 code points or more keeps its length modulo
    2,048 (Hangul syllables U+AC00-U+D7A3 end at U+AFA3 there; Egyptian hieroglyphs U+13460-
    U+143FA at U+13BFA). A range is given back what follows it where those code points are in no
    range of the table, of the same General_Category as its last one, for a multiple of 2,048."""
    by_code = {}
    category = {}
    for first, last, raw, wordy, cat in ranges:
        for code in range(first, last + 1):
            category[code] = cat
            if raw < 12:
                by_code[code] = raw
    repairs = []
    code = 0
    while code < 0x110000:
        if code in by_code and code + 1 not in by_code:
            raw, cat = by_code[code], category[code]
            run = 0
            while (code + 1 + run < 0x110000 and code + 1 + run not in by_code
                   and category.get(code + 1 + run) == cat):
                run += 1
            if run > 0 and run % 2048 == 0:
                for extra in range(code + 1, code + 1 + run):
                    by_code[extra] = raw
                repairs.append((code + 1, code + run, raw))
                code += run
        code += 1
    return by_code, repairs


def extended_pictographic():
    codes = set()
    with open(EMOJI_DATA, encoding="utf-8") as f:
        for line in f:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            points, prop = (field.strip() for field in data.split(";"))
            if prop != "Extended_Pictographic":
                continue
            bounds = [int(p, 16) for p in points.split("..")]
            codes.update(range(bounds[0], bounds[-1] + 1))
    return codes


def generate():
    ranges = dump()
    by_code, repairs = repaired(ranges)
    wordy = set()
    for first, last, _, is_wordy, _ in ranges:
        if is_wordy:
            wordy.update(range(first, last + 1))
    # What the library's table says is Extended_Pictographic must be what emoji-data.txt says,
    # but where another class takes the code point first.
    table_pictographic = {code for code, raw in by_code.items() if raw == EXTENDED_PICTOGRAPHIC}
    data_pictographic = extended_pictographic()
    if not table_pictographic <= data_pictographic:
        extra = sorted(table_pictographic - data_pictographic)[:5]
        sys.exit(f"the library's Extended_Pictographic holds code points emoji-data.txt lacks: {extra}")
    # One value a code point: the class (0: Other) in bits 0-4, bit 5 Extended_Pictographic
    # (emoji-data.txt's), bit 6 a letter, number or ideograph. The library's raw values 0-10
    # are classes 1-11 here.
    values = {}
    for code, raw in by_code.items():
        if raw < len(STDLIB_CLASSES):
            values[code] = raw + 1
    for code in wordy:
        values[code] = values.get(code, 0) | 64
    # The classes the library writes into its code, over its table's, as it does.
    written = {0x0D: CR, 0x0A: LF, 0x0B: NEWLINE, 0x0C: NEWLINE, 0x85: NEWLINE, 0x2028: NEWLINE,
               0x2029: NEWLINE, 0x22: DOUBLE_QUOTE, 0x27: SINGLE_QUOTE, 0x200D: ZWJ}
    written.update({code: REGIONAL_INDICATOR for code in range(0x1F1E6, 0x1F200)})
    for code, klass in written.items():
        values[code] = (values.get(code, 0) & 64) | klass
    for code in data_pictographic:
        values[code] = values.get(code, 0) | 32
    merged = []
    for code in range(0x110000):
        value = values.get(code, 0)
        if merged and merged[-1][2] == value and merged[-1][1] == code - 1:
            merged[-1][1] = code
        else:
            merged.append([code, code, value])
    merged = [entry for entry in merged if entry[2] != 0]
    lines = [
        "// Generated by Scripts/generate-word-break-table.py — do not edit",
        "// Input: the Word_Break table and Unicode properties of the standard library of the",
        "// toolchain that ran it (Unicode 17.0 in Swift 6.3), and Scripts/Unicode/17.0.0/",
        "// emoji-data.txt (Unicode License v3).",
        "",
        "/// UAX #29's Word_Break property by code point ranges, with Extended_Pictographic and",
        "/// whether the code point is a letter, number or ideograph (General_Category L* or N*,",
        "/// or Ideographic).",
        "///",
        "/// The library's table stores a range's length in 11 bits: ranges of 2,048 code points or",
        "/// more come out short, and the generator gives them back (their class goes on over code",
        "/// points of the same General_Category, for a multiple of 2,048):",
    ] + [f"/// U+{first:04X}-U+{last:04X} {STDLIB_CLASSES[raw]}." for first, last, raw in repairs] + [
        "enum _WordBreakTable {",
        "  /// Three numbers a range: its first and last code points, and its value (bits 0-4 the",
        "  /// class's raw value, `_WordBreakClass`; bit 5 Extended_Pictographic; bit 6 a letter,",
        "  /// number or ideograph). Sorted; a code point in none is Other, and none of the three.",
        "  static let ranges: [UInt32] = [",
    ]
    for first, last, value in merged:
        lines.append(f"    0x{first:X}, 0x{last:X}, {value},")
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def main():
    return write_or_check(generate, OUTPUT, sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
