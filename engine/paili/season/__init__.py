"""Review a season: many logged games at once, every seat or one player's, and the player's statistics.

``python -m paili review-many PATH...`` (:mod:`paili.cli.season`) finds the logs under the paths
(:mod:`~paili.season.sources`: tenhou.net/6 JSON and mjai records, also gzip-compressed), cuts the work into
one unit a (game, seat) (:mod:`~paili.season.unit`: a picklable record that :func:`paili.review` and the log
itself turn into one JSON line), runs the units serially, in local processes or on a Dask cluster
(:mod:`~paili.season.runner`), writes each line as soon as its unit is done and skips the units a previous run
wrote (:mod:`~paili.season.output`: resumable), and sums the lines up per player
(:mod:`~paili.season.stats`). A malformed log is reported by file, round and step and skipped; the run goes on.

Nothing here is needed by the page or the wheel's other parts: the progress bar (tqdm) and the cluster
(``dask[distributed]``) are optional extras (``pip install paili[season]``, ``paili[cluster]``).
"""

from __future__ import annotations

from .sources import LogFile, Skipped, find_logs, plan
from .stats import PlayerStats, Season, summarize
from .unit import Unit, review_unit

__all__ = ["LogFile", "PlayerStats", "Season", "Skipped", "Unit", "find_logs", "plan", "review_unit", "summarize"]
