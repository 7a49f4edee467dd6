"""``python -m normgram ...``: the ``normgram`` command line (normgram/cli.py)."""
import sys

from .cli import main

sys.exit(main())
