// What the Embedded Swift runtime asks of a C library beyond what wasi-libc's allocator and
// string functions give, so that the module imports nothing: `putchar`, which Swift's
// `fatalError` and `precondition` write their message with (kept here, for JavaScript to read
// after a trap), and `arc4random_buf`, which seeds `Hasher` (a fixed sequence: the module runs
// in one page's sandbox, where hash flooding has no attacker to fear, and counts are the same
// whatever the seed). And a guard on the allocator (linked with --wrap=posix_memalign): Embedded
// Swift's runtime does not check what it is given, so memory exhausted traps here, with a
// message, instead of writing through a null pointer.
#include <stddef.h>
#include <stdint.h>

static char message[1024];
static size_t messageLength;

int putchar(int character) {
  if (messageLength < sizeof message) message[messageLength++] = (char)character;
  return character;
}

/// The message the last trap wrote (not NUL-terminated; see tlw_message_length).
const char *tlw_message(void) { return message; }

/// How many bytes of message there are.
size_t tlw_message_length(void) { return messageLength; }

/// Forgets the message.
void tlw_message_clear(void) { messageLength = 0; }

int __real_posix_memalign(void **result, size_t alignment, size_t size);

int __wrap_posix_memalign(void **result, size_t alignment, size_t size) {
  int status = __real_posix_memalign(result, alignment, size);
  if (status != 0 || *result == NULL) {
    static const char text[] = "out of memory: could not allocate ";
    for (const char *at = text; *at; at++) putchar(*at);
    char digits[24];
    int count = 0;
    do digits[count++] = (char)('0' + size % 10); while ((size /= 10) != 0);
    while (count > 0) putchar(digits[--count]);
    putchar(' ');
    putchar('b');
    putchar('y');
    putchar('t');
    putchar('e');
    putchar('s');
    __builtin_trap();
  }
  return status;
}

void arc4random_buf(void *buffer, size_t count) {
  static uint64_t state = 0x9E3779B97F4A7C15u;
  uint8_t *bytes = buffer;
  for (size_t index = 0; index < count; index++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    bytes[index] = (uint8_t)state;
  }
}
