"""Regenerate the shipped tables: ``python -m paili.tables`` (writes next to this file)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from . import agari_index, suit_dfa


def main() -> int:
    here = Path(__file__).parent
    t0 = time.perf_counter()
    automata = suit_dfa.generate()
    data = suit_dfa.encode(*automata)
    (here / suit_dfa.FILE_NAME).write_bytes(data)
    sums = suit_dfa.encode_sums(suit_dfa.generate_sums(*automata))
    (here / suit_dfa.SUMS_FILE_NAME).write_bytes(sums)
    print(f"{suit_dfa.FILE_NAME} + {suit_dfa.SUMS_FILE_NAME}: {len(data)} + {len(sums)} bytes "
          f"in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    text = agari_index.encode(agari_index.generate())
    (here / agari_index.FILE_NAME).write_text(text, encoding="ascii", newline="\n")
    print(f"{agari_index.FILE_NAME}: {len(text)} bytes in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
