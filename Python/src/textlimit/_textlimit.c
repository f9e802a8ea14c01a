/*
 * _textlimit: the CPython extension behind the `textlimit` package, on the limited C API of
 * CPython 3.10 (one abi3 wheel for every CPython from 3.10), calling TextLimit's C API
 * (textlimit.h, libtextlimit.so, bundled beside this module).
 *
 * A str is read through its UTF-8 form (PyUnicode_AsUTF8AndSize: no copy for ASCII, one cached
 * encoding otherwise); a str holding lone surrogates is encoded with the package's
 * "textlimit.replace" error handler, which makes each one U+FFFD, as Swift reads ill-formed
 * UTF-16. The GIL is released while a large text or a batch is counted.
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "textlimit.h"

/* Texts at least this long are counted with the GIL released. */
#define RELEASE_GIL_BYTES ((Py_ssize_t)(64 * 1024))

/* The UTF-8 bytes of a text, and what keeps them alive. */
typedef struct {
  const char *bytes;
  Py_ssize_t length;
  PyObject *owner;  /* a new reference to release, or NULL */
  int is_str;
} text_bytes;

static void text_release(text_bytes *text) {
  Py_XDECREF(text->owner);
  text->owner = NULL;
}

/* Fills `text` with the UTF-8 of a str or the bytes of a bytes-like object; 0 on success, -1
 * with an exception set. */
static int text_get(PyObject *object, text_bytes *text) {
  memset(text, 0, sizeof *text);
  if (PyUnicode_Check(object)) {
    text->is_str = 1;
    text->bytes = PyUnicode_AsUTF8AndSize(object, &text->length);
    if (text->bytes != NULL) return 0;
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return -1;
    PyErr_Clear();  /* lone surrogates: each one U+FFFD */
    text->owner = PyUnicode_AsEncodedString(object, "utf-8", "textlimit.replace");
    if (text->owner == NULL) return -1;
    char *data;
    if (PyBytes_AsStringAndSize(text->owner, &data, &text->length) < 0) {
      text_release(text);
      return -1;
    }
    text->bytes = data;
    return 0;
  }
  /* bytes as they are; any other bytes-like object (bytearray, memoryview: the buffer protocol
   * joined the limited API in 3.11) copied into bytes, which no other thread can resize while
   * the GIL is released. */
  if (PyBytes_Check(object)) {
    char *data;
    if (PyBytes_AsStringAndSize(object, &data, &text->length) < 0) return -1;
    text->bytes = data;
    return 0;
  }
  if (!PyLong_Check(object) && (text->owner = PyBytes_FromObject(object)) != NULL) {
    char *data;
    if (PyBytes_AsStringAndSize(text->owner, &data, &text->length) < 0) {
      text_release(text);
      return -1;
    }
    text->bytes = data;
    return 0;
  }
  PyErr_Clear();
  PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(object), "__name__");
  PyErr_Format(PyExc_TypeError, "expected str or a bytes-like object, not %S",
               name != NULL ? name : Py_None);
  Py_XDECREF(name);
  return -1;
}

static PyObject *status_error(int32_t status) {
  PyErr_Format(PyExc_ValueError, "textlimit: %s", textlimit_status_message(status));
  return NULL;
}

/* The InvalidUTF8Error class of the package, set by the package at import. */
static PyObject *invalid_utf8_error = NULL;

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

static PyObject *unit_name(PyObject *module, PyObject *argument) {
  (void)module;
  long code = PyLong_AsLong(argument);
  if (code == -1 && PyErr_Occurred()) return NULL;
  const char *name = textlimit_unit_name((int32_t)code);
  if (name == NULL) Py_RETURN_NONE;
  return PyUnicode_FromString(name);
}

/* The unit code of a name, or -1 (no exception) for an unknown one. */
static PyObject *unit_code(PyObject *module, PyObject *argument) {
  (void)module;
  const char *name = PyUnicode_AsUTF8AndSize(argument, NULL);
  if (name == NULL) return NULL;
  int32_t code = -1;
  if (textlimit_unit_from_name(name, &code) != TEXTLIMIT_OK) code = -1;
  return PyLong_FromLong(code);
}

/* post_unit(code, url_length) -> int: X's or Mastodon's post length with its own URL length. */
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
      || textlimit_post_unit((int32_t)code, (uint32_t)url_length, &unit) != TEXTLIMIT_OK) {
    PyErr_Format(PyExc_ValueError, "no post unit for unit %ld and URL length %ld", code,
                 url_length);
    return NULL;
  }
  return PyLong_FromLong(unit);
}

/* rule_limits(name, max, url_length) -> list of (max, unit code); -1 keeps the rule's own. */
static PyObject *rule_limits(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 3) {
    PyErr_SetString(PyExc_TypeError, "rule_limits(name, max, url_length)");
    return NULL;
  }
  const char *name = PyUnicode_AsUTF8AndSize(args[0], NULL);
  if (name == NULL) return NULL;
  long long max_length = PyLong_AsLongLong(args[1]);
  if (max_length == -1 && PyErr_Occurred()) return NULL;
  long long url_length = PyLong_AsLongLong(args[2]);
  if (url_length == -1 && PyErr_Occurred()) return NULL;
  int32_t units[4];
  uint64_t maxima[4];
  size_t count = 0;
  if (textlimit_rule_limits(name, max_length, url_length, units, maxima, 4, &count)
      != TEXTLIMIT_OK) {
    PyErr_Format(PyExc_ValueError,
                 "no rule %R with max %lld and url_length %lld (rules: x, mastodon, bluesky; "
                 "bluesky counts URLs as written)",
                 args[0], max_length, url_length);
    return NULL;
  }
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

/* The unit names and aliases, interned, and their codes: a name passed as a literal is the same
 * object, found by identity; another equal str by comparison. */
static const struct {
  const char *name;
  int32_t code;
} unit_names[] = {
  {"graphemes", 0}, {"utf16", 1}, {"scalars", 2}, {"utf8", 3}, {"width", 4}, {"twitter", 5},
  {"wide2", 6}, {"x", 7}, {"mastodon", 8}, {"unicodeScalars", 2}, {"displayWidth", 4},
  {"twitterV3", 5}, {"wideAsTwo", 6},
};
#define UNIT_NAME_COUNT (sizeof unit_names / sizeof unit_names[0])
static PyObject *interned_units[UNIT_NAME_COUNT];

/* The code of a unit given as a name, or as a code (from textlimit.post_unit; the library
 * checks it); -1 with ValueError set for anything else. */
static int32_t unit_of(PyObject *unit) {
  for (size_t i = 0; i < UNIT_NAME_COUNT; i++)
    if (unit == interned_units[i]) return unit_names[i].code;
  if (PyUnicode_Check(unit)) {
    for (size_t i = 0; i < UNIT_NAME_COUNT; i++)
      if (PyUnicode_CompareWithASCIIString(unit, unit_names[i].name) == 0)
        return unit_names[i].code;
  } else if (PyLong_Check(unit) && !PyBool_Check(unit)) {
    long code = PyLong_AsLong(unit);
    if (code >= 0 && code <= INT32_MAX) return (int32_t)code;
    if (code == -1 && PyErr_Occurred()) return -1;
  }
  PyErr_Format(PyExc_ValueError,
               "unknown unit %R; one of graphemes, utf16, scalars, utf8, width, twitter, wide2, "
               "x, mastodon",
               unit);
  return -1;
}

/* count(text, unit="graphemes", *, strict=False) -> int: the whole of textlimit.count, here so
 * that a call costs one trip into C. */
static PyObject *count(PyObject *module, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames) {
  (void)module;
  PyObject *text_object = nargs > 0 ? args[0] : NULL, *unit_object = nargs > 1 ? args[1] : NULL;
  int strict = 0;
  if (nargs < 1 || nargs > 2) {
    PyErr_SetString(PyExc_TypeError, "count(text, unit='graphemes', *, strict=False)");
    return NULL;
  }
  Py_ssize_t keywords = kwnames ? PyTuple_Size(kwnames) : 0;
  for (Py_ssize_t i = 0; i < keywords; i++) {
    PyObject *key = PyTuple_GetItem(kwnames, i), *value = args[nargs + i];
    if (PyUnicode_CompareWithASCIIString(key, "strict") == 0) {
      if ((strict = PyObject_IsTrue(value)) < 0) return NULL;
    } else if (PyUnicode_CompareWithASCIIString(key, "unit") == 0 && unit_object == NULL) {
      unit_object = value;
    } else {
      PyErr_Format(PyExc_TypeError, "count() got an unexpected keyword argument %R", key);
      return NULL;
    }
  }
  int32_t unit = unit_object == NULL ? 0 : unit_of(unit_object);
  if (unit < 0) return NULL;
  text_bytes text;
  if (text_get(text_object, &text) < 0) return NULL;
  uint64_t result = 0;
  size_t offset = 0;
  int32_t status;
  if (text.length >= RELEASE_GIL_BYTES) {
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
  text_release(&text);
  if (status == TEXTLIMIT_INVALID_UTF8 && invalid_utf8_error != NULL) {
    PyObject *error = PyObject_CallFunction(invalid_utf8_error, "n", (Py_ssize_t)offset);
    if (error != NULL) {
      PyErr_SetObject(invalid_utf8_error, error);
      Py_DECREF(error);
    }
    return NULL;
  }
  if (status != TEXTLIMIT_OK) return status_error(status);
  return PyLong_FromUnsignedLongLong(result);
}

/* count_each(texts, unit) -> list: the length of each str or bytes-like item, None for None.
 * The items are read, counted (one call into the library) and turned into ints a chunk at a
 * time, so that each object is still in cache when it is counted and when its count is stored. */
#define CHUNK 256
static PyObject *count_each(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "count_each(texts, unit)");
    return NULL;
  }
  int32_t unit = unit_of(args[1]);
  if (unit < 0) return NULL;
  /* An unknown code fails here, before anything is read. */
  uint64_t probe;
  if (textlimit_count(NULL, 0, unit, &probe) != TEXTLIMIT_OK)
    return status_error(TEXTLIMIT_INVALID_ARGUMENT);
  /* A tuple holds every item while the GIL is released. */
  PyObject *items = PySequence_Tuple(args[0]);
  if (items == NULL) return NULL;
  Py_ssize_t n = PyTuple_Size(items);
  PyObject *result = PyList_New(n);
  const uint8_t *pointers[CHUNK];
  size_t lengths[CHUNK];
  uint64_t counts[CHUNK];
  text_bytes owned[CHUNK];
  if (result == NULL) goto done;
  for (Py_ssize_t start = 0; start < n; start += CHUNK) {
    Py_ssize_t size = n - start < CHUNK ? n - start : CHUNK, total = 0;
    memset(owned, 0, sizeof(text_bytes) * (size_t)size);
    for (Py_ssize_t i = 0; i < size; i++) {
      PyObject *item = PyTuple_GetItem(items, start + i);
      pointers[i] = NULL;
      lengths[i] = 0;
      if (item == Py_None) continue;
      if (PyUnicode_Check(item)) {
        /* The common case, inline: no owner unless it holds lone surrogates. */
        Py_ssize_t length;
        const char *bytes = PyUnicode_AsUTF8AndSize(item, &length);
        if (bytes != NULL) {
          pointers[i] = (const uint8_t *)bytes;
          lengths[i] = (size_t)length;
          total += length;
          continue;
        }
        if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) goto chunk_failed;
        PyErr_Clear();
      }
      if (text_get(item, &owned[i]) < 0) goto chunk_failed;
      pointers[i] = (const uint8_t *)owned[i].bytes;
      lengths[i] = (size_t)owned[i].length;
      total += owned[i].length;
    }
    int32_t status;
    if (total >= RELEASE_GIL_BYTES) {
      Py_BEGIN_ALLOW_THREADS
      status = textlimit_count_each(pointers, lengths, (size_t)size, unit, counts);
      Py_END_ALLOW_THREADS
    } else {
      status = textlimit_count_each(pointers, lengths, (size_t)size, unit, counts);
    }
    for (Py_ssize_t i = 0; i < size; i++) text_release(&owned[i]);
    if (status != TEXTLIMIT_OK) {
      status_error(status);
      Py_CLEAR(result);
      goto done;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
      PyObject *value;
      if (PyTuple_GetItem(items, start + i) == Py_None) {
        value = Py_None;
        Py_INCREF(value);
      } else if ((value = PyLong_FromUnsignedLongLong(counts[i])) == NULL) {
        Py_CLEAR(result);
        goto done;
      }
      PyList_SetItem(result, start + i, value);
    }
    continue;
  chunk_failed:
    for (Py_ssize_t i = 0; i < size; i++) text_release(&owned[i]);
    Py_CLEAR(result);
    goto done;
  }
done:
  Py_DECREF(items);
  return result;
}

/* count_arrow(data_address, data_length, offsets_address, text_count, offset_width, unit,
 * counts_address): an Arrow string array counted in place (textlimit_count_many / _many64). */
static PyObject *count_arrow(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 7) {
    PyErr_SetString(PyExc_TypeError, "count_arrow(data, length, offsets, n, width, unit, counts)");
    return NULL;
  }
  void *data = args[0] == Py_None ? NULL : PyLong_AsVoidPtr(args[0]);
  size_t data_length = PyLong_AsSize_t(args[1]);
  void *offsets = PyLong_AsVoidPtr(args[2]);
  size_t n = PyLong_AsSize_t(args[3]);
  long width = PyLong_AsLong(args[4]);
  long unit = PyLong_AsLong(args[5]);
  void *counts = PyLong_AsVoidPtr(args[6]);
  if (PyErr_Occurred()) return NULL;
  int32_t status;
  Py_BEGIN_ALLOW_THREADS
  status = width == 8
             ? textlimit_count_many64(data, data_length, offsets, n, (int32_t)unit, counts)
             : textlimit_count_many(data, data_length, offsets, n, (int32_t)unit, counts);
  Py_END_ALLOW_THREADS
  if (status != TEXTLIMIT_OK) return status_error(status);
  Py_RETURN_NONE;
}

/* Reads (units, maxes) sequences into arrays; returns the count, or -1 with an exception. */
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

/* The number of code points in UTF-8 bytes (lead bytes; a replaced surrogate is one). */
static Py_ssize_t code_points(const char *bytes, Py_ssize_t length) {
  Py_ssize_t points = 0;
  for (Py_ssize_t i = 0; i < length; i++) points += ((unsigned char)bytes[i] & 0xC0) != 0x80;
  return points;
}

/* prefix(text, units, maxes, fits_only) -> the longest prefix within every limit (a str for a
 * str, bytes for bytes-like), or with fits_only, whether the whole text is within them. */
static PyObject *prefix(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
  (void)module;
  if (nargs != 4) {
    PyErr_SetString(PyExc_TypeError, "prefix(text, units, maxes, fits_only)");
    return NULL;
  }
  int fits_only = PyObject_IsTrue(args[3]);
  if (fits_only < 0) return NULL;
  int32_t *units = NULL;
  uint64_t *maxes = NULL;
  Py_ssize_t limit_count = read_limits(args[1], args[2], &units, &maxes);
  PyObject *result = NULL;
  text_bytes text;
  int have_text = 0;
  if (limit_count < 0) goto done;
  if (text_get(args[0], &text) < 0) goto done;
  have_text = 1;
  size_t cut = 0;
  int32_t status;
  if (text.length >= RELEASE_GIL_BYTES) {
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
    result = PyBool_FromLong(cut == (size_t)text.length);
  } else if (!text.is_str) {
    result = PyBytes_FromStringAndSize(text.bytes, (Py_ssize_t)cut);
  } else if (cut == (size_t)text.length) {
    Py_INCREF(args[0]);
    result = args[0];
  } else {
    result = PyUnicode_Substring(args[0], 0, code_points(text.bytes, (Py_ssize_t)cut));
  }
done:
  if (have_text) text_release(&text);
  PyMem_Free(units);
  PyMem_Free(maxes);
  return result;
}

/* graphemes(text) -> list: the grapheme clusters of a str (as str) or of bytes (as bytes). */
static PyObject *graphemes(PyObject *module, PyObject *argument) {
  (void)module;
  text_bytes text;
  if (text_get(argument, &text) < 0) return NULL;
  PyObject *result = NULL;
  size_t capacity = (size_t)text.length;
  size_t *ends = PyMem_Malloc(sizeof(size_t) * (capacity > 0 ? capacity : 1));
  if (ends == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  size_t clusters = 0;
  int32_t status = textlimit_grapheme_ends((const uint8_t *)text.bytes, (size_t)text.length,
                                           ends, capacity, &clusters);
  if (status != TEXTLIMIT_OK) {
    status_error(status);
    goto done;
  }
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

static PyMethodDef methods[] = {
  {"version", version, METH_NOARGS, "The library's version."},
  {"backend", backend, METH_NOARGS, "The backend counting in this build."},
  {"unit_name", unit_name, METH_O, "A unit's name, or None."},
  {"unit_code", unit_code, METH_O, "A unit name's code, or -1."},
  {"post_unit", (PyCFunction)(void (*)(void))post_unit, METH_FASTCALL,
   "post_unit(unit, url_length) -> int"},
  {"rule_limits", (PyCFunction)(void (*)(void))rule_limits, METH_FASTCALL,
   "rule_limits(name, max, url_length) -> list"},
  {"count", (PyCFunction)(void (*)(void))count, METH_FASTCALL | METH_KEYWORDS,
   "count(text, unit='graphemes', *, strict=False)\n--\n\n"
   "The length of `text` in `unit`.\n\n"
   "text: a str, or UTF-8 bytes (bytes, bytearray, memoryview).\n"
   "unit: one of textlimit.UNITS (or an alias); grapheme clusters (what users see) by "
   "default.\n"
   "strict: raise InvalidUTF8Error on ill-formed bytes instead of counting them as U+FFFD.\n\n"
   "One call into C; the GIL is released for texts of 64 KiB or more, and buffers of several "
   "MiB are counted on several threads. Complexity: O(len(text)).\n\n"
   ">>> count('\\U0001F44D\\U0001F3FD ok'), count('\\U0001F44D\\U0001F3FD ok', 'utf16')\n"
   "(4, 7)"},
  {"count_each", (PyCFunction)(void (*)(void))count_each, METH_FASTCALL,
   "count_each(texts, unit)"},
  {"count_arrow", (PyCFunction)(void (*)(void))count_arrow, METH_FASTCALL,
   "count_arrow(data, length, offsets, n, width, unit, counts)"},
  {"prefix", (PyCFunction)(void (*)(void))prefix, METH_FASTCALL,
   "prefix(text, units, maxes, fits_only)"},
  {"graphemes", graphemes, METH_O, "graphemes(text) -> list"},
  {"set_invalid_utf8_error", set_invalid_utf8_error, METH_O, "The exception class to raise."},
  {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
  PyModuleDef_HEAD_INIT, "_textlimit", "TextLimit's C API for Python.", -1, methods,
  NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__textlimit(void) {
  for (size_t i = 0; i < UNIT_NAME_COUNT; i++) {
    if (interned_units[i] == NULL) interned_units[i] = PyUnicode_InternFromString(unit_names[i].name);
    if (interned_units[i] == NULL) return NULL;
  }
  return PyModule_Create(&module_definition);
}
