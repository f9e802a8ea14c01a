/* Uses the installed C API (textlimit.h, libtextlimit): Scripts/test-cmake compares the output. */
#include <stdio.h>
#include <textlimit.h>

int main(void) {
  /* Man ZWJ woman ZWJ girl ZWJ boy, a space, e + U+0301: 3 grapheme clusters, 14 UTF-16 units. */
  static const char text[] =
    "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7\xE2\x80\x8D"
    "\xF0\x9F\x91\xA6 e\xCC\x81";
  uint64_t graphemes = 0, utf16 = 0;
  if (textlimit_count((const uint8_t *)text, sizeof(text) - 1, TEXTLIMIT_GRAPHEMES, &graphemes) ||
      textlimit_count((const uint8_t *)text, sizeof(text) - 1, TEXTLIMIT_UTF16, &utf16)) {
    return 1;
  }
  printf("%llu %llu\n", (unsigned long long)graphemes, (unsigned long long)utf16);
  return 0;
}
