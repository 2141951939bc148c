"""Fixtures for the whole suite: hotseat's per-user state folder (crash logs, the
checkpoint key) and its settings folder (the language chosen) live in temporary folders,
never in the home folder of whoever runs the tests; the language is English unless a test
asks for another."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PYCACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache"
"""The bytecode of the program and its tests, kept even where PYTHONDONTWRITEBYTECODE is
set: the suite starts dozens of Python processes (its workers, the command line, the
host), and each would compile the whole program anew. Kept beside pytest's own cache, not
in the source folders."""
sys.pycache_prefix = str(PYCACHE)
sys.dont_write_bytecode = False
os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from tui import i18n  # noqa: E402  (compiled into the cache above)


@pytest.fixture(autouse=True, scope="session")
def state_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """HOTSEAT_STATE_DIR for every test and every child process it starts."""
    folder = tmp_path_factory.mktemp("state")
    before = os.environ.get("HOTSEAT_STATE_DIR")
    os.environ["HOTSEAT_STATE_DIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("HOTSEAT_STATE_DIR", None)
    else:
        os.environ["HOTSEAT_STATE_DIR"] = before


@pytest.fixture(autouse=True)
def settings_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """HOTSEAT_CONFIG_DIR, empty, for every test; the locale of the shell that runs the
    tests is replaced by C.UTF-8 (English, UTF-8), and every test starts and ends in
    English."""
    folder = tmp_path_factory.mktemp("config")
    names = ("HOTSEAT_CONFIG_DIR", "HOTSEAT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    before = {name: os.environ.get(name) for name in names}
    for name in names:
        os.environ.pop(name, None)
    os.environ["HOTSEAT_CONFIG_DIR"] = str(folder)
    os.environ["LANG"] = "C.UTF-8"
    i18n.use(i18n.ENGLISH)
    yield folder
    i18n.use(i18n.ENGLISH)
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def german() -> None:
    """The test speaks German (every test ends in English again: `settings_folder`)."""
    i18n.use("de")
