"""The wheel: pure, typed, small, carries its tables, and works once installed away from the source tree."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import paili

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(ROOT)], check=True, timeout=300)
    (built,) = out.glob("paili-*.whl")
    return built


def test_wheel_is_pure_typed_small_and_complete(wheel: Path) -> None:
    assert wheel.name.endswith("-py3-none-any.whl")
    # 200 KiB before the rule sets and scoring grew it; measured 233.6 KiB at the merge of the languages: 207.5 KiB
    # of engine and 26.1 KiB of message catalogs (paili/locales: the CLI's languages, so they stay in the wheel;
    # the page reads its own copies from the site's locales/); 256.2 KiB at the GB and advisor speed merges, when
    # the wheel's description became engine/README.md instead of the whole README (about 8 KiB less); 254.3 KiB
    # before the evaluator's split into paili/forms/ (issue 26), 260.5 KiB after it (five modules compressed
    # apart, each with its docstring)
    assert wheel.stat().st_size < 264 * 1024
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("paili/py.typed", "paili/tables/suit_dfa.bin", "paili/tables/suit_sums.bin",
                   "paili/tables/agari_index.txt", "paili/api.py", "paili/__main__.py"):
        assert needed in names
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert "Requires-Dist" not in zipfile.ZipFile(wheel).read(metadata).decode()


def test_installed_wheel_imports_and_runs(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                    str(wheel)], check=True, timeout=300)
    run = subprocess.run([sys.executable, "-I", "-c",
                          "import sys; sys.path.insert(0, sys.argv[1]); import paili, json;"
                          "print(paili.__file__); print(json.dumps(paili.analyze('1111m234p567p789s')['shanten']))",
                          str(target)], capture_output=True, text=True, check=True, timeout=60)
    where, shanten = run.stdout.splitlines()
    assert where.startswith(str(target))
    assert shanten == '{"min": 1, "regular": 1, "chiitoitsu": 5, "kokushi": 10}'


def test_the_version_is_written_once_and_the_wheel_carries_it(wheel: Path) -> None:
    """pyproject.toml leaves the version to hatchling, which reads paili.__version__: no second copy to drift."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert wheel.name == f"paili-{paili.__version__}-py3-none-any.whl"
    archive = zipfile.ZipFile(wheel)
    metadata = archive.read(f"paili-{paili.__version__}.dist-info/METADATA").decode()
    assert f"\nVersion: {paili.__version__}\n" in metadata
