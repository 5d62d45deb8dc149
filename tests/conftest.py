"""Settings for every test: Hypothesis without its per-example deadline, and the two sizes of the suite.

The machines that run the tests are shared and loaded (CI and the development box alike): an example that takes
longer than Hypothesis's default 200 ms there says nothing about the code, and failed a run once. Speed is
measured by the benchmarks, as ratios, never by the tests.

Two sizes (``python3 build.py test`` and ``python3 build.py test --all``):

- the default run leaves out the tests marked ``slow`` (exhaustive sweeps, table regenerations) and runs the
  seeded loops with the counts :func:`support.scaled` gives them by default: sized so every path they check is
  still hit, in about ten minutes on a 2-core machine;
- ``--all`` (pytest's own option, which build.py passes on) runs the ``slow`` tests too and the large counts.
"""

from __future__ import annotations

from typing import Any

import pytest
import support
from hypothesis import settings

settings.register_profile("paili", deadline=None)
settings.load_profile("paili")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--all", action="store_true", dest="paili_all",
                     help="also run the tests marked slow, and the seeded loops at their large counts")


def pytest_configure(config: pytest.Config) -> None:
    # Runs in the main process and in each pytest-xdist worker (the option reaches every one).
    support.FULL = bool(config.getoption("paili_all"))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's scheduler for ``-n N`` (its default ``--dist load``): the engine tests dealt one by one,
    each browser module's tests kept together on one worker (so a module's shared page starts Python once).
    The browser modules come first in collection order, so the longest units start first and the engine tests
    fill the gaps. (``--dist loadgroup`` cannot do this under pytest 9: it renames node ids through an
    attribute pytest 9 no longer reads.)"""
    if config.getvalue("dist") != "load":
        return None  # another --dist asked for by name: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class BrowserModulesTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return nodeid.split("::", 1)[0] if nodeid.startswith("tests/browser/") else nodeid

    return BrowserModulesTogether(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --all, the tests marked slow are deselected (said in the summary line, never silently)."""
    if config.getoption("paili_all"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]
