"""`python -m hotseat` runs hotseat."""

import sys

from hotseat.start import main

sys.exit(main())
