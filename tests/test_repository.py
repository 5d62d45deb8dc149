"""The repository stands on its own: no tracked file reads or points at the shared folder that sat beside the
project while it was written (its rules now live in docs/RULES.md, its golden data in tests/data). Its tests
run without skips, and the engine's imports go one way: no import cycle among the ``paili`` modules, and no
module imports another's private names (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"\.\./shared\b|/work/shared\b|[\"']shared[\"']\s*/|\bDEFINITIONS\b|\bSTYLE\.md\b")
"""The shared folder by relative or absolute path, built as a ``Path`` (``... / "shared" / ...``), or its
files by name (the rules are docs/RULES.md here)."""


def test_no_tracked_file_refers_to_the_shared_folder() -> None:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    assert "docs/RULES.md" in names and "tests/data/majiang-core/LICENSE" in names
    offending = []
    for name in filter(None, names):
        path = ROOT / name
        if name == "tests/test_repository.py" or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        offending += [f"{name}: {m.group(0)}" for m in OUTSIDE.finditer(text)]
    assert not offending, offending


SKIPS = re.compile(r"\bpytest\.(skip|importorskip|xfail)\b|\bmark\.(skip|skipif|xfail)\b|\bunittest\.skip")
"""Every way a test can skip or be excused: a fresh clone runs every test, and a missing file is a failure."""


def test_no_test_skips() -> None:
    names = subprocess.run(["git", "ls-files", "-z", "tests"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    offending = []
    for name in names:
        if name.endswith(".py") and name != "tests/test_repository.py":
            text = (ROOT / name).read_text(encoding="utf-8")
            offending += [f"{name}: {m.group(0)}" for m in SKIPS.finditer(text)]
    assert not offending, offending


ENGINE = ROOT / "engine" / "paili"

def engine_modules() -> dict[str, Path]:
    """Every module of ``engine/paili`` by its dotted name (a package by its own name)."""
    modules = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> list[tuple[str, str, int]]:
    """``(module, name, line)`` of every import of a ``paili`` module in the module ``name``: at the top, inside
    functions and under ``TYPE_CHECKING`` alike (a cycle through type-only imports still ties the modules
    together: neither can be read, moved or tested without the other). ``name`` is ``""`` for ``import m``
    and ``from p import m`` of a module ``m``."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, "", node.lineno) for alias in node.names if alias.name.split(".")[0] == "paili"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.split(".")[0] != "paili":
                continue
            for alias in node.names:
                module = f"{target}.{alias.name}"
                found.append((module, "", node.lineno) if module in modules else (target, alias.name, node.lineno))
    return found


def import_graph() -> dict[str, set[str]]:
    """The modules each engine module imports. Importing ``paili.a.b`` first runs the package ``paili.a``, so
    an import of it counts as one of ``paili.a`` too, unless the importer is inside ``paili.a`` itself."""
    modules = engine_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for module, _, _ in imports_of(name, path, modules):
            assert module in modules, f"{name} imports {module}, which is not an engine module"
            parts = module.split(".")
            for i in range(2, len(parts) + 1):
                target = ".".join(parts[:i])
                if target != name and not name.startswith(target + "."):
                    graph[name].add(target)
    return graph


def test_the_engine_has_no_import_cycle() -> None:
    """No engine module imports, directly or not, a module that imports it: each layer imports only those below
    (docs/ARCHITECTURE.md)."""
    graph = import_graph()
    assert "paili.advice.model" in graph and "paili.results" in graph["paili.public"]
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    cycles: list[list[str]] = []

    def walk(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycles.append([*path[path.index(target):], name, target])
            elif target not in state:
                walk(target, [*path, name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name, [])
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_no_engine_module_imports_another_s_private_names() -> None:
    """``from paili.x import _name`` across modules: a name shared is public and documented (dunders such as
    ``__version__`` are public)."""
    modules = engine_modules()
    found = {(name, module, imported) for name, path in modules.items()
             for module, imported, _ in imports_of(name, path, modules)
             if imported.startswith("_") and not imported.startswith("__")}
    assert not found, sorted(found)


ENTRY_POINTS = {"paili", "paili.api", "paili.__main__"}
"""The modules above the public functions, besides the command line's package ``paili.cli`` and the season's
``paili.season`` (many reviews at once: it calls :func:`paili.review`)."""
ABOVE_PACKAGES = ("paili.cli", "paili.season")


def test_only_the_entry_points_import_the_public_layer() -> None:
    """``paili.public`` is imported only by the entry points (the package, ``api``, the command line); the command
    line (``paili.cli``) only by ``__main__`` and itself: no engine package reaches up to the layer above it
    (docs/ARCHITECTURE.md)."""
    graph = import_graph()
    assert "paili.cli.score" in graph and "paili.public" in graph["paili.cli.score"]
    above = {name for name in graph if any(name == p or name.startswith(f"{p}.") for p in ABOVE_PACKAGES)}
    above |= ENTRY_POINTS
    public = sorted(name for name, targets in graph.items() if "paili.public" in targets and name not in above)
    cli = sorted(name for name, targets in graph.items()
                 if any(t == "paili.cli" or t.startswith("paili.cli.") for t in targets)
                 and name not in above - {"paili", "paili.api"} and not name.startswith("paili.season"))
    assert not public and not cli, (public, cli)


MOST_PARAMETERS = 8
"""The most parameters an internal function takes besides ``self`` / ``cls`` (issue 38): more travel as one value
(a :class:`~paili.situation.Situation`, a :class:`~paili.advice.Position`, a mapping of keywords)."""
PUBLIC_ENTRY_MODULES = ("paili.public", "paili.api", "paili")
"""The modules whose top-level functions are the public keyword API, exempt (their keywords are documented)."""


def parameter_counts(tree: ast.Module, module: str) -> list[tuple[str, int, int]]:
    """``(qualified name, line, parameters)`` of every function and method in ``tree`` (``self`` / ``cls`` of a
    method left out; ``*args`` and ``**kwargs`` count one each), but the top-level functions of the public
    entry modules."""
    found: list[tuple[str, int, int]] = []

    def walk(node: ast.AST, prefix: str, in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = child.args
                names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
                if in_class and names and names[0] in ("self", "cls"):
                    names = names[1:]
                count = len(names) + (a.vararg is not None) + (a.kwarg is not None)
                if not (module in PUBLIC_ENTRY_MODULES and not prefix):
                    found.append((f"{module}.{prefix}{child.name}", child.lineno, count))
                walk(child, f"{prefix}{child.name}.", False)
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}{child.name}.", True)
            else:
                walk(child, prefix, in_class)

    walk(tree, "", False)
    return found


def test_no_internal_function_takes_more_than_eight_parameters() -> None:
    """Every engine function but the public entry points (``paili.public``, ``paili.api``, ``paili``'s
    ``__init__``) takes at most eight parameters besides ``self``: a position's many fields travel as one
    checked value, not as keywords repeated down the calls."""
    counted = [row for name, path in engine_modules().items()
               for row in parameter_counts(ast.parse(path.read_text(encoding="utf-8")), name)]
    assert any(name == "paili.advice.ranking.advice_steps" for name, _, _ in counted)  # the walk sees the engine
    too_many = [f"{name} (line {line}): {count}" for name, line, count in counted if count > MOST_PARAMETERS]
    assert not too_many, too_many


def test_the_parameter_count_walk_counts_what_it_should() -> None:
    """The walk counts keyword-only and star parameters, leaves out ``self``, and exempts only the public
    modules' top-level functions."""
    tree = ast.parse("def f(a, b, *c, d, **e): pass\nclass K:\n    def m(self, x, y=1): pass\n")
    assert parameter_counts(tree, "paili.x") == [("paili.x.f", 1, 5), ("paili.x.K.m", 3, 2)]
    assert parameter_counts(tree, "paili.public") == [("paili.public.K.m", 3, 2)]
