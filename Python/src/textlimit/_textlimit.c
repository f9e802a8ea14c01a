/*
 * _textlimit: the CPython extension behind the `textlimit` package, on the limited C API of
 * CPython 3.10 (one abi3 wheel for every CPython from 3.10), calling TextLimit's C API
 * (textlimit.h, libtextlimit.so, bundled beside this module).
 *
 * A str is read through a UTF-8 copy made for the call, never through the UTF-8 form CPython
 * would keep with the string once asked (PyUnicode_AsUTF8AndSize), which would double the
 * memory of every str counted: a short str (SHORT_STR_POINTS code points at most) through its
 * code points (PyUnicode_AsUCS4, into a buffer on the stack) encoded here; a longer one with
 * CPython's encoder into a transient bytes object ("surrogatepass"), freed after the call; an
 * all-ASCII longer one read in place. A lone surrogate becomes U+FFFD (EF BF BD), as Swift
 * reads ill-formed UTF-16, in C, with no Python error handler: encoded so directly, or
 * overwritten in place where "surrogatepass" wrote it (ED A0..BF xx, which no well-formed
 * UTF-8 holds). The GIL is released while a large text or a batch is counted or split.
 *
 * Arguments are checked as CPython's own functions check them: a TypeError names the function,
 * the argument and the type received; a ValueError the values allowed.
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "textlimit.h"

/* Texts at least this long are counted with the GIL released. */
#define RELEASE_GIL_BYTES ((Py_ssize_t)(64 * 1024))
/* A str of at most this many code points is encoded here, through its code points. */
#define SHORT_STR_POINTS ((Py_ssize_t)64)
#define SHORT_STR_BYTES (4 * SHORT_STR_POINTS)
/* cluster_prefix reads a non-ASCII str of at least this many code points through windows. */
#define LARGE_STR_POINTS ((Py_ssize_t)(64 * 1024))

/* The UTF-8 bytes of a text, and what keeps them alive. */
typedef struct {
  const char *bytes;
  Py_ssize_t length;
  PyObject *owner; /* a new reference to release, or NULL */
  char *allocated; /* a PyMem buffer to free, or NULL */
  int is_str;
  /* The index (in code points) of the first lone surrogate of a str, or -1. */
  Py_ssize_t first_surrogate;
} text_bytes;

static void text_release(text_bytes *text) {
  Py_XDECREF(text->owner);
  text->owner = NULL;
  PyMem_Free(text->allocated);
  text->allocated = NULL;
}

/* The UTF-8 of a short str (`points` code points, at most SHORT_STR_POINTS) into `out` (room
 * for 4 bytes a code point): its code points copied out (PyUnicode_AsUCS4), then encoded, each
 * lone surrogate as U+FFFD, whose index in the str *first_surrogate receives for the first
 * (else -1). Returns the length, or -1 with an exception set. */
static Py_ssize_t short_str_utf8(PyObject *object, Py_ssize_t points, unsigned char *out,
                                 Py_ssize_t *first_surrogate) {
  Py_UCS4 scalars[SHORT_STR_POINTS];
  *first_surrogate = -1;
  if (points > 0 && PyUnicode_AsUCS4(object, scalars, points, 0) == NULL) return -1;
  unsigned char *at = out;
  for (Py_ssize_t i = 0; i < points; i++) {
    Py_UCS4 c = scalars[i];
    if (c < 0x80) {
      *at++ = (unsigned char)c;
    } else if (c < 0x800) {
      *at++ = (unsigned char)(0xC0 | c >> 6);
      *at++ = (unsigned char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      if (c >= 0xD800 && c <= 0xDFFF) {
        if (*first_surrogate < 0) *first_surrogate = i;
        c = 0xFFFD;
      }
      *at++ = (unsigned char)(0xE0 | c >> 12);
      *at++ = (unsigned char)(0x80 | (c >> 6 & 0x3F));
      *at++ = (unsigned char)(0x80 | (c & 0x3F));
    } else {
      *at++ = (unsigned char)(0xF0 | c >> 18);
      *at++ = (unsigned char)(0x80 | (c >> 12 & 0x3F));
      *at++ = (unsigned char)(0x80 | (c >> 6 & 0x3F));
      *at++ = (unsigned char)(0x80 | (c & 0x3F));
    }
  }
  return at - out;
}

/* Interned keyword names, and str.isascii itself (never a subclass's override), made at
 * import. */
static PyObject *text_name, *unit_name_key, *strict_name, *str_isascii;

/* TypeError: "f() argument 'a' must be <expected>, not <type of received>". Returns -1. */
static int argument_type_error(const char *function, const char *argument, const char *expected,
                               PyObject *received) {
  PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(received), "__name__");
  if (name == NULL) return -1;
  PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be %s, not %U", function, argument,
               expected, name);
  Py_DECREF(name);
  return -1;
}

/* Overwrites each lone surrogate that "surrogatepass" wrote (ED A0..BF 80..BF) with U+FFFD
 * (EF BF BD, as long); returns the offset of the first, or -1. Eight bytes at a time where none
 * is ED (a zero byte of the word xor ED..ED: the usual bit trick). */
static Py_ssize_t replace_surrogates(char *data, Py_ssize_t length) {
  unsigned char *bytes = (unsigned char *)data;
  Py_ssize_t first = -1, i = 0;
  while (i < length) {
    if (i + 8 <= length) {
      uint64_t word;
      memcpy(&word, bytes + i, 8);
      uint64_t x = word ^ 0xEDEDEDEDEDEDEDEDull;
      if (((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    if (bytes[i] == 0xED && i + 2 < length && (bytes[i + 1] & 0xE0) == 0xA0) {
      if (first < 0) first = i;
      bytes[i] = 0xEF;
      bytes[i + 1] = 0xBF;
      bytes[i + 2] = 0xBD;
      i += 3;
    } else {
      i += 1;
    }
  }
  return first;
}

/* The number of code points in UTF-8 bytes (lead bytes; a replaced surrogate is one). */
static Py_ssize_t code_points(const char *bytes, Py_ssize_t length) {
  Py_ssize_t points = 0;
  for (Py_ssize_t i = 0; i < length; i++) points += ((unsigned char)bytes[i] & 0xC0) != 0x80;
  return points;
}

/* Whether a str is all ASCII: str.isascii (O(1) in CPython) of str itself, so that a subclass
 * that says otherwise of its text changes nothing; -1 with an exception set. */
static int str_is_ascii(PyObject *object) {
  PyObject *result = PyObject_CallFunctionObjArgs(str_isascii, object, NULL);
  if (result == NULL) return -1;
  int ascii = result == Py_True;
  Py_DECREF(result);
  return ascii;
}

/* The UTF-8 of a str into a new bytes object, lone surrogates as U+FFFD. */
static int str_transcode(PyObject *object, text_bytes *text) {
  text->owner = PyUnicode_AsEncodedString(object, "utf-8", "surrogatepass");
  if (text->owner == NULL) return -1;
  char *data;
  if (PyBytes_AsStringAndSize(text->owner, &data, &text->length) < 0) {
    text_release(text);
    return -1;
  }
  /* A fresh object of ours (a surrogate makes it at least 3 bytes: no shared singleton). */
  Py_ssize_t first = replace_surrogates(data, text->length);
  text->first_surrogate = first < 0 ? -1 : code_points(data, first);
  text->bytes = data;
  return 0;
}

/* Fills `text` with the UTF-8 of a str or the bytes of a bytes-like object; 0 on success, -1
 * with an exception set (a TypeError naming `function` and `argument` for another type). */
static int text_get(const char *function, const char *argument, PyObject *object,
                    text_bytes *text) {
  memset(text, 0, sizeof *text);
  text->first_surrogate = -1;
  if (PyUnicode_Check(object)) {
    text->is_str = 1;
    Py_ssize_t points = PyUnicode_GetLength(object);
    if (points < 0) return -1;
    if (points <= SHORT_STR_POINTS) {
      if ((text->allocated = PyMem_Malloc(SHORT_STR_BYTES)) == NULL) {
        PyErr_NoMemory();
        return -1;
      }
      text->length = short_str_utf8(object, points, (unsigned char *)text->allocated,
                                    &text->first_surrogate);
      text->bytes = text->allocated;
      if (text->length >= 0) return 0;
      text_release(text);
      return -1;
    }
    int ascii = str_is_ascii(object);
    if (ascii < 0) return -1;
    if (ascii) { /* CPython's own bytes, no copy, nothing kept */
      text->bytes = PyUnicode_AsUTF8AndSize(object, &text->length);
      return text->bytes != NULL ? 0 : -1;
    }
    return str_transcode(object, text);
  }
  char *data;
  if (PyBytes_Check(object)) {
    if (PyBytes_AsStringAndSize(object, &data, &text->length) < 0) return -1;
    text->bytes = data;
    return 0;
  }
  /* Any other bytes-like object (bytearray, memoryview, array...: what exposes a buffer)
   * copied into bytes, which no other thread can resize while the GIL is released. A list, a
   * range or a dict is refused here, not iterated. */
  PyObject *view = PyMemoryView_FromObject(object);
  if (view == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
    PyErr_Clear();
    return argument_type_error(function, argument, "str or a bytes-like object", object);
  }
  text->owner = PyBytes_FromObject(view);
  Py_DECREF(view);
  if (text->owner == NULL || PyBytes_AsStringAndSize(text->owner, &data, &text->length) < 0) {
    text_release(text);
    return -1;
  }
  text->bytes = data;
  return 0;
}

static PyObject *status_error(int32_t status) {
  PyErr_Format(PyExc_ValueError, "textlimit: %s", textlimit_status_message(status));
  return NULL;
}

/* The InvalidUTF8Error class of the package, set by the package at import. */
static PyObject *invalid_utf8_error = NULL;

/* InvalidUTF8Error(offset, in_str): a byte offset in bytes, or the index of a str's first lone
 * surrogate. */
static PyObject *raise_invalid_utf8(Py_ssize_t offset, int in_str) {
  if (invalid_utf8_error == NULL) return status_error(TEXTLIMIT_INVALID_UTF8);
  PyObject *error = PyObject_CallFunction(invalid_utf8_error, "nO", offset,
                                          in_str ? Py_True : Py_False);
  if (error != NULL) {
    PyErr_SetObject(invalid_utf8_error, error);
    Py_DECREF(error);
  }
  return NULL;
}

static PyObject *set_invalid_utf8_error(PyObject *module, PyObject *error) {
  (void)module;
  PyObject *old = invalid_utf8_error;
  Py_XINCREF(error);
  invalid_utf8_error = error;
  Py_XDECREF(old);
  Py_RETURN_NONE;
}

static PyObject *version(PyObject *module, PyObject *unused) {
  (void)module, (void)unused;
  return PyUnicode_FromString(textlimit_version());
}

static PyObject *backend(PyObject *module, PyObject *unused) {
  (void)module, (void)unused;
  return PyUnicode_FromString(textlimit_backend());
}

static int32_t unit_from_name(PyObject *name);

/* unit_code(name) -> int: the code of a unit's name or alias, or -1 for an unknown one. */
static PyObject *unit_code(PyObject *module, PyObject *argument) {
  (void)module;
  if (!PyUnicode_Check(argument)) return PyLong_FromLong(-1);
  int32_t code = unit_from_name(argument);
  return code == -2 ? NULL : PyLong_FromLong(code);
}

/* post_unit(code, url_length) -> int or None: the post length `code` with its own URL length;
 * None where the library refuses (a unit that counts no URLs). The package checks both. */
static PyObject *post_unit(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "post_unit(unit, url_length)");
    return NULL;
  }
  long code = PyLong_AsLong(args[0]);
  if (code == -1 && PyErr_Occurred()) return NULL;
  long url_length = PyLong_AsLong(args[1]);
  if (url_length == -1 && PyErr_Occurred()) return NULL;
  int32_t unit = -1;
  if (code < 0 || code > INT32_MAX || url_length < 0 || url_length > UINT32_MAX
      || textlimit_post_unit((int32_t)code, (uint32_t)url_length, &unit) != TEXTLIMIT_OK)
    Py_RETURN_NONE;
  return PyLong_FromLong(unit);
}

/* rule_limits(name, max, url_length) -> list of (max, unit code), or None where the library
 * refuses (an unknown rule, a name holding NUL, a URL length for a rule without one); -1 keeps
 * the rule's own. The package checks the numbers' types and ranges first. */
static PyObject *rule_limits(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "rule_limits(name, max, url_length)");
    return NULL;
  }
  Py_ssize_t size;
  const char *name = PyUnicode_AsUTF8AndSize(args[0], &size);
  if (name == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return NULL;
    PyErr_Clear(); /* a lone surrogate: no rule's name */
    Py_RETURN_NONE;
  }
  long long max_length = PyLong_AsLongLong(args[1]);
  if (max_length == -1 && PyErr_Occurred()) return NULL;
  long long url_length = PyLong_AsLongLong(args[2]);
  if (url_length == -1 && PyErr_Occurred()) return NULL;
  int32_t units[4];
  uint64_t maxima[4];
  size_t count = 0;
  if ((size_t)size != strlen(name) /* "x\0junk" is no rule, not X's */
      || textlimit_rule_limits(name, max_length, url_length, units, maxima, 4, &count)
           != TEXTLIMIT_OK
      || count > 4)
    Py_RETURN_NONE;
  PyObject *result = PyList_New((Py_ssize_t)count);
  if (result == NULL) return NULL;
  for (size_t i = 0; i < count; i++) {
    PyObject *pair = Py_BuildValue("(Ki)", (unsigned long long)maxima[i], (int)units[i]);
    if (pair == NULL) {
      Py_DECREF(result);
      return NULL;
    }
    if (PyList_SetItem(result, (Py_ssize_t)i, pair) != 0) { /* steals pair */
      Py_DECREF(result);
      return NULL;
    }
  }
  return result;
}

/* The C API's named units, read at import (textlimit_unit_name of 0, 1, 2... until NULL), so
 * that a unit the library adds needs no change here: each name interned (a name passed as a
 * literal is the same object, found by identity; another equal str by comparison), its code
 * its index; their names listed in one str for messages. Any other name (an alias such as
 * "unicodeScalars") is asked of textlimit_unit_from_name. */
#define MAX_NAMED_UNITS 256
static PyObject *named_units[MAX_NAMED_UNITS];
static int32_t named_unit_count;
static PyObject *unit_list; /* "graphemes, utf16, ..." */

static int read_named_units(void) {
  if (unit_list != NULL) return 0;
  PyObject *names = PyList_New(0);
  if (names == NULL) return -1;
  const char *name;
  while (named_unit_count < MAX_NAMED_UNITS
         && (name = textlimit_unit_name(named_unit_count)) != NULL) {
    PyObject *interned = PyUnicode_InternFromString(name);
    if (interned == NULL || PyList_Append(names, interned) < 0) {
      Py_XDECREF(interned);
      Py_DECREF(names);
      return -1;
    }
    named_units[named_unit_count++] = interned; /* kept for the life of the process */
  }
  PyObject *separator = PyUnicode_FromString(", ");
  unit_list = separator ? PyUnicode_Join(separator, names) : NULL;
  Py_XDECREF(separator);
  Py_DECREF(names);
  return unit_list != NULL ? 0 : -1;
}

/* unit_names() -> tuple: the named units' names, in the C API's order. */
static PyObject *unit_names(PyObject *module, PyObject *unused) {
  (void)module, (void)unused;
  PyObject *result = PyTuple_New(named_unit_count);
  for (int32_t i = 0; result != NULL && i < named_unit_count; i++) {
    Py_INCREF(named_units[i]);
    PyTuple_SetItem(result, i, named_units[i]);
  }
  return result;
}

/* The code textlimit_unit_from_name gives a name (an alias), or -1 with no exception set for
 * an unknown one (one with a NUL or a lone surrogate too); -2 with an exception set. */
static int32_t unit_from_name(PyObject *name) {
  Py_ssize_t size;
  const char *utf8 = PyUnicode_AsUTF8AndSize(name, &size);
  if (utf8 == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return -2;
    PyErr_Clear();
    return -1;
  }
  int32_t code = -1;
  if ((size_t)size != strlen(utf8) || textlimit_unit_from_name(utf8, &code) != TEXTLIMIT_OK)
    return -1;
  return code;
}

/* The code of a unit given as a name, or as a code textlimit.post_unit made; -1 with an
 * exception for anything else: ValueError for an unknown name, TypeError for another type or
 * an int that is no unit's code. */
static int32_t unit_of(const char *function, PyObject *unit) {
  for (int32_t i = 0; i < named_unit_count; i++)
    if (unit == named_units[i]) return i;
  if (PyUnicode_Check(unit)) {
    for (int32_t i = 0; i < named_unit_count; i++) {
      int order = PyUnicode_Compare(unit, named_units[i]);
      if (order == 0) return i;
      if (order == -1 && PyErr_Occurred()) return -1;
    }
    int32_t code = unit_from_name(unit);
    if (code >= 0 || code == -2) return code == -2 ? -1 : code;
    PyErr_Format(PyExc_ValueError, "%s() argument 'unit': unknown unit %R; one of %U (or an "
                 "alias of one, such as unicodeScalars)", function, unit, unit_list);
    return -1;
  }
  if (PyLong_Check(unit) && !PyBool_Check(unit)) {
    int overflow = 0;
    long long code = PyLong_AsLongLongAndOverflow(unit, &overflow);
    if (code == -1 && PyErr_Occurred()) return -1;
    uint64_t probe;
    if (!overflow && code >= 0 && code <= INT32_MAX
        && textlimit_count(NULL, 0, (int32_t)code, &probe) == TEXTLIMIT_OK)
      return (int32_t)code;
    PyErr_Format(PyExc_TypeError,
                 "%s() argument 'unit' must be a unit name (%U) or a code from "
                 "textlimit.post_unit or textlimit.sms_unit, not the int %R", function, unit_list, unit);
    return -1;
  }
  PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(unit), "__name__");
  if (name == NULL) return -1;
  PyErr_Format(PyExc_TypeError, "%s() argument 'unit' must be a unit name (%U) or a code from "
               "textlimit.post_unit or textlimit.sms_unit, not %U", function, unit_list, name);
  Py_DECREF(name);
  return -1;
}

/* Sorts vectorcall arguments into `values` by the parameter names `names` (the first
 * `positional` of them may be given by position), as CPython's argument parser does; 0, or -1
 * with a TypeError in CPython's words. `required` are the leading ones without a default. */
static int parse_arguments(const char *function, PyObject *const *names, Py_ssize_t count,
                           Py_ssize_t positional, Py_ssize_t required, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kwnames, PyObject **values) {
  if (nargs > positional) {
    PyErr_Format(PyExc_TypeError, "%s() takes from %zd to %zd positional arguments but %zd "
                 "were given", function, required, positional, nargs);
    return -1;
  }
  for (Py_ssize_t i = 0; i < count; i++) values[i] = i < nargs ? args[i] : NULL;
  Py_ssize_t keywords = kwnames ? PyTuple_Size(kwnames) : 0;
  for (Py_ssize_t k = 0; k < keywords; k++) {
    PyObject *key = PyTuple_GetItem(kwnames, k);
    Py_ssize_t found = -1;
    for (Py_ssize_t i = 0; i < count && found < 0; i++)
      if (key == names[i]) found = i;
    for (Py_ssize_t i = 0; i < count && found < 0; i++)
      if (PyUnicode_Compare(key, names[i]) == 0) found = i;
    if (found < 0) {
      PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument %R", function, key);
      return -1;
    }
    if (values[found] != NULL) {
      PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument %R", function,
                   names[found]);
      return -1;
    }
    values[found] = args[nargs + k];
  }
  for (Py_ssize_t i = 0; i < required; i++) {
    if (values[i] == NULL) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument %R (pos %zd)", function,
                   names[i], i + 1);
      return -1;
    }
  }
  return 0;
}

/* A unit with a content warning: the pair (unit, warning) textlimit.WarnedUnit is, the unit
 * a name or code and the warning a str; its code, with the warning's UTF-8 in `warning`; -1
 * with an exception set. */
static int32_t warned_unit_of(const char *function, PyObject *pair, text_bytes *warning) {
  if (PyTuple_Size(pair) != 2) {
    argument_type_error(function, "unit", "a unit name, a code, or a (unit, content warning) "
                        "pair", pair);
    return -1;
  }
  int32_t unit = unit_of(function, PyTuple_GetItem(pair, 0));
  if (unit < 0) return -1;
  PyObject *text = PyTuple_GetItem(pair, 1);
  if (!PyUnicode_Check(text)) {
    argument_type_error(function, "content_warning", "str", text);
    return -1;
  }
  if (text_get(function, "content_warning", text, warning) < 0) return -1;
  return unit;
}

/* count(text, (unit, warning), strict): a post counted with its content warning. */
static PyObject *count_warned(PyObject *text_object, PyObject *pair, int strict) {
  text_bytes warning;
  int32_t unit = warned_unit_of("count", pair, &warning);
  if (unit < 0) return NULL;
  text_bytes text;
  if (text_get("count", "text", text_object, &text) < 0) {
    text_release(&warning);
    return NULL;
  }
  /* strict checks the text (the warning, a str, is read as Swift reads it). */
  uint64_t result = 0;
  size_t offset = 0;
  int32_t status = TEXTLIMIT_OK;
  if (strict && text.first_surrogate >= 0) {
    status = TEXTLIMIT_INVALID_UTF8;
    offset = (size_t)text.first_surrogate;
  } else if (strict) {
    status = textlimit_count_strict((const uint8_t *)text.bytes, (size_t)text.length,
                                    TEXTLIMIT_UTF8, &result, &offset);
  }
  if (status == TEXTLIMIT_OK) {
    status = textlimit_count_with_warning((const uint8_t *)text.bytes, (size_t)text.length, unit,
                                          (const uint8_t *)warning.bytes,
                                          (size_t)warning.length, &result);
  }
  int is_str = text.is_str;
  text_release(&text);
  text_release(&warning);
  if (status == TEXTLIMIT_INVALID_UTF8) return raise_invalid_utf8((Py_ssize_t)offset, is_str);
  if (status != TEXTLIMIT_OK) {
    PyErr_Format(PyExc_ValueError, "count() argument 'unit': unit %d takes no content warning "
                 "(mastodon and mastodon-composer do)", (int)unit);
    return NULL;
  }
  return PyLong_FromUnsignedLongLong(result);
}

/* count(text, unit="graphemes", *, strict=False) -> int: the whole of textlimit.count, here so
 * that a call costs one trip into C. */
static PyObject *count(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames) {
  (void)module;
  PyObject *values[3];
  if (kwnames == NULL && nargs <= 2 && nargs >= 1 && PyUnicode_Check(args[0])
      && (nargs == 1 || !PyTuple_Check(args[1]))) {
    /* The commonest call, count(s) or count(s, unit) of a short str, straight through: its
     * code points copied onto the stack and counted as UTF-32. */
    Py_ssize_t points = PyUnicode_GetLength(args[0]);
    if (points < 0) return NULL;
    if (points <= SHORT_STR_POINTS) {
      int32_t unit = nargs == 1 ? 0 : unit_of("count", args[1]);
      if (unit < 0) return NULL;
      Py_UCS4 scalars[SHORT_STR_POINTS];
      if (points > 0 && PyUnicode_AsUCS4(args[0], scalars, points, 0) == NULL) return NULL;
      uint64_t result;
      int32_t status = textlimit_count_utf32((const uint32_t *)scalars, (size_t)points, unit,
                                             &result);
      if (status != TEXTLIMIT_OK) return status_error(status);
      return PyLong_FromUnsignedLongLong(result);
    }
  }
  if (kwnames == NULL && nargs >= 1 && nargs <= 2) { /* no keyword */
    values[0] = args[0];
    values[1] = nargs > 1 ? args[1] : NULL;
    values[2] = NULL;
  } else {
    PyObject *const names[3] = {text_name, unit_name_key, strict_name};
    if (parse_arguments("count", names, 3, 2, 1, args, nargs, kwnames, values) < 0) return NULL;
  }
  int strict = 0;
  if (values[2] != NULL && (strict = PyObject_IsTrue(values[2])) < 0) return NULL;
  if (values[1] != NULL && PyTuple_Check(values[1])) {
    return count_warned(values[0], values[1], strict);
  }
  int32_t unit = values[1] == NULL ? 0 : unit_of("count", values[1]);
  if (unit < 0) return NULL;
  text_bytes text;
  if (text_get("count", "text", values[0], &text) < 0) return NULL;
  uint64_t result = 0;
  size_t offset = 0;
  int32_t status;
  if (strict && text.first_surrogate >= 0) {
    /* A str with a lone surrogate is ill-formed, as its bytes would be: reported at its index
     * in the str. */
    status = TEXTLIMIT_INVALID_UTF8;
    offset = (size_t)text.first_surrogate;
  } else if (text.length >= RELEASE_GIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    status = strict ? textlimit_count_strict((const uint8_t *)text.bytes, (size_t)text.length,
                                             unit, &result, &offset)
                    : textlimit_count((const uint8_t *)text.bytes, (size_t)text.length, unit,
                                      &result);
    Py_END_ALLOW_THREADS
  } else {
    status = strict ? textlimit_count_strict((const uint8_t *)text.bytes, (size_t)text.length,
                                             unit, &result, &offset)
                    : textlimit_count((const uint8_t *)text.bytes, (size_t)text.length, unit,
                                      &result);
  }
  int is_str = text.is_str;
  text_release(&text);
  if (status == TEXTLIMIT_INVALID_UTF8) return raise_invalid_utf8((Py_ssize_t)offset, is_str);
  if (status != TEXTLIMIT_OK) return status_error(status);
  return PyLong_FromUnsignedLongLong(result);
}

/* Whether an object is one text, which a batch function must not take as its list of texts. */
static int is_one_text(PyObject *object) {
  return PyUnicode_Check(object) || PyBytes_Check(object) || PyByteArray_Check(object)
         || PyMemoryView_Check(object);
}

/* count_each(function, texts, unit) -> list: the length of each str or bytes-like item, None
 * for None. The items are read, counted (one call into the library) and turned into ints a
 * chunk at a time, so that each object is still in cache when it is counted and when its count
 * is stored; each item of a chunk is held while the GIL is released. */
#define CHUNK 256
#define PREFETCH_AHEAD 8
static PyObject *count_each(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "count_each(function, texts, unit)");
    return NULL;
  }
  const char *function = PyUnicode_AsUTF8AndSize(args[0], NULL);
  if (function == NULL) return NULL;
  int32_t unit = unit_of(function, args[2]);
  if (unit < 0) return NULL;
  if (is_one_text(args[1])) {
    argument_type_error(function, "texts", "an iterable of texts (str, bytes-like or None; a "
                        "str is one text: count() counts it)", args[1]);
    return NULL;
  }
  PyObject *items;
  if (PyList_Check(args[1]) || PyTuple_Check(args[1])) {
    items = args[1];
    Py_INCREF(items);
  } else if ((items = PySequence_List(args[1])) == NULL) {
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {
      PyErr_Clear();
      argument_type_error(function, "texts", "an iterable of texts (str, bytes-like or None)",
                          args[1]);
    }
    return NULL;
  }
  int is_list = PyList_Check(items);
  Py_ssize_t n = is_list ? PyList_Size(items) : PyTuple_Size(items);
  /* The code points of each short str of a chunk, in its slot of SHORT_STR_POINTS: counted as
   * UTF-32 (textlimit_count_each_utf32), the others as UTF-8 (textlimit_count_each). */
  Py_UCS4 *arena = PyMem_Malloc(CHUNK * SHORT_STR_POINTS * sizeof(Py_UCS4));
  PyObject *result = arena != NULL ? PyList_New(n) : PyErr_NoMemory();
  const uint8_t *pointers[CHUNK];
  size_t lengths[CHUNK];
  const uint32_t *scalars[CHUNK];
  size_t scalar_counts[CHUNK];
  Py_ssize_t utf8_items[CHUNK], utf32_items[CHUNK]; /* their places in the chunk */
  uint64_t counts[CHUNK], utf8_counts[CHUNK], utf32_counts[CHUNK];
  text_bytes owned[CHUNK];
  PyObject *held[CHUNK];
  if (result == NULL) goto done;
  for (Py_ssize_t start = 0; start < n; start += CHUNK) {
    Py_ssize_t size = n - start < CHUNK ? n - start : CHUNK, total = 0;
    Py_ssize_t taken = 0; /* items held (with their texts) so far in this chunk */
    Py_ssize_t utf8_count = 0, utf32_count = 0;
    /* A list may change size while a bytes-like item's conversion runs Python code (a buffer
     * of a Python class): its size is read again after each such conversion. */
    Py_ssize_t present = is_list ? PyList_Size(items) : n;
    for (Py_ssize_t i = 0; i < size; i++) {
      Py_ssize_t index = start + i;
      PyObject *item = index >= present ? NULL
                       : is_list        ? PyList_GetItem(items, index)
                                        : PyTuple_GetItem(items, index);
      /* Strings of a large list are far apart in memory: the one PREFETCH_AHEAD items on is
       * asked of the cache now (its header and the start of its text), so that its loads
       * overlap this item's work instead of waiting one after the other. */
      if (index + PREFETCH_AHEAD < present) {
        PyObject *ahead = is_list ? PyList_GetItem(items, index + PREFETCH_AHEAD)
                                  : PyTuple_GetItem(items, index + PREFETCH_AHEAD);
        __builtin_prefetch(ahead);
        __builtin_prefetch((const char *)ahead + 64);
      }
      if (item == NULL) {
        PyErr_Format(PyExc_RuntimeError, "%s(): the list changed size while it was counted",
                     function);
        goto chunk_failed;
      }
      Py_INCREF(item);
      held[i] = item;
      owned[i].owner = NULL;
      owned[i].allocated = NULL;
      taken = i + 1;
      counts[i] = 0;
      if (item == Py_None) continue;
      if (!PyUnicode_Check(item) && !PyBytes_Check(item) && !PyByteArray_Check(item)
          && !PyMemoryView_Check(item)) {
        PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(item), "__name__");
        if (name != NULL) {
          PyErr_Format(PyExc_TypeError, "%s() argument 'texts' must hold str, bytes-like "
                       "objects or None, not %U (item %zd)", function, name, index);
          Py_DECREF(name);
        }
        goto chunk_failed;
      }
      if (PyUnicode_Check(item)) {
        Py_ssize_t points = PyUnicode_GetLength(item);
        if (points < 0) goto chunk_failed;
        if (points <= SHORT_STR_POINTS) {
          Py_UCS4 *slot = arena + i * SHORT_STR_POINTS;
          if (points > 0 && PyUnicode_AsUCS4(item, slot, points, 0) == NULL) goto chunk_failed;
          scalars[utf32_count] = (const uint32_t *)slot;
          scalar_counts[utf32_count] = (size_t)points;
          utf32_items[utf32_count++] = i;
          continue;
        }
      }
      if (text_get(function, "texts", item, &owned[i]) < 0) goto chunk_failed;
      if (is_list) present = PyList_Size(items);
      pointers[utf8_count] = (const uint8_t *)owned[i].bytes;
      lengths[utf8_count] = (size_t)owned[i].length;
      utf8_items[utf8_count++] = i;
      total += owned[i].length;
    }
    int32_t status, status32;
    if (total >= RELEASE_GIL_BYTES) {
      Py_BEGIN_ALLOW_THREADS
      status = textlimit_count_each(pointers, lengths, (size_t)utf8_count, unit, utf8_counts);
      status32 = textlimit_count_each_utf32(scalars, scalar_counts, (size_t)utf32_count, unit,
                                            utf32_counts);
      Py_END_ALLOW_THREADS
    } else {
      status = textlimit_count_each(pointers, lengths, (size_t)utf8_count, unit, utf8_counts);
      status32 = textlimit_count_each_utf32(scalars, scalar_counts, (size_t)utf32_count, unit,
                                            utf32_counts);
    }
    if (status == TEXTLIMIT_OK) status = status32;
    for (Py_ssize_t k = 0; k < utf8_count; k++) counts[utf8_items[k]] = utf8_counts[k];
    for (Py_ssize_t k = 0; k < utf32_count; k++) counts[utf32_items[k]] = utf32_counts[k];
    for (Py_ssize_t i = 0; i < size; i++) text_release(&owned[i]);
    if (status != TEXTLIMIT_OK) {
      status_error(status);
      for (Py_ssize_t i = 0; i < size; i++) Py_DECREF(held[i]);
      Py_CLEAR(result);
      goto done;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
      PyObject *value;
      if (held[i] == Py_None) {
        value = Py_None;
        Py_INCREF(value);
      } else if ((value = PyLong_FromUnsignedLongLong(counts[i])) == NULL) {
        for (Py_ssize_t j = i; j < size; j++) Py_DECREF(held[j]);
        Py_CLEAR(result);
        goto done;
      }
      Py_DECREF(held[i]);
      PyList_SetItem(result, start + i, value);
    }
    continue;
  chunk_failed:
    /* Items 0 ..< taken are held (the last perhaps without its text, whose owner is NULL). */
    for (Py_ssize_t i = 0; i < taken; i++) {
      text_release(&owned[i]);
      Py_DECREF(held[i]);
    }
    Py_CLEAR(result);
    goto done;
  }
done:
  PyMem_Free(arena);
  Py_DECREF(items);
  return result;
}

/* pyarrow.Buffer, looked up on the first Arrow count. */
static PyObject *arrow_buffer_type;

/* The address and size of a pyarrow.Buffer, read from the buffer itself (of that exact type:
 * never a number a caller passed, nor a subclass's claim), so that no call can point the
 * library at memory that is not an Arrow buffer's; -1 with an exception set. */
static int arrow_buffer(PyObject *object, const char *argument, const uint8_t **address,
                        size_t *size) {
  if (arrow_buffer_type == NULL) {
    PyObject *pyarrow = PyImport_ImportModule("pyarrow");
    if (pyarrow == NULL) return -1;
    arrow_buffer_type = PyObject_GetAttrString(pyarrow, "Buffer");
    Py_DECREF(pyarrow);
    if (arrow_buffer_type == NULL) return -1;
  }
  if ((PyObject *)Py_TYPE(object) != arrow_buffer_type)
    return argument_type_error("count_arrow", argument, "pyarrow.Buffer", object);
  PyObject *start = PyObject_GetAttrString(object, "address");
  PyObject *length = start ? PyObject_GetAttrString(object, "size") : NULL;
  if (length != NULL) {
    *address = PyLong_AsVoidPtr(start);
    *size = PyLong_AsSize_t(length);
  }
  Py_XDECREF(start);
  Py_XDECREF(length);
  return length != NULL && !PyErr_Occurred() ? 0 : -1;
}

/* count_arrow(data, offsets, first, n, width, unit) -> bytes: an Arrow string or binary array
 * counted in place (textlimit_count_many / _many64): its data and offsets buffers
 * (pyarrow.Buffer; data may be None when every text is empty), the array's offset, its length
 * and its offsets' width (4 or 8). The offsets buffer must hold the array's n + 1 offsets; the
 * library checks each against the data's size. The counts come back as n native 64-bit
 * integers (the package makes an Arrow int64 array of them without a copy). */
static PyObject *count_arrow(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 6) {
    PyErr_SetString(PyExc_TypeError, "count_arrow(data, offsets, first, n, width, unit)");
    return NULL;
  }
  const uint8_t *data = NULL, *offsets = NULL;
  size_t data_size = 0, offsets_size = 0;
  if (args[0] != Py_None && arrow_buffer(args[0], "data", &data, &data_size) < 0) return NULL;
  if (arrow_buffer(args[1], "offsets", &offsets, &offsets_size) < 0) return NULL;
  size_t first = PyLong_AsSize_t(args[2]);
  size_t n = first == (size_t)-1 ? 0 : PyLong_AsSize_t(args[3]);
  long width = PyLong_AsLong(args[4]);
  int32_t unit = PyErr_Occurred() ? -1 : unit_of("count_many", args[5]);
  if (unit < 0) return NULL;
  if ((width != 4 && width != 8) || n > PY_SSIZE_T_MAX / 8 || first > PY_SSIZE_T_MAX / 8
      || (first + n + 1) > offsets_size / (size_t)width) {
    PyErr_Format(PyExc_ValueError, "count_arrow(): %zu offsets of %ld bytes from offset %zu do "
                 "not fit in an offsets buffer of %zu bytes", n + 1, width, first, offsets_size);
    return NULL;
  }
  PyObject *result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * sizeof(uint64_t)));
  if (result == NULL) return NULL;
  uint64_t *counts = (uint64_t *)PyBytes_AsString(result);
  const uint8_t *from = offsets + first * (size_t)width;
  int32_t status;
  Py_BEGIN_ALLOW_THREADS
  status = width == 8
             ? textlimit_count_many64(data, data_size, (const int64_t *)from, n, unit, counts)
             : textlimit_count_many(data, data_size, (const int32_t *)from, n, unit, counts);
  Py_END_ALLOW_THREADS
  if (status != TEXTLIMIT_OK) {
    Py_DECREF(result);
    return status_error(status);
  }
  return result;
}

/* Reads (units, maxes) sequences into arrays; returns the count, or -1 with an exception. The
 * package has checked each unit and maximum. */
static Py_ssize_t read_limits(PyObject *units_object, PyObject *maxes_object, int32_t **units,
                              uint64_t **maxes) {
  PyObject *units_tuple = PySequence_Tuple(units_object);
  PyObject *maxes_tuple = units_tuple ? PySequence_Tuple(maxes_object) : NULL;
  Py_ssize_t n = -1;
  if (maxes_tuple == NULL) goto done;
  n = PyTuple_Size(units_tuple);
  if (n != PyTuple_Size(maxes_tuple)) {
    PyErr_SetString(PyExc_ValueError, "one maximum per unit");
    n = -1;
    goto done;
  }
  *units = PyMem_Malloc(sizeof(int32_t) * (size_t)(n > 0 ? n : 1));
  *maxes = PyMem_Malloc(sizeof(uint64_t) * (size_t)(n > 0 ? n : 1));
  if (*units == NULL || *maxes == NULL) {
    PyErr_NoMemory();
    n = -1;
    goto done;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    long unit = PyLong_AsLong(PyTuple_GetItem(units_tuple, i));
    unsigned long long max = PyLong_AsUnsignedLongLong(PyTuple_GetItem(maxes_tuple, i));
    if (PyErr_Occurred()) {
      n = -1;
      goto done;
    }
    (*units)[i] = (int32_t)unit;
    (*maxes)[i] = (uint64_t)max;
  }
done:
  Py_XDECREF(units_tuple);
  Py_XDECREF(maxes_tuple);
  return n;
}

/* prefix(function, text, units, maxes, fits_only) -> the longest prefix within every limit (a
 * str for a str, bytes for bytes-like), or with fits_only, whether the whole text is within. */
static PyObject *prefix(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 5 && nargs != 6) {
    PyErr_SetString(PyExc_TypeError,
                    "prefix(function, text, units, maxes, fits_only[, content_warning])");
    return NULL;
  }
  const char *function = PyUnicode_AsUTF8AndSize(args[0], NULL);
  if (function == NULL) return NULL;
  int fits_only = PyObject_IsTrue(args[4]);
  if (fits_only < 0) return NULL;
  int32_t *units = NULL;
  uint64_t *maxes = NULL;
  Py_ssize_t limit_count = read_limits(args[2], args[3], &units, &maxes);
  PyObject *result = NULL;
  text_bytes text, warning;
  int have_text = 0, have_warning = 0;
  if (limit_count < 0) goto done;
  if (nargs == 6 && args[5] != Py_None) {
    if (text_get(function, "content_warning", args[5], &warning) < 0) goto done;
    have_warning = 1;
  }
  if (text_get(function, "text", args[1], &text) < 0) goto done;
  have_text = 1;
  size_t cut = 0;
  int32_t status;
  if (have_warning) {
    status = textlimit_prefix_with_warning((const uint8_t *)text.bytes, (size_t)text.length,
                                           units, maxes, (size_t)limit_count,
                                           (const uint8_t *)warning.bytes,
                                           (size_t)warning.length, &cut);
  } else if (text.length >= RELEASE_GIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    status = textlimit_prefix((const uint8_t *)text.bytes, (size_t)text.length, units, maxes,
                              (size_t)limit_count, &cut);
    Py_END_ALLOW_THREADS
  } else {
    status = textlimit_prefix((const uint8_t *)text.bytes, (size_t)text.length, units, maxes,
                              (size_t)limit_count, &cut);
  }
  if (status != TEXTLIMIT_OK) {
    status_error(status);
    goto done;
  }
  if (fits_only) {
    int fits = cut == (size_t)text.length;
    /* An empty text's prefix is the text: it fits only where every count of it does (a
     * content warning alone, or one SMS segment, may be over a limit). */
    for (Py_ssize_t i = 0; fits && text.length == 0 && i < limit_count; i++) {
      uint64_t counted = 0;
      status = have_warning
                 ? textlimit_count_with_warning((const uint8_t *)text.bytes, 0, units[i],
                                                (const uint8_t *)warning.bytes,
                                                (size_t)warning.length, &counted)
                 : TEXTLIMIT_INVALID_ARGUMENT;
      if (status == TEXTLIMIT_INVALID_ARGUMENT) /* no warning, or a unit that takes none */
        status = textlimit_count((const uint8_t *)text.bytes, 0, units[i], &counted);
      if (status != TEXTLIMIT_OK) {
        status_error(status);
        goto done;
      }
      fits = counted <= maxes[i];
    }
    result = PyBool_FromLong(fits);
  } else if (!text.is_str) {
    result = PyBytes_FromStringAndSize(text.bytes, (Py_ssize_t)cut);
  } else if (cut == (size_t)text.length) {
    Py_INCREF(args[1]);
    result = args[1];
  } else {
    result = PyUnicode_Substring(args[1], 0, code_points(text.bytes, (Py_ssize_t)cut));
  }
done:
  if (have_text) text_release(&text);
  if (have_warning) text_release(&warning);
  PyMem_Free(units);
  PyMem_Free(maxes);
  return result;
}

/* The byte offset where each grapheme cluster of `text` ends, in a PyMem buffer of exactly as
 * many (the clusters counted first: a fast pass), with the GIL released for a large text; -1
 * with an exception set. */
static int cluster_ends(text_bytes *text, size_t **ends, size_t *clusters) {
  const uint8_t *bytes = (const uint8_t *)text->bytes;
  size_t length = (size_t)text->length;
  int large = text->length >= RELEASE_GIL_BYTES;
  uint64_t counted = 0;
  int32_t status;
  if (large) {
    Py_BEGIN_ALLOW_THREADS
    status = textlimit_count(bytes, length, TEXTLIMIT_GRAPHEMES, &counted);
    Py_END_ALLOW_THREADS
  } else {
    status = textlimit_count(bytes, length, TEXTLIMIT_GRAPHEMES, &counted);
  }
  if (status != TEXTLIMIT_OK) {
    status_error(status);
    return -1;
  }
  *ends = PyMem_Malloc(sizeof(size_t) * (size_t)(counted > 0 ? counted : 1));
  if (*ends == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  if (large) {
    Py_BEGIN_ALLOW_THREADS
    status = textlimit_grapheme_ends(bytes, length, *ends, (size_t)counted, clusters);
    Py_END_ALLOW_THREADS
  } else {
    status = textlimit_grapheme_ends(bytes, length, *ends, (size_t)counted, clusters);
  }
  if (status != TEXTLIMIT_OK || *clusters != counted) {
    PyMem_Free(*ends);
    *ends = NULL;
    if (status != TEXTLIMIT_OK)
      status_error(status);
    else
      PyErr_SetString(PyExc_RuntimeError, "textlimit: the clusters counted twice differ");
    return -1;
  }
  return 0;
}

/* graphemes(text) -> list: the grapheme clusters of a str (as str) or of bytes (as bytes). */
static PyObject *graphemes(PyObject *module, PyObject *argument) {
  (void)module;
  text_bytes text;
  if (text_get("graphemes", "text", argument, &text) < 0) return NULL;
  PyObject *result = NULL;
  size_t *ends = NULL, clusters = 0;
  if (cluster_ends(&text, &ends, &clusters) < 0) goto done;
  result = PyList_New((Py_ssize_t)clusters);
  if (result == NULL) goto done;
  size_t start = 0;
  Py_ssize_t point = 0;
  for (size_t i = 0; i < clusters; i++) {
    PyObject *piece;
    if (text.is_str) {
      Py_ssize_t points = code_points(text.bytes + start, (Py_ssize_t)(ends[i] - start));
      piece = PyUnicode_Substring(argument, point, point + points);
      point += points;
    } else {
      piece = PyBytes_FromStringAndSize(text.bytes + start, (Py_ssize_t)(ends[i] - start));
    }
    if (piece == NULL) {
      Py_CLEAR(result);
      goto done;
    }
    PyList_SetItem(result, (Py_ssize_t)i, piece);
    start = ends[i];
  }
done:
  PyMem_Free(ends);
  text_release(&text);
  return result;
}

/* grapheme_ends(text) -> bytes: where each cluster ends, as native 64-bit integers: code point
 * offsets in a str, byte offsets in bytes (the package makes an array('q') of them). */
static PyObject *grapheme_ends(PyObject *module, PyObject *argument) {
  (void)module;
  text_bytes text;
  if (text_get("grapheme_ends", "text", argument, &text) < 0) return NULL;
  PyObject *result = NULL;
  size_t *ends = NULL, clusters = 0;
  if (cluster_ends(&text, &ends, &clusters) < 0) goto done;
  result = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(clusters * sizeof(int64_t)));
  if (result == NULL) goto done;
  int64_t *out = (int64_t *)PyBytes_AsString(result);
  if (text.is_str) {
    size_t start = 0;
    int64_t point = 0;
    for (size_t i = 0; i < clusters; i++) {
      point += code_points(text.bytes + start, (Py_ssize_t)(ends[i] - start));
      out[i] = point;
      start = ends[i];
    }
  } else {
    for (size_t i = 0; i < clusters; i++) out[i] = (int64_t)ends[i];
  }
done:
  PyMem_Free(ends);
  text_release(&text);
  return result;
}

/* The length of the longest prefix of `text` with at most `clusters` grapheme clusters, in
 * bytes (set *cut) from its UTF-8: one call. */
static int prefix_bytes(text_bytes *text, uint64_t clusters, size_t *cut) {
  int32_t unit = TEXTLIMIT_GRAPHEMES;
  int32_t status;
  if (text->length >= RELEASE_GIL_BYTES) {
    Py_BEGIN_ALLOW_THREADS
    status = textlimit_prefix((const uint8_t *)text->bytes, (size_t)text->length, &unit,
                              &clusters, 1, cut);
    Py_END_ALLOW_THREADS
  } else {
    status = textlimit_prefix((const uint8_t *)text->bytes, (size_t)text->length, &unit,
                              &clusters, 1, cut);
  }
  if (status != TEXTLIMIT_OK) {
    status_error(status);
    return -1;
  }
  return 0;
}

/* cluster_prefix(text, clusters) -> int: the length of the first `clusters` grapheme clusters
 * of a str in code points, or of bytes in bytes, in time proportional to them: a large
 * non-ASCII str is read through windows from its start, each twice the last, until a window
 * holds the cluster after them (a boundary before a window's end is one in the whole text:
 * the rules look back, never ahead). */
static PyObject *cluster_prefix(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "cluster_prefix(text, clusters)");
    return NULL;
  }
  PyObject *object = args[0];
  unsigned long long clusters = PyLong_AsUnsignedLongLong(args[1]);
  if (clusters == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
  Py_ssize_t points = PyUnicode_Check(object) ? PyUnicode_GetLength(object) : 0;
  if (points < 0) return NULL;
  int windowed = 0;
  if (points >= LARGE_STR_POINTS) {
    int ascii = str_is_ascii(object);
    if (ascii < 0) return NULL;
    windowed = !ascii;
  }
  /* Four code points a cluster, to begin with: most clusters hold one or two. */
  Py_ssize_t window = (Py_ssize_t)(clusters < (unsigned long long)(PY_SSIZE_T_MAX / 8)
                                     ? clusters * 4 + 64 : PY_SSIZE_T_MAX / 2);
  while (1) {
    PyObject *piece = object;
    int whole = !windowed || window >= points;
    if (!whole && (piece = PyUnicode_Substring(object, 0, window)) == NULL) return NULL;
    text_bytes text;
    int have_text = text_get("slice", "text", piece, &text) == 0;
    size_t cut = 0;
    int failed = !have_text || prefix_bytes(&text, (uint64_t)clusters, &cut) < 0;
    PyObject *result = NULL;
    if (!failed && (whole || cut < (size_t)text.length)) {
      Py_ssize_t length = text.is_str ? code_points(text.bytes, (Py_ssize_t)cut) : (Py_ssize_t)cut;
      result = PyLong_FromSsize_t(length);
    }
    if (have_text) text_release(&text); /* also when the count failed */
    if (piece != object) Py_DECREF(piece);
    if (failed || result != NULL) return result;
    window = window > PY_SSIZE_T_MAX / 2 ? PY_SSIZE_T_MAX : window * 2;
  }
}

/* sms_unit(pairs_only, lookalikes, language) -> int: SMS segments with options (language 0 for
 * none). */
static PyObject *sms_unit(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "sms_unit(pairs_only, lookalikes, language)");
    return NULL;
  }
  long values[3];
  for (int i = 0; i < 3; i++) {
    values[i] = PyLong_AsLong(args[i]);
    if (values[i] == -1 && PyErr_Occurred()) return NULL;
  }
  int32_t unit = -1;
  if (values[0] < 0 || values[0] > 1 || values[1] < 0 || values[1] > 1 || values[2] < 0
      || values[2] > 63
      || textlimit_sms_unit((int32_t)values[0], (int32_t)values[1], (int32_t)values[2], &unit)
             != TEXTLIMIT_OK) {
    PyErr_Format(PyExc_ValueError, "no SMS unit for %ld, %ld, %ld", values[0], values[1],
                 values[2]);
    return NULL;
  }
  return PyLong_FromLong(unit);
}

/* sms_measure(text, unit) -> (encoding 0/1, units, segments, [characters]); each character a
 * str for a str, bytes for bytes. */
static PyObject *sms_measure(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "sms_measure(text, unit)");
    return NULL;
  }
  long code = PyLong_AsLong(args[1]);
  if (code == -1 && PyErr_Occurred()) return NULL;
  text_bytes text;
  if (text_get("sms", "text", args[0], &text) < 0) return NULL;
  int32_t encoding = 0;
  uint64_t units = 0, segments = 0;
  size_t needed = 0;
  /* The characters take at most twice the text, ill-formed bytes aside: tried once, then with
   * the size the first call gave. */
  size_t capacity = 2 * (size_t)text.length + 16;
  uint8_t *characters = NULL;
  PyObject *result = NULL;
  for (int attempt = 0; attempt < 2; attempt++) {
    PyMem_Free(characters);
    if ((characters = PyMem_Malloc(capacity)) == NULL) {
      PyErr_NoMemory();
      goto done;
    }
    int32_t status = textlimit_sms_measure((const uint8_t *)text.bytes, (size_t)text.length,
                                           (int32_t)code, &encoding, &units, &segments,
                                           characters, capacity, &needed);
    if (status != TEXTLIMIT_OK) {
      status_error(status);
      goto done;
    }
    if (needed <= capacity) break;
    capacity = needed;
  }
  PyObject *list = PyList_New(0);
  if (list == NULL) goto done;
  size_t start = 0;
  for (size_t i = 0; i < needed; i++) {
    if (characters[i] != 0xFF) continue;
    PyObject *item = text.is_str
        ? PyUnicode_DecodeUTF8((const char *)characters + start, (Py_ssize_t)(i - start), NULL)
        : PyBytes_FromStringAndSize((const char *)characters + start, (Py_ssize_t)(i - start));
    if (item == NULL || PyList_Append(list, item) < 0) {
      Py_XDECREF(item);
      Py_DECREF(list);
      goto done;
    }
    Py_DECREF(item);
    start = i + 1;
  }
  result = Py_BuildValue("(iKKN)", (int)encoding, (unsigned long long)units,
                         (unsigned long long)segments, list);
done:
  PyMem_Free(characters);
  text_release(&text);
  return result;
}

/* bluesky_published(text) -> the text Bluesky's app publishes (str for a str, bytes else). */
static PyObject *bluesky_published(PyObject *module, PyObject *argument) {
  (void)module;
  text_bytes text;
  if (text_get("publish", "text", argument, &text) < 0) return NULL;
  size_t needed = 0;
  PyObject *result = NULL;
  uint8_t *out = NULL;
  if (textlimit_bluesky_published((const uint8_t *)text.bytes, (size_t)text.length, NULL, 0,
                                  &needed) != TEXTLIMIT_OK) {
    PyErr_SetString(PyExc_ValueError, "textlimit: invalid argument");
    goto done;
  }
  if ((out = PyMem_Malloc(needed > 0 ? needed : 1)) == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  size_t written = 0;
  if (textlimit_bluesky_published((const uint8_t *)text.bytes, (size_t)text.length, out, needed,
                                  &written) != TEXTLIMIT_OK || written != needed) {
    PyErr_SetString(PyExc_ValueError, "textlimit: invalid argument");
    goto done;
  }
  result = text.is_str ? PyUnicode_DecodeUTF8((const char *)out, (Py_ssize_t)written, NULL)
                       : PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)written);
done:
  PyMem_Free(out);
  text_release(&text);
  return result;
}

static PyMethodDef methods[] = {
  {"version", version, METH_NOARGS, "The library's version."},
  {"backend", backend, METH_NOARGS, "The backend counting in this build."},
  {"unit_names", unit_names, METH_NOARGS, "The named units' names, in the C API's order."},
  {"unit_code", unit_code, METH_O, "A unit name's code, or -1."},
  {"post_unit", (PyCFunction)(void (*)(void))post_unit, METH_FASTCALL,
   "post_unit(unit, url_length) -> int"},
  {"rule_limits", (PyCFunction)(void (*)(void))rule_limits, METH_FASTCALL,
   "rule_limits(name, max, url_length) -> list"},
  {"count", (PyCFunction)(void (*)(void))count, METH_FASTCALL | METH_KEYWORDS,
   "count(text, unit='graphemes', *, strict=False)\n--\n\n"
   "The length of `text` in `unit`.\n\n"
   "text: a str, or UTF-8 bytes (bytes, bytearray, memoryview).\n"
   "unit: one of textlimit.UNITS (or an alias), a code from textlimit.post_unit or "
   "textlimit.sms_unit, or a (unit, content warning) pair (textlimit.WarnedUnit, which "
   "textlimit.rule makes) for the Mastodon units; grapheme clusters (what users see) by "
   "default.\n"
   "strict: raise InvalidUTF8Error on ill-formed bytes, or a str's lone surrogate, instead of "
   "counting it as U+FFFD.\n\n"
   "One call into C; the GIL is released for texts of 64 KiB or more, and buffers of several "
   "MiB are counted on several threads. Complexity: O(len(text)).\n\n"
   ">>> count('\\U0001F44D\\U0001F3FD ok'), count('\\U0001F44D\\U0001F3FD ok', 'utf16')\n"
   "(4, 7)"},
  {"count_each", (PyCFunction)(void (*)(void))count_each, METH_FASTCALL,
   "count_each(function, texts, unit)"},
  {"count_arrow", (PyCFunction)(void (*)(void))count_arrow, METH_FASTCALL,
   "count_arrow(data, offsets, first, n, width, unit) -> bytes of int64"},
  {"prefix", (PyCFunction)(void (*)(void))prefix, METH_FASTCALL,
   "prefix(function, text, units, maxes, fits_only[, content_warning])"},
  {"sms_unit", (PyCFunction)(void (*)(void))sms_unit, METH_FASTCALL,
   "sms_unit(pairs_only, lookalikes, language) -> int"},
  {"sms_measure", (PyCFunction)(void (*)(void))sms_measure, METH_FASTCALL,
   "sms_measure(text, unit) -> (encoding, units, segments, characters)"},
  {"bluesky_published", bluesky_published, METH_O, "bluesky_published(text) -> str or bytes"},
  {"graphemes", graphemes, METH_O, "graphemes(text) -> list"},
  {"grapheme_ends", grapheme_ends, METH_O, "grapheme_ends(text) -> bytes of int64"},
  {"cluster_prefix", (PyCFunction)(void (*)(void))cluster_prefix, METH_FASTCALL,
   "cluster_prefix(text, clusters) -> int"},
  {"set_invalid_utf8_error", set_invalid_utf8_error, METH_O, "The exception class to raise."},
  {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
  PyModuleDef_HEAD_INIT, "_textlimit", "TextLimit's C API for Python.", -1, methods,
  NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__textlimit(void) {
  if (read_named_units() < 0) return NULL;
  if (str_isascii == NULL
      && (str_isascii = PyObject_GetAttrString((PyObject *)&PyUnicode_Type, "isascii")) == NULL)
    return NULL;
  if (text_name == NULL && (text_name = PyUnicode_InternFromString("text")) == NULL) return NULL;
  if (unit_name_key == NULL && (unit_name_key = PyUnicode_InternFromString("unit")) == NULL)
    return NULL;
  if (strict_name == NULL && (strict_name = PyUnicode_InternFromString("strict")) == NULL)
    return NULL;
  return PyModule_Create(&module_definition);
}
