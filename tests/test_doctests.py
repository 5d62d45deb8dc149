"""Every docstring example runs: the engine's modules (all of ``paili``, found by walking the package) and the
test helpers with examples (``reference``, ``golden``).

Each module is one test; it fails on any failing example, and when the module's source has a ``>>>`` line
that doctest did not run (an example in a comment, or in a docstring doctest cannot see).
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re

import pytest

import paili

HELPERS = ("reference", "golden")

# snapshot: the figures of the advisor's examples (paili.advice's docstring's advise(...), paili.public's
# outlook(...)) were copied from the engine's own output, not worked out independently: they catch a change,
# and the values themselves are checked against the plain-recursion references in test_advice*.py and
# test_outlook.py.


def module_names() -> list[str]:
    """``paili`` and every module under it except the ``__main__`` entry points (importing them runs them)."""
    found = ["paili"] + [m.name for m in pkgutil.walk_packages(paili.__path__, "paili.")]
    return [name for name in found if not name.endswith(".__main__")] + list(HELPERS)


def test_the_walk_finds_the_engine() -> None:
    names = module_names()
    for name in ("paili", "paili.notation", "paili.shanten", "paili.advice", "paili.tables.suit_dfa"):
        assert name in names


@pytest.mark.parametrize("name", module_names())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in finder.find(module, name):
        runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, "".join(report)
    prompts = len(re.findall(r"^\s*>>> ", inspect.getsource(module), re.MULTILINE))
    assert results.attempted == prompts, f"{name}: {prompts} '>>>' lines in the source, {results.attempted} run"
