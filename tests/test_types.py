"""The rules and the save store state their types, and mypy holds them to it."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_the_rules_and_the_store_type_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy, configured by pyproject.toml (strict, over rules/ and saves/), finds nothing."""
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run([])
    assert status == 0, report + errors
