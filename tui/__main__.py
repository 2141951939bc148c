"""`python -m tui` runs hotseat."""

import sys

from tui.cli import main

sys.exit(main())
