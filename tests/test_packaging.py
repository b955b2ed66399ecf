"""Packaging: one version source, ``python -m chatcompact`` and the entry point agree, the wheel holds its data."""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import chatcompact

ROOT = Path(__file__).resolve().parents[1]


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_one_version_source() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "src/chatcompact/__init__.py"
    assert importlib.metadata.version("chatcompact") == chatcompact.__version__


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["demo", "--help"]])
def test_python_m_and_the_entry_point_agree(args: list[str]) -> None:
    script = shutil.which("chatcompact", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the chatcompact entry point is not installed next to this interpreter")
    via_m = _run(sys.executable, "-m", "chatcompact", *args)
    via_script = _run(script, *args)
    assert via_m.returncode == via_script.returncode == 0, via_m.stderr + via_script.stderr
    assert via_m.stdout == via_script.stdout
    if args == ["--version"]:
        assert chatcompact.__version__ in via_m.stdout


def test_a_cli_error_reads_the_same_both_ways() -> None:
    script = shutil.which("chatcompact", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the chatcompact entry point is not installed next to this interpreter")
    via_m, via_script = _run(sys.executable, "-m", "chatcompact", "no-such"), _run(script, "no-such")
    assert via_m.returncode == via_script.returncode != 0
    assert via_m.stderr == via_script.stderr and "chatcompact" in via_m.stderr


@pytest.mark.slow
def test_the_wheel_carries_package_data_and_the_integrations(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    (wheel,) = tmp_path.glob("chatcompact-*.whl")
    assert wheel.name.startswith(f"chatcompact-{chatcompact.__version__}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src" / "chatcompact").rglob("*") if p.is_file()}
    shipped = {n for n in shipped if "__pycache__" not in n and not n.endswith(".pyc")}
    assert shipped <= names, f"left out of the wheel: {sorted(shipped - names)}"
    assert "chatcompact/data/demo_support.json" in names
    assert "chatcompact/integrations/langchain.py" in names
