"""The machinery behind ``build.py``, one concern a module.  Standard library only (any Python >= 3.11).

- :mod:`tools.common`   paths of the project, ``BuildError``, running commands, hashes and stamps
- :mod:`tools.env`      bootstrap: ``.venv`` from requirements-dev.txt, ``npm ci``, Debian's chromium; clean
- :mod:`tools.site`     the engine wheel and the assembly of a site (pages, tiles, icons, Pyodide, offline files)
- :mod:`tools.icons`    the app icons, rendered from the tile art
- :mod:`tools.server`   the development server (MIME types, the site's security headers)
- :mod:`tools.runners`  the test command (ruff, mypy, pytest) and the benchmarks

``build.py`` only parses the command line and calls these; the tests and benchmarks import them directly.
"""
