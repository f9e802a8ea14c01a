"""The installed wheel as a packager checks it: the metadata (PEP 639 licence, no exact pin), the
extension's dynamic section (the run path $ORIGIN alone, the bundled library under a name of its
own), and a process that already holds another libtextlimit.so."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import textlimit
from textlimit import _textlimit


def dynamic_entries(path: Path) -> dict[str, list[str]]:
    """The string entries of an ELF64 little-endian file's dynamic section (NEEDED, SONAME,
    RPATH, RUNPATH), read with the ELF layout alone (no readelf needed)."""
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "an ELF64 LSB file"
    section_offset, = struct.unpack_from("<Q", data, 0x28)
    entry_size, count = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, section_offset + i * entry_size)
                for i in range(count)]
    tags = {1: "NEEDED", 14: "SONAME", 15: "RPATH", 29: "RUNPATH"}
    found: dict[str, list[str]] = {name: [] for name in tags.values()}
    for _name, kind, _flags, _address, offset, size, link, _info, _align, _entry in sections:
        if kind != 6:  # SHT_DYNAMIC
            continue
        strings_offset = sections[link][4]
        for at in range(offset, offset + size, 16):
            tag, value = struct.unpack_from("<qQ", data, at)
            if tag == 0:
                break
            if tag in tags:
                end = data.index(b"\0", strings_offset + value)
                found[tags[tag]].append(data[strings_offset + value:end].decode())
    return found


def test_metadata_has_the_licence_expression_and_files_and_no_exact_pin():
    info = metadata.metadata("textlimit")
    assert info["License-Expression"] == "Apache-2.0"
    assert info["License"] is None  # the deprecated field is gone
    license_files = info.get_all("License-File") or []
    assert {"LICENSE", "NOTICE", "ThirdParty/utf8proc/LICENSE.md"} <= set(license_files)
    installed = {file.name for file in metadata.files("textlimit") or []}
    assert {"LICENSE", "NOTICE", "LICENSE.md"} <= installed
    classifiers = info.get_all("Classifier") or []
    assert "Programming Language :: Python :: 3 :: Only" in classifiers
    assert "Programming Language :: Python :: Implementation :: CPython" in classifiers
    requirements = info.get_all("Requires-Dist") or []
    pinned = [r for r in requirements if "==" in r.split(";")[0]]  # not the marker's extra ==
    assert requirements and not pinned, pinned


def test_the_extension_finds_its_own_library_through_origin_alone():
    extension = Path(_textlimit.__file__)
    entries = dynamic_entries(extension)
    assert entries["RUNPATH"] + entries["RPATH"] == ["$ORIGIN"], entries
    (library,) = [name for name in entries["NEEDED"] if name.startswith("libtextlimit")]
    assert library != "libtextlimit.so" and library.startswith(f"libtextlimit-{textlimit.__version__}-")
    bundled = extension.parent / library
    assert dynamic_entries(bundled)["SONAME"] == [library]
    assert sorted(p.name for p in extension.parent.glob("libtextlimit*.so")) == [library]


def test_another_libtextlimit_loaded_first_does_not_take_the_bundled_ones_place(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler to build another libtextlimit.so")
    # Another program's libtextlimit.so (its soname the generic one), without our functions.
    other = tmp_path / "libtextlimit.so"
    source = tmp_path / "other.c"
    source.write_text("int textlimit_other_library(void) { return 1; }\n")
    subprocess.run([compiler, "-shared", "-fPIC", "-Wl,-soname,libtextlimit.so", "-o",
                    str(other), str(source)], check=True)
    program = (f"import ctypes; ctypes.CDLL({str(other)!r}); import textlimit; "
               "print(textlimit.count('👍🏽 ok'), textlimit.count('日本', 'width'))")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["4", "4"]
