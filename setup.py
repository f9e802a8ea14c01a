"""Builds the Python package's shared library with SwiftPM (`pip install .` runs this).

The library is the C API product `TextLimitCAPI` (Sources/TextLimitCAPI), built in release mode
into .build/python and copied into the package. Set TEXTLIMIT_LIBRARY to a built library (for
example CMake's libtextlimit.so) to copy that one instead. Settings live in pyproject.toml.
"""

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools 70.1 and later
except ImportError:
    from wheel.bdist_wheel import bdist_wheel

ROOT = Path(__file__).resolve().parent


def build_library() -> Path:
    """The C API's shared library: $TEXTLIMIT_LIBRARY, or a fresh SwiftPM release build."""
    prebuilt = os.environ.get("TEXTLIMIT_LIBRARY")
    if prebuilt:
        return Path(prebuilt)
    if shutil.which("swift") is None:
        raise SystemExit("textlimit: building needs Swift 6.1 or later on PATH "
                         "(https://swift.org/install), or TEXTLIMIT_LIBRARY set to a built library")
    command = ["swift", "build", "-c", "release", "--product", "TextLimitCAPI",
               "--package-path", str(ROOT), "--scratch-path", str(ROOT / ".build" / "python")]
    subprocess.run(command, check=True)
    bin_path = subprocess.run(command + ["--show-bin-path"], check=True, capture_output=True,
                              text=True).stdout.strip()
    for name in ("libTextLimitCAPI.so", "libTextLimitCAPI.dylib"):
        if (Path(bin_path) / name).exists():
            return Path(bin_path) / name
    raise SystemExit(f"textlimit: SwiftPM built no TextLimitCAPI library in {bin_path}")


class BuildWithLibrary(build_py):
    """Copies the shared library into the package beside the Python files."""

    def run(self) -> None:
        super().run()
        library = build_library()
        target = Path(self.build_lib) / "textlimit" / library.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, target)


class PlatformWheel(bdist_wheel):
    """A wheel for this platform (it holds a native library), for any Python 3 (ctypes)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self) -> tuple[str, str, str]:
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})
