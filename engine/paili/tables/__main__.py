"""Regenerate the shipped tables: ``python -m paili.tables`` (writes next to this file)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from . import agari_index, suit_dfa


def main() -> int:
    here = Path(__file__).parent
    t0 = time.perf_counter()
    data = suit_dfa.encode(*suit_dfa.generate())
    (here / suit_dfa.FILE_NAME).write_bytes(data)
    print(f"{suit_dfa.FILE_NAME}: {len(data)} bytes in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    text = agari_index.encode(agari_index.generate())
    (here / agari_index.FILE_NAME).write_text(text, encoding="ascii", newline="\n")
    print(f"{agari_index.FILE_NAME}: {len(text)} bytes in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
