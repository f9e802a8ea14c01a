"""The package's build backend: setuptools' own (setup.py does the work), asking pip for CMake
and Ninja only where the machine has none good enough, as scikit-build-core does.

With the machine's own cmake and ninja, `pip wheel .`, `pip install .` and
`Scripts/build-c-library` share one CMake build directory (.build/cmake/build-ON) with the same
tools, so that each rebuilds only what changed; CMake from PyPI, a newer version, would make
each of them configure and build anew. A machine without them (or with a CMake older than
3.25) gets both from PyPI, as before.
"""

from __future__ import annotations

import re
import shutil
import subprocess

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook setuptools has

_CMAKE_MINIMUM = (3, 25)


def _cmake_is_enough() -> bool:
    cmake = shutil.which("cmake")
    if cmake is None:
        return False
    try:
        output = subprocess.run([cmake, "--version"], capture_output=True, text=True,
                                timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    found = re.search(r"version (\d+)\.(\d+)", output)
    return found is not None and (int(found[1]), int(found[2])) >= _CMAKE_MINIMUM


def _build_tools() -> list[str]:
    """What pip must install for the CMake build: nothing where the machine has it."""
    tools = [] if _cmake_is_enough() else ["cmake>=3.25"]
    if shutil.which("ninja") is None:
        tools.append("ninja")
    return tools


def get_requires_for_build_wheel(config_settings=None):
    return _setuptools.get_requires_for_build_wheel(config_settings) + _build_tools()


def get_requires_for_build_editable(config_settings=None):
    return _setuptools.get_requires_for_build_editable(config_settings) + _build_tools()
