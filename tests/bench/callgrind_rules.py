"""One cell of bench_engine.py's rule-set table, for counting instructions with ``valgrind --tool=callgrind``.

``python tests/bench/callgrind_rules.py --hands-of gb --rules gb --column shanten`` builds the same seeded
inputs as ``bench_rule_sets`` in tests/bench/bench_engine.py (``random.Random(2024 + 11)``, 1000 shanten
hands, 200 tables, 6 advised), empties the engine's caches and runs one column on the first ``--items`` of
them (all by default) under one rule set; ``--column none`` runs nothing (the setup alone), and ``warm-base``
the cold shanten pass alone. A cell's instructions are its run's total minus the ``none`` run's (for
``warm``, minus the ``warm-base`` run's: the second pass over the same hands), divided by the items::

    for column in none shanten; do
        valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$column python tests/bench/callgrind_rules.py \\
            --hands-of gb --rules gb --column $column
    done   # then compare the "summary:" lines

The figure is deterministic on a busy machine, where CPU time is not.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from bench_engine import clear_caches, paili, rule_set_inputs  # noqa: E402

from paili.rules import RULES  # noqa: E402

COLUMNS = ("none", "shanten", "warm-base", "warm", "table", "analyze", "advise")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands-of", choices=RULES, required=True, help="the wall the hands are dealt from")
    parser.add_argument("--rules", choices=RULES, required=True, help="the rule set they are read under")
    parser.add_argument("--column", choices=COLUMNS, required=True)
    parser.add_argument("--items", type=int, default=None, help="the first ITEMS inputs of the column (default all)")
    args = parser.parse_args(argv)
    short, full, texts, advice = rule_set_inputs(random.Random(2024 + 11), 1000, 200, 6)[args.hands_of]
    rules = args.rules
    clear_caches()
    items = slice(args.items)
    if args.column in ("shanten", "warm-base", "warm"):
        for _ in range(2 if args.column == "warm" else 1):
            for hand in short[items]:
                _ = paili.shanten(hand, rules=rules).min
    elif args.column == "table":
        for hand in full[items]:
            paili.discard_table(hand, rules=rules)
    elif args.column == "analyze":
        for text in texts[items]:
            paili.analyze(text, rules=rules)
    elif args.column == "advise":
        for text in advice[items]:
            paili.advise(text, rules=rules, objective="p_win")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
