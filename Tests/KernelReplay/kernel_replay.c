/* Replays kernel calls exported by the Swift side (KernelReplayExport in TextCountTests) and
 * prints every result, one line per call, in the format the export's expected.txt uses:
 *   W <input> <start> <end> <scalars> <supplementary>   textcount_count_well_formed
 *   S <input> <start> <end> <clusters>                  textcount_count_standalone_clusters
 *   Z <input> <start> <place> <end> <matches> <place>   textcount_count_stringz_matches
 *                                                       from each place whose steps do not
 *                                                       all stop
 *   G <input> <start> <gsmOnly> <end>                   textcount_sms_ascii_run, gsmOnly 0 and 1
 *   U <input> <start> <end> <scalars>                   textcount_count_to_supplementary
 *   V <input> <start> <before> <letters> <windows> <end> <words> <scanned>
 *                                                       textcount_count_word_run, before 0
 *                                                       without and with the letter leads,
 *                                                       then with the window planes too, and
 *                                                       before 1 with both
 *   P <input> <start> <end> <units> <parts> <used>      textcount_pack_ucs2_clusters from
 *                                                       state 0 and an empty packing, chained
 *                                                       from where it ends while it moves
 *   L <input> <start> <map> <end> <length>              textcount_sum_standalone_lengths
 *   A <input> <start> <state> <end> <clusters> <state>  textcount_count_clusters_by_automaton,
 *                                                       chained from each start while it moves
 *   R <input> <start> <rule> <end> <length> <cluster start, or -1> <value> <regional
 *     indicators> <flags> <first> <empty> <state>       textcount_sum_lengths_by_automaton,
 *                                                       chained likewise from an empty tally
 * Scripts/test-arm builds it with the kernels for x86-64 (run with the CPU's best level, AVX-512 or
 * AVX2, and with TEXTCOUNT_DISABLE_AVX512=1) and for aarch64 (NEON, run under qemu-aarch64) and
 * compares every output with the Swift side's.
 *   kernel_replay <kernel-inputs.bin>       exit 0, or 1 with a message on bad input
 * To count instructions per byte (under `qemu-aarch64 -singlestep -d exec,nochain`, or
 * callgrind), one kernel over a whole text file, chained from where it stops, with the file's
 * tables (`lengths-N`: the automaton's length kernel with the file's rule N, which it names on
 * stderr); the difference from an empty text is the kernel's cost:
 *   kernel_replay --scan well-formed|standalone|automaton|lengths-N <kernel-inputs.bin> <text> */
#include <CTextCountKernels.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *path;
static FILE *input;

static void fail(const char *what) {
  fprintf(stderr, "kernel_replay: %s: %s\n", path, what);
  exit(1);
}

static void read_exactly(void *into, size_t count) {
  if (count > 0 && fread(into, 1, count, input) != count) fail("truncated file");
}

static uint32_t read_u32(void) {
  uint8_t bytes[4];
  read_exactly(bytes, 4);
  return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16
    | (uint32_t)bytes[3] << 24;
}

/* `count` bytes, allocated exactly (so that a read past them is a read past the allocation). */
static uint8_t *read_bytes(size_t count) {
  uint8_t *bytes = malloc(count > 0 ? count : 1);
  if (!bytes) fail("out of memory");
  read_exactly(bytes, count);
  return bytes;
}

/* A table of `count` little-endian values of `size` bytes, after its count. */
static void *read_table(size_t size, uint32_t *count) {
  *count = read_u32();
  uint8_t *raw = read_bytes((size_t)*count * size);
  void *values = malloc((size_t)*count * size + 1);
  if (!values) fail("out of memory");
  for (uint32_t i = 0; i < *count; i++) {
    uint32_t value = 0;
    for (size_t b = 0; b < size; b++) value |= (uint32_t)raw[i * size + b] << (8 * b);
    if (size == 4) ((uint32_t *)values)[i] = value;
    else if (size == 2) ((uint16_t *)values)[i] = (uint16_t)value;
    else ((uint8_t *)values)[i] = (uint8_t)value;
  }
  free(raw);
  return values;
}

/* Counts `text` with one kernel, called again from where it stops; where it takes nothing, one
 * byte is skipped (the scalar loop's turn in TextCount). Prints what it counted. */
static void scan(const char *kernel, const uint8_t *text, size_t length,
  const textcount_standalone_map *map, const textcount_cluster_automaton *automaton,
  const textcount_cluster_rule *rule) {
  size_t at = 0, counted = 0, skipped = 0;
  uint16_t state = 0;
  textcount_cluster_tally tally = {0, 0, 0, 0, 1};
  size_t clusterStart = 0;
  while (at < length) {
    size_t end;
    if (rule) {
      textcount_automaton_lengths_run run = textcount_sum_lengths_by_automaton(
        text, at, length, state, tally, clusterStart, automaton, rule);
      if (run.clusterStart != SIZE_MAX) clusterStart = run.clusterStart;
      end = run.end;
      counted += run.length;
      state = run.state;
      tally = run.tally;
      if (end <= at) {
        textcount_cluster_tally empty = {0, 0, 0, 0, 1};
        tally = empty;
      }
    } else if (strcmp(kernel, "well-formed") == 0) {
      textcount_utf8_run run = textcount_count_well_formed(text, at, length);
      end = run.end;
      counted += run.scalars;
    } else if (strcmp(kernel, "standalone") == 0) {
      textcount_cluster_run run = textcount_count_standalone_clusters(text, at, length, map);
      end = run.end;
      counted += run.clusters;
    } else {
      textcount_automaton_run run =
        textcount_count_clusters_by_automaton(text, at, length, state, automaton);
      end = run.end;
      counted += run.clusters;
      state = run.state;
    }
    if (end <= at) {
      end = at + 1;
      skipped += 1;
      state = 0;
    }
    at = end;
  }
  printf("%s: %zu counted, %zu bytes skipped of %zu\n", kernel, counted, skipped, length);
}

int main(int argc, char **argv) {
  const char *scanKernel = NULL, *textPath = NULL;
  int scanRule = -1;
  if (argc == 5 && strcmp(argv[1], "--scan") == 0
      && (strcmp(argv[2], "well-formed") == 0 || strcmp(argv[2], "standalone") == 0
        || strcmp(argv[2], "automaton") == 0
        || (strncmp(argv[2], "lengths-", 8) == 0 && argv[2][8] >= '0' && argv[2][8] <= '7'
          && argv[2][9] == 0))) {
    scanKernel = argv[2];
    if (scanKernel[0] == 'l') scanRule = scanKernel[8] - '0';
    textPath = argv[4];
    argv += 2;
  } else if (argc != 2) {
    fprintf(stderr, "usage: kernel_replay <kernel-inputs.bin>\n"
      "       kernel_replay --scan well-formed|standalone|automaton|lengths-N <kernel-inputs.bin>"
      " <text>\n");
    return 2;
  }
  path = argv[1];
  input = fopen(path, "rb");
  if (!input) fail("cannot open");
  char magic[4];
  read_exactly(magic, 4);
  if (memcmp(magic, "TCKR", 4) != 0 || read_u32() != 11)
    fail("not a version-11 kernel replay file");

  uint32_t blockCount, classCount, stepCount, stateCount;
  textcount_cluster_automaton automaton;
  automaton.classBlocks = read_table(4, &blockCount);
  automaton.classes = read_table(1, &classCount);
  automaton.nextStates = read_table(2, &stepCount);
  if (read_u32() != stepCount) fail("breaks and next states differ in length");
  automaton.breaks = read_bytes(stepCount);
  automaton.standaloneEnds = read_table(1, &stateCount);
  if (blockCount != 0x110000 >> 8 || stepCount != stateCount * 128) fail("bad table sizes");
  for (uint32_t i = 0; i < blockCount; i++)
    if (automaton.classBlocks[i] > classCount - 256) fail("class block out of range");
  for (uint32_t i = 0; i < stepCount; i++)
    if (automaton.nextStates[i] >= stepCount) fail("next state out of range");
  // The automaton two scalars a step: its rows, the class table's values as column offsets,
  // the class count and the row width; every entry read from a row must lead to a row (plus
  // 0-2 boundaries), and the state-number column to a state.
  uint32_t pairEntryCount, columnCount;
  automaton.pairSteps = read_table(2, &pairEntryCount);
  automaton.pairColumns = read_table(1, &columnCount);
  uint32_t bmpColumnCount;
  automaton.bmpPairColumns = read_table(1, &bmpColumnCount);
  automaton.pairClassCount = read_u32();
  automaton.pairRowWidth = read_u32();
  uint32_t pairClasses = automaton.pairClassCount, rowWidth = automaton.pairRowWidth;
  uint32_t numberColumn = pairClasses * (pairClasses - 1);
  if (columnCount != classCount || pairClasses < 2 || rowWidth % 4 != 0
      || rowWidth < 3 * (numberColumn + 1) || pairEntryCount != stateCount * rowWidth)
    fail("bad pair table sizes");
  for (uint32_t i = 0; i < columnCount; i++)
    if (automaton.pairColumns[i] % 3 != 0 || automaton.pairColumns[i] / 3 >= pairClasses - 1)
      fail("pair column out of range");
  if (bmpColumnCount != 0x10000) fail("bad BMP pair column table size");
  for (uint32_t c = 0; c < bmpColumnCount; c++)
    if (automaton.bmpPairColumns[c]
        != automaton.pairColumns[automaton.classBlocks[c >> 8] + (c & 0xFF)])
      fail("BMP pair column differs from the class table's");
  // The boundary masks' tables, or none (the kernel without them): the windows' planes and
  // flags, the states' carries and the states after a class.
  uint32_t planeCount, windowCount, carryCount, afterCount;
  automaton.windowPlanes = read_table(1, &planeCount);
  automaton.windowFlags = read_table(1, &windowCount);
  automaton.stateCarries = read_table(1, &carryCount);
  const uint16_t *stateAfterClass = read_table(2, &afterCount);
  automaton.stateAfterClass = stateAfterClass;
  if (planeCount == 0) {
    if (windowCount != 0 || carryCount != 0 || afterCount != 0) fail("bad mask table sizes");
    automaton.windowPlanes = NULL;
  } else {
    if (planeCount != 512 * 128 || windowCount != 512 || carryCount != stateCount
        || afterCount != 512)
      fail("bad mask table sizes");
    for (uint32_t i = 0; i < afterCount; i++)
      if (stateAfterClass[i] != 0xFFFF && stateAfterClass[i] >= stateCount)
        fail("state after a class out of range");
  }
  for (uint32_t row = 0; row < stateCount; row++) {
    for (uint32_t entry = 0; entry < 3 * (numberColumn + 1); entry++) {
      uint16_t value = automaton.pairSteps[row * rowWidth + entry];
      if (entry >= 3 * numberColumn ? value >= stateCount
            : value / rowWidth >= stateCount || value % rowWidth > 2)
        fail("pair step out of range");
    }
  }

  textcount_standalone_map map;
  uint32_t bitmapSize = read_u32();
  if (bitmapSize != 0x20000 / 8) fail("bad bitmap size");
  map.bitmap = read_bytes(bitmapSize);
  read_exactly(map.leadByLowNibble, 16);
  read_exactly(map.leadByHighNibble, 16);
  // The word kernel's two-byte letter leads.
  textcount_standalone_map letterLeads;
  letterLeads.bitmap = NULL;
  read_exactly(letterLeads.leadByLowNibble, 16);
  read_exactly(letterLeads.leadByHighNibble, 16);
  // The word kernel's window planes: 512 windows of 128 bytes, the range of ideographs (16
  // bytes), the windows' plane sets (512), then the table a byte per code point (256 block
  // numbers, then the blocks of 256 bytes), each block number in it.
  uint32_t wordPlaneCount;
  const uint8_t *wordWindowPlanes = read_table(1, &wordPlaneCount);
  uint32_t wordTable = 512 * 128 + 16 + 512;
  if (wordPlaneCount < wordTable + 256 + 256 || (wordPlaneCount - wordTable) % 256 != 0)
    fail("bad word plane sizes");
  for (uint32_t i = 0; i < 256; i++)
    if (wordWindowPlanes[wordTable + i] >= (wordPlaneCount - wordTable - 256) / 256)
      fail("word table block out of range");

  // stringz's automaton: the kinds' two-level table (as many blocks as the class table), the
  // place count, the steps (a row of kinds a place, each step's place one of them), the
  // triple steps.
  textcount_stringz_automaton stringzAutomaton;
  uint32_t kindBlockCount, kindCount, stringzStepCount;
  uint32_t *kindBlocks = read_table(4, &kindBlockCount);
  if (kindBlockCount != blockCount) fail("bad stringz kind table size");
  stringzAutomaton.kinds = read_table(1, &kindCount);
  for (uint32_t i = 0; i < blockCount; i++)
    if (kindBlocks[i] > kindCount - 256) fail("stringz kind block out of range");
  for (uint32_t i = 0; i < kindCount; i++)
    if (stringzAutomaton.kinds[i] >= TEXTCOUNT_STRINGZ_KINDS) fail("stringz kind out of range");
  stringzAutomaton.kindBlocks = kindBlocks;
  stringzAutomaton.placeCount = read_u32();
  stringzAutomaton.steps = read_table(1, &stringzStepCount);
  if (stringzAutomaton.placeCount > 16
      || stringzStepCount != stringzAutomaton.placeCount * TEXTCOUNT_STRINGZ_KINDS)
    fail("bad stringz step count");
  for (uint32_t i = 0; i < stringzStepCount; i++)
    if (stringzAutomaton.steps[i] != TEXTCOUNT_STRINGZ_STOP
        && (stringzAutomaton.steps[i] & 0x0F) >= stringzAutomaton.placeCount)
      fail("stringz step out of range");
  uint32_t stringzTripleCount;
  stringzAutomaton.tripleSteps = read_table(1, &stringzTripleCount);
  if (stringzTripleCount
      != 16 * (TEXTCOUNT_STRINGZ_KINDS + 1) * (TEXTCOUNT_STRINGZ_KINDS + 1)
        * (TEXTCOUNT_STRINGZ_KINDS + 1))
    fail("bad stringz triple step count");
  for (uint32_t i = 0; i < stringzTripleCount; i++)
    if (stringzAutomaton.tripleSteps[i] != TEXTCOUNT_STRINGZ_STOP
        && (stringzAutomaton.tripleSteps[i] & 0x0F) >= stringzAutomaton.placeCount)
      fail("stringz triple step out of range");

  // The length kernel's maps: the two-level table (as many blocks as the class table), the
  // three nibble maps, and control, printable, CR LF shortening, the two uniform values and the
  // kana value.
  uint32_t lengthMapCount = read_u32();
  if (lengthMapCount > 8) fail("too many length maps");
  textcount_cluster_lengths lengthMaps[8];
  for (uint32_t k = 0; k < lengthMapCount; k++) {
    textcount_cluster_lengths *lengths = &lengthMaps[k];
    uint32_t lengthBlockCount, valueCount;
    uint32_t *blocks = read_table(4, &lengthBlockCount);
    if (lengthBlockCount != blockCount) fail("bad length table size");
    lengths->values = read_table(1, &valueCount);
    for (uint32_t i = 0; i < blockCount; i++)
      if (blocks[i] > valueCount - 256) fail("length block out of range");
    lengths->blocks = blocks;
    textcount_standalone_map *nibbleMaps[3] = {
      &lengths->asciiControls, &lengths->uniformLeads[0], &lengths->uniformLeads[1]};
    for (int m = 0; m < 3; m++) {
      nibbleMaps[m]->bitmap = NULL;
      read_exactly(nibbleMaps[m]->leadByLowNibble, 16);
      read_exactly(nibbleMaps[m]->leadByHighNibble, 16);
    }
    uint8_t values[6];
    read_exactly(values, 6);
    lengths->control = values[0];
    lengths->printable = values[1];
    lengths->crlfShortening = values[2];
    lengths->uniformValues[0] = values[3];
    lengths->uniformValues[1] = values[4];
    lengths->kanaValue = values[5];
  }

  // The automaton length kernel's rules, one per length map (whose ASCII values it reads): the
  // two-level table of palette indices and its flat table of U+0000-U+FFFF, the palette (a
  // class, which must be one of the class table's, and bits), eight weights, the scale, the
  // emoji cluster weight, width or not, and the unit's planes for the boundary masks.
  uint8_t classSeen[256] = {0};
  for (uint32_t i = 0; i < classCount; i++) classSeen[automaton.classes[i]] = 1;
  textcount_cluster_rule rules[8];
  textcount_emoji_sequences emojiSequences[8];
  for (uint32_t k = 0; k < lengthMapCount; k++) {
    textcount_cluster_rule *rule = &rules[k];
    uint32_t ruleBlockCount, indexCount;
    uint32_t *blocks = read_table(4, &ruleBlockCount);
    if (ruleBlockCount != blockCount) fail("bad rule table size");
    rule->values = read_table(1, &indexCount);
    for (uint32_t i = 0; i < blockCount; i++)
      if (blocks[i] > indexCount - 256) fail("rule block out of range");
    rule->blocks = blocks;
    uint32_t bmpCount;
    rule->bmpValues = read_table(1, &bmpCount);
    if (bmpCount != 0x10000) fail("bad rule BMP table size");
    for (uint32_t c = 0; c < bmpCount; c++)
      if (rule->bmpValues[c] != rule->values[blocks[c >> 8] + (c & 0xFF)])
        fail("rule BMP value differs from the two-level table's");
    for (int p = 0; p < 256; p++) {
      uint8_t entry[2];
      read_exactly(entry, 2);
      rule->palette[p] = (uint16_t)(entry[0] | entry[1] << 8);
      if (!classSeen[entry[0]]) fail("palette class not in the class table");
    }
    int64_t values[10];
    for (int v = 0; v < 10; v++) {
      uint32_t low = read_u32(), high = read_u32();
      values[v] = (int64_t)((uint64_t)high << 32 | low);
    }
    for (int w = 0; w < 8; w++) rule->weights[w] = values[w];
    rule->scale = values[8];
    rule->emojiClusterWeight = values[9];
    if (rule->scale < 1) fail("bad rule scale");
    uint8_t isWidth;
    read_exactly(&isWidth, 1);
    rule->isWidth = isWidth;
    rule->ascii = &lengthMaps[k];
    // The unit's planes for the boundary masks (display width's, 48 bytes a window, or the
    // weights', 128), or none.
    uint32_t planeBytes, fitCount;
    const uint8_t *lengthPlanes = read_table(1, &planeBytes);
    const uint8_t *lengthFit = read_table(1, &fitCount);
    rule->windowWidths = rule->windowWidthsFit = NULL;
    rule->windowWeights = rule->windowWeightsFit = NULL;
    if (planeBytes != 0 || fitCount != 0) {
      if (planeBytes != 512 * (isWidth ? 48 : 128) || fitCount != 512)
        fail("bad length plane sizes");
      if (isWidth) {
        rule->windowWidths = lengthPlanes;
        rule->windowWidthsFit = lengthFit;
      } else {
        rule->windowWeights = lengthPlanes;
        rule->windowWeightsFit = lengthFit;
      }
    }
    // The emoji sequences it looks clusters up in, or none: the empty prefix's hash, the
    // slots (hash, scalar, delta).
    uint32_t seedLow = read_u32(), seedHigh = read_u32();
    uint32_t slotCount = read_u32();
    rule->emojiSequences = NULL;
    textcount_emoji_prefix *prefixes = malloc((size_t)slotCount * sizeof *prefixes + 1);
    if (!prefixes) fail("out of memory");
    for (uint32_t i = 0; i < slotCount; i++) {
      uint32_t low = read_u32(), high = read_u32();
      prefixes[i].hash = (uint64_t)high << 32 | low;
      prefixes[i].scalar = read_u32();
      prefixes[i].delta = (int32_t)read_u32();
    }
    // The wholes' slots and the wholes (five words, length, delta).
    uint32_t wholeSlotCount = read_u32();
    uint16_t *wholeSlots = malloc((size_t)wholeSlotCount * sizeof *wholeSlots + 1);
    if (!wholeSlots) fail("out of memory");
    for (uint32_t i = 0; i < wholeSlotCount; i++) {
      uint8_t entry[2];
      read_exactly(entry, 2);
      wholeSlots[i] = (uint16_t)(entry[0] | entry[1] << 8);
    }
    uint32_t wholeCount = read_u32();
    textcount_emoji_whole *wholes = malloc((size_t)wholeCount * sizeof *wholes + 1);
    if (!wholes) fail("out of memory");
    for (uint32_t i = 0; i < wholeCount; i++) {
      for (int w = 0; w < TEXTCOUNT_EMOJI_WHOLE_WORDS; w++) {
        uint32_t low = read_u32(), high = read_u32();
        wholes[i].words[w] = (uint64_t)high << 32 | low;
      }
      wholes[i].length = read_u32();
      wholes[i].delta = (int32_t)read_u32();
    }
    for (uint32_t i = 0; i < wholeSlotCount; i++)
      if ((wholeSlots[i] & 0x1FFF) > wholeCount) fail("emoji whole slot out of range");
    if (slotCount != 0) {
      if ((slotCount & (slotCount - 1)) != 0) fail("emoji slots not a power of two");
      if (wholeSlotCount == 0 || (wholeSlotCount & (wholeSlotCount - 1)) != 0)
        fail("emoji whole slots not a power of two");
      textcount_emoji_sequences *sequences = &emojiSequences[k];
      sequences->prefixes = prefixes;
      sequences->mask = slotCount - 1;
      sequences->seed = (uint64_t)seedHigh << 32 | seedLow;
      sequences->wholeSlots = wholeSlots;
      sequences->wholes = wholes;
      sequences->wholeMask = wholeSlotCount - 1;
      rule->emojiSequences = sequences;
    }
  }

  if (!textcount_kernels_available()) fail("the kernels do not run on this CPU");
  fprintf(stderr, "kernel_replay: %s kernels\n", textcount_kernels_name());

  if (scanKernel) {
    FILE *textFile = fopen(textPath, "rb");
    if (!textFile) fail("cannot open the text");
    static uint8_t text[1 << 20];
    size_t length = fread(text, 1, sizeof text, textFile);
    if (ferror(textFile) || fgetc(textFile) != EOF) fail("cannot read the text (at most 1 MiB)");
    fclose(textFile);
    if (scanRule >= (int)lengthMapCount) fail("no such rule");
    if (scanRule >= 0)
      fprintf(stderr, "kernel_replay: rule %d: %s, scale %lld, %s the masks' planes\n", scanRule,
        rules[scanRule].isWidth ? "display width" : "weighted", (long long)rules[scanRule].scale,
        rules[scanRule].windowWeights || rules[scanRule].windowWidths ? "with" : "without");
    scan(scanKernel, text, length, &map, &automaton, scanRule >= 0 ? &rules[scanRule] : NULL);
    return 0;
  }

  uint32_t inputCount = read_u32();
  for (uint32_t n = 0; n < inputCount; n++) {
    uint32_t length = read_u32();
    uint8_t *bytes = read_bytes(length);
    uint32_t startCount = read_u32();
    for (uint32_t s = 0; s < startCount; s++) {
      size_t start = read_u32();
      if (start > length) fail("start past the input");
      textcount_utf8_run w = textcount_count_well_formed(bytes, start, length);
      printf("W %u %zu %zu %zu %zu\n", n, start, w.end, w.scalars, w.supplementary);
      textcount_cluster_run c = textcount_count_standalone_clusters(bytes, start, length, &map);
      printf("S %u %zu %zu %zu\n", n, start, c.end, c.clusters);
      for (uint32_t place = 0; place < stringzAutomaton.placeCount; place++) {
        const uint8_t *row = stringzAutomaton.steps + place * TEXTCOUNT_STRINGZ_KINDS;
        int stops = 1;
        for (int kind = 0; kind < TEXTCOUNT_STRINGZ_KINDS; kind++)
          stops &= row[kind] == TEXTCOUNT_STRINGZ_STOP;
        if (stops) continue;
        textcount_stringz_run z = textcount_count_stringz_matches(
          bytes, start, length, (uint8_t)place, &stringzAutomaton);
        printf("Z %u %zu %u %zu %zu %u\n", n, start, place, z.end, z.matches, (unsigned)z.place);
      }
      for (int gsmOnly = 0; gsmOnly <= 1; gsmOnly++) {
        size_t g = textcount_sms_ascii_run(bytes, start, length, gsmOnly);
        printf("G %u %zu %d %zu\n", n, start, gsmOnly, g);
      }
      textcount_utf8_run u = textcount_count_to_supplementary(bytes, start, length);
      printf("U %u %zu %zu %zu\n", n, start, u.end, u.scalars);
      for (unsigned call = 0; call < 4; call++) {
        unsigned before = call == 3, letters = call >= 1, windows = call >= 2;
        textcount_word_run v = textcount_count_word_run(bytes, start, length, before,
          letters ? &letterLeads : NULL, windows ? wordWindowPlanes : NULL);
        printf("V %u %zu %u %u %u %zu %zu %zu\n", n, start, before, letters, windows, v.end,
          v.words, v.scanned);
      }
      textcount_sms_packing packing = {0, 1, 0};
      for (size_t at = start;;) {
        textcount_sms_packing_run p =
          textcount_pack_ucs2_clusters(bytes, at, length, 0, packing, 0, &automaton);
        printf("P %u %zu %zu %zu %zu %zu\n", n, at, p.end, p.packing.units, p.packing.parts,
          p.packing.used);
        if (p.end <= at) break;
        at = p.end;
        packing = p.packing;
      }
      for (uint32_t k = 0; k < lengthMapCount; k++) {
        textcount_length_run l =
          textcount_sum_standalone_lengths(bytes, start, length, &lengthMaps[k]);
        printf("L %u %zu %u %zu %zu\n", n, start, k, l.end, l.length);
      }
      size_t at = start;
      uint16_t state = 0;
      for (;;) {
        textcount_automaton_run a =
          textcount_count_clusters_by_automaton(bytes, at, length, state, &automaton);
        printf("A %u %zu %u %zu %zu %u\n", n, at, state, a.end, a.clusters, a.state);
        if (a.end <= at) break;
        at = a.end;
        state = a.state;
      }
      for (uint32_t k = 0; k < lengthMapCount; k++) {
        size_t from = start;
        uint16_t ruleState = 0;
        textcount_cluster_tally tally = {0, 0, 0, 0, 1};
        size_t clusterStart = start;
        for (;;) {
          textcount_automaton_lengths_run r = textcount_sum_lengths_by_automaton(
            bytes, from, length, ruleState, tally, clusterStart, &automaton, &rules[k]);
          if (r.clusterStart != SIZE_MAX) clusterStart = r.clusterStart;
          tally = r.tally;
          printf("R %u %zu %u %zu %zu %lld %lld %lld %u %u %u %u\n", n, from, k, r.end, r.length,
            r.clusterStart == SIZE_MAX ? -1LL : (long long)r.clusterStart,
            (long long)tally.value, (long long)tally.regionalIndicators, tally.flags,
            tally.first, tally.isEmpty, r.state);
          if (r.end <= from) break;
          from = r.end;
          ruleState = r.state;
        }
      }
    }
    free(bytes);
  }
  if (fgetc(input) != EOF) fail("bytes after the last input");
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "kernel_replay: write error\n");
    return 1;
  }
  return 0;
}
