#!/usr/bin/env python3
"""Build, serve, test and benchmark Paili.  Standard library only: run it with any Python >= 3.11.

    python3 build.py build            assemble dist/site (pages, engine wheel, tiles, Pyodide)
    python3 build.py serve [--port N] build, then serve dist/site on http://127.0.0.1:N/ (default 8000)
    python3 build.py test [ARGS...]   build, then ruff, mypy and pytest over tests/ (engine and browser);
                                      --all adds the slow tests and large counts, other ARGS go to pytest
    python3 build.py bench            build, then print the engine and browser benchmarks
    python3 build.py clean [--all]    remove dist/ and build/ (--all: also .venv and node_modules)

On first use each command installs what it needs: a virtual environment in .venv from the pinned
requirements-dev.txt, the npm packages pinned by package-lock.json (`npm ci`), and Debian's chromium for the
browser tests (as root; otherwise it says what to install).  Every step keeps a stamp (a hash of its inputs)
and is skipped when nothing changed, so a repeated command is fast.

This script only parses the command line: the work is done by the modules of tools/ (see tools/__init__.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tools import env, runners, server, site
from tools.common import BuildError


def cmd_build(args: argparse.Namespace) -> int:
    site.build_site()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    server.serve_forever(site.build_site(), args.port)
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    pytest_args = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
    return runners.run_tests([*(["--all"] if args.all else []), *pytest_args])


def cmd_bench(args: argparse.Namespace) -> int:
    return runners.run_benchmarks(args.bench_args)


def cmd_clean(args: argparse.Namespace) -> int:
    env.clean(everything=args.all)
    return 0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("build", help="assemble dist/site").set_defaults(func=cmd_build)
    serve = sub.add_parser("serve", help="build, then serve dist/site on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serve.set_defaults(func=cmd_serve)
    test = sub.add_parser("test", help="build, then ruff, mypy and every test (engine and browser)")
    test.add_argument("--all", action="store_true",
                      help="also the tests marked slow and the large counts of the seeded loops (what CI runs)")
    test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra pytest arguments, e.g. -k smoke")
    test.set_defaults(func=cmd_test)
    bench = sub.add_parser("bench", help="build, then print the engine and browser benchmarks")
    bench.add_argument("bench_args", nargs=argparse.REMAINDER, help="extra arguments for bench_browser.py")
    bench.set_defaults(func=cmd_bench)
    clean = sub.add_parser("clean", help="remove dist/ and build/")
    clean.add_argument("--all", action="store_true", help="also remove .venv and node_modules")
    clean.set_defaults(func=cmd_clean)
    args, unknown = parser.parse_known_args(argv)
    # Options of pytest or of the benchmarks that argparse took for its own (`test -k smoke`): theirs, in order.
    if unknown and args.command == "test":
        args.pytest_args = [*unknown, *args.pytest_args]
    elif unknown and args.command == "bench":
        args.bench_args = [*unknown, *args.bench_args]
    elif unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        code: int = args.func(args)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr, flush=True)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
