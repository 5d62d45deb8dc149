"""``python -m paili``: see :mod:`paili.cli`."""

import sys

from .cli import main

sys.exit(main())
