"""Golden shanten data from kobalab/majiang-core (MIT; ``tests/data/majiang-core/LICENSE`` and ``README.md``).

``xiangting_{1..4}.json.gz`` hold 10,000 closed 14-tile hands each (1 mixed, 2 one suit + honors, 3 one
suit, 4 thirteen-orphans-like) as ``{"q": ["m3", "m0", "z1", ...], "x": [regular, kokushi, chiitoitsu]}``;
tiles are suit-first and ``0`` is a red five. The files are part of the repository (gzip-compressed, the
JSON unchanged); :func:`load` checks each against its pinned sha256 before reading it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

from reference import counts_to_text

GOLDEN_DIR: Final = Path(__file__).resolve().parent / "data" / "majiang-core"
FILES: Final = (1, 2, 3, 4)
SHA256: Final = {
    1: "4b89d5a4dfdda34a870e7e309cb3f54b4b74a2d2774550366dccceee2dbf8a2e",
    2: "775654c1e86118c8c49a609c0b2d800b01e65d1107044400701e03fb21fe8cf8",
    3: "57ad0e745a07c89d1d2605d9864ff56af5653a13f3e795a0580051ba53fa228c",
    4: "ed2bca3e5e2897ef9a0959b94edd7b84e230a0f8664c1df69a1ea463065a9b4b",
}
"""sha256 of each decompressed ``xiangting_N.json``: the bytes of majiang-core's file at commit 018dc83."""
SUITS: Final = "mpsz"


class GoldenHand(NamedTuple):
    counts: tuple[int, ...]
    reds: tuple[int, int, int]
    regular: int
    kokushi: int
    chiitoitsu: int

    @property
    def text(self) -> str:
        return counts_to_text(self.counts, self.reds)


def golden_path(number: int) -> Path:
    return GOLDEN_DIR / f"xiangting_{number}.json.gz"


def read_checked(number: int) -> bytes:
    """The JSON bytes of ``xiangting_{number}.json``, decompressed and checked against :data:`SHA256`."""
    data = gzip.decompress(golden_path(number).read_bytes())
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256[number]:
        raise ValueError(f"expected sha256 {SHA256[number]} for {golden_path(number)}, got {digest}")
    return data


def tiles_to_counts(tiles: Sequence[str]) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """34 counts and the red fives of suit-first tiles (``"m3"``, ``"m0"`` red 5m, ``"z1"`` East).

    >>> counts, reds = tiles_to_counts(["m0", "m5", "z7"])
    >>> counts[4], counts[33], reds
    (2, 1, (1, 0, 0))
    """
    counts = [0] * 34
    reds = [0, 0, 0]
    for tile in tiles:
        if len(tile) != 2 or tile[0] not in SUITS or not tile[1].isdigit():
            raise ValueError(f"expected a suit-first tile like 'm3' or 'z1': {tile!r}")
        suit, digit = SUITS.index(tile[0]), int(tile[1])
        if (suit == 3 and not 1 <= digit <= 7) or (suit < 3 and digit > 9):
            raise ValueError(f"expected a suit-first tile like 'm3' or 'z1': {tile!r}")
        if digit == 0:
            if suit == 3:
                raise ValueError(f"expected a red five only in m, p or s: {tile!r}")
            reds[suit] += 1
            digit = 5
        counts[suit * 9 + digit - 1] += 1
    return tuple(counts), (reds[0], reds[1], reds[2])


def load(number: int) -> list[GoldenHand]:
    """The hands of ``xiangting_{number}.json`` (after :func:`read_checked`)."""
    entries = json.loads(read_checked(number))
    hands = []
    for entry in entries:
        counts, reds = tiles_to_counts(entry["q"])
        regular, kokushi, chiitoitsu = entry["x"]
        hands.append(GoldenHand(counts, reds, regular, kokushi, chiitoitsu))
    return hands
