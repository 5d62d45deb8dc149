"""The JavaScript checks, run by ``python3 build.py test``: eslint, the TypeScript type check of the
JSDoc-annotated sources and node's unit tests (``tests/js``), as ``npm run check`` defines them in package.json.

The tools are pinned in package.json / package-lock.json and installed by :func:`tools.env.ensure_node_modules`
(``npm ci``; its stamp hashes both files, so a changed pin reinstalls); this module only runs them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .common import run, say

CHECK_COMMAND = ("run", "--silent", "check")
"""The npm arguments: ``lint``, ``typecheck`` and ``test`` in turn, stopping at the first that fails."""


def run_js_checks(root: Path) -> int:
    """Run ``npm run --silent check`` in the project at ``root`` and return its exit code (0: all passed).

    The node_modules of ``root`` must be installed (``build.py`` does it before the tests); without npm or
    without the pinned tools this says what is missing and returns 1 instead of running anything.
    """
    npm = shutil.which("npm")
    if npm is None:
        say("npm is missing: install Node.js 20+ with npm to run the JavaScript checks")
        return 1
    missing = [name for name in ("eslint", "tsc") if not (root / "node_modules" / ".bin" / name).exists()]
    if missing:
        say(f"node_modules lacks {', '.join(missing)}: run `npm ci` (build.py does) first")
        return 1
    return run([npm, *CHECK_COMMAND], cwd=root)
