// SIMD kernels for TextCount's fast path, with AVX-512 or AVX2 where an x86-64 CPU has it and
// NEON on 64-bit ARM (one set of loops over 64-byte blocks, kernel_loops.h, with each instruction
// set's block primitives in kernels_avx512.c, kernels_avx2.c and kernels_neon.c): long runs of
// well-formed
// UTF-8 counted in code units; runs of grapheme clusters that need no state machine, counted or
// measured in a unit per cluster (display width, weights); and every other well-formed run
// through the grapheme automaton, found and decoded without a branch per scalar, or in runs of
// one script's text with boundary masks, counted in clusters or measured in such a unit. Only
// TextCount's Backends/_VectorKernels.swift calls them.
#ifndef CTEXTCOUNTKERNELS_H
#define CTEXTCOUNTKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// A run of well-formed UTF-8: where it ends (a scalar boundary), how many scalars it holds, and
/// how many of them are supplementary (4 bytes in UTF-8, a surrogate pair in UTF-16).
typedef struct {
  size_t end;
  size_t scalars;
  size_t supplementary;
} textcount_utf8_run;

/// The short-text counters of TextCount's named units (`_ShortCounters`), each made on first
/// use and kept for the process: NULL until then. Read with an acquire load, so that what a
/// pointer points to is seen as written, with no lock and no one-time initialisation on the
/// path of a call.
#define TEXTCOUNT_SHORT_COUNTER_SLOTS 16
extern const void *textcount_short_counter_slots[TEXTCOUNT_SHORT_COUNTER_SLOTS];

static inline const void *textcount_short_counter(size_t index) {
  return __atomic_load_n(&textcount_short_counter_slots[index], __ATOMIC_ACQUIRE);
}

/// Sets counter `index` (below TEXTCOUNT_SHORT_COUNTER_SLOTS) to `counter` unless another
/// thread did first; returns the counter in place either way.
const void *textcount_publish_short_counter(size_t index, const void *counter);

/// 1 if this CPU (and OS) run the vector kernels, else 0; then the kernels count nothing.
int textcount_kernels_available(void);

/// The instruction set the kernels use on this CPU: "avx512", "avx2", "neon", or "none".
const char *textcount_kernels_name(void);

/// Counts the longest well-formed prefix of `bytes[start..<length]` that the kernel can take in
/// 64-byte blocks, stopping before the first block that holds ill-formed or unfinished UTF-8.
/// `start` must be where a scalar starts. Returns `end == start` when it took nothing.
textcount_utf8_run textcount_count_well_formed(const uint8_t *bytes, size_t start, size_t length);

/// How many kinds of scalar stringz's automaton tells apart (`textcount_stringz_automaton`).
#define TEXTCOUNT_STRINGZ_KINDS 8

/// A step of `textcount_stringz_automaton.steps` the kernel does not take: it stops before the
/// scalar, which the scalar loop reads.
#define TEXTCOUNT_STRINGZ_STOP 0xFF

/// stringz's matches (`_StringzScanner`: char-regex 1.0.2) as an automaton over kinds of
/// scalar, built by `_StringzScanner`: each scalar's kind (U+c's is
/// `kinds[kindBlocks[c >> 8] + (c & 0xFF)]`), and for each place the open match stands in
/// (`placeCount` of them) and kind, the matches the scalar opens (the high four bits) and the
/// place after it (the low four), at `steps[place * TEXTCOUNT_STRINGZ_KINDS + kind]`, or
/// TEXTCOUNT_STRINGZ_STOP. Place 0 is where no match is open; kinds 0 and 1 are scalars below
/// and above U+10000 that join nothing before them and start no sequence (at most 16 places).
/// `tripleSteps` are three steps at once: at `((first * (TEXTCOUNT_STRINGZ_KINDS + 1) + second)
/// * (TEXTCOUNT_STRINGZ_KINDS + 1) + third) * 16 + place`, the matches the three open and the
/// place after the last (`second` and `third` may be TEXTCOUNT_STRINGZ_KINDS, no scalar: no
/// step), or TEXTCOUNT_STRINGZ_STOP where any of the three stops (and in the places from
/// `placeCount` to 16, which no step leads to). The place is the index's last part, so that the
/// chain from one step to the next is a load and an addition. A place an ordinary scalar leaves
/// must be one where the next ordinary scalar opens a match, as in place 0.
typedef struct {
  const uint32_t *kindBlocks;
  const uint8_t *kinds;
  const uint8_t *steps;
  const uint8_t *tripleSteps;
  uint32_t placeCount;
} textcount_stringz_automaton;

/// A run of stringz's matches: where it ends, the matches it opens, the place after it.
typedef struct {
  size_t end;
  size_t matches;
  uint8_t place;
} textcount_stringz_run;

/// Counts stringz's matches (`_StringzScanner`: char-regex 1.0.2) that open in the longest run
/// from `start` that the kernel takes in 64-byte blocks, the open match before it standing in
/// `place` (below `placeCount`, and not one whose row of steps stops). A block where no scalar
/// may join the match before it or start a sequence (none has a lead and the bytes after it of
/// CC, CD, E1 AA, E1 AB, E1 B7, E2 83, E2 80 8D, EF B8, F0 9F 87, F0 9F 8F: the combining marks
/// char-regex takes, U+FE0E, U+FE0F, U+200D, regional indicators, skin tones and U+1F3F4, and
/// the scalars beside them in the same leads) is counted at once, where the place before it
/// lets each of its scalars open a match; any other through the automaton, three scalars a
/// step. It stops before the first block with ill-formed UTF-8 (giving back a scalar the block
/// before left unfinished), before a scalar whose step is TEXTCOUNT_STRINGZ_STOP, and leaves
/// the last 69 bytes or fewer to the caller. `start` must be where a scalar starts.
textcount_stringz_run textcount_count_stringz_matches(
  const uint8_t *bytes, size_t start, size_t length, uint8_t place,
  const textcount_stringz_automaton *automaton);

/// The end of the longest run of ASCII bytes from `start` (with `gsmOnly`, of the GSM 7-bit
/// default alphabet's characters of one septet: LF, CR, 20–5A, 5F, 61–7A) that the kernel takes
/// in 64-byte blocks, up to the first byte that is not one; it leaves fewer than 64 bytes at the
/// end to the caller. `start` where it took nothing. For SMS messages (`_SMSScanner`), in which
/// each such byte is a septet, a UTF-16 code unit and a piece of its own.
size_t textcount_sms_ascii_run(const uint8_t *bytes, size_t start, size_t length, int gsmOnly);

/// The scalars of well-formed UTF-8 from `start` (where a scalar starts) that the kernel takes
/// in 64-byte blocks, up to the first scalar of four bytes (above U+FFFF: two UTF-16 code units),
/// where it ends; without one, it ends after the last whole block, which may be inside a scalar
/// (the scalars counted are those whose first byte is before the end), and leaves fewer than 64
/// bytes to the caller. `supplementary` is 0. `start` as the end where it took nothing. For UCS-2
/// SMS messages (`_SMSScanner`), whose runs of standalone scalars are pieces of one code unit
/// but those above U+FFFF. It does not check the bytes: the caller's are well-formed.
textcount_utf8_run textcount_count_to_supplementary(
  const uint8_t *bytes, size_t start, size_t length);

/// A run of grapheme clusters: where it ends (a scalar boundary) and how many clusters start in it.
typedef struct {
  size_t end;
  size_t clusters;
} textcount_cluster_run;

/// Which scalars are *standalone*: never joined to a standalone neighbour in a grapheme cluster,
/// except CR LF. Every class is standalone but Extend, ZWJ, SpacingMark, Prepend,
/// Regional_Indicator and Hangul L, V and T.
typedef struct {
  /// Bit `c & 7` of byte `c >> 3` is set when U+c is standalone, for c < 0x20000. Above, every
  /// scalar is standalone but U+E0000–U+E0FFF.
  const uint8_t *bitmap;
  /// Lead bytes whose every scalar is standalone:
  /// `leadByLowNibble[b & 15] & leadByHighNibble[b >> 4]` is nonzero for them.
  uint8_t leadByLowNibble[16];
  uint8_t leadByHighNibble[16];
} textcount_standalone_map;

/// A run of text and the words that start in it, and how far the kernel read: `scanned`, the
/// start of the block where it met a byte it does not take (or of the bytes it leaves at the
/// end). Where `end` is before it, the bytes from `end` to `scanned` are all ones after which no
/// run may end (extends, `_`, middle characters), so that no run from one of them ends before
/// `scanned`: a caller need not ask again for a run that starts there.
typedef struct {
  size_t end;
  size_t words;
  size_t scanned;
} textcount_word_run;

/// How many ranges of rows of emoji the word kernel's window planes give (`_WordWindowPlanes`).
#define TEXTCOUNT_WORD_EMOJI_ROW_RANGES 3

/// Counts the words that start (`_WordScanner`: UAX #29's word boundaries) in the longest run
/// from `start` that the kernel takes in 64-byte blocks, reading up to three bytes past each
/// (a scalar that runs past a block starts the next): ASCII; the two-byte scalars whose leads
/// (C2–DF) `letterLeads` has, by its nibble tables only (each of their scalars must be a letter
/// of class ALetter; NULL for none); and, with `windowPlanes`, blocks of two- and three-byte
/// scalars of any windows of 128 code points (U+c's window is `c >> 7`): by the window's eight
/// bitmaps of 16 bytes at `windowPlanes + 128 * window` (bit `p & 7` of byte `p >> 3` for the
/// place `p` in the window) where they are of one window, else the ideographs of the range
/// `windowPlanes + 65536` gives (the first two bytes of its first and last scalar) at once,
/// then by the planes of the first two windows of the others (`windowPlanes[65552 + window]`
/// says which planes a window has scalars in), then the rest a scalar at a time by the table
/// from `windowPlanes + 66064` (256 block numbers for U+0000–U+FFFF, then blocks of 256 bytes,
/// each a scalar's planes a bit each); with them, the emoji and symbols of four bytes F0 9F
/// whose third byte is in one of TEXTCOUNT_WORD_EMOJI_ROW_RANGES ranges (`windowPlanes + 65540`,
/// the first and last third byte of each), all of no word: as characters of no word; and those
/// of the row whose third byte `windowPlanes[65546]` is (0xFF for none), as extends where their
/// fourth byte is from `windowPlanes[65547]` to `windowPlanes[65548]` (the skin tones), else as
/// characters of no word. The planes say of each scalar whether it is a letter
/// (ALetter and a letter), a digit (Numeric and a number), an ideograph (Other and a letter,
/// number or ideograph: a word of its own), an extend (Extend, Format or ZWJ and no word
/// character; the Extended_Pictographic scalars a ZWJ joins, WB3c, are of no word or stops),
/// a stop (any other class; ill-formed sequences), Katakana (and a letter), or a middle
/// character that joins letters (MidLetter, MidNumLet) or digits (MidNum, MidNumLet); a scalar
/// in none is of no word and joins nothing. It stops at the first byte it does not take, before
/// an extend after a `.`, `'`, `:`, `,` or `;`, at a middle character of more than one byte
/// after a letter (one that joins letters) or a digit (one that joins digits), at a `_` beside
/// Katakana and at Katakana after a `_` or an extend
/// not its own; it ends after the last scalar taken that is not an extend, `_` or one of those
/// ASCII middle characters (what follows decides about them), and leaves 67 bytes or fewer at
/// the end to the caller. A word is a run of letters, digits and `_` that holds a letter or
/// digit (WB5, WB8–WB10, WB13a, WB13b), the extends in it attached (WB4), two such runs joined
/// where a middle character stands between two letters (`.`, `'` or `:`, WB6–WB7) or two digits
/// (`.`, `'`, `,` or `;`, WB11–WB12), the first with the extends attached to it; a run of
/// Katakana with the extends attached (WB13); or an ideograph. `before` says what the unit
/// before `start` is, where its segment is a word: 1 a letter's class (ALetter, not
/// Hebrew_Letter), 2 a digit's (Numeric); else 0. No boundary may wait for `start`, the unit
/// before may not be Hebrew_Letter, Katakana, ExtendNumLet or Single_Quote (after a Hebrew
/// letter, WB7 joins a letter to it), and the scalar before not a ZWJ.
textcount_word_run textcount_count_word_run(const uint8_t *bytes, size_t start, size_t length,
  unsigned before, const textcount_standalone_map *letterLeads, const uint8_t *windowPlanes);

/// Counts the grapheme clusters of the longest run of well-formed, standalone scalars from
/// `start` that the kernel takes in 64-byte blocks. Lead bytes in the map's nibble tables need no
/// look; nor do kana and CJK punctuation (lead E3) in blocks dense in them, told from the few
/// marks under that lead by the two bytes after it; other scalars get a bitmap look-up. It stops
/// at the first scalar that is not standalone, before the first block with ill-formed or
/// unfinished UTF-8, and leaves fewer than 64 bytes at the end to the caller. `start` must be
/// where a scalar starts, and the scalar before it must be standalone and not a CR: then a
/// boundary precedes every scalar in the run but an LF after a CR.
textcount_cluster_run textcount_count_standalone_clusters(
  const uint8_t *bytes, size_t start, size_t length, const textcount_standalone_map *map);

/// The grapheme-break automaton of TextCount's utf8proc backend, in the layout the automaton
/// kernel reads (built by `_GraphemeClassTable` and `_GraphemeBreakAutomaton`, never freed).
typedef struct {
  /// The class table: the class of U+c is `classes[classBlocks[c >> 8] + (c & 0xFF)]`.
  const uint32_t *classBlocks;
  const uint8_t *classes;
  /// The automaton: from state `s` (a row offset), a scalar of class `k` leads to
  /// `nextStates[s | k]`, and a boundary precedes it when `breaks[s | k]` is 1.
  const uint16_t *nextStates;
  const uint8_t *breaks;
  /// Per state number (`s >> 7`): 1 when the scalar before is standalone and not a CR.
  const uint8_t *standaloneEnds;
  /// The automaton two scalars a step (built by `_GraphemeBreakPairSteps`), which the kernel
  /// runs on. Each class has a column offset (three times its index), and
  /// `pairColumns[classBlocks[c >> 8] + (c & 0xFF)]` is that of U+c's class. A state is
  /// `number * pairRowWidth + b`, b the boundaries (0-2) the step into it found; from state `p`,
  /// two scalars of column offsets `f` then `g` lead to `pairSteps[f * pairClassCount + g + p]`.
  /// Index `pairClassCount - 1` stands for no second scalar, and column
  /// `pairClassCount * (pairClassCount - 1)` holds each row's state number.
  const uint16_t *pairSteps;
  const uint8_t *pairColumns;
  /// The column offsets of U+0000–U+FFFF in one flat table: `bmpPairColumns[c]` is
  /// `pairColumns[classBlocks[c >> 8] + (c & 0xFF)]`, one load instead of two in blocks with no
  /// four-byte scalar.
  const uint8_t *bmpPairColumns;
  uint32_t pairClassCount;
  uint32_t pairRowWidth;
  /// The boundary masks (see `textcount_class_flags`), for blocks whose non-ASCII scalars are
  /// all in one window of 128 code points (U+0080–U+FFFF, `c >> 7`) and as long in UTF-8
  /// (Devanagari, Arabic, most scripts of a line): per window, 128 bytes, the bit of each of
  /// its scalars in each flag's plane (flag `1 << k`: bytes `16 * k` to `16 * k + 15`, bit
  /// `c & 7` of byte `(c & 0x7F) >> 3`), and `windowFlags[w]` every flag of window `w`'s
  /// scalars, or `TEXTCOUNT_WINDOW_NOT_MASKED` for a window whose UTF-8 the masks do not
  /// validate (the surrogates'). NULL where the ASCII classes are not as the masks take them:
  /// then every block takes the automaton.
  const uint8_t *windowPlanes;
  const uint8_t *windowFlags;
  /// Per state number, what a block's masks carry in from the scalar before it
  /// (`textcount_mask_carries`).
  const uint8_t *stateCarries;
  /// The state number after a scalar of class `k` (the class byte) that is
  /// (`TEXTCOUNT_MASK_STATE_INDIC`) or is not in a GB9c sequence, where a linker was
  /// (`TEXTCOUNT_MASK_STATE_LINKER`) or was not seen since a boundary or GB9c's last join,
  /// and no emoji or regional-indicator sequence is open: `stateAfterClass[k * 4 + those]`,
  /// or `0xFFFF` where the automaton has no such state.
  const uint16_t *stateAfterClass;
} textcount_cluster_automaton;

/// What the automaton kernel's boundary masks know of a class (`windowPlanes`): its bits. Every
/// ASCII scalar is `Other` with none of them, but U+0000–U+001F and U+007F, which are controls
/// (U+000D CR and U+000A LF among them). With these, a boundary precedes a scalar unless it is
/// an LF after a CR (GB3), or neither it nor the scalar before is a control (GB4, GB5) and it
/// joins (GB9, GB9a) or it is a linking consonant after `Consonant [Extend Linker]* Linker
/// [Extend Linker]*` (GB9c).
enum {
  /// Control, CR or LF.
  TEXTCOUNT_CLASS_CONTROL = 1,
  /// Extend, ZWJ or SpacingMark.
  TEXTCOUNT_CLASS_JOINS = 2,
  /// A linking consonant (Other), or with `TEXTCOUNT_CLASS_INDIC_EXTEND` a linker (a virama).
  TEXTCOUNT_CLASS_CONSONANT_OR_LINKER = 4,
  /// Extend or ZWJ that continues a GB9c sequence: the linkers, and all others but U+200C.
  TEXTCOUNT_CLASS_INDIC_EXTEND = 8,
  /// A class whose rules the masks leave to the automaton (a block with one takes it):
  /// Extended_Pictographic and Regional_Indicator (GB11, GB12, GB13), Prepend and the Hangul
  /// syllable types (GB6–GB9b), and a class whose flags do not go together as the masks expect.
  TEXTCOUNT_CLASS_AUTOMATON_ONLY = 16,
};

/// What the boundary masks carry into a block from the automaton's state (`stateCarries`).
enum {
  /// The scalar before is a control, CR or LF.
  TEXTCOUNT_CARRY_CONTROL = 1,
  /// It is a CR.
  TEXTCOUNT_CARRY_CR = 2,
  /// It is a linking consonant.
  TEXTCOUNT_CARRY_CONSONANT = 4,
  /// It continues a GB9c sequence.
  TEXTCOUNT_CARRY_INDIC = 8,
  /// A linker was seen since a boundary or GB9c's last join.
  TEXTCOUNT_CARRY_LINKER = 16,
  /// The masks cannot go on from this state (an emoji or regional-indicator sequence is open,
  /// or the scalar before is a Prepend or Extended_Pictographic): the block takes the automaton.
  TEXTCOUNT_CARRY_AUTOMATON_ONLY = 128,
};

/// A window the masks do not take (`windowFlags`).
enum { TEXTCOUNT_WINDOW_NOT_MASKED = 128 };

/// The flags of `stateAfterClass`'s index.
enum { TEXTCOUNT_MASK_STATE_LINKER = 1, TEXTCOUNT_MASK_STATE_INDIC = 2 };

/// A run counted through the automaton: where it ends (a scalar boundary), how many clusters
/// start in it, and the automaton's state after it.
typedef struct {
  size_t end;
  size_t clusters;
  uint16_t state;
} textcount_automaton_run;

/// Counts the grapheme clusters of the longest well-formed run from `start` that the kernel takes
/// in 64-byte blocks, from automaton state `state`: a block whose non-ASCII scalars are all in
/// one window of 128 code points and as long in UTF-8 with the boundary masks
/// (`windowPlanes`), any other every scalar through the automaton (two scalars a step, on
/// `pairSteps`; where a block has no four-byte scalar, each scalar's column from
/// `bmpPairColumns`), with no branch on the scalars' widths. It stops before the first block with
/// ill-formed UTF-8, after a block where no scalar joined the one before it and the last is
/// standalone (the text has turned standalone: the cluster kernel's turn), and leaves the last
/// 67 bytes or fewer to the caller.
/// `start` must be where a scalar starts.
textcount_automaton_run textcount_count_clusters_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state,
  const textcount_cluster_automaton *automaton);

/// How the pieces of a UCS-2 SMS message fill its parts so far (`_SMSScanner.Packing`): the
/// UTF-16 code units of all pieces, the parts they fill (pieces packed in order, a part ending
/// where the next piece does not fit in its 67 units), and the units in the last part.
typedef struct {
  size_t units;
  size_t parts;
  size_t used;
} textcount_sms_packing;

/// A run of a UCS-2 message's clusters packed whole into parts: where it ends (a cluster
/// boundary) and the packing after its clusters.
typedef struct {
  size_t end;
  textcount_sms_packing packing;
} textcount_sms_packing_run;

/// Packs the grapheme clusters from `start` whole into the parts of a UCS-2 SMS message (each
/// cluster a piece of its UTF-16 code units, a CR LF two pieces as Twilio splits it), from
/// `packing` (the clusters closed before `start`), automaton state `state`, and the cluster open
/// before `start` (`open` code units, 0 for none), in 64-byte blocks: those the automaton
/// kernel's boundary masks take (all non-ASCII scalars in one window of 128 code points, two or
/// three bytes long: each one code unit, and no CR) at once, the others a scalar at a time
/// through the automaton (but the ASCII inside runs of it). It ends at the last boundary in the
/// blocks it took (the cluster open there is the caller's, and the state there that of the
/// start of text), before a cluster of more than 67 units (which is split between its
/// scalars), before ill-formed bytes, where the text turns standalone (a block whose every
/// scalar starts a cluster, the last standalone), or at `start` where it took no block (the
/// packing then given back may hold the open cluster, closed there); it leaves the last 67
/// bytes or fewer to the caller. `start` must be where a scalar starts.
textcount_sms_packing_run textcount_pack_ucs2_clusters(const uint8_t *bytes, size_t start,
  size_t length, uint16_t state, textcount_sms_packing packing, size_t open,
  const textcount_cluster_automaton *automaton);

/// What a scalar measures as a cluster of its own, in a unit measured per cluster (display width,
/// a weight table), in the layout the length kernel reads (built by `_ClusterLengthTable`).
typedef struct {
  /// The two-level table: U+c alone is `values[blocks[c >> 8] + (c & 0xFF)]` long, or 255 when
  /// it is not standalone (or its length alone is not known): a run stops before it.
  const uint32_t *blocks;
  const uint8_t *values;
  /// ASCII in two values: the ASCII controls (U+0000–U+001F, U+007F), which `asciiControls`
  /// tells by nibbles as `textcount_standalone_map` does, are `control` long each; every other
  /// ASCII byte `printable`.
  textcount_standalone_map asciiControls;
  uint8_t printable;
  uint8_t control;
  /// How much shorter CR LF is as one cluster than CR and LF each alone.
  uint8_t crlfShortening;
  /// Lead bytes (2- and 3-byte) whose every scalar is `uniformValues[k]` long alone, told by
  /// nibbles as `textcount_standalone_map` does: their scalars need no look-up.
  textcount_standalone_map uniformLeads[2];
  uint8_t uniformValues[2];
  /// The length alone of every kana and CJK punctuation mark the kernel tells by the two bytes
  /// after lead E3 (U+3000–U+30FF, but the marks, U+303F, U+3040 and U+3097–U+3098), in blocks
  /// dense in them; 255 where they differ (then each gets a look-up).
  uint8_t kanaValue;
} textcount_cluster_lengths;

/// A run of clusters measured in a unit: where it ends (a scalar boundary) and its length.
typedef struct {
  size_t end;
  size_t length;
} textcount_length_run;

/// The length, summed over its clusters, of the longest run of well-formed, standalone scalars
/// from `start` that the kernel takes in 64-byte blocks: every cluster is one scalar (or CR LF),
/// measured alone. It stops at the first scalar whose value is 255, before the first block with
/// ill-formed or unfinished UTF-8, and leaves the last 67 bytes or fewer to the caller. `start`
/// must be where a scalar starts, and the scalar before it standalone and not a CR. The caller
/// takes the run's last scalar back if the next one may join it.
textcount_length_run textcount_sum_standalone_lengths(
  const uint8_t *bytes, size_t start, size_t length, const textcount_cluster_lengths *lengths);

/// One prefix of an emoji sequence (a node of their trie): its hash (`textcount_emoji_sequences`),
/// its last scalar, and where a sequence ends there, the sequence's weight less its scalars'
/// weights (divided as the rule's weights are), else `TEXTCOUNT_NO_SEQUENCE_ENDS`.
typedef struct {
  uint64_t hash;
  uint32_t scalar;
  int32_t delta;
} textcount_emoji_prefix;

/// `textcount_emoji_prefix.delta` of a prefix that is no whole sequence.
#define TEXTCOUNT_NO_SEQUENCE_ENDS INT32_MIN

/// How many words of eight bytes `textcount_emoji_whole` holds a sequence in.
#define TEXTCOUNT_EMOJI_WHOLE_WORDS 5

/// One emoji sequence whole (`textcount_emoji_sequences.wholes`): its UTF-8 bytes, eight a
/// word, little-endian (those past its end zero), how many there are, and its weight less its
/// scalars' weights, as `textcount_emoji_prefix.delta`.
typedef struct {
  uint64_t words[TEXTCOUNT_EMOJI_WHOLE_WORDS];
  uint32_t length;
  int32_t delta;
} textcount_emoji_whole;

/// The hash of `length` bytes (at most `8 * TEXTCOUNT_EMOJI_WHOLE_WORDS`) by which
/// `textcount_emoji_sequences.wholes` places a sequence of them: the kernels' own.
uint64_t textcount_emoji_whole_hash(const uint8_t *bytes, size_t length);

/// The emoji sequences a weighted unit weighs as one (`_EmojiSequences`: Unicode's RGI emoji),
/// whole, and as the set of their prefixes, each in a hash table of open addressing. A cluster
/// that is a sequence is found at once among `wholes` (each of up to
/// `8 * TEXTCOUNT_EMOJI_WHOLE_WORDS` bytes is there), through `wholeSlots`, a table small
/// enough to stay in a core's first cache: each slot 0 where empty, else the top three bits of
/// a whole's hash (`textcount_emoji_whole_hash`) in its top three, and its index in `wholes`
/// plus 1 in its low 13. A whole's slot is the first from `hash >> 40 & wholeMask` on that is
/// empty where the table is built. Any other cluster is walked through the prefixes, for the
/// longest sequence it starts with. A prefix's hash is
/// `(hash of the prefix one scalar shorter ^ its last scalar) * 0x9E3779B97F4A7C15`, the
/// empty prefix's `seed`: no two prefixes share a hash, and none is 0, so a prefix one scalar
/// longer than a known one is in the set exactly where a slot holds its hash and last scalar.
/// Its slot is the first from `(hash >> 40) & mask` on that holds it (the slots after it, one
/// by one, where it holds another); an empty slot (hash 0) ends the search. The hashes of a
/// walk depend on no load, so a walk's probes overlap.
typedef struct {
  const textcount_emoji_prefix *prefixes;
  uint64_t mask;
  uint64_t seed;
  const uint16_t *wholeSlots;
  const textcount_emoji_whole *wholes;
  uint64_t wholeMask;
} textcount_emoji_sequences;

/// A unit measured per cluster in the layout the automaton's length kernel reads (built by
/// `_ClusterLengthTable`): the bits each scalar adds to its cluster's tally, and how a tally
/// gives the cluster's length. The rules are `_ClusterLengthTally.fold` and
/// `_ClusterLengthTable.length(of:)`, which `ClusterLengthTests` compare with the cluster meter.
typedef struct {
  /// Each scalar's grapheme class and bits in one look-up: U+c's are
  /// `palette[values[blocks[c >> 8] + (c & 0xFF)]]`, the class (as the automaton's `classes`
  /// gives it) in the low byte and the bits in the high one. The bits: 0-2 the width, or the
  /// index of the weight; 3 a control or format character (width; a cluster it starts may be 0
  /// wide), or a scalar NFC may compose with one after it (weights); 4 U+FE0F (width) or
  /// Extended_Pictographic (weights); 5 a regional indicator; 6 the keycap U+20E3; 7 a scalar
  /// NFC may change after one of bit 3, or alone. For display width the kernel reads other bits
  /// (`_ClusterLengthTable.kernelWidthBits`), from which a cluster's width needs no rule at its
  /// end: 0-2 the width of a cluster the scalar starts, 3-5 the width the scalar makes a cluster
  /// it joins at least, 6 a regional indicator (a second one makes its cluster 2 wide). For
  /// weights that weigh emoji sequences (`emojiSequences`), bit 6 marks the scalars that make a
  /// cluster one to look up (a selector, keycap, joiner, skin tone, tag or regional indicator,
  /// or an emoji alone of another weight than a sequence's): such a cluster weighs the
  /// sequence's weight for the longest one it starts with, and its other scalars' weights.
  const uint32_t *blocks;
  const uint8_t *values;
  /// The palette indices of U+0000–U+FFFF in one flat table: `bmpValues[c]` is
  /// `values[blocks[c >> 8] + (c & 0xFF)]`, one load instead of two in blocks with no four-byte
  /// scalar.
  const uint8_t *bmpValues;
  uint16_t palette[256];
  /// The weights by index (weighted units), and the scale their sum is divided by, rounding up.
  int64_t weights[8];
  int64_t scale;
  /// The length of an emoji cluster, or -1 for the sum of its weights.
  int64_t emojiClusterWeight;
  /// 1 for display width (a cluster is as wide as its widest scalar), 0 for weights (summed).
  uint8_t isWidth;
  /// The length kernel's table where ASCII falls into two values (its `asciiControls`,
  /// `control` and `printable` are read), else NULL.
  const textcount_cluster_lengths *ascii;
  /// For display width, where `ascii` is set and the ASCII controls start clusters as wide as
  /// `control` and the others as `printable`: the boundary masks' planes of each window of 128
  /// code points below U+10000 (as `windowPlanes`, 48 bytes a window): bit 0 and bit 1 of the
  /// width of a cluster its scalar starts, and whether it makes a cluster it joins at least 1
  /// wide. `windowWidthsFit[w]` is 1 where every scalar of window `w` starts a cluster at most
  /// 3 wide and makes one it joins at most 1 wide, and where no scalar that may start a cluster
  /// 0 wide and be joined is in a window with one that joins 1 wide: then, in a block the masks
  /// take, every cluster is as wide as its first scalar makes it. Else NULL: every block
  /// through the automaton.
  const uint8_t *windowWidths;
  const uint8_t *windowWidthsFit;
  /// For the weighted units, where `ascii` is set and every ASCII scalar weighs a whole number
  /// of units, `control` or `printable`, and none is one NFC may change: the boundary masks'
  /// planes of each window (128 bytes a window): bit 0 and bit 1 of the units a scalar weighs
  /// (its weight over the scale), the three bits of its weight's index and its bit 3 (as the
  /// tally ors them), and whether NFC may change a cluster with it (a block with one takes the
  /// automaton). `windowWeightsFit[w]` is 1 where every scalar of window `w` weighs 0 to 3
  /// whole units and is no emoji, regional indicator or keycap: then, in a block the masks take,
  /// every cluster weighs its scalars' units. Else NULL.
  const uint8_t *windowWeights;
  const uint8_t *windowWeightsFit;
  /// For weights that weigh emoji sequences (twitter-text's), the sequences a cluster with a
  /// scalar of bit 6 is looked up in; else NULL.
  const textcount_emoji_sequences *emojiSequences;
} textcount_cluster_rule;

/// The open cluster's tally, as `_ClusterLengthTally` keeps it: the widest width or the sum of
/// the weights, the count of regional indicators, every scalar's bits or-ed, the first's bits.
typedef struct {
  int64_t value;
  int64_t regionalIndicators;
  uint8_t flags;
  uint8_t first;
  uint8_t isEmpty;
} textcount_cluster_tally;

/// A run measured through the automaton: where it ends (a scalar boundary), the length of the
/// clusters it closed (modulo 2^64), where the cluster still open starts (`SIZE_MAX` if before
/// the run), its tally, and the automaton's state after the run.
typedef struct {
  size_t end;
  size_t length;
  size_t clusterStart;
  textcount_cluster_tally tally;
  uint16_t state;
} textcount_automaton_lengths_run;

/// Measures the clusters of the longest well-formed run from `start` that the kernel takes in
/// 64-byte blocks, every scalar through the automaton from `state` (one scalar a step, on
/// `nextStates` and `breaks`) and into the open cluster's `tally` (whose scalars are the bytes
/// from `clusterStart` to `start`, where it is not empty) by `rule`, a cluster with a scalar of
/// bit 6 looked up in the rule's `emojiSequences` where it ends; a block the boundary masks take
/// whose window's lengths fit them (`windowWidths`, `windowWeights`) from its boundaries, with
/// no step per scalar. It stops before the first block with ill-formed UTF-8, before a scalar
/// that makes its cluster one NFC may change (the cluster meter's), before one that ends a
/// cluster to look up whose bytes before `start` are ill-formed, after a block where no scalar
/// joined the one before it and the last is standalone (the length kernel's turn), and leaves
/// the last 67 bytes or fewer to the caller. `start` must be where a scalar starts, and `tally`
/// not a cluster NFC may change.
textcount_automaton_lengths_run textcount_sum_lengths_by_automaton(
  const uint8_t *bytes, size_t start, size_t length, uint16_t state, textcount_cluster_tally tally,
  size_t clusterStart, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule);

/// The offset of the first byte of `bytes[start..<length]` where a post length's URL or mention
/// may start, or `length`: among the bytes equal to one of `wanted[0..<4]` (repeat one to look
/// for fewer), an `@`, a `.` followed by an ASCII letter or a non-ASCII byte, or a `:` followed
/// by `//`. 64 bytes a step with the vector kernels, else one at a time.
size_t textcount_find_post_candidate(
  const uint8_t *bytes, size_t start, size_t length, const uint8_t wanted[4]);

#endif
