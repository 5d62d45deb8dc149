"""Precompressed copies of the site's files: ``NAME.gz`` (gzip -9) and ``NAME.br`` (brotli, quality 11) beside
every file a server may send compressed (:data:`tools.server.COMPRESSED_SUFFIXES`).

``build.py serve`` sends the ``.br`` to a browser that accepts brotli and the ``.gz`` to one that accepts gzip;
a static host serves them as they are (README, "Download size and compression"). They are not files of the
site for the offline cache (the precache manifest and the build id leave them out). Each is made once per
content (brotli 11 takes about 45 s for pyodide.asm.wasm) and kept in build/compressed.

``build.py`` runs on the standard library alone, and Python's has no brotli: the brotli copies are made by the
virtual environment's Python (the pinned ``brotli`` package), one process per core, the files shared out.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .common import CACHE, VENV_PYTHON, BuildError, say
from .server import COMPRESSED_SUFFIXES

ENCODINGS = {"gzip": ".gz", "br": ".br"}
"""Content-Encoding -> the suffix of its precompressed file."""


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


_BROTLI_SCRIPT = """
import brotli, json, os, sys
for src, dst in json.load(sys.stdin):
    with open(src, "rb") as f:
        data = f.read()
    part = f"{dst}.{os.getpid()}.part"
    with open(part, "wb") as f:
        f.write(brotli.compress(data, quality=11))
    os.replace(part, dst)
"""
"""What each brotli process runs: ``[[source, copy], ...]`` on its standard input. Each copy is written under a
name of its process's own, then renamed: two builds at once (the test workers build sites side by side) may make
the same copy, and neither may take the other's file away."""


def _brotli_all(jobs: list[tuple[Path, Path]]) -> None:
    """Write each ``(source, copy)``'s brotli copy, in the virtual environment's Python, one process per core."""
    if not jobs:
        return
    shares = [jobs[i::max(1, os.cpu_count() or 1)] for i in range(max(1, os.cpu_count() or 1))]
    running = []
    for share in shares:
        if share:
            process = subprocess.Popen([str(VENV_PYTHON), "-c", _BROTLI_SCRIPT], stdin=subprocess.PIPE, text=True)
            assert process.stdin is not None
            process.stdin.write(json.dumps([[str(src), str(dst)] for src, dst in share]))
            process.stdin.close()
            running.append(process)
    if any(process.wait() != 0 for process in running):
        raise BuildError("brotli compression failed (the virtual environment's brotli package; see above)")




def compressible(rel: str) -> bool:
    return Path(rel).suffix in COMPRESSED_SUFFIXES


def _gzip_to(src: Path, cached: Path) -> None:
    # a name of this process and thread's own, renamed once written (see _BROTLI_SCRIPT)
    partial = cached.with_suffix(f"{cached.suffix}.{os.getpid()}.{threading.get_ident()}.part")
    partial.write_bytes(_gzip(src.read_bytes()))
    partial.replace(cached)


def compressed_copies(files: dict[str, Path]) -> dict[str, Path]:
    """{"NAME.gz": cached file, "NAME.br": cached file} for every compressible file of ``files``: each copy is
    kept under the hash of its source's content and made when missing; never older than its source (the server
    checks)."""
    store = CACHE / "compressed"
    store.mkdir(parents=True, exist_ok=True)
    copies: dict[str, tuple[Path, Path]] = {}  # "NAME.gz" -> (source, cached copy)
    for rel, src in files.items():
        if compressible(rel):
            key = hashlib.sha256(src.read_bytes()).hexdigest()
            for suffix in ENCODINGS.values():
                copies[rel + suffix] = (src, store / f"{key}{suffix}")
    missing = {cached: src for src, cached in copies.values() if not cached.exists()}
    if missing:
        say(f"compressing {len(missing)} files (gzip -9, brotli 11; cached in build/compressed)")
    _brotli_all([(src, cached) for cached, src in missing.items() if cached.suffix == ".br"])
    with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        list(pool.map(lambda item: _gzip_to(item[1], item[0]),
                      [(cached, src) for cached, src in missing.items() if cached.suffix == ".gz"]))
    for src, cached in copies.values():
        if cached.stat().st_mtime_ns < src.stat().st_mtime_ns:
            os.utime(cached)
    return {name: cached for name, (_, cached) in copies.items()}


def encoded_sizes(rel: str, src: Path, copies: dict[str, Path]) -> dict[str, int]:
    """The bytes a browser receives for a file in each encoding: ``identity`` and, when it has them, ``gzip``
    and ``br`` (the precompressed copies' sizes)."""
    sizes = {"identity": src.stat().st_size}
    for encoding, suffix in ENCODINGS.items():
        copy = copies.get(rel + suffix)
        if copy is not None:
            sizes[encoding] = copy.stat().st_size
    return sizes
