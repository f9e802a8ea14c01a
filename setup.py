"""Builds the Python package (`pip install .`, `pip wheel .`).

The package is a CPython extension on the limited C API (`textlimit._textlimit`, one abi3 wheel
for every CPython from 3.10) that calls TextLimit's C API in a self-contained `libtextlimit.so`
bundled beside it: the Swift runtime and libutf8proc are linked into that library
(`Scripts/build-c-library`, CMake option TEXTLIMIT_STATIC_SWIFT_RUNTIME), so an installed wheel
needs only the C and C++ runtimes. The wheel is then repaired and tagged by auditwheel (the
manylinux tag of the oldest glibc the libraries allow).

Building from source needs Swift 6.1 or later, CMake 3.25 and Ninja (the machine's own, or pip
installs them as build requirements: Python/build_backend/textlimit_build.py) and libutf8proc
(Debian: libutf8proc-dev). Builds repeat in one checkout, in any order (`pip wheel .`,
`pip install .`, `Scripts/build-c-library`): they share one CMake build directory.
TEXTLIMIT_LIBRARY names a built self-contained libtextlimit.so to bundle instead of building
one. Settings live in pyproject.toml.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools 70.1 and later
except ImportError:
    from wheel.bdist_wheel import bdist_wheel

ROOT = Path(__file__).resolve().parent


def self_contained_library() -> Path:
    """$TEXTLIMIT_LIBRARY, or libtextlimit.so built by Scripts/build-c-library."""
    prebuilt = os.environ.get("TEXTLIMIT_LIBRARY")
    if prebuilt:
        return Path(prebuilt)
    if shutil.which("swift") is None:
        raise SystemExit("textlimit: building needs Swift 6.1 or later on PATH "
                         "(https://swift.org/install), or TEXTLIMIT_LIBRARY set to a built "
                         "self-contained libtextlimit.so (Scripts/build-c-library)")
    out = ROOT / ".build" / "python-library"
    subprocess.run([str(ROOT / "Scripts" / "build-c-library"), str(out)], check=True)
    return out / "libtextlimit.so"


class BuildExtensionWithLibrary(build_ext):
    """Builds the extension against the self-contained library and puts the library beside it
    (the extension finds it through the run path $ORIGIN)."""

    def run(self) -> None:
        library = self_contained_library()
        target = Path(self.build_lib) / "textlimit" / "libtextlimit.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, target)
        for extension in self.extensions:
            extension.library_dirs.append(str(target.parent))
        super().run()
        if self.inplace:  # `pip install -e .` and `setup.py build_ext -i`
            shutil.copy2(library, ROOT / "Python" / "src" / "textlimit" / "libtextlimit.so")


class ManylinuxWheel(bdist_wheel):
    """A cp310-abi3 wheel, repaired and tagged by auditwheel: the manylinux tag of the oldest
    glibc its libraries allow."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False
        self.py_limited_api = "cp310"

    def run(self) -> None:
        super().run()
        if not sys.platform.startswith("linux"):
            return
        wheels = glob.glob(os.path.join(self.dist_dir, "textlimit-*-linux_*.whl"))
        for wheel in wheels:
            with tempfile.TemporaryDirectory() as repaired:
                subprocess.run([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir",
                                repaired, wheel], check=True)
                (result,) = glob.glob(os.path.join(repaired, "*.whl"))
                os.remove(wheel)
                shutil.move(result, os.path.join(self.dist_dir, os.path.basename(result)))


setup(
    ext_modules=[Extension(
        "textlimit._textlimit",
        sources=["Python/src/textlimit/_textlimit.c"],
        include_dirs=["Sources/TextLimitCAPI/include"],
        define_macros=[("Py_LIMITED_API", "0x030A0000")],
        py_limited_api=True,
        libraries=["textlimit"],
        runtime_library_dirs=["$ORIGIN"],
        extra_compile_args=["-O2", "-Wall"],
        # libc named as needed even if no symbol of it is used: auditwheel reads the C library's
        # kind and version from what the extension needs.
        extra_link_args=["-Wl,--no-as-needed", "-lc"],
    )],
    cmdclass={"build_ext": BuildExtensionWithLibrary, "bdist_wheel": ManylinuxWheel},
)
