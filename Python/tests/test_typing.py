"""The package's types resolve for a user's type checker: ``count_many`` of a ``list[str]`` is
``list[int]`` (not ``Any``), of a ``list[str | None]`` is ``list[int | None]``, with pyarrow and
pandas present (this environment) and absent (a bare environment that sees the package alone):
mypy and pyright from PyPI, run on a small program."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import textlimit

PROGRAM = '''
import textlimit

plain: list[str] = ["a"]
maybe: list[str | None] = ["a", None]
reveal_type(textlimit.count_many(plain))
reveal_type(textlimit.count_many(maybe))
reveal_type(textlimit.count_many((b"a", "b")))
reveal_type(textlimit.count("a", unit="utf16"))
reveal_type(textlimit.grapheme_ends("a"))
'''

EXPECTED = {
    "mypy": ["list[int]", "list[int | None]", "list[int]", "int", "array.array[int]"],
    "pyright": ["list[int]", "list[int | None]", "list[int]", "int", "array[int]"],
}


@pytest.fixture(scope="module")
def bare_environment(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A Python with nothing installed (no pyarrow, pandas, NumPy), and a folder holding a copy
    of the installed package (its sources and py.typed) for the checkers' search path."""
    root = tmp_path_factory.mktemp("bare")
    venv.create(root / "venv", with_pip=False)
    packages = root / "packages"
    shutil.copytree(Path(textlimit.__file__).parent, packages / "textlimit",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    return root / "venv" / "bin" / "python", packages


def revealed(tool: str, program: Path, *arguments: str, env: dict | None = None) -> list[str]:
    if tool == "mypy":
        command = [sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent",
                   *arguments, str(program)]
    else:
        command = [sys.executable, "-m", "pyright", *arguments, str(program)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=program.parent,
                            env=env)
    lines = [line for line in result.stdout.splitlines() if "eveal" in line or "Type of" in line]
    types = []
    for line in lines:
        if tool == "mypy":
            # Older mypy names builtins in full; 2.0 does not.
            types.append(line.split('Revealed type is "')[1].rstrip('"').replace("builtins.", ""))
        else:
            types.append(line.split(' is "')[-1].rstrip('"'))
    assert len(types) == 5, result.stdout + result.stderr
    return types


@pytest.mark.parametrize("tool", ["mypy", "pyright"])
def test_types_resolve_with_pyarrow_and_pandas_installed(tool: str, tmp_path: Path):
    pytest.importorskip("pyarrow")
    pytest.importorskip("pandas")
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    pythonpath = ["--python-executable", sys.executable] if tool == "mypy" else [
        "--pythonpath", sys.executable]
    assert revealed(tool, program, *pythonpath) == EXPECTED[tool]


@pytest.mark.parametrize("tool", ["mypy", "pyright"])
def test_types_resolve_without_pyarrow(tool: str, tmp_path: Path, bare_environment):
    python, packages = bare_environment
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    if tool == "mypy":
        import os

        env = dict(os.environ, MYPYPATH=str(packages))
        types = revealed(tool, program, "--python-executable", str(python), env=env)
    else:
        (tmp_path / "pyrightconfig.json").write_text(
            '{"extraPaths": ["%s"], "reportMissingModuleSource": false}' % packages)
        types = revealed(tool, program, "--pythonpath", str(python))
    assert types == EXPECTED[tool]
