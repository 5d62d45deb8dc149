"""The wheel: pure, typed, small, carries its tables, and works once installed away from the source tree.

The wheel tested is the built site's (``dist/site``, named by build-info.json's ``wheel``; ``build.py test``
builds the site first) when it holds the engine's sources as they are now, else one built here with pip (so
the tests run without a built site, and never on a wheel older than the sources).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import paili

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "dist" / "site"  # tools/common.py's SITE
ENGINE = ROOT / "engine" / "paili"


def site_wheel() -> Path | None:
    """The built site's wheel when it is current: every file of engine/paili (but caches) in it byte for byte,
    nothing else under paili/, and engine/README.md as its description; None otherwise."""
    info = SITE / "build-info.json"
    if not info.is_file():
        return None
    wheel = SITE / json.loads(info.read_text())["wheel"]
    if not wheel.is_file():
        return None
    sources = {f"paili/{path.relative_to(ENGINE).as_posix()}": path for path in sorted(ENGINE.rglob("*"))
               if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        if {n for n in names if n.startswith("paili/")} != set(sources):
            return None
        if any(archive.read(name) != path.read_bytes() for name, path in sources.items()):
            return None
        metadata = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        readme = (ROOT / "engine" / "README.md").read_text()
        if metadata is None or not archive.read(metadata).decode().rstrip().endswith(readme.rstrip()):
            return None
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = site_wheel()
    if built is not None:
        return built
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(ROOT)], check=True, timeout=300)
    (built,) = out.glob("paili-*.whl")
    return built


def test_the_site_wheel_is_reused_only_when_current(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A site wheel that lacks a source file, or holds an old copy of one, is not reused."""
    engine = tmp_path / "engine" / "paili"
    engine.mkdir(parents=True)
    (engine / "__init__.py").write_text("x = 1\n")
    (tmp_path / "engine" / "README.md").write_text("# paili\n")
    site = tmp_path / "site"
    (site / "wheels").mkdir(parents=True)
    (site / "build-info.json").write_text(json.dumps({"wheel": "wheels/paili-0-py3-none-any.whl"}))
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "SITE", site)
    monkeypatch.setattr(sys.modules[__name__], "ENGINE", engine)
    assert site_wheel() is None  # no wheel
    built = site / "wheels" / "paili-0-py3-none-any.whl"

    def write(files: dict[str, str]) -> None:
        with zipfile.ZipFile(built, "w") as archive:
            for name, text in files.items():
                archive.writestr(name, text)

    metadata = "paili-0.dist-info/METADATA"
    write({"paili/__init__.py": "x = 1\n", metadata: "Name: paili\n\n# paili\n"})
    assert site_wheel() == built
    write({"paili/__init__.py": "x = 0\n", metadata: "Name: paili\n\n# paili\n"})  # an old copy
    assert site_wheel() is None
    write({"paili/__init__.py": "x = 1\n", metadata: "Name: paili\n\n# old\n"})  # an old description
    assert site_wheel() is None
    write({"paili/__init__.py": "x = 1\n", "paili/gone.py": "", metadata: "Name: paili\n\n# paili\n"})
    assert site_wheel() is None
    (engine / "new.py").write_text("")
    write({"paili/__init__.py": "x = 1\n", metadata: "Name: paili\n\n# paili\n"})  # a new file missing
    assert site_wheel() is None


def test_wheel_is_pure_typed_small_and_complete(wheel: Path) -> None:
    assert wheel.name.endswith("-py3-none-any.whl")
    # snapshot: the bound follows the wheel's measured size (no independent limit: it catches a wheel that
    # suddenly grows). 200 KiB before the rule sets and scoring grew it; measured 233.6 KiB at the merge of the
    # languages: 207.5 KiB
    # of engine and 26.1 KiB of message catalogs (paili/locales: the CLI's languages, so they stay in the wheel;
    # the page reads its own copies from the site's locales/); 256.2 KiB at the GB and advisor speed merges, when
    # the wheel's description became engine/README.md instead of the whole README (about 8 KiB less); 254.3 KiB
    # before the evaluator's split into paili/forms/ (issue 26), 260.5 KiB after it (five modules compressed
    # apart, each with its docstring); 262.5 KiB before the advisor's split into paili/advice/ and
    # paili/public.py (issue 26), 271.4 KiB after it (ten modules for one, compressed apart, each with its
    # docstring and imports); 300.4 KiB with Chinese Official scoring (paili/gb, its fan names in three catalogs),
    # the scoring's situation module, game review (paili/logs.py, paili/review.py) and call advice; 312 KiB with
    # GB in the analysis, the advisor and the CLI too (issues 26, 29, 30, 31); 325 KiB with the call panel's,
    # the review page's and GB's Score panel's words in three catalogs, the review's call decisions and mjai;
    # 325.4 KiB before the command line became a package (issue 38: paili/cli, a module per command, the advise
    # command and the table of request keys, paili/request_keys.py), 334.4 KiB after it; about 345 KiB with the
    # review's table replay, push or fold's values and the words of the assumptions and the call panel's reasons;
    # review-many (paili/season, 16.6 KB compressed: a command-line feature, in the wheel so that `pip install
    # paili[cluster]` on each machine of a cluster brings it) and its words in three catalogs
    # 388.7 KiB measured with all of them (the season's package and the defence's, issues 39 and 41); 400.6 KiB
    # with the page's opponents and season ops (paili/season/requests.py, read_opponents) and the words of the
    # Opponents panel, the danger strip and the season page in three catalogs
    assert wheel.stat().st_size < 420 * 1024
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("paili/py.typed", "paili/tables/suit_dfa.bin", "paili/tables/suit_sums.bin",
                   "paili/tables/agari_index.txt", "paili/api.py", "paili/__main__.py"):
        assert needed in names
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    # no dependency: only the optional extras of review-many (season: tqdm; cluster: Dask) name any, each under
    # its extra's marker (the page's Pyodide installs the wheel alone)
    requires = [line for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist:")]
    assert requires and all("; extra == " in line for line in requires), requires
    assert {line.split("extra == ")[1].strip("'\"") for line in requires} == {"season", "cluster"}


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
