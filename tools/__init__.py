"""The machinery behind ``build.py``, one concern a module.  Standard library only (any Python >= 3.11).

- :mod:`tools.common`   paths of the project, ``BuildError``, running commands, hashes and stamps
- :mod:`tools.env`      bootstrap: ``.venv`` from requirements-dev.txt, ``npm ci``, Debian's chromium; clean
- :mod:`tools.site`     the engine wheel and the assembly of a site (pages, tiles, icons, Pyodide, offline files)
- :mod:`tools.icons`    the app icons, rendered from the tile art
- :mod:`tools.pyodide`  the Pyodide files of the site: the core files, micropip, the lock file
- :mod:`tools.csp`      the Content-Security-Policy of every page
- :mod:`tools.tables`   the engine's tile and rule-set tables as the page's generated module js/tables.js
- :mod:`tools.server`   the development server (MIME types, the site's security headers)
- :mod:`tools.runners`  the test command (ruff, mypy, the JavaScript checks, pytest) and the benchmarks
- :mod:`tools.js_checks` eslint, tsc and node's unit tests (``npm run check``)

``build.py`` only parses the command line and calls these; the tests and benchmarks import them directly.
"""
