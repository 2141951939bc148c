"""Fixtures for the whole suite: hotseat's per-user state folder (crash logs, the
checkpoint key) lives in a temporary folder, never in the home folder of whoever runs
the tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


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
