"""``python -m boardlight`` is the ``boardlight`` command."""

import sys

from boardlight.cli import main

sys.exit(main())
