"""The C API (textlimit.h) through ctypes: the only module that touches the shared library."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

_LIBRARY_NAMES = ("libTextLimitCAPI.so", "libTextLimitCAPI.dylib", "libtextlimit.so",
                  "libtextlimit.dylib")


def _load() -> ctypes.CDLL:
    """Loads the library installed beside this file, or the one $TEXTLIMIT_LIBRARY names."""
    override = os.environ.get("TEXTLIMIT_LIBRARY")
    candidates = [Path(override)] if override else [
        Path(__file__).with_name(name) for name in _LIBRARY_NAMES]
    for path in candidates:
        if path.exists():
            return ctypes.CDLL(str(path))
    raise ImportError(
        "textlimit: the C library is missing (looked for "
        + ", ".join(str(path) for path in candidates)
        + "); reinstall with `pip install .` from the repository, or set TEXTLIMIT_LIBRARY")


lib = _load()

_u8p = ctypes.c_void_p  # const uint8_t *: bytes, or an address from a buffer
_sizep = ctypes.POINTER(ctypes.c_size_t)
_u64p = ctypes.POINTER(ctypes.c_uint64)

lib.textlimit_version.restype = ctypes.c_char_p
lib.textlimit_version.argtypes = []
lib.textlimit_backend.restype = ctypes.c_char_p
lib.textlimit_backend.argtypes = []
lib.textlimit_unit_name.restype = ctypes.c_char_p
lib.textlimit_unit_name.argtypes = [ctypes.c_int32]
lib.textlimit_unit_from_name.restype = ctypes.c_int32
lib.textlimit_unit_from_name.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32)]
lib.textlimit_status_message.restype = ctypes.c_char_p
lib.textlimit_status_message.argtypes = [ctypes.c_int32]
lib.textlimit_count.restype = ctypes.c_int32
lib.textlimit_count.argtypes = [_u8p, ctypes.c_size_t, ctypes.c_int32, _u64p]
lib.textlimit_count_strict.restype = ctypes.c_int32
lib.textlimit_count_strict.argtypes = [_u8p, ctypes.c_size_t, ctypes.c_int32, _u64p, _sizep]
lib.textlimit_count_many.restype = ctypes.c_int32
lib.textlimit_count_many.argtypes = [_u8p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t,
                                     ctypes.c_int32, ctypes.c_void_p]
lib.textlimit_count_many64.restype = ctypes.c_int32
lib.textlimit_count_many64.argtypes = lib.textlimit_count_many.argtypes
lib.textlimit_prefix.restype = ctypes.c_int32
lib.textlimit_prefix.argtypes = [_u8p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int32),
                                 _u64p, ctypes.c_size_t, _sizep]

OK = 0
INVALID_UTF8 = 1
