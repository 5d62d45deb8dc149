"""The Pyodide files of the site, in dist/site/pyodide/.

- The files a page fetches to start Pyodide and load one pure-Python wheel (:data:`PYODIDE_FILES`), copied
  from the pyodide npm package pinned by package-lock.json.
- The Pyodide packages named in requirements-pyodide.txt (micropip), so that a page running this Pyodide
  can ``loadPackage("micropip")`` from the site alone: PyPI's wheels, downloaded by pip with their hashes
  checked and cached in build/pyodide-packages.
- python_stdlib.zip, the npm package's repacked with its members stored, not deflated (:func:`stored_stdlib`):
  the same files, which brotli then compresses as one stream, 1.6 MB over the wire instead of 2.5 MB.
- pyodide-lock.json, the npm package's, with the entries of those packages pointed at the shipped wheels'
  sha256 (Pyodide checks each package it loads against the lock; its own builds of these wheels are not
  byte-identical to PyPI's).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .common import (
    CACHE,
    NODE_MODULES,
    ROOT,
    BuildError,
    check,
    digest,
    say,
    stamp_matches,
    write_if_changed,
    write_stamp,
)

PYODIDE_PKG = NODE_MODULES / "pyodide"
PYODIDE_REQUIREMENTS = ROOT / "requirements-pyodide.txt"
LOCK = "pyodide-lock.json"

# What loadPyodide() fetches for a page that loads one pure-Python wheel with loadPackage(url): the
# browser test (tests/browser/test_smoke.py) watches the network and fails on any other request.
FETCHED_AT_START = ("pyodide.asm.wasm", "python_stdlib.zip", LOCK)
"""The files of PYODIDE_FILES that loadPyodide fetches (the .mjs are imported as modules): with the engine's
wheel, the files whose bytes the worker counts for its download progress (build-info.json's ``startFiles``)."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    LOCK,
)


def pyodide_version() -> str:
    version: str = json.loads((PYODIDE_PKG / "package.json").read_text())["version"]
    return version


def package_wheels(python: Path, lock: dict[str, Any]) -> list[Path]:
    """The wheels of requirements-pyodide.txt, downloaded by pip for Pyodide's Python (hash-checked)."""
    out = CACHE / "pyodide-packages"
    stamp = CACHE / "pyodide-packages.sha256"
    wanted = digest([PYODIDE_REQUIREMENTS])
    wheels = sorted(out.glob("*.whl"))
    if stamp_matches(stamp, wanted) and wheels:
        return wheels
    python_version = ".".join(lock["info"]["python"].split(".")[:2])
    say(f"downloading the Pyodide packages of {PYODIDE_REQUIREMENTS.name} from PyPI")
    with tempfile.TemporaryDirectory(prefix="paili-pyodide-packages-") as tmp:
        check([
            python, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", python_version, "--require-hashes", "-r", PYODIDE_REQUIREMENTS, "-d", tmp,
        ])
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        for wheel in Path(tmp).glob("*.whl"):
            shutil.copy2(wheel, out / wheel.name)
    write_stamp(stamp, wanted)
    return sorted(out.glob("*.whl"))


def site_lock(lock: dict[str, Any], wheels: list[Path]) -> dict[str, Any]:
    """The lock with each shipped wheel's entry (found by file name) carrying that wheel's sha256."""
    by_file = {entry["file_name"]: name for name, entry in lock["packages"].items()}
    packages = dict(lock["packages"])
    for wheel in wheels:
        name = by_file.get(wheel.name)
        if name is None:
            project = wheel.name.split("-")[0]
            named = [file for file in by_file if file.split("-")[0] == project]
            raise BuildError(
                f"{PYODIDE_REQUIREMENTS.name} pins {wheel.name} but Pyodide {pyodide_version()}'s {LOCK} "
                f"names {named or 'no such package'}: pin the version the lock names (with its PyPI hash)"
            )
        packages[name] = {**packages[name], "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    return {**lock, "packages": packages}


STDLIB = "python_stdlib.zip"


def stored_stdlib(source: Path) -> Path:
    """The standard library zip with every member stored (uncompressed), in the same order with the same
    names and dates: Python's zipimport reads it as before (without inflating), and a brotli-compressed
    answer of it is a third smaller than of the deflated original (each member deflated alone compresses
    no further; stored, brotli finds what the modules share). Cached in build/ by the source's hash."""
    key = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    out = CACHE / f"python_stdlib-stored-{key}.zip"
    if out.exists():
        return out
    partial = out.with_suffix(".part")
    partial.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(partial, "w", zipfile.ZIP_STORED) as dest:
        for info in src.infolist():
            member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            member.external_attr = info.external_attr
            dest.writestr(member, src.read(info), compress_type=zipfile.ZIP_STORED)
    partial.replace(out)
    return out


def pyodide_files(python: Path, generated: Path) -> tuple[dict[str, Path], str]:
    """{path in the site: source file} for pyodide/, and the Pyodide version; the lock is written to generated."""
    files = {f"pyodide/{name}": PYODIDE_PKG / name for name in PYODIDE_FILES}
    missing = [str(p) for p in files.values() if not p.exists()]
    if missing:
        raise BuildError(f"the pyodide npm package lacks {missing}: delete node_modules and build again")
    files[f"pyodide/{STDLIB}"] = stored_stdlib(PYODIDE_PKG / STDLIB)
    lock = json.loads((PYODIDE_PKG / LOCK).read_text())
    wheels = package_wheels(python, lock)
    write_if_changed(generated / LOCK, json.dumps(site_lock(lock, wheels)))
    files[f"pyodide/{LOCK}"] = generated / LOCK
    files.update({f"pyodide/{wheel.name}": wheel for wheel in wheels})
    return files, pyodide_version()
