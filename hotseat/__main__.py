"""`python -m hotseat` runs hotseat."""

import sys

from hotseat.cli import main

sys.exit(main())
