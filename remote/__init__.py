"""Friends at other terminals: registered players (`players`) and the SSH host (`server`).

Every import of asyncssh goes through this package, so this is where its known noise is
filtered: asyncssh still names DSA keys, and cryptography warns about that on import.
Only that warning class from asyncssh's own modules is dropped; every other warning
still reaches the console."""

import warnings

from cryptography.utils import CryptographyDeprecationWarning

warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)")
