"""`python -m incan_gold ...`: see cli.py."""

import sys

from .cli import main

sys.exit(main())
