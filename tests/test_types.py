"""Every package states its types, and mypy holds it to them."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_type_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy, configured by pyproject.toml (strict, over rules/, saves/, tui/, remote/ and hotseat/),
    finds nothing."""
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run([])
    assert status == 0, report + errors
