"""Running a season's units: in this process, in local processes, or on a Dask cluster.

Each runner takes the units (an iterable: a unit's log is read only when it is handed out) and calls ``done``
with each record as soon as it is back, in the order they finish; at most a few units per worker are out at
once, so a season of a hundred thousand games never sits in memory. The records do not depend on the runner:
:func:`~paili.season.unit.review_unit` is a pure function of its unit.

* :func:`run_serial`: one after the other, here (``--jobs 1``);
* :func:`run_processes`: ``jobs`` worker processes of :mod:`concurrent.futures` (started by ``spawn``, on
  every platform the same: no state of this process is copied into them);
* :func:`run_dask`: on the workers of a Dask distributed scheduler (``dask scheduler`` and ``dask worker``;
  ``pip install paili[cluster]``): every worker needs the same paili installed.
"""

from __future__ import annotations

import importlib
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from .. import __version__
from .unit import Unit, review_unit

__all__ = ["ClusterMissing", "run_dask", "run_processes", "run_serial"]

JSON = dict[str, Any]
Done = Callable[[JSON], None]
IN_FLIGHT = 2
"""Units handed to each worker at once: one running, one waiting (no worker idles between two)."""


class ClusterMissing(RuntimeError):
    """``--scheduler`` was given but Dask's distributed scheduler is not installed, or does not answer there."""


def run_serial(units: Iterable[Unit], done: Done) -> None:
    """Review the units one after the other in this process."""
    for unit in units:
        done(review_unit(unit))


def run_processes(units: Iterable[Unit], done: Done, jobs: int) -> None:
    """Review the units in ``jobs`` worker processes."""
    pending: set[Future[JSON]] = set()
    todo: Iterator[Unit] = iter(units)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        while True:
            for unit in todo:
                pending.add(pool.submit(review_unit, unit))
                if len(pending) >= jobs * IN_FLIGHT:
                    break
            if not pending:
                return
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done(future.result())


def run_dask(units: Iterable[Unit], done: Done, address: str) -> None:
    """Review the units on the workers of the Dask scheduler at ``address`` (``tcp://host:8786``)."""
    try:
        distributed = importlib.import_module("distributed")  # an optional extra: untyped, imported on use
    except ImportError:
        raise ClusterMissing("--scheduler needs Dask's distributed scheduler: pip install 'paili[cluster]'") from None
    try:
        client = distributed.Client(address)
    except (OSError, TimeoutError) as exc:
        raise ClusterMissing(f"no Dask scheduler answers at {address}: {exc}") from None
    with client:
        threads = max(1, sum(client.nthreads().values()))
        todo: Iterator[Unit] = iter(units)
        batch = distributed.as_completed()
        out = 0
        for unit in todo:
            batch.add(client.submit(review_unit, unit, pure=False))
            out += 1
            if out >= threads * IN_FLIGHT:
                break
        for future in batch:
            try:
                record = future.result()
            except Exception as exc:  # not a log's fault (review_unit catches those): the worker's own
                raise ClusterMissing(f"a Dask worker failed ({type(exc).__name__}: {exc}); every worker needs "
                                     f"paili {__version__} installed") from exc
            done(record)
            future.release()
            following = next(todo, None)
            if following is not None:
                batch.add(client.submit(review_unit, following, pure=False))
